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

What is shown safely need not be stored at all: :func:`hidden_character` finds the first
character a name must not hold (``core.fields.name`` refuses it, naming it with
:func:`character_name`) — control characters, line and paragraph separators, lone surrogates,
the format characters (zero-width space, word joiner, soft hyphen, byte order mark, the
bidirectional marks, overrides and isolates, tags) and the fillers that show as nothing
(U+034F, U+115F, U+1160, U+3164, U+FFA0).  Two format characters are letters' business:
ZERO WIDTH NON-JOINER (U+200C) and ZERO WIDTH JOINER (U+200D) are kept inside a word of a
script that writes them — Persian and the other Arabic-script languages, Syriac, N'Ko,
Mongolian, the Indic scripts (after or before a virama) — and the joiner between two emoji
(an emoji ZWJ sequence).  Anywhere else (at either end, next to a space, between Latin
letters) they only make two equal-looking names differ, and are refused.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import sys
import unicodedata
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


_UNSAFE = re.compile("\r(?!\n)|[" + "".join(re.escape(chr(c)) for c in _CONTROLS if c not in (0x09, 0x0A, 0x0C, 0x0D)) + "]")
"""What :func:`machine_safe` replaces: every control character and bidi override but newline,
tab, form feed and the CR of a CRLF line end."""


def machine_safe(text: str, kind: str = "text") -> tuple[str, int]:
    """A whole file written for the user (``-o``, an export, a page) with no control character
    and no bidirectional override *from the data* (a name stored by an older version or by
    hand); returns the text and how many characters were replaced, for a warning.

    Newline, tab, form feed (pages of a printed report) and the CR of a CRLF line end are the
    file's own and kept.  Per format: ``"trf"`` — ``?`` (ASCII, one column for one, so the
    fixed columns stay where they are); ``"json"`` — ``\\uXXXX`` escapes (the same string
    read back, nothing lost: JSON's own structure is ASCII, so such a character can only be
    inside a string); anything else (text reports, CSV, HTML) — U+FFFD, as on the terminal."""
    if kind == "json":
        return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text), 0  # nothing lost: no warning
    return _UNSAFE.subn("?" if kind == "trf" else _REPLACEMENT, text)


class SafeStream(io.TextIOBase):
    """A text stream writing everything to ``raw`` through :func:`terminal_safe` (form feeds
    kept)."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(text.translate(_STREAM))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:  # type: ignore[override]  # a text stream's lines are `str`; TextIO's signature is wider
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
    def encoding(self) -> str:  # type: ignore[override]  # TextIO declares a plain attribute; a property answers the same reads
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


# -- characters a name must not hold -----------------------------------------------------------
_FILLERS = frozenset({0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0})
"""Default-ignorable letters and marks that show as nothing (combining grapheme joiner, the
Hangul fillers)."""
_JOINERS = frozenset({0x200C, 0x200D})
_JOINING_SCRIPTS = frozenset({
    "ARABIC", "SYRIAC", "NKO", "MONGOLIAN", "MANDAIC", "ADLAM", "HANIFI",
    "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA",
    "MALAYALAM", "SINHALA", "KHMER", "MYANMAR", "TIBETAN", "BALINESE", "JAVANESE"})
"""Scripts whose words use ZWNJ/ZWJ (cursive joining, or conjuncts after a virama); the first
word of a character's Unicode name is its script for these."""
_EMOJI_TAILS = frozenset({0xFE0F, *range(0x1F3FB, 0x1F400)})
"""What may end an emoji before a ZWJ: the emoji presentation selector, skin-tone modifiers."""
_CONTROL_NAMES = {0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION",
             0x0A: "LINE FEED", 0x0B: "LINE TABULATION", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN",
             0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE", 0x9B: "CONTROL SEQUENCE INTRODUCER"}
"""Unicode gives control characters no name; their ISO 6429 names (Unicode's aliases)."""


def character_name(char: str) -> str:
    """``U+200B ZERO WIDTH SPACE``: a character as the refusal names it."""
    code = ord(char)
    name = unicodedata.name(char, "") or _CONTROL_NAMES.get(code, "<control>"
                                                        if unicodedata.category(char) == "Cc" else "")
    return f"U+{code:04X} {name}".rstrip()


def _script(char: str) -> str:
    return unicodedata.name(char, "").split(" ", 1)[0]


def _joiner_fits(text: str, i: int) -> bool:
    """Whether the ZWNJ/ZWJ at ``text[i]`` joins or separates two characters of a script that
    writes it (or, a ZWJ, two emoji)."""
    if not 0 < i < len(text) - 1:
        return False
    before, after = text[i - 1], text[i + 1]
    if _script(before) in _JOINING_SCRIPTS and _script(after) in _JOINING_SCRIPTS:
        return True
    emoji_before = unicodedata.category(before) == "So" or ord(before) in _EMOJI_TAILS
    return text[i] == "\u200d" and emoji_before and unicodedata.category(after) == "So"


def hidden_character(text: str) -> int | None:
    """The index of the first character of ``text`` that a name must not hold (see the module
    docstring), or ``None``."""
    for i, char in enumerate(text):
        code = ord(char)
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Zl", "Zp") or code in _FILLERS:
            return i
        if category == "Cf" and not (code in _JOINERS and _joiner_fits(text, i)):
            return i
    return None
