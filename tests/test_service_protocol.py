"""The data service's protocol (issue 30 items 1 and 3), with the service in a thread of this
process on a socket in a temporary directory: the use cases of ``core/app`` through the socket
answer as in-process, refusals arrive as the same hakem errors, only declared use cases are
callable, nothing but hakem's own values can be built, files travel as descriptors, and
changes are pushed to watchers.  (With real Unix users and the real CLI:
``test_service_users.py``.)"""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import pytest

from core.app.conflicts import BoardSeen, StaleChange
from core.app.workspace import Workspace
from core.errors import TournamentError
from core.model import GameResult, Tournament
from core.service import open_workspace
from core.service.client import RemoteWorkspace, ServiceUnavailable
from core.service.wire import MAX_REQUEST, ProtocolError, decode, encode
from tests.service_thread import service_thread


@pytest.fixture
def service(tmp_path):
    data = tmp_path / "data"
    path = str(tmp_path / "hakem.sock")
    with service_thread(data, path) as svc:
        yield svc, path, data


def event(players: int = 6) -> Tournament:
    from core import changes

    t = Tournament(id="", name="Service Open", system="dutch", total_rounds=3)
    for i in range(players):
        t = changes.add_player(t, f"Player {i + 1}", rating=2000 + 10 * i)
    return t


def raw(path: str, *lines: bytes) -> list[dict]:
    """Send raw bytes, read every answer line until the service closes or is quiet."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(path)
        sock.settimeout(10)
        try:
            for line in lines:
                sock.sendall(line)
            sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the service stopped reading (a message too long) and said why
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:
            pass  # it closed with our unread bytes: its answer came first
    return [json.loads(x) for x in data.splitlines() if x]


def test_use_cases_answer_through_the_socket_as_in_process(service, tmp_path):
    svc, path, data = service
    ws = open_workspace(socket=path)
    assert isinstance(ws, RemoteWorkspace) and ws.data_dir == str(data)
    tid = ws.create(event())
    desk = ws.open(tid)
    seen_progress: list[float] = []
    outcome = desk.pair_next_round(progress=lambda f, text: seen_progress.append(f))
    assert outcome.revision == desk.revision() and len(outcome.tournament.rounds) == 1
    board = outcome.tournament.rounds[0].boards[0]
    seen = BoardSeen.of(outcome.tournament, 1, 1)
    after = desk.enter_result(1, 1, GameResult.WHITE_WINS, seen=seen)
    assert after.tournament.rounds[0].boards[0].result is GameResult.WHITE_WINS
    # the same tournament, read in-process from the directory the service writes
    local = Workspace(str(data)).open(tid).snapshot()
    assert local.tournament == desk.snapshot().tournament and local.revision == after.revision
    assert [e["action"] for e in desk.journal()][-1] == "result round 1 board 1 1-0"
    assert [i.id for i in ws.list()] == [tid]
    # a refusal raises the same class, with the same words
    with pytest.raises(StaleChange, match="board 1") as refused:
        desk.enter_result(1, 1, GameResult.BLACK_WINS, seen=BoardSeen(board.white, board.black, None))
    assert "nothing was saved" in str(refused.value)
    with pytest.raises(TournamentError, match="no tournament 'nope'"):
        ws.open("nope")


def test_a_file_to_import_is_opened_by_the_client_and_passed(service, tmp_path):
    svc, path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(event(0))
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\nAksoy,2300\nBilgin,2200\n", encoding="utf-8")
    outcome = ws.open(tid).import_players(str(csv))
    assert outcome.value == 2 and [p.name for p in outcome.tournament.players] == ["Aksoy", "Bilgin"]
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(TournamentError, match="not a regular file"):
        ws.open(tid).import_players(str(fifo))
    with pytest.raises(TournamentError, match="missing.csv"):
        ws.open(tid).import_players(str(tmp_path / "missing.csv"))


def test_a_path_sent_instead_of_a_file_is_not_opened_by_the_service(service, tmp_path):
    """A caller that sends a path as text (not a descriptor) gets the service's refusal to read
    a path, never the file's content: the use case receives a string it reads as the caller."""
    svc, path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(event(0))
    secret = tmp_path / "secret.csv"
    secret.write_text("name,rating\nSecret,2000\n", encoding="utf-8")
    answers = raw(path, json.dumps({"id": 1, "call": "import_players", "tournament": tid,
                                    "kwargs": {"path": {"$fd": 0, "name": str(secret)}}}).encode() + b"\n")
    assert "not passed" in answers[0]["error"]["message"]
    answers = raw(path, json.dumps({"id": 2, "call": "import_players", "tournament": tid,
                                    "kwargs": {"path": str(secret)}}).encode() + b"\n")
    assert "must be passed to the hakem service, not named" in answers[0]["error"]["message"]
    answers = raw(path, json.dumps({"id": 3, "call": "import_file", "tournament": None,
                                    "kwargs": {"path": str(secret)}}).encode() + b"\n")
    assert "must be passed to the hakem service, not named" in answers[0]["error"]["message"]
    assert ws.open(tid).snapshot().tournament.players == ()
    assert [i.id for i in ws.list()] == [tid]


def test_only_declared_use_cases_are_callable(service):
    svc, path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(event())
    for name in ("_change", "store", "permit", "__init__", "policy"):
        answers = raw(path, json.dumps({"id": 7, "call": name, "tournament": tid, "kwargs": {}}).encode() + b"\n")
        assert answers[0]["id"] == 7 and "is not a use case of hakem" in answers[0]["error"]["message"]


def test_nothing_but_hakem_values_can_be_built():
    with pytest.raises(ProtocolError):
        decode({"$d": "os.system", "f": {}})
    with pytest.raises(ProtocolError):
        decode({"$d": "subprocess.Popen", "f": {"args": ["true"]}})
    with pytest.raises(ProtocolError):
        decode({"$e": "core.model.Tournament", "v": 1})  # a class of hakem, but no enumeration
    with pytest.raises(ProtocolError):
        decode({"$d": "core.i18n.update.Catalog", "f": {}})  # the tools are not even imported
    with pytest.raises(ProtocolError):
        decode({"$d": "core.service.server.Service", "f": {}})
    assert decode(encode(GameResult.DRAW)) is GameResult.DRAW
    t = event()
    assert decode(encode({"t": t, 1: (b"\0x", frozenset({2}))})) == {"t": t, 1: (b"\0x", frozenset({2}))}


def test_bad_messages_get_one_line_and_change_nothing(service):
    svc, path, data = service
    [answer] = raw(path, b"{not json\n")
    assert "not JSON" in answer["error"]["message"]
    [answer] = raw(path, b"[1, 2]\n")
    assert "not a JSON object" in answer["error"]["message"]
    [answer] = raw(path, b"x" * (MAX_REQUEST + 70000))
    assert "longer than" in answer["error"]["message"]
    deep = b'{"id": 1, "call": "list", "kwargs": {"a": ' + b"[" * 100000 + b"]" * 100000 + b"}}\n"
    [answer] = raw(path, deep)
    assert "error" in answer
    assert not any(Path(data).glob("*.hakem.json"))


def test_a_view_only_client_changes_nothing(service):
    svc, path, data = service
    tid = open_workspace(socket=path).create(event())
    viewer = open_workspace(socket=path, read_only=True)
    with pytest.raises(TournamentError, match="view-only"):
        viewer.open(tid).check_in(open_checkin=True)
    [answer] = raw(path, json.dumps({"id": 1, "call": "check_in", "tournament": tid,
                                     "kwargs": {"open_checkin": True}, "read_only": True}).encode() + b"\n")
    assert "view-only" in answer["error"]["message"]


def test_changes_are_pushed_to_watchers(service):
    svc, path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(event())
    events: list[dict] = []
    arrived = threading.Event()

    def seen(e: dict) -> None:
        events.append(e)
        arrived.set()

    watch = ws.open(tid).watch(seen)
    other = open_workspace(socket=path)  # another organiser's hakem
    outcome = other.open(tid).check_in(open_checkin=True)
    assert arrived.wait(10), "no event pushed"
    watch.close()
    assert events[0]["event"] == "revision" and events[0]["tournament"] == tid
    assert events[0]["revision"] == outcome.revision


def test_a_cancelled_pairing_stops_in_the_service(service):
    from core.pairing.base import Cancelled

    svc, path, data = service
    ws = open_workspace(socket=path)
    desk = ws.open(ws.create(event(40)))
    plan = desk.prepare_round()
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        desk.propose(plan, cancel=cancel)
    assert desk.snapshot().tournament.rounds == ()


def test_a_cancel_that_crossed_its_answer_is_ignored(service):
    """A cancel sent as the answer went out arrives after the call: the next request's answer
    is still the first line the caller reads (it was an error line, taken for the next
    request's answer — seen once in 4 runs of this file)."""
    svc, path, data = service
    answers = raw(path, b'{"cancel": 3}\n', json.dumps({"id": 4, "call": "list", "kwargs": {}}).encode() + b"\n")
    assert answers == [{"id": 4, "ok": []}]


def test_the_services_own_refusals_keep_their_class(service):
    from core.service.wire import decode_error, encode_error

    error = decode_error(encode_error(ProtocolError("a message that is not JSON")))
    assert isinstance(error, ProtocolError) and str(error) == "a message that is not JSON"


def test_an_explicit_socket_nobody_answers_is_one_clear_error(tmp_path):
    with pytest.raises(ServiceUnavailable, match="cannot reach the hakem service"):
        open_workspace(socket=str(tmp_path / "none.sock"))


def test_rating_lists_live_in_the_services_directory(service, tmp_path):
    """A list file the user passes is imported into the service's directory (its layout, a
    hakem dataclass, travels too); searching and registering from it go through the service."""
    from core.ratinglists.entry import ListEntry
    from core.ratinglists.formats.csv_list import parse_mapping

    svc, path, data = service
    ws = open_workspace(socket=path)
    source = tmp_path / "club.csv"
    source.write_text("Nr\tSpieler\tElo\n7\tBauer, Max\t1890\n8\tBauer, Eva\t1750\n", encoding="utf-8")
    layout = parse_mapping("national_id=Nr,name=Spieler,national_rating=Elo")
    info = ws.import_rating_list(str(source), name="club", layout=layout)
    assert (info.name, info.count, info.source) == ("club", 2, "club.csv")
    assert (Path(data) / "lists" / "club.idx").exists()
    assert not [p for p in Path(data).iterdir() if p.name.startswith(".incoming-")]
    assert [i.name for i in ws.rating_lists()] == ["club"]
    found_info, found = ws.search_rating_list("bauer m")
    assert found_info.name == "club"
    assert found == [ListEntry(name="Bauer, Max", national_id="7", national_rating=1890)]
    tid = ws.create(event(2))
    outcome = ws.open(tid).add_player_from_list(national_id="8")
    assert outcome.tournament.players[-1].name == "Bauer, Eva"
    ws.remove_rating_list("club")
    assert ws.rating_lists() == []


def test_a_screen_that_stops_reading_holds_nobody(service):
    """A watcher that never reads its events (a suspended TUI) is dropped once its socket is
    full; the organisers' changes go on."""
    svc, path, data = service
    ws = open_workspace(socket=path)
    tid = ws.create(event())
    stuck = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.connect(path)
    stuck.sendall(json.dumps({"id": 1, "watch": tid}).encode() + b"\n")
    assert b'"ok"' in stuck.recv(4096)  # watching from now on; then it never reads again
    assert len(svc._watchers) == 1
    desk = ws.open(tid)
    for i in range(2000):
        desk.edit_player(1, name=f"Player {i} " + "x" * 80)  # names: at most 100 characters
        if not svc._watchers:
            break
    assert not svc._watchers, "the stuck watcher was never dropped"
    assert desk.snapshot().tournament.player(1).name == f"Player {i} " + "x" * 80
    stuck.close()


def test_the_users_remembered_pages_are_refreshed_by_the_users_hakem(service, tmp_path, monkeypatch):
    """``hakem publish ID DIR --remember`` is kept in the user's own configuration; with the
    service the user's own hakem refreshes the pages after the user's change (the service
    never writes a place a caller chose)."""
    from core.app import publishing

    svc, path, data = service
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.delenv("HAKEM_DATA", raising=False)  # a --data the service does not serve is refused
    from core.app.exports import data_directory

    web = tmp_path / "web"
    web.mkdir()
    ws = open_workspace(socket=path)
    tid = ws.create(event())
    publishing.remember(data_directory(), tid, str(web))
    assert not list(web.iterdir())
    outcome = ws.open(tid).pair_next_round()
    assert outcome.warnings == ()
    assert (web / "index.html").exists()
    assert any("Player 1" in page.read_text(encoding="utf-8") for page in web.glob("*.html"))
