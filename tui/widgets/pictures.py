"""Textual widgets for the pictures of :mod:`core.pictures` (brackets, progress, wallcharts).

Why thin widgets: the layout is computed in core (pure functions returning text lines and
style spans, also used by tests and prints); a widget only asks for the picture at its current
width, turns the spans into Rich styles, and scrolls.  Every widget re-draws when resized, when
the language changes, and when the screen hands it new data (``update_*`` methods), so a result
entered elsewhere shows up at once.

How to mount (all are scrollable, focusable containers):

    BracketView(brackets)                    # list[core.pictures.bracket.Bracket]
    BracketView.for_tournament(t)            # cup event (system "knockout")
    BracketView.for_playoff(state, names)    # a stored playoff state
    ProgressChart(t, pno)                    # player card: points bars + performance
    StandingsProgress(t)                     # standings with a sparkline column
    Wallchart(t, large=True)                 # crosstable/grid; key "l" toggles large type
    GoLevelChart(t)                          # Go: levels of the top group
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable, Mapping, Sequence

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.widgets import Static

from core.i18n import add_language_listener, remove_language_listener
from core.model import Tournament
from core.pictures.text import TextPicture
from tui.i18n import L_

STYLES: dict[str, str] = {
    "title": "bold",
    "header": "bold",
    "winner": "bold green",
    "winner-line": "green",
    "pending": "bold yellow",
    "mark": "bold magenta",
    "bye": "dim",
    "note": "italic dim",
    "legend": "italic dim",
    "spark": "cyan",
    "bar": "blue",
    "axis": "dim",
    "big": "bold",
    "points": "bold yellow",
    "name": "bold",
    "win": "bold green",
    "loss": "dim",
    "self": "dim",
    "small": "dim",
    "below": "dim",
    "up": "bold",
}
"""Span kind → Rich style.  Meaning never rests on colour alone (the text carries it too)."""


def to_rich(picture: TextPicture, styles: Mapping[str, str] = STYLES) -> Text:
    """The picture as one Rich ``Text`` (lines joined; spans are cell ranges on plain lines)."""
    text = Text(no_wrap=True, overflow="ignore")
    for i, line in enumerate(picture.lines):
        if i:
            text.append("\n")
        text.append(line)
    offsets = []
    pos = 0
    for line in picture.lines:
        offsets.append(pos)
        pos += len(line) + 1
    for span in picture.spans:
        style = styles.get(span.kind)
        if not style or span.line >= len(picture.lines):
            continue
        line = picture.lines[span.line]
        start, end = _cell_to_index(line, span.start), _cell_to_index(line, span.end)
        if end > start:
            text.stylize(Style.parse(style), offsets[span.line] + start, offsets[span.line] + end)
    return text


def _cell_to_index(line: str, cell: int) -> int:
    """Character index of terminal cell ``cell`` in ``line`` (wide characters take two)."""
    from core.pictures.text import cells

    used = 0
    for i, ch in enumerate(line):
        if used >= cell:
            return i
        used += cells(ch)
    return len(line)


class PictureView(ScrollableContainer, can_focus=True):
    """A scrollable picture that re-draws for its width and the active language."""

    DEFAULT_CSS = """
    PictureView { height: 1fr; width: 1fr; }
    PictureView > Static { width: auto; height: auto; }
    """

    def __init__(self, builder: Callable[[int], TextPicture] | None = None, *, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._builder = builder
        self._canvas = Static("", expand=False, shrink=False, markup=False)
        self._last_width = -1

    def compose(self) -> ComposeResult:
        yield self._canvas

    def build(self, width: int) -> TextPicture:
        """The picture at ``width`` cells (subclasses override or pass a builder)."""
        if self._builder is None:
            return TextPicture()
        return self._builder(width)

    def refresh_picture(self) -> None:
        """Re-draw now (call after the data changed; resize and language switches do it)."""
        width = self._width()
        self._last_width = width
        self._canvas.update(to_rich(self.build(width)))

    def _width(self) -> int:
        """Cells available for the picture: the view's width less its scrollbar."""
        region = self.scrollable_content_region
        return max(20, region.width or self.size.width or 80)

    @property
    def picture_text(self) -> str:
        """Plain text of the picture at the current width (for tests and copy/paste)."""
        return self.build(self._width()).text

    def on_mount(self) -> None:
        add_language_listener(self._language_changed)
        self.refresh_picture()

    def on_unmount(self) -> None:
        remove_language_listener(self._language_changed)

    def on_resize(self) -> None:
        if self._width() != self._last_width:
            self.refresh_picture()

    def _language_changed(self, _lang: str) -> None:
        if self.is_mounted:
            self.refresh_picture()


class BracketView(PictureView):
    """Knockout/playoff brackets as trees (scrolls both ways for big brackets)."""

    def __init__(self, brackets: Sequence[Any] | Callable[[], Sequence[Any]] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._source = brackets

    @classmethod
    def for_tournament(cls, t: Tournament, **kwargs: Any) -> BracketView:
        from core.pictures.bracket import cup_brackets

        return cls(lambda: cup_brackets(t), **kwargs)

    @classmethod
    def for_playoff(cls, state: Mapping[str, Any], names: Mapping[int, str], **kwargs: Any) -> BracketView:
        from core.pictures.bracket import playoff_brackets

        return cls(lambda: playoff_brackets(state, names), **kwargs)

    def update_brackets(self, brackets: Sequence[Any] | Callable[[], Sequence[Any]]) -> None:
        """New results: hand over the new brackets (or a callable producing them)."""
        self._source = brackets
        self.refresh_picture()

    def update_playoff(self, state: Mapping[str, Any], names: Mapping[int, str]) -> None:
        """A playoff state changed (``enter_result`` returned a new one): draw it again."""
        from core.pictures.bracket import playoff_brackets

        self.update_brackets(lambda: playoff_brackets(state, names))

    def build(self, width: int) -> TextPicture:
        from core.pictures.bracket import brackets_text

        brackets = self._source() if callable(self._source) else self._source
        return brackets_text(list(brackets), width)


class ProgressChart(PictureView):
    """A player's card picture: points after each round as bars, and the performance."""

    DEFAULT_CSS = "ProgressChart { height: auto; max-height: 14; }"

    def __init__(self, tournament: Tournament, pno: int, height: int = 6, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tournament, self.pno, self.chart_height = tournament, pno, height

    def build(self, width: int) -> TextPicture:
        from core.pictures.progress import player_progress

        return player_progress(self.tournament, self.pno, self.chart_height)


class StandingsProgress(PictureView):
    """The standings with a sparkline column (points after each round) and the TPR so far."""

    def __init__(self, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tournament = tournament

    def build(self, width: int) -> TextPicture:
        from core.pictures.progress import standings_text

        return standings_text(self.tournament, width)


class Wallchart(PictureView):
    """Round-robin grid or Swiss wallchart; large type for a projector (key ``l`` toggles).

    Key ``p`` flips through the large type page by page (whole rows, title and header on every
    page), one page every ``page_seconds``, so a projector shows the whole field without anybody
    scrolling; ``p`` again goes back to the scrolling picture.
    """

    BINDINGS = [Binding("l", "toggle_large", L_("Large type")),
                Binding("p", "toggle_paging", L_("Page by page"))]

    page_seconds: float = 10.0

    def __init__(self, tournament: Tournament, large: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tournament = tournament
        self.large = large
        self.page = 0
        self._pager: Any = None

    @property
    def paging(self) -> bool:
        return self._pager is not None

    def action_toggle_large(self) -> None:
        self.large = not self.large
        self.refresh_picture()

    def action_toggle_paging(self) -> None:
        if self._pager is not None:
            self._pager.stop()
            self._pager = None
        else:
            self.large = True
            self.page = 0
            self._pager = self.set_interval(self.page_seconds, self.next_page)
        self.scroll_home(animate=False)
        self.refresh_picture()

    def next_page(self) -> None:
        """Show the next page (after the last, the first again)."""
        self.page += 1
        self.refresh_picture()

    def _pages(self, width: int) -> list[TextPicture]:
        from core.reports.wallchart import large_pages, wallchart

        height = self.scrollable_content_region.height or self.size.height or 24
        return large_pages(wallchart(self.tournament), width, height)

    def build(self, width: int) -> TextPicture:
        from core.reports.wallchart import wallchart_text

        if self._pager is not None:
            pages = self._pages(width)
            return pages[self.page % len(pages)]
        return wallchart_text(self.tournament, width, self.large)


class GoLevelChart(PictureView):
    """Go (Gamma): the levels of the top group before round 1 and after every round."""

    def __init__(self, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tournament = tournament

    def build(self, width: int) -> TextPicture:
        from core.pictures.golevels import levels_picture, top_group_levels

        return levels_picture(top_group_levels(self.tournament), width)
