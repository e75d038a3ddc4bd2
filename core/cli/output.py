"""Writing what a command produced: to standard output, or to the file named by ``-o``.

Why this module is thin: a file written for the user is written by the one writer of the
application layer (:func:`core.app.exports.write_file`: never through a link, never replacing an
existing file without ``--force``, never inside the data directory).  What is left here is the
command line's own part:

* ``-`` or nothing: standard output;
* ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``: the descriptor meant, written as it is
  (opening the name again would truncate a file the shell redirected output to);
* ``-o`` and ``--force`` declared the same way on every command (:func:`add_output_options`);
* results-only mode turns every file argument off (:func:`core.user_files.forbid_user_files`).
"""

from __future__ import annotations

import argparse
import os
import sys

from core.errors import StoreError, os_reason
from core.i18n import _

def add_output_options(parser: argparse.ArgumentParser, help_text: str | None = None,
                       flags: tuple[str, ...] = ("-o", "--output"), **kw: object) -> None:
    """``-o FILE`` and ``--force`` (replace an existing file), the same on every command."""
    parser.add_argument(*flags, dest="output", help=help_text or _("write to this file instead of stdout"), **kw)  # type: ignore[arg-type]  # the keywords are argparse's own, passed through unchanged
    parser.add_argument("--force", action="store_true", help=_("replace FILE if it exists"))


def text_width(width: int | None, default: int) -> int:
    """``--width`` as given (at least 40 columns: no report's table fits fewer), else ``default``."""
    if width is not None and width < 40:
        from core.cli.errors import CliError

        raise CliError(_("--width must be at least 40 columns."))
    return width or default


def write_user_file(text: str, output: str | None, force: bool = False, kind: str = "text",
                    line_ending: str = "\n") -> None:
    """Write ``text`` (UTF-8) to ``output`` as described in the module docstring, with no
    control character from the data (:func:`core.safe_text.machine_safe` for the format
    ``kind``: ``trf``, ``json`` or ``text``; a warning says how many were replaced).
    ``line_ending``: the file's own line end (TRF-2026's CR), put in after the data was made
    safe — a CR from the data is replaced, the file's are kept."""
    from core.safe_text import machine_safe

    text, replaced = machine_safe(text, kind)
    if replaced:
        print(_("hakem: warning: {count} control or bidirectional characters in the tournament's data were "
                "written as {mark}").format(count=replaced, mark="?" if kind == "trf" else "U+FFFD"), file=sys.stderr)
    if line_ending != "\n":
        write_user_bytes(text.replace("\n", line_ending).encode("utf-8"), output, force)
        return
    write_user_bytes(text.encode("utf-8"), output, force, text=text)


def write_user_bytes(data: bytes, output: str | None, force: bool = False, text: str | None = None) -> None:
    """Write ``data`` to ``output``; ``text`` is the same as a string, for a text stdout."""
    fd = _standard_fd(output)
    if fd == 1 or not output:
        if text is not None:
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        return
    from core.user_files import check_user_files

    check_user_files(output)
    if fd is not None:
        _write_fd(fd, data, output)
        return
    from core.app.exports import ExportExists, write_file

    sys.stdout.flush()
    try:
        write_file(output, data, "replace" if force else "refuse")
    except ExportExists as error:
        raise StoreError(_("{path} already exists; nothing was written (--force replaces it)").format(
            path=error.path)) from error


def _standard_fd(output: str | None) -> int | None:
    """``-``, ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``, ``/proc/self/fd/N``: the
    descriptor meant, written to as it is."""
    if output in (None, "", "-", "/dev/stdout"):
        return 1
    if output == "/dev/stderr":
        return 2
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if output.startswith(prefix) and output[len(prefix):].isascii() and output[len(prefix):].isdigit():
            return int(output[len(prefix):])
    return None


def _write_fd(fd: int, data: bytes, output: str) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as error:
        raise StoreError(_('{output}: {error}').format(output=output, error=os_reason(error, writing=True))) from error


def output_format(chosen: str | None, output: str | None, suffixes: dict[str, str], default: str = "text") -> str:
    """``--format`` as given; else the format ``-o FILE``'s extension names (``s.html`` is a
    page, not text with an .html name, as the TUI's export reads the name); else ``default``.
    An extension naming none of the command's formats is refused (one line, exit 3): writing
    text into ``s.pdf`` would leave a file nothing opens."""
    if chosen:
        return chosen
    if not output or _standard_fd(output) is not None:
        return default
    from pathlib import PurePath

    extension = PurePath(output).suffix.lower()
    if not extension:
        return default
    by_extension = {suffix: fmt for fmt, suffix in suffixes.items()} | {".htm": "html", ".text": "text"}
    if extension in by_extension and by_extension[extension] in suffixes:
        return by_extension[extension]
    from core.cli.errors import CliError

    raise CliError(_("-o {path}: {extension} is not a format this command writes ({formats}); "
                     "give another name or --format").format(
        path=output, extension=extension, formats=", ".join(dict.fromkeys(suffixes.values()))))
