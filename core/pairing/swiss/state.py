"""Per-player pairing state for the next round of a Swiss event (shared by Dutch, Dubov, Burstein, Lim).

Why one module: every FIDE Swiss system reads the same derived facts from the history — score
and pairing score, colour history of *played* games (C.04.2 Art. 3.4), colour difference and
preference (C.04.1 Art. 6–8, C.04.3 Art. 1.6–1.7), opponents met over the board (C.04.1 Art. 2,
C.04.2 Art. 3.5), floats per round, and bye eligibility (C.04.1 Art. 4).  Deriving them once, the
same way for every engine, keeps the engines small and their answers consistent.

Everything is a pure function of the :class:`~core.model.Tournament`; nothing depends on hash
seeds or the clock.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from core.model import Code, Colour, Tournament, entries


class PreferenceKind(enum.IntEnum):
    """Strength of a colour preference (C.04.3 Art. 1.7); higher value = stronger."""

    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


class Float(enum.Enum):
    """Float received in one past round."""

    DOWN = "D"
    UP = "U"
    NONE = " "


class Status(enum.Enum):
    """How a registered player stands for the round being paired."""

    PAIRED = "paired"
    """Present: must be paired (board or pairing-allocated bye)."""
    REQUESTED_BYE = "requested_bye"
    """Has a requested bye (half/full/zero) for this round: not paired."""
    ABSENT = "absent"
    """Not yet arrived (late entry) or withdrawn: not paired."""


# Round results that were decided by a pairing (the player was on a board or got the PAB).
_PARTICIPATED = frozenset({
    Code.WIN, Code.DRAW, Code.LOSS, Code.SHORT_WIN, Code.SHORT_DRAW, Code.SHORT_LOSS,
    Code.FORFEIT_WIN, Code.FORFEIT_LOSS, Code.PAB,
})


@dataclass(frozen=True)
class PlayerState:
    """What a Swiss engine needs to know about one player before pairing a round.

    ``rank`` is the 0-based position among the players *taking part in the pairing history*
    (C.04.2 Art. 2 TPN order with never-paired absentees skipped, as the public engines do); it
    decides rule 5.2.5 parity.  ``floats`` / ``floats_2017`` hold one entry per past round
    (index 0 = round 1) under the 2026 (C.04.3 Art. 1.4) and 2017 (A.4) definitions.
    """

    pno: int
    rating: int
    rank: int
    score: Fraction
    """Points from the results so far (the standings score)."""
    pairing_score: Fraction
    """Score plus virtual (acceleration) points for the round being paired."""
    round_scores: tuple[Fraction, ...]
    """Pairing score before each past round (index 0 = before round 1), incl. that round's virtual points."""
    colours: tuple[Colour, ...]
    """Colours of played games only, oldest first."""
    colour_difference: int
    """Whites minus blacks (C.04.3 Art. 1.6)."""
    preference: Colour
    preference_kind: PreferenceKind
    repeated_colour: Colour
    """Colour of the last two played games when they are equal, else NONE."""
    opponents: frozenset[int]
    """Opponents met in played games (forfeits do not count, C.04.2 Art. 3.5)."""
    floats: tuple[Float, ...]
    floats_2017: tuple[Float, ...]
    had_pab: bool
    bye_barred: bool
    """2026 C.04.1 Art. 4: had a PAB or scored a win's points in one round without playing."""
    bye_barred_2017: bool
    """2017 C.2: had a PAB or a forfeit win."""
    played_games: int
    unplayed_rounds: int
    status: Status

    @property
    def imbalance(self) -> int:
        return abs(self.colour_difference)

    @property
    def absolute(self) -> bool:
        return self.preference_kind is PreferenceKind.ABSOLUTE

    @property
    def strong(self) -> bool:
        return self.preference_kind is PreferenceKind.STRONG

    def float_back(self, rounds_back: int, rules: str = "2026") -> Float:
        """Float received ``rounds_back`` rounds before the round being paired."""
        seq = self.floats if rules == "2026" else self.floats_2017
        if rounds_back > len(seq):
            return Float.NONE
        return seq[len(seq) - rounds_back]


def colour_preference(colours: Iterable[Colour]) -> tuple[Colour, PreferenceKind, Colour]:
    """Preference, its kind and the repeated colour from a played-games colour sequence.

    C.04.3 Art. 1.7 (same in 2017 A.6): absolute if |CD| > 1 or the last two played games had
    the same colour; strong if |CD| = 1; mild (alternate) if CD = 0; none without games.
    """
    seq = [c for c in colours if c is not Colour.NONE]
    if not seq:
        return Colour.NONE, PreferenceKind.NONE, Colour.NONE
    whites = sum(1 for c in seq if c is Colour.WHITE)
    blacks = len(seq) - whites
    diff = whites - blacks
    lower = Colour.BLACK if diff > 0 else Colour.WHITE
    repeated = seq[-1] if len(seq) >= 2 and seq[-1] is seq[-2] else Colour.NONE
    if abs(diff) > 1:
        return lower, PreferenceKind.ABSOLUTE, repeated
    if repeated is not Colour.NONE:
        return repeated.opposite, PreferenceKind.ABSOLUTE, repeated
    if diff != 0:
        return lower, PreferenceKind.STRONG, repeated
    return seq[-1].opposite, PreferenceKind.MILD, repeated


def virtual_points(t: Tournament, round_no: int) -> dict[int, Fraction]:
    """Acceleration points per player for ``round_no`` (:mod:`core.pairing.swiss.acceleration`:
    the XXA/250 data of a TRF file, else the Baku method when the event uses it)."""
    from core.pairing.swiss import acceleration

    return dict(acceleration.virtual_points(t, round_no))


def _requested(t: Tournament, round_no: int) -> dict[int, object]:
    return {rb.pno: rb.kind for rb in t.requested_byes if rb.round == round_no}


def player_states(t: Tournament, round_no: int | None = None) -> dict[int, PlayerState]:
    """States of every registered player for pairing ``round_no`` (default: the next round).

    Only rounds before ``round_no`` are read.  Players with a requested bye or absent get a
    state too (with their status) so that reports can show them.
    """
    if round_no is None:
        round_no = t.current_round + 1
    hist_all = entries(t, round_no - 1)
    pts = t.points
    requested = _requested(t, round_no)
    # only the non-zero virtual points: most events have none, and adding 0 is a Fraction sum
    vp_by_round = [{pno: v for pno, v in virtual_points(t, r).items() if v}
                   for r in range(1, round_no + 1)]
    # Pairing score before every round, for float definitions (needs opponents' scores).
    before: dict[int, list[Fraction]] = {}
    raw_scores: dict[int, Fraction] = {}
    # penalties and bonuses (TRF 299): one of round k counts from after round k, one of no
    # round (0) from the start; rounds not played yet do not count
    adjusted: dict[int, dict[int, Fraction]] = {}
    for adj in t.adjustments:
        if adj.round < round_no:
            for pno in adj.players:
                per_round = adjusted.setdefault(pno, {})
                per_round[adj.round] = per_round.get(adj.round, Fraction(0)) + adj.points
    for p in sorted(t.players, key=lambda p: p.pno):
        hist = hist_all.get(p.pno, [])
        own = adjusted.get(p.pno, {})
        running = own.get(0, Fraction(0))
        seq = []
        for r, vp in enumerate(vp_by_round, start=1):
            extra = vp.get(p.pno)
            seq.append(running if extra is None else running + extra)
            if r - 1 < len(hist):
                running += pts.for_code(hist[r - 1].code)
            if r in own:
                running += own[r]
        before[p.pno] = seq
        raw_scores[p.pno] = running

    def status_of(pno: int) -> Status:
        if pno in requested:
            return Status.REQUESTED_BYE
        return Status.PAIRED if t.player(pno).active_in(round_no) else Status.ABSENT

    # rank: TPN order over players that take part in pairing history (bbpPairings' "valid").
    rank_of: dict[int, int] = {}
    nxt = 0
    for p in sorted(t.players, key=lambda p: p.pno):
        hist = hist_all.get(p.pno, [])
        participated = any(e.code in _PARTICIPATED for e in hist)
        if status_of(p.pno) is Status.PAIRED or participated:
            rank_of[p.pno] = nxt
            nxt += 1
        else:
            rank_of[p.pno] = -1

    out: dict[int, PlayerState] = {}
    for p in sorted(t.players, key=lambda p: p.pno):
        hist = hist_all.get(p.pno, [])
        colours = tuple(e.colour for e in hist if e.played and e.colour is not Colour.NONE)
        whites = sum(1 for c in colours if c is Colour.WHITE)
        pref, kind, rep = colour_preference(colours)
        floats: list[Float] = []
        floats17: list[Float] = []
        had_pab = False
        barred = False
        barred17 = False
        unplayed = 0
        for e in hist:
            r = e.round
            if not e.played:
                unplayed += 1
                got = pts.for_code(e.code)
                floats.append(Float.DOWN if got > pts.loss else Float.NONE)
                floats17.append(Float.DOWN)
                if e.code is Code.PAB:
                    had_pab = True
                if e.code is Code.PAB or got >= pts.win:
                    barred = True
                if e.code in (Code.PAB, Code.FORFEIT_WIN):
                    barred17 = True
                continue
            mine = before[p.pno][r - 1]
            theirs = before.get(e.opponent, [Fraction(0)] * r)[r - 1] if e.opponent is not None else Fraction(0)
            f = Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
            floats.append(f)
            floats17.append(f)
        out[p.pno] = PlayerState(
            pno=p.pno,
            rating=p.rating,
            rank=rank_of[p.pno],
            score=raw_scores[p.pno],
            pairing_score=before[p.pno][round_no - 1],
            round_scores=tuple(before[p.pno][: round_no - 1]),
            colours=colours,
            colour_difference=2 * whites - len(colours),
            preference=pref,
            preference_kind=kind,
            repeated_colour=rep,
            opponents=frozenset(e.opponent for e in hist if e.played and e.opponent is not None),
            floats=tuple(floats),
            floats_2017=tuple(floats17),
            had_pab=had_pab,
            bye_barred=barred,
            bye_barred_2017=barred17,
            played_games=len(colours),
            unplayed_rounds=unplayed,
            status=status_of(p.pno),
        )
    return out


def pairing_order(states: Iterable[PlayerState]) -> list[PlayerState]:
    """C.04.3 Art. 1.2 order: pairing score descending, then TPN ascending."""
    return sorted(states, key=lambda s: (-s.pairing_score, s.rank, s.pno))


def topscorer_threshold(t: Tournament, round_no: int) -> Fraction | None:
    """Score above which a player is a topscorer (C.04.3 Art. 1.8), or ``None`` if this is not
    the final round.  "More than 50% of the maximum possible score" after the rounds played."""
    if round_no < t.total_rounds:
        return None
    best = max(t.points.win, t.points.draw)
    return Fraction(round_no - 1) * best / 2


def forbidden_pairs(t: Tournament) -> set[frozenset[int]]:
    """Every pair of players that may not meet in the round being paired because of a
    forbidden group (XXP / 260, whose round range may leave this round out) or an event
    option that keeps them apart (same federation, club-mates: :mod:`.restrictions`)."""
    from core.pairing.swiss.restrictions import option_pairs

    out: set[frozenset[int]] = set(option_pairs(t, len(t.rounds) + 1))
    for group in t.forbidden_for(len(t.rounds) + 1):
        members = sorted(set(group))
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                out.add(frozenset((a, b)))
    return out


def board_order_key(white: PlayerState, black: PlayerState) -> tuple:
    """Sort key of a board (C.04.2 Art. 3.6, mandatory in 2017 and what the engines do):
    higher score of the pair's higher-ranked player, then higher score of the lower-ranked
    player, then smaller rank of the higher-ranked player.  Standings scores, not pairing
    scores, are compared, as the reference engine does."""
    hi, lo = sorted((white, black), key=lambda s: (-s.score, s.rank))
    return (-hi.score, -lo.score, hi.rank)


def round_one_pairs(ranked: list[int], initial: Colour) -> list[tuple[int, int]]:
    """Round 1 of a Swiss event: top half against bottom half (C.04.3 Art. 3 on one
    homogeneous bracket with no history), the higher-ranked player gets ``initial`` on odd
    boards and the other colour on even boards (rule 5.2.5).  ``ranked`` lists the players to
    pair in TPN order; an odd player out is returned as ``(pno, 0)``."""
    players = list(ranked)
    bye = players.pop() if len(players) % 2 else None
    half = len(players) // 2
    out: list[tuple[int, int]] = []
    for i in range(half):
        hi, lo = players[i], players[half + i]
        first = initial if i % 2 == 0 else initial.opposite
        out.append((hi, lo) if first is Colour.WHITE else (lo, hi))
    if bye is not None:
        out.append((bye, 0))
    return out


def infer_initial_colour(t: Tournament) -> Colour | None:
    """The initial colour when the file does not record it (TRF26 152 is optional).

    As the reference engine reads it: in the earliest round with any colour, take the
    highest-ranked player who had been paired by then; his colour in that round is the
    initial colour if his rank among the paired players is odd-numbered (1st, 3rd ...),
    else the opposite.  ``None`` before any game was played.
    """
    hist = entries(t)
    first = None
    for h in hist.values():
        for e in h:
            if e.colour is not Colour.NONE and (first is None or e.round < first):
                first = e.round
    if first is None:
        return None
    position = 0
    for p in sorted(t.players, key=lambda p: p.pno):
        h = hist.get(p.pno, [])
        if any(e.code in _PARTICIPATED for e in h[:first]):
            colour = h[first - 1].colour if len(h) >= first else Colour.NONE
            if colour is not Colour.NONE:
                return colour.opposite if position & 1 else colour
            position += 1
    return None
