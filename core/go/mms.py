"""McMahon scores: initial MMS, MMS after each round, SOS, SODOS and SOSOS (OpenGotha's rules).

Why in one place: the pairing (score groups, handicaps), the standings criteria, the Go table
and the h9 export read the same numbers; they are derived from the rounds every time, so a
corrected result never leaves a stale score behind.

Rules, as OpenGotha documents and computes them:

* initial MMS = the rank clamped to [floor, bar] on the scale 30k = 0 … 1d = 30;
* MMS after a round = initial MMS + wins + ½ per jigo + the points of rounds without a game
  (the bye: ``bye_points``, default 1; any other round without a game: ``absent_points``,
  default ½), those extra points summed and rounded down to a whole number;
* a game counts as played for the criteria whatever its result (also a forfeit, also a
  result not yet in, which scores 0 until it is);
* SOS = per round, the opponent's MMS at the end of the rounds counted, plus the handicap when
  the player had White, minus it when the player had Black; for a round without a game the
  player's own initial MMS;
* SODOS = per game, that same opponent value times the player's score in the game (1 win,
  ½ jigo); rounds without a game add nothing;
* SOSOS = per round, the opponent's SOS; for a round without a game the player's initial MMS
  times the number of rounds counted.

Model mapping: ``WHITE_WINS``/``WHITE_FORFEIT_WIN`` are White's wins (and the black mirror),
``DRAW`` a jigo, ``BOTH_LOSE``/``DOUBLE_FORFEIT`` a loss for both; a pairing-allocated bye is
the bye; every other round without a game (requested bye, absence, before a late entry, after
a withdrawal) is an absence.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from fractions import Fraction

from core.go.mcmahon_options import McMahonOptions, mcmahon_options, mms_correction
from core.go.ranks import player_rank
from core.model import ByeKind, Colour, GameResult, Tournament

_SCORE = {
    GameResult.WHITE_WINS: (Fraction(1), Fraction(0)),
    GameResult.WHITE_FORFEIT_WIN: (Fraction(1), Fraction(0)),
    GameResult.BLACK_WINS: (Fraction(0), Fraction(1)),
    GameResult.BLACK_FORFEIT_WIN: (Fraction(0), Fraction(1)),
    GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
    GameResult.BOTH_LOSE: (Fraction(0), Fraction(0)),
    GameResult.DOUBLE_FORFEIT: (Fraction(0), Fraction(0)),
}


class Participation(enum.Enum):
    PAIRED = "paired"
    BYE = "bye"
    ABSENT = "absent"


@dataclass(frozen=True)
class GoRound:
    """One player in one round."""

    round: int
    participation: Participation
    opponent: int | None = None
    colour: Colour = Colour.NONE
    handicap: int = 0
    score: Fraction = Fraction(0)
    """1 win, ½ jigo, 0 loss (also while the result is not in)."""
    pending: bool = False
    forfeit: bool = False


@dataclass(frozen=True)
class McMahonScore:
    """A player's McMahon record over the rounds counted."""

    pno: int
    rank: int
    start_mms: int
    rounds: tuple[GoRound, ...]
    mms_after: tuple[Fraction, ...]
    """``mms_after[r]``: MMS after round r (``mms_after[0]`` = initial MMS)."""

    @property
    def mms(self) -> Fraction:
        return self.mms_after[-1]

    @property
    def wins(self) -> int:
        return sum(1 for r in self.rounds if r.participation is Participation.PAIRED and r.score == 1)

    def mms_before(self, round_no: int) -> Fraction:
        """MMS before ``round_no`` (after the rounds before it that are counted)."""
        return self.mms_after[min(round_no - 1, len(self.mms_after) - 1)]


def _rows(t: Tournament, upto: int) -> dict[int, list[GoRound]]:
    rows: dict[int, list[GoRound]] = {p.pno: [] for p in t.players}
    for rnd in t.rounds[:upto]:
        seen: set[int] = set()
        for b in rnd.boards:
            w_score, b_score = _SCORE.get(b.result, (Fraction(0), Fraction(0))) if b.result else (
                Fraction(0), Fraction(0))
            pending = b.result is None
            forfeit = b.result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
                                   GameResult.DOUBLE_FORFEIT)
            hd = b.handicap or 0
            rows.setdefault(b.white, []).append(GoRound(rnd.number, Participation.PAIRED, b.black,
                                                        Colour.WHITE, hd, w_score, pending, forfeit))
            rows.setdefault(b.black, []).append(GoRound(rnd.number, Participation.PAIRED, b.white,
                                                        Colour.BLACK, hd, b_score, pending, forfeit))
            seen.update((b.white, b.black))
        for bye in rnd.byes:
            if bye.pno in seen:
                continue
            kind = Participation.BYE if bye.kind is ByeKind.PAB else Participation.ABSENT
            rows.setdefault(bye.pno, []).append(GoRound(rnd.number, kind))
            seen.add(bye.pno)
        for pno, hist in rows.items():
            if pno not in seen:
                hist.append(GoRound(rnd.number, Participation.ABSENT))
    return rows


def scores(t: Tournament, upto: int | None = None, options: McMahonOptions | None = None
           ) -> dict[int, McMahonScore]:
    """Every player's McMahon record over rounds 1..``upto`` (default: every paired round)."""
    opts = options or mcmahon_options(t)
    last = len(t.rounds) if upto is None else max(0, min(upto, len(t.rounds)))
    ranks = {p.pno: player_rank(p, "mcmahon") for p in t.players}
    corrections = {p.pno: mms_correction(p) for p in t.players}
    out: dict[int, McMahonScore] = {}
    for pno, hist in _rows(t, last).items():
        rank = ranks.get(pno, opts.floor)
        start = opts.start_mms(rank) + corrections.get(pno, 0)
        after = [Fraction(start)]
        games = Fraction(0)
        extra = Fraction(0)
        for row in hist:
            if row.participation is Participation.PAIRED:
                games += row.score
            elif row.participation is Participation.BYE:
                extra += opts.bye_points
            else:
                extra += opts.absent_points
            after.append(start + games + math.floor(extra))
        out[pno] = McMahonScore(pno, rank, start, tuple(hist), tuple(after))
    return out


def nbw(s: McMahonScore) -> Fraction:
    """OpenGotha's NBW: wins (forfeit wins too), ½ per jigo and 1 per bye; absences count
    nothing (its NBW values, whatever the MMS values are)."""
    return sum((r.score if r.participation is Participation.PAIRED else Fraction(1)
                for r in s.rounds if r.participation is not Participation.ABSENT), Fraction(0))


def virtual_mms(s: McMahonScore) -> Fraction:
    """OpenGotha's MMS with "count not played games as ½ point": the initial MMS, the points of
    games really played, and ½ for every round without one (bye, absence, forfeit, a result
    not in yet) — so an opponent who was given a free point does not inflate SOS."""
    played = [r for r in s.rounds if r.participation is Participation.PAIRED and not r.forfeit and not r.pending]
    return s.start_mms + sum((r.score for r in played), Fraction(0)) + Fraction(len(s.rounds) - len(played), 2)


def _opponent_value(row: GoRound, opponent: McMahonScore, virtual: bool = False) -> Fraction:
    """The opponent's MMS (or virtual MMS) corrected by the handicap (+h with White, −h with
    Black)."""
    sign = 1 if row.colour is Colour.WHITE else -1
    return (virtual_mms(opponent) if virtual else opponent.mms) + sign * row.handicap


def opponent_values(s: McMahonScore, all_scores: dict[int, McMahonScore], virtual: bool = False
                    ) -> list[Fraction]:
    """Per counted round the SOS part: the opponent's MMS ± handicap, without a game the
    player's own initial MMS (OpenGotha's rule); ``virtual``: the opponents' virtual MMS."""
    return [_opponent_value(row, all_scores[row.opponent], virtual)
            if row.participation is Participation.PAIRED and row.opponent in all_scores else Fraction(s.start_mms)
            for row in s.rounds]


def sos(all_scores: dict[int, McMahonScore], virtual: bool = False) -> dict[int, Fraction]:
    return {pno: sum(opponent_values(s, all_scores, virtual), Fraction(0)) for pno, s in all_scores.items()}


def sodos(all_scores: dict[int, McMahonScore], virtual: bool = False) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for pno, s in all_scores.items():
        total = Fraction(0)
        for row in s.rounds:
            if row.participation is Participation.PAIRED and row.opponent in all_scores:
                total += _opponent_value(row, all_scores[row.opponent], virtual) * row.score
        out[pno] = total
    return out


def sosos(all_scores: dict[int, McMahonScore], sos_values: dict[int, Fraction] | None = None
          ) -> dict[int, Fraction]:
    sos_values = sos_values if sos_values is not None else sos(all_scores)
    out: dict[int, Fraction] = {}
    for pno, s in all_scores.items():
        total = Fraction(0)
        counted = len(s.rounds)
        for row in s.rounds:
            if row.participation is Participation.PAIRED and row.opponent in sos_values:
                total += sos_values[row.opponent]
            else:
                total += s.start_mms * counted
        out[pno] = total
    return out
