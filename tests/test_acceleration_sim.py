"""Random-tournament simulator shared by the Dubov/Burstein/Lim property tests.

Results are drawn from a seeded ``random.Random`` (never the global one), so every run is
reproducible.  The simulator only *uses* an engine; it checks nothing itself.
"""

from __future__ import annotations

import random

from core.model import (Board, Bye, ByeKind, Colour, GameResult, Player, RequestedBye, Round,
                        Tournament)


def make_tournament(n: int, rounds: int, seed: int, system: str = "dubov", **kw) -> Tournament:
    rnd = random.Random(seed)
    ratings = sorted((rnd.randint(1200, 2600) for _ in range(n)), reverse=True)
    players = tuple(Player(pno=i + 1, name=f"P{i + 1}", rating=r) for i, r in enumerate(ratings))
    return Tournament(id=f"sim{seed}", name="Sim", system=system, total_rounds=rounds,
                      players=players, initial_colour=Colour.WHITE, **kw)


def play(t: Tournament, pairing, rnd: random.Random, forfeit_rate: float = 0.0) -> Tournament:
    boards = []
    for b in pairing.boards:
        x = rnd.random()
        if x < forfeit_rate:
            res = GameResult.WHITE_FORFEIT_WIN if rnd.random() < 0.5 else GameResult.BLACK_FORFEIT_WIN
        elif x < 0.45:
            res = GameResult.WHITE_WINS
        elif x < 0.8:
            res = GameResult.BLACK_WINS
        else:
            res = GameResult.DRAW
        boards.append(Board(b.white, b.black, res))
    rnd_obj = Round(number=pairing.round, boards=tuple(boards), byes=pairing.byes)
    return t.with_changes(rounds=t.rounds + (rnd_obj,))


def simulate(engine, n: int, rounds: int, seed: int, forfeit_rate: float = 0.0,
             bye_rate: float = 0.0, upto: int | None = None, **kw):
    """Yield ``(tournament_before, pairing)`` for every round paired by ``engine``."""
    rnd = random.Random(seed * 7919 + 1)
    t = make_tournament(n, rounds, seed, **kw)
    for r in range(1, (upto or rounds) + 1):
        if bye_rate:
            req = tuple(RequestedBye(p.pno, r, ByeKind.HALF) for p in t.players if rnd.random() < bye_rate)
            t = t.with_changes(requested_byes=t.requested_byes + req)
        pairing = engine.pair(t)
        yield t, pairing
        t = play(t, pairing, rnd, forfeit_rate)


def test_simulator_is_reproducible():
    class Naive:
        def pair(self, t):
            from core.pairing.base import RoundPairing
            ps = [p.pno for p in t.players]
            return RoundPairing(round=t.current_round + 1,
                                boards=tuple(Board(ps[i], ps[i + 1]) for i in range(0, len(ps) - 1, 2)),
                                byes=(Bye(ps[-1], ByeKind.PAB),) if len(ps) % 2 else ())
    a = [p.boards for _, p in simulate(Naive(), 7, 3, seed=5)]
    b = [p.boards for _, p in simulate(Naive(), 7, 3, seed=5)]
    assert a == b and len(a) == 3


def tournament_from(ratings: list[int], rounds: list[list[tuple]], total_rounds: int = 9,
                    system: str = "dubov", initial: Colour = Colour.WHITE, **kw) -> Tournament:
    """A tournament from hand-written rounds: each round lists ``(white, black, result)``
    boards (result ``"1-0"``, ``"0-1"``, ``"1/2"``, ``"+-"`` ...) and ``(pno, "U"|"H"|"F"|"Z")``
    byes.  Players are numbered 1..n in the order of ``ratings``."""
    players = tuple(Player(pno=i + 1, name=f"P{i + 1}", rating=r) for i, r in enumerate(ratings))
    rnds = []
    for i, spec in enumerate(rounds, start=1):
        boards, byes = [], []
        for item in spec:
            if isinstance(item[1], str):
                byes.append(Bye(item[0], ByeKind(item[1])))
            else:
                boards.append(Board(item[0], item[1], GameResult.parse(item[2])))
        rnds.append(Round(number=i, boards=tuple(boards), byes=tuple(byes)))
    return Tournament(id="hand", name="Hand", system=system, total_rounds=total_rounds,
                      players=players, rounds=tuple(rnds), initial_colour=initial, **kw)


def pairs_of(pairing) -> list[tuple[int, int]]:
    """(white, black) of every board, in board order."""
    return [(b.white, b.black) for b in pairing.boards]


def pab_of(pairing) -> int | None:
    return next((b.pno for b in pairing.byes if b.kind is ByeKind.PAB), None)


def check_round(t: Tournament, pairing, lim_rules: bool = False) -> None:
    """The absolute criteria every Dubov/Burstein/Lim round must satisfy (used by the property
    tests).  Raises AssertionError with the reason."""
    from core.pairing.swiss.state import PreferenceKind, Status, player_states

    r = t.current_round + 1
    st = player_states(t, r)
    seen: list[int] = []
    for b in pairing.boards:
        seen += [b.white, b.black]
    byes = [b.pno for b in pairing.byes]
    pabs = [b.pno for b in pairing.byes if b.kind is ByeKind.PAB]
    present = sorted(p for p, s in st.items() if s.status is Status.PAIRED)
    assert sorted(seen + pabs) == present, "every present player is on exactly one board or has the PAB"
    assert not set(seen) & set(byes), "nobody both plays and has a bye"
    assert len(pabs) == (len(present) % 2), "a PAB exactly when the number to pair is odd"
    for p in pabs:
        assert not st[p].bye_barred, f"C2: {p} may not receive the PAB again"
    forbidden = {frozenset(g) for g in t.forbidden if len(g) == 2}
    last = r >= t.total_rounds
    for b in pairing.boards:
        w, k = st[b.white], st[b.black]
        assert b.black not in w.opponents, f"C1: {b.white} and {b.black} already met"
        assert frozenset((b.white, b.black)) not in forbidden, "forbidden pair"
        if not lim_rules:
            assert not (w.preference_kind is PreferenceKind.ABSOLUTE and k.preference_kind is PreferenceKind.ABSOLUTE
                        and w.preference is k.preference), f"C3: {b.white}-{b.black}"
        for s, colour in ((w, Colour.WHITE), (k, Colour.BLACK)):
            seq = list(s.colours) + [colour]
            diff = 2 * sum(1 for c in seq if c is Colour.WHITE) - len(seq)
            three = len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3]
            if not (lim_rules and last):
                assert abs(diff) <= 2 and not three, f"colour limits broken for {s.pno}"
