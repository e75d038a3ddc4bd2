"""A cup and a playoff as the organiser reads them in every output (issue 34, the review of the
CLI and the published pages): one match read the same in the standings, the text bracket, the
tree and the PDF; one bracket page; a cup named a cup; places and lots in words; the playoff
mark on the prize list; place ranges with an en dash; a publish refusal naming the folder.

Expected values are hand derivations written beside their asserts (the games entered here and
what FIDE's knockout practice makes of them), never copied from our own output.
"""

from __future__ import annotations

import json
import re

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


def armageddon_cup(third_place: bool = True) -> tuple[str, int, int]:
    """A cup of four (seeds by rating: Weiß 1, Öztürk 2, Иванов 3, Smith 4; semi-finals 1 v 4 and
    2 v 3) at the booklet's blitz ladder (two games, two more if level, then an Armageddon).
    1 v 4: ½, ½, then the extension 1-0 and 0-1 — level at 2–2 — so the Armageddon decides; it
    is drawn, and a drawn Armageddon is Black's (Aktar p. 66).  2 v 3: 1-0, ½ — 1½–½ for 2.
    Returns the id and the Armageddon's White and Black (its colours were drawn by lot)."""
    code, out, err = run("new", "Pokal", "--system", "knockout", "--knockout-rules", "seed",
                         *(["--third-place"] if third_place else []), "--start-time", "18:00")
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


def playoff_of_two() -> tuple[str, dict]:
    """Round 1 of four: board 1 (1 v 3, the top half against the bottom, FIDE C.04.3) drawn,
    board 2 won by White; players 1 (Weiß) and 3 (Иванов) tied on ½ for places 2–3 play a
    two-game playoff.  Returns the id and the playoff's first game (JSON)."""
    code, out, err = run("new", "Blitz", "--rounds", "1")
    tid = out.strip().splitlines()[-1]
    for pno in sorted(NAMES):
        assert run("players", "add", tid, "--name", NAMES[pno], "--rating", str(2350 - 50 * pno))[0] == 0
    assert run("round", "pair", tid)[0] == 0
    assert run("result", tid, "1", "1", "1/2")[0] == 0 and run("result", tid, "1", "2", "1-0")[0] == 0
    code, out, err = run("playoff", tid, "--players", "1,3", "--start", "18:00", "--format", "json")
    assert code == 0, err
    first = json.loads(out)["games"][0]
    assert first["id"].endswith("s0g1")
    return tid, first


# -- 4. the playoff's stage line names the players, the lot line who got which colour ------------
WHITE = {"en": "has White", "de": "hat Weiß", "tr": "Beyaz", "ru": "играет белыми"}


@pytest.mark.parametrize("lang", ["en", "de", "tr", "ru"])
def test_the_playoff_names_its_players_and_what_the_lot_gave(data, lang) -> None:  # noqa: F811
    tid, first = playoff_of_two()
    code, out, err = run("--lang", lang, "playoff", tid)
    assert code == 0, err
    stage = out.splitlines()[0]
    # the event's players by number and name (1 Weiß, 3 Иванов), not the playoff's seeds "1, 2"
    assert "1 Weiß, Anna" in stage and "3 Иванов, Иван" in stage, stage
    assert not any(word in stage for word in ("seeds", "Setzpl", "sıralar", "посев")), stage
    white, black = (f"{first[side]} {NAMES[first[side]]}" for side in ("white", "black"))
    # the lot's line says in words who plays White in the first game (game 1's White) and Black
    lot = next(line for line in out.splitlines() if f"{white} {WHITE[lang]}" in line)
    assert black in lot and ("white" not in lot if lang != "en" else "won the lot" in lot), lot


# -- 5. the prize list marks the places a playoff decided, as the standings do --------------------
@pytest.mark.parametrize("lang, note", [("en", "Places decided by playoff: 2–3"), ("de", "2–3"),
                                        ("tr", "2–3"), ("ru", "2–3")])
def test_the_prize_list_marks_places_a_playoff_decided(data, lang, note) -> None:  # noqa: F811
    """Round 1 of four: board 1 (1 v 3, the top half against the bottom, FIDE C.04.3) drawn, board
    2 won by White: the winner first on 1, players 1 and 3 tied on ½ for places 2–3, the loser
    last.  Their playoff: game 1 won by its White, game 2 drawn — 1½–½, so game 1's White is 2nd,
    the other 3rd, both places decided by the playoff (the mark ``*``)."""
    tid, first = playoff_of_two()
    assert run("prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,200,100")[0] == 0
    second, third = first["white"], first["black"]  # game 1 won by White, game 2 drawn: 1½–½
    assert run("playoff", tid, "--result", "s0g1", "1-0")[0] == 0
    assert run("playoff", tid, "--result", "s0g2", "1/2")[0] == 0
    code, out, err = run("--lang", lang, "report", tid, "prizes")
    assert code == 0, err
    rows = {int(line.split()[1]): line.split() for line in out.splitlines() if re.match(r"\s+[123]\s+\d+ ", line)}
    assert "2*" in rows[second] and "3*" in rows[third], out
    assert not any("1*" in row for row in rows.values()), out  # round 1's winner owes the place to no playoff
    assert note in out, out


# -- 7. a publish refused by the system names the folder, in the reader's words --------------------
@pytest.fixture()
def unwritable(data, monkeypatch):  # noqa: F811
    """A folder the organiser may not write into.  As root the kernel lets every write through, so
    there the refusal a non-root organiser meets (EACCES when the page's temporary file is
    created) is made by hand, for that folder only."""
    import errno
    import os

    folder = data / "web"
    folder.mkdir()
    folder.chmod(0o555)
    real_open = os.open

    def refusing(path, flags, mode=0o777, *, dir_fd=None):
        if dir_fd is not None and os.path.samefile(f"/proc/self/fd/{dir_fd}", folder) and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, mode, dir_fd=dir_fd)

    if os.geteuid() == 0:
        monkeypatch.setattr("core.file_safety.os.open", refusing)
    yield folder
    folder.chmod(0o755)


@pytest.mark.parametrize("lang, word", [("en", "nothing was published"), ("de", "nichts wurde veröffentlicht"),
                                        ("tr", "hiçbir şey yayımlanmadı"), ("ru", "ничего не опубликовано")])
def test_a_refused_publish_names_the_folder_not_a_temporary_file(data, unwritable, lang, word) -> None:  # noqa: F811
    tid = four_tied()
    code, out, err = run("--lang", lang, "publish", tid, str(unwritable))
    assert code == 5, (code, err)  # file access
    line = err.strip()
    assert len(line.splitlines()) == 1 and str(unwritable) in line and "index.html" in line, line
    assert ".tmp" not in line and word in line, line
    if lang != "en":
        assert "Permission denied" not in line, line
    assert sorted(p.name for p in unwritable.iterdir()) == []  # nothing left behind


# -- 1. one match, one reading: standings, text bracket, tree, PDF ---------------------------------
# The extension games' and the Armageddon's letters in each language (the glossary's
# Verlängerung, uzatma, дополнительный; Armageddon, армагеддон) and the words for how it ended.
LETTERS = {"en": ("E", "A", "Armageddon"), "de": ("V", "A", "Armageddon-Partie"),
           "tr": ("U", "A", "Altın Puan"), "ru": ("Д", "А", "армагеддон")}


@pytest.mark.parametrize("lang", ["en", "de", "tr", "ru"])
def test_a_match_decided_by_armageddon_reads_the_same_everywhere(data, lang) -> None:  # noqa: F811
    """1 v 4 (:func:`armageddon_cup`): 2–2 after the regular and the extension games; the
    Armageddon decides and is no game point of the match (FIDE knockout practice), so every
    output says 2–2 (never 3–2), names the extension and the Armageddon, and shows its Black —
    the winner of a drawn Armageddon — going through."""
    tid, white, black = armageddon_cup(third_place=False)
    ext, arm, words = LETTERS[lang]
    winner, loser = NAMES[black], NAMES[white]
    # the text bracket (and the PDF: the same report on paper)
    code, out, err = run("--lang", lang, "report", tid, "bracket", "--key", "cup")
    assert code == 0, err
    rows = {pno: next(line for line in out.splitlines() if f" {pno} {NAMES[pno]}" in line) for pno in (white, black)}
    assert rows[black].rstrip(" │").endswith("2*") and rows[white].rstrip(" │").endswith("2"), out
    assert "3*" not in out and "│    3" not in out, out
    decided = next(line for line in out.splitlines() if line.lstrip().startswith("→") and winner in line)
    assert f"2–2 {ext} {arm}:" in decided and words in decided and loser not in decided, decided
    # the standings: the loser's latest match is this one (no match for third place)
    code, out, err = run("--lang", lang, "report", tid, "standings")
    assert code == 0, err
    line = next(line for line in out.splitlines() if re.search(rf"^\s*\S+\s+{white}\s+{re.escape(loser)}", line))
    assert f"2–2 {ext} {arm}" in line, out
    assert any(line.startswith(f"{arm}: ") for line in out.splitlines()), out  # the letter explained
    # the tree: each side's 2, and the same letters
    code, out, err = run("--lang", lang, "picture", tid, "bracket")
    assert code == 0, err
    for pno in (white, black):
        line = next(line for line in out.splitlines() if line.startswith(f"{pno} {NAMES[pno]}"))
        assert f"2 {ext} {arm}" in line, out
    # the PDF
    code, out, err = run("--lang", lang, "report", tid, "bracket", "--key", "cup", "--report-lang", lang,
                         "--format", "pdf", "-o", str(data / f"bracket-{lang}.pdf"))
    assert code == 0, err
    from pypdf import PdfReader

    text = "\n".join(page.extract_text() for page in PdfReader(str(data / f"bracket-{lang}.pdf")).pages)
    decided = next(line for line in text.splitlines() if "2–2" in line)
    assert f"2–2 {ext} {arm}: {winner}" in decided and words in decided, text


# -- 2. one bracket page for a cup, linked from the index; the old second page removed -------------
def test_a_cup_publishes_one_bracket_page(data) -> None:  # noqa: F811
    tid, white, black = armageddon_cup()
    web = data / "web"
    web.mkdir()
    (web / ".hakem-pages").write_text("index.html\nbracket.html\nbracket-cup.html\n")  # an earlier publish's set
    (web / "bracket-cup.html").write_text("<p>old</p>")
    code, out, err = run("publish", tid, str(web))
    assert code == 0, err
    pages = sorted(p.name for p in web.iterdir() if p.suffix == ".html")
    assert "bracket.html" in pages and not [p for p in pages if p.startswith("bracket-")], pages
    index = (web / "index.html").read_text(encoding="utf-8")
    assert index.count('href="bracket.html"') == 1, index
    page = (web / "bracket.html").read_text(encoding="utf-8")
    assert "<svg" in page and "2–2" in page and 'class="match"' in page  # the tree, then each match
