"""Files written for the user (issue 19 item 9, issue 30 item 4): one folder per tournament in
the user's own export folder, the round in the name, nothing replaced without asking, nothing
written through a link, nothing written inside the data directory.

Expected names and paths are written out by hand from the rule in core/app/exports.py's
docstring (``$HAKEM_EXPORTS/ID/round-N-KIND.EXT``), not taken from the code's output.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from core.app.exports import ExportExists, default_name, write_export, write_file, write_typed
from core.errors import StoreError, TournamentError
from tests.tui_fixtures import demo, store_with

TID = "club-rapid-2026-1a2b"


@pytest.fixture()
def exports(tmp_path: Path, monkeypatch) -> Path:
    home = tmp_path / "my-exports"
    monkeypatch.setenv("HAKEM_EXPORTS", str(home))
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    return home


def test_names_carry_the_round_and_the_kind():
    t = demo(rounds=3)
    assert default_name(t, "pairings", ".pdf", 2) == "round-2-pairings.pdf"
    assert default_name(t, "standings", ".html") == "round-3-standings.html"  # the round the event is at
    assert default_name(t, "card", ".txt", None, 7) == "round-3-card-7.txt"
    assert default_name(t, "ranking:u12", ".csv") == "round-3-ranking-u12.csv"
    assert default_name(demo(), "checkin", ".pdf") == "before-round-1-checkin.pdf"


def test_an_export_goes_into_the_tournaments_folder_and_is_never_replaced_unasked(exports):
    folder = exports / TID
    path = write_typed(TID, "round-3-pairings.txt", b"first")
    assert path == folder / "round-3-pairings.txt" and path.is_absolute()
    assert path.read_bytes() == b"first"
    with pytest.raises(ExportExists) as refused:
        write_typed(TID, "round-3-pairings.txt", b"second")
    assert refused.value.path == path and str(path) in str(refused.value)
    assert path.read_bytes() == b"first"
    kept = write_typed(TID, "round-3-pairings.txt", b"second", exists="keep")
    assert kept == folder / "round-3-pairings-2.txt" and kept.read_bytes() == b"second"
    assert write_typed(TID, "round-3-pairings.txt", b"third", exists="keep") == folder / "round-3-pairings-3.txt"
    assert write_typed(TID, "round-3-pairings.txt", b"new", exists="replace") == path
    assert path.read_bytes() == b"new"
    assert sorted(p.name for p in folder.iterdir()) == [
        "round-3-pairings-2.txt", "round-3-pairings-3.txt", "round-3-pairings.txt"]  # no temp file left


def test_a_link_planted_as_the_export_folder_is_refused(exports, tmp_path):
    elsewhere = tmp_path / "victim"
    elsewhere.mkdir()
    exports.mkdir()
    (exports / TID).symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        write_typed(TID, "round-3-pairings.txt", b"data")
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("exists", ["refuse", "keep", "replace"])
def test_a_link_planted_as_the_file_is_refused_whatever_was_asked(exports, tmp_path, exists):
    victim = tmp_path / "notes.txt"
    victim.write_text("my notes", encoding="utf-8")
    write_typed(TID, "other.txt", b"x")  # creates the folder
    (exports / TID / "round-3-pairings.txt").symlink_to(victim)
    (exports / TID / "dangling.txt").symlink_to(tmp_path / "not-yet")
    for name in ("round-3-pairings.txt", "dangling.txt"):
        with pytest.raises(StoreError, match="never writes through a link"):
            write_typed(TID, name, b"pairings", exists)
    assert victim.read_text(encoding="utf-8") == "my notes" and not (tmp_path / "not-yet").exists()
    assert (exports / TID / "round-3-pairings.txt").is_symlink()


@pytest.mark.parametrize("name", ["../escape.txt", "sub/x.txt", ".hidden", "", "a\x1b[2Jb.txt", "..", "x/"])
def test_names_with_a_folder_part_or_controls_are_refused(exports, tmp_path, name):
    with pytest.raises(TournamentError):
        write_typed(TID, name, b"data")
    assert not (tmp_path / "escape.txt").exists() and not (exports / "escape.txt").exists()


def test_a_full_path_the_organiser_typed_is_written_there_and_not_replaced_unasked(exports, tmp_path):
    target = tmp_path / "mine" / "list.txt"
    target.parent.mkdir()
    assert write_typed(TID, str(target), b"one") == target
    with pytest.raises(ExportExists):
        write_typed(TID, str(target), b"two")
    assert target.read_bytes() == b"one"
    with pytest.raises(TournamentError, match="full path"):
        write_typed(TID, "mine/list.txt", b"relative")  # relative to the cwd is what caused item 9


def test_nothing_is_written_inside_the_data_directory_however_it_is_spelled(exports, tmp_path):
    data = tmp_path / "data"
    (data / "sub").mkdir()
    (tmp_path / "alias").symlink_to(data)
    for path in (data / "x.txt", data / "sub" / "x.txt", tmp_path / "alias" / "sub" / "x.txt",
                 data / "sub" / ".." / "x.txt"):
        with pytest.raises(StoreError, match="inside the data directory"):
            write_file(path, b"data")
    assert sorted(os.listdir(data)) == ["sub"] and os.listdir(data / "sub") == []


def test_a_new_file_gets_the_users_umask_and_a_replaced_one_keeps_its_mode(exports, tmp_path):
    old = os.umask(0o027)
    try:
        fresh = write_file(tmp_path / "fresh.txt", b"x")
    finally:
        os.umask(old)
    assert fresh.stat().st_mode & 0o777 == 0o640
    kept = tmp_path / "kept.txt"
    kept.write_bytes(b"old")
    kept.chmod(0o604)
    write_file(kept, b"new", "replace")
    assert kept.read_bytes() == b"new" and kept.stat().st_mode & 0o777 == 0o604


def test_a_fifo_nobody_reads_is_refused_at_once(exports, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(StoreError, match="nobody reads"):
        write_file(fifo, b"data")  # opening it for writing would block without O_NONBLOCK


def test_view_only_exports_nothing(exports, tmp_path):
    from core.file_safety import forbid_writes
    import core.file_safety as files

    forbid_writes()
    try:
        with pytest.raises(TournamentError, match="view-only"):
            write_export(TID, "round-1-pairings.txt", b"x")
    finally:
        files._writes_forbidden = False
    assert not (exports / TID / "round-1-pairings.txt").exists()


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
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "mine"))
    code, out, _err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save")
    expected = tmp_path / "mine" / tid / "round-2-pairings.txt"
    assert code == 0 and out.strip() == str(expected)
    assert expected.read_text(encoding="utf-8").startswith("Pairings of round 2")
    expected.write_text("edited by hand", encoding="utf-8")
    code, out, err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save")
    assert code != 0 and str(expected) in err and "--force" in err
    assert expected.read_text(encoding="utf-8") == "edited by hand"
    code, out, _err = cli(monkeypatch, data, "report", tid, "pairings", "--round", "2", "--save", "--force")
    assert code == 0 and expected.read_text(encoding="utf-8").startswith("Pairings of round 2")
    assert sorted(os.listdir(tmp_path)) == ["data", "mine"]  # nothing in the directory hakem was started from
    assert not (data / "exports").exists()  # nor in the data directory


def test_cli_pdf_on_a_terminal_without_o_goes_to_the_export_folder(monkeypatch, tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2))

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    from core.cli import main

    monkeypatch.setenv("HAKEM_DATA", str(data))
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "mine"))
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["report", tid, "standings", "--format", "pdf"]) == 0
    pdf = tmp_path / "mine" / tid / "round-2-standings.pdf"
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


def test_pages_are_never_published_inside_the_data_directory(exports, tmp_path):
    from core.reports.export import publish

    t = demo(rounds=2)
    with pytest.raises(StoreError, match="inside the data directory"):
        publish(t, tmp_path / "data" / "web")
    assert not (tmp_path / "data" / "web").exists()  # not even the folder
    assert (tmp_path / "www" / "index.html") in publish(t, tmp_path / "www")
