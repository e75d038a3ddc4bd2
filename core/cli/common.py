"""Helpers shared by CLI subcommands: the store, reading a tournament from an id or a TRF file,
and JSON output that is stable (sorted keys, exact decimals)."""

from __future__ import annotations

from core.i18n import _

import contextlib
import json
import os
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from core.errors import TournamentError
from core.model import Tournament

if TYPE_CHECKING:
    from core.app import Desk, Outcome, Workspace


def open_workspace() -> Workspace:
    """The application layer over the data directory (``--data`` / ``$HAKEM_DATA`` / the
    user's), in-process or through the data service (``--socket`` / ``$HAKEM_SOCKET``, see
    :func:`core.service.open_workspace`): the one door every command uses to read or change
    tournaments."""
    from core.service import open_workspace as door

    return door(os.environ.get("HAKEM_DATA") or None)


def open_desk(tid: str) -> Desk:
    """The use cases of tournament ``tid``; a data file changed outside hakem (not the state
    its journal records) is said once on stderr, so what a command shows is not taken for
    what was entered."""
    desk = open_workspace().open(tid)
    if getattr(desk.snapshot(), "changed_outside", False):
        print(_("hakem: warning: the data file of {tid} was changed outside hakem (it is not what its journal records); run hakem doctor {tid}").format(tid=tid), file=sys.stderr)
    return desk


def show_warnings(outcome: Outcome, said: tuple[str, ...] = ()) -> Outcome:
    """Print what a change left to say (a manual pairing's broken criteria, pages not
    published, lines of an imported file kept or skipped) on stderr; the change itself is saved.
    ``said``: what the command prints itself on stdout (not said twice)."""
    for warning in outcome.warnings:
        if warning in said:
            continue
        print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)
    return outcome


@contextlib.contextmanager
def all_or_nothing() -> Iterator[None]:
    """An import refused says that nothing was imported (every import is all or none, and a
    line naming a bad row alone leaves the reader asking whether the rows before it went in)."""
    try:
        yield
    except TournamentError as error:
        raise TournamentError(_("{error}; nothing was imported").format(error=error)) from None


def pairing_numbers(text: str, option: bool = True) -> list[int]:
    """``--players 3,1,7`` as pairing numbers (spaces and empty items ignored); ``option``:
    the numbers came with ``--players`` (else as the command's own arguments, and the refusal
    names no option the user never typed)."""
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError as error:
        if not option:
            raise TournamentError(_('{pnos!r} is not a pairing number: give pairing numbers, e.g. 3 5 7 or 3,5,7').format(
                pnos=text)) from error
        raise TournamentError(_('--players {pnos!r}: give pairing numbers separated by commas').format(
            pnos=text)) from error


def read_text_file(path: str) -> str:
    """Read an input file as text with the application layer's one decoder
    (:mod:`core.app.files`: byte-order marks, UTF-16, UTF-8, legacy Windows encodings), so a
    file reads the same in every command and in the TUI."""
    from core.app.files import read_text

    return read_text(path)


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
    """Whether ``ref`` names a TRF file rather than a stored tournament (never in
    results-only mode: there every reference is a tournament of the store)."""
    from core.user_files import user_files_forbidden

    if user_files_forbidden():
        return False
    return ref.lower().endswith((".trf", ".txt")) or os.sep in ref or Path(ref).is_file()


def load_tournament(ref: str) -> Tournament:
    """A tournament from a store id, or straight from a TRF file (no store needed)."""
    if is_trf_path(ref):
        return read_trf_path(ref)
    return open_desk(ref).snapshot().tournament


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def write_output(text: str, output: str | None, force: bool = False, kind: str = "text",
                 line_ending: str = "\n") -> None:
    """Write to ``output`` or to stdout when no file is given or it is ``-``: never through a
    link, an existing file replaced only with ``force``, no control character from the data
    (``kind``: ``trf``, ``json`` or ``text``; ``line_ending`` for TRF-2026's CR;
    :mod:`core.cli.output`)."""
    from core.cli.output import write_user_file

    write_user_file(text, output, force, kind, line_ending)



def paired_round(t: Tournament, number: int | None) -> int | None:
    """``--round N`` of a command that shows a round or the standings after it: refused
    unless the round is paired (1 … the rounds paired), in the words the standings use.  Why:
    ``report standings --round 3`` with one round played printed round 1's standings under no
    warning, and ``--round 0`` the last round's."""
    if number is not None:
        t.round(number)  # RoundError: "round 3 is not paired (rounds paired: 1)"
    return number
