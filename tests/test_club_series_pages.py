"""The series' page kept by the data service (issue 36, the fresh-eyes review, item 1).

Before, a remembered series page was written only by the remembering organiser's own hakem,
after her own changes: a result another organiser typed left it stale.  Now the service keeps
the page in a folder of its own pages directory (``hakem serve --pages DIR``) and writes it
again after every change of the series' events, whoever made it — and nobody's process writes
into a directory another chose.
"""

from __future__ import annotations

import pwd
import re
from pathlib import Path

import pytest

from core import changes
from core.app import BoardSeen
from core.cli import main
from core.model import GameResult, Tournament
from core.service import open_workspace
from core.identity import acting_as
from tests.service_thread import service_thread

OTHER = pwd.getpwnam("nobody")
"""Another Unix user of the machine: the service acts as her for her requests (SO_PEERCRED)."""


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))  # remembers no page of its own
    monkeypatch.setenv("HAKEM_LANG", "en")
    path = str(tmp_path / "hakem.sock")
    monkeypatch.setenv("HAKEM_SOCKET", path)
    pages = tmp_path / "pages"
    pages.mkdir()
    with service_thread(tmp_path / "data", path, pages) as svc:
        yield svc, path, pages


def club_night() -> Tournament:
    t = Tournament(id="", name="Club night", system="berger", total_rounds=1)
    t = changes.add_player(t, "Ann", rating=1900, fide_id="34100001")
    return changes.add_player(t, "Bob", rating=1800, fide_id="34100002")


def ranked(page: str) -> list[str]:
    """The players in the order the page lists them."""
    return sorted(("Ann", "Bob"), key=page.index)


def test_another_organisers_result_rewrites_the_series_page(service, capsys) -> None:
    svc, path, pages = service
    ws = open_workspace(socket=path)
    tid = ws.create(club_night())
    desk = ws.open(tid)
    desk.change_roles(grant=["arbiter", f"user:{OTHER.pw_name}"])
    desk.pair_next_round()
    ws.create_series(commands_series())
    ws.add_series_events("GP", [tid])
    assert main(["series", "publish", "GP", "--service", "gp"]) == 0
    assert f"{pages / 'gp'}" in capsys.readouterr().out
    page = (pages / "gp" / "index.html").read_text(encoding="utf-8")
    assert "Ann" not in page and "Bob" not in page  # no result yet: the event counts for nobody

    # the other organiser types the result (as the service runs her request: acting as her uid);
    # her own configuration remembers nothing, the organiser's hakem is not involved
    t = desk.snapshot().tournament
    board = t.rounds[0].boards[0]
    black = t.player(board.black).name
    with acting_as(OTHER.pw_uid):
        other = svc.workspace.open(tid)
        done = other.enter_result(1, 1, GameResult.BLACK_WINS, seen=BoardSeen.of(t, 1, 1))
    assert done.warnings == ()
    page = (pages / "gp" / "index.html").read_text(encoding="utf-8")
    white = t.player(board.white).name
    assert ranked(page) == [black, white]  # 25 points by place for the win, 20 for the loss
    assert page.index("25") < page.index(white)

    # a change of the series itself (its points table) follows at once
    ws.change_series("GP", {"table": commands_table("10,5")})
    page = (pages / "gp" / "index.html").read_text(encoding="utf-8")
    assert "10" in page.split(black, 1)[1] and "25" not in page.split(black, 1)[1]

    # stopping: the service no longer writes it (the last page stays)
    assert main(["series", "publish", "GP", "--forget"]) == 0
    before = (pages / "gp" / "index.html").read_bytes()
    with acting_as(OTHER.pw_uid):
        svc.workspace.open(tid).enter_result(1, 1, GameResult.WHITE_WINS, seen=BoardSeen.of(
            svc.workspace.open(tid).snapshot().tournament, 1, 1))
    assert (pages / "gp" / "index.html").read_bytes() == before


def test_a_page_of_ones_own_through_the_service_says_whose_changes_it_follows(service, capsys, tmp_path) -> None:
    _svc, path, _pages = service
    open_workspace(socket=path).create_series(commands_series())
    assert main(["series", "publish", "GP", str(tmp_path / "mine"), "--remember"]) == 0
    assert "hakem series publish 'GP' --service FOLDER" in capsys.readouterr().out
    assert (tmp_path / "mine" / "index.html").exists()


def commands_series():
    from core.club.series import Series, parse_table

    return Series("GP", table=parse_table("25,20"))


def commands_table(text: str):
    from core.club.series import parse_table

    return parse_table(text)


@pytest.mark.parametrize("folder", ["../x", "a/b", ".hidden", "GP", "x" * 65, "-gp"])
def test_a_page_folder_is_one_part_of_a_web_address(service, capsys, folder: str) -> None:
    _svc, path, pages = service
    ws = open_workspace(socket=path)
    ws.create_series(commands_series())
    assert main(["series", "publish", "GP", f"--service={folder}"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is not a page folder" in err[0]
    assert list(pages.iterdir()) == []
    assert ws.series_definition("GP").page == ""


def test_two_series_never_share_a_folder(service, capsys) -> None:
    _svc, path, pages = service
    ws = open_workspace(socket=path)
    ws.create_series(commands_series())
    ws.create_series(commands_series().__class__("Rapid"))
    assert main(["series", "publish", "GP", "--service", "gp"]) == 0
    assert main(["series", "publish", "Rapid", "--service", "gp"]) == 3
    assert "holds the page of series 'GP'" in capsys.readouterr().err


def test_without_a_pages_directory_the_service_keeps_no_page(tmp_path: Path, monkeypatch, capsys) -> None:
    """In-process (no data service, or a service without ``--pages``): one line saying where
    pages come from, nothing kept."""
    monkeypatch.delenv("HAKEM_SOCKET", raising=False)
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("HAKEM_LANG", "en")
    data = tmp_path / "data"
    assert main(["--data", str(data), "series", "new", "GP"]) == 0
    capsys.readouterr()
    assert main(["--data", str(data), "series", "publish", "GP", "--service", "gp"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "hakem serve --pages DIR" in err[0]
    assert main(["--data", str(data), "series", "publish", "GP"]) == 3
    assert "give a DIRECTORY, or --service FOLDER" in capsys.readouterr().err


def test_the_units_let_the_service_write_its_pages_directory() -> None:
    from core.service.setup import UnitSettings, units

    text = units("hakem.service", UnitSettings(pages="/var/www/club/series"), "/opt/hakem/bin/hakem")
    assert "serve --pages /var/www/club/series" in text
    assert "ReadWritePaths=/var/lib/hakem /var/www/club/series\n" in text  # ProtectSystem=strict otherwise


def four_players() -> Tournament:
    t = Tournament(id="", name="Rapid", system="berger", total_rounds=3)
    for i, name in enumerate(("Ann", "Bob", "Cem", "Dan")):
        t = changes.add_player(t, name, rating=1900 - 50 * i, fide_id=f"3410001{i}")
    return t


def test_an_ordinary_result_of_an_open_round_rewrites_the_series_page(service) -> None:
    """Round 1 has two boards; the first result leaves it open.  The series table counts the
    event as it stands (the winner leads on points), so the page must follow that result —
    before, it waited for the round's last result, as the event's own pages do."""
    svc, path, pages = service
    ws = open_workspace(socket=path)
    tid = ws.create(four_players())
    desk = ws.open(tid)
    desk.pair_next_round()
    ws.create_series(commands_series())
    ws.add_series_events("GP", [tid])
    ws.keep_series_page("GP", "gp")
    before = (pages / "gp" / "index.html").read_text(encoding="utf-8")
    t = desk.snapshot().tournament
    board = t.rounds[0].boards[0]
    winner = t.player(board.white).name
    assert winner not in before  # nobody has a result yet
    desk.enter_result(1, 1, GameResult.WHITE_WINS, seen=BoardSeen.of(t, 1, 1))
    assert not desk.snapshot().tournament.rounds[0].complete
    page = (pages / "gp" / "index.html").read_text(encoding="utf-8")
    loser = t.player(board.black).name
    row = re.sub(r"<[^>]+>", " ", page.split(winner, 1)[1].split(loser, 1)[0]).split()
    assert "25" in row  # first by place after the event as it stands: 25 points, then the loser


def test_the_pages_directory_itself_is_no_page_folder(service, capsys) -> None:
    """``--service ""`` wrote the pages directory's own index (any member may make a series)."""
    _svc, path, pages = service
    open_workspace(socket=path).create_series(commands_series())
    assert main(["series", "publish", "GP", "--service", ""]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "give the page folder a name" in err[0]
    assert list(pages.iterdir()) == []


def test_only_the_series_organisers_have_its_page_kept(service) -> None:
    from core.roles import PermissionDenied

    svc, path, pages = service
    open_workspace(socket=path).create_series(commands_series())
    with acting_as(OTHER.pw_uid), pytest.raises(PermissionDenied, match="only the organisers of series 'GP'"):
        svc.workspace.keep_series_page("GP", "gp")
    assert list(pages.iterdir()) == []


def test_the_page_folder_is_readable_by_the_web_server(service) -> None:
    """The service runs with umask 0077 (``hakem serve``): its page folder was made 0700, so
    the web server the README speaks of could not read it."""
    import os
    import stat

    _svc, path, pages = service
    ws = open_workspace(socket=path)
    ws.create_series(commands_series())
    old = os.umask(0o077)
    try:
        ws.keep_series_page("GP", "gp")
    finally:
        os.umask(old)
    assert stat.S_IMODE((pages / "gp").stat().st_mode) == 0o755
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in (pages / "gp").iterdir()} == {
        "index.html": 0o644, **{p.name: 0o644 for p in (pages / "gp").iterdir() if p.name != "index.html"}}
