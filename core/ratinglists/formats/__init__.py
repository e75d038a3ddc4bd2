"""Readers for the published rating-list layouts, one module per layout.

Each reader takes the decoded lines of the list (:mod:`.source` opens plain and zipped files
and decodes them) and yields :class:`~core.ratinglists.entry.ListEntry` values; a line that
does not fit the layout raises :class:`~core.errors.RatingListError` naming the file and line,
so a wrong file never half-replaces a good index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from core.ratinglists.entry import ListEntry
from core.ratinglists.formats.source import Line

Reader = Callable[[Iterable[Line], str], Iterator[ListEntry]]

FORMATS: tuple[str, ...] = ("fide", "fide-xml", "dsb", "tsf", "egd", "csv")
"""Layout ids as ``hakem lists import --format`` takes them."""
