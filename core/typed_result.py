"""A result as an arbiter types it, read the way the event's game reads it.

One parser for every front end that takes a typed line (the TUI's result line; the CLI's
``hakem result`` takes the chess spellings through :meth:`GameResult.parse` alone, ``hakem go
result`` the Go ones): a Go event also takes the winner's colour and SGF's spellings
(``b+``, ``W+R``), every other event the chess spellings, the arbiter's half-point scores
(``½-0``, ``0-½``, C.04.5 Preface) included.
"""

from __future__ import annotations

from core.model import GameResult

from core.fields import GO_SYSTEMS


def parse_typed(system: str, text: str) -> GameResult:
    """The result ``text`` means in an event of ``system``; raises ``InvalidResult`` with the
    spellings to use."""
    if system in GO_SYSTEMS:
        from core.go.results import parse_typed_result

        return parse_typed_result(text)
    return GameResult.parse(text)
