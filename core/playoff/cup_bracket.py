"""A cup's bracket as the arbiter reads it: each knockout round with its matches (players,
score, who went through and how), the players who advance without a game and those
eliminated.

Derived from the bracket :func:`core.playoff.cup.replay` evaluates, so it reads both shapes
of stored cup (one round per knockout round, or the earlier one game per round) and follows
every corrected result.  The screens lay it out (``tui/screens/bracket.py``); the words are
chosen there.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from core.model import Tournament
from core.playoff.cup import CupState, knockout_round, match_of, replay, round_of_game
from core.playoff.games import Entrant, Game, game_points
from core.playoff.match_score import MatchScore, match_score


@dataclass(frozen=True)
class MatchSummary(MatchScore):
    """One match of a knockout round: its score as every page reads it (:class:`MatchScore`:
    the Armageddon decides, it is no game point), its number in the round, and whether it is
    the match for third place."""

    number: int = 0
    third_place: bool = False


@dataclass(frozen=True)
class RoundSummary:
    """A knockout round: its English stage name (translated when shown), matches, byes."""

    number: int
    name: str
    matches: tuple[MatchSummary, ...]
    byes: tuple[int, ...]

    @property
    def eliminated(self) -> tuple[int, ...]:
        return tuple(m.loser for m in self.matches
                     if isinstance(m.loser, int) and not m.third_place)


def cup_summary(t: Tournament, cup: CupState | None = None) -> list[RoundSummary]:
    """Every knockout round known now, first to last, with its matches in bracket order."""
    cup = cup or replay(t)
    per_match: dict[str, list[Game]] = {}
    for g in cup.view.games:
        per_match.setdefault(match_of(g.id), []).append(g)
    rounds: dict[int, list[MatchSummary]] = {}
    names: dict[int, str] = {}
    for path, games in per_match.items():
        n = round_of_game(games[0].id, cup.view)
        if not path.startswith("p.third"):
            names.setdefault(n, games[0].stage.split(": ")[-1])
        rounds.setdefault(n, []).append(_summary(cup, path, games))
    out = []
    for n in sorted(rounds):
        matches = sorted(rounds[n], key=lambda m: (m.third_place, m.number))
        out.append(RoundSummary(n, names.get(n, ""), tuple(matches), tuple(cup.byes.get(f"p.r{n}", ()))))
    return out


def _summary(cup: CupState, path: str, games: list[Game]) -> MatchSummary:
    a, b = games[0].white, games[0].black
    if isinstance(a, int) and isinstance(b, int) and a > b:
        a, b = b, a   # the better seed first
    m = match_score(games, cup.view.lots, a, b)
    third = path.startswith("p.third")
    number = 1 if third else int(path.rsplit("m", 1)[-1])
    return MatchSummary(**{f.name: getattr(m, f.name) for f in fields(MatchScore)}, number=number, third_place=third)


@dataclass(frozen=True)
class PlayerMatch:
    """A player's latest match of the cup, seen from the player's side: what the standings of a
    cup show beside the stage reached (a knockout has no Swiss points or tie-breaks to show)."""

    opponent: Entrant
    own: Fraction
    other: Fraction
    played: int
    won: bool | None
    """``None`` while the match runs."""
    match: MatchScore | None = None
    """The whole match (:func:`core.playoff.match_score.score_text` writes it as every page does)."""


def latest_matches(t: Tournament, cup: CupState | None = None) -> dict[int, PlayerMatch]:
    """Pairing number → the player's furthest match with a game played (the third-place
    match after the semi-final), else the match the player is paired for: the standings
    after a round show how the player got through, not a next match still 0–0 (a winner
    of the preliminary round read "Quarter-final, (empty) match" the moment round 2 was
    paired).  Players who only advanced without a game and are not paired yet are absent."""
    out: dict[int, PlayerMatch] = {}
    for rnd in cup_summary(t, cup):
        for m in rnd.matches:
            for me, them, own, other in ((m.a, m.b, m.score_a, m.score_b), (m.b, m.a, m.score_b, m.score_a)):
                if isinstance(me, int) and (m.played or me not in out or not out[me].played):
                    won = None if m.winner is None else m.winner == me
                    out[me] = PlayerMatch(them, own, other, m.played, won, m)
    return out


def points_before_games(t: Tournament, round_no: int, cup: CupState | None = None) -> dict[int, tuple[Fraction, Fraction]]:
    """Board number of round ``round_no`` → White's and Black's points in their match before
    the board's game (what the boards of a cup show where a Swiss shows the score before the
    round: the event's points would count games of earlier matches and byes).  The Armageddon
    adds nothing (its draw is a win for Black, :class:`MatchSummary`).  Empty for a cup stored
    one game per round, whose boards name no game."""
    if not 0 < round_no <= len(t.rounds):
        return {}
    cup = cup or replay(t)
    before: dict[str, tuple[Fraction, Fraction]] = {}
    running: dict[str, dict[Entrant, Fraction]] = {}
    for g in cup.view.games:
        score = running.setdefault(match_of(g.id), {})
        before[g.id] = (score.get(g.white, Fraction(0)), score.get(g.black, Fraction(0)))
        if g.result is not None and g.kind != "armageddon":
            pw, pb = game_points(g.result)
            score[g.white] = score.get(g.white, Fraction(0)) + Fraction(pw)
            score[g.black] = score.get(g.black, Fraction(0)) + Fraction(pb)
    return {bno: before[b.game] for bno, b in enumerate(t.round(round_no).boards, start=1) if b.game in before}


@dataclass(frozen=True)
class CardMatch:
    """One match of a player's cup, or a bye of the bracket (``opponent`` ``None``), seen from
    the player's side: a cup's pairing card lists matches, not rounds — the games of one match
    are played in several of the event's rounds, and a round the player is not on a board is no
    bye (a knockout gives no points for it)."""

    stage: str
    """The stage as the derivation names it (English; :func:`core.playoff.labels.stage_text`)."""
    opponent: Entrant | None
    games: tuple[tuple[str, Game], ...]
    """Each game with the player's colour (``"white"`` or ``"black"``)."""
    own: Fraction = Fraction(0)
    other: Fraction = Fraction(0)
    won: bool | None = None
    """``None`` while the match runs; ``True`` for a bye (the player advances)."""
    match: MatchScore | None = None
    """The whole match (``None`` for a bye)."""


def player_matches(t: Tournament, pno: int, cup: CupState | None = None) -> list[CardMatch]:
    """The player's matches and byes of the cup, first stage to last."""
    cup = cup or replay(t)
    per_match: dict[str, list[Game]] = {}
    for g in cup.view.games:
        per_match.setdefault(match_of(g.id), []).append(g)
    found: list[tuple[int, bool, CardMatch]] = []
    for path, games in per_match.items():
        if pno not in (games[0].white, games[0].black):
            continue
        m = _summary(cup, path, games)
        mine = m.a == pno
        found.append((round_of_game(games[0].id, cup.view), m.third_place, CardMatch(
            games[0].stage, m.b if mine else m.a,
            tuple(("white" if g.white == pno else "black", g) for g in games),
            m.score_a if mine else m.score_b, m.score_b if mine else m.score_a,
            None if m.winner is None else m.winner == pno, m)))
    names = {round_of_game(g.id, cup.view): g.stage for g in cup.view.games}
    for key, players in cup.byes.items():
        n = int(key.rsplit("r", 1)[-1])
        if pno in players:
            found.append((n, False, CardMatch(names.get(n, ""), None, (), won=True)))
    return [card for _n, _third, card in sorted(found, key=lambda f: (f[0], f[1]))]


def stage_groups(t: Tournament) -> list[list[int]]:
    """Players grouped by the stage they reached, best first: the finished cup's places; while
    it runs, by the furthest knockout round, players still in it before those out at that
    round.  The standings put these groups first and the event's criteria after (Aktar
    p. 67: players eliminated at the same stage share)."""
    cup = replay(t)
    if cup.view.places is not None:
        return [sorted(g) for g in cup.view.places]
    reached: dict[int, tuple[int, bool]] = {}
    for g in cup.view.games:
        n = knockout_round(g.id)
        for p in (g.white, g.black):
            if isinstance(p, int):
                reached[p] = max(reached.get(p, (0, False)), (n, g.result is None))
    for path, players in cup.byes.items():
        for p in players:
            reached.setdefault(p, (int(path.rsplit("r", 1)[-1]) + 1, True))
    keys = sorted(set(reached.values()), reverse=True)
    groups = _decided_matches_split(t, cup, [sorted(p for p, k in reached.items() if k == key) for key in keys])
    rest = sorted(p.pno for p in t.players if p.pno not in reached)
    return groups + ([rest] if rest else [])


def _decided_matches_split(t: Tournament, cup: CupState, groups: list[list[int]]) -> list[list[int]]:
    """``groups`` with the two players of every decided match in one group (the final, the
    match for third place) put apart, the winner first: a decided match decides its places at
    once — the third-place match won 1½–½ is 3rd and 4th while the final is still being played."""
    for rnd in cup_summary(t, cup):
        for m in rnd.matches:
            if not (isinstance(m.winner, int) and isinstance(m.loser, int)):
                continue
            winner, loser = m.winner, m.loser
            groups = [part for g in groups for part in
                      ([[p for p in g if p != loser], [loser]] if winner in g and loser in g else [g])]
    return groups
