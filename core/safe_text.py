"""Text from tournament data made safe for a terminal and for a spreadsheet — the one place.

Why: a player's name is typed by anyone (a registration form, an imported TRF, a JSON file from
another club).  Written raw to a terminal, ``ESC ] 0 ; … BEL`` retitles the window, ``ESC [ 2 J``
clears the screen, ``CR`` overwrites what was printed, bidirectional overrides reorder what the
arbiter reads; some terminals have had escape sequences that run commands.  Opened in a
spreadsheet, a cell starting with ``=`` is a formula (``=HYPERLINK(…)`` sends data away).

- :func:`terminal_safe` — every C0/C1 control character except newline and tab, DEL, and the
  invisible bidirectional/line-separator format characters become U+FFFD (one visible cell);
- :func:`field_safe` — the same for a single field (a table cell, a name in a sentence):
  newline and tab too, so a name cannot break a table;
- :func:`spreadsheet_safe` / :func:`csv_text` — :func:`field_safe`, and a text cell that a
  spreadsheet would read as a formula (``= + - @``, a leading tab/CR, their full-width forms)
  gets a leading ``'`` (the OWASP rule); numbers such as ``-1.5`` and the result codes
  ``+ - = +- -+ --`` stay as they are (they hold no expression);
- :class:`SafeStream` — a text stream applying :func:`terminal_safe` (form feed kept: printed
  reports separate pages with it) to everything written; the CLI installs it on stdout and
  stderr (:func:`guarded_stdio`), so no command can forget.

The TUI applies :data:`INVISIBLE` at the last step before the terminal (``tui/safe_render``):
there the characters are dropped, since the screen layout has already measured them as
zero-width.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

_REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
_FORMAT = [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_CONTROLS = [*range(0x20), 0x7F, *range(0x80, 0xA0), *_FORMAT]

INVISIBLE: dict[int, None] = dict.fromkeys(_CONTROLS)
"""str.translate table that drops every dangerous character (for cell-measured screens)."""

_FIELD: dict[int, str] = dict.fromkeys(_CONTROLS, _REPLACEMENT)
_TEXT: dict[int, str] = {c: v for c, v in _FIELD.items() if c not in (0x09, 0x0A)}
_STREAM: dict[int, str] = {c: v for c, v in _TEXT.items() if c != 0x0C}
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?")
_SIGNS = re.compile(r"[-+=]{1,2}")
"""Result codes such as ``+``, ``-+``, ``=`` (machine format): no expression, nothing to run."""
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def terminal_safe(text: str) -> str:
    """``text`` with every control character (except newline and tab) and every bidi
    override shown as U+FFFD, so it cannot steer the terminal."""
    return text.translate(_TEXT)


def field_safe(text: str) -> str:
    """One field of a line (a name in a table): like :func:`terminal_safe`, and newlines and
    tabs too, so a name cannot break the table's layout."""
    return str(text).translate(_FIELD)


def spreadsheet_safe(cell: object) -> str:
    """A text cell for CSV: a leading ``'`` keeps a spreadsheet from reading it as a formula
    (the OWASP recommendation); control characters are replaced as for the terminal."""
    text = "" if cell is None else str(cell)
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text) and not _SIGNS.fullmatch(text):
        text = "'" + text
    return field_safe(text)


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """Rows as CSV (``\\n`` line ends) with every cell through :func:`spreadsheet_safe`."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return buf.getvalue()


class SafeStream(io.TextIOBase):
    """A text stream writing everything to ``raw`` through :func:`terminal_safe` (form feeds
    kept)."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(text.translate(_STREAM))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:  # type: ignore[override]
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.raw, "encoding", "utf-8"))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


@contextlib.contextmanager
def guarded_stdio() -> Iterator[None]:
    """stdout and stderr through :class:`SafeStream` for the duration (one CLI command)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = SafeStream(out) if not isinstance(out, SafeStream) else out
    sys.stderr = SafeStream(err) if not isinstance(err, SafeStream) else err
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        sys.stdout, sys.stderr = out, err
