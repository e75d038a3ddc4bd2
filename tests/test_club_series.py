"""A season of three events played through the CLI, and its series table (issue 36 item 3).

The players are registered from the club's register (member ids) or by FIDE id, one with
neither; every game is entered with ``hakem result`` — in-process, and through the data
service.  The expected tables are worked out by
hand below from the games' results — points by place with best 2 of 3 and a three-way tie
broken by the stated order, and game points — and must change when a result is corrected.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterator

import pytest

from core.model import GameResult
from tests.cli_run import run
from tests.service_thread import service_thread

Hakem = Callable[..., str]


@pytest.fixture(params=["in-process", "service"])
def hakem(request: pytest.FixtureRequest, cli_data, capsys: pytest.CaptureFixture[str], tmp_path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[Hakem]:
    """``hakem ARGS`` on the test's data directory — in-process, or through the data service
    serving it (``HAKEM_SOCKET``, gone after the test) — and its standard output (it must
    succeed)."""
    if request.param == "in-process":
        yield lambda *args: run(capsys, *args)[0]
        return
    socket = str(tmp_path / "hakem.sock")
    monkeypatch.setenv("HAKEM_SOCKET", socket)
    with service_thread(cli_data, socket):
        yield lambda *args: run(capsys, *args)[0]


MEMBERS = {"Ann": "34100001", "Bob": "", "Dan": "34100004", "Fay": ""}
"""The register: Ann, Bob, Dan, Fay (Dan's FIDE id is in the register; Cem is not a member)."""


def register(hakem: Hakem) -> dict[str, int]:
    """The register's members, by name → member number ("Member 3: Dan")."""
    numbers = {}
    for name, fide in MEMBERS.items():
        out = hakem("members", "add", "--name", name, *(["--fide-id", fide] if fide else []))
        numbers[name] = int(out.split(":")[0].split()[-1])
    return numbers


def play(hakem: Hakem, name: str, entries: list[list[str]], order: list[str],
         draws: tuple[tuple[str, str], ...] = ()) -> str:
    """A round robin of four through the CLI: each game won by the player earlier in
    ``order``, except the pairs in ``draws``; returns the event's id."""
    tid = hakem("new", name, "--system", "berger", "--rounds", "3").strip()
    for entry in entries:
        hakem("players", "add", tid, *entry)
    names = {row["pno"]: row["name"] for row in json.loads(hakem("standings", tid, "--format", "json"))["players"]}
    rank = {n: i for i, n in enumerate(order)}
    for rnd in (1, 2, 3):
        hakem("round", "pair", tid)
        for board in json.loads(hakem("round", "show", tid, "--format", "json"))["boards"]:
            white, black = names[board["white"]], names[board["black"]]
            if {white, black} in [set(d) for d in draws]:
                result = GameResult.DRAW
            else:
                result = GameResult.WHITE_WINS if rank[white] < rank[black] else GameResult.BLACK_WINS
            hakem("result", tid, str(rnd), str(board["board"]), result.value)
    return tid


def season(hakem: Hakem, m: dict[str, int]) -> tuple[str, str, str]:

    def member(name: str) -> list[str]:
        return ["--member", str(m[name])]

    e1 = play(hakem, "Rapid 1", [member("Ann"), member("Bob"), ["--name", "Cem", "--fide-id", "34100003"], member("Dan")],
              ["Ann", "Bob", "Cem", "Dan"], (("Bob", "Cem"),))
    e2 = play(hakem, "Rapid 2", [member("Ann"), member("Bob"), ["--name", "Eve"], member("Fay")],
              ["Bob", "Eve", "Ann", "Fay"])
    # Dan registered by hand with his FIDE id only: the register gives that id his member number
    e3 = play(hakem, "Rapid 3", [["--name", "Cem", "--fide-id", "34100003"], ["--name", "Dan", "--fide-id", "34100004"],
                               member("Ann"), member("Bob")],
              ["Cem", "Ann", "Bob", "Dan"], (("Ann", "Bob"),))
    return e1, e2, e3


def table(hakem: Hakem, name: str) -> list[dict[str, str]]:
    """The main table of ``hakem series show NAME --format csv`` plus the not-qualified rows."""
    text = hakem("series", "show", name, "--format", "csv")
    blocks = text.strip().split("\n\n")
    rows = []
    for block in blocks:
        reader = list(csv.DictReader(io.StringIO(block)))
        if reader and "rank" in reader[0]:
            rows += reader
    return rows


def short(rows: list[dict[str, str]]) -> list[tuple[str, ...]]:
    return [(r["rank"], r["name"], r["event1"], r["event2"], r["event3"], r["points"], r["decided_by"]) for r in rows]


def identities(rows: list[dict[str, str]]) -> dict[str, tuple[str, str]]:
    return {r["name"]: (r["member"], r["fide_id"]) for r in rows}


def test_a_season_of_three_events(hakem: Hakem) -> None:
    members = register(hakem)
    e1, e2, e3 = season(hakem, members)
    hakem("series", "new", "Rapid GP", "--table", "10,8,6,5,4,3", "--best", "2", "--minimum", "2")
    hakem("series", "add", "Rapid GP", e1, e2)
    hakem("series", "add", "Rapid GP", e3)
    hakem("series", "new", "Rapid points", "--scoring", "points", "--best", "2", "--minimum", "2")
    hakem("series", "add", "Rapid points", e1, e2, e3)
    # The games give (a player's score: the players after her in the order, draws ½):
    #   Rapid 1: Ann 3, Bob 1½, Cem 1½, Dan 0 · Rapid 2: Bob 3, Eve 2, Ann 1, Fay 0
    #   Rapid 3: Cem 3, Ann 1½, Bob 1½, Dan 0
    # Points by place 10-8-6-5-4-3, players equal on points split the places' points:
    #   Rapid 1: Ann 10, Bob 7, Cem 7, Dan 5 · Rapid 2: Bob 10, (Eve 8: not in the register),
    #   Ann 6, Fay 5 · Rapid 3: Cem 10, Ann 7, Bob 7, Dan 5
    # Best 2 of 3: Ann 10+7 (6 out) = 17 · Bob 10+7 (7 out: of two equal results the earlier
    #   event counts) = 17 · Cem 7+10 = 17 (2 events)
    #   Dan 5+5 = 10 · Fay 5 (1 event: below the minimum of 2)
    # 17 three times, counted results 10 and 7 each: Cem played fewer events (criterion 2),
    # Bob's discarded 7 beats Ann's 6 (criterion 3).
    assert short(table(hakem, "Rapid GP")) == [
        ("1", "Bob", "7", "10", "(7)", "17", "discarded"),
        ("2", "Ann", "10", "(6)", "7", "17", "played"),
        ("3", "Cem", "7", "", "10", "17", ""),
        ("4", "Dan", "5", "", "5", "10", ""),
        ("-", "Fay", "", "5", "", "5", "")]
    # Game points, best 2 of 3: Ann 3+1½ (1 out) = 4½ · Bob 3+1½ (1½ out) = 4½ · Cem 1½+3 = 4½
    #   · Dan 0 · Fay 0 (1 event).  Same order by the same criteria.
    assert short(table(hakem, "Rapid points")) == [
        ("1", "Bob", "1.5", "3", "(1.5)", "4.5", "discarded"),
        ("2", "Ann", "3", "(1)", "1.5", "4.5", "played"),
        ("3", "Cem", "1.5", "", "3", "4.5", ""),
        ("4", "Dan", "0", "", "0", "0", ""),
        ("-", "Fay", "", "0", "", "0", "")]
    # Dan, registered by hand in Rapid 3 with his FIDE id only, is the register's member there
    # too; Cem, not in the register, is followed by his FIDE id; Eve by nothing
    assert identities(table(hakem, "Rapid GP")) == {"Ann": (str(members["Ann"]), ""), "Bob": (str(members["Bob"]), ""),
                                                    "Cem": ("", "34100003"), "Dan": (str(members["Dan"]), ""),
                                                    "Fay": (str(members["Fay"]), "")}
    text = hakem("series", "show", "Rapid GP")
    assert "Eve" in text.split("Not in the register")[1]

    # A result corrected in Rapid 3: Cem - Ann drawn.  Rapid 3 becomes Cem 2½, Ann 2, Bob 1½,
    # Dan 0 -> Cem 10, Ann 8, Bob 6, Dan 5.
    rnd, board = _board_of(hakem, e3, "Cem", "Ann")
    hakem("result", e3, str(rnd), str(board), "1/2", "--correct")
    # Ann 10+8 (6 out) = 18 · Bob 10+7 (6 out) = 17 · Cem 7+10 = 17: counted 10, 7 both, Bob
    # played more events · Dan 10 · Fay 5
    assert short(table(hakem, "Rapid GP")) == [
        ("1", "Ann", "10", "(6)", "8", "18", ""),
        ("2", "Bob", "7", "10", "(6)", "17", "played"),
        ("3", "Cem", "7", "", "10", "17", ""),
        ("4", "Dan", "5", "", "5", "10", ""),
        ("-", "Fay", "", "5", "", "5", "")]
    # Game points: Ann 3+2 (1 out) = 5 · Bob 3+1½ = 4½ · Cem 1½+2½ = 4
    assert [r[:2] + r[5:6] for r in short(table(hakem, "Rapid points"))] == [
        ("1", "Ann", "5"), ("2", "Bob", "4.5"), ("3", "Cem", "4"), ("4", "Dan", "0"), ("-", "Fay", "0")]


def _board_of(hakem: Hakem, tid: str, a: str, b: str) -> tuple[int, int]:
    names = {row["pno"]: row["name"] for row in json.loads(hakem("standings", tid, "--format", "json"))["players"]}
    for rnd in (1, 2, 3):
        for board in json.loads(hakem("round", "show", tid, str(rnd), "--format", "json"))["boards"]:
            if {names[board["white"]], names[board["black"]]} == {a, b}:
                return rnd, board["board"]
    raise AssertionError(f"{a} and {b} never met")
