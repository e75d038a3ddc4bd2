"""The CLI's own refusal: a usage problem a command finds itself (exit 3, one line on stderr).

Why a module of its own: every command and the CLI's helpers raise it, and the package's entry
point (:func:`core.cli.main`) imports commands — a helper importing the package back would
close a circle.
"""

from __future__ import annotations

from core.errors import TournamentError


class CliError(TournamentError):
    """A usage problem found by a command itself (bad combination of options...)."""
