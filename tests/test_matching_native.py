"""The compiled matcher (``core/pairing/matching/_native.c``) against the pure-Python one.

Why identical and not merely "also optimal": the Dutch bracket procedure reads decisions off
intermediate optima, and where several matchings are optimal the engine's results must not
depend on which implementation a machine happens to have.  So every solve of a random sequence
of loads, weight changes, group restarts and removals must give the same ``mate`` list in both
(the Python one is checked for optimality by ``test_dutch_matching.py`` and by an LP
certificate in ``test_matching_package.py``).  Skipped only where the extension is not built;
CI installs with ``pip install -e .``, which compiles it.
"""

from __future__ import annotations

import os
import random

import pytest

from core.pairing.matching import incremental
from core.pairing.matching.incremental import IncrementalMatcher, NativeMatcher, new_matcher

needs_native = pytest.mark.skipif(NativeMatcher is None, reason="compiled matcher not built")


def test_the_compiled_matcher_is_built_where_required() -> None:
    """CI sets ``HAKEM_REQUIRE_NATIVE=1``: there a missing compiler or missing Python headers
    (the extension is optional at install time) must fail the run instead of skipping the
    comparisons below."""
    if os.environ.get("HAKEM_REQUIRE_NATIVE") != "1":
        pytest.skip("HAKEM_REQUIRE_NATIVE is not set")
    assert NativeMatcher is not None, "core.pairing.matching._native was not compiled"


def _weight(rng: random.Random, big: bool) -> int:
    if big:
        return rng.randint(1, 2 ** 200)
    # few distinct values, some beyond 64 bits: many ties between optimal matchings
    return rng.choice((1, 2, 3, 5)) << rng.choice((0, 6, 70))


def _potentials(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(0, 2 ** 8) << rng.choice((0, 70)) for _ in range(n)]


def _play(seed: int) -> int:
    """Apply one random sequence of operations to both matchers; return how many solves were
    compared (asserting each)."""
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    big = rng.random() < 0.5
    py = IncrementalMatcher(n)
    assert NativeMatcher is not None
    c = NativeMatcher(n)
    both: tuple[incremental.WeightedMatcher, ...] = (py, c)
    rows = [[(o, _weight(rng, big)) for o in range(p) if rng.random() < 0.7] for p in range(n)]
    for m in both:
        m.load(rows)
    if rng.random() < 0.5:
        pot = _potentials(rng, n)
        for m in both:
            m.restart(pot)
    alive = list(range(n))
    solves = 0
    for step in range(8):
        a, b = py.solve(), c.solve()
        assert a == b, f"seed {seed}, solve {step}: python {a} native {b}"
        solves += 1
        if len(alive) < 3:
            break
        r = rng.random()
        if r < 0.2:
            v = alive.pop(rng.randrange(len(alive)))
            for m in both:
                m.remove_vertex(v)
        elif r < 0.5:
            group = rng.sample(alive, rng.randint(1, len(alive)))
            ops = [(v, u, rng.choice((0, _weight(rng, big), _weight(rng, big))))
                   for v in group for u in alive if u != v and rng.random() < 0.5]
            pot = _potentials(rng, n)
            for m in both:
                for x, y, w in ops:
                    m.set_weight(x, y, w)
                m.restart_group(group, pot)
        else:
            vs = rng.sample(alive, rng.randint(1, min(3, len(alive))))
            ops = [(v, u, rng.choice((0, _weight(rng, big), _weight(rng, big))))
                   for v in vs for u in alive if u != v and rng.random() < 0.6]
            for m in both:
                for x, y, w in ops:
                    m.set_weight(x, y, w)
    return solves


@needs_native
def test_native_matcher_gives_the_same_matchings_as_python() -> None:
    assert sum(_play(seed) for seed in range(400)) > 1500


@needs_native
def test_rows_set_at_once_and_growing_weights() -> None:
    """``set_row`` equals one ``set_weight`` per pair, and weights wider than any seen before
    (the matcher widens its fixed-width integers) keep the results identical."""
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randint(4, 24)
        py = IncrementalMatcher(n)
        assert NativeMatcher is not None
        c = NativeMatcher(n)
        for p in range(n):
            others = [o for o in range(p) if rng.random() < 0.8]
            weights = [rng.randint(1, 9) for _ in others]
            py.set_row(p, others, weights)
            c.set_row(p, others, weights)
        assert py.solve() == c.solve()
        for bits in (60, 130, 700, 2000):
            v = rng.randrange(n)
            others = [o for o in range(n) if o != v]
            weights = [rng.randint(1, 2 ** bits) for _ in others]
            py.set_row(v, others, weights)
            c.set_row(v, others, weights)
            assert py.solve() == c.solve()
        assert c.limbs() >= 2000 // 64


@needs_native
def test_one_shot_matching_uses_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """``HAKEM_PURE_PYTHON=1`` selects the Python matcher everywhere (one switch)."""
    assert isinstance(new_matcher(3), NativeMatcher)  # type: ignore[arg-type]
    monkeypatch.setenv(incremental.PURE_PYTHON_ENV, "1")
    assert isinstance(new_matcher(3), IncrementalMatcher)
    edges = [(0, 1, 5), (1, 2, 7), (2, 3, 5), (0, 3, 1)]
    assert incremental.max_weight_matching(4, edges) == [1, 0, 3, 2]
    monkeypatch.delenv(incremental.PURE_PYTHON_ENV)
    assert incremental.max_weight_matching(4, edges) == [1, 0, 3, 2]


@needs_native
def test_bad_calls_are_refused_with_a_message() -> None:
    assert NativeMatcher is not None
    c = NativeMatcher(3)
    with pytest.raises(IndexError, match="vertex 3 out of range"):
        c.set_weight(0, 3, 1)
    with pytest.raises(TypeError, match="weights must be int"):
        c.set_weight(0, 1, "5")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one potential per vertex"):
        c.restart([0])
    c.set_weight(0, 1, 4)
    assert c.solve() == [1, 0, -1]


@needs_native
def test_many_distinct_weights_over_time() -> None:
    """Far more distinct weights than the compiled matcher's first value table holds (it
    drops unused values and grows): results stay identical."""
    rng = random.Random(9)
    n = 30
    py = IncrementalMatcher(n)
    assert NativeMatcher is not None
    c = NativeMatcher(n)
    for _round in range(120):
        v = rng.randrange(n)
        others = [o for o in range(n) if o != v and rng.random() < 0.9]
        weights = [rng.randint(1, 2 ** 90) for _ in others]
        py.set_row(v, others, weights)
        c.set_row(v, others, weights)
        if _round % 10 == 9:
            assert py.solve() == c.solve()


@needs_native
def test_weights_loaded_as_sums_of_player_terms() -> None:
    """``load_sums`` (rows as ``array('i')`` or lists) equals ``load`` of the summed weights,
    zero sums being no edge, in both matchers."""
    from array import array

    rng = random.Random(21)
    for trial in range(40):
        n = rng.randint(2, 30)
        rows = [[o for o in range(p) if rng.random() < 0.8] for p in range(n)]
        left = [rng.choice((0, rng.randint(1, 2 ** 120))) for _ in range(n)]
        right = [rng.choice((0, rng.randint(1, 2 ** 120))) for _ in range(n)]
        reference = IncrementalMatcher(n)
        reference.load([(o, left[p] + right[o]) for o in row] for p, row in enumerate(rows))
        py = IncrementalMatcher(n)
        py.load_sums(rows, left, right)
        assert NativeMatcher is not None
        c = NativeMatcher(n)
        c.load_sums([array("i", row) for row in rows] if trial % 2 else rows, left, right)
        assert py.W == reference.W
        assert reference.solve() == py.solve() == c.solve()
