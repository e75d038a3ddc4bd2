"""Helpers shared by CLI subcommands: the store, reading a tournament from an id or a TRF file,
and JSON output that is stable (sorted keys, exact decimals)."""

from __future__ import annotations

from core.i18n import _

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.errors import StoreError, TournamentError
from core.model import Tournament

if TYPE_CHECKING:
    from core.store import Store


def open_store() -> Store:
    """The store of ``--data`` / ``$HAKEM_DATA`` / the user's data directory (imported here:
    engine commands such as ``hakem pair`` never open the store, and loading it costs ~25 ms
    of every start)."""
    from core.store import Store

    return Store(os.environ.get("HAKEM_DATA") or None)


def pairing_numbers(text: str) -> list[int]:
    """``--players 3,1,7`` as pairing numbers (spaces and empty items ignored)."""
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError as error:
        raise TournamentError(_('--players {pnos!r}: give pairing numbers separated by commas').format(
            pnos=text)) from error


def read_text_file(path: str) -> str:
    """Read an input file as text: a byte-order mark decides (UTF-8, UTF-16 as some Windows
    programs write TRF and CSV); else UTF-8, falling back to Latin-1 as older programs write."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError as error:
        raise StoreError(_('{path}: no such file').format(path=path)) from error
    except IsADirectoryError as error:
        raise StoreError(_('{path}: is a directory').format(path=path)) from error
    except PermissionError as error:
        raise StoreError(_('{path}: permission denied').format(path=path)) from error
    return decode_text(raw, path)


def decode_text(raw: bytes, path: str) -> str:
    """Bytes of a text file as text (see :func:`read_text_file`); NUL bytes without a
    byte-order mark are UTF-16 without one, read by where the NULs are."""
    import codecs

    marks = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
             (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
    encoding = next((name for bom, name in marks if raw.startswith(bom)), "")
    if not encoding:
        if b"\0" in raw[:4096]:
            head = raw[:4096]
            encoding = "utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be"
    if encoding:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError as error:
            raise TournamentError(_('{path}: not a text file ({encoding} with invalid bytes at byte {offset})').format(
                path=path, encoding=encoding.upper(), offset=error.start)) from error
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def read_trf_path(path: str, tournament_id: str | None = None) -> Tournament:
    """A TRF file as a tournament; problems name the file, line and column (TrfError, exit 3)
    and warnings (lines kept or skipped) go to stderr, one line each."""
    from core.trf import read_tournament

    t, warnings = read_tournament(read_text_file(path), Path(path).stem if tournament_id is None else tournament_id,
                                  source=path)
    for warning in warnings:
        print(_("hakem: warning: {path}: {problem}").format(path=path, problem=warning), file=sys.stderr)
    return t


def is_trf_path(ref: str) -> bool:
    return ref.lower().endswith((".trf", ".txt")) or os.sep in ref or Path(ref).is_file()


def load_tournament(ref: str) -> Tournament:
    """A tournament from a store id, or straight from a TRF file (no store needed)."""
    if is_trf_path(ref):
        return read_trf_path(ref)
    return open_store().load(ref).tournament


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def write_output(text: str, output: str | None) -> None:
    """Write to ``output`` or to stdout when no file is given or it is ``-``: devices, FIFOs
    and links are written through, regular files replaced atomically (:mod:`core.cli.output`)."""
    from core.cli.output import write_user_file

    write_user_file(text, output)


def publish_if_remembered(t: Tournament) -> None:
    """After a pairing or a round's last result: refresh the published pages, if the organiser
    asked for it (``hakem publish ID DIR --remember``).  A failure is a warning, not an error:
    the change itself is saved."""
    if not t.options.get("publish_directory"):
        return
    from core.reports.export import auto_publish

    try:
        auto_publish(t)
    except (OSError, TournamentError) as error:
        print(_("hakem: warning: the pages were not published: {error}").format(error=error), file=sys.stderr)
