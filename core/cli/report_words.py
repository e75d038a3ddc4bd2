"""A report's words and the command line's words: two languages in one command.

Why (issue 34, a fresh-eyes review): ``hakem --lang de report R alphabetical -o a.html`` on a
Russian event said its refusal in Russian, because the report's language was switched for the
whole process.  The rule (:mod:`core.app.report_language`): the global ``--lang`` (or the
organiser's setting) is the language of every *message* the CLI prints; the report's language
only that of the file, page or paper made.  So a report is built inside :func:`in_report_language`
(:func:`core.i18n.speaking`, for that block only) and every message around it is said outside.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from core.errors import TournamentError

T = TypeVar("T")


def in_report_language(lang: str, build: Callable[[], T]) -> T:
    """``build()`` with ``lang``'s words.  A refusal (no pairing yet, an unknown player) is a
    message to the organiser: ``build`` is a pure reading, so it is asked again in the
    organiser's language and refuses the same way, now in the words of ``--lang``."""
    from core.i18n import speaking

    try:
        with speaking(lang):
            return build()
    except TournamentError:
        return build()
