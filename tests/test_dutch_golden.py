"""Golden data: every round of every bbpPairings-generated tournament is re-paired by our engine.

tests/data/dutch2026 was produced by bbpPairings v6.0.0 (the 2026 Dutch rules), dutch2017 by
v5.0.1 (2017 rules); see tests/data/README.md.  For round r the input is rounds
1..r-1 plus round r's requested byes/absences (core.pairing.replay); the expected answer is
round r of the file: same pairs, same colours, same board order, same PAB.  Every file runs
with the compiled matcher (where built) and with the pure-Python one (``HAKEM_PURE_PYTHON``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from core.pairing.dutch.system import compute
from core.pairing.matching.incremental import PURE_PYTHON_ENV, NativeMatcher
from core.pairing.replay import actual_round, input_for_round
from core.trf import parse_tournament

DATA = Path(__file__).parent / "data"
FILES_2026 = sorted((DATA / "dutch2026").glob("*.trf"))
FILES_2017 = sorted((DATA / "dutch2017").glob("*.trf"))


@pytest.fixture(params=["native", "python"], autouse=True)
def matcher_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both matcher implementations must reproduce the reference engine."""
    if request.param == "native":
        if NativeMatcher is None:
            pytest.skip("compiled matcher not built")
        monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    else:
        monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    return str(request.param)


def _load(path: Path):
    return parse_tournament(path.read_bytes().decode("utf-8"), path.stem)


def _mismatches(path: Path, rules: str) -> list[str]:
    t = _load(path)
    bad = []
    for r in range(1, len(t.rounds) + 1):
        got = compute(input_for_round(t, r), rules)
        expected, pab = actual_round(t, r)
        mine = [(w, b) for w, b, _ in got.boards]
        if mine != expected or got.pab != pab:
            bad.append(f"round {r}: expected {expected} bye {pab}, got {mine} bye {got.pab}")
    return bad


def test_golden_files_present() -> None:
    assert len(FILES_2026) == 26
    assert len(FILES_2017) == 5


@pytest.mark.parametrize("path", FILES_2026, ids=lambda p: p.stem)
def test_dutch2026_every_round_matches_bbppairings_v6(path: Path) -> None:
    assert _mismatches(path, "2026") == []


@pytest.mark.parametrize("path", FILES_2017, ids=lambda p: p.stem)
def test_dutch2017_every_round_matches_bbppairings_v5(path: Path) -> None:
    assert _mismatches(path, "2017") == []
