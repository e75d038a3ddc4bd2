"""A fresh review of what hakem writes and keeps (no other Unix users needed).

- an import keeps no role table from the file (it made alice a viewer of her own import);
- ``roles --grant`` names only real users and groups, by name, no wildcard, no whitespace, no
  duplicate;
- the notice about a stored publish directory never repeats the stored place as a command.
"""

from __future__ import annotations

import dataclasses
import grp
import json
import os
import pwd
import re

import pytest

from core import changes
from core.cli import main
from core.model import Player, Tournament
from core.store import Store

ME = pwd.getpwuid(os.getuid()).pw_name
MY_GROUP = grp.getgrgid(os.getgid()).gr_name


@pytest.fixture()
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _event(data, name: str = "Open") -> str:
    players = tuple(Player(i + 1, n, rating=2000 - i) for i, n in enumerate(("Ann", "Ben", "Cem", "Dan")))
    store = Store(data / "data")
    tid = store.create(Tournament(id="", name=name, total_rounds=3, players=players))
    store.update(tid, "pair", changes.pair_next_round)
    return tid


# -- an import drops the file's role table ------------------------------------------------------
def test_an_import_drops_the_files_role_table(data, capsys):
    tid = _event(data)
    assert main(["export", tid, "--json", "-o", "club.json"]) == 0
    raw = json.loads((data / "club.json").read_text())
    raw["options"]["roles"] = {"chief-arbiter": ["user:somebody-else"], "viewer": ["*"]}
    (data / "club.json").write_text(json.dumps(raw))
    capsys.readouterr()
    assert main(["import", "club.json"]) == 0
    out = capsys.readouterr()
    new = out.out.strip().splitlines()[-1]
    assert "role table was dropped" in out.err
    assert main(["roles", new, "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"roles": {}, "you": "chief-arbiter"}
    assert main(["result", new, "1", "1", "1-0"]) == 0  # the importer decides here


# -- roles --grant: real names only -------------------------------------------------------------
@pytest.fixture()
def ruled(data, capsys):
    tid = _event(data)
    assert main(["roles", tid, "--grant", "chief-arbiter", f"user:{ME}"]) == 0
    capsys.readouterr()
    return tid


def _table(tid: str, capsys) -> dict:
    capsys.readouterr()
    assert main(["roles", tid, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["roles"]


@pytest.mark.parametrize("who, why", [
    ("user:hk-fixfiles-nobody", "no such user"), ("group:hk-fixfiles-nogroup", "no such group"),
    ("user:*", "no wildcards"), ("group:club*", "no wildcards"), (f"user:{ME} ", "no spaces"),
    (f"user: {ME}", "no spaces"), ("user:4000000000", "no such user"), ("user:", "user:NAME"),
])
def test_a_grant_names_a_real_user_or_group(ruled, capsys, who, why):
    before = _table(ruled, capsys)
    assert main(["roles", ruled, "--grant", "arbiter", who]) == 3
    err = capsys.readouterr().err
    assert why in err and len(err.strip().splitlines()) == 1, err
    assert _table(ruled, capsys) == before


def test_a_number_is_stored_as_the_name_and_a_second_grant_changes_nothing(ruled, capsys):
    assert main(["roles", ruled, "--grant", "arbiter", f"user:{os.getuid()}", f"group:{os.getgid()}"]) == 0
    assert _table(ruled, capsys)["arbiter"] == sorted([f"user:{ME}", f"group:{MY_GROUP}"])
    revision = Store(os.environ["HAKEM_DATA"]).revision(ruled)
    assert main(["roles", ruled, "--grant", "arbiter", f"user:{ME}"]) == 0
    assert f"user:{ME} already has the role arbiter" in capsys.readouterr().err
    assert Store(os.environ["HAKEM_DATA"]).revision(ruled) == revision  # nothing saved
    assert main(["roles", ruled, "--grant", "results", "*"]) == 0  # everyone: * alone
    assert _table(ruled, capsys)["results"] == ["*"]


# -- no control character from the data in a file written for the user --------------------------
_RAW = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]|\r(?!\n)")


@pytest.fixture()
def planted(data):
    """Names an older version or a hand edit stored (plain ``hakem`` refuses them now)."""
    tid = _event(data)
    store = Store(data / "data")

    def rename(t: Tournament) -> Tournament:
        players = tuple(dataclasses.replace(p, name=name) for p, name in zip(
            t.players, ("Evil\x1b]0;x\x07, Eve", "Back\rspace, Bea", "\u202eRex, Rev", "Csi\x9b2J, Cem")))
        return t.with_changes(players=players, name="Open\x1b[2J")
    store.update(tid, "plant", rename)
    store.update(tid, "result", lambda t: changes.set_result(t, 1, 1, "1-0"))
    return tid


@pytest.mark.parametrize("args, mark", [
    (["export", "{tid}", "--trf", "-o", "out.trf"], "?"),
    (["export", "{tid}", "--trf", "--crlf", "-o", "out.trf"], "?"),
    (["export", "{tid}", "--csv", "-o", "out.csv"], "\ufffd"),
    (["export", "{tid}", "--text", "-o", "out.txt"], "\ufffd"),
    (["standings", "{tid}", "--format", "csv", "-o", "out.csv"], "\ufffd"),
    (["report", "{tid}", "crosstable", "-o", "out.txt"], "\ufffd"),
    (["report", "{tid}", "pairings", "--format", "html", "-o", "out.html"], "\ufffd"),
    (["standings", "{tid}", "--format", "html", "-o", "out.html"], "\ufffd"),
], ids=lambda a: " ".join(a[:4]) if isinstance(a, list) else repr(a))
def test_a_file_carries_no_control_character_from_the_data(data, planted, capsys, args, mark):
    assert main([a.format(tid=planted) for a in args]) == 0
    text = (data / args[-1]).read_bytes().decode("utf-8")
    if args[:3] == ["export", "{tid}", "--trf"] and "--crlf" not in args:  # TRF-2026: every line ends with CR
        assert "\n" not in text and text.endswith("\r")
        text = text.replace("\r", "\n")  # the file's own line ends; one from the data would be a "?"
    assert not _RAW.search(text), repr(_RAW.search(text))
    assert mark in text and "Eve" in text
    if mark == "?":  # (CSV and tables already replace them cell by cell, with nothing left to say)
        # ESC and BEL of Eve, the CR of Bea, U+202E of Rex, CSI (U+009B) of Cem, ESC of the name: 6
        assert "6 control or bidirectional characters" in capsys.readouterr().err


def test_json_keeps_the_name_escaped(data, planted, capsys):
    assert main(["export", planted, "--json", "-o", "out.json"]) == 0
    text = (data / "out.json").read_text(encoding="utf-8")
    assert not _RAW.search(text)
    names = [p["name"] for p in json.loads(text)["players"]]
    assert names[2] == "\u202eRex, Rev" and names[3] == "Csi\x9b2J, Cem"  # escaped, not lost


def test_html_pages_carry_no_control_character(data, planted):
    assert main(["export", planted, "--html", "-o", "site"]) == 0
    for page in (data / "site").glob("*.html"):
        assert not _RAW.search(page.read_text(encoding="utf-8")), page.name


# -- a damaged rating list stops nobody ---------------------------------------------------------
@pytest.fixture()
def lists(data):
    """A good FIDE list, a FIFO planted under the name ``aaa`` and garbage as ``zzz``'s index."""
    from tests.ratinglist_builder import fide_txt
    from tests.test_ratinglists import PLAYERS

    source = data / "players_list_foa.txt"
    source.write_bytes(fide_txt(PLAYERS).encode("cp1252"))
    assert main(["lists", "import", str(source)]) == 0
    folder = data / "data" / "lists"
    os.mkfifo(folder / "aaa.idx")
    (folder / "zzz.idx").write_bytes(b"#hakem-rating-list 1\t{not json" + b" " * 2000)
    return folder


def test_a_damaged_list_is_named_and_the_others_are_used(data, lists, capsys):
    capsys.readouterr()
    assert main(["lists"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["aaa", "fide", "zzz"]
    assert "not a regular file" in out[0] and "damaged" in out[2] and "Carlsen" not in out[1]
    assert main(["lists", "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)["lists"]
    assert [bool(i.get("problem")) for i in shown] == [True, False, True]

    assert main(["lists", "search", "carlsen"]) == 0
    out = capsys.readouterr()
    assert "Carlsen" in out.out
    assert out.err.count("'aaa'") == 1 and out.err.count("'zzz'") == 1, out.err

    tid = _event(data)
    capsys.readouterr()
    assert main(["players", "add", tid, "--fide-id", "1503014"]) == 0
    assert "'aaa'" in capsys.readouterr().err
    assert main(["players", "list", tid]) == 0
    assert "Carlsen" in capsys.readouterr().out


def test_doctor_names_a_damaged_list(data, lists, capsys):
    capsys.readouterr()
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "problem: rating list 'aaa'" in out and "problem: rating list 'zzz'" in out
