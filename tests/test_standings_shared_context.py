"""The standings of one snapshot share its tie-break values between lists (issue 35, item 6).

A tie-break draft edited in the TUI asks for the standings of the same snapshot again at every
key with one criterion changed; the values of the criteria already computed are taken from the
snapshot's shared context instead of being computed again.  The reference for every value is a
context built afresh for the request (``core.tiebreaks.compute`` with its own context), and a
new snapshot (a change) must never get the values of the old one.
"""

from __future__ import annotations

import dataclasses

from core import changes
from core.model import GameResult
from core.standings import compute_standings
from core.tiebreaks import compute as tiebreak_values
from core.tiebreaks.codes import lookup
from core.tiebreaks.context import build_context
from tests.tui_fixtures import demo


def counting(monkeypatch, code: str) -> list[str]:
    """Count the computations of ``code``'s values (every variant: BH, BH/C1...)."""
    import core.tiebreaks.registry as registry

    calls: list[str] = []
    definition = lookup(code)
    real = definition.compute

    def compute(ctx, spec, regime):
        calls.append(spec.code)
        return real(ctx, spec, regime)

    monkeypatch.setitem(registry.REGISTRY, code, dataclasses.replace(definition, compute=compute))
    return calls


def fresh(t, codes):
    """The values of ``codes`` on a context built for this request alone."""
    return tiebreak_values(t, codes, ctx=build_context(t)).values


def test_a_list_changed_on_one_snapshot_computes_only_the_new_criterion(monkeypatch):
    t = demo(rounds=3, complete_last=True, tiebreaks=("BH/C1", "SB"))
    calls = counting(monkeypatch, "BH")
    first = compute_standings(t, ("BH/C1", "SB"))
    assert calls == ["BH/C1"]
    swapped = compute_standings(t, ("SB", "BH/C1"))  # a criterion moved: nothing new to compute
    assert calls == ["BH/C1"]
    cut_two = compute_standings(t, ("BH/C2", "SB"))  # the cut changed: BH/C2 only
    assert calls == ["BH/C1", "BH/C2"]
    expected = fresh(t, ("BH/C1", "BH/C2", "SB"))
    for s in (first, swapped, cut_two):
        for code in s.tiebreaks:
            assert {r.pno: r.values[code] for r in s.rows} == expected[code]


def test_a_new_snapshot_gets_its_own_values(monkeypatch):
    t = demo(rounds=3, complete_last=False, tiebreaks=("BH", "SB"))
    before = compute_standings(t)
    after_t = changes.set_result(t, 3, 1, GameResult.WHITE_WINS)
    calls = counting(monkeypatch, "BH")
    after = compute_standings(after_t)
    assert calls == ["BH"]  # computed anew for the changed snapshot
    expected = fresh(after_t, ("BH", "SB"))
    assert {r.pno: r.values["BH"] for r in after.rows} == expected["BH"]
    # the result moved somebody's opponents' scores: the old values would be wrong here
    assert {r.pno: r.values["BH"] for r in before.rows} != expected["BH"]
