"""``hakem series``: bad input refused with one line and exit 3 changing nothing, every
format of the table, and the published page following a corrected result."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_run import run

Hakem = Callable[..., str]


@pytest.fixture()
def hakem(cli_data, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Hakem:
    """``hakem ARGS`` in the test's data directory; its standard output (it must succeed)."""
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    return lambda *args: run(capsys, *args)[0]


@pytest.fixture()
def refused(capsys: pytest.CaptureFixture[str]) -> Callable[..., str]:
    """``hakem ARGS`` must fail with exit 3 and one line on stderr, nothing on stdout."""

    def refuse(*args: str) -> str:
        out, err = run(capsys, *args, code=3)
        assert out == "" and len(err.strip().splitlines()) == 1, (out, err)
        return err

    return refuse


def two_players(hakem: Hakem) -> str:
    """A one-round event: Ann (FIDE 34100001) beats Bob (FIDE 34100002)."""
    tid = hakem("new", "Club night", "--system", "berger", "--rounds", "1").strip()
    hakem("players", "add", tid, "--name", "Ann", "--fide-id", "34100001", "--rating", "1900")
    hakem("players", "add", tid, "--name", "Bob", "--fide-id", "34100002", "--rating", "1800")
    return tid


def test_bad_input_is_one_line_and_changes_nothing(hakem: Hakem, refused: Callable[..., str]) -> None:
    tid = two_players(hakem)
    go = hakem("new", "Go night", "--system", "mcmahon", "--rounds", "3").strip()
    assert "no series 'GP'" in refused("series", "add", "GP", tid)
    hakem("series", "new", "GP")
    before = hakem("series", "list", "--format", "json")
    assert "no tournament 'nope'" in refused("series", "add", "GP", tid, "nope")
    assert hakem("series", "list", "--format", "json") == before  # all or none: not even tid
    assert "no series 'Other'; the series are: GP" in refused("series", "show", "Other")
    hakem("series", "add", "gp", tid)  # the name's case does not matter
    assert "already in series 'GP'" in refused("series", "add", "GP", tid)
    assert "never mixes chess and Go" in refused("series", "add", "GP", go)
    assert "not in series 'GP'" in refused("series", "remove", "GP", go)
    assert "already a series 'GP'" in refused("series", "new", "gp")
    assert "needs a name" in refused("series", "new", " ")
    assert "control or invisible character" in refused("series", "new", "G\x07P")
    assert "never grows" in refused("series", "set", "GP", "--table", "10,12")
    assert "--best" in refused("series", "set", "GP", "--best", "-1")
    assert "no such user" in refused("series", "set", "GP", "--organisers", "user:hk-series-nobody")
    after = json.loads(hakem("series", "list", "--format", "json"))["series"]
    assert after == [{**json.loads(before)["series"][0], "events": [tid], "game": "chess"}]


def one_game_series(hakem: Hakem) -> str:
    """Series "GP" (25-20 by place) of one event where Ann beat Bob; returns the event's id."""
    tid = two_players(hakem)
    hakem("round", "pair", tid)
    hakem("result", tid, "1", "1", "1-0")
    hakem("series", "new", "GP", "--table", "25,20")
    hakem("series", "add", "GP", tid)
    return tid


def test_every_format(hakem: Hakem, tmp_path: Path) -> None:
    one_game_series(hakem)
    text = hakem("series", "show", "GP")
    assert "Points by place: 25-20" in text and "Ann" in text
    csv = hakem("series", "show", "GP", "--format", "csv").splitlines()
    assert csv[:3] == ["rank,name,member,fide_id,event1,played,points,decided_by", "1,Ann,,34100001,25,1,25,",
                       "2,Bob,,34100002,20,1,20,"]
    rows = json.loads(hakem("series", "show", "GP", "--format", "json"))["tables"][0]["rows"]
    assert [(r["name"], r["points"]) for r in rows] == [("Ann", "25"), ("Bob", "20")]
    assert "<td class=\"l f\">Ann</td>" in hakem("series", "show", "GP", "--format", "html")
    pdf = tmp_path / "gp.pdf"
    hakem("series", "show", "GP", "--format", "pdf", "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")
    de = hakem("--lang", "de", "series", "show", "GP")
    assert "Punkte nach Platz: 25-20" in de


def test_the_remembered_page_follows_a_corrected_result(hakem: Hakem, tmp_path: Path) -> None:
    tid = one_game_series(hakem)
    web = tmp_path / "web"
    hakem("series", "publish", "GP", str(web), "--remember")
    page = (web / "index.html").read_text(encoding="utf-8")
    assert page.index("Ann") < page.index("Bob")
    hakem("result", tid, "1", "1", "0-1", "--correct")
    page = (web / "index.html").read_text(encoding="utf-8")
    assert page.index("Bob") < page.index("Ann")
    hakem("series", "publish", "GP", str(web), "--forget")
    hakem("result", tid, "1", "1", "1-0", "--correct")
    assert (web / "index.html").read_text(encoding="utf-8") == page  # forgotten: not written again


def test_only_the_organisers_change_a_series(hakem: Hakem, refused: Callable[..., str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    tid = two_players(hakem)
    hakem("series", "new", "GP")
    monkeypatch.setattr("core.identity.user_name", lambda uid: "intruder")  # someone not named
    monkeypatch.setattr("core.roles.names", lambda whos, uid=None: False)  # nor in a group named
    assert "only the organisers of series 'GP'" in refused("series", "add", "GP", tid)
    assert "only the organisers" in refused("series", "delete", "GP")
    hakem("series", "show", "GP")  # everyone reads


def test_an_event_is_added_by_those_who_run_it(hakem: Hakem, refused: Callable[..., str], cli_data: Path) -> None:
    from core.store import Store

    tid = two_players(hakem)
    hakem("series", "new", "GP")
    # the event's role table names someone else as its chief arbiter: here we are a viewer
    Store(cli_data).update(tid, "roles", lambda t: t.with_changes(
        options={**t.options, "roles": {"chief-arbiter": ["user:nobody"]}}))
    assert "only an arbiter or the chief arbiter of 'Club night'" in refused("series", "add", "GP", tid)
    assert json.loads(hakem("series", "list", "--format", "json"))["series"][0]["events"] == []
