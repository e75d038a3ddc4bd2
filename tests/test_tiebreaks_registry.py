"""Registry, code parsing, names table and explain consistency."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from core.tiebreaks import build_context, compute, explain, parse_code, parse_list
from core.i18n.tiebreak_names import NAMES
from core.tiebreaks.regimes import Regime
from core.tiebreaks.registry import REGISTRY
from core.tiebreaks.spec import TieBreakError
from core.trf import parse_tournament

SPEC_METHODS = ["PTS", "PS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "STD", "KASH", "MP", "GP", "BH",
                "BBH", "AOB", "FB", "SB", "KS", "KSX", "ARO", "TPR", "TPRS", "PTP", "APRO", "APPO", "RTNG",
                "TPN", "LOT"]


def test_every_method_of_the_spec_is_registered_with_a_name():
    for code in SPEC_METHODS:
        assert code in REGISTRY, code
        assert NAMES[code] and REGISTRY[code].name == NAMES[code]
    assert set(REGISTRY) <= set(NAMES)


@pytest.mark.parametrize("text,canonical", [
    ("BH/C1", "BH/C1"), ("bh-c1", "BH/C1"), ("BH/M2", "BH/M2"), ("SB/C1", "SB/C1"), ("AROC1", "ARO/C1"),
    ("ARO-C1", "ARO/C1"), ("GE", "REP"), ("KS/L+1", "KS/L+1"), ("KS/L-2", "KS/L-2"), ("PS/C3", "PS/C3"),
    ("BH:MP/C1", "BH:MP/C1"), ("DE/P", "DE/P"), ("TPR/U1400", "TPR/U1400"), ("AOB/F", "AOB/F"),
    ("BH/C1/V2024", "BH/C1/V2024"), ("TPN/R", "TPN/R"),
])
def test_codes_parse(text, canonical):
    assert parse_code(text).canonical == canonical


def test_limit_is_in_half_points():
    assert parse_code("KS/L+1").limit == Fraction(1, 2)
    assert parse_code("KS/L-3").limit == Fraction(-3, 2)


@pytest.mark.parametrize("text", ["XYZ", "BH/L1", "WIN/C1", "BH:XX", "BH/Cx", ""])
def test_bad_codes_are_refused(text):
    with pytest.raises(TieBreakError):
        parse_code(text)


def test_list_parsing_drops_pts():
    assert [s.code for s in parse_list("PTS, DE BH/C1,SB")] == ["DE", "BH/C1", "SB"]


def test_per_criterion_regime_modifier():
    path = os.path.join(os.path.dirname(__file__), "data", "dutch2026", "f01_p7r5.trf")
    with open(path, encoding="utf-8", newline="") as fh:
        t = parse_tournament(fh.read())
    v = compute(t, ["BH/V2024", "BH"], regime="2026").values
    # reference values for player 2: 13.5 (2024) and 12.0 (2026)
    assert v["BH/V2024"][2] == Fraction(27, 2) and v["BH"][2] == 12


def test_explain_matches_value_for_every_code():
    path = os.path.join(os.path.dirname(__file__), "data", "dutch2026", "f05_p14r7.trf")
    with open(path, encoding="utf-8", newline="") as fh:
        t = parse_tournament(fh.read())
    ctx = build_context(t)
    codes = [c for c in REGISTRY if not REGISTRY[c].group and not REGISTRY[c].team_only] + [
        "BH/C1", "BH/M1", "SB/C1", "PS/C1", "ARO/C1", "FB/C2", "AOB/F"]
    values = compute(t, codes, regime=Regime.FIDE2026, ctx=ctx).values
    for code in codes:
        for pno in (1, 7, 14):
            e = explain(t, code, pno, regime="2026", ctx=ctx)
            assert e.value == values[code][pno], (code, pno)
            assert e.lines()[0].startswith(code)


def test_describe():
    from core.tiebreaks import describe

    assert describe("BH/C1") == "Buchholz, cut 1 (drop the 1 least significant values)"
    assert describe("KS/L+2").startswith("Koya score, limit moved by 2 half-points")
    assert describe("ARO/U1400") == "Average rating of opponents, unrated players count as rated 1400"


def test_one_lookup_of_a_code_knows_every_spelling():
    """A code is looked up in one place (core.tiebreaks.codes.lookup): the settings screen's
    modifier hint read the table itself and knew no other spelling (``Solkoff``, an older name
    of Buchholz that the code reader accepts)."""
    from core.tiebreaks.codes import lookup
    from tui.standings import criterion_modifiers

    assert lookup("SOLKOFF") is REGISTRY["BH"]
    assert criterion_modifiers("Solkoff/C1") == REGISTRY["BH"].modifiers != ""
    with pytest.raises(TieBreakError, match="'XYZ'"):
        lookup("XYZ")
