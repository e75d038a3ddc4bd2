"""The CLI's words as organisers in tr/de/ru met them (rev35b, a fresh-eyes review of whole
events from the shell): dates, points, amounts and percentages written the language's way and
read back as printed, import errors naming the field in the reader's words, ``berger`` in the
reader's language, the flag a refusal needs named.

Expected values come from the glossary, CLDR's conventions (Turkish ``%67``, German and Russian
``67 %`` with a no-break space) or a hand derivation beside the assert; nothing is copied from
our own output.
"""

from __future__ import annotations

import json
import re

import pytest

from core.i18n.format import format_percent, resolve_language
from tests.test_cli_review34e import data, one_line, organiser, run, russian_event  # noqa: F401 (fixtures)

pytestmark = pytest.mark.usefixtures("data")  # a data and configuration directory of each test's own

NBSP = "\u00a0"


def _new(*args: str) -> str:
    code, out, err = run("new", "Kış Açık", "--rounds", "5", *args)
    assert code == 0, err
    return out.strip().splitlines()[-1]


def _points(tid: str) -> dict[str, str]:
    code, out, err = run("export", tid, "--json", "-o", "-")
    assert code == 0, err
    return json.loads(out)["points"]


# -- #9 settings: dates, points, placeholders, control characters ---------------------------------
def test_an_end_before_the_start_is_said_with_dates_as_typed():
    tid = _new("--start", "07.12.2026")
    code, _out, err = run("--lang", "de", "settings", tid, "--end", "01.12.2026")
    assert code != 0
    line = one_line(err)
    assert "01.12.2026" in line and "07.12.2026" in line and "2026-12" not in line, line


@pytest.mark.parametrize("typed", ["1; ½; 0", "1;0,5;0", "1,0.5,0"])
def test_the_points_are_read_as_settings_prints_them_and_with_a_decimal_comma(typed):
    tid = _new()
    code, _out, err = run("--lang", "tr", "settings", tid, "--points", typed)
    assert code == 0, err
    points = _points(tid)
    assert (points["win"], points["draw"], points["loss"]) == ("1", "0.5", "0")


def test_three_one_zero_with_semicolons_and_a_pab():
    tid = _new()
    assert run("--lang", "de", "settings", tid, "--points", "3; 1; 0; 1")[0] == 0
    points = _points(tid)
    assert (points["win"], points["draw"], points["loss"], points["pab"]) == ("3", "1", "0", "1")


@pytest.mark.parametrize("lang, words", [("de", ("Sieg", "Remis", "Niederlage")),
                                         ("tr", ("galibiyet", "beraberlik", "yenilgi"))])
def test_the_points_refusal_names_the_values_in_the_language(lang, words):
    tid = _new()
    code, _out, err = run("--lang", lang, "settings", tid, "--points", "1;0,5")
    assert code != 0
    line = one_line(err)
    assert all(word in line for word in words) and "WIN" not in line and "DRAW" not in line, line


def test_a_control_character_in_the_arbiters_name_is_named_with_its_place():
    tid = _new()
    code, _out, err = run("--lang", "de", "settings", tid, "--arbiter", "Bad\x07Name")
    assert code != 0
    line = one_line(err)
    # the bell is the 4th character; said as players add says it (U+0007 and its German name)
    assert "U+0007 (Klingelzeichen)" in line and " 4 " in line, line


# -- #12 prize amounts as printed ---------------------------------------------------------------
def _amounts(tid: str, key: str) -> list[str]:
    code, out, err = run("prizes", "list", tid, "--format", "json")
    assert code == 0, err
    return next(g["amounts"] for g in json.loads(out)["groups"] if g["key"] == key)


@pytest.mark.parametrize("lang, typed, expected", [
    ("tr", "1.000,500,250", ["1000", "500", "250"]),          # the Turkish report prints 1.000
    ("de", "1.000,50; 500", ["1000.50", "500"]),              # grouped with decimals
    ("ru", f"1{NBSP}000; 500", ["1000", "500"]),              # the Russian report prints 1 000
    ("ru", "1\u202f000 500", ["1000", "500"]),                # a narrow no-break space too
])
def test_a_prize_amount_is_read_as_the_prize_list_prints_it(lang, typed, expected):
    tid = russian_event(paired=False)
    code, _out, err = run("--lang", lang, "prizes", "add", tid, "open", "--kind", "overall", "--amounts", typed)
    assert code == 0, err
    assert _amounts(tid, "open") == expected


def test_prizes_list_prints_the_amounts_as_the_report_does():
    tid = russian_event(paired=False)
    assert run("--lang", "tr", "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "1000; 75,50")[0] == 0
    code, out, _err = run("--lang", "tr", "prizes", "list", tid)
    assert code == 0 and "1.000 / 75,50" in out, out


def test_thousands_split_by_a_plain_space_are_refused_not_read_as_two_prizes():
    tid = russian_event(paired=False)
    code, _out, err = run("--lang", "ru", "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "1 000")
    assert code != 0 and "000" in one_line(err)


# -- #13 and #19 norms: dates, titles, percentages ------------------------------------------------
@pytest.mark.parametrize("lang, score, required", [("tr", "%", "≥ %35"), ("ru", f"{NBSP}%", f"≥ 35{NBSP}%"),
                                                   ("de", f"{NBSP}%", f"≥ 35{NBSP}%")])
def test_the_norms_report_writes_dates_titles_and_percentages_the_languages_way(lang, score, required):
    tid = _new("--start", "07.12.2026", "--end", "09.12.2026")
    for name, rating, sex in (("Kaya, Elif", "2100", "w"), ("Demir, Can", "2000", "m"), ("Ak, Efe", "1900", "m"),
                              ("Er, Ali", "1800", "m")):
        assert run("players", "add", tid, "--name", name, "--rating", rating, "--sex", sex)[0] == 0
    assert run("round", "pair", tid)[0] == 0
    code, out, err = run("--lang", lang, "report", tid, "norms", "--player", "1")
    assert code == 0, err
    assert "07.12.2026 – 09.12.2026" in out and "2026-12-07" not in out, out
    assert required in out
    if lang == "ru":  # the Russian standings' titles: ЖГМ for WGM, ГМ for GM (glossary, title words)
        assert "ЖГМ" in out and "WGM" not in out


@pytest.mark.parametrize("lang, expected", [("tr", "%67"), ("de", f"67{NBSP}%"), ("ru", f"67{NBSP}%"),
                                            ("en", "67%")])
def test_a_percentage_is_written_as_the_language_writes_it(lang, expected):
    assert format_percent(67, lang) == expected


def test_the_russian_hort_note_puts_a_space_before_the_percent_sign():
    tid = russian_event(paired=False)
    assert run("prizes", "rules", tid, "--sharing", "hort")[0] == 0
    code, out, _err = run("--lang", "ru", "prizes", "list", tid)
    assert code == 0 and f"50{NBSP}%" in out and "50%" not in out, out
    code, out, _err = run("--lang", "tr", "prizes", "list", tid)
    assert "%50" in out, out


# -- #14 unpair names --force -------------------------------------------------------------------------
def test_unpairing_a_round_with_results_names_the_flag():
    tid = russian_event()
    assert run("result", tid, "1", "1", "1-0")[0] == 0
    code, _out, err = run("--lang", "tr", "round", "unpair", tid)
    assert code != 0 and "--force" in one_line(err)


# -- #22 berger in the reader's language -----------------------------------------------------------
@pytest.mark.parametrize("lang, head, first", [("tr", "Berger tablosu (tek devreli)", "1. tur:"),
                                               ("de", "Berger-Tabelle", "Runde 1:"),
                                               ("ru", "Таблица Бергера", "Тур 1:")])
def test_berger_speaks_the_readers_language(lang, head, first):
    code, out, err = run("--lang", lang, "berger", "4")
    assert code == 0, err
    lines = out.splitlines()
    assert head in lines[0] and "Berger table" not in out and "round robin" not in out, out
    # the FIDE table for four (C.05 Annex 1): round 1 is 1-4, 2-3
    assert lines[1] == f"{first} 1-4, 2-3"


def test_the_free_player_of_an_odd_berger_table_is_said_in_the_language():
    code, out, _err = run("--lang", "de", "berger", "3")
    assert code == 0 and "spielfrei" in out and " bye" not in out, out


# -- #25 players edit: one way of saying the change -------------------------------------------------
def test_the_edit_confirmation_writes_dates_and_unrated_as_the_journal_does():
    tid = russian_event(paired=False)
    code, out, err = run("--lang", "tr", "players", "edit", tid, "1", "--birth", "05.06.2001", "--rating", "0")
    assert code == 0, err
    assert "05.06.2001" in out and "2001-06-05" not in out, out
    assert "2100 → –" in out, out  # Иванов was 2100; unrated is a dash, as in the lists


def test_the_journal_says_an_edit_with_russian_titles_and_a_full_dates_label():
    tid = russian_event(paired=False)
    assert run("players", "edit", tid, "1", "--title", "WFM", "--birth", "05.06.2001")[0] == 0
    code, out, _err = run("--lang", "ru", "log", tid, "--changes")
    lines = [x for x in out.splitlines() if "05.06.2001" in x or "ЖМФ" in x]
    assert lines and all("WFM" not in x and "'" not in x for x in lines), lines
    assert any("ЖМФ" in x for x in lines), lines
    assert any("Дата рожд." in x for x in lines) and not any("Год рожд." in x for x in lines), lines
    code, out, _err = run("--lang", "tr", "log", tid)
    line = next(x for x in out.splitlines() if "05.06.2001" in x)
    assert "numaralı" not in line, line  # "oyuncu 1 Иванов, Иван düzenlendi", not "1 Иванов, Иван numaralı oyuncu"


# -- #29 ranking without prize groups ------------------------------------------------------------------
def test_a_ranking_without_prize_groups_says_how_to_add_one():
    tid = russian_event()
    code, _out, err = run("--lang", "de", "report", tid, "ranking")
    assert code != 0
    line = one_line(err)
    assert "none defined" not in line and "hakem prizes add" in line, line


# -- #7 import errors in the reader's words -------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('{"name": 5}', ("поле name", "5")),
    ('{"name": "X", "players": "zz"}', ("поле players", "список", "zz")),
    ("{}", ("нет поля name",)),
    ('{"name": "X", "players": [{"pno": 1, "name": "A, B"}, {"pno": "2", "name": "C, D"}]}',
     ("players", "запись 2", "pno")),
    ("[1,2", ("строка 1", "столбец 5", "запят")),  # the comma missing after the 2, column 5
])
def test_a_broken_json_file_is_refused_naming_the_field_in_russian(data, text, words):  # noqa: F811
    path = data / "bad.json"
    path.write_text(text, encoding="utf-8")
    code, _out, err = run("--lang", "ru", "import", str(path))
    assert code != 0
    line = one_line(err)
    assert all(word in line for word in words), line
    assert not re.search(r"Error|Expecting|object has no|line|column", line), line


def test_a_broken_trf_says_line_and_column_in_the_language(data):  # noqa: F811
    path = data / "bad.trf"
    path.write_text("012 X\n001 abc\n", encoding="utf-8")
    code, _out, err = run("--lang", "de", "import", str(path))
    assert code != 0
    said = err.replace(str(path), "FILE")
    assert "Zeile 2, Spalte 5" in said and "line" not in said and "column" not in said, said


# -- #16 the language picked, the time-control code --------------------------------------------------------
def test_lc_all_c_wins_over_lang():
    assert resolve_language(None, None, {"LC_ALL": "C", "LANG": "tr_TR.UTF-8"}) == "en"
    assert resolve_language(None, None, {"LC_ALL": "C.UTF-8", "LANGUAGE": "ru", "LANG": "tr_TR.UTF-8"}) == "en"
    assert resolve_language(None, None, {"LC_MESSAGES": "de_DE.UTF-8", "LANG": "tr_TR.UTF-8"}) == "de"
    assert resolve_language(None, None, {"LC_ALL": "fr_FR.UTF-8", "LANG": "tr_TR.UTF-8"}) == "en"


def test_a_time_control_code_under_three_minutes_is_warned_as_seconds():
    code, _out, err = run("new", "Z", "--rounds", "3", "--time-control-code", "90+30")
    assert code == 0
    # 90 minutes are 5400 seconds (TRF-2026 record 222 counts seconds)
    assert "90" in err and "5400+30" in err, err
    code, _out, err = run("new", "Y", "--rounds", "3", "--time-control-code", "5400+30")
    assert code == 0 and err == ""


# -- #28 small things -----------------------------------------------------------------------------------------
def test_export_html_says_pages_written_to_a_directory(data):  # noqa: F811
    tid = russian_event()
    code, out, err = run("--lang", "tr", "export", tid, "--html", "-o", str(data / "site"))
    assert code == 0, err
    assert "dizinine" in out and "dosyasına" not in out, out


def test_a_formula_as_a_name_is_refused_for_being_a_formula(data):  # noqa: F811
    tid = russian_event(paired=False)
    path = data / "p.csv"
    path.write_text("Name;Rating;Fed\n\"=cmd|calc\";1500;TUR\n", encoding="utf-8")
    code, _out, err = run("players", "import", tid, str(path))
    assert code != 0
    assert "begins with a letter" in err and "several fields" not in err, err


def test_the_standings_say_the_rules_year_once():
    tid = russian_event()
    code, out, _err = run("standings", tid)
    assert code == 0 and out.splitlines()[0].count("2026") == 1, out.splitlines()[0]
