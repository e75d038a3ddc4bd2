"""Provides :func:`keys_kept_from_start`: what is typed while hakem starts reaches it as typed.

Why: until Textual puts the terminal into its own mode (a few hundred milliseconds after
``hakem`` is typed: Python, Textual and the tournament are loaded first), the terminal is in
the shell's line mode.  In that mode the terminal driver turns Enter (CR) into a line feed,
echoes what is typed over the screen and holds a line until Enter.  An organiser who types the
first player as soon as the screen appears (or whose keys a slow SSH link bunches up) had the
Enter of that record arrive as Ctrl+J, which a field ignores: ``Şahin, Işıl⇥1850⏎Öztürk, Ümit``
left ``1850Öztürk, Ümit`` in the rating field and registered nobody.

How: the moment the terminal UI is chosen, before anything heavy is imported, the terminal
leaves line mode (no CR → LF, no echo, every byte readable at once; Ctrl+C still stops a start
that hangs).  Keys already waiting stay waiting (``TCSANOW`` discards nothing); Textual later
takes the terminal from this mode and gives it back to it, and this module gives the shell its
own mode back when hakem ends.  Bytes that arrived before even this (while Python itself
started) were already turned into line feeds: :mod:`tui.driver` reads a line feed as Enter.
Only this module's two standard-library imports run before the switch.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

try:
    import termios
except ImportError:  # not a POSIX terminal (Windows): Textual's own driver reads the console
    termios = None  # type: ignore[assignment]  # no termios module off POSIX: checked before every use


@contextmanager
def keys_kept_from_start() -> Iterator[None]:
    """While the block runs, the terminal (standard input) is out of line mode; afterwards it
    is as it was.  Does nothing when standard input is no terminal."""
    fd = _terminal_fd()
    if fd is None or termios is None:
        yield
        return
    try:
        before = termios.tcgetattr(fd)
    except termios.error:
        yield
        return
    iflag, lflag, chars = int(before[0]), int(before[3]), list(before[6])
    chars[termios.VMIN], chars[termios.VTIME] = 1, 0  # every byte readable at once
    mode = [iflag & ~termios.ICRNL,  # Enter stays CR
            *before[1:3],
            lflag & ~(termios.ICANON | termios.ECHO),  # no line holding, no echo
            *before[4:6], chars]
    try:
        termios.tcsetattr(fd, termios.TCSANOW, mode)
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, before)
        except termios.error:  # the terminal is gone (a dropped SSH link): nothing to give back
            pass


def _terminal_fd() -> int | None:
    """Standard input's descriptor when it is a terminal."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None
