"""hakem's terminal reading (``tui/driver.py``): keys carry the time they were read, and Escape
followed by a key is Escape, then that key (issue 29)."""

from __future__ import annotations

import os
import threading

from textual import events

from tui import driver
from tui.app import HakemApp
from tui.driver import HakemDriver, HakemParser, read_terminal, split_escape
from tui.textual_internals.terminal import KeyParser


def keys_of(*reads: str) -> list[str]:
    parser = HakemParser()
    return [e.key for text in reads for e in parser.feed(text) if isinstance(e, events.Key)]


def test_one_read_is_stamped_with_the_time_it_was_read(monkeypatch):
    """A burst read at once and parsed slowly (the input thread sharing the GIL with a UI
    thread drawing a question): every key of it carries one time, taken before any of them
    reached the app.  Textual stamps each key as it is parsed, so the keys after the one that
    opened a question looked typed after the question was drawn and answered it."""
    slow = HakemParser.sequence_keys

    def parse_slowly(self, sequence, alt=False):
        threading.Event().wait(0.005)  # parsing under load: the app works meanwhile
        yield from slow(self, sequence, alt)

    monkeypatch.setattr(HakemParser, "sequence_keys", parse_slowly)
    burst = "2 1-0\r4 0-1\r5 1-0\r"
    posted: list[tuple[float, events.Key]] = []  # (when the app got it, the key)
    all_in, stop = threading.Event(), threading.Event()

    def post(message) -> None:
        if isinstance(message, events.Key):
            posted.append((driver.get_time(), message))
            if len(posted) == len(burst):
                all_in.set()

    read_end, write_end = os.pipe()
    reader = threading.Thread(target=read_terminal, args=(read_end, stop, post))
    reader.start()
    try:
        os.write(write_end, burst.encode())
        assert all_in.wait(30)
    finally:
        stop.set()
        reader.join()
        os.close(read_end)
        os.close(write_end)
    assert "".join(key.character for _, key in posted) == burst
    first_posted = posted[0][0]
    assert posted[-1][0] > first_posted  # the parsing was slow: the app had the first key long before the last
    assert {key.time for _, key in posted} == {posted[0][1].time}
    assert posted[0][1].time <= first_posted


def test_escape_then_a_key_is_two_keys():
    """Escape pressed just before a key reaches the app in one read; it used to become
    ``alt+a`` or a Mac Option character (Escape 5 → ``∞``, Escape 2 → ``™``) in a field."""
    assert keys_of("\x1ba") == ["escape", "a"]
    assert keys_of("\x1b5") == ["escape", "5"]
    assert keys_of("\x1b2") == ["escape", "2"]
    assert keys_of("\x1bA") == ["escape", "A"]
    assert keys_of("\x1b ") == ["escape", "space"]
    assert keys_of("\x1bş") == ["escape", "ş"]
    assert keys_of("x\x1b1 1-0\r") == ["x", "escape", "1", "space", "1", "minus", "0", "enter"]
    assert keys_of("\x1b", "a") == ["escape", "a"]  # Escape at the end of one read, the key in the next
    assert keys_of("\x1bOz") == ["escape", "O", "z"]  # no SS3 key ends in z


def test_the_terminals_sequences_stay_one_key():
    """What a terminal sends for a key hakem uses is still that key: arrows and F-keys in both
    notations, the word moves of macOS Terminal, Escape Tab, two Escapes."""
    for sequence in ("\x1b[A", "\x1bOA", "\x1bOP", "\x1b[15~", "\x1bb", "\x1bf", "\x1b\t", "\x1b\x1b[B"):
        stock = [e.key for e in KeyParser().feed(sequence)]
        assert keys_of(sequence) == stock, sequence
    assert keys_of("\x1b[A") == ["up"] and keys_of("\x1bOP") == ["f1"]


def test_split_escape_names_what_follows():
    assert split_escape("\x1ba") == "a"
    assert split_escape("\x1bOz") == "Oz"
    for sequence in ("\x1b", "a", "\x1b[", "\x1bO", "\x1b[A", "\x1bb", "\x1bOP", "\x1b\t", "\x1b\x7f"):
        assert split_escape(sequence) is None, sequence


def test_the_app_uses_our_driver_unless_told_otherwise(monkeypatch):
    assert HakemApp().driver_class is HakemDriver
    from textual import constants

    monkeypatch.setattr(constants, "DRIVER", "textual.drivers.linux_driver:LinuxDriver")
    assert HakemApp().driver_class.__name__ == "LinuxDriver"


def _pty_of(columns: int, lines: int) -> tuple[int, int]:
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    return leader, follower


def test_the_size_is_the_terminals_not_the_environments(monkeypatch):
    """A login that exports COLUMNS=80 LINES=24 (pytest-xdist's workers do) in a 60×20 terminal:
    hakem draws 60×20 — Textual's own driver believed the variables (shutil.get_terminal_size)
    and drew 80 columns into 60, scrolling the screen, and never followed a resize."""
    from types import SimpleNamespace

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    leader, follower = _pty_of(60, 20)
    try:
        with os.fdopen(os.dup(follower), "w") as out:
            fake = SimpleNamespace(output_fd=out.fileno(), fileno=follower)
            assert HakemDriver.terminal_size(fake) == (60, 20)  # type: ignore[arg-type]  # a stand-in with the two descriptors
        import fcntl
        import struct
        import termios

        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # the window grows
        assert driver.terminal_size((follower,)) == (100, 24)
    finally:
        os.close(leader)
        os.close(follower)


def test_without_a_terminal_the_environment_or_80_by_24(monkeypatch):
    read, write = os.pipe()
    try:
        monkeypatch.setenv("COLUMNS", "132")
        monkeypatch.setenv("LINES", "43")
        assert driver.terminal_size((read, write)) == (132, 43)
        monkeypatch.setenv("COLUMNS", "wide")
        assert driver.terminal_size((read,)) == (80, 24)
    finally:
        os.close(read)
        os.close(write)


def test_a_lone_escape_arrives_without_a_next_key():
    """Escape pressed on its own (closing a dialog) reaches the app although it is also the
    first byte of a paste's start marker: the wait for the marker's rest ends when the terminal
    is quiet.  It waited for the next key, so Escape closed the settings dialog only when
    pressed twice."""
    got, stop = threading.Event(), threading.Event()
    keys: list[str] = []

    def post(message) -> None:
        if isinstance(message, events.Key):
            keys.append(message.key)
            got.set()

    read_end, write_end = os.pipe()
    reader = threading.Thread(target=read_terminal, args=(read_end, stop, post))
    reader.start()
    try:
        os.write(write_end, b"\x1b")
        assert got.wait(10), "the Escape never arrived"
    finally:
        stop.set()
        reader.join()
        os.close(read_end)
        os.close(write_end)
    assert keys == ["escape"]


def test_a_paste_cut_between_reads_is_still_one_paste():
    from tui.driver import PasteCutter

    cutter = PasteCutter()
    assert cutter.feed("a\x1b") == ["a"]            # maybe a marker: held …
    assert cutter.feed("[200~x\x1b[31my") == []      # … it was one
    [paste] = cutter.feed("\x1b[201~")
    assert isinstance(paste, events.Paste) and paste.text == "x\x1b[31my"
    assert cutter.feed("\x1b") == [] and cutter.idle() == "\x1b"  # a lone Escape, given up once quiet


def test_a_line_feed_is_enter():
    """Enter typed while the terminal was still in the shell's line mode (hakem starting) was
    turned into a line feed by the terminal driver, and Textual read it as Ctrl+J, which no
    field takes: the first record typed at start was never registered."""
    assert keys_of("Kaya, Can\t1987\nDemir\r") == [*"Kaya", "comma", "space", *"Can", "tab", *"1987", "enter",
                                                  *"Demir", "enter"]
