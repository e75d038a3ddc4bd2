"""Why each team match and the bye: the scoregroup or the upfloat (Art. 3.5), the bracket's
choice (Art. 3.6.4) and the article of Art. 4.3 that gave the colours."""

from __future__ import annotations

from core.i18n import _
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Tournament
from core.pairing.base import RoundPairing
from core.pairing.swissteam.engine import TeamPairing
from core.pairing.swissteam.field import TeamState
from core.teams.scoring import bye_points


def _colour_reason(rule: str) -> str:
    reasons = {
        "4.3.1": _("neither team has played a match: the initial-colour by the first-team's "
                   "number (Art. 4.3.1)"),
        "4.3.2": _("the only team with a colour preference gets it (Art. 4.3.2)"),
        "4.3.3": _("both teams get the colour they prefer (Art. 4.3.3)"),
        "4.3.4": _("the only strong colour preference is granted (Art. 4.3.4)"),
        "4.3.5": _("White to the team with the lower colour difference (Art. 4.3.5)"),
        "4.3.6": _("colours alternate from the last match in which the two teams had different "
                   "colours (Art. 4.3.6)"),
        "4.3.7": _("the first-team's colour preference (Art. 4.3.7)"),
        "4.3.8": _("the first-team alternates from its last match (Art. 4.3.8)"),
        "4.3.9": _("the other team alternates from its last match (Art. 4.3.9)"),
    }
    return reasons[rule]


def explain(t: Tournament, states: dict[int, TeamState], result: TeamPairing,
            built: RoundPairing) -> dict[object, tuple[str, ...]]:
    """Lines keyed by the first board of each match, and ``"bye"``."""
    names = {team.id: team.name for team in t.teams}
    ups = {u for br in result.brackets for u in br.upfloaters}
    rules = {(w, b): rule for w, b, rule in result.boards}
    out: dict[object, tuple[str, ...]] = {}
    for match in built.matches:
        if not match.boards:
            continue
        w, b = match.home, match.away
        sw, sb = states[w], states[b]
        if sw.score == sb.score:
            lines = [_("{white} and {black} have the same score, {points}.").format(
                white=names[w], black=names[b], points=format_points(sw.score))]
        else:
            up, res = (sw, sb) if sw.tpn in ups else (sb, sw)
            lines = [_("{up} (score {low}) floats up to meet {res} (score {high}): the fewest "
                       "upfloaters, with the highest scores, that leave every team a legal "
                       "pairing (C.04.6 Art. 3.5).").format(
                up=names[up.tpn], low=format_points(up.score), res=names[res.tpn],
                high=format_points(res.score))]
        lines.append(_("Of the bracket's legal pairings, the first by team numbers among those "
                       "with the fewest unmet colour preferences (Art. 3.6)."))
        lines.append(_("{team} has White on board 1: {reason}.").format(
            team=names[w], reason=_colour_reason(rules[(w, b)])))
        out[match.boards[0]] = tuple(lines)
    if result.bye is not None:
        mp, gp = bye_points(t)
        out["bye"] = (_("{team} gets the pairing-allocated bye: of the teams that may receive it, "
                        "the lowest score, then the most matches played, then the largest number, "
                        "leaving the others a legal pairing (C.04.6 Art. 3.4).").format(
                            team=names[result.bye]),
                      _("The bye is worth a drawn match: match points {mp}, game points {gp} (Art. 1.4).").format(
                          mp=format_points(mp), gp=format_points(gp)))
    return out
