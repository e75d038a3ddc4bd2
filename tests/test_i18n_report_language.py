"""One rule for a report's language, in the CLI and the TUI (issue 34 item 3).

What is exported, printed, published or written to a file is in the event's language; what
is on the screen (the TUI, ``hakem report`` on the terminal) is in the organiser's;
``--report-lang`` (CLI) or the export and print dialogs' choice (TUI) overrides; the global
``--lang`` is the organiser's and never changes a written report.  Before, a Turkish TUI
exported a German event's standings in Turkish while ``hakem report`` printed them in German;
then ``--lang de`` published a Russian event's pages in German and ``hakem report`` showed a
Turkish organiser the Russian words (review rev34c item 3).

The expected titles are the catalogs' words for "Standings" (docs/glossary.md #101: Rangliste,
Sıralama, Положение) — the preview's heading and the file's first line.
"""

from __future__ import annotations

from pathlib import Path

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
        assert report_language(GERMAN_EVENT, on_screen=True) == "tr"  # the organiser reads the screen
        assert report_language(GERMAN_EVENT, "ru", on_screen=True) == "ru"
        with speaking("ru"):  # an organiser served in Russian by the data service
            assert report_language(GERMAN_EVENT.with_changes(language="")) == "ru"
    finally:
        set_language("en")


@pytest.mark.usefixtures("in_process")
def test_cli_report_on_the_terminal_is_in_the_organisers_language(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")  # the organiser reads Turkish
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("HAKEM_LANG", raising=False)
    data = tmp_path / "data"
    [tid] = store_with(data, GERMAN_EVENT)
    try:
        code, out, err = run(capsys, data, "report", tid, "standings")
        assert code == 0 and out.splitlines()[0].startswith("Sıralama"), out + err
        code, out, err = run(capsys, data, "report", tid, "standings", "--report-lang", "de")
        assert code == 0 and out.splitlines()[0].startswith("Rangliste"), out + err
        code, out, err = run(capsys, data, "report", tid, "standings", "--report-lang", "xx")
        assert code == 3 and "--report-lang" in err and not out
    finally:
        set_language("en")


RUSSIAN_EVENT = demo(rounds=2).with_changes(language="ru")


@pytest.mark.usefixtures("in_process")
def test_cli_a_german_organiser_writes_a_russian_events_reports_in_russian(tmp_path, capsys, monkeypatch):
    """``--lang de`` is the organiser's language: the terminal shows German, every file, page
    and published page is Russian; ``--report-lang tr`` writes Turkish."""
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "mine"))
    data = tmp_path / "data"
    [tid] = store_with(data, RUSSIAN_EVENT)

    def first_line(path) -> str:
        return path.read_text(encoding="utf-8").splitlines()[0]

    try:
        code, out, err = run(capsys, data, "--lang", "de", "report", tid, "standings")
        assert code == 0 and out.splitlines()[0].startswith("Rangliste"), out + err
        assert run(capsys, data, "--lang", "de", "report", tid, "standings", "-o", str(tmp_path / "a.txt"))[0] == 0
        assert first_line(tmp_path / "a.txt").startswith("Положение")
        code, out, err = run(capsys, data, "--lang", "de", "report", tid, "standings", "--save")
        assert code == 0, err
        assert first_line(Path(out.strip())).startswith("Положение")
        assert run(capsys, data, "--lang", "de", "publish", tid, str(tmp_path / "web"))[0] == 0
        assert _title(tmp_path / "web" / "index.html") == "Положение участников"
        assert run(capsys, data, "--lang", "de", "export", tid, "--html", "-o", str(tmp_path / "ex"))[0] == 0
        assert _title(tmp_path / "ex" / "index.html") == "Положение участников"
        assert run(capsys, data, "--lang", "de", "report", tid, "standings", "--report-lang", "tr",
                   "-o", str(tmp_path / "b.txt"))[0] == 0
        assert first_line(tmp_path / "b.txt").startswith("Sıralama")
        assert run(capsys, data, "--lang", "de", "publish", tid, str(tmp_path / "web2"), "--report-lang", "tr")[0] == 0
        assert _title(tmp_path / "web2" / "index.html") == "Sıralama"
        assert run(capsys, data, "--lang", "de", "export", tid, "--html", "-o", str(tmp_path / "ex2"),
                   "--report-lang", "tr")[0] == 0
        assert _title(tmp_path / "ex2" / "index.html") == "Sıralama"
    finally:
        set_language("en")


def _title(page) -> str:
    import re

    return re.search(r"<title>([^<]*)", page.read_text(encoding="utf-8")).group(1)


@pytest.mark.usefixtures("in_process")
def test_remembered_pages_stay_in_the_events_language_whoever_changes(tmp_path, capsys, monkeypatch):
    """The pages refreshed after a change are the event's too: a Turkish organiser's result
    refreshes German pages in German (before: in the language of the session that typed it);
    pages remembered with --report-lang keep that language."""
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
        assert run(capsys, data, "publish", tid, str(pages), "--remember", "--report-lang", "ru")[0] == 0
        (pages / "index.html").write_text("<title>old", encoding="utf-8")
        code, _out, err = run(capsys, data, "round", "unpair", tid)
        assert code == 0, err
        assert _title(pages / "index.html") == "Положение участников"  # the language chosen for them
    finally:
        set_language("en")


async def open_dialog(pilot, app, key: str, dialog: str, select: str, chosen: str | None) -> None:
    """Open the export or print dialog with ``key``; the language offered is the event's
    (German); choose ``chosen`` if given."""
    await pilot.press(key)
    await wait_for(pilot, lambda: type(app.screen).__name__ == dialog and app.screen.query(select))
    language = app.screen.query_one(select, Select)
    assert language.value == "de"  # the event's language is offered first
    if chosen is not None:
        language.value = chosen


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
            await open_dialog(pilot, app, "e", "ExportDialog", "#export-language", chosen)
            app.screen.query_one(Input).value = file
            app.screen.query_one(Input).focus()
            await pilot.press("enter")
            await wait_for(pilot, lambda f=folder / file: f.exists(), timeout=30)
            assert (folder / file).read_text(encoding="utf-8").startswith(title)
        # the default file name is the report's words: German, and Turkish once Turkish is chosen
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog"
                       and app.screen.query("#export-language"))
        field = app.screen.query_one(Input)
        assert field.value == "runde-2-rangliste.html"
        app.screen.query_one("#export-language", Select).value = "tr"
        await wait_for(pilot, lambda: field.value == "tur-2-siralama.html")
        app.screen.query_one("#export-language", Select).value = "ru"
        await wait_for(pilot, lambda: field.value == "tur-2-polozheniye.html")
        field.value = "mine.html"  # typed over: a language chosen after keeps it
        app.screen.query_one("#export-language", Select).value = "de"
        await pilot.pause()
        assert field.value == "mine.html"
        await pilot.press("escape")
        # the screen stays in the organiser's language
        assert current_language() == "tr"
        assert app.screen.query_one("#report-text", TextArea).text.startswith("Sıralama")


@pytest.mark.usefixtures("quiet_tui")
async def test_tui_print_is_in_the_events_language_and_the_dialog_can_choose(tmp_path, monkeypatch):
    """Printed paper is the event's document too: the PDF is made in German from a Turkish
    screen; the print dialog offers the language as the export dialog does (before: no
    choice).  The printer itself is replaced: the words of the document are what is checked."""
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
        for chosen in (None, "tr"):
            await open_dialog(pilot, app, "p", "PrintDialog", "#print-language", chosen)
            app.screen.query_one(Input).focus()
            count = len(made)
            await pilot.press("enter")
            await wait_for(pilot, lambda c=count: len(made) > c, timeout=30)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    assert made == [("de", "Rangliste"), ("tr", "Sıralama")]


def printer_outcome(title: str):
    from core.reports.printer import PrintOutcome

    return PrintOutcome(True, "", title)
