"""Final (or current) standings: points, then the ordered tie-break list, then the tie rule.

Why here and not in ``core.tiebreaks``: a standings list is more than values — it applies the
criteria one after another to each subgroup still tied (C.07 Art. 4.2, 2026 wording), lets
direct encounter reorder a group, applies play-off results and manual orders decided outside
the program, handles withdrawn players per system, and states the regime and list it used.

Ties left after the list are, per ``ties``: ``shared`` (same rank), ``lots`` (the recorded
drawing of lots, ``options["lots"]``; see :func:`core.changes.ties.draw_lots`), ``manual`` (an order the arbiter
recorded, ``options["tie_orders"]``).  Play-off results (:func:`core.changes.ties.with_tie_order` with
``source="playoff"``) always take precedence over the list for the players they cover.

Withdrawn players: Swiss — they stay ranked with their points (C.04.2).  Round robin — a player
who withdrew having completed fewer than half of their games is not ranked (Aktar p. 61;
docs/rules/roundrobin.md); their games still count for the others, unless the event follows
FIDE's reading (``options["withdrawn_points"] == "annul"``, C.06 (2011) Art. 5.4): then the
points scored by or against them do not count, in the points and in every tie-break, read from
one context with those results taken out (:func:`_annulled`).  A note says which reading
applied whenever it changes something (someone is left out of the ranking).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Sequence

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament, format_points
from core.i18n.format import place_span
from core.tiebreaks import values_for
from core.tiebreaks.context import Context, build_context, shared_context
from core.tiebreaks.direct import order_group
from core.tiebreaks.explain import Value
from core.i18n.tiebreak_names import REGIME_NAMES
from core.tiebreaks.presets import PRESETS, default_codes, warnings_for
from core.tiebreaks.regimes import Regime, regime_of
from core.tiebreaks.codes import lookup, parse_code
from core.tiebreaks.spec import TieBreakSpec
from core.tiebreaks.values import ROUNDED_CODES, format_rounded, format_value, sort_key
from core.ties import TieOrder, is_stale, tie_orders, tied_with

TIE_RULES = ("shared", "lots", "manual")


@dataclass(frozen=True)
class Row:
    rank: int | None
    """``None``: not ranked (withdrawn from a round robin before half of the games)."""
    pno: int
    name: str
    points: Fraction
    values: dict[str, Value]
    shared: bool = False
    decided_by: str = ""
    """The criterion that separated this participant from the next tied one ("" if none)."""
    withdrawn: bool = False


@dataclass(frozen=True)
class Standings:
    regime: Regime
    tiebreaks: tuple[str, ...]
    rows: tuple[Row, ...]
    warnings: tuple[str, ...] = ()
    unresolved: tuple[tuple[int, ...], ...] = ()
    """Groups still tied after the list (and after lots/manual orders): candidates for a play-off."""
    team: bool = False
    ties: str = "shared"
    groups_at: dict = field(default_factory=dict, compare=False)
    """For each group criterion (DE) as given: pno → the tied group it was applied to."""
    team_primary: str = ""
    """``MP`` or ``GP`` in a team event (what "score" means there, and so what SB names)."""
    upto: int = 0
    """The rounds counted (1..upto): :func:`explain_row` explains from exactly these."""
    withdrawal_note: str = ""
    """Which reading of a round robin's withdrawal under 50 % applied, when someone is left out
    of the ranking (also among ``warnings``; a crosstable prints it beside its legend)."""

    @property
    def regime_name(self) -> str:
        return REGIME_NAMES[self.regime.value]

    @property
    def chess_regime(self) -> bool:
        """Whether the FIDE unplayed-rounds regime means anything here: not for a Go list
        (MMS or level first), whose criteria have their own rules for rounds without a game."""
        return not (self.tiebreaks and lookup(parse_code(self.tiebreaks[0]).base).main_score)

    def row(self, pno: int) -> Row:
        for r in self.rows:
            if r.pno == pno:
                return r
        raise TournamentError(_("participant {pno} is not in the standings").format(pno=pno))


# -- the ranking ---------------------------------------------------------------------------------
def _unranked(t: Tournament, ctx: Context, team: bool, withdrawn: str) -> set[int]:
    if team or withdrawn == "rank":
        return set()
    out = set()
    for p in t.players:
        if p.withdrawn_round is None or p.pno not in ctx.cells:
            continue
        if withdrawn == "unrank":
            out.add(p.pno)
        elif ctx.round_robin:  # auto
            from core.tiebreaks.koya import max_games

            played = sum(1 for c in ctx.cells[p.pno] if c.played)
            if 2 * played < max_games(ctx):
                out.add(p.pno)
    return out


def withdrawn_points_of(t: Tournament, given: str | None = None) -> str:
    """The reading of a round robin's withdrawal under 50 % that applies: ``given``, else the
    event's ``options["withdrawn_points"]``, else ``keep`` (Aktar p. 61)."""
    from core.pairing.roundrobin.withdrawals import WITHDRAWN_POINTS

    reading = given or str(t.options.get("withdrawn_points") or "keep")
    if reading not in WITHDRAWN_POINTS:
        raise TournamentError(_("unknown reading {value!r} of a withdrawal's points; use keep or annul").format(
            value=reading))
    return reading


def _annulled(ctx: Context, rounds: set[tuple[int, int]]) -> Context:
    """``ctx`` with the results ``rounds`` (pno, round) taken out, as rounds without a game
    that score nothing: the points and every criterion read the same context, so a
    Sonneborn-Berger or a Koya cannot count a game the points no longer count.  A new context
    (the shared one belongs to the snapshot and serves other requests)."""
    import dataclasses

    from core.model import Colour
    from core.tiebreaks.context import Cell

    if not rounds:
        return ctx
    cells = {p: [Cell(c.round, None, 0, None, False, Colour.NONE, False, False) if (p, c.round) in rounds else c
                 for c in row] for p, row in ctx.cells.items()}
    total = {p: ctx.total[p] - sum(c.points for c in ctx.cells.get(p, ()) if (p, c.round) in rounds)
             for p in ctx.total}
    return dataclasses.replace(ctx, cells=cells, total=total, cache={})


def _withdrawal_note(t: Tournament, unranked: set[int], reading: str) -> str:
    """Which reading of the 50 % rule applied, naming who is left out of the ranking."""
    names = ", ".join(t.player(p).name for p in sorted(unranked) if t.has_player(p))
    if reading == "annul":
        return _("Not ranked, having withdrawn before completing half of their games: {names}. The points "
                 "scored by or against them do not count (FIDE, C.06 (2011) Art. 5.4).").format(names=names)
    return _("Not ranked, having withdrawn before completing half of their games: {names}. Their opponents "
             "keep the points scored against them (Aktar p. 61).").format(names=names)


def _split_by_values(group: list[int], values: dict[int, Value], higher_better: bool) -> list[list[int]]:
    keys = {p: sort_key(values.get(p), higher_better) for p in group}
    keyed = sorted(group, key=lambda p: (keys[p], p))
    parts: list[list[int]] = []
    last = object()
    for p in keyed:
        k = keys[p]
        if parts and k == last:
            parts[-1].append(p)
        else:
            parts.append([p])
            last = k
    return parts


def _seed_keys(later: Sequence[TieBreakSpec], values_of) -> dict[int, tuple]:
    """Per participant, the values of the criteria after a seeded group criterion as one key,
    smaller = better (OpenGotha's DC ranks the players no game decides by them); group
    criteria among them give no value there and are left out."""
    keys: dict[int, tuple] = {}
    for spec in later:
        definition = lookup(spec.base)
        if definition.group:
            continue
        higher = definition.higher_better != spec.reverse
        for p, value in values_of(spec).items():
            keys[p] = (*keys.get(p, ()), sort_key(value, higher))
    return keys


def _as_integers(values: dict[int, Value]) -> dict[int, Value]:
    """The same order and ties with integer values: every fraction times one common denominator.

    Why: sorting and comparing ``Fraction`` objects was a third of a standings refresh; the
    values of one criterion share a few denominators, and multiplying by a positive common
    multiple keeps every comparison (and every tie) exactly as it was.  Anything that is not a
    plain number (tuples, floats, ``None`` aside) is returned unchanged."""
    denominators = set()
    for v in values.values():
        if isinstance(v, Fraction):
            denominators.add(v.denominator)
        elif v is not None and not isinstance(v, int):
            return values
    if not denominators:
        return values
    common = math.lcm(*denominators)
    return {p: (v.numerator * (common // v.denominator) if isinstance(v, Fraction) else v)
            for p, v in values.items()}


def _split_by_order(group: list[int], order: TieOrder) -> list[list[int]] | None:
    members = set(group)
    if not (order.members & members):
        return None
    parts = [[p for p in g if p in members] for g in order.groups]
    parts = [sorted(p) for p in parts if p]
    rest = sorted(members - order.members)
    if rest:
        parts.append(rest)
    return parts


def _orders_after(orders: list[TieOrder], t: Tournament, upto: int) -> list[TieOrder]:
    """The orders that decide the standings after round ``upto``: those recorded for that
    round (a playoff for the final places reorders no earlier table); an order of an older file,
    whose round is unknown, the current standings'."""
    current = rounds_started(t)
    return [o for o in orders if (current if o.round is None else o.round) == upto]


def after_round(t: Tournament, n: int) -> Tournament:
    """The event as it stood after round ``n`` (a report "up to round n": a crosstable):
    later rounds left out, and an order of an older file — whose round is unknown, so taken as
    the current standings' — kept for the current standings only, not for round ``n``."""
    current = rounds_started(t)
    if n >= current:
        return t
    options = dict(t.options)
    options["tie_orders"] = [o if o.get("round") is not None else {**o, "round": current}
                             for o in options.get("tie_orders", []) or []]
    return t.with_changes(rounds=t.rounds[:n], options=options)


def stale_playoffs(t: Tournament) -> dict[frozenset[int], str]:
    """The playoffs the current standings set aside (a result corrected after them untied
    their players), by their players, each with its warning: what a correction says it did and
    the playoff pane shows.  Empty at once for an event without a playoff order (every result
    typed asks), a cup or a team event."""
    orders = [o for o in tie_orders(t) if o.source == "playoff"]
    if not orders or t.teams or t.system == "knockout":
        return {}
    upto = rounds_started(t)
    ctx = shared_context(t, upto)
    return {frozenset(o.members): _set_aside(t, o, ctx, False)
            for o in _orders_after(orders, t, upto) if is_stale(o, ctx.total)}


def _set_aside(t: Tournament, order: TieOrder, ctx: Context, team: bool) -> str:
    """The warning for a playoff the standings no longer apply, naming the places it was for
    (or its players) and everybody's points now."""
    from core.i18n.format import format_points as shown

    names = _names(t, team)
    now = sorted(tied_with(ctx.total, order.members) | order.members, key=lambda p: (-ctx.total.get(p, 0), p))
    points = ", ".join(f"{names.get(p, p)} {shown(ctx.frac(ctx.total.get(p, 0)))}" for p in now)
    if order.places is not None:
        return _("The playoff for places {places} no longer applies: the results changed after it ({points}).").format(
            places=place_span(list(range(order.places[0], order.places[1] + 1))), points=points)
    return _("The playoff of {players} no longer applies: the results changed after it ({points}).").format(
        players=", ".join(str(names.get(p, p)) for p in sorted(order.members)), points=points)


def rounds_started(t: Tournament) -> int:
    """Rounds that count for the standings: every paired round up to the last one with at least
    one result (or a round of byes only).  A round just paired, with no result in yet, does not
    count — otherwise its games would be unplayed rounds and move the tie-breaks of everybody
    (Buchholz with dummy opponents) before a single game was played."""
    n = len(t.rounds)
    while n and t.rounds[n - 1].boards and all(b.result is None for b in t.rounds[n - 1].boards):
        n -= 1
    return n


def compute_standings(t: Tournament, tiebreaks: Sequence[str] | str | None = None,
                      regime: str | Regime | None = None, upto: int | None = None,
                      ties: str = "shared", withdrawn: str = "auto", team: bool | None = None,
                      orders: Sequence[TieOrder] | None = None, team_primary: str | None = None,
                      withdrawn_points: str | None = None) -> Standings:
    """Rank every participant.  ``tiebreaks``: codes, a comma list, a preset id, or ``None``
    for the tournament's own list.  ``team``: rank teams (default: when the event has teams);
    ``upto``: standings after that round (default: :func:`rounds_started`);
    ``team_primary``: ``MP`` (match points, default; ``options["team_primary"]``) or ``GP``
    (board points first, as Aktar's "Takım Puanları" and pre-2008 Olympiads);
    ``withdrawn_points``: ``keep`` or ``annul`` (default: the event's setting, else ``keep``;
    :data:`~core.pairing.roundrobin.withdrawals.WITHDRAWN_POINTS`)."""
    if ties not in TIE_RULES:
        raise TournamentError(_("unknown tie rule {ties!r}; use shared, lots or manual").format(ties=ties))
    if withdrawn not in ("auto", "rank", "unrank"):
        raise TournamentError(_("unknown withdrawn rule {withdrawn!r}; use auto, rank or unrank").format(withdrawn=withdrawn))
    if upto is not None and not 0 <= upto <= len(t.rounds):
        t.round(upto)  # refused naming the round and how many are paired (was: the last standings)
    chosen = regime_of(t, regime)
    # C.07 counts the rounds that are over: a round paired but not begun never counts, even
    # when asked for by number (its games would be unplayed rounds of everybody)
    upto = rounds_started(t) if upto is None else min(upto, rounds_started(t))
    team = bool(t.teams) if team is None else team
    primary = (team_primary or str(t.options.get("team_primary", "MP"))).upper()
    if primary not in ("MP", "GP"):
        raise TournamentError(_("the primary team score must be MP or GP, not {primary!r}").format(primary=primary))
    if team:
        from core.tiebreaks.team import build_team_context

        ctx = build_team_context(t, primary, upto)
    else:
        ctx = shared_context(t, upto)  # the values of one snapshot computed once (a draft edited)
    if tiebreaks is None:
        codes = default_codes(t, ctx, team)
    elif isinstance(tiebreaks, str):
        codes = PRESETS[tiebreaks].codes if tiebreaks in PRESETS else tuple(
            c for c in tiebreaks.replace(",", " ").split() if c)
    else:
        codes = tuple(tiebreaks)
    specs = [parse_code(c) for c in codes]
    specs = [s for s in specs if s.base != "PTS"]
    warnings = warnings_for(specs, ctx, chosen)

    unranked = _unranked(t, ctx, team, withdrawn)
    note = ""
    if unranked and ctx.round_robin and not team:
        reading = withdrawn_points_of(t, withdrawn_points)
        if reading == "annul":
            from core.pairing.roundrobin.withdrawals import annulled_rounds

            ctx = _annulled(ctx, annulled_rounds(t, unranked, upto))
        note = _withdrawal_note(t, unranked, reading)
        warnings.append(note)
    ids = sorted(ctx.cells)
    ranked = [p for p in ids if p not in unranked]
    all_orders = _orders_after(list(orders) if orders is not None else tie_orders(t), t, upto)
    playoffs = [o for o in all_orders if o.source == "playoff"]
    manual = [o for o in all_orders if o.source != "playoff"]

    contexts = {primary: ctx}

    def ctx_for(spec: TieBreakSpec) -> Context:
        """Team events: ``:MP``/``:GP`` criteria read a context with that primary score."""
        if team and spec.score and spec.score != primary:
            if spec.score not in contexts:
                from core.tiebreaks.team import build_team_context

                contexts[spec.score] = build_team_context(t, spec.score, upto)
            return contexts[spec.score]
        return ctx

    cup_groups = (_cup_groups(t, ranked) if t.system == "knockout" and not team
                  and not (specs and lookup(specs[0].base).main_score) else None)
    cup = cup_groups is not None
    if not cup:  # a cup's places come from its bracket, not from ties on points
        stale = [o for o in playoffs if is_stale(o, ctx.total)]
        playoffs = [o for o in playoffs if o not in stale]
        warnings.extend(_set_aside(t, o, ctx, team) for o in stale)
    decided: dict[int, str] = {}
    values: dict[str, dict[int, Value]] = {}
    groups_at: dict[str, dict[int, tuple[int, ...]]] = {}
    if specs and lookup(specs[0].base).main_score:  # Go: MMS or level ranks first, not points
        groups = [ranked] if ranked else []
    elif cup_groups is not None:  # the stage reached decides; players out at one stage share
        groups = cup_groups
    else:
        groups = _split_by_values(ranked, {p: ctx.total[p] for p in ranked}, True)
    for g in groups:
        if len(g) == 1:
            decided[g[0]] = "PTS"

    def refine(groups: list[list[int]], splitter, label: str) -> list[list[int]]:
        out = []
        for g in groups:
            parts = splitter(g) if len(g) > 1 else None
            if not parts or len(parts) == 1:
                out.append(g)
                continue
            for part in parts:
                if len(part) == 1:
                    decided.setdefault(part[0], label)
            out.extend(parts)
        return out

    for o in playoffs:
        groups = refine(groups, lambda g, o=o: _split_by_order(g, o), "playoff")

    for index, spec in enumerate(specs):
        definition = lookup(spec.base)
        if cup:  # shown, never ordering a stage's players (Aktar p. 67)
            values[spec.code] = (dict.fromkeys(ids, 0) if definition.group
                                 else values_for(ctx_for(spec), spec, spec.regime or chosen))
            continue
        if definition.group:
            de_values: dict[int, Value] = dict.fromkeys(ids, 0)
            new_groups: list[list[int]] = []
            groups_at[spec.code] = {p: tuple(sorted(g)) for g in groups for p in g}
            order = definition.order or order_group
            seeded = {"seed": _seed_keys(specs[index + 1:], lambda s: values_for(ctx_for(s), s, s.regime or chosen))
                      } if definition.seeded and any(len(g) > 1 for g in groups) else {}
            for g in groups:
                parts = order(ctx_for(spec), spec, sorted(g), **seeded) if len(g) > 1 else [g]
                if definition.group_values is not None and len(g) > 1:  # its own values (Go's SDC, DC)
                    de_values.update(definition.group_values(ctx_for(spec), sorted(g), **seeded))
                    new_groups.extend(parts)
                    for part in parts:
                        if len(part) == 1 and len(parts) > 1:
                            decided.setdefault(part[0], spec.code)
                    continue
                if len(parts) > 1:
                    before = 0
                    for part in parts:
                        for p in part:
                            de_values[p] = before + 1
                            if len(part) == 1:
                                decided.setdefault(p, spec.code)
                        before += len(part)
                new_groups.extend(parts)
            groups = new_groups
            values[spec.code] = de_values
            continue
        vals = values_for(ctx_for(spec), spec, spec.regime or chosen)
        values[spec.code] = vals
        higher = definition.higher_better != spec.reverse
        if any(len(g) > 1 for g in groups):
            keys = _as_integers(vals)
            groups = refine(groups, lambda g, v=keys, h=higher: _split_by_values(g, v, h), spec.code)

    if ties == "manual":
        for o in manual:
            groups = refine(groups, lambda g, o=o: _split_by_order(g, o), "manual")
    elif ties == "lots":
        lots = {int(k): int(v) for k, v in (t.options.get("lots", {}) or {}).items()}
        missing = [g for g in groups if len(g) > 1 and any(p not in lots for p in g)]
        if missing:
            warnings.append(_("Lots have not been drawn for every tied group; those players share their rank."))
        groups = refine(groups, lambda g: _split_by_values(g, {p: lots.get(p) for p in g}, False), "LOT")

    names = _names(t, team)
    withdrawn_ids = {p.pno for p in t.players if p.withdrawn_round is not None} if not team else set()
    rows: list[Row] = []
    position = 1
    unresolved = []
    for g in groups:
        shared = len(g) > 1
        if shared:
            unresolved.append(tuple(sorted(g)))
        for p in sorted(g):
            rows.append(Row(position, p, names.get(p, ""), ctx.frac(ctx.total[p]),
                            {s.code: values[s.code].get(p) for s in specs}, shared,
                            decided.get(p, ""), p in withdrawn_ids))
        position += len(g)
    for p in sorted(unranked, key=lambda p: (-ctx.total[p], p)):
        rows.append(Row(None, p, names.get(p, ""), ctx.frac(ctx.total[p]),
                        {s.code: values[s.code].get(p) for s in specs}, False, "", True))
    return Standings(chosen, tuple(s.code for s in specs), tuple(rows), tuple(dict.fromkeys(warnings)),
                     tuple(unresolved), team, ties, groups_at, primary if team else "", upto, note)


def explain_row(t: Tournament, s: Standings, pno: int, codes: Sequence[str] | None = None) -> list:
    """The contributions behind ``pno``'s values in ``s`` (every criterion, or ``codes``),
    computed from the same rounds, participants and primary score as the table — so an
    explanation can never disagree with the value printed beside it.  DE explains the tied
    group it was applied to."""
    import dataclasses

    from core.tiebreaks import explain
    from core.tiebreaks.direct import explain_group

    s.row(pno)  # refuses a participant who is not in the standings
    contexts: dict[str, Context] = {}

    def ctx_for(spec: TieBreakSpec) -> Context:
        score = (spec.score or s.team_primary) if s.team else ""
        if score not in contexts:
            if s.team:
                from core.tiebreaks.team import build_team_context

                contexts[score] = build_team_context(t, score, s.upto)
            else:
                contexts[score] = build_context(t, s.upto)
        return contexts[score]

    items = []
    # whose number it is and what a round is, for the lines' words (a team; a Double-Swiss game)
    team, match_games = s.team, t.system == "double-swiss" and not s.team
    for code in (s.tiebreaks if codes is None else codes):
        spec = parse_code(code)
        ctx = ctx_for(spec)
        if code in s.groups_at:
            group = list(s.groups_at[code].get(pno, (pno,)))
            explain_order = lookup(spec.base).explain_group or explain_group
            e = explain_order(ctx, spec, pno, group, s.row(pno).values.get(code))
            items.append(dataclasses.replace(e, regime=s.regime.value, team=team, match_games=match_games))
        else:
            items.append(dataclasses.replace(explain(t, code, pno, regime=s.regime, ctx=ctx), team=team,
                                             match_games=match_games))
    return items


def _names(t: Tournament, team: bool) -> dict[int, str]:
    if team:
        return {tm.id: tm.name for tm in t.teams}
    return {p.pno: p.name for p in t.players}


# -- machine-readable outputs (docs/cli.md "Machine-readable outputs") --------------------------
def as_json(s: Standings) -> dict:
    """``{"regime", "tiebreaks", "players": [{"rank", "pno", "name", "points", "tiebreaks"}]}``."""
    players = []
    for r in s.rows:
        players.append({"rank": r.rank, "pno": r.pno, "name": r.name, "points": format_points(r.points),
                        "tiebreaks": {code: format_value(r.values.get(code)) for code in s.tiebreaks}})
    return {"regime": s.regime.value, "regime_name": s.regime_name, "tiebreaks": list(s.tiebreaks),
            "players": players, "warnings": list(s.warnings),
            "unresolved": [list(g) for g in s.unresolved if len(g) > 1]}


PLAYOFF_MARK = "*"
"""Beside a place a playoff decided (``2*``), explained by :func:`playoff_footnote` under the
table: the order of players equal on points and tie-breaks then comes from games played
after the event, which the table's columns cannot show (the DE column reads 0 for them)."""


def place_text(row: Row) -> str:
    """A row's place as every standings table shows it (screens, reports, pages, paper, the
    CLI): ``3``, ``3=`` when shared, ``-`` when not ranked, with :data:`PLAYOFF_MARK` when a
    playoff decided it."""
    if row.rank is None:
        return "-"
    text = f"{row.rank}=" if row.shared else str(row.rank)
    return text + PLAYOFF_MARK if row.decided_by == "playoff" else text


def playoff_footnote(s: Standings) -> str:
    """The note under a table whose places a playoff decided, in the reader's language
    ("* Places decided by playoff: 2–3."); ``""`` when none was."""
    places = [r.rank for r in s.rows if r.decided_by == "playoff" and r.rank is not None]
    if not places:
        return ""
    return _("{mark} Places decided by playoff: {places}.").format(mark=PLAYOFF_MARK, places=place_span(places))


def as_csv_rows(s: Standings) -> list[list[str]]:
    """Header ``rank,pno,name,points,<code>…`` then one row per participant."""
    out = [["rank", "pno", "name", "points", *s.tiebreaks]]
    for r in s.rows:
        out.append(["" if r.rank is None else str(r.rank), str(r.pno), r.name, format_points(r.points),
                    *[format_value(r.values.get(c)) for c in s.tiebreaks]])
    return out


def as_text(s: Standings) -> str:
    """A plain table; the regime and the list are stated above it.

    Words and numbers are in the UI language (this is for people; JSON and CSV are the machine
    formats): points and values as the screens show them (``8½``, ``−6,8`` with the decimal
    comma in tr/de/ru); the regime code and the tie-break codes stay as typed.
    """
    from core.i18n.format import column_formatter, format_points as shown_points
    from core.i18n.terms import regime_line

    lines = [regime_line(s.regime.value)
             ] if s.chess_regime else []
    lines.append(_("Tie-breaks: {list}").format(list=", ".join(s.tiebreaks) if s.tiebreaks else _("(none)")))
    header = [_("Rk"), _("No."), _("Name"), _("Pts"), *s.tiebreaks]
    body = []
    cell = {c: _rounded_shown if c in ROUNDED_CODES else column_formatter([r.values.get(c) for r in s.rows])
            for c in s.tiebreaks}
    for r in s.rows:
        rank = place_text(r)
        body.append([rank, str(r.pno), r.name, shown_points(r.points), *[cell[c](r.values.get(c)) for c in s.tiebreaks]])
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    for row in [header, *body]:
        lines.append("  ".join(cell.ljust(w) if i == 2 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    if playoff_footnote(s):
        lines.append(playoff_footnote(s))
    lines.extend(_("Warning: {warning}").format(warning=w) for w in s.warnings)
    return "\n".join(lines)


def _rounded_shown(value: object) -> str:
    """A rounded value (a Keizer score ``6.67``) with the language's decimal sign."""
    from babel.numbers import get_decimal_symbol

    from core.i18n.format import babel_locale

    return format_rounded(value).replace(".", get_decimal_symbol(babel_locale()))


def _cup_groups(t: Tournament, ranked: list[int]) -> list[list[int]] | None:
    """A cup's players by the stage they reached (winner, final, semi-final …), best first.
    Players out at the same stage share their places — Aktar p. 67: "3. ve 4. oyuncular
    yarı finalde elendiyse, üçüncülük ve dördüncülük ödülünü eşit olarak paylaşırlar" — and a
    final still being played leaves both finalists sharing first; points and the event's
    criteria do not split them.  ``None`` for a bracket that cannot be replayed (a board
    changed by hand beyond what it can follow): the standings fall back to points."""
    from core.playoff.cup_bracket import stage_groups

    try:
        stages = stage_groups(t)
    except TournamentError:
        return None
    wanted = set(ranked)
    groups = [[p for p in g if p in wanted] for g in stages]
    placed = {p for g in groups for p in g}
    rest = [p for p in ranked if p not in placed]
    return [g for g in groups if g] + ([rest] if rest else [])
