"""The changes a rating list makes: the organiser's choice of rating for pairing, the list
an event takes its ratings from, a registered field updated from a newer list, a player
registered from a list entry.

What the list says and how an entry becomes a player's fields is read in
:mod:`core.ratinglists.apply`; these store it.
"""

from __future__ import annotations

from typing import Any

from core.changes.players import add_player, edit_players
from core.duplicates import refuse_duplicate
from core.errors import TournamentError
from core.i18n import _
from core.model import Player, Tournament
from core.numbering import ranked_numbers, renumber
from core.ratinglists.apply import (
    EXTRA_FIELDS, PAIRING_RATING_CHOICES, RatingChange, RatingUpdate, Renumbering, pairing_rating_order,
    player_fields, rating_changes,
)
from core.ratinglists.entry import ListEntry
from core.ratinglists.index import ListIndex, ListInfo


def with_rating_for_pairing(t: Tournament, choice: str) -> Tournament:
    """The event with the organiser's choice of rating for pairing (``""``: by the event's
    kind, :data:`core.ratinglists.apply.DEFAULT_PAIRING_RATINGS`); an unknown choice is refused by name."""
    if choice and choice not in PAIRING_RATING_CHOICES:
        raise TournamentError(_("rating for pairing {choice!r}: use {choices}")
                              .format(choice=choice, choices=", ".join(PAIRING_RATING_CHOICES)))
    options = {k: v for k, v in t.options.items() if k != "rating_for_pairing"}
    if choice:
        options["rating_for_pairing"] = choice
    return t if options == dict(t.options) else t.with_changes(options=options)


def record_source(t: Tournament, source_list: ListIndex | ListInfo) -> Tournament:
    """Note in the event which list (and which edition) its ratings come from."""
    info = source_list.info if isinstance(source_list, ListIndex) else source_list
    source = {"name": info.name, "format": info.format, "date": info.date}
    if t.options.get("rating_list") == source:
        return t
    return t.with_changes(options={**t.options, "rating_list": source})


def apply_rating_changes(t: Tournament, changes: list[RatingChange]) -> tuple[Tournament, Renumbering]:
    """The event with ``changes`` applied, and who got which new pairing number — only before
    round 1 (the ratings define the starting rank, and rated results must use the ratings the
    event started with).  All changes are made in one step, each to the player who held that
    number when the changes were computed (:func:`core.changes.edit_players`)."""
    if t.rounds:
        raise TournamentError(_("ratings can be updated from a list only before round 1 is paired"))
    if not changes:
        return t, ()
    edited = edit_players(t, {c.pno: _edits(t.player(c.pno), c) for c in changes}, renumber=False)
    mapping = ranked_numbers(edited)
    moves = tuple((edited.player(old).name, old, new) for old, new in sorted(mapping.items()) if old != new)
    return (renumber(edited, mapping) if moves else edited), moves


def _edits(p: Player, change: RatingChange) -> dict[str, Any]:
    """The player's fields to change; the kind a rating came from and the Go fields go to
    ``extra`` (an empty value removes the key)."""
    edits = {f: new for f, (_old, new) in change.changes.items() if f not in EXTRA_FIELDS}
    if any(f in change.changes for f in EXTRA_FIELDS):
        extra = dict(p.extra or {})
        for key in EXTRA_FIELDS:
            if key in change.changes:
                value = change.changes[key][1]
                if value in ("", None):
                    extra.pop(key, None)
                else:
                    extra[key] = value
        edits["extra"] = extra
    return edits


def rating_update(t: Tournament, index: ListIndex, rating_for_pairing: str | None = None) -> RatingUpdate:
    """Update the registered field from ``index`` (before round 1) and note the list used;
    ``rating_for_pairing`` (when given) is recorded first and the ratings follow it."""
    if rating_for_pairing is not None:
        t = with_rating_for_pairing(t, rating_for_pairing)
    changes, missing = rating_changes(t, index)
    updated, moves = apply_rating_changes(t, changes)
    return RatingUpdate(tournament=record_source(updated, index), changes=tuple(changes),
                        missing=tuple(missing), source=index.info, renumbered=moves)


def register_entry(t: Tournament, entry: ListEntry, source: ListInfo, allow_duplicate: bool = False) -> Tournament:
    """Register the player of a list entry (with the event's rating kind) and note the list;
    refused as a player entered twice (:func:`core.duplicates.refuse_duplicate`: an id
    registered already; unless ``allow_duplicate``, a player registered who looks like him)."""
    fields = player_fields(entry, pairing_rating_order(t))
    name = fields.pop("name")
    refuse_duplicate(t, {**fields, "name": name}, allow_duplicate)
    return add_player(record_source(t, source), name, **fields)

