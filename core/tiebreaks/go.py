"""Go criteria: McMahon score and its tie-breaks (MMS, SOS, SODOS, SOSOS, as OpenGotha names
them; SOSM1/SOSM2 for its SOSM-1/SOSM-2, CUSS for its CUSSM, NBW, CAT its category) and the Gamma scheme's level and coefficient (the Gamma procedure).

Why here as tie-break families: standings, reports, the TUI and the CLI look criteria up by
code; registering the Go ones makes every one of them show Go standings without knowing Go.
``MMS`` and ``LEVEL`` are *main scores*: a list that starts with one ranks by it instead of
by chess points (:mod:`core.standings`).  The numbers come from :mod:`core.go.mms` and
:mod:`core.go.standings`, counted over the rounds of the standings (``ctx.rounds``).
"""

from __future__ import annotations

from fractions import Fraction

from core.go.mms import (McMahonScore, Participation, nbw, opponent_values, scores, sodos, sos, sosos,
                         virtual_mms)
from core.i18n import N_, _
from core.model import Colour
from core.tiebreaks.context import Context
from core.tiebreaks.explain import Contribution, Explanation, Value
from core.i18n.tiebreak_names import name_of
from core.tiebreaks.regimes import Regime
from core.tiebreaks.spec import TieBreakSpec


def _scores(ctx: Context) -> dict[int, McMahonScore]:
    key = ("go-mms", ctx.rounds)
    if key not in ctx.cache:
        ctx.cache[key] = scores(ctx.tournament, upto=ctx.rounds)
    value: dict[int, McMahonScore] = ctx.cache[key]
    return value


def _only(ctx: Context, values: dict[int, Fraction]) -> dict[int, Value]:
    return {pno: values.get(pno) for pno in ctx.cells}


def mms(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    return _only(ctx, {p: s.mms for p, s in _scores(ctx).items()})


def _virtual(ctx: Context) -> bool:
    """OpenGotha's "count not played games as ½ point" (``count_not_played_as_half``)."""
    from core.go.mcmahon_options import mcmahon_options

    return mcmahon_options(ctx.tournament).count_not_played_as_half


def sum_of_opponents(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    all_scores = _scores(ctx)
    virtual = _virtual(ctx)
    key = ("go-sos", ctx.rounds)
    if key not in ctx.cache:
        ctx.cache[key] = sos(all_scores, virtual)
    sos_values: dict[int, Fraction] = ctx.cache[key]
    if spec.base == "SOS":
        return _only(ctx, sos_values)
    if spec.base == "SODOS":
        return _only(ctx, sodos(all_scores, virtual))
    if spec.base in ("SOSM1", "SOSM2"):
        drop = 1 if spec.base == "SOSM1" else 2
        return _only(ctx, {pno: sum(sorted(opponent_values(s, all_scores, virtual))[drop:], Fraction(0))
                           for pno, s in all_scores.items()})
    return _only(ctx, sosos(all_scores, sos_values))


def progress(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    """NBW: wins (forfeit wins too), ½ per jigo and 1 per bye — absences count nothing
    (OpenGotha's NBW values: bye 1, absent 0, whatever the MMS values are);
    CUSS: the MMS after each counted round, summed (OpenGotha's CUSSM: an early lead counts
    more, as in the chess cumulative score)."""
    all_scores = _scores(ctx)
    if spec.base == "NBW":
        return _only(ctx, {p: nbw(s) for p, s in all_scores.items()})
    return _only(ctx, {p: sum(s.mms_after[1:], Fraction(0)) for p, s in all_scores.items()})


def category(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    """CAT: the player's category, 1 for the strongest (OpenGotha's placement criterion and
    the number it prints): first in a list, it gives one standings table per category."""
    from core.go.mcmahon_options import mcmahon_options

    options = mcmahon_options(ctx.tournament)
    return _only(ctx, {p: Fraction(options.category(s.rank) + 1) for p, s in _scores(ctx).items()})


def explain_category(ctx: Context, spec: TieBreakSpec, regime: Regime, pno: int) -> Explanation:
    """The rank and the category limits it falls between."""
    from core.go.mcmahon_options import categories_text, mcmahon_options
    from core.go.ranks import rank_label

    options = mcmahon_options(ctx.tournament)
    s = _scores(ctx).get(pno)
    notes = (_("Rank {rank}; category limits {limits} (the first limit the rank reaches; below the "
               "last: the last category).").format(rank=rank_label(s.rank) if s else "?",
                                                    limits=categories_text(options.categories) or "-"),)
    return Explanation(spec.code, name_of(spec.base), pno, category(ctx, spec, regime).get(pno), "", (), notes)


_ROUND = {Participation.PAIRED: N_("game"), Participation.BYE: N_("bye"),
          Participation.ABSENT: N_("absent")}
_BASIS = {"SOS": N_("opponent's MMS ± handicap"), "SOSM1": N_("opponent's MMS ± handicap"),
          "SOSM2": N_("opponent's MMS ± handicap"), "SODOS": N_("beaten opponent's MMS ± handicap × score"),
          "SOSOS": N_("opponent's SOS")}


def explain_mcmahon(ctx: Context, spec: TieBreakSpec, regime: Regime, pno: int) -> Explanation:
    """Round by round: the opponent's value, or the player's own initial MMS without a game."""
    all_scores = _scores(ctx)
    values = (mms if spec.base == "MMS" else progress if spec.base in ("NBW", "CUSS")
              else sum_of_opponents)(ctx, spec, regime)
    s = all_scores.get(pno)
    items: list[Contribution] = []
    if s is not None and spec.base == "CUSS":
        items += [Contribution(row.round, row.opponent, after, _("MMS after the round"))
                  for after, row in zip(s.mms_after[1:], s.rounds, strict=False)]
    elif s is not None and spec.base in ("MMS", "NBW"):
        if spec.base == "MMS":
            items.append(Contribution(None, None, s.start_mms, _("initial MMS (rank between floor and bar)")))
        for before, after, row in zip(s.mms_after, s.mms_after[1:], s.rounds, strict=False):
            items.append(Contribution(row.round, row.opponent, after - before, _(_ROUND[row.participation])))
    elif s is not None:
        virtual = _virtual(ctx)
        sos_values = sos(all_scores, virtual)
        for row in s.rounds:
            opp = all_scores.get(row.opponent) if row.opponent is not None else None
            if row.participation is not Participation.PAIRED or opp is None:
                if spec.base == "SODOS":
                    continue
                own = s.start_mms * (len(s.rounds) if spec.base == "SOSOS" else 1)
                items.append(Contribution(row.round, None, own, _("no game: own initial MMS")))
                continue
            sign = 1 if row.colour is Colour.WHITE else -1
            value: Fraction = (virtual_mms(opp) if virtual else opp.mms) + sign * row.handicap
            if spec.base == "SODOS":
                value *= row.score
            elif spec.base == "SOSOS":
                value = sos_values[opp.pno]
            items.append(Contribution(row.round, opp.pno, value, _(_BASIS[spec.base])))
    return Explanation(spec.code, name_of(spec.base), pno, values.get(pno), regime.value, tuple(items))


def _gamma(ctx: Context) -> tuple[dict[int, int], dict[int, Fraction]]:
    key = ("go-gamma", ctx.rounds)
    if key not in ctx.cache:
        from core.go.cards import cards
        from core.go.standings import coefficients

        t = ctx.tournament
        t_upto = t.with_changes(rounds=t.rounds[:ctx.rounds])
        all_cards = cards(t_upto)
        ctx.cache[key] = ({p: c.final_level for p, c in all_cards.items()}, coefficients(t_upto, all_cards))
    value: tuple[dict[int, int], dict[int, Fraction]] = ctx.cache[key]
    return value


def level(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    levels = _gamma(ctx)[0]
    return {pno: levels.get(pno) for pno in ctx.cells}


def coefficient(ctx: Context, spec: TieBreakSpec, regime: Regime) -> dict[int, Value]:
    coef = _gamma(ctx)[1]
    return {pno: coef.get(pno) for pno in ctx.cells}


def explain_gamma(ctx: Context, spec: TieBreakSpec, regime: Regime, pno: int) -> Explanation:
    """The coefficient's parts per round (the Gamma procedure); the level's start and each raise."""
    from core.go.cards import cards
    from core.go.standings import coefficient_parts

    t = ctx.tournament.with_changes(rounds=ctx.tournament.rounds[:ctx.rounds])
    all_cards = cards(t)
    items: list[Contribution] = []
    card = all_cards.get(pno)
    if card is not None and spec.base == "LEVEL":
        items.append(Contribution(None, None, card.start_level, _("start level")))
        items += [Contribution(r.round, r.opponent, 1 if r.outcome.raises_level else 0, r.outcome.value)
                  for r in card.rounds]
    elif card is not None:
        items += [Contribution(part.round, None, part.total, _("opponent's level ± ½ technical, ± handicap"))
                  for part in coefficient_parts(t, pno, all_cards)]
    values = (level if spec.base == "LEVEL" else coefficient)(ctx, spec, regime)
    return Explanation(spec.code, name_of(spec.base), pno, values.get(pno), regime.value, tuple(items))


# -- OpenGotha's simplified direct confrontation (SDC) ------------------------------------------
def _net(ctx: Context, group: list[int]) -> dict[tuple[int, int], int]:
    """Per ordered pair of the group: the games won minus the games lost against the other
    over the counted rounds — games won over the board only (OpenGotha counts its "white
    wins"/"black wins", not a win by default, a jigo or "both lose")."""
    members = set(group)
    net = {(a, b): 0 for a in group for b in group if a != b}
    for pno in group:
        for cell in ctx.cells[pno]:
            if cell.opponent in members and cell.opponent != pno and cell.played and cell.points == ctx.win:
                net[pno, cell.opponent] += 1
                net[cell.opponent, pno] -= 1
    return net


def _confrontations(ctx: Context, group: list[int]) -> dict[tuple[int, int], int]:
    """:func:`_net` limited to −1..1 (SDC's reading: more games between two only decide when
    they do not cancel out)."""
    return {pair: max(-1, min(1, value)) for pair, value in _net(ctx, group).items()}


def sdc_values(ctx: Context, group: list[int]) -> dict[int, int]:
    """OpenGotha's SDC of each player of a group tied on every criterion before it: the tied
    players he beat — counted only when every two of them have a decided confrontation (they
    met, and more games between them did not cancel out); otherwise 0 for all of them."""
    net = _confrontations(ctx, group)
    if any(value == 0 for value in net.values()):
        return dict.fromkeys(group, 0)
    return {pno: sum(1 for other in group if other != pno and net[pno, other] == 1) for pno in group}


def _by_value(group: list[int], values: dict[int, int]) -> list[list[int]]:
    """The group split by a value, larger first; equal values stay tied."""
    return [[p for p in group if values[p] == value] for value in sorted(set(values.values()), reverse=True)]


def _games_against(ctx: Context, pno: int, group: list[int]) -> tuple[Contribution, ...]:
    """The player's games against the others of a tied group (a win by default marked)."""
    members = set(group) - {pno}
    return tuple(Contribution(c.round, c.opponent, ctx.frac(c.points), _("points against a tied player"),
                              not c.played, "" if c.played else _("a win by default does not count"))
                 for c in ctx.cells[pno] if c.opponent in members)


def sdc_order(ctx: Context, spec: TieBreakSpec, group: list[int]) -> list[list[int]]:
    """The tied group ordered by SDC, more first; players of equal SDC stay tied."""
    return _by_value(group, sdc_values(ctx, group))


def explain_sdc(ctx: Context, spec: TieBreakSpec, pno: int, group: list[int], value: Value) -> Explanation:
    """The player's games against the others of the tied group, and why SDC counts them or not."""
    items = _games_against(ctx, pno, group)
    decided = all(v != 0 for v in _confrontations(ctx, group).values())
    note = (_("Tied group: {group}.").format(group=", ".join(str(p) for p in sorted(group))),
            _("SDC counts the tied players beaten, when every two of them have a decided game; "
              "otherwise it is 0 for all.") if decided else
            _("Not every two tied players have a decided game: SDC is 0 for all of them."))
    return Explanation(spec.code, name_of(spec.base), pno, value, "", items, note)


# -- OpenGotha's direct confrontation (DC) -------------------------------------------------------
def dc_values(ctx: Context, group: list[int], seed: dict[int, tuple] | None = None) -> dict[int, int]:
    """OpenGotha's DC of each player of a group tied on every criterion before it
    (:mod:`core.go.confrontation`): wins of exactly +1 net over the board, cycles as classes,
    ``seed`` the criteria after DC (smaller key = better; none: all equal)."""
    from core.go.confrontation import direct_confrontation

    beat = {pair for pair, value in _net(ctx, group).items() if value == 1}
    keys = seed or {}
    return direct_confrontation(group, beat, {p: keys.get(p, ()) for p in group})


def dc_order(ctx: Context, spec: TieBreakSpec, group: list[int], seed: dict[int, tuple] | None = None
             ) -> list[list[int]]:
    """The tied group ordered by DC, more first; players of equal DC stay tied."""
    return _by_value(group, dc_values(ctx, group, seed))


def explain_dc(ctx: Context, spec: TieBreakSpec, pno: int, group: list[int], value: Value) -> Explanation:
    """The player's games against the others of the tied group and the cycle he is in, if any."""
    from core.go.confrontation import cycle_classes

    items = _games_against(ctx, pno, group)
    beat = {pair for pair, net in _net(ctx, group).items() if net == 1}
    cycle = cycle_classes(sorted(group), beat)[pno]
    notes = [_("Tied group: {group}.").format(group=", ".join(str(p) for p in sorted(group))),
             _("DC places a player who beat another tied player (one game more won than lost) above "
               "him; the criteria after DC order the rest, from the bottom.")]
    if len(cycle) > 1:
        notes.append(_("Players {players} beat each other round a cycle: their games among "
                       "themselves do not count.").format(players=", ".join(str(p) for p in sorted(cycle))))
    return Explanation(spec.code, name_of(spec.base), pno, value, "", items, tuple(notes))
