"""Send a PDF to the machine's printer through the standard CUPS client, ``lp``.

Why ``lp``: it is how every Linux/BSD/macOS machine with CUPS prints; it takes a PDF as it is,
knows the default printer and the ones the club set up (``lpstat -p``), and needs no Python
binding.  The PDF is always written to a file first (in the temporary directory, created
exclusively and readable only by the user): when no printer answers, the arbiter is told why
and where the file is, to print it from another machine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass

from core.errors import TournamentError
from core.i18n import _
from core.safe_text import field_safe

PRINTER_NAME = re.compile(r"^[A-Za-z0-9_.@:+-][A-Za-z0-9_.@:+/-]{0,126}$")
"""CUPS queue names: no spaces, tabs, '#'; we also refuse a leading '-' (it would read as an
option) and anything a shell or lp could misread."""
TIMEOUT = 60


@dataclass(frozen=True)
class PrintOutcome:
    """What happened: ``printed`` and lp's answer (its job id line), or why not and where the
    PDF was left (``path``; removed once lp took it)."""

    printed: bool
    path: str
    message: str


def write_temporary(pdf: bytes, name: str) -> str:
    """The PDF in a new file of its own (``hakem-NAME-XXXX.pdf`` in the temporary directory)."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", name)[:40] or "document"
    fd, path = tempfile.mkstemp(prefix=f"hakem-{safe}-", suffix=".pdf")
    try:
        view = memoryview(pdf)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    return path


def print_pdf(pdf: bytes, name: str, printer: str | None = None, paper: str = "a4",
              title: str = "", keep: Callable[[bytes], str] | None = None) -> PrintOutcome:
    """Write the PDF, then hand it to ``lp`` (``-d PRINTER`` when one is named).  ``keep``:
    where a PDF no printer took is kept instead of the temporary directory (the command line's
    export folder, under the document's name in the report's language: ``hakem print`` without
    CUPS left ``/tmp/hakem-standings-x1y2.pdf``, a name in English in a folder the organiser
    never looks in, emptied at the next boot); it returns the path written."""
    if printer is not None and not PRINTER_NAME.match(printer):
        raise TournamentError(_("{printer!r} is not a printer name (see lpstat -p)").format(printer=printer))
    lp = shutil.which("lp")
    if lp is None:
        path = keep(pdf) if keep is not None else write_temporary(pdf, name)
        return PrintOutcome(False, path, _("No printing system found (the CUPS command lp is not installed). "
                                           "The PDF is at {path}.").format(path=path))
    path = write_temporary(pdf, name)
    outcome = _hand_to_lp(lp, path, name, printer, paper, title)
    if not outcome.printed and keep is not None:
        kept = keep(pdf)
        os.unlink(path)
        return PrintOutcome(False, kept, outcome.message.replace(path, kept))
    return outcome


def _hand_to_lp(lp: str, path: str, name: str, printer: str | None, paper: str, title: str) -> PrintOutcome:
    """``lp`` given the PDF at ``path``: its job id, or why not (the PDF left at ``path``)."""
    command = [lp]
    if printer:
        command += ["-d", printer]
    command += ["-t", (title or name)[:100], "-o", f"media={'Letter' if paper == 'letter' else 'A4'}", "--", path]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        return PrintOutcome(False, path, _("The printer did not accept the job ({error}). The PDF is at {path}.")
                            .format(error=error, path=path))
    answer = field_safe(" ".join((done.stdout or done.stderr or "").split())[:300])
    if done.returncode != 0:
        return PrintOutcome(False, path, _("The printer did not accept the job ({error}). The PDF is at {path}.")
                            .format(error=answer or f"lp exit {done.returncode}", path=path))
    with_printer = printer or _("the default printer")
    os.unlink(path)  # lp has handed the file to the spooler
    return PrintOutcome(True, path, _("Sent to {printer}: {answer}").format(printer=with_printer, answer=answer))
