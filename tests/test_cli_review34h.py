"""The CLI as organisers in tr/de/ru met it (issue 34, a fourth fresh-eyes review of the real
``hakem``): numbers typed the languages' way (the decimal comma), good input no longer refused,
successes said in one line, the Russian alphabetical order, words from the glossary.

Expected values are derived by hand beside the asserts or taken from the glossary; nothing is
copied from our own output.
"""

from __future__ import annotations

import json

import pytest

from tests.test_cli_review34e import data, one_line, organiser, run, russian_event  # noqa: F401 (fixtures)

pytestmark = pytest.mark.usefixtures("data")  # a data and configuration directory of each test's own


def _prize_amounts(tid: str, key: str) -> list[str]:
    code, out, err = run("prizes", "list", tid, "--format", "json")
    assert code == 0, err
    return next(g["amounts"] for g in json.loads(out)["groups"] if g["key"] == key)


# -- 1. a decimal comma in a prize is a decimal comma in de/tr/ru ----------------------------------
@pytest.mark.parametrize("lang", ["de", "tr", "ru"])
def test_a_decimal_comma_makes_one_prize_not_two(lang):
    tid = russian_event(paired=False)
    code, _out, err = run("--lang", lang, "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "150; 75,50")
    assert code == 0, err
    assert _prize_amounts(tid, "open") == ["150", "75.50"]  # two places: 150 and seventy-five and a half
    # three-digit groups cannot be decimals (two at most): still the list 500 / 300 / 200
    assert run("--lang", lang, "prizes", "add", tid, "w", "--kind", "women", "--amounts", "500,300,200")[0] == 0
    assert _prize_amounts(tid, "w") == ["500", "300", "200"]


def test_an_amount_that_reads_both_ways_is_refused_naming_it():
    tid = russian_event(paired=False)
    # 300,75,50: three prizes (300, 75, 50) or two (300 and 75.50)? Not guessed.
    code, _out, err = run("--lang", "de", "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,75,50")
    assert code != 0
    assert "300,75,50" in one_line(err) and "Traceback" not in err
    code, out, _err = run("prizes", "list", tid, "--format", "json")
    assert json.loads(out)["groups"] == []  # nothing stored


def test_in_english_the_comma_separates_prizes():
    tid = russian_event(paired=False)
    assert run("--lang", "en", "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "75,50")[0] == 0
    assert _prize_amounts(tid, "open") == ["75", "50"]
