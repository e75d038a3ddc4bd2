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


def open_store() -> "Store":
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
    """Read an input file as text (UTF-8, falling back to Latin-1 as older programs write)."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError as error:
        raise StoreError(_('{path}: no such file').format(path=path)) from error
    except IsADirectoryError as error:
        raise StoreError(_('{path}: is a directory').format(path=path)) from error
    except PermissionError as error:
        raise StoreError(_('{path}: permission denied').format(path=path)) from error
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def is_trf_path(ref: str) -> bool:
    return ref.lower().endswith((".trf", ".txt")) or os.sep in ref or Path(ref).is_file()


def load_tournament(ref: str) -> Tournament:
    """A tournament from a store id, or straight from a TRF file (no store needed)."""
    if is_trf_path(ref):
        from core.trf import parse_tournament

        return parse_tournament(read_text_file(ref), Path(ref).stem)
    return open_store().load(ref).tournament


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def write_output(text: str, output: str | None) -> None:
    """Write to ``output`` (atomically) or to stdout when no file is given or it is ``-``."""
    if not output or output == "-":
        sys.stdout.write(text)
        return
    from core.store.files import atomic_write

    target = Path(output)
    if not target.parent.exists():
        raise StoreError(_('{output}: directory {parent} does not exist').format(output=output, parent=target.parent))
    atomic_write(target, text.encode("utf-8"))


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
