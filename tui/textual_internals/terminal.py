"""Textual's terminal input, opened for :mod:`tui.driver`: the xterm parser's step from a
read sequence to keys, the Linux driver's debug flag, output file and size reading, the
parser's end-of-input error and Textual's clock (see the package doc for why each)."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver

__all__ = ["ANSI_SEQUENCES_KEYS", "KeyParser", "ParseError", "SizedDriver", "get_time"]


class KeyParser(XTermParser):
    """Textual's xterm parser whose step from one read sequence to its keys is
    :meth:`sequence_keys` (override it); :meth:`stock_keys` is Textual's own reading."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        return self.sequence_keys(sequence, alt)

    def sequence_keys(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        """The keys ``sequence`` stands for (``alt``: an Escape came before it)."""
        return self.stock_keys(sequence, alt)

    def stock_keys(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        """Textual's reading of ``sequence``."""
        return super()._sequence_to_key_events(sequence, alt)


class SizedDriver(LinuxDriver):
    """Textual's Linux driver whose size reading is :meth:`terminal_size` (override it), with
    the debug flag and output stream it was made with."""

    @property
    def debugging(self) -> bool:
        """Textual's debug mode, which its parser takes."""
        return self._debug

    @property
    def output_fd(self) -> int:
        """The descriptor the screen is written to (-1: none)."""
        return self._file.fileno() if self._file is not None else -1

    def _get_terminal_size(self) -> tuple[int, int]:
        return self.terminal_size()

    def terminal_size(self) -> tuple[int, int]:
        """Columns and lines to draw: Textual's answer."""
        return super()._get_terminal_size()
