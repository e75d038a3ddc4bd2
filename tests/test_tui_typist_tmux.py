"""Issue 29, "Must show": the real ``hakem`` in a real terminal (tmux, 80×24, Turkish and
Russian) typed into by the seeded typist of ``tests/typist.py``.

Registrations (names with İ ı ş ğ ç ö ü, Cyrillic with ё; ratings, titles, federations) and
result lines are sent three ways — all in one ``send-keys`` (a burst), as one bracketed paste
(``load-buffer`` + ``paste-buffer -p``) and in random chunks with random gaps of 0–1000 ms —
several records in each, separated by Enter.  Afterwards the stored data, read back with
``hakem players list --format json`` and ``hakem round show --format json``, is exactly what
was typed.  Own tmux server (``-L``), fresh data directory per language; no fixed sleeps
decide anything (every wait polls with a generous deadline: the machine may be loaded).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from core.store import Store
from tests.typist import (ENTER, TAB, Registration, ResultLine, chunks, correction_then_lines, interleaved, late_entries,
                          refusables, refused_lines,
                          registrations, result_lines, text_of)

DEADLINE = float(os.environ.get("HAKEM_TMUX_DEADLINE", "60"))
PER_WAY = 4
"""Records per way of sending (three ways, two languages: a few dozen records a run)."""


def asks(screen: str, key: str) -> bool:
    """A question's button for ``key`` is on the screen: ``(k)``, or ``(k/с)`` where the language
    also answers to its own letter on a Cyrillic layout."""
    return re.search(rf"\({key}[)/]", screen) is not None


class Terminal:
    """One hakem in its own tmux server at 80×24."""

    def __init__(self, work: Path, data: Path, lang: str) -> None:
        self.socket = f"hakem-typist-{os.getpid()}-{lang}"
        self.work, self.data = work, data
        self.env = {"HAKEM_DATA": str(data), "HAKEM_CONFIG_DIR": str(work / "config"), "LANG": "C.UTF-8",
                    "LC_ALL": "C.UTF-8"}
        status = work / "exit-status"
        self.tmux("new-session", "-d", "-s", "typist", "-x", "80", "-y", "24",
                  *[f"-e{k}={v}" for k, v in self.env.items()],
                  f"hakem --lang {lang}; echo $? > {status}; sleep 3600")

    def tmux(self, *args: str) -> str:
        run = subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args], capture_output=True,
                             text=True, check=True)
        return run.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "typist")

    def wait(self, what: str, condition) -> None:
        end = time.monotonic() + DEADLINE
        while not condition():
            if time.monotonic() > end:
                pytest.fail(f"{what} (after {DEADLINE:.0f} s); screen:\n{self.screen()}")
            time.sleep(0.2)

    def keys(self, tokens: list[str]) -> None:
        """One ``send-keys`` call: texts literally, Tab and Enter as keys."""
        args = ["Tab" if t == TAB else "Enter" if t == ENTER else t for t in tokens]
        self.tmux("send-keys", "-t", "typist", "--", *args)  # a chunk may start with "-" (``-0``, ``-+``)

    def paste(self, text: str) -> None:
        """A bracketed paste (hakem asks the terminal for it), as a terminal pastes a clipboard."""
        buffer = self.work / "paste.txt"
        buffer.write_text(text, encoding="utf-8")
        self.tmux("load-buffer", "-b", "typist", str(buffer))
        self.tmux("paste-buffer", "-p", "-d", "-b", "typist", "-t", "typist")

    def send(self, tokens: list[str], way: str, rng: random.Random) -> None:
        if way == "burst":
            self.keys(tokens)
        elif way == "paste":
            self.paste(text_of(tokens))
        else:
            for piece in chunks(rng, tokens):
                self.keys(_joined(piece))
                time.sleep(rng.uniform(0.0, 1.0))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, check=False)


def _joined(keys: list[str]) -> list[str]:
    """Neighbouring letters as one text (``send-keys`` sends a text that is no key name as is)."""
    out: list[str] = []
    for key in keys:
        if key in (TAB, ENTER) or not out or out[-1] in (TAB, ENTER):
            out.append(key)
        else:
            out[-1] += key
    return out


def hakem(data: Path, *args: str) -> str:
    env = dict(os.environ, HAKEM_DATA=str(data), LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return subprocess.run(["hakem", *args], capture_output=True, text=True, check=True, env=env).stdout.strip()


def round_one_playing(data: Path, field: list[Registration]) -> str:
    """A tournament of ``field`` (unrated ones at 1500) with round 1 paired by the CLI."""
    tid = hakem(data, "new", "Typist", "--rounds", "5")
    for r in field:
        hakem(data, "players", "add", tid, "--name", r.name, "--rating", str(r.rating or 1500))
    hakem(data, "round", "pair", tid)
    return tid


def open_tournament(term: Terminal, name: str) -> None:
    """From the tournaments list into the only tournament (Enter), once its tabs are drawn."""
    term.wait("the tournaments list", lambda: name in term.screen())
    term.keys([ENTER])
    term.wait("the tournament's tabs", lambda: "F3" in term.screen() and "F7" in term.screen())


@pytest.fixture(params=["tr", "ru"])
def lang(request):
    assert shutil.which("tmux"), "tmux is needed for the real-terminal test (.ci/run installs it)"
    assert shutil.which("hakem"), "the hakem command must be installed (pip install -e .)"
    return request.param


def test_typed_registrations_are_stored_exactly(tmp_path, lang):
    rng = random.Random(f"tmux-register-{lang}")
    data = tmp_path / "data"
    tid = hakem(data, "new", "Typist", "--rounds", "5")
    typed: list[Registration] = []
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        people = registrations(rng, lang, 3 * PER_WAY)
        for i, way in enumerate(("burst", "paste", "gaps")):
            batch = people[i * PER_WAY:(i + 1) * PER_WAY]
            # the paste goes into the form's name field, where the burst left the cursor (a list pasted
            # onto the players table gives the form only its first line: tests/test_players_paste_table.py)
            term.send([k for r in batch for k in r.tokens()], way, rng)
            typed += batch
            count = len(typed)
            term.wait(f"{count} players stored after the {way}",
                      lambda n=count: len(Store(data).load(tid).tournament.players) >= n)
    finally:
        term.close()
    stored = json.loads(hakem(data, "players", "list", tid, "--format", "json"))["players"]
    assert sorted((p["name"], p["rating"], p["title"], p["federation"]) for p in stored) == sorted(
        r.stored() for r in typed)


def test_typed_result_lines_are_stored_exactly(tmp_path, lang):
    rng = random.Random(f"tmux-results-{lang}")
    data = tmp_path / "data"
    tid = round_one_playing(data, registrations(rng, lang, 12))
    lines: list[ResultLine] = result_lines(rng, list(range(1, 7)))
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys([":"])
        for i, way in enumerate(("burst", "paste", "gaps")):
            batch = lines[2 * i:2 * i + 2]
            if way != "burst":  # Enter on the empty line: the boards table; a paste still goes to the
                term.keys([ENTER])  # line, and lines typed on the table with gaps are lines (single keys
                # are off unless the organiser turned them on: a digit starts a line, whatever the speed)
            term.send([k for line in batch for k in line.tokens()], way, rng)
            done = 2 * i + 2
            term.wait(f"{done} results stored after the {way}", lambda n=done: sum(
                b.result is not None for b in Store(data).load(tid).tournament.round(1).boards) >= n)
    finally:
        term.close()
    shown = json.loads(hakem(data, "round", "show", tid, "1", "--format", "json"))
    assert {b["board"]: b["result"] for b in shown["boards"]} == {line.board: line.stored for line in lines}


def test_late_entries_typed_ahead_never_answer_the_question(tmp_path, lang):
    """After round 1, late entries typed in one burst: the first asks how to number (it would
    move players); the next records, typed before the question was drawn, wait for the
    organiser's answer (``k``, typed once the question is on screen) and then go into the form.
    The answer holds for the session: a paste and a gapped typing of more late entries ask
    nothing.  Everyone keeps their number; the newcomers get 13, 14, … in typing order."""
    rng = random.Random(f"tmux-late-{lang}")
    data = tmp_path / "data"
    field = registrations(rng, lang, 12)
    tid = round_one_playing(data, field)
    late = late_entries(rng, lang, 3 * PER_WAY, {r.name for r in field})
    assert any(c in "rkRKкК" for r in late[1:PER_WAY] for c in r.name)  # letters that used to answer
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys(["F2"])
        term.send([k for r in late[:PER_WAY] for k in r.tokens()], "burst", rng)
        term.wait("the numbering question", lambda: asks(term.screen(), "k") and asks(term.screen(), "r"))
        assert len(Store(data).load(tid).tournament.players) == 12  # nothing typed ahead answered it
        term.keys(["k"])
        for i, way in enumerate(("burst", "paste", "gaps")):
            if way != "burst":
                term.send([k for r in late[i * PER_WAY:(i + 1) * PER_WAY] for k in r.tokens()], way, rng)
            count = 12 + (i + 1) * PER_WAY
            term.wait(f"{count} players stored after the {way}",
                      lambda n=count: len(Store(data).load(tid).tournament.players) >= n)
    finally:
        term.close()
    stored = json.loads(hakem(data, "players", "list", tid, "--format", "json"))["players"]
    newcomers = sorted((p for p in stored if p["pno"] > 12), key=lambda p: p["pno"])
    assert [(p["name"], p["rating"], p["title"], p["federation"]) for p in newcomers] == [r.stored() for r in late]
    assert [p["pno"] for p in newcomers] == list(range(13, 13 + len(late)))


@pytest.mark.parametrize("answer", ["Enter", "y"])
def test_a_correction_typed_ahead_waits_for_its_answer(tmp_path, lang, answer):
    """Boards 1–2 have results; a line correcting one of them and lines for boards 3–6 sent in
    one burst.  The correction asks; the lines typed ahead wait; Enter (the default: no
    correction) or ``y`` typed once the question is drawn answers it; then the other lines are
    stored as typed."""
    rng = random.Random(f"tmux-correct-{lang}-{answer}")
    data = tmp_path / "data"
    tid = hakem(data, "new", "Typist", "--rounds", "5")
    for r in registrations(rng, lang, 12):
        hakem(data, "players", "add", tid, "--name", r.name, "--rating", str(r.rating or 1500))
    hakem(data, "round", "pair", tid)
    before = {1: "1-0", 2: "1/2"}
    for board, value in before.items():
        hakem(data, "result", tid, "1", str(board), value)
    lines = correction_then_lines(rng, before, [3, 4, 5, 6])
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.send([":", *[k for line in lines for k in line.tokens()]], "burst", rng)
        term.wait("the correction question", lambda: asks(term.screen(), "y"))
        shown = {b["board"]: b["result"] for b in json.loads(
            hakem(data, "round", "show", tid, "1", "--format", "json"))["boards"] if b["result"]}
        assert shown == before  # nothing typed ahead answered it
        term.keys([answer])
        term.wait("boards 3–6 stored", lambda: sum(
            b.result is not None for b in Store(data).load(tid).tournament.round(1).boards) >= 6)
    finally:
        term.close()
    expected = {**before, **{line.board: line.stored for line in lines[1:]}}
    if answer == "y":
        expected[lines[0].board] = lines[0].stored
    shown = json.loads(hakem(data, "round", "show", tid, "1", "--format", "json"))
    assert {b["board"]: b["result"] for b in shown["boards"]} == expected


def test_refused_records_spoil_nothing_after_them(tmp_path, lang):
    """Registrations with one bad field (``2l00``, ``18500``, ``XYZ``, ``TURK``) between good
    ones, sent as a burst, a paste and with gaps: every good record is stored exactly (was: the
    records after a refused one lost or shifted into other fields, ``1640Борисов, Юрий`` in the
    FIDE-id field); the refused ones are stored nowhere."""
    rng = random.Random(f"tmux-refused-{lang}")
    data = tmp_path / "data"
    tid = hakem(data, "new", "Typist", "--rounds", "5")
    good = registrations(rng, lang, 3 * PER_WAY)
    bad = refusables(rng, lang, 3, {r.name for r in good})
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        for i, way in enumerate(("burst", "paste", "gaps")):
            batch = interleaved(rng, good[i * PER_WAY:(i + 1) * PER_WAY], bad[i:i + 1])
            term.send([k for r in batch for k in r.tokens()], way, rng)
            count = (i + 1) * PER_WAY
            term.wait(f"{count} players stored after the {way}",
                      lambda n=count: len(Store(data).load(tid).tournament.players) >= n)
        term.wait("the refused records listed", lambda: all(r.name in term.screen() for r in bad[:1]))
    finally:
        term.close()
    stored = json.loads(hakem(data, "players", "list", tid, "--format", "json"))["players"]
    assert sorted((p["name"], p["rating"], p["title"], p["federation"]) for p in stored) == sorted(
        r.stored() for r in good)


def test_refused_lines_spoil_nothing_after_them(tmp_path, lang):
    """Result lines that are no result (a board the round lacks, ``5 x``, ``3``) between good
    lines, three ways: every good line is stored (was: only the line before the first refused
    one; the rest appended to its text)."""
    rng = random.Random(f"tmux-refused-lines-{lang}")
    data = tmp_path / "data"
    tid = round_one_playing(data, registrations(rng, lang, 12))
    lines: list[ResultLine] = result_lines(rng, list(range(1, 7)))
    bad = refused_lines(rng, 6, 3)
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys([":"])
        for i, way in enumerate(("burst", "paste", "gaps")):
            batch = interleaved(rng, [line.tokens() for line in lines[2 * i:2 * i + 2]], bad[i:i + 1])
            term.send([k for tokens in batch for k in tokens], way, rng)
            done = 2 * i + 2
            term.wait(f"{done} results stored after the {way}", lambda n=done: sum(
                b.result is not None for b in Store(data).load(tid).tournament.round(1).boards) >= n)
    finally:
        term.close()
    shown = json.loads(hakem(data, "round", "show", tid, "1", "--format", "json"))
    assert {b["board"]: b["result"] for b in shown["boards"]} == {line.board: line.stored for line in lines}


def test_result_lines_typed_behind_p_go_to_the_new_round(tmp_path, lang):
    """``p`` and the next round's result lines in one burst (#29, remaining 1).  Was: the lines
    went to the round just finished (a correction question over its draws, or nothing where
    they were equal); with 0.3 s between ``p`` and the lines they went to the new round.  Now
    the keys wait while the pairing runs and reach the new round once it is shown."""
    rng = random.Random(f"tmux-pair-then-lines-{lang}")
    data = tmp_path / "data"
    tid = round_one_playing(data, registrations(rng, lang, 12))
    for board in range(1, 7):
        hakem(data, "result", tid, "1", str(board), "1/2")
    round1 = Store(data).load(tid).tournament.round(1)
    lines = result_lines(rng, list(range(1, 7)))
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys(["p", ":", *_joined([k for line in lines for k in line.tokens()])])
        term.wait("round 2 paired and its 6 results stored", lambda: (
            (t := Store(data).load(tid).tournament).current_round == 2
            and sum(b.result is not None for b in t.round(2).boards) >= 6))
        assert not asks(term.screen(), "y")  # no correction asked of round 1
    finally:
        term.close()
    t = Store(data).load(tid).tournament
    assert t.round(1) == round1
    shown = json.loads(hakem(data, "round", "show", tid, "2", "--format", "json"))
    assert {b["board"]: b["result"] for b in shown["boards"]} == {line.board: line.stored for line in lines}


def test_escape_then_a_key_is_escape_then_the_key(tmp_path, lang):
    """Escape and a key in one ``send-keys`` (one read).  Was: Alt+key — ``a`` went into the
    name field after all (``aZeta, Abc``) and Escape 5 typed ``∞`` into the entry line.  Now
    Escape leaves the field and the key does its own: ``a`` on the players list returns to the
    name field, ``5`` on the boards table starts a result line."""
    rng = random.Random(f"tmux-escape-{lang}")
    data = tmp_path / "data"
    tid = round_one_playing(data, registrations(rng, lang, 12))
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys([":", "3 1-0", ENTER])  # the entry line has the focus
        term.wait("board 3 stored", lambda: Store(data).load(tid).tournament.round(1).boards[2].result is not None)
        term.keys(["Escape", "5", " 0-1", ENTER])
        term.wait("board 5 stored", lambda: Store(data).load(tid).tournament.round(1).boards[4].result is not None)
        term.keys(["F2"])
        term.wait("the players tab", lambda: "F2" in term.screen() and "F7" in term.screen())
        term.keys(["Escape", "a"])  # from the (empty) name field to the list, and back
        term.keys(["Zeta, Abc", TAB, "1000", ENTER])
        term.wait("the player stored or the late-entry question", lambda: asks(term.screen(), "k")
                  or len(Store(data).load(tid).tournament.players) == 13)
        if asks(term.screen(), "k"):
            time.sleep(0.5)  # a person reads the question first
            term.keys(["k"])
        term.wait("the player stored", lambda: len(Store(data).load(tid).tournament.players) == 13)
    finally:
        term.close()
    t = Store(data).load(tid).tournament
    assert [b.result.value if b.result else None for b in t.round(1).boards] == [
        None, None, "1-0", None, "0-1", None]
    assert [(p.name, p.rating) for p in t.players if "Zeta" in p.name] == [("Zeta, Abc", 1000)]


def test_a_paste_with_windows_line_endings_enters_only_its_lines(tmp_path, lang):
    """Issue 29 (fresh-eyes review): single keys on, ``:`` and a bracketed paste of lines ending
    in CR LF (tmux, like most terminals, sends each LF as CR: the line ends arrive as CR CR).
    Was: line 1 stored, then the empty line between sent the focus to the table and the rest
    of the paste ran one-key results (6 −+ for a typed ½, 8 1-0, 9 1-0 …).  Now exactly the
    pasted lines are stored, ``½`` and ``1:0`` spellings included."""
    rng = random.Random(f"tmux-crlf-{lang}")
    data = tmp_path / "data"
    tid = round_one_playing(data, registrations(rng, lang, 12))
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "ui.json").write_text(json.dumps({"single_keys": True}), encoding="utf-8")
    term = Terminal(tmp_path, data, lang)
    try:
        open_tournament(term, "Typist")
        term.keys([":"])
        term.paste("4 1-0\r\n5 0-1\r\n6 ½\r\n2 1-0\r\n1 1:0\r\n")
        term.wait("five results stored", lambda: sum(
            b.result is not None for b in Store(data).load(tid).tournament.round(1).boards) >= 5)
        before = term.screen()
        term.keys(["F4"])  # handled after every key of the paste (keys are served in order)
        term.wait("the standings tab", lambda: term.screen() != before)
    finally:
        term.close()
    shown = json.loads(hakem(data, "round", "show", tid, "1", "--format", "json"))
    assert {b["board"]: b["result"] for b in shown["boards"]} == {
        1: "1-0", 2: "1-0", 3: "", 4: "1-0", 5: "0-1", 6: "1/2"}
