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
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from core.errors import RatingListError, file_error_text
from core.i18n import _

_MEMBER_SUFFIXES = (".txt", ".xml", ".csv", ".html", ".htm")


@dataclass(frozen=True)
class Line:
    """One decoded line of a list, with its 1-based number for error messages."""

    number: int
    text: str


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
    from core.app.files import open_input  # a regular file only: a FIFO or device never blocks

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
        return archive.open(member), ListFile(name=path, member=member.filename)
    except (zipfile.BadZipFile, EOFError, zlib.error, OSError) as error:
        handle.close()
        raise RatingListError(_("{path}: damaged or truncated zip file ({reason})")
                              .format(path=path, reason=error)) from error


def _guard(chunks: IO[bytes], path: str) -> Iterator[bytes]:
    """Raw lines, turning a zip that breaks off mid-way into a clear error."""
    try:
        yield from chunks
    except (zipfile.BadZipFile, EOFError, zlib.error, OSError) as error:
        raise RatingListError(_("{path}: damaged or truncated zip file ({reason})")
                              .format(path=path, reason=error)) from error


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
            text = _decode_all(b"".join(_guard(stream, path)), path)
            yield from (Line(n, t) for n, t in enumerate(io.StringIO(text), start=1))
            return
        encoding = "utf-8-sig"
        for number, raw in enumerate(_guard(stream, path), start=1):
            if b"\x00" in raw:
                raise RatingListError(_("{path}, line {line}: NUL bytes — the file is not text in "
                                        "UTF-8 or {fallback} (UTF-16 without a byte-order mark?)")
                                      .format(path=path, line=number, fallback=fallback))
            try:
                yield Line(number, raw.decode(encoding))
                continue
            except UnicodeDecodeError:
                if encoding == fallback:
                    raise RatingListError(_("{path}, line {line}: not text in UTF-8 or {fallback}")
                                          .format(path=path, line=number, fallback=fallback)) from None
            # Not UTF-8: the publisher's older code page from here on (earlier lines were
            # plain ASCII, identical in both).
            encoding = fallback
            try:
                yield Line(number, raw.decode(encoding))
            except UnicodeDecodeError:
                raise RatingListError(_("{path}, line {line}: not text in UTF-8 or {fallback}")
                                      .format(path=path, line=number, fallback=fallback)) from None


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
