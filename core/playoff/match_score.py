"""What one match of a knockout or playoff came to — the one description every page reads.

The standings of a cup, the text bracket, the bracket tree, the PDF and the screens all show a
match by :func:`match_score` and the words below, so one match reads the same everywhere
(a match decided by Armageddon was ``2–2`` in the standings, ``3* / 2`` in the text bracket and
``2 … 2 EA`` in the tree).

The rule followed (FIDE knockout practice, as the World Cup regulations and Aktar p. 66 play
it): the match score counts the regular games and the tie-break games (extensions, sudden
death) — each a normal game, 1, ½ or 0.  The Armageddon game is not a game point of the match:
it *decides* a match still level (a draw counts as a win for Black), so a match won on it reads
``2–2`` with the Armageddon named beside it (``A``) and its winner marked as going through.  A
lot that decides a level match is named the same way (``L``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from core.errors import InvalidResult
from core.i18n import _, pgettext
from core.i18n.format import format_points
from core.model import GameResult
from core.playoff import armageddon
from core.playoff.games import Entrant, Game, Lot, game_points

FLAGS = ("E", "A", "SD", "L")
"""How a match was played beyond its regular games, in the order they come: extension games,
the Armageddon, sudden-death games, a lot."""

_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)


@dataclass(frozen=True)
class MatchScore:
    """One match between ``a`` and ``b`` (players, or placeholders while they are not known).

    ``score_a``/``score_b`` count every game with a result except the Armageddon (module
    docstring); ``played`` counts the games with a result, the Armageddon included."""

    a: Entrant
    b: Entrant
    score_a: Fraction
    score_b: Fraction
    played: int
    winner: int | None
    """Who goes through, once every game has its result (``None`` while the match runs)."""
    decided_by: str
    """``""`` (the regular games), ``"extension"``, ``"armageddon"``, ``"sudden_death"``,
    ``"lot"`` or ``"forfeit"``."""
    flags: tuple[str, ...] = ()
    """:data:`FLAGS` of the games played beyond the regular ones (``("E", "A")``)."""

    @property
    def loser(self) -> Entrant | None:
        if self.winner is None:
            return None
        return self.b if self.winner == self.a else self.a

    def points(self, side: Entrant) -> Fraction:
        """The match points of ``side`` (``a`` or ``b``)."""
        return self.score_a if side == self.a else self.score_b

    def seen_from(self, side: Entrant) -> tuple[Fraction, Fraction]:
        """``side``'s points and the opponent's."""
        return (self.score_a, self.score_b) if side == self.a else (self.score_b, self.score_a)


def match_score(games: Sequence[Game], lots: Iterable[Lot] = (), a: Entrant | None = None,
                b: Entrant | None = None) -> MatchScore:
    """The match the ``games`` of one match make (their ids share the match's path, as
    :mod:`core.playoff.minimatch` names them: ``p.r1m2.s0g1`` … ``p.r1m2.arm``); ``lots``
    the playoff's lots (the one deciding this match is found by its key).  ``a``/``b``: the
    order to report the players in (default: White and Black of the first game)."""
    first = games[0]
    a = first.white if a is None else a
    b = first.black if b is None else b
    path = first.id.rsplit(".", 1)[0]
    points = {a: Fraction(0), b: Fraction(0)}
    played = 0
    flags: list[str] = []
    for g in games:
        flag = {"extension": "E", "armageddon": "A", "sudden_death": "SD"}.get(g.kind)
        if flag and g.result is not None and flag not in flags:
            flags.append(flag)
        if g.result is None:
            continue
        played += 1
        if g.kind != "armageddon":
            pw, pb = game_points(g.result)
            points[g.white] = points.get(g.white, Fraction(0)) + Fraction(pw)
            points[g.black] = points.get(g.black, Fraction(0)) + Fraction(pb)
    winner, how = (None, "")
    if played == len(games) and isinstance(a, int) and isinstance(b, int):
        winner, how = _decided(path, games, lots, points, a, b)
    if how == "lot":
        flags.append("L")
    return MatchScore(a, b, points[a], points[b], played, winner, how,
                      tuple(f for f in FLAGS if f in flags))


def _decided(path: str, games: Sequence[Game], lots: Iterable[Lot], points: dict[Entrant, Fraction],
             a: int, b: int) -> tuple[int | None, str]:
    """Who went through a finished match, and how."""
    last = games[-1]
    if any(g.result in _FORFEITS for g in games) and points[a] != points[b]:
        return (a if points[a] > points[b] else b), "forfeit"
    if last.kind == "armageddon" and last.result is not None:
        try:
            return armageddon.winner(last.result, int(last.white), int(last.black), last.flag_later), "armageddon"
        except InvalidResult:  # both flags fell and whose fell later is not entered yet
            return None, ""
    if points[a] != points[b]:
        return (a if points[a] > points[b] else b), ("" if last.kind == "regular" else last.kind)
    for lot in lots:
        if lot.key.startswith((f"{path}.decider", f"{path}.sd-lot")):
            return int(lot.value), "lot"
    return None, ""


# -- the words -----------------------------------------------------------------------------------

def flag_letter(code: str) -> str:
    """A flag (:data:`FLAGS`) as the reader's letters — German V(erlängerung), Russian
    Д(ополнительные), А(рмагеддон) in Cyrillic — never Latin letters on a page in another
    script."""
    return {"E": pgettext("bracket flag: extension games", "E"), "A": pgettext("bracket flag: Armageddon", "A"),
            "SD": pgettext("bracket flag: sudden death", "SD"),
            "L": pgettext("bracket flag: decided by lot", "L")}.get(code, code)


def flags_text(m: MatchScore) -> str:
    """The match's flags in the reader's letters, apart (``V A``: two letters never read as a
    word, Russian ``Д А`` is not «да»)."""
    return " ".join(flag_letter(code) for code in m.flags)


def score_text(m: MatchScore, side: Entrant | None = None) -> str:
    """``2–2 E A`` — the match score from ``side``'s view (default ``a``'s) and how it was
    played beyond the regular games; ``""`` before any game has a result."""
    if not m.played:
        return ""
    own, other = m.seen_from(m.a if side is None else side)
    flags = flags_text(m)
    return f"{format_points(own)}–{format_points(other)}" + (f" {flags}" if flags else "")


def how_decided(code: str) -> str:
    """How a level match was decided, in words (``""`` for the regular games)."""
    words = {"extension": _("after the extension games"), "armageddon": _("by the Armageddon game"),
             "sudden_death": _("by sudden death"), "lot": _("by lot"), "forfeit": _("by forfeit")}
    return words.get(code, "")


def outcome_text(m: MatchScore, names: dict[int, str], final: bool = False, third_place: bool = False,
                 playoff_final: bool = False) -> str:
    """Who went through and how ("Smith, John goes through (by the Armageddon game)"); ``""``
    while the match runs.  ``final``: a cup's final (its winner wins the cup);
    ``playoff_final``: the last match of a tie-break playoff — its winner goes nowhere further
    ("üst tura çıktı" for the winner of a playoff for first place), but wins the playoff."""
    if m.winner is None:
        return ""
    who = names.get(m.winner, str(m.winner))
    if third_place:
        status = _("{name} is third").format(name=who)
    elif playoff_final:
        status = _("{name} wins the playoff").format(name=who)
    elif final:
        status = _("{name} wins the cup").format(name=who)
    else:
        status = _("{name} goes through").format(name=who)
    how = how_decided(m.decided_by)
    return f"{status} ({how})" if how else status


def decided_text(m: MatchScore, names: dict[int, str], final: bool = False, third_place: bool = False,
                 playoff_final: bool = False) -> str:
    """The score from the winner's side and who went through: ``2–2 E A: Smith, John goes
    through (by the Armageddon game)`` — the line the brackets write under a decided match."""
    outcome = outcome_text(m, names, final, third_place, playoff_final)
    return f"{score_text(m, m.winner)}: {outcome}" if outcome else ""


def flag_legend(codes: Iterable[str]) -> list[str]:
    """The legend of the flags that appear ("A: Armageddon, decided the match …"), one entry
    per flag, in :data:`FLAGS` order; each fits a terminal's 80 columns."""
    texts = {"E": _("{flag}: extension games"),
             "A": _("{flag}: Armageddon, decided the match (not counted in its score)"),
             "SD": _("{flag}: sudden death"), "L": _("{flag}: decided by lot")}
    found = set(codes)
    return [texts[code].format(flag=flag_letter(code)) for code in FLAGS if code in found]
