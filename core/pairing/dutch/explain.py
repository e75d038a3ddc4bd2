"""Arbiter-readable explanations of a Dutch pairing.

Why: C.04.1 rule 9 asks that pairings can be explained, and arbiters must answer players'
questions ("why do I play him again with black?").  For each board we say why these two met
(same scoregroup or who floated), which colour rule (Art. 5.2.1–5.2.5) decided, and which
quality criteria had to give way (colour preferences C10–C13, repeated floats C14–C17).  The
PAB gets its own entry (C2, C5, C9).  Messages are complete sentences for translation.
"""

from __future__ import annotations

from core.i18n import _
from core.i18n.terms import colour_name
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Colour
from core.pairing.swiss.state import Float, PlayerState, PreferenceKind

def _colour(c: Colour) -> str:
    return colour_name(c.value) or _("none")


def _who(s: PlayerState) -> str:
    return _("{pno} ({points} points)").format(pno=s.pno, points=format_points(s.pairing_score))


def _colour_rule(rule: str, white: PlayerState, black: PlayerState, hi: PlayerState) -> str:
    if rule == "5.2.1":
        return _("Colours (5.2.1): both players get the colour they prefer or have no preference.")
    if rule == "5.2.2":
        strong = white if white.preference is Colour.WHITE else black
        return _("Colours (5.2.2): the stronger colour preference, that of {pno}, is granted.").format(
            pno=strong.pno)
    if rule == "5.2.3":
        return _("Colours (5.2.3): the colours alternate with the last round in which the two "
                 "players had different colours.")
    if rule == "5.2.4":
        return _("Colours (5.2.4): the higher-ranked player {pno} gets his colour preference.").format(
            pno=hi.pno)
    got = Colour.WHITE if hi is white else Colour.BLACK
    return _("Colours (5.2.5): neither preference decides; the higher-ranked player {pno} gets "
             "{colour} by the initial-colour rule (odd or even TPN).").format(
        pno=hi.pno, colour=_colour(got))


def _board_lines(white: PlayerState, black: PlayerState, rule: str) -> list[str]:
    hi, lo = sorted((white, black), key=lambda s: (-s.pairing_score, s.rank))
    lines: list[str] = []
    if hi.pairing_score == lo.pairing_score:
        lines.append(_("Both players are in the {points}-point scoregroup.").format(
            points=format_points(hi.pairing_score)))
    else:
        lines.append(_("{high} floats down to meet {low}, who floats up (no better pairing for "
                       "the {points}-point bracket).").format(
            high=_who(hi), low=_who(lo), points=format_points(hi.pairing_score)))
    lines.append(_colour_rule(rule, white, black, hi))
    for s, got in ((white, Colour.WHITE), (black, Colour.BLACK)):
        if s.preference is Colour.NONE or s.preference is got:
            continue
        if s.preference_kind is PreferenceKind.ABSOLUTE:
            lines.append(_("Compromise: {pno} had an absolute preference for {pref} but gets {got} "
                           "(allowed only for topscorers in the last round, C10/C11).").format(
                pno=s.pno, pref=_colour(s.preference), got=_colour(got)))
        elif s.preference_kind is PreferenceKind.STRONG:
            lines.append(_("Compromise: {pno} does not get his strong preference for {pref} "
                           "(C12/C13).").format(pno=s.pno, pref=_colour(s.preference)))
        else:
            lines.append(_("Compromise: {pno} does not get his mild preference for {pref} "
                           "(C12).").format(pno=s.pno, pref=_colour(s.preference)))
    if hi.pairing_score > lo.pairing_score:
        for back, crit in ((1, "C14"), (2, "C16")):
            if hi.float_back(back) is Float.DOWN:
                lines.append(_("Compromise: {pno} floats down again ({crit}: he also floated down "
                               "{n} round(s) ago).").format(pno=hi.pno, crit=crit, n=back))
        for back, crit in ((1, "C15"), (2, "C17")):
            if lo.float_back(back) is Float.UP:
                lines.append(_("Compromise: {pno} floats up again ({crit}: he also floated up "
                               "{n} round(s) ago).").format(pno=lo.pno, crit=crit, n=back))
    return lines


def explain(result) -> dict[object, tuple[str, ...]]:
    """Explanations for a :class:`core.pairing.dutch.system.Pairing`: board index → lines, and
    ``"bye"`` for the pairing-allocated bye."""
    states = result.states
    out: dict[object, tuple[str, ...]] = {}
    for i, (w, b, rule) in enumerate(result.boards):
        out[i] = tuple(_board_lines(states[w], states[b], rule))
    if result.pab is not None:
        s = states[result.pab]
        paired = [states[p] for p in result.order]
        barred = sorted(p.pno for p in paired if (p.bye_barred if result.ruleset == "2026" else p.bye_barred_2017))
        lines = [_("{who} receives the pairing-allocated bye.").format(who=_who(s))]
        lines.append(_("No player with a lower score could receive it with a legal pairing of "
                       "everybody else (C5: lowest possible score)."))
        same = [p for p in paired if p.pairing_score == s.pairing_score and p.pno not in barred]
        if len(same) > 1:
            lines.append(_("Among the eligible players on {points} points, the choice follows "
                           "C9 (fewest unplayed games: {pno} has {k}) and then the bracket order.").format(
                points=format_points(s.pairing_score), pno=s.pno, k=s.unplayed_rounds))
        if barred:
            lines.append(_("Not eligible (C2: already had a bye or a win without playing): {list}.").format(
                list=", ".join(str(p) for p in barred)))
        out["bye"] = tuple(lines)
    return out
