"""A tie-break list naming one criterion twice is refused (review rev32c item 2): F5 took
``SOSM-1`` twice.  One criterion = the same base and modifiers, under any spelling
(OpenGotha's ``SOSM-1`` and ``SOS-1`` are both hakem's SOSM1)."""

from __future__ import annotations

import pytest

from core.tiebreaks.codes import parse_list
from core.tiebreaks.spec import TieBreakError
from tests.cli_run import run


@pytest.mark.parametrize("text, repeated", [("MMS,SOSM-1,SOSM-1", "SOSM-1"), ("MMS SOSM-1 SOS-1", "SOS-1"),
                                            ("BH/C1,SB,bh/c1", "bh/c1"), ("BH/M1 BH#M1", "BH#M1")])
def test_a_repeated_criterion_is_refused_naming_it(text, repeated):
    with pytest.raises(TieBreakError, match=f"'{repeated}' repeats"):
        parse_list(text)


def test_the_same_base_with_other_modifiers_is_two_criteria():
    assert [s.canonical for s in parse_list("BH/C1,BH,BH/M1,SOS,SOSM-1")] == ["BH/C1", "BH", "BH/M1", "SOS", "SOSM1"]


def test_an_unknown_code_names_opengothas_names_too():
    with pytest.raises(TieBreakError, match="OpenGotha's names: SOSM, SOSM-1, .*CUSSM"):
        parse_list("MMS,SOSX")


def test_new_refuses_a_repeated_or_unknown_criterion(cli_data, capsys):
    for text, words in (("MMS,SOSM-1,SOS-1", "'SOS-1' repeats 'SOSM-1'"), ("MMS,XX", "unknown tie-break 'XX'")):
        _out, err = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3, "--tiebreaks", text, code=3)
        assert len(err.strip().splitlines()) == 1 and words in err
    assert "Cup" not in run(capsys, "list")[0]  # nothing created


def test_standings_refuse_a_criterion_typed_twice(cli_data, capsys):
    """A fresh-eyes review: `standings --tiebreaks "MMS,SOSM,SOSM"` printed two SOSM columns
    while `new` and F5 refused the list."""
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    _out, err = run(capsys, "standings", tid, "--tiebreaks", "MMS,SOS,SOSM", code=3)
    assert len(err.strip().splitlines()) == 1 and "'SOSM' repeats 'SOS'" in err


def test_f5s_code_field_offers_opengothas_names_in_a_go_event():
    from tui.screens.tiebreaks import code_hint

    assert "SOSM-1" in code_hint("mcmahon") and "OpenGotha" in code_hint("gamma")
    assert "SOSM" not in code_hint("dutch")


def test_opengothas_names_are_named_like_hakems_codes():
    """A fresh-eyes review: F5 showed "?" beside SOSM and SOSOSM (the name was looked up by the
    typed spelling); the label now follows the parsed code."""
    from core.reports.tables import tiebreak_label
    from tui.screens.tiebreaks import known_base

    assert tiebreak_label("SOSM") == tiebreak_label("SOS") and tiebreak_label("SOSM-1") == tiebreak_label("SOSM1")
    assert tiebreak_label("SOSOSM") == tiebreak_label("SOSOS") != "SOSOSM"
    assert known_base("SOSOSM") == "SOSOS" and known_base("XX/C1") == "XX"
