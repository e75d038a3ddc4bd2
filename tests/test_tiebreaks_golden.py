"""Agreement with TieBreakServer 1.9.57 (FIDE TEC's tie-break calculator), every value.

Golden data (reference program output, never our own):
* ``data/tiebreaks/f*.tsv`` — TieBreakServer's values for the dutch2026 files f01–f24 (bbpPairings
  tournaments; tests/data/README.md), 2024 and 2026 regimes, list PTS BH BH/C1 BH/C2 BH/M1 SB SB/C1 DE PS WIN WON
  BPG BWG REP ARO AOB TPR PTP FB;
* ``data/tiebreaks/random/r*.{trf,tsv}`` — 30 random Swiss tournaments made with the same
  program's generator (byes, forfeits; two in three with withdrawals added: a forfeit, then
  absences), list with DE right after PTS so that direct encounter really decides groups.
Each file checks the rank and every criterion of every participant.
"""

from __future__ import annotations

import functools
import glob
import os
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from core.standings import compute_standings
from core.trf import parse_tournament

DATA = os.path.join(os.path.dirname(__file__), "data")


def read_tsv(path: str) -> tuple[list[str], list[list[str]]]:
    with open(path, encoding="utf-8") as fh:
        rows = [line.rstrip("\n").split("\t") for line in fh if line.strip()]
    return rows[0], rows[1:]


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


@functools.cache
def _tournament(trf_path: str):
    """Parsed once per file (tournaments are immutable; several golden lists share a file)."""
    with open(trf_path, encoding="utf-8", newline="") as fh:
        return parse_tournament(fh.read())


def compare(trf_path: str, tsv_path: str, regime: str, round_robin: bool = False) -> tuple[int, list[str]]:
    """Compute standings with the file's list and compare every rank and value.

    Returns (number of values compared, mismatch descriptions).  Exact values are compared
    at the precision the reference prints (it rounds AOB to 0.01, half up; ARO/TPR/PTP are
    integers; points-like values are printed exactly).  A participant without any game
    played over the board has no rating-based value: we give ``None``, the reference "-0".
    """
    t = _tournament(trf_path)
    if round_robin:
        t = t.with_changes(system="berger")
    head, rows = read_tsv(tsv_path)
    suffix = f"/V{regime}"
    codes = [h[: -len(suffix)] if h.endswith(suffix) else h for h in head[3:]]
    s = compute_standings(t, codes, regime=regime)
    compared, bad = 0, []
    for row in rows:
        r = s.row(int(row[0]))
        expected = {"Rank": row[1], "PTS": row[2], **dict(zip(codes, row[3:]))}
        got = {"Rank": r.rank, "PTS": r.points, **r.values}
        for code, exp in expected.items():
            value = got[code]
            compared += 1
            if value is None:
                ok = exp in ("", "-0")  # the reference prints "-0" for "no value" (no games played)
            elif isinstance(value, int):
                ok = exp != "" and value == int(exp)
            else:
                places = len(exp.split(".")[1]) if "." in exp else 0
                quantum = Decimal(1).scaleb(-places)
                ok = exp != "" and _decimal(value).quantize(quantum, ROUND_HALF_UP) == Decimal(exp)
            if not ok:
                bad.append(f"{os.path.basename(tsv_path)} player {row[0]} {code}: got {value}, expected {exp}")
    return compared, bad


FIXTURES = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "f*.tsv")))
RANDOM = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "random", "*.tsv")))
EXTRA = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "extra", "*.tsv")))
ROUND_ROBIN = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "roundrobin", "*.tsv")))


def _case(tsv: str) -> tuple[str, str, str]:
    regime = tsv.split(".")[-2]
    name = os.path.basename(tsv).split(".")[0]
    if os.sep + "random" + os.sep in tsv or os.sep + "roundrobin" + os.sep in tsv:
        trf = os.path.join(os.path.dirname(tsv), f"{name}.trf")
    else:
        trf = os.path.join(DATA, "dutch2026", f"{name}.trf")
    return trf, tsv, regime


def test_golden_files_present():
    assert len(FIXTURES) == 48
    assert len(RANDOM) == 60
    assert len(EXTRA) == 56
    assert len(ROUND_ROBIN) == 24


@pytest.mark.parametrize("tsv", FIXTURES + RANDOM + EXTRA + ROUND_ROBIN, ids=lambda p: os.path.basename(p))
def test_every_value_agrees(tsv):
    trf, tsv, regime = _case(tsv)
    compared, mismatches = compare(trf, tsv, regime, round_robin=tsv in ROUND_ROBIN)
    assert compared > 0
    assert mismatches == [], "\n".join(mismatches[:20])
