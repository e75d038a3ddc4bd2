"""The neutral report document every renderer draws: titled tables of typed cells.

Why neutral: one report (say, a pairing list) must come out as terminal text, print text,
HTML, CSV and JSON.  Reports build :class:`Report` objects from the tournament once; each
renderer decides how a cell looks (``½`` and decimal commas for people, ``0.5`` for machines).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from core.model import GameResult

Cell = Union[str, int, Fraction, tuple, None, "Points", "GameCell", "Marked", "Money", "Term"]


@dataclass(frozen=True)
class Points:
    """A cell holding points (drawn as ½ for people, ``0.5`` for machines)."""

    value: Fraction


@dataclass(frozen=True)
class Money:
    """A prize amount: grouped with two decimals when not whole for people (``1.234,50``),
    ``1234.50`` for machines."""

    value: Fraction


@dataclass(frozen=True)
class GameCell:
    """A crosstable cell: drawn for people as ``text`` (opponent's rank, colour letter, result
    mark in the report's language), for machines as the TRF round cell (``"7 w 1"``,
    ``"0000 - U"``) so a CSV/JSON crosstable can be checked against the TRF itself."""

    text: str
    trf: str


@dataclass(frozen=True)
class ResultCell:
    """A board result: as people read it everywhere else — the boards, the CLI, the journal
    (:attr:`core.model.GameResult.text`: ``1-0``, ``½-½``, ``+:-``; a printed sheet read
    ``1 - 0`` and ``+ - −`` beside a journal's ``+:-``) — the stored spelling (``1-0``,
    ``1/2``, ``+-``) for machines; empty while the game is running."""

    result: GameResult | None

    @property
    def text(self) -> str:
        return "" if self.result is None else self.result.text


@dataclass(frozen=True)
class Marked:
    """A value shown in brackets for people (a tie-break term that was cut)."""

    value: object
    cut: bool = False


@dataclass(frozen=True)
class Term:
    """A word of the report's language for people, its fixed key for machines (a criterion
    that decided a tie: "head-to-head" in a CSV whatever the language of the page)."""

    key: str
    text: str


def title_cell(code: str) -> Term | str:
    """A FIDE title: the reader's word for people (Russian МФ, ГМ: :func:`core.fields.title_word`),
    the FIDE code for machines (CSV, JSON keep ``FM``, ``GM`` whatever the language)."""
    from core.fields import title_word

    return Term(code, title_word(code)) if code else ""


def decimal(value: float | Fraction, digits: int) -> Term:
    """A number with ``digits`` decimals: a dot for machines, the language's mark for people."""
    from core.i18n.format import format_decimal

    rounded = round(Fraction(value), digits)
    machine = f"{float(rounded):.{digits}f}"
    if machine.startswith("-") and float(rounded) == 0:
        machine = machine[1:]
    return Term(machine, format_decimal(rounded, max_digits=digits, min_digits=digits).replace("-", "−"))


@dataclass(frozen=True)
class Column:
    """``key`` names the column in CSV/JSON; ``title`` is the translated header.

    ``flex`` columns (names) shrink first when a print page is too narrow; ``optional`` ones
    are dropped last-to-first if it is still too wide.  ``minor`` ones are left out of a
    published page on a phone's narrow screen (pairing numbers, points before the round), so
    what a player looks for — place, name, points, both players of a board — fits beside each
    other.  ``link`` names the column holding the pairing number of the player this column
    names: a published page links the name to that player's page.
    """

    key: str
    title: str
    align: str = "l"
    flex: bool = False
    optional: bool = False
    minor: bool = False
    link: str = ""
    spare: bool = False
    """An optional column a narrow text page drops before the other optional ones (a
    crosstable's title and federation go before its tie-breaks)."""
    keep: int = 0
    """A flexible column's width kept while optional columns can still go: a card's words for
    a round without a game ("Spielfrei (kampfloser Punkt)") are read whole before the
    tie-break columns beside them stay (names keep 18 cells as it is)."""


@dataclass
class Table:
    """Rows of cells under typed columns; ``css_class`` styles it in HTML (``grid``, ``match``)."""

    columns: list[Column]
    rows: list[list[object]] = field(default_factory=list)
    title: str = ""
    css_class: str = ""
    group: str = ""
    """Consecutive tables with the same group are drawn together in HTML (a bracket stage)."""


@dataclass
class Report:
    """One printable page: a title, lines under it, tables, and notes at the end."""

    slug: str
    title: str
    subtitle: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    preformatted: str = ""
    """A block drawn as-is (brackets, Go tables in the Gamma procedure's own layout)."""
    text_tables: bool = True
    """False when ``preformatted`` already shows the tables for print (a box-drawn bracket):
    the text renderer then skips the tables, HTML/CSV/JSON still use them."""
    css: str = ""
    """Extra inline CSS for this page (e.g. the bracket's column layout)."""
    figure: str = ""
    """A picture made by hakem (inline SVG markup, its texts escaped where it was drawn) shown on
    the page above the tables: a cup's bracket tree on its one bracket page.  Text, CSV and
    JSON leave it out (the tables say the same)."""
    layout: str = ""
    """How print (PDF) lays it out: ``""`` tables, ``"slips"`` result slips to cut,
    ``"wallchart"`` the crosstable in large type with shaded results."""
