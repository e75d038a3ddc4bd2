"""Provides standings for the screens: one call that turns a tournament into table rows.

Why an adapter: the tie-break engine (:mod:`core.standings`) returns exact values, warnings
and still-tied groups; screens need short cells (``27½``, ``3=``) and the tie-break names in
the user's language.  The engine decides everything; this module only formats.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from core.i18n import _
from core.model import Tournament


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings: place (``3=`` when shared), player and formatted values."""

    place: str
    pno: int
    name: str
    rating: int
    points: Fraction
    values: tuple[str, ...]
    decided_by: str = ""
    change: str = ""
    """The rating change the event brings so far (core.ratings: FIDE, GoR for Go), one decimal."""
    rank: str = ""
    """A Go player's rank (``3k``, ``2d``): shown instead of the rating in a Go event."""


@dataclass(frozen=True)
class StandingsView:
    """A computed standings table: tie-break codes, rows, regime, warnings, unresolved ties."""

    columns: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    regime: str = ""
    regime_name: str = ""
    warnings: tuple[str, ...] = ()
    unresolved: tuple[tuple[int, ...], ...] = ()
    chess_regime: bool = True
    """False for a Go list (MMS or level first): the FIDE unplayed-rounds regime means nothing
    there and is not stated (as in the CLI and the printed standings)."""
    changes: bool = False
    """True when the rows carry a rating change (once a round is paired; never for teams)."""
    source: Any = field(default=None, compare=False)
    """The ``core.standings.Standings`` behind the table: an explanation is computed from it."""
    cup: dict[int, tuple[str, str, str]] = field(default_factory=dict)
    """A cup's stage reached, latest match score and opponent per player
    (:func:`core.reports.tables.cup_cells`): shown instead of the points and tie-breaks."""
    go: bool = False
    """A Go event: the rows show the rank instead of the rating and no chess points (the
    MMS or the level is the first criterion)."""


def presets() -> dict[str, tuple[str, ...]]:
    """Preset id → tie-break codes (the engine's published lists)."""
    from core.tiebreaks.presets import PRESETS

    return {pid: tuple(p.codes) for pid, p in PRESETS.items()}


def preset_titles(t: Tournament | None = None) -> dict[str, str]:
    """Preset id → translated title: of the presets offered to ``t`` (all without one)."""
    from core.tiebreaks.presets import PRESETS, offered

    return {pid: _(p.title) for pid, p in PRESETS.items()
            if t is None or offered(p, t.system, bool(t.teams))}


AUTO = "auto"
"""The preset choice "chosen by the system": no list is stored, and the standings use the
list that fits the event (round robin, Swiss with or without ratings, teams), the same default
as ``hakem new`` without ``--tiebreaks``."""


def preset_in_force(t: Tournament) -> str | None:
    """The preset whose list the tournament uses: ``AUTO`` when it stores none, the preset id
    when its list is a preset's, ``None`` for a list of its own."""
    if not t.tiebreaks:
        return AUTO
    codes = tuple(c.upper() for c in t.tiebreaks)
    return next((pid for pid, p in presets().items() if tuple(c.upper() for c in p) == codes), None)


def criterion_names(team_primary: str | None = None) -> dict[str, str]:
    """Base code → translated name of every tie-break the engine knows (``team_primary``:
    the names of a team event ranked on ``MP``/``GP``, where SB is EMMSB/EGGSB)."""
    from core.i18n.terms import tiebreak_name
    from core.tiebreaks.registry import codes

    return {code: tiebreak_name(code, team_primary) for code in codes()}


def criterion_modifiers(code: str) -> str:
    """Letters of the modifiers a base code takes (C cut, M median, L limit, P, U, F)."""
    from core.tiebreaks import TieBreakError
    from core.tiebreaks.codes import lookup, parse_code

    try:
        return lookup(parse_code(code).base).modifiers
    except TieBreakError:
        return ""


_Key = tuple[int, "tuple[str, ...] | None", "str | None", str]
_MEMO: dict[_Key, tuple[Tournament, StandingsView]] = {}
_MEMO_SIZE = 8
_MEMO_LOCK = threading.Lock()
_UNDER_WAY: dict[_Key, threading.Lock] = {}


def compute(t: Tournament, criteria: tuple[str, ...] | None = None, regime: str | None = None) -> StandingsView:
    """Standings of ``t`` with ``criteria`` (default: the tournament's own list or its preset).

    Computed once per snapshot and shared: the standings, tie-breaks and playoff panes and the
    explanations all ask for the same table after every change (1,000 players: ~0.2 s each
    time).  A snapshot never changes (a change makes a new one), so the memo is keyed by the
    snapshot itself, the criteria, the regime and the language of the cells.  A second caller
    of the same table (the UI thread while a worker computes it) waits for it instead of
    computing it again; other tables are computed meanwhile."""
    key = _key(t, criteria, regime)
    criteria, regime = key[1], key[2]
    while True:
        with _MEMO_LOCK:
            found = _found(t, key)
            if found is not None:
                return found
            running = _UNDER_WAY.get(key)
            if running is None:
                running = _UNDER_WAY[key] = threading.Lock()
                running.acquire()
                break
        with running:  # another thread computes this table: wait for it, then look again
            pass
    try:
        view = _compute(t, criteria, regime)
        with _MEMO_LOCK:
            _MEMO[key] = (t, view)  # the snapshot is kept with its view: its id is not reused meanwhile
            while len(_MEMO) > _MEMO_SIZE:
                del _MEMO[next(iter(_MEMO))]
        return view
    finally:
        with _MEMO_LOCK:
            del _UNDER_WAY[key]
        running.release()


def computed(t: Tournament, criteria: tuple[str, ...] | None = None,
             regime: str | None = None) -> StandingsView | None:
    """The table :func:`compute` gives, if it is computed already (ahead, or for another
    pane); ``None`` at once otherwise, never waiting.  A big event's pane shows such a table
    in its own frame instead of asking a worker for it a frame later."""
    key = _key(t, criteria, regime)
    with _MEMO_LOCK:
        return _found(t, key)


def _key(t: Tournament, criteria: tuple[str, ...] | None, regime: str | None) -> _Key:
    """The memo's key: the snapshot, the criteria (``None``: the tournament's own list), the
    regime and the language of the cells."""
    from core.i18n import current_language

    regime = regime or t.tiebreak_regime
    if criteria is not None and tuple(criteria) == tuple(t.tiebreaks):
        criteria = None  # the tournament's own list: the same table as the default
    return (id(t), None if criteria is None else tuple(criteria), regime, current_language())


def _found(t: Tournament, key: _Key) -> StandingsView | None:
    """The memo's table for ``key`` (under the lock); the event's default table also answers a
    request for its criteria by name (the preset the event uses)."""
    found = _MEMO.get(key)
    if found is None and key[1] is not None:
        default = _MEMO.get((key[0], None, key[2], key[3]))
        if default is not None and default[1].columns == key[1]:
            found = default
    return found[1] if found is not None and found[0] is t else None


def _compute(t: Tournament, criteria: tuple[str, ...] | None, regime: str | None) -> StandingsView:
    from core.standings import compute_standings, place_text

    s = compute_standings(t, tiebreaks=None if criteria is None else tuple(criteria), regime=regime)
    if s.team:  # a team row: the team's rating, no rating change (persons' ratings change)
        from core.teams.roster import team_rating

        ratings = {team.id: team_rating(t, team) for team in t.teams}
        changes: dict[int, str] = {}
    else:
        ratings = {p.pno: p.rating for p in t.players}
        changes = _rating_changes(t)
    cells = [_column_cells([r.values.get(c) for r in s.rows]) for c in s.tiebreaks]
    go = not s.team and t.system in ("gamma", "mcmahon")
    ranks = _go_ranks(t) if go else {}
    rows = []
    for i, r in enumerate(s.rows):
        rows.append(StandingRow(place_text(r), r.pno, r.name, ratings.get(r.pno, 0), r.points,
                                tuple(column[i] for column in cells), r.decided_by, changes.get(r.pno, ""),
                                ranks.get(r.pno, "")))
    from core.reports.tables import cup_cells

    return StandingsView(tuple(s.tiebreaks), tuple(rows), s.regime.value, _(s.regime_name),
                         tuple(s.warnings), tuple(g for g in s.unresolved if len(g) > 1), s.chess_regime,
                         bool(t.rounds) and not s.team, s, cup_cells(t), go)


def _go_ranks(t: Tournament) -> dict[int, str]:
    """Each Go player's rank as the event counts it (the declared rank, else the GoR's)."""
    from core.errors import TournamentError
    from core.go.ranks import player_rank, rank_label

    out = {}
    for p in t.players:
        try:
            out[p.pno] = rank_label(player_rank(p, t.system))
        except TournamentError:
            out[p.pno] = "?"
    return out


_CHANGES: dict[tuple[int, str], tuple[Tournament, dict[int, str]]] = {}


def _rating_changes(t: Tournament) -> dict[int, str]:
    """Each player's rating change so far, as the rating-changes report prints it.

    Kept per snapshot (and language: the decimal mark): the changes do not depend on the
    tie-break list, and a draft edited in the tie-breaks pane asks for a new table at every key
    (1,000 players: the changes were ~60 % of it)."""
    if not t.rounds:
        return {}
    from core.i18n import current_language

    key = (id(t), current_language())
    with _MEMO_LOCK:
        found = _CHANGES.get(key)
    if found is not None and found[0] is t:
        return found[1]
    from core.ratings.changes import rating_changes
    from core.reports.document import decimal

    changes = {r.pno: decimal(r.change, 1).text for r in rating_changes(t) if r.change is not None}
    with _MEMO_LOCK:
        _CHANGES[key] = (t, changes)  # the snapshot kept with them: its id is not reused meanwhile
        while len(_CHANGES) > _MEMO_SIZE:
            del _CHANGES[next(iter(_CHANGES))]
    return changes


def _column_cells(values: list[Any]) -> list[str]:
    """One column's cells in one notation (``core.i18n.format.column_formatter``), each
    distinct value formatted once: a 300-player table has ~1,200 values but few distinct ones,
    and formatting a Fraction (language, decimal mark) costs more than a lookup."""
    from core.i18n.format import column_formatter

    fmt = column_formatter(values)
    memo: dict[Any, str] = {}
    out = []
    for value in values:
        key = (value.numerator, value.denominator) if isinstance(value, Fraction) else (type(value), value)
        text = memo.get(key)
        if text is None:
            text = memo[key] = fmt(value)
        out.append(text)
    return out


def explain(t: Tournament, code: str, pno: int, view: StandingsView | None = None) -> str:
    """The contributions behind one value of ``view`` (default: the event's own standings), as
    text for a dialog: computed from the standings the table shows (their rounds, criteria and primary score), by the same
    function as ``hakem standings --explain``."""
    from core.standings import explain_row

    from core.tiebreaks import TieBreakError
    from core.tiebreaks.codes import parse_code

    try:
        base = parse_code(code).base
    except TieBreakError:
        base = ""
    if base == "DE":
        return _("Direct encounter orders a tied group by the games they played against each other; "
                 "it has no value of its own.")
    source = view.source if view is not None and view.source is not None else compute(t).source
    (e,) = explain_row(t, source, pno, (code,))
    return "\n".join(e.lines())
