"""A cup and a playoff as the organiser reads them in every output (issue 34, the review of the
CLI and the published pages): one match read the same in the standings, the text bracket, the
tree and the PDF; one bracket page; a cup named a cup; places and lots in words; the playoff
mark on the prize list; place ranges with an en dash; a publish refusal naming the folder.

Expected values are hand derivations written beside their asserts (the games entered here and
what FIDE's knockout practice makes of them), never copied from our own output.
"""

from __future__ import annotations

import pytest

from tests.test_cli_review34e import data, organiser, run  # noqa: F401 (fixtures and the CLI runner)


def four_tied(lang: str = "en") -> str:
    """Four players, one round, both games drawn: all four on ½, tied for places 1–4."""
    code, out, err = run("new", "Blitz", "--rounds", "1")
    assert code == 0, err
    tid = out.strip().splitlines()[-1]
    for name, rating in (("Weiß, Anna", "2300"), ("Öztürk, Ömer", "2250"), ("Иванов, Иван", "2200"),
                         ("Smith, John", "2150")):
        assert run("players", "add", tid, "--name", name, "--rating", rating)[0] == 0
    assert run("round", "pair", tid)[0] == 0
    for board in (1, 2):
        assert run("result", tid, "1", str(board), "1/2")[0] == 0
    return tid


# -- 6. a place range is written with an en dash, as everywhere else ------------------------------
@pytest.mark.parametrize("lang", ["en", "de", "tr", "ru"])
def test_propose_writes_the_place_range_with_an_en_dash(data, lang) -> None:  # noqa: F811
    tid = four_tied()
    code, out, err = run("--lang", lang, "playoff", tid, "--propose", "4")
    assert code == 0, err
    assert "1–4" in out and "1-4" not in out, out  # all four on ½: places 1 to 4


NAMES = {1: "Weiß, Anna", 2: "Öztürk, Ömer", 3: "Иванов, Иван", 4: "Smith, John"}


def armageddon_cup() -> tuple[str, int, int]:
    """A cup of four (seeds by rating: Weiß 1, Öztürk 2, Иванов 3, Smith 4; semi-finals 1 v 4 and
    2 v 3) at the booklet's blitz ladder (two games, two more if level, then an Armageddon).
    1 v 4: ½, ½, then the extension 1-0 and 0-1 — level at 2–2 — so the Armageddon decides; it
    is drawn, and a drawn Armageddon is Black's (Aktar p. 66).  2 v 3: 1-0, ½ — 1½–½ for 2.
    Returns the id and the Armageddon's White and Black (its colours were drawn by lot)."""
    code, out, err = run("new", "Pokal", "--system", "knockout", "--knockout-rules", "seed", "--third-place",
                         "--start-time", "18:00")
    assert code == 0, err
    tid = out.strip().splitlines()[-1]
    for pno in sorted(NAMES):
        assert run("players", "add", tid, "--name", NAMES[pno], "--rating", str(2350 - 50 * pno))[0] == 0
    assert run("round", "pair", tid)[0] == 0
    for board, result in ((1, "1/2"), (2, "1-0"), (3, "1/2"), (4, "1/2"), (5, "1-0"), (6, "1-0"), (7, "1/2")):
        code, _out, err = run("result", tid, "1", str(board), result)
        assert code == 0, err
    code, out, err = run("round", "show", tid, "1")
    board7 = next(line for line in out.splitlines() if line.split()[:1] == ["7"])
    white, black = (int(x) for x in __import__("re").findall(r"(?:^|\s)([1-4]) ", board7[3:])[:2])
    assert {white, black} == {1, 4}, board7
    return tid, white, black


# -- 3. a cup's bracket is named a cup, never a playoff ("Stechen") -------------------------------
@pytest.mark.parametrize("lang, cup, playoff", [("de", "Pokal", "Stechen"), ("tr", "kupa", None),
                                                ("ru", "кубок", None), ("en", "cup", None)])
def test_an_unknown_key_names_the_cup_as_a_cup(data, lang, cup, playoff) -> None:  # noqa: F811
    tid, _white, _black = armageddon_cup()
    code, _out, err = run("--lang", lang, "report", tid, "bracket", "--key", "foo")
    assert code == 3
    assert cup in err and "--key cup" in err, err
    if playoff:  # the German playoff word names no cup: "kein Stechen 'foo'; Stechen: cup" was the old text
        assert f"{playoff}: cup" not in err and f"{playoff} „foo“" not in err, err
