"""Reports (standings, crosstable, pairing list, result sheet, pairing card) in each language.

The same three-round demo tournament is rendered as text in tr/de/ru: titles and column heads
use the glossary's words (docs/glossary.md), half points print as ½, other decimals with the decimal comma,
colour letters are the language's own (B/S, W/S, б/ч), and no English heading is left.  The
machine renderings (CSV/JSON numbers) stay dot-decimal whatever the language.
"""

from __future__ import annotations

import re

import pytest

import core.i18n as i18n
from core.reports import catalog, render
from core.reports.view import View
from tests.tui_fixtures import demo

LANGS = ("tr", "de", "ru")

# Glossary rows: #101 standings, #104 crosstable, #41/#37 pairing list, #42 pairing card,
# #105 round result sheet, #60/#61 colours, #154 board, #103 place, #108 tie-breaks.
EXPECTED = {
    "standings": {"tr": ["Sıralama", "Derece"], "de": ["Rangliste", "Platz"], "ru": ["Положение", "Место"]},
    "crosstable": {"tr": ["Çapraz tablo"], "de": ["Turniertabelle"], "ru": ["Турнирная таблица"]},
    "pairings": {"tr": ["Masa", "Beyaz", "Siyah", "Sonuç"], "de": ["Paarungen", "Brett", "Weiß", "Schwarz"],
                 "ru": ["Пары", "Доска", "Белые", "Чёрные", "Результат"]},
    "results": {"tr": ["tur sonuç çizelgesi"], "de": ["Rundenergebnisse"], "ru": ["Протокол"]},
    "card": {"tr": ["Eşlendirme kartı", "Rakip", "Renk"], "de": ["Paarungskarte", "Gegner", "Farbe"],
             "ru": ["Карточка участника", "Соперник", "Цвет"]},
}
ENGLISH = {"standings": ["Standings", "Name ", "Pts"], "crosstable": ["Crosstable", "Pts", "Rank"],
           "pairings": ["White", "Black", "Board", "Result"], "results": ["Result sheet", "Signature"],
           "card": ["Opponent", "Colour", "Score"]}
COLOUR_LETTERS = {"tr": ("B", "S"), "de": ("W", "S"), "ru": ("б", "ч")}


@pytest.fixture(scope="module")
def tournament():
    return demo(rounds=3, complete_last=True)


def _text(tournament, lang: str, kind: str) -> str:
    try:
        i18n.set_language(lang)
        view = View(tournament)
        args = {"pno": 1} if kind == "card" else {}
        return render.to_text(catalog.build(view, kind, **args))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_report_uses_the_glossary(tournament, lang, kind):
    text = _text(tournament, lang, kind)
    missing = [word for word in EXPECTED[kind][lang] if word not in text]
    assert not missing, (lang, kind, missing, text[:600])
    left = [word for word in ENGLISH[kind] if word in text and not (lang == "de" and word == "Name ")]
    assert not left, (lang, kind, left)


@pytest.mark.parametrize("lang", LANGS)
def test_points_and_decimals_in_reports(tournament, lang):
    text = _text(tournament, lang, "standings")
    assert "½" in text
    body = "\n".join(line for line in text.splitlines()[4:])
    assert not re.search(r"\d\.\d", body), body            # no dot decimals for people
    assert re.search(r"\d,\d", body) or "½" in body


@pytest.mark.parametrize("lang", LANGS)
def test_colour_letters_in_crosstable_and_card(tournament, lang):
    """The crosstable's colour mark sits between two numbers (``74■1``): it must be no letter
    of any language — the Russian б reads as a 6 there (``74б1`` as "7461"), S as 5, B as 8 —
    so it is the same pair of squares everywhere.  The card's colour column stands alone and
    keeps the language's letters."""
    white, black = COLOUR_LETTERS[lang]
    cross = _text(tournament, lang, "crosstable")
    marks = set(re.findall(r"(?<!\S)\d+(\D)[½10+−](?!\S)", cross))  # the cells: 74■1, 3☐+
    assert marks == {"☐", "■"}, marks
    assert not any(mark.isalnum() for mark in marks)
    assert not re.search(rf"(?<!\S)\d+[{re.escape(white + black)}][½10+−](?!\S)", cross)
    card = _text(tournament, lang, "card")
    rows = [line.split() for line in card.splitlines() if line.strip()[:1].isdigit()]
    assert {row[1] for row in rows if len(row) > 1} & {white, black}


def test_machine_renderings_do_not_change_with_the_language(tournament):
    outputs = set()
    try:
        for lang in ("en",) + LANGS:
            i18n.set_language(lang)
            report = catalog.build(View(tournament), "standings")
            numbers = [render.machine(cell) for table in report.tables for row in table.rows for cell in row]
            outputs.add(tuple(numbers))
    finally:
        i18n.set_language("en")
    assert len(outputs) == 1
    assert any(re.fullmatch(r"\d+\.\d+", n) for n in next(iter(outputs)))
