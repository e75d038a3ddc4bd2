"""Legacy regime against an independent implementation of the 2009 "virtual opponent" rules.

Golden data (``data/tiebreaks/legacy/*.legacy.tsv``): BH, BH-C1, BH-C2, BH-M1, BH-M2 and SB
printed by marceljuenemann/tiebreak 0.4.0 (TypeScript, mode ``FIDE_2009``) for the 30 random
Swiss tournaments of ``data/tiebreaks/random`` and the dutch2026 files f01–f24 (full-point
byes passed to it as pairing-allocated byes: both are a point won without playing, which the
2009 rules treat alike).  That program counts every unplayed round of an opponent as a draw
and gives an own unplayed round a virtual opponent starting level and drawing afterwards —
the rule of Aktar pp. 77–80.
"""

from __future__ import annotations

import functools
import glob
import os
from fractions import Fraction

import pytest

from core.tiebreaks import compute
from core.trf import parse_tournament

DATA = os.path.join(os.path.dirname(__file__), "data")
FILES = sorted(glob.glob(os.path.join(DATA, "tiebreaks", "legacy", "*.legacy.tsv")))


@functools.cache
def _tournament(path: str):
    with open(path, encoding="utf-8", newline="") as fh:
        return parse_tournament(fh.read())


def _trf_for(tsv: str) -> str:
    name = os.path.basename(tsv).replace(".legacy.tsv", ".trf")
    folder = "dutch2026" if name.startswith("f") else os.path.join("tiebreaks", "random")
    return os.path.join(DATA, folder, name)


def test_files_present():
    assert len(FILES) == 54


@pytest.mark.parametrize("tsv", FILES, ids=os.path.basename)
def test_legacy_values_agree(tsv):
    t = _tournament(_trf_for(tsv))
    with open(tsv, encoding="utf-8") as fh:
        rows = [line.rstrip("\n").split("\t") for line in fh if line.strip()]
    codes = rows[0][1:]
    ours = compute(t, codes, regime="legacy").values
    bad = []
    for row in rows[1:]:
        pno = int(row[0])
        for code, text in zip(codes, row[1:]):
            if Fraction(text) != ours[code][pno]:
                bad.append(f"player {pno} {code}: ours {ours[code][pno]}, reference {text}")
    assert bad == [], "\n".join(bad[:20])
