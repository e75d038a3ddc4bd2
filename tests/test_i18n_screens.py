"""Every main screen in every language at 80×24: glossary terms where they belong, labels that fit.

One Textual run per language opens a demo tournament with three rounds (two with results, so
half points show) and visits the tournaments list, players, rounds, standings, tie-breaks,
reports, playoff and help screens.  Checks:

- the tab bar shows every tab label in full (long German words, Russian);
- each screen shows the glossary's words for what it is about (rounds: Beyaz/Weiß/Белые,
  Masa/Brett/Доска; tie-breaks: Коэффициент Бухгольца, Buchholz-Wertung, Galibiyet Sayısı …);
- table headers are translated and no English header is left on the translated screens;
- footers (key binding labels), English included: every shown key and its label appear uncut
  in the footer row, and the labels' widths add up to no more than the footer's width (80
  columns, less in the manual pairing dialog);
- the language switches at run time without a restart: tab labels, table headers and key
  binding labels change at once.

Set ``HAKEM_I18N_SCREENS=DIR`` to also write the plain-text screenshots to ``DIR``.
"""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

import core.i18n as i18n
from core.i18n import _

from rich.cells import cell_len
from textual.widgets import Footer, TabbedContent
from textual.widgets._footer import FooterKey

from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

LANGS = ("tr", "de", "ru")
ALL_LANGS = ("en",) + LANGS
TABS = (("tab", "Players"), "Rounds", "Standings", ("tab", "Tie-breaks"), "Reports", "Playoff")
SCREENS = (("tournaments", ()), ("new", ("n",)), ("settings", ("escape", "s")),
           ("rounds", ("escape", "enter")), ("manual", ("m",)), ("players", ("escape", "f2", "down")),
           ("standings", ("f4",)), ("tiebreaks", ("f5",)), ("reports", ("f6",)), ("playoff", ("f7",)),
           ("help", ("f1",)))
# (Playoff after reports: F7 must reach the tab bar from the report's TextArea, which binds F6/F7.
#  Players: F2 puts the cursor in the name field; ↓ reaches the table and its one-key commands.)
SCREEN_CLASS = {"tournaments": "TournamentsScreen", "new": "NewTournamentDialog",
                "settings": "SettingsScreen", "help": "HelpScreen", "manual": "ManualPairingScreen"}
"""Which screen class each capture waits for; the tab captures wait for their tab instead."""
FORM_LABELS = {"new": ("New tournament", ("tournament", "Name"), "Pairing system", "Rounds", "Time control", "Point system",
                       "Tie-break preset", "Language", "Start date", ("event", "Place"), "Chief arbiter"),
               "settings": ("Settings", "Language", "Data directory")}
SIZE = (80, 24)


def _text(app) -> str:
    return "\n".join("".join(segment.text for segment in strip)
                     for strip in app.screen._compositor.render_strips())


async def _settle(pilot) -> None:
    for _step in range(6):
        await pilot.pause(0.03)


def _showing(app, name: str) -> bool:
    """True once ``name`` is on screen (its screen class, or its tab of the tournament)."""
    if name in SCREEN_CLASS:
        # the manual pairing dialog: also its engine side, computed by a worker (a process)
        return (type(app.screen).__name__ == SCREEN_CLASS[name]
                and getattr(app.screen, "engine", True) is not None)
    if type(app.screen).__name__ != "TournamentScreen":
        return False
    tabs = list(app.screen.query(TabbedContent))
    return bool(tabs) and tabs[0].active == f"tab-{name}" and bool(list(app.screen.query(FooterKey)))


def _key_width(key: str, label: str) -> int:
    """Cells one footer key needs: " key label " plus the separating space (Textual's Footer CSS)."""
    return cell_len(key) + cell_len(label) + 3


def _english(description) -> str:
    """The English msgid behind a lazily translated binding label (``tui.i18n.L_``)."""
    args = getattr(description, "_args", None)
    return str(args[0]) if args else str(description)


async def _capture(lang: str, data_dir: Path) -> dict[str, dict]:
    app = HakemApp(data_dir=data_dir, lang=lang, poll_interval=3600)
    app.animation_level = "none"  # same frames, faster: no tab underline animation
    shots: dict[str, dict] = {}
    async with app.run_test(size=SIZE) as pilot:
        for name, keys in SCREENS:
            for key in keys:
                await pilot.press(key)
                await _settle(pilot)
            await wait_for(pilot, lambda name=name: _showing(app, name), timeout=30)
            await _settle(pilot)
            keys = list(app.screen.query(FooterKey))
            footers = list(app.screen.query(Footer))
            text = _text(app)
            row = ""
            if footers:
                region = footers[0].region
                row = text.split("\n")[region.y][region.x:region.right]
            shots[name] = {
                "text": text,
                "footer_need": sum(_key_width(k.key_display, str(k.description)) for k in keys),
                "footer_need_en": sum(_key_width(k.key_display, _english(k.description)) for k in keys),
                "footer_have": footers[0].size.width if footers else SIZE[0],
                "footer": [f"{k.key_display} {k.description}" for k in keys],
                "footer_row": row,
            }
    i18n.set_language("en")
    return shots


@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    base = tmp_path_factory.mktemp("screens")
    old = os.environ.get("HAKEM_CONFIG_DIR")
    os.environ["HAKEM_CONFIG_DIR"] = str(base / "config")
    try:
        result = {}
        for lang in ALL_LANGS:
            data = base / f"data-{lang}"
            store_with(data, demo(rounds=3, complete_last=False))
            result[lang] = asyncio.run(_capture(lang, data))
    finally:
        if old is None:
            os.environ.pop("HAKEM_CONFIG_DIR", None)
        else:
            os.environ["HAKEM_CONFIG_DIR"] = old
    out = os.environ.get("HAKEM_I18N_SCREENS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        for lang, shots in result.items():
            for name, shot in shots.items():
                (Path(out) / f"{lang}-{name}.txt").write_text(shot["text"] + "\n", encoding="utf-8")
    return result


def _tr(lang: str, message) -> str:
    """``message`` in ``lang``; a (context, message) pair goes through pgettext."""
    try:
        i18n.set_language(lang)
        return i18n.pgettext(*message) if isinstance(message, tuple) else _(message)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_screens_are_80_by_24(screens, lang):
    for name, shot in screens[lang].items():
        lines = shot["text"].split("\n")
        assert len(lines) == SIZE[1], name
        assert all(len(line) == SIZE[0] for line in lines), name


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("screen", ["rounds", "players", "standings", "tiebreaks", "reports", "playoff"])
def test_every_tab_label_is_shown_in_full(screens, lang, screen):
    tab_row = screens[lang][screen]["text"].split("\n")[1]
    for i, tab in enumerate(TABS):
        label = f"{_tr(lang, tab)} F{i + 2}"
        assert f" {label} " in f"{tab_row} ", (lang, screen, label, tab_row)


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("screen", sorted(FORM_LABELS))
def test_form_labels_are_shown_in_full(screens, lang, screen):
    # Form labels sit in a fixed column: a long word must not be cut ("Hauptschiedsrichte").
    lines = screens[lang][screen]["text"].split("\n")
    for message in FORM_LABELS[screen]:
        label = _tr(lang, message)
        assert any(re.search(rf"(^|[│ ]){re.escape(label)}( |$)", line) for line in lines), (
            lang, screen, label, screens[lang][screen]["text"])


# Glossary words per screen (docs/glossary.md rows in brackets); Russian compared with е ≡ ё.
ON_SCREEN = {
    "tournaments": {"tr": ["Turnuvalar"], "de": ["Turniere"], "ru": ["Турниры"]},
    "rounds": {"tr": ["Masa", "Beyaz", "Siyah", "Sonuç", "Eşlendir"],          # #154 #60 #61 #88 #39
               "de": ["Brett", "Weiß", "Schwarz", "Ergebnis", "Auslosen"],
               "ru": ["Доска", "Белые", "Чёрные", "Результат", "Жеребьёвка"]},
    "players": {"tr": ["ELO", "Unvan", "Kulüp", "Tur atlama"],                   # #28 #31 #12 #74
                "de": ["Wertzahl", "Titel", "Verein", "Spielfrei"],
                "ru": ["Рейтинг", "Звание", "Клуб", "Пропуск тура"]},
    "standings": {"tr": ["Sıralama", "Eşitlik bozma", "½"],                      # #101 #108 #98
                  "de": ["Rangliste", "Feinwertungen", "½"],
                  "ru": ["Положение участников", "Дополнительные показатели", "½"]},
    "tiebreaks": {"tr": ["Buchholz", "Sonneborn-Berger", "Galibiyet Sayısı"],   # #111 #117 #122
                  "de": ["Buchholz-Wertung", "Sonneborn-Berger-Wertung", "Anzahl der Siege"],
                  "ru": ["Коэффициент Бухгольца", "Коэффициент Бергера", "Количество побед"]},
    "playoff": {"tr": ["Ek maç"], "de": ["Stechen"], "ru": ["Плей-офф"]},  # #135
    "help": {"tr": ["tuşlar", "eşlendir"], "de": ["Tasten", "auslosen"], "ru": ["клавиши", "жеребьёвка"]},
}


def _norm(text: str) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
@pytest.mark.parametrize("screen", sorted(ON_SCREEN))
def test_glossary_terms_on_each_screen(screens, lang, screen):
    text = _norm(screens[lang][screen]["text"] + "\n" + "\n".join(screens[lang][screen]["footer"]))
    missing = [word for word in ON_SCREEN[screen][lang] if _norm(word) not in text]
    assert not missing, (lang, screen, missing, screens[lang][screen]["text"])


# English words that must not survive on translated screens (headers and labels).
ENGLISH_LEFTOVERS = {
    "rounds": ["White", "Black", "Result", "Pts", "Bd ", "Pair next"],
    "players": ["Rating", "Title", "Withdraw", "Birth"],
    "standings": ["Standings", "Tie-breaks", "Pts"],
    "tiebreaks": ["Buchholz of", "Number of wins", "Code", "Preview"],
    "tournaments": ["Tournaments", "Last change", "Players"],
    "playoff": ["Stage", "White", "Black", "Result"],
    "help": ["Everywhere", "Tournaments:", "In a tournament"],
    "new": ["Pairing system", "Time control", "Chief arbiter", "Create"],
    "settings": ["Language", "Data directory"],
}


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
@pytest.mark.parametrize("screen", sorted(ENGLISH_LEFTOVERS))
def test_no_english_labels_left(screens, lang, screen):
    text = screens[lang][screen]["text"]
    # a rating column is headed ELO in Turkish, as the federation's lists head it (docs/glossary.md #28);
    # "rating" stays the Turkish word in running text (#27), never a column's English "Rating"
    left = [word for word in ENGLISH_LEFTOVERS[screen] if word in text]
    assert not left, (lang, screen, left)


FOOTER_SCREENS = ("tournaments", "rounds", "manual", "players", "standings", "tiebreaks", "reports",
                  "playoff")


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("screen", FOOTER_SCREENS)
def test_footer_fits(screens, lang, screen):
    # Secondary keys are show=False (command palette and F1 list them): the shown ones must fit.
    shot = screens[lang][screen]
    assert shot["footer"], (lang, screen)
    assert shot["footer_need"] <= shot["footer_have"], (lang, screen, shot["footer_need"], shot["footer"])
    cut = [label for label in shot["footer"] if label not in shot["footer_row"]]
    assert not cut, (lang, screen, cut, shot["footer_row"])


def test_english_footer_widths_are_measured(screens):
    # The rounds screen has several bindings; their English widths must differ from Russian.
    shot = screens["ru"]["rounds"]
    assert shot["footer_need"] > 40 and shot["footer_need_en"] > 40
    assert shot["footer_need"] != shot["footer_need_en"]


def test_language_switch_at_run_time(tmp_path, monkeypatch):
    """Switch English → Russian → German on the rounds tab: everything relabels, no restart."""
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    (tid,) = store_with(tmp_path / "data", demo(rounds=2, complete_last=False))

    async def run() -> list[tuple[str, list[str]]]:
        app = HakemApp(data_dir=tmp_path / "data", lang="en", open_id=tid, poll_interval=3600)
        app.animation_level = "none"
        seen = []
        async with app.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            seen.append((_text(app), [str(k.description) for k in app.screen.query(FooterKey)]))
            for lang in ("ru", "de"):
                app.switch_language(lang)
                await _settle(pilot)
                seen.append((_text(app), [str(k.description) for k in app.screen.query(FooterKey)]))
        return seen

    try:
        (en, en_keys), (ru, ru_keys), (de, de_keys) = asyncio.run(run())
    finally:
        i18n.set_language("en")
    assert "Rounds F3" in en and "White" in en and "Pair next" in en_keys
    assert "Туры F3" in ru and "Белые" in ru and "Жеребьёвка" in ru_keys
    assert "White" not in ru and "Pair next" not in ru_keys
    assert "Runden F3" in de and "Weiß" in de and "Auslosen" in de_keys


# Labels on one line that must not be cut at 80 columns (the text of each, looked up per language).
FULL_LINES = {
    "rounds": ["Board and result: 12 1-0, 7 = (Enter)", "Single keys off"],
    "manual": ["Yours (Space marks, then swaps)", "Engine's pairing (e copies it)"],
    "new": ["Create (Ctrl+S)", "Cancel (Esc)"],  # buttons
}


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("screen", sorted(FULL_LINES))
def test_one_line_labels_are_not_cut(screens, lang, screen):
    text = screens[lang][screen]["text"]
    missing = [label for label in (_tr(lang, m) for m in FULL_LINES[screen]) if label not in text]
    assert not missing, (lang, screen, missing, text)


@pytest.mark.parametrize("lang", ALL_LANGS)
@pytest.mark.parametrize("screen", ["rounds", "players", "standings", "tiebreaks", "reports", "playoff"])
def test_header_is_not_cut(screens, lang, screen):
    # "Demo Club Rapid — Holländisches System · Runde 3 von 5 · 12 S…": the system name gives way.
    header = screens[lang][screen]["text"].split("\n")[0]
    assert "…" not in header, (lang, screen, header)
    players = {"en": "12 players", "tr": "12 oyuncu", "de": "12 Spieler", "ru": "12 участников"}[lang]
    assert players in header, (lang, screen, header)


@pytest.mark.parametrize("lang", ALL_LANGS)
def test_tournament_list_dates_in_the_language(screens, lang):
    # "Last change": ISO in English, the numeric CLDR form (dd.MM.yyyy) in tr/de/ru; 24 h.
    row = screens[lang]["tournaments"]["text"].split("\n")[3]
    pattern = r"\d{4}-\d\d-\d\d \d\d:\d\d" if lang == "en" else r"\d\d\.\d\d\.\d{4} \d\d:\d\d"
    assert re.search(pattern, row), (lang, row)
