"""``hakem export``/``hakem publish``: write reports to files.

HTML is a self-contained page set (one file per report, fixed names chosen by us, so nothing in
the tournament data can steer where files go); text is every report for printing; CSV is the
standings in the machine format of spec/cli.md; Go files come from :mod:`core.go`.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from core.errors import StoreError, TournamentError
from core.i18n import _
from core.model import Tournament
from core.reports.render import LANDSCAPE_WIDTH, PRINT_WIDTH, to_html, to_text
from core.reports.tables import all_reports
from core.reports.view import View
from core.store.files import atomic_write


def html_pages(t: Tournament) -> dict[str, str]:
    """File name -> HTML for the whole page set (index.html first)."""
    view = View(t)
    reports = all_reports(view)
    cards = [r for r in reports if r.slug.startswith("card-")]
    pages = [r for r in reports if not r.slug.startswith("card-")]
    nav = [("index.html", _("Standings"))]
    nav += [(f"{r.slug}.html", r.title) for r in pages if r.slug != "standings"]
    if cards:
        nav.append(("cards.html", _("Player cards")))
    out: dict[str, str] = {}
    for r in pages:
        name = "index.html" if r.slug == "standings" else f"{r.slug}.html"
        out[name] = to_html(r, nav)
    if cards:
        from core.reports.document import Report

        combined = Report("cards", _("Player cards"), [t.name])
        for card in cards:
            for table in card.tables:
                if not table.title:
                    table.title = card.subtitle[-1] if card.subtitle else ""
                combined.tables.append(table)
        out["cards.html"] = to_html(combined, nav)
    if "index.html" not in out:
        from core.reports.document import Report

        out["index.html"] = to_html(Report("index", t.name, []), nav)
    return dict(sorted(out.items(), key=lambda kv: (kv[0] != "index.html", kv[0])))


def publish(t: Tournament, directory: str | os.PathLike[str]) -> list[Path]:
    """Write the HTML set into ``directory`` (e.g. a web root), each file atomically."""
    target = Path(directory)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"{target}: cannot create the directory ({error.strerror})") from error
    if not target.is_dir():
        raise StoreError(f"{target}: not a directory")
    written = []
    for name, page in html_pages(t).items():
        path = target / name
        atomic_write(path, page.encode("utf-8"))
        os.chmod(path, 0o644)  # published pages are meant to be read by the web server
        written.append(path)
    return written


def print_text(t: Tournament, landscape: bool = False) -> str:
    """Every report as plain text, pages separated by form feeds (fits 80 or 132 columns)."""
    view = View(t)
    width = LANDSCAPE_WIDTH if landscape else PRINT_WIDTH
    return "\f\n".join(to_text(r, width) for r in all_reports(view))


def standings_csv(t: Tournament) -> str:
    import csv
    import io

    from core.standings import as_csv_rows, compute_standings

    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(as_csv_rows(compute_standings(t)))
    return buf.getvalue()


def _go(function: str, t: Tournament) -> str:
    module = importlib.import_module("core.go")
    fn = getattr(module, function, None)
    if fn is None:
        raise TournamentError(f"this version cannot write {function.replace('_', ' ')}")
    return fn(t)


def export(t: Tournament, fmt: str, output: str | None) -> None:
    """Dispatch of ``hakem export --FORMAT``; ``output`` None or ``-`` means stdout."""
    from core.cli.common import write_output

    if fmt == "html":
        if not output or output == "-":
            raise TournamentError("--html writes a set of pages: give a directory with -o DIR")
        publish(t, output)
        return
    if fmt == "text":
        write_output(print_text(t), output)
    elif fmt == "csv":
        write_output(standings_csv(t), output)
    elif fmt == "egd":
        write_output(_go("egd_h9_export", t), output)
    elif fmt == "rating_commission":
        write_output(_go("rating_commission_export", t), output)
    else:
        raise TournamentError(f"unknown export format {fmt!r}")
