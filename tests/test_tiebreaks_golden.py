"""Agreement with TieBreakServer 1.9.57 (FIDE TEC's tie-break calculator), every value.

Golden data (reference program output, never our own):
* ``data/tiebreaks/f*.tsv`` — the dutch2026 files f01–f24 from ../shared/fixtures (bbpPairings
  tournaments), 2024 and 2026 regimes, list PTS BH BH/C1 BH/C2 BH/M1 SB SB/C1 DE PS WIN WON
  BPG BWG REP ARO AOB TPR PTP FB;
* ``data/tiebreaks/random/r*.{trf,tsv}`` — 30 random Swiss tournaments made with the same
  program's generator (byes, forfeits; two in three with withdrawals added: a forfeit, then
  absences), list with DE right after PTS so that direct encounter really decides groups.
Each file checks the rank and every criterion of every participant.
"""

from __future__ import annotations

import glob
import os

import pytest

from tests.tiebreak_golden import DATA, compare

FIXTURES = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "f*.tsv")))
RANDOM = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "random", "*.tsv")))


def _case(tsv: str) -> tuple[str, str, str]:
    regime = tsv.split(".")[-2]
    name = os.path.basename(tsv).split(".")[0]
    if "random" in tsv:
        trf = os.path.join(DATA, "tiebreaks", "random", f"{name}.trf")
    else:
        trf = os.path.join(DATA, "dutch2026", f"{name}.trf")
    return trf, tsv, regime


def test_golden_files_present():
    assert len(FIXTURES) == 48
    assert len(RANDOM) == 60


@pytest.mark.parametrize("tsv", FIXTURES + RANDOM, ids=lambda p: os.path.basename(p))
def test_every_value_agrees(tsv):
    trf, tsv, regime = _case(tsv)
    compared, mismatches = compare(trf, tsv, regime)
    assert compared > 0
    assert mismatches == [], "\n".join(mismatches[:20])
