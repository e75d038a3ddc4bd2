"""The registered all-play-all systems: ``berger``, ``double-berger``, ``rutsch``,
``reisepartner``, ``scheveningen`` and ``skalitzka`` (one :class:`~core.pairing.base.System`
each; the team systems' engines live in :mod:`.reisepartner` and :mod:`.team_systems`).

Each pairs round ``current_round + 1`` straight from its table: no search, no dependence on
results.  Participants are the players (individual events) or the teams (``Tournament.teams``
not empty: a team round robin, each table game becomes a team match of board pairs).

Options read from ``Tournament.options`` (JSON values):
- ``lot``: the drawn numbers (:mod:`core.pairing.roundrobin.lot`); without it table number k
  is the k-th smallest pairing number (or team id).
- ``cycles``: 1 (single) or more; ``double-berger`` defaults to 2.
- ``swap_last_two``: for two or more cycles, swap the last two rounds of the first cycle
  (FIDE's recommendation; default ``True``).
- ``boards``: boards per team match (default: as many as both line-ups fill).
- ``first_white_on``: team events, where the first-named team has White: ``"odd"`` boards
  (default, FIDE) or ``"even"``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.errors import RoundError
from core.i18n import _
from core.model import Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.roundrobin import rutsch
from core.pairing.roundrobin.berger import TableRound
from core.pairing.roundrobin.build import individual_round, team_round
from core.pairing.roundrobin.double import cycles, reversed_round
from core.pairing.roundrobin.lot import table_order
from core.pairing.roundrobin.reisepartner import pair_league
from core.pairing.roundrobin.team_systems import pair_scheveningen, pair_skalitzka


def next_table_round(rounds: tuple[TableRound, ...], t: Tournament) -> TableRound:
    number = t.current_round + 1
    if number > len(rounds):
        raise RoundError(
            _('all {value} rounds of the table are paired; there is no round {number}').format(value=len(rounds), number=number))
    return rounds[number - 1]


def pair_from_table(t: Tournament, rounds: tuple[TableRound, ...], note: str) -> RoundPairing:
    """Map the next table round onto the tournament's players or teams."""
    rnd = next_table_round(rounds, t)
    if t.teams:
        order = table_order(t, unit="team")
        white_on = str(t.options.get("first_white_on", "odd"))
        matches = [(order[w - 1], order[b - 1], white_on) for w, b in rnd.games]
        refuse_repeats(t, [(home, away) for home, away, _on in matches],
                       [(m.home, m.away) for played in t.rounds for m in played.matches if not m.bye])
        free = [order[rnd.bye - 1]] if rnd.bye is not None else []
        return team_round(t, rnd.number, matches, free, note=note)
    order = table_order(t)
    games = [(order[w - 1], order[b - 1]) for w, b in rnd.games]
    refuse_broken_table(t, games)
    bye = order[rnd.bye - 1] if rnd.bye is not None else None
    return individual_round(t, rnd.number, games, bye, note=note)


def refuse_broken_table(t: Tournament, games: list[tuple[int, int]]) -> None:
    """Refuse to pair a round robin whose field is not the one its table was drawn for, or a
    round of it that would repeat a game of the same cycle.

    Why: a round robin is a fixed table (every player meets every other once a cycle, Aktar
    p. 60; FIDE C.05 Annex 1).  Registrations after round 1 are refused
    (:func:`late_entry_refusal`), but data written before that rule, or by hand, may hold a
    player who joined later: the table for one more player re-pairs everybody in another
    order — games already played again, a free round in an even field, a player short of
    the rounds missed.  Such a round is never stored; the organiser is told what to undo."""
    late = sorted((p for p in t.players if p.joined_round > 1), key=lambda p: p.pno)
    if late:
        raise RoundError(_("{names}: registered after round 1 was paired, but a round robin's table is fixed for "
                           "the players of round 1 (Aktar p. 60; FIDE C.05 Annex 1); pairing it for another field "
                           "would repeat games. Undo that registration; nothing was paired.").format(
            names=", ".join(f"{p.pno} {p.name}" for p in late)))
    refuse_repeats(t, games, [(board.white, board.black) for played in t.rounds for board in played.boards])


def refuse_repeats(t: Tournament, games: list[tuple[int, int]], played: list[tuple[int, int]]) -> None:
    """Refuse the next round's ``games`` (players or teams) when a pair met already in this
    cycle among the ``played`` ones (every game or match of the rounds paired): a table of
    the field it was drawn for never does that (:func:`refuse_broken_table`)."""
    size = participants(t)
    cycle = t.current_round // max(1, size - 1 if size % 2 == 0 else size)  # 0 in the first cycle
    met: dict[frozenset[int], int] = {}
    for pair in played:
        met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    repeats = [(w, b) for w, b in games if met.get(frozenset((w, b)), 0) > cycle]
    if not repeats:
        return
    pairs = ", ".join(f"{w}–{b}" for w, b in repeats)
    if t.teams:
        raise RoundError(_("Round {number} of the table would pair again teams that met in this cycle ({pairs}): the "
                           "teams are not the ones the table was drawn for; nothing was paired.").format(
            number=t.current_round + 1, pairs=pairs))
    raise RoundError(_("Round {number} of the table would pair again players who met in this cycle ({pairs}): "
                       "the field is not the one the table was drawn for; nothing was paired.").format(
        number=t.current_round + 1, pairs=pairs))


def participants(t: Tournament) -> int:
    return len(t.teams) if t.teams else len(t.players)


def berger_rounds(t: Tournament, default_cycles: int = 1) -> tuple[TableRound, ...]:
    """The Berger schedule: ``options["cycles"]`` cycles (``default_cycles`` without it)."""
    count = int(t.options.get("cycles", default_cycles))
    swap = bool(t.options.get("swap_last_two", True))
    return cycles(participants(t), count, swap)


def double_berger_rounds(t: Tournament) -> tuple[TableRound, ...]:
    return berger_rounds(t, 2)


def _pair_berger(t: Tournament, rounds: tuple[TableRound, ...]) -> RoundPairing:
    note = _("Berger table for {count}, round {number}.").format(
        count=participants(t), number=t.current_round + 1)
    return pair_from_table(t, rounds, note)


def pair_berger(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``berger``: the FIDE Berger table (C.05 Annex 1)."""
    return _pair_berger(tournament, berger_rounds(tournament))


def pair_double_berger(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``double-berger``: two cycles unless ``options["cycles"]`` says otherwise."""
    return _pair_berger(tournament, double_berger_rounds(tournament))


def rutsch_rounds(t: Tournament) -> tuple[TableRound, ...]:
    """Rutschsystem: the seating schedule of Paarungssysteme (optionally repeated, colours reversed)."""
    base = rutsch.schedule(participants(t))
    count = int(t.options.get("cycles", 1))
    out: list[TableRound] = []
    for c in range(count):
        for rnd in base:
            number = len(out) + 1
            out.append(reversed_round(rnd, number) if c % 2 else
                       TableRound(number, rnd.games, rnd.bye, rnd.board_of_bye))
    return tuple(out)


def pair_rutsch(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``rutsch``: the table plus the seating plan of the round as an explanation."""
    number = tournament.current_round + 1
    count = participants(tournament)
    pairing = pair_from_table(tournament, rutsch_rounds(tournament), _(
        "Rutschsystem for {count}, round {number}: everybody but the highest number moves one "
        "seat.").format(count=count, number=number))
    cycle_round = (number - 1) % (len(rutsch.schedule(count))) + 1
    order = table_order(tournament, unit="team" if tournament.teams else "player")
    plan = rutsch.seating_plan(count, cycle_round)
    seats = tuple(_("Seat {seat}: {who}").format(seat=seat, who=order[who - 1]) if who is not None
                  else _("Seat {seat}: empty").format(seat=seat)
                  for seat, who in sorted(plan.items()))
    explanations = dict(pairing.explanations)
    explanations["seats"] = seats
    return RoundPairing(pairing.round, pairing.boards, pairing.byes, explanations,
                        pairing.matches)


BERGER = System("berger", "2026", pair_berger)
DOUBLE_BERGER = System("double-berger", "2026", pair_double_berger)
RUTSCH = System("rutsch", "standard", pair_rutsch)
REISEPARTNER = System("reisepartner", "standard", pair_league)
SCHEVENINGEN = System("scheveningen", "standard", pair_scheveningen)
SKALITZKA = System("skalitzka", "standard", pair_skalitzka)

SCHEDULES: dict[str, Callable[[Tournament], tuple[TableRound, ...]]] = {
    "berger": berger_rounds, "double-berger": double_berger_rounds, "rutsch": rutsch_rounds,
}


def redraw_due(t: Tournament) -> bool:
    """Whether a player leaving now means the table numbers are drawn again (Aktar p. 60):
    a round robin whose numbers were drawn for the players, round 1 not yet paired.  A team
    draw is not redone when a player leaves (the teams keep their numbers)."""
    record = t.options.get("lot")
    return (t.system in SCHEDULES and not t.rounds and isinstance(record, Mapping)
            and "order" in record and record.get("unit", "player") == "player")


def late_entry_refusal(t: Tournament) -> str | None:
    """Why a player cannot join this event now (``None``: he can) — an individual round robin
    once round 1 is paired.

    Why refused and not slotted in as a Swiss late entry (C.04.2 Art. 2.4–2.5 is a Swiss
    rule): the table is drawn for a fixed number of players so that every player meets every
    other (Aktar p. 60, "Ana Kurallar"; the Berger tables of FIDE C.05 Annex 1 exist for each
    size).  A newcomer would miss the rounds played, and the table for one more player pairs
    the rest again in another order: repeat games, a free round in an even field.  Before
    round 1 a newcomer is taken and the drawn numbers drawn again (Aktar p. 60,
    :func:`core.changes.lots.redraw_with`).  A team round robin's players are line-ups, not
    entrants: a new team is refused by :func:`core.teams.registration.team_entry_refusal`."""
    if t.system not in SCHEDULES or t.teams or not t.current_round:
        return None
    return _("A round robin takes no late entries: its table was fixed when round 1 was paired, so that "
             "every player meets every other (Aktar p. 60; FIDE C.05 Annex 1). Nothing was added.")
