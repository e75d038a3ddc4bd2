"""Series through the data service: the use cases answer through the socket as in-process, the
table is computed by the service, and a page this user keeps published follows a result
entered through the service (written by the user's own hakem)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import changes
from core.app import BoardSeen, Workspace
from core.app import publishing
from core.app.exports import data_directory
from core.club.series import Series, parse_table
from core.model import GameResult, Tournament
from core.service import open_workspace
from tests.service_thread import service_thread


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    data = tmp_path / "data"
    path = str(tmp_path / "hakem.sock")
    with service_thread(data, path):
        yield path, data


def two_players() -> Tournament:
    t = Tournament(id="", name="Club night", system="berger", total_rounds=1)
    t = changes.add_player(t, "Ann", rating=1900, fide_id="34100001")
    return changes.add_player(t, "Bob", rating=1800, fide_id="34100002")


def test_series_through_the_service(service, tmp_path: Path) -> None:
    path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(two_players())
    desk = ws.open(tid)
    desk.pair_next_round()
    ws.create_series(Series("GP", table=parse_table("25,20")))
    ws.add_series_events("GP", [tid])
    web = tmp_path / "web"
    publishing.remember(data_directory(), "GP", str(web), "series")
    t = desk.snapshot().tournament
    desk.enter_result(1, 1, GameResult.WHITE_WINS, seen=BoardSeen.of(t, 1, 1))  # the round is complete
    table = ws.series_table("GP")
    assert table == Workspace(str(data), read_only=True).series_table("GP")  # the same as in-process
    white = t.player(t.rounds[0].boards[0].white).name
    top = table.rows[0]
    assert (top.rank, top.name, top.total) == (1, white, 25)
    page = (web / "index.html").read_text(encoding="utf-8")
    assert page.index(white) < page.index("Bob" if white == "Ann" else "Ann")
    assert [s.name for s in ws.series_list()] == ["GP"]
