"""One rule for a report's language, in the CLI and the TUI (issue 34 item 3).

What is exported, printed or published is in the event's language; what is on the screen is
in the organiser's; ``--lang`` (CLI) or the export dialog's choice (TUI) overrides.  Before,
a Turkish TUI exported a German event's standings in Turkish while ``hakem report`` printed
them in German.

The expected titles are the catalogs' words for "Standings" (docs/glossary.md #101: Rangliste,
Sıralama) — the preview's heading and the file's first line.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, TextArea

from core.app.report_language import report_language
from core.i18n import current_language, set_language, speaking
from tests.cli_in_process import in_process, run  # noqa: F401 - the fixture
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp

GERMAN_EVENT = demo(rounds=2).with_changes(language="de")


def test_the_rule_chosen_then_the_events_then_the_organisers():
    set_language("tr")
    try:
        assert report_language(GERMAN_EVENT) == "de"
        assert report_language(GERMAN_EVENT, "ru") == "ru"
        assert report_language(GERMAN_EVENT.with_changes(language="")) == "tr"
        with speaking("ru"):  # an organiser served in Russian by the data service
            assert report_language(GERMAN_EVENT.with_changes(language="")) == "ru"
    finally:
        set_language("en")


@pytest.mark.usefixtures("in_process")
def test_cli_report_is_in_the_events_language_unless_lang_says_otherwise(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")  # the organiser reads Turkish
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("HAKEM_LANG", raising=False)
    data = tmp_path / "data"
    [tid] = store_with(data, GERMAN_EVENT)
    try:
        code, out, err = run(capsys, data, "report", tid, "standings")
        assert code == 0 and out.splitlines()[0].startswith("Rangliste"), out + err
        code, out, err = run(capsys, data, "--lang", "tr", "report", tid, "standings")
        assert code == 0 and out.splitlines()[0].startswith("Sıralama"), out + err
    finally:
        set_language("en")


def _title(page) -> str:
    import re

    return re.search(r"<title>([^<]*)", page.read_text(encoding="utf-8")).group(1)


@pytest.mark.usefixtures("in_process")
def test_remembered_pages_stay_in_the_events_language_whoever_changes(tmp_path, capsys, monkeypatch):
    """The pages refreshed after a change are the event's too: a Turkish organiser's result
    refreshes German pages in German (before: in the language of the session that typed it);
    pages remembered with --lang keep that language."""
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("HAKEM_LANG", raising=False)
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2).with_changes(language="de"))
    pages = tmp_path / "web"
    try:
        assert run(capsys, data, "publish", tid, str(pages), "--remember")[0] == 0
        assert _title(pages / "index.html") == "Rangliste"
        (pages / "index.html").write_text("<title>old", encoding="utf-8")
        code, _out, err = run(capsys, data, "round", "pair", tid)  # the pages follow the new round
        assert code == 0, err
        assert _title(pages / "index.html") == "Rangliste"  # refreshed, in German
        assert run(capsys, data, "--lang", "ru", "publish", tid, str(pages), "--remember")[0] == 0
        (pages / "index.html").write_text("<title>old", encoding="utf-8")
        code, _out, err = run(capsys, data, "round", "unpair", tid)
        assert code == 0, err
        assert _title(pages / "index.html") == "Положение"  # the language chosen for them
    finally:
        set_language("en")


@pytest.mark.usefixtures("quiet_tui")
async def test_tui_export_is_in_the_events_language_and_the_dialog_can_choose(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "mine"))
    data = tmp_path / "data"
    [tid] = store_with(data, GERMAN_EVENT)
    app = HakemApp(data_dir=data, open_id=tid, lang="tr")
    folder = tmp_path / "mine" / tid
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text")
                       and app.screen.query_one("#report-text", TextArea).text.startswith("Sıralama"))
        for file, chosen, title in (("event.txt", None, "Rangliste"), ("mine.txt", "tr", "Sıralama")):
            await pilot.press("e")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog"
                           and app.screen.query("#export-language"))
            language = app.screen.query_one("#export-language", Select)
            assert language.value == "de"  # the event's language is offered first
            if chosen is not None:
                language.value = chosen
            app.screen.query_one(Input).value = file
            app.screen.query_one(Input).focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda f=folder / file: f.exists(), timeout=30)
            assert (folder / file).read_text(encoding="utf-8").startswith(title)
        # the screen stays in the organiser's language
        assert current_language() == "tr"
        assert app.screen.query_one("#report-text", TextArea).text.startswith("Sıralama")


@pytest.mark.usefixtures("quiet_tui")
async def test_tui_print_is_in_the_events_language(tmp_path, monkeypatch):
    """Printed paper is the event's document too: the PDF is made in German from a Turkish
    screen (the printer itself is replaced: the words of the document are what is checked)."""
    import core.reports.printer as printer
    import core.reports.printing as printing
    from core.i18n import _

    made: list[tuple[str, str]] = []

    def render_pdf(t, doc, setup=None):
        made.append((current_language(), _("Standings")))
        return b"%PDF"

    monkeypatch.setattr(printing, "render_pdf", render_pdf)
    monkeypatch.setattr(printer, "print_pdf", lambda pdf, name, printer=None, paper="a4", title="":
                        printer_outcome(title))
    data = tmp_path / "data"
    [tid] = store_with(data, GERMAN_EVENT)
    app = HakemApp(data_dir=data, open_id=tid, lang="tr")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text"))
        await pilot.press("p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(made), timeout=30)
    assert made == [("de", "Rangliste")]


def printer_outcome(title: str):
    from core.reports.printer import PrintOutcome

    return PrintOutcome(True, "", title)
