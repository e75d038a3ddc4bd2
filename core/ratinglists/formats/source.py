"""Open a rating list as published: plain or zipped, in the encodings such files come in.

Why a module of its own: every layout needs the same care — a truncated zip, a zip holding
several files, UTF-16 written by a spreadsheet, a Windows code page from an older national
export — and each failure must be a one-line message naming the file (and line), never a
traceback and never a half-written index.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from core.errors import RatingListError, file_error_text
from core.i18n import _

_MEMBER_SUFFIXES = (".txt", ".xml", ".csv", ".html", ".htm")

MAX_LINE = 16_384
"""Bytes a line of a list may hold.  The published lines are short (FIDE's TXT about 160
bytes, the DSB's CSV about 150, the EGD's 90); a longer line is no list's — a 2-million
character line used to be read whole and stored as a federation ``XXXX``."""
MAX_MEMBER = 1 << 30
"""Bytes a zipped list may unpack to: FIDE's complete TXT list is about 200 MB."""
MAX_RATIO = 100
"""How many times its compressed size a zipped list may unpack to.  A list compresses 5 to
10 times; 195 KB unpacking to 200 MB of blank lines (a ratio of 1,000) is no list."""
_BLOCK = 1 << 20
_BLANKS = re.compile(rb"[ \t\r\n]*\n")  # one character class: a single C loop, no group to repeat


@dataclass(frozen=True)
class Line:
    """One decoded line of a list, with its 1-based number for error messages."""

    number: int
    text: str
    complete: bool = True
    """False for a last line without its line end: the file stops inside it (a cut download)."""


@dataclass(frozen=True)
class ListFile:
    """A list file opened for reading: its display name and the raw bytes stream."""

    name: str
    member: str
    """Name inside the zip ('' for a plain file): the XML/TXT choice and dates come from it."""


def _zip_member(archive: zipfile.ZipFile, path: str) -> zipfile.ZipInfo:
    members = [m for m in archive.infolist()
               if not m.is_dir() and m.filename.lower().endswith(_MEMBER_SUFFIXES)]
    if len(members) != 1:
        names = ", ".join(m.filename for m in archive.infolist()) or _("nothing")
        raise RatingListError(_("{path}: the zip must hold exactly one list file (it holds: {names})")
                              .format(path=path, names=names))
    return members[0]


def open_binary(path: str) -> tuple[IO[bytes], ListFile]:
    """The list's bytes (unzipped when the file is a zip) and what was opened."""
    from core.user_files import open_input  # a regular file only: a FIFO or device never blocks

    try:
        handle: IO[bytes] = os.fdopen(open_input(path), "rb")
    except OSError as error:
        raise RatingListError(file_error_text(path, error)) from error
    starts_as_zip = handle.read(4) == b"PK\x03\x04"
    handle.seek(0)
    if not zipfile.is_zipfile(handle):
        handle.seek(0)
        if starts_as_zip:
            handle.close()
            raise RatingListError(_("{path}: damaged or truncated zip file (its directory is missing)")
                                  .format(path=path))
        return handle, ListFile(name=path, member="")
    try:
        archive = zipfile.ZipFile(handle)
        member = _zip_member(archive, path)
        _check_unpacked_size(member, path)
        return archive.open(member), ListFile(name=path, member=member.filename)
    except (zipfile.BadZipFile, EOFError, zlib.error, OSError) as error:
        handle.close()
        raise RatingListError(_("{path}: damaged or truncated zip file ({reason})")
                              .format(path=path, reason=error)) from error


def _check_unpacked_size(member: zipfile.ZipInfo, path: str) -> None:
    """Refuse a member that would unpack beyond :data:`MAX_MEMBER` or :data:`MAX_RATIO` times
    its packed size (the sizes the zip declares bound what :mod:`zipfile` unpacks)."""
    if member.file_size > MAX_MEMBER:
        raise RatingListError(_("{path}: {member} unpacks to {size} MB; a rating list may hold at most "
                                "{limit} MB").format(path=path, member=member.filename,
                                                     size=member.file_size // 1_000_000,
                                                     limit=MAX_MEMBER // 1_000_000))
    if member.file_size > MAX_RATIO * max(member.compress_size, 1) and member.file_size > _BLOCK:
        raise RatingListError(_("{path}: {member} unpacks to {ratio} times its packed size; a rating "
                                "list compresses at most {limit} times (a damaged or hostile zip?)")
                              .format(path=path, member=member.filename,
                                      ratio=member.file_size // max(member.compress_size, 1), limit=MAX_RATIO))


def _blocks(stream: IO[bytes], path: str) -> Iterator[bytes]:
    """The raw bytes in blocks, turning a zip that breaks off mid-way into a clear error."""
    try:
        while block := stream.read(_BLOCK):
            yield block
    except (zipfile.BadZipFile, EOFError, zlib.error, OSError) as error:
        raise RatingListError(_("{path}: damaged or truncated zip file ({reason})")
                              .format(path=path, reason=error)) from error


def _too_long(path: str, number: int) -> RatingListError:
    return RatingListError(_("{path}, line {line}: longer than {limit} bytes — no rating list has "
                             "such lines").format(path=path, line=number, limit=MAX_LINE))


def raw_lines(stream: IO[bytes], path: str) -> Iterator[tuple[int, bytes]]:
    """(line number, bytes with the line end) of every line that is not blank; the last one
    has no line end when the file stops inside it.  Read in blocks: runs of blank lines are
    skipped by one regular-expression match (200 MB of them cost a second, not minutes), and
    a line longer than :data:`MAX_LINE` is refused before it is held whole."""
    number = 0
    pending = b""
    for block in _blocks(stream, path):
        data = pending + block if pending else block
        start = 0
        while True:
            blank = _BLANKS.match(data, start)
            if blank:
                number += data.count(b"\n", start, blank.end())
                start = blank.end()
            end = data.find(b"\n", start)
            if end < 0:
                break
            number += 1
            if end + 1 - start > MAX_LINE:
                raise _too_long(path, number)
            yield number, data[start:end + 1]
            start = end + 1
        pending = data[start:]
        if len(pending) > MAX_LINE:
            raise _too_long(path, number + 1)
    if pending.strip():
        yield number + 1, pending


def _peek(stream: IO[bytes], size: int) -> bytes:
    """The first bytes without consuming them (plain files and zip members both buffer)."""
    peek = getattr(stream, "peek", None)
    return bytes(peek(size)[:size]) if peek is not None else b""


def decoded_lines(path: str, fallback: str) -> Iterator[Line]:
    """Lines of a list decoded as UTF-8 (or UTF-16 with a byte-order mark), else ``fallback``.

    The fallback is the code page the layout's publisher used before UTF-8 (Windows-1252 for
    FIDE and the DSB, Windows-1254 for the Turkish federation, ISO-8859-15 for the EGD).  A
    file that fits neither — NUL bytes of UTF-16 without a mark, or bytes the code page does
    not define — is refused with the line where it first fails.
    """
    stream, _opened = open_binary(path)
    with stream:
        if _peek(stream, 2) in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            text = _decode_all(b"".join(_blocks(stream, path)), path)
            for n, t in enumerate(io.StringIO(text), start=1):
                if len(t) > MAX_LINE:
                    raise _too_long(path, n)
                yield Line(n, t, t.endswith("\n"))
            return
        encoding = "utf-8-sig"
        for number, raw in raw_lines(stream, path):
            complete = raw.endswith(b"\n")
            if b"\x00" in raw:
                raise RatingListError(_("{path}, line {line}: NUL bytes — the file is not text in "
                                        "UTF-8 or {fallback} (UTF-16 without a byte-order mark?)")
                                      .format(path=path, line=number, fallback=fallback))
            try:
                yield Line(number, raw.decode(encoding), complete)
                continue
            except UnicodeDecodeError:
                if encoding == fallback:
                    raise RatingListError(_("{path}, line {line}: not text in UTF-8 or {fallback}")
                                          .format(path=path, line=number, fallback=fallback)) from None
            # Not UTF-8: the code page this line's letters tell (a Russian club's list from
            # Excel is 1251), else the publisher's older one, from here on (earlier lines
            # were plain ASCII, identical in all).
            encoding = _told_code_page(raw, fallback)
            try:
                yield Line(number, raw.decode(encoding), complete)
            except UnicodeDecodeError:
                raise RatingListError(_("{path}, line {line}: not text in UTF-8 or {fallback}")
                                      .format(path=path, line=number, fallback=fallback)) from None


def _told_code_page(raw: bytes, fallback: str) -> str:
    """The code page of the first line that is not UTF-8: the one its letters tell
    (:func:`core.i18n.codepages.code_page`, the layout's own breaking a tie), else the
    layout's ``fallback`` (FIDE's and the DSB's 1252, the TSF's 1254; the EGD's 8859-15 as it is)."""
    from core.i18n.codepages import CODE_PAGES, code_page

    language = {"cp1251": "ru", "cp1254": "tr", "cp1252": "de"}.get(fallback, "")
    told = code_page(raw, language) if fallback in CODE_PAGES else None  # the EGD's 8859-15 is its own
    return told or fallback


def refuse_cut_line(line: Line, path: str) -> None:
    """A layout whose files end with a line end (FIDE's TXT, the DSB's and the TSF's CSV, the
    EGD's list) refuses a last line without one: the file stops inside that line — a download
    cut short — and what it holds is a piece of a player (``Öztür``, a DWZ cut to one digit)."""
    if not line.complete:
        raise RatingListError(_("{path}, line {line}: the file ends inside this line (a download "
                                "cut short?); the previous list is kept").format(path=path, line=line.number))


def _decode_all(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-16")
    except UnicodeDecodeError as error:
        raise RatingListError(_("{path}: not valid UTF-16 (byte {offset})")
                              .format(path=path, offset=error.start)) from error


def member_name(path: str) -> str:
    """The name of the list inside a zip, or the file's own name."""
    stream, opened = open_binary(path)
    stream.close()
    return opened.member or Path(path).name
