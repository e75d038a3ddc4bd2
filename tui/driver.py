"""Provides :class:`HakemDriver`: Textual's Linux driver with hakem's own reading of the terminal.

Three things the stock input thread (Textual 8.2.8) does that the input model cannot live with:

**Time stamps.**  A key's ``time`` is when the key was *typed* as far as the app can know: when
the bytes holding it were read from the terminal.  Textual stamps each event as the parser
makes it (``Message.__init__``), and its input thread hands every event to the app as soon as
it is parsed, while it goes on parsing the rest of the same read.  Under load (two busy cores,
the UI thread drawing) the parsing of one burst is interleaved with the app's work: the app
handles the first key, opens a question and draws it, and only then does the input thread get
the GIL back to parse the rest of the burst — whose keys then carry times after the question
was drawn and counted as its answer (the CI failure of the typist's correction case: ``0⏎``
of a line typed ahead answered the correction).  Here every event parsed from one read
carries the time that read returned; events the parser gives up later (a lone Escape after
its wait) carry the time of the read that brought their bytes.

**Escape then a key.**  A terminal sends Alt+key as Escape followed by the key, so Textual
reads Escape and a printable character arriving together (one read, or within its 100 ms
wait) as ``alt+…`` or, for some, as a Mac Option character (Escape 5 → ``∞``).  hakem binds no
Alt key and no field wants those characters; an organiser who pressed Escape and then a key
(bunched by a laggy link, or simply fast) meant both.  So Escape followed by a printable
character is Escape, then that key — unless the pair begins a sequence a terminal sends for a
key hakem uses: ``[`` and ``O`` (cursor and function keys) and the two word moves of macOS
Terminal (Option+← sends Escape ``b``, Option+→ Escape ``f``).

**Line feed.**  Textual reads a line feed as Ctrl+J, which no field takes; here it is Enter
(see :data:`LINE_FEED`).
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from collections.abc import Callable, Iterable
from threading import Event

from textual import events
from textual.message import Message

from tui.textual_internals.terminal import ANSI_SEQUENCES_KEYS, KeyParser, ParseError, SizedDriver, get_time

ESC = "\x1b"

SEQUENCE_STARTS = frozenset("[O")
"""Characters that after Escape begin a longer sequence (CSI, SS3): never split."""

KEPT_PAIRS = frozenset({ESC + "b", ESC + "f"})

LINE_FEED = "\n"
"""Read as Enter, not Ctrl+J: Enter typed before the terminal left line mode (while Python
started, see :mod:`tui.typeahead`) reaches hakem as a line feed, and so does Enter from some
terminals and serial links; hakem binds nothing to Ctrl+J."""
"""Escape + letter pairs that are keys hakem uses (word left/right in a text field)."""

READ_SIZE = 4096


def split_escape(sequence: str) -> str | None:
    """What follows a leading Escape that is a key of its own, or ``None`` when ``sequence``
    is (or may still become) a sequence to be read as one key: Escape ``a`` → ``a``, Escape
    ``5`` → ``5``; Escape ``[A`` (↑), Escape ``b`` (word left), Escape ``OP`` (F1), Escape Tab →
    ``None``."""
    if len(sequence) < 2 or sequence[0] != ESC or sequence in KEPT_PAIRS:
        return None
    rest = sequence[1:]
    if not rest[0].isprintable():
        return None  # Escape Tab, Escape Backspace: the terminal's own keys
    if rest[0] not in SEQUENCE_STARTS:
        return rest if len(rest) == 1 else None
    if rest[0] == "O" and len(rest) == 2 and sequence not in ANSI_SEQUENCES_KEYS:
        return rest  # an SS3 sequence is three characters; this one names no key
    return None


class HakemParser(KeyParser):
    """Textual's parser, with Escape + a printable character read as two keys
    (see the module doc)."""

    def sequence_keys(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if sequence == LINE_FEED:
            yield events.Key("enter", "\r")
            return
        rest = split_escape(sequence)
        if rest is None:
            yield from self.stock_keys(sequence, alt)
            return
        yield events.Key("escape", ESC)
        for char in rest:
            yield from self.stock_keys(char)


PASTE_START, PASTE_END = ESC + "[200~", ESC + "[201~"


class PasteCutter:
    """Cuts bracketed pastes out of what the terminal sends, before the parser sees it: the
    text between the start and end markers is one :class:`~textual.events.Paste`, whatever
    it holds.  Why: Textual's parser reads an Escape inside a paste as the start of a key
    sequence and sends the text after it as typed keys, *before* the paste's text up to the
    Escape — ``Kötü`` Escape ``[31m, Ad`` pasted into a field became ``^[31m, AdKötü``, stored
    as a name.  Kept whole, the paste reaches the field, which refuses it naming the
    character (:func:`tui.widgets.fields.paste_refusal`)."""

    def __init__(self) -> None:
        self.pending = ""
        self.pasting: list[str] | None = None

    def feed(self, text: str) -> list[str | events.Paste]:
        """Text for the parser and pastes, in the order they came; a marker cut between two
        reads waits for the rest."""
        out: list[str | events.Paste] = []
        text, self.pending = self.pending + text, ""
        while text:
            marker = PASTE_START if self.pasting is None else PASTE_END
            at = text.find(marker)
            if at < 0:
                keep = next((n for n in range(len(marker) - 1, 0, -1) if text.endswith(marker[:n])), 0)
                text, self.pending = (text[:-keep], text[-keep:]) if keep else (text, "")
                self._take(text, out)
                break
            self._take(text[:at], out)
            text = text[at + len(marker):]
            if self.pasting is None:
                self.pasting = []
            else:
                out.append(events.Paste("".join(self.pasting).replace("\x00", "")))
                self.pasting = None
        return out

    def idle(self) -> str:
        """What waited for the rest of a start marker that did not come, once the terminal has
        been quiet for a moment: a lone Escape key (a terminal writes a marker in one go).
        Without this an Escape pressed on its own waited for the next key: Escape did not close
        the settings dialog until it was pressed twice."""
        if self.pasting is not None:
            return ""
        text, self.pending = self.pending, ""
        return text

    def _take(self, text: str, out: list[str | events.Paste]) -> None:
        if not text:
            return
        if self.pasting is not None:
            self.pasting.append(text)
        else:
            out.append(text)


def read_terminal(fd: int, stop: Event, post: Callable[[Message], None], debug: bool = False) -> None:
    """Read ``fd`` until ``stop`` is set, posting each event parsed, stamped with the time the
    bytes it came from were read (see the module doc).  The input thread's whole work."""
    parser = HakemParser(debug)
    pastes = PasteCutter()
    decode = getincrementaldecoder("utf-8")().decode
    read_at = get_time()

    def deliver(parsed: Iterable[Message]) -> None:
        for message in parsed:
            message.time = read_at
            post(message)

    def read_ready(ready: list[tuple[selectors.SelectorKey, int]]) -> bool:
        nonlocal read_at
        for _key, mask in ready:
            if mask & selectors.EVENT_READ:
                data = os.read(fd, READ_SIZE)
                read_at = get_time()
                text = decode(data)
                if not text:
                    return False  # end of input (a closed pipe)
                for part in pastes.feed(text):
                    deliver(parser.feed(part) if isinstance(part, str) else [part])
        if not ready:  # quiet for a select's timeout: a held Escape was a key, not a paste's start
            held = pastes.idle()
            if held:
                deliver(parser.feed(held))
        deliver(parser.tick())  # a lone Escape whose wait is over
        return True

    selector = selectors.SelectSelector()
    selector.register(fd, selectors.EVENT_READ)
    try:
        while not stop.is_set():
            if not read_ready(selector.select(0.1)):
                stop.wait(0.1)  # end of input: nothing more will come, wait to be stopped
    finally:
        selector.close()
        try:
            for _ in parser.feed(""):
                pass
        except (EOFError, ParseError):  # the parser's end of input: nothing more to deliver
            pass


def terminal_size(fds: tuple[int, ...], fallback: tuple[int, int] = (80, 24)) -> tuple[int, int]:
    """The size of the terminal behind the first of ``fds`` that is one.

    Asked of the terminal itself, never of ``COLUMNS``/``LINES``: Textual's driver asks
    :func:`shutil.get_terminal_size`, which believes those variables first, so a login that
    exports them (a shell profile, a tool that launches hakem — pytest-xdist sets 80×24 in its
    workers) drew 80×24 in a 60×20 terminal and never followed a resize.  The variables count
    only when no descriptor is a terminal."""
    for fd in fds:
        try:
            size = os.get_terminal_size(fd)
        except (OSError, ValueError):
            continue
        if size.columns > 0 and size.lines > 0:
            return size.columns, size.lines
    try:
        columns, lines = int(os.environ.get("COLUMNS", "")), int(os.environ.get("LINES", ""))
    except ValueError:
        return fallback
    return (columns, lines) if columns > 0 and lines > 0 else fallback


class HakemDriver(SizedDriver):
    """The Linux/macOS driver with :func:`read_terminal` as its input thread and the terminal's
    own size (:func:`terminal_size`)."""

    def run_input_thread(self) -> None:
        read_terminal(self.fileno, self.exit_event, self.process_message, self.debugging)

    def terminal_size(self) -> tuple[int, int]:
        return terminal_size((self.output_fd, self.fileno))
