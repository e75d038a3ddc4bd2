"""The changes: validated pure functions ``Tournament -> Tournament``, one module per area.

Every change an organiser can make (CLI or TUI) is one of these; the application layer
(:mod:`core.app`) runs them through the store, which journals the difference.  They raise a
:class:`~core.errors.TournamentError` subclass naming what and where, and never return a
half-changed tournament.  Front ends never call them directly (an import contract forbids it):
what a change means for the store, the roles and the other organisers is the application
layer's.

- :mod:`~core.changes.players` — register, edit, delete, withdraw, byes asked for, forbidden pairs;
- :mod:`~core.changes.rounds` — prepare, pair, record, unpair; results;
- :mod:`~core.changes.settings` — the event's settings and the rounds' dates and times;
- :mod:`~core.changes.checkin` — check-in marks and entry fees;
- :mod:`~core.changes.playoff` — a tie-break playoff: created, results, lots, bids, colour, start;
- :mod:`~core.changes.prizes` — the prize groups and the sharing rules;
- :mod:`~core.changes.teams` — teams, their rosters, byes and withdrawals;
- :mod:`~core.changes.numbering` — the field numbered by rating (C.04.2 Art. 2);
- :mod:`~core.changes.ratings` — ratings from a list: the rating for pairing, a field updated,
  a player registered from an entry, the list noted;
- :mod:`~core.changes.cup` — a cup's tie-break boards, Armageddon bids, whose flag fell later;
- :mod:`~core.changes.ties` — an order decided outside the tie-breaks, lots drawn;
- :mod:`~core.changes.go` — a Go game's result as typed, refusals.

The reads that go with them stay beside the model (:mod:`core.checkin` says who is present,
:mod:`core.numbering` how players are numbered, :mod:`core.fields` which fields are refused).  Every change is named here too, so a caller
(or a test) needs one import.
"""

from __future__ import annotations

from core.changes.checkin import (
    arrived, check_in, close_checkin, open_checkin, record_absences, record_payment, set_entry_fee, set_fee_due,
    unchanged_marks, with_absences,
)
from core.changes.players import (
    add_forbidden, add_player, add_players, added_pno, cancel_bye, check_new_player, edit_player, edit_players,
    late_entry_moves, refuse_late_entry, reinstate, remove_forbidden, remove_player, renumbered, request_bye,
    withdraw,
)
from core.changes.rounds import (
    apply_pairing, check_can_pair, draw_initial_colour, manual_next_round, number_for_round_one, pair_next_round,
    prepare_next_round, prepared_round, record_next_round, set_manual_pairing, set_result, unpair_last_round,
)
from core.changes.settings import set_round_schedule, set_settings

__all__ = [
    "add_forbidden", "add_player", "add_players", "added_pno", "apply_pairing", "arrived", "cancel_bye",
    "check_can_pair", "check_in", "check_new_player", "close_checkin", "draw_initial_colour",
    "edit_player", "edit_players", "late_entry_moves", "manual_next_round", "number_for_round_one", "open_checkin",
    "pair_next_round", "prepare_next_round", "prepared_round", "record_absences", "record_next_round", "record_payment",
    "refuse_late_entry", "reinstate", "remove_forbidden", "remove_player", "renumbered", "request_bye", "set_entry_fee", "set_fee_due",
    "set_manual_pairing", "set_result", "set_round_schedule", "set_settings", "unchanged_marks",
    "unpair_last_round", "with_absences", "withdraw",
]
