"""Burstein bracket search against a brute force: enumerate *every* pairing of the bracket
in the Art. 4 order (itertools-based, written independently of the engine's search), keep the
first one with the best (C5, C6, C7, C8) vector that passes C1, C3 and C4, and compare.
C7 is the next bracket's own C5 and C6: most pairs, then the lowest scores left over."""


import pytest

from core.pairing.swiss.colours import colour_violations

from tests.test_acceleration_sim import simulate


def _all_pairings(items, floats):
    """All pairings of ``items`` (in BSN order) with ``floats`` floaters, in Art. 4.3 order:
    sort every pairing by the tuple of opponents' BSNs (0 = float), descending."""
    n = len(items)
    out = []

    def rec(free, acc):
        if not free:
            out.append(acc)
            return
        a = free[0]
        for b in free[1:]:
            rec([x for x in free if x not in (a, b)], acc + [(a, b)])
        rec(free[1:], acc + [(a, None)])

    rec(list(range(n)), [])
    res = []
    for p in out:
        if sum(1 for _, b in p if b is None) != floats:
            continue
        opp = {}
        for a, b in p:
            opp[a] = b if b is not None else -1
            if b is not None:
                opp[b] = a
        res.append((tuple(-(opp[i] + 1) for i in range(n)), p))
    res.sort(key=lambda x: x[0])
    return [p for _, p in res]


def _perfect(players, legal):
    players = list(players)
    if not players:
        return True
    a = players[0]
    return any(legal(a, b) and _perfect([x for x in players if x not in (a, b)], legal) for b in players[1:])


def _next_bracket(players, legal, score):
    """C7 by exhaustion: the next bracket's (−pairs, its left-over scores highest first), best
    over every pairing of ``players`` (C5 then C6 of the next bracket)."""
    players = list(players)
    if not players:
        return (0, ())
    a, rest = players[0], players[1:]
    pairs, left = _next_bracket(rest, legal, score)
    best = (pairs, tuple(sorted(left + (score(a),), reverse=True)))
    for b in rest:
        if legal(a, b):
            pairs, left = _next_bracket([x for x in rest if x != b], legal, score)
            best = min(best, (pairs - 1, left))
    return best


def brute(ctx, bracket, rest, nxt):
    st = ctx.states
    legal = ctx.legal
    n = len(bracket)
    for f in range(n % 2, n + 1, 2):
        best = None
        for p in _all_pairings(bracket, f):
            pairs = [(bracket[a], bracket[b]) for a, b in p if b is not None]
            floaters = [bracket[a] for a, b in p if b is None]
            if not all(legal(a, b) for a, b in pairs):
                continue
            if not _perfect(floaters + rest, legal):
                continue
            key = (tuple(sorted((st[x].pairing_score for x in floaters), reverse=True)),
                   _next_bracket(floaters + nxt, legal, lambda x: st[x].pairing_score)
                   if floaters else (0, ()),
                   sum(colour_violations(ctx, a, b) for a, b in pairs))
            if best is None or key < best[0]:
                best = (key, pairs, floaters)
        if best is not None:
            return best
    return None


def _brackets():
    """The brackets the engine really pairs in simulated Burstein tournaments (recorded by
    wrapping :func:`pair_bracket`), small enough to brute-force."""
    import core.pairing.burstein.engine as engine
    from core.pairing.registry import get_system

    recorded = []
    original = engine.pair_bracket

    def spy(ctx, bracket, rest, nxt, legal=None):
        res = original(ctx, bracket, rest, nxt, legal)
        if 2 <= len(bracket) <= 8 and len(rest) <= 8:
            recorded.append((ctx, list(bracket), list(rest), list(nxt), res))
        return res

    engine.pair_bracket = spy
    try:
        for seed in range(8):
            for _ in simulate(get_system("burstein"), 9 + seed, 7, seed, forfeit_rate=0.05):
                pass
    finally:
        engine.pair_bracket = original
    return recorded[:25]


_CACHE: list = []


@pytest.mark.parametrize("case", range(25))
def test_bracket_search_equals_brute_force(case):
    if not _CACHE:
        _CACHE.extend(_brackets())
    if case >= len(_CACHE):
        pytest.fail(f"only {len(_CACHE)} brackets collected")
    ctx, bracket, rest, nxt, got = _CACHE[case]
    want = brute(ctx, bracket, rest, nxt)
    assert want is not None
    _, pairs, floaters = want
    assert sorted(got.floaters) == sorted(floaters)
    assert {frozenset(p) for p in got.pairs} == {frozenset(p) for p in pairs}
