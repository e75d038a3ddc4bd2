"""Reading the files an organiser imports: one decoder and one reader per kind of file.

Why here: the CLI and the TUI read the same files (a TRF from the federation, a CSV from the
club's spreadsheet, a hakem JSON export) and used to decode and recognise them differently,
so the same file gave different names on each.  Now both call these functions.

Decoding: a byte-order mark decides (UTF-8, UTF-16, UTF-32 as some Windows programs write
TRF and CSV); NUL bytes without one mean UTF-16 read by where the NULs are; else UTF-8, else
the Windows code page its letters tell (:func:`core.i18n.codepages.code_page`: 1251 of a
Russian Excel, 1254 of a Turkish one, 1252 of a German one) — and when they do not tell, the
file is refused, never read as letters it does not hold (Кузнецов was registered as
``Êóçíåöîâ``).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.errors import StoreError, TournamentError, file_error_text
from core.i18n import _
from core.model import Tournament
from core.user_files import open_input

def forbid_writes() -> None:
    """No write of this process can happen, by any path, for the rest of it (``hakem --view``
    on a public terminal): the store's own guard (:func:`core.file_safety.forbid_writes`), set
    by the front end before anything is opened."""
    from core.file_safety import forbid_writes as forbid

    forbid()


def decode(raw: bytes, path: str = "") -> str:
    """The text of an imported file (see the module docstring for the order of encodings)."""
    encoding = _unicode_encoding(raw)
    if encoding:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError as error:
            raise TournamentError(_('{path}: not a text file ({encoding} with invalid bytes at byte {offset})').format(
                path=path, encoding=encoding.upper(), offset=error.start)) from error
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    from core.i18n import current_language
    from core.i18n.codepages import code_page

    chosen = code_page(raw, current_language())
    if chosen is None:
        raise TournamentError(_("{path}: not UTF-8, and its letters do not tell which Windows code page it is "
                                "in (1251, 1252 or 1254); save it as UTF-8 (Excel: CSV UTF-8) and import it "
                                "again").format(path=path))
    return raw.decode(chosen)


def _unicode_encoding(raw: bytes) -> str:
    """The encoding a byte-order mark (or UTF-16's NUL bytes) announces, else ``""``."""
    import codecs

    for bom, encoding in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                          (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                          (codecs.BOM_UTF16_BE, "utf-16")):
        if raw.startswith(bom):
            return encoding
    head = raw[:4096]
    if b"\0" in head:
        return "utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be"
    return ""


MAX_INPUT_BYTES = 64 << 20
"""The largest tournament or player file read (64 MiB: a 1000-player TRF of 30 rounds is
about 0.3 MiB); a bigger file is refused, never read into memory."""


def read_input(path: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the file the user named, at most ``limit`` of them (else refused)."""
    name = path.strip()
    return read_descriptor(open_input(name), name, limit)


def read_descriptor(fd: int, name: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of an open regular file ``name`` (at most ``limit``, else refused); closes
    ``fd``.  The data service reads a file its caller passed this way (never by a path)."""
    try:
        if os.fstat(fd).st_size > limit:
            raise StoreError(_("{path}: larger than {size} MiB; not read").format(path=name, size=limit >> 20))
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > limit:  # grew while being read
                raise StoreError(_("{path}: larger than {size} MiB; not read").format(path=name, size=limit >> 20))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as error:
        raise StoreError(file_error_text(name, error)) from error
    finally:
        os.close(fd)


@dataclass(frozen=True)
class InputFile:
    """A file the user named, already read by the user's own hakem: its name (for messages and
    to recognise the kind) and its bytes.

    Why: the data service (``hakem serve``) runs as its own account and must never open a path
    a caller names — the client opens the file as the user (:func:`open_input`) and passes the
    descriptor; the service reads it (:func:`read_descriptor`) into one of these."""

    name: str
    data: bytes


Source = str | InputFile
"""What an import reads: a path (a process of the user's own) or the file's bytes."""


def source_name(source: Source) -> str:
    """The name the user gave the file (for messages)."""
    return source.name if isinstance(source, InputFile) else source.strip()


def read_text(path: Source) -> str:
    """Read (:func:`read_input`) and decode the file the user named."""
    if isinstance(path, InputFile):
        return decode(path.data, path.name)
    return decode(read_input(path), path.strip())


def looks_like_trf(path: str, text: str) -> bool:
    """A TRF file: named so, or starting with a TRF record (012 name, 001 player)."""
    return path.strip().lower().endswith((".trf", ".txt")) or text.lstrip().startswith(("012", "001"))


def _refuse_rating_list(path: str, text: str) -> None:
    """A FIDE rating list (its TXT header ``ID Number  Name …``, or its XML) given to
    ``players import`` is refused with the command that reads it: read as a TRF it gave one
    "unknown record code" per line, and it would register the whole world."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("ID Number") or first.startswith("<?xml") and "playerslist" in text[:2000].lower():
        raise TournamentError(_("{path}: this is a FIDE rating list: use hakem lists import, then "
                                "players add --fide-id").format(path=path.strip()))


def players_from_text(path: str, text: str, collect: bool = False) -> list[dict[str, Any]]:
    """``add_player`` arguments from a CSV (header names the columns; every bad line is
    reported and nothing is imported unless the whole file is good; ``collect``: the bad lines
    are kept with the rows, :func:`core.csvimport.parse_players_csv`) or a TRF (its players)."""
    _refuse_rating_list(path, text)
    if looks_like_trf(path, text):
        from core.trf import parse_tournament

        check_trf_lines(text, path.strip())
        return [dict(name=p.name, rating=p.rating, title=p.title, federation=p.federation,
                     fide_id=p.fide_id, birth=p.birth, sex=p.sex)
                for p in parse_tournament(text, source=path.strip()).players]  # problems name the file
    from core.csvimport import parse_players_csv

    return parse_players_csv(text, collect=collect)


def read_players(path: Source, collect: bool = False) -> list[dict[str, Any]]:
    return players_from_text(source_name(path), read_text(path), collect)


MAX_TRF_LINE = 4096
"""The longest TRF line read: a player line is 91 + 10 characters a round, so this is room
for 400 rounds; a longer line (a hostile 300 KB line read as 30,000 rounds made the score
computation take seconds) is refused naming it."""


def check_trf_lines(text: str, where: str) -> None:
    """Refuse a TRF whose line is longer than :data:`MAX_TRF_LINE`, naming the first one.
    Lines end with CR, LF or CRLF, as the reader splits them (TRF-2026 ends them with CR:
    counting LF only made any file of hakem's own export over 4096 bytes one long line)."""
    from core.trf.reader import split_lines

    lengths = list(map(len, split_lines(text)))
    if max(lengths) > MAX_TRF_LINE:
        line = next(number for number, length in enumerate(lengths, 1) if length > MAX_TRF_LINE)
        raise TournamentError(_("{path}, line {line}: longer than {limit} characters; not a TRF line").format(
            path=where, line=line, limit=MAX_TRF_LINE))


MAX_JSON_DEPTH = 32
"""How deep a hakem JSON export nests (a tournament is about 6 levels); deeper is refused."""
MAX_JSON_DIGITS = 30
"""The longest integer in a hakem JSON export (ids and ratings are short; Python refuses
integers over 4,300 digits with an error of its own, and converting long ones is slow)."""
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_JSON_DIGITS + 1},}}")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_json_limits(text: str, where: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_JSON_DEPTH` or with an integer longer than
    :data:`MAX_JSON_DIGITS`, before it is parsed (both are counted outside strings, in C
    loops: a hostile 64 MiB file costs seconds, not a crash)."""
    from itertools import accumulate

    bare = _JSON_STRING.sub('""', text)
    if _LONG_NUMBER.search(bare):
        raise TournamentError(_("{path}: a number longer than {digits} digits; not a hakem tournament").format(
            path=where, digits=MAX_JSON_DIGITS))
    brackets = re.sub(r"[^\[\]{}]+", "", bare)
    if brackets and max(accumulate(map(_DEPTH.__getitem__, brackets))) > MAX_JSON_DEPTH:
        raise TournamentError(_("{path}: nested deeper than {depth} levels; not a hakem tournament").format(
            path=where, depth=MAX_JSON_DEPTH))


def tournament_from_text(path: str, text: str) -> tuple[Tournament, list[str]]:
    """A whole tournament from a TRF (its tie-break list too), a hakem JSON export or an
    OpenGotha XML file (:mod:`core.go.opengotha_xml`), named
    after the file when the file names nothing; with the reader's warnings (TRF lines kept or
    skipped), each naming the file."""
    warnings: list[str] = []
    name = path.strip()
    if name.lower().endswith((".h9", ".tou")) or re.match(r"\s*;\s*(CL|EV|PC|DT|KM|TM)\[", text):
        raise TournamentError(_("{path}: an EGD or FFG results table (h9, .tou), which hakem writes for the rating "
                                "lists but does not read; import the event from OpenGotha's XML file or a TRF")
                              .format(path=name))
    if name.lower().endswith(".xml") or text.lstrip().startswith("<"):
        from core.go.opengotha_xml import read_opengotha

        t, warnings = read_opengotha(text, name)
    elif name.lower().endswith(".json") or text.lstrip().startswith("{"):
        from core.serialize import tournament_from_json

        check_json_limits(text, name)
        t = tournament_from_json(text)
    else:
        from core.trf.reader import codes_from_trf
        from core.trf import read_tournament as read_trf_tournament

        check_trf_lines(text, name)
        t, problems = read_trf_tournament(text, "", source=name)
        warnings = [f"{name}: {problem}" for problem in problems]
        codes, _unknown = codes_from_trf(text)
        if codes and not t.tiebreaks:
            t = t.with_changes(tiebreaks=tuple(codes))  # the file's own list (record 212/202)
    if not t.name:
        t = t.with_changes(name=Path(os.path.expanduser(name)).stem)
    return t.with_changes(id=""), warnings


def read_tournament(path: Source) -> tuple[Tournament, list[str]]:
    return tournament_from_text(source_name(path), read_text(path))
