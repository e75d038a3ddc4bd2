"""Presentation helpers per language: decimal comma, ½, dates, plurals, plain ratings.

Expected strings come from docs/glossary.md's notation and style notes (§R, §S: "0,5", "1½", "7 Mart 2025",
"7. März 2025", "7 марта 2025 г.", "1 участник, 2 участника, 5 участников"), not from our output.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

import core.i18n as i18n
from core.i18n import format as fmt
from core.i18n.format import (
    counted,
    format_date,
    format_decimal,
    format_number,
    format_points,
    format_rating,
    format_time,
    format_value,
    points_label,
    resolve_language,
)

NBSP_LIKE = {"\u00a0", "\u202f"}


def _plain(text: str) -> str:
    """Treat the no-break spaces CLDR uses as spaces (docs/glossary.md §S: U+00A0; CLDR 46: U+202F)."""
    return "".join(" " if c in NBSP_LIKE else c for c in text)


@pytest.fixture(autouse=True)
def _english_afterwards():
    i18n.set_language("en")  # whatever an earlier test left behind
    fmt.set_points_style("half")
    yield
    i18n.set_language("en")
    fmt.set_points_style("half")


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
def test_half_points_as_the_seeds_print_them(lang):
    assert format_points(Fraction(1, 2), lang) == "½"
    assert format_points(Fraction(3, 2), lang) == "1½"
    assert format_points(Fraction(5, 2), lang) == "2½"
    assert format_points(3, lang) == "3"
    assert format_points(0, lang) == "0"
    assert format_points("5.5", lang) == "5½"


@pytest.mark.parametrize("lang,half,one_half,five_half", [
    ("tr", "0,5", "1,5", "5,5"), ("de", "0,5", "1,5", "5,5"), ("ru", "0,5", "1,5", "5,5"),
    ("en", "0.5", "1.5", "5.5"),
])
def test_points_decimal_style(lang, half, one_half, five_half):
    assert format_points(Fraction(1, 2), lang, style="decimal") == half
    assert format_points(Fraction(3, 2), lang, style="decimal") == one_half
    fmt.set_points_style("decimal")
    assert format_points(Fraction(11, 2), lang) == five_half


def test_unknown_points_style_is_refused():
    with pytest.raises(ValueError):
        fmt.set_points_style("thirds")


@pytest.mark.parametrize("lang,expected", [("tr", "1.234,5"), ("de", "1.234,5"), ("ru", "1 234,5"),
                                           ("en", "1,234.5")])
def test_decimal_comma_and_grouping_per_cldr(lang, expected):
    # docs/glossary.md §S, the 1234.5 row of its table.
    assert _plain(format_decimal(1234.5, lang, grouping=True)) == expected


@pytest.mark.parametrize("lang,expected", [("tr", "27,25"), ("de", "27,25"), ("ru", "27,25"), ("en", "27.25")])
def test_tie_break_values_use_the_decimal_comma(lang, expected):
    assert format_value(Fraction(109, 4), lang) == expected
    assert format_value(Fraction(55, 2), lang) == "27½"
    assert format_value(12, lang) == "12"


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
def test_ratings_and_pairing_numbers_are_never_grouped(lang):
    # docs/glossary.md §S: "Never group ratings or pairing numbers" ("2140", not "2.140").
    i18n.set_language(lang)
    assert format_rating(2140) == "2140"
    assert format_rating(0) == ""
    assert format_rating(None, unrated="-") == "-"
    assert fmt.format_pno(1234) == "1234"


def test_quantities_are_grouped():
    assert format_number(2345, "de") == "2.345"
    assert format_number(2345, "tr") == "2.345"
    assert _plain(format_number(2345, "ru")) == "2 345"


DAY = dt.date(2025, 3, 7)


@pytest.mark.parametrize("lang,numeric,long,full", [
    ("tr", "07.03.2025", "7 Mart 2025", "7 Mart 2025 Cuma"),
    ("de", "07.03.2025", "7. März 2025", "Freitag, 7. März 2025"),
    ("ru", "07.03.2025", "7 марта 2025 г.", "пятница, 7 марта 2025 г."),
])
def test_dates(lang, numeric, long, full):
    assert format_date(DAY, lang) == numeric
    assert _plain(format_date(DAY, lang, "long")) == long
    assert _plain(format_date(DAY, lang, "full")) == full
    assert format_date("2025/03/07", lang) == numeric  # TRF writes dates with slashes


def test_date_and_time_for_lists():
    from core.i18n.format import format_datetime

    assert format_datetime("2026-11-29T18:41:07", "de") == "29.11.2026 18:41"
    assert format_datetime(dt.datetime(2026, 11, 29, 9, 5), "ru") == "29.11.2026 09:05"
    assert format_datetime("2026-11-29 18:41", "en") == "2026-11-29 18:41"
    assert format_datetime(None, "tr") == ""


def test_24_hour_clock():
    for lang in ("en", "tr", "de", "ru"):
        assert format_time(dt.time(14, 5), lang) == "14:05"


def test_russian_three_plural_forms():
    # docs/glossary.md §S Russian: "1 участник, 2 участника, 5 участников" and the 21/11 cases.
    i18n.set_language("ru")
    assert i18n.mo_path("ru") is not None
    forms = {n: i18n.ngettext("{n} player", "{n} players", n).format(n=n)
             for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    assert forms == {1: "1 участник", 2: "2 участника", 4: "4 участника", 5: "5 участников",
                     11: "11 участников", 12: "12 участников", 14: "14 участников",
                     21: "21 участник", 22: "22 участника", 25: "25 участников",
                     101: "101 участник", 111: "111 участников"}


def test_turkish_noun_stays_singular_after_a_numeral():
    # docs/glossary.md §S Turkish: "12 oyuncu", never "12 oyuncular".
    i18n.set_language("tr")
    assert counted("{n} player", "{n} players", 12) == "12 oyuncu"
    assert counted("{n} player", "{n} players", 1) == "1 oyuncu"


def test_german_plural():
    i18n.set_language("de")
    one = i18n.ngettext("{k} result of this round will be deleted too.",
                        "{k} results of this round will be deleted too.", 1).format(k=1)
    two = i18n.ngettext("{k} result of this round will be deleted too.",
                        "{k} results of this round will be deleted too.", 2).format(k=2)
    assert "1 Ergebnis " in one and "2 Ergebnisse " in two


def test_scores_are_labels_not_plurals():
    # docs/glossary.md §S Russian: fractions need the genitive ("5,5 очка"), so scores are labels.
    i18n.set_language("ru")
    assert points_label(Fraction(11, 2)) == "Очки: 5½"
    i18n.set_language("de")
    fmt.set_points_style("decimal")
    assert points_label(Fraction(11, 2)) == "Punkte: 5,5"


def test_language_resolution_order():
    env = {"LANG": "ru_RU.UTF-8"}
    assert resolve_language("de", "tr", env) == "de"          # --lang wins
    assert resolve_language(None, "tr", env) == "tr"          # then the user's setting
    assert resolve_language(None, None, env) == "ru"          # then the environment
    assert resolve_language(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert resolve_language("fr", None, {"LANG": "de_DE.UTF-8"}) == "de"  # unknown falls through
    assert resolve_language(None, None, {"LC_ALL": "tr_TR.UTF-8", "LANG": "de_DE"}) == "tr"
    assert resolve_language(None, None, {"LANGUAGE": "ru:en", "LANG": "de_DE"}) == "ru"


@pytest.mark.parametrize("value,expected", [("tr_TR.UTF-8", "tr"), ("de-DE", "de"), ("RU", "ru"),
                                            ("C", None), ("POSIX", None), ("", None), ("fr_FR", None),
                                            ("de_DE@euro", "de")])
def test_normalise_language(value, expected):
    assert i18n.normalise_language(value) == expected


def test_runtime_switch_notifies_listeners():
    seen = []
    i18n.add_language_listener(seen.append)
    try:
        i18n.set_language("de")
        assert i18n._("Pair next round") == "Nächste Runde auslosen"
        i18n.set_language("de")  # no change, no call
        i18n.set_language("tr")
        assert i18n._("Pair next round") == "Sonraki turu eşlendir"
        i18n.set_language("xx")  # unknown → English
        assert i18n._("Pair next round") == "Pair next round"
    finally:
        i18n.remove_language_listener(seen.append)
    assert seen == ["de", "tr", "en"]


def test_cli_language_setup(tmp_path):
    import json as _json

    from core.i18n.settings import lang_option, saved_language, setup_language

    env = {"HAKEM_CONFIG_DIR": str(tmp_path), "LANG": "ru_RU.UTF-8"}
    assert saved_language(env) is None
    assert setup_language([], env) == "ru"                       # environment
    (tmp_path / "ui.json").write_text(_json.dumps({"language": "tr"}), encoding="utf-8")
    assert saved_language(env) == "tr"
    assert setup_language(["players", "list"], env) == "tr"      # saved per-user setting
    assert setup_language(["--lang", "de", "round", "pair"], env) == "de"  # option wins
    assert i18n.current_language() == "de" and i18n._("Pair next round") == "Nächste Runde auslosen"
    assert lang_option(["--lang=tr", "x"]) == "tr" and lang_option(["x", "--", "--lang", "de"]) is None
    (tmp_path / "ui.json").write_text(_json.dumps({"language": "de", "points": "decimal"}), encoding="utf-8")
    setup_language([], env)
    assert format_points(Fraction(3, 2)) == "1,5" and fmt.points_style() == "decimal"
