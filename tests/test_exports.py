"""Exports (issue 19 item 9): one folder per tournament under the data directory, the round in
the name, nothing replaced without asking, nothing written through a link someone planted.

Expected names and paths are written out by hand from the rule in core/app/exports.py's
docstring (``DATA/exports/ID/round-N-KIND.EXT``), not taken from the code's output.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from core.app import Workspace
from core.app.exports import ExportExists, default_name
from core.errors import StoreError, TournamentError
from tui.testing import demo, store_with


@pytest.fixture()
def desk(tmp_path: Path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    return Workspace(data).open(tid)


def test_names_carry_the_round_and_the_kind():
    t = demo(rounds=3)
    assert default_name(t, "pairings", ".pdf", 2) == "round-2-pairings.pdf"
    assert default_name(t, "standings", ".html") == "round-3-standings.html"  # the round the event is at
    assert default_name(t, "card", ".txt", None, 7) == "round-3-card-7.txt"
    assert default_name(t, "ranking:u12", ".csv") == "round-3-ranking-u12.csv"
    assert default_name(demo(), "checkin", ".pdf") == "before-round-1-checkin.pdf"


def test_an_export_goes_into_the_tournaments_folder_and_is_never_replaced_unasked(desk, tmp_path):
    folder = tmp_path / "data" / "exports" / desk.id
    assert desk.export_folder() == folder
    path = desk.export("round-3-pairings.txt", b"first")
    assert path == folder / "round-3-pairings.txt" and path.is_absolute()
    assert path.read_bytes() == b"first"
    with pytest.raises(ExportExists) as refused:
        desk.export("round-3-pairings.txt", b"second")
    assert refused.value.path == path and str(path) in str(refused.value)
    assert path.read_bytes() == b"first"
    kept = desk.export("round-3-pairings.txt", b"second", exists="keep")
    assert kept == folder / "round-3-pairings-2.txt" and kept.read_bytes() == b"second"
    assert desk.export("round-3-pairings.txt", b"third", exists="keep") == folder / "round-3-pairings-3.txt"
    assert desk.export("round-3-pairings.txt", b"new", exists="replace") == path
    assert path.read_bytes() == b"new"
    assert sorted(p.name for p in folder.iterdir()) == [
        "round-3-pairings-2.txt", "round-3-pairings-3.txt", "round-3-pairings.txt"]  # no temp file left


def test_a_link_planted_as_the_export_folder_is_refused(desk, tmp_path):
    elsewhere = tmp_path / "victim"
    elsewhere.mkdir()
    exports = tmp_path / "data" / "exports"
    exports.mkdir()
    (exports / desk.id).symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        desk.export("round-3-pairings.txt", b"data")
    assert list(elsewhere.iterdir()) == []


def test_a_link_planted_as_the_exports_folder_is_refused(desk, tmp_path):
    elsewhere = tmp_path / "victim"
    (elsewhere / desk.id).mkdir(parents=True)
    (tmp_path / "data" / "exports").symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        desk.export("round-3-pairings.txt", b"data")
    assert list((elsewhere / desk.id).iterdir()) == []


def test_a_link_planted_as_the_file_is_never_written_through(desk, tmp_path):
    victim = tmp_path / "notes.txt"
    victim.write_text("my notes", encoding="utf-8")
    folder = tmp_path / "data" / "exports" / desk.id
    desk.export("other.txt", b"x")  # creates the folder
    (folder / "round-3-pairings.txt").symlink_to(victim)
    with pytest.raises(ExportExists):
        desk.export("round-3-pairings.txt", b"pairings")
    assert desk.export("round-3-pairings.txt", b"pairings", exists="keep").name == "round-3-pairings-2.txt"
    replaced = desk.export("round-3-pairings.txt", b"pairings", exists="replace")
    assert not replaced.is_symlink() and replaced.read_bytes() == b"pairings"  # the link itself replaced
    assert victim.read_text(encoding="utf-8") == "my notes"


@pytest.mark.parametrize("name", ["../escape.txt", "sub/x.txt", ".hidden", "", "a\x1b[2Jb.txt", "..", "x/"])
def test_names_with_a_folder_part_or_controls_are_refused(desk, tmp_path, name):
    with pytest.raises(TournamentError):
        desk.export(name, b"data")
    assert not (tmp_path / "data" / "escape.txt").exists() and not (tmp_path / "escape.txt").exists()


def test_a_full_path_the_organiser_typed_is_written_there_and_not_replaced_unasked(desk, tmp_path):
    target = tmp_path / "mine" / "list.txt"
    target.parent.mkdir()
    assert desk.export(str(target), b"one") == target
    with pytest.raises(ExportExists):
        desk.export(str(target), b"two")
    assert target.read_bytes() == b"one"
    with pytest.raises(TournamentError, match="full path"):
        desk.export("mine/list.txt", b"relative")  # relative to the cwd is what caused item 9


def test_view_only_exports_nothing(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    desk = Workspace(data, read_only=True).open(tid)
    with pytest.raises(TournamentError, match="view-only"):
        desk.export("round-1-pairings.txt", b"x")
    assert not (data / "exports").exists()


# -- the CLI --------------------------------------------------------------------------------
def cli(monkeypatch, data: Path, *argv: str) -> tuple[int, str, str]:
    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(data))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_cli_save_writes_into_the_folder_and_refuses_an_existing_file_without_force(monkeypatch, tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    monkeypatch.chdir(tmp_path)
    code, out, _err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save")
    expected = data / "exports" / tid / "round-2-pairings.txt"
    assert code == 0 and out.strip() == str(expected)
    assert expected.read_text(encoding="utf-8").startswith("Pairings of round 2")
    expected.write_text("edited by hand", encoding="utf-8")
    code, out, err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save")
    assert code != 0 and str(expected) in err and "--force" in err
    assert expected.read_text(encoding="utf-8") == "edited by hand"
    code, out, _err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save", "--force")
    assert code == 0 and expected.read_text(encoding="utf-8").startswith("Pairings of round 2")
    assert sorted(os.listdir(tmp_path)) == ["data"]  # nothing in the directory hakem was started from


def test_cli_pdf_on_a_terminal_without_o_goes_to_the_export_folder(monkeypatch, tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2))

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(data))
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["report", tid, "standings", "--format", "pdf"]) == 0
    pdf = data / "exports" / tid / "round-2-standings.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and str(pdf) in sys.stdout.getvalue()


def test_a_missing_pdf_library_is_a_message(monkeypatch):
    from core.reports.printing import document, render_pdf
    from core.reports.view import View

    t = demo(rounds=1)
    monkeypatch.setitem(sys.modules, "reportlab", None)  # import reportlab now raises ImportError
    with pytest.raises(TournamentError, match="reportlab"):
        render_pdf(t, document(View(t), "standings"))


def test_the_prompt_check_refuses_before_anything_is_rendered(tmp_path):
    from core.app.exports import check_typed

    check_typed("round-3-pairings.pdf")
    check_typed(str(tmp_path / "list.pdf"))
    for typed in ("sub/x.pdf", ".hidden", str(tmp_path / "missing" / "x.pdf"), "../x.pdf"):
        with pytest.raises(TournamentError):
            check_typed(typed)
