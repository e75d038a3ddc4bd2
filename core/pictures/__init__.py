"""Pictures people look at rather than read: brackets, score progress, wallcharts, Go levels.

Why a package of pure functions: the terminal (Textual widgets in ``tui/widgets/pictures.py``)
and the HTML reports draw the same pictures, so the layout lives here and returns plain data,
text lines (with style spans) or self-contained HTML/SVG strings.  Nothing here imports
textual, and nothing depends on the clock, the locale or the hash seed; only labels follow the
active language (through :func:`core.i18n._`).

Modules:
- :mod:`core.pictures.bracket` knockout/playoff brackets as trees (text and SVG);
- :mod:`core.pictures.progress` points after each round, rating performance, sparklines;
- :mod:`core.reports.wallchart` round-robin grid and Swiss wallchart (large type, print page);
- :mod:`core.pictures.golevels` Go: levels of the top group across rounds.
"""
