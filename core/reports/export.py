"""``hakem export``/``hakem publish``: write reports to files.

HTML is a self-contained page set (one file per report, fixed names chosen by us, so nothing in
the tournament data can steer where files go); text is every report for printing; CSV is the
standings in the machine format of docs/cli.md; Go files come from :mod:`core.go`.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.errors import StoreError, TournamentError
from core.i18n import _
from core.model import Tournament
from core.reports.render import LANDSCAPE_WIDTH, PRINT_WIDTH, to_html, to_text
from core.reports.catalog import all_reports
from core.reports.view import View


PRIVATE = ("checkin", "results-r")
"""Reports never published: the check-in list (signatures, arrivals) and the result sheet
(signatures) are the arbiter's paper, not the public's."""


def html_pages(t: Tournament) -> dict[str, str]:
    """File name -> HTML for the whole page set (``index.html`` first).

    File names are fixed by us (``standings.html``, ``pairings-r3.html``, ``player-7.html``...),
    never taken from tournament data, so nothing a player types can steer where a file is
    written.  The index is the first report: team standings in team events, else the
    standings.  Beside the reports: the standings after every earlier round
    (``standings-r2.html``), the starting list (``players.html``) and one page per player
    with the player's games (``player-N.html``, the pairing card); every name in a table links
    to its player's page.  Nothing private is published: not the sheets of :data:`PRIVATE`,
    and of a player only what the peers publish — name, title, rating, federation, club, FIDE
    id; never birth date, sex, national id, contact data, fees or check-in marks.
    """
    from core.reports.document import Report
    from core.reports.tables import standings_report, starting_list
    from core.standings import rounds_started

    view = View(t)
    reports = [r for r in all_reports(view) if not r.slug.startswith(PRIVATE)]
    cards = [r for r in reports if r.slug.startswith("card-")]
    pages = [r for r in reports if not r.slug.startswith("card-")]
    if t.players and t.options.get("prizes"):
        from core.reports.prizes import prize_list

        pages.append(prize_list(view))
    if not pages:
        pages = [Report("index", t.name, [])]
    has_standings = any(r.slug == "standings" for r in pages)
    earlier = [standings_report(view, upto=r) for r in range(rounds_started(t) - 1, 0, -1)] if has_standings else []
    if cards:
        pages.append(starting_list(view))
    names = {r.slug: ("index.html" if i == 0 else f"{r.slug}.html") for i, r in enumerate(pages)}
    cup_page = next((r for r in pages if r.slug == "bracket-cup"), None)
    if cup_page is not None and names[cup_page.slug] != "index.html":
        _with_tree(t, cup_page)
        names[cup_page.slug] = "bracket.html"  # the cup's one bracket page: the tree, then each match
    _playoff_trees(t, view, pages)
    names.update({r.slug: f"{r.slug}.html" for r in earlier})
    names.update({r.slug: f"player-{r.slug[5:]}.html" for r in cards})
    links = {int(r.slug[5:]): names[r.slug] for r in cards}
    nav: list[tuple[str, str]] = []
    pairing_rounds = [r for r in pages if r.slug.startswith("pairings-r") and r.slug[10:].isdigit()]
    for r in pages:
        if r in pairing_rounds:
            if r is pairing_rounds[0]:  # one "Pairings: 5 4 3 2 1" entry instead of one per round
                nav.append(("", _("Pairings:")))
                nav += [(names[x.slug], x.slug[10:]) for x in pairing_rounds]
            continue
        nav.append((names[r.slug], r.title))
        if r.slug == "standings" and earlier:  # "Standings: 4 3 2 1" after every round
            nav.append(("", _("Standings after round:")))
            nav += [(names[x.slug], x.slug[len("standings-r"):]) for x in earlier]
    pictures = picture_pages(t)
    nav += [(name, title) for name, (title, _page) in pictures.items()]
    out: dict[str, str] = {name: page for name, (_title, page) in pictures.items()}
    for r in [*pages, *earlier, *cards]:
        out[names[r.slug]] = to_html(r, nav, links=links)
    base = str(t.options.get(URL_OPTION) or "")
    if base:
        out = {name: with_qr(page, page_url(base, name)) for name, page in out.items()}
    return dict(sorted(out.items(), key=lambda kv: (kv[0] != "index.html", kv[0])))


def _with_tree(t: Tournament, report) -> None:
    """The cup's bracket page with its tree drawn above the matches: one page for the bracket
    (an earlier publish wrote the tree to ``bracket.html`` and the matches to
    ``bracket-cup.html``, two pages of one bracket; the manifest removes the second)."""
    from core.pictures.bracket import CSS, bracket_svg, cup_brackets

    report.figure = "".join(f'<div class="scroll">{bracket_svg(b)}</div>' for b in cup_brackets(t))
    report.css += CSS + ".figure .scroll{overflow-x:auto}"


def _playoff_trees(t: Tournament, view: View, pages: list) -> None:
    """Each tie-break playoff's bracket page with its tree drawn above its matches: one page
    per playoff (``bracket-places-1-3.html``).  An earlier publish also wrote every playoff's
    tree to a page of its own (``bracket.html``), a second page of the same brackets under a
    name that said nothing of which playoff; the manifest removes it."""
    from core.pictures.bracket import CSS, bracket_svg, playoff_brackets
    from core.reports.playoffs import playoff_names

    playoffs = t.options.get("playoffs") or {}
    by_slug = {f"bracket-{part}": key for key, (part, _name) in playoff_names(view).items()}
    names = {p.pno: p.name for p in t.players}
    for report in pages:
        state = playoffs.get(by_slug.get(report.slug, ""))
        if not isinstance(state, dict):
            continue
        trees = playoff_brackets(state, names)
        if trees:
            report.figure = "".join(f'<div class="scroll">{bracket_svg(b)}</div>' for b in trees)
            report.css += CSS + ".figure .scroll{overflow-x:auto}"


def with_qr(page: str, url: str) -> str:
    """The page with a QR code of its own public address at the end (phones at the venue
    open the live page from the printed or projected one)."""
    import html

    import segno

    svg = segno.make(url, error="m").svg_inline(scale=3, border=2, svgclass="qr", lineclass=None)
    block = (f'<p class="qr-code" style="margin-top:1em">{svg}<br><a href="{html.escape(url)}">'
             f"{html.escape(url)}</a></p>")
    head, sep, tail = page.rpartition("</body>")
    return head + block + sep + tail if sep else page + block


def picture_pages(t: Tournament) -> dict[str, tuple[str, str]]:
    """The pictures that apply (file name -> (title, page)): score progression and wallchart
    once a round is played, the Go level chart (a bracket is drawn on its bracket page)."""
    from core.i18n import current_language

    lang = current_language()
    out: dict[str, tuple[str, str]] = {}
    if not t.rounds:
        return out
    from core.pictures.progress import progress_page
    from core.reports.wallchart import wallchart, wallchart_page

    from core.reports.catalog import has_crosstable

    if has_crosstable(t):  # a cup's wall is its bracket: no points to progress, no crosstable
        out["progress.html"] = (_("Score progression"), progress_page(t, lang))
        out["wallchart.html"] = (_("Wallchart"), wallchart_page(wallchart(t), lang))
    # a cup's tree is on its bracket page (:func:`_with_tree`), a playoff's on its own
    # (:func:`_playoff_trees`): no page of their own
    if t.system == "gamma":
        from core.pictures.golevels import levels_page

        out["levels.html"] = (_("Top group levels"), levels_page(t, lang))
    return out


MANIFEST = ".hakem-pages"
"""List of the files the last publish wrote into a directory: the next publish removes the
ones no longer in the set (e.g. last round's alphabetical list), and never anything else."""


def publish(t: Tournament, directory: str | os.PathLike[str], force: bool = False) -> list[Path]:
    """Write the tournament's HTML set into ``directory`` (:func:`write_pages`)."""
    return write_pages(html_pages(t), directory, force)


def write_pages(pages: dict[str, str], directory: str | os.PathLike[str], force: bool = False) -> list[Path]:
    """Write a set of HTML pages (file name -> page) into ``directory`` (e.g. a web root),
    each file atomically.

    A web root is often writable by a group, so every name in it is treated as hostile (see
    :mod:`core.file_safety`): a page is written to a fresh temporary file and renamed over the
    old name (a link planted there is replaced, never written through), mode 0644 is set on our
    own descriptor, the manifest is read only if it is a plain file.  Pages from an earlier
    publish that are no longer part of the set are removed — only names from our manifest,
    only our page names, and removing a name never touches what a link points to.

    The directory is reached by :func:`core.store.folders.open_folder` (a link on the way is
    followed only if it is the user's own or root's), missing folders made on the way.
    The directory is the user's choice (command line or their own configuration, never
    tournament data), never inside the data directory, and a page it already holds that our
    manifest does not list (someone's own ``index.html``) is replaced only with ``force``; nor
    is a first publish made, without ``force``, into a directory that holds anything at all
    and never held our pages (no manifest: ``/etc`` typed as root, a home directory).
    """
    from core.store.folders import open_folder, refuse_data_directory
    from core.safe_text import machine_safe

    target = Path(directory)
    existing = next(p for p in (target, *target.parents) if p.is_dir())  # nothing created in a data directory
    where = open_folder(existing)
    try:
        refuse_data_directory(where, target)
    finally:
        where.close()
    folder = open_folder(target, create=True)
    try:
        refuse_data_directory(folder, target)
        try:
            old = folder.read(MANIFEST).decode("utf-8", "replace").split()
        except (OSError, StoreError):
            old = []
            if folder.names() and not force:  # /etc typed for /tmp/pages: thirty files among the system's
                raise StoreError(_("{directory} holds files that hakem did not write; nothing was published "
                                   "(--force publishes there all the same)").format(directory=target)) from None
        foreign = sorted(name for name in pages if name not in old and folder.lstat(name) is not None)
        if foreign and not force:
            raise StoreError(_("{directory}: {names} already there and not written by hakem; nothing was published "
                               "(--force replaces them)").format(directory=target, names=", ".join(foreign)))
        written: list[Path] = []
        name = MANIFEST
        try:
            for name, page in pages.items():  # no control character from the data reaches a browser
                folder.replace(name, machine_safe(page)[0].encode("utf-8"), mode=0o644)  # read by the web server
                written.append(target / name)
            for name in old:
                if name not in pages and "/" not in name and name.endswith(".html") and not name.startswith("."):
                    folder.unlink(name)
            name = MANIFEST
            folder.replace(MANIFEST, ("\n".join(sorted(pages)) + "\n").encode("utf-8"), mode=0o644)
        except OSError as error:
            if error.filename and not Path(str(error.filename)).name.startswith("."):
                raise  # a refusal that names its page and why already (only its owner may replace it)
            raise _refusal(target, name, error, len(written), len(pages)) from error
    finally:
        folder.close()
    return written


def _refusal(directory: Path, name: str, error: OSError, written: int, total: int) -> StoreError:
    """A write refused inside the publish folder, told by the folder and the page meant, in the
    reader's words — never by the temporary file the page was being written to (the system's
    own message names ``.index.html.3f2a….tmp``, in English).  The temporary file is already
    gone (:meth:`core.file_safety.SafeDir.replace`); the pages written before it say how far
    the publish got."""
    if written == 0:
        return StoreError(_("cannot write the pages into the folder {directory} (the first, {name}: {reason}); "
                            "nothing was published").format(directory=directory, name=name, reason=os_reason(error)))
    return StoreError(_("cannot write {name} into the folder {directory}: {reason}; {count} of {total} pages were "
                        "written before it — publish again once it is solved").format(
                            name=name, directory=directory, reason=os_reason(error), count=written, total=total))


def os_reason(error: OSError) -> str:
    """Why the system refused a page written: :func:`core.errors.os_reason` of a write."""
    from core.errors import os_reason as said

    return said(error, writing=True)


URL_OPTION = "publish_url"
"""``Tournament.options`` key: the address the published pages are read at (for QR codes;
``hakem publish ID DIR --url URL``)."""

def print_text(t: Tournament, landscape: bool = False) -> str:
    """Every report as plain text, pages separated by form feeds (fits 80 or 132 columns)."""
    view = View(t)
    width = LANDSCAPE_WIDTH if landscape else PRINT_WIDTH
    return "\f\n".join(to_text(r, width) for r in all_reports(view))


def standings_csv(t: Tournament) -> str:
    from core.safe_text import csv_text
    from core.standings import as_csv_rows, compute_standings

    return csv_text(as_csv_rows(compute_standings(t)))


def _ranks(standings) -> dict[int, int]:
    """Participant → rank; unranked ones (withdrawn from a round robin) go last."""
    ranks = {row.pno: row.rank for row in standings.rows if row.rank is not None}
    last = max(ranks.values(), default=0)
    for row in standings.rows:
        if row.rank is None:
            last += 1
            ranks[row.pno] = last
    return ranks


TRF_LINE_ENDINGS = {"2026": "\r", "16": "\n"}
"""How a TRF file's lines end when written for the user: TRF-2026 Remark 1 ("each line ends
with CR"); TRF16 files feed the pairing engines, and JaVaFo reads LF (bbpPairings writes CR,
which JaVaFo's users had to convert).  hakem reads all three (CR, LF, CRLF)."""


def trf_export(t: Tournament, flavour: str = "2026", line_ending: str = "\n") -> str:
    """TRF for rating submission with the real ranks (standings with the tournament's list) in
    columns 86–89, not just points order.  In a team event the team records (310, columns
    69–71) carry the team standings' ranks — the event's own team tie-breaks, as ``hakem
    standings`` ranks them — and the players' columns the individual standings' ranks."""
    from core.trf import write_trf

    view = View(t)
    ranks = _ranks(view.standings) if t.players else None  # the players' own list (team=False)
    team_ranks = _ranks(view.team_standings) if t.teams else None  # record 310, columns 69-71
    return write_trf(t, flavour=flavour, line_ending=line_ending, ranks=ranks, team_ranks=team_ranks)


def _go(function: str, t: Tournament, keep_forfeits: bool = False) -> str:
    """The Go rating-commission file, EGD h9, OpenGotha's XML file and the FFG ``.tou`` come
    from :mod:`core.gorender`."""
    if t.system == "mcmahon" and function == "egd_h9_export":
        from core.gorender.mcmahon_export import mcmahon_h9_export

        return mcmahon_h9_export(t, keep_forfeits=keep_forfeits)
    if function in ("opengotha", "tou"):
        if t.system != "mcmahon":
            raise TournamentError(_("OpenGotha's files (--opengotha, --tou) are written for a McMahon "
                                    "event; this one is paired by {system}").format(system=t.system))
        if function == "tou":
            from core.gorender.tou_export import tou_export

            return tou_export(t)
        from core.gorender.opengotha_xml_export import opengotha_xml_export

        return opengotha_xml_export(t)
    if t.system == "mcmahon":
        raise TournamentError(_('the rating-commission file is for the Gamma scheme; a McMahon event '
                                'exports the EGD table (--egd)'))
    if t.system != "gamma":
        raise TournamentError(_('Go exports exist only for Go tournaments (systems gamma and mcmahon)'))
    from core.gorender.export import egd_h9_export, rating_commission_export

    return egd_h9_export(t) if function == "egd_h9_export" else rating_commission_export(t)


def export_text(t: Tournament, fmt: str, keep_forfeits: bool = False) -> str:
    """The one file of ``hakem export --FORMAT`` for the formats that are one file (``text``,
    ``csv``, ``egd``, ``rating_commission``, ``opengotha``, ``tou``; ``html`` is a set of pages:
    :func:`publish`).  ``keep_forfeits``: the EGD table keeps games won by forfeit (``N+!w1``)
    instead of dropping them (``0=``).  Writing it is the caller's business (reports never
    import the CLI)."""
    if fmt == "text":
        return print_text(t)
    if fmt == "csv":
        return standings_csv(t)
    if fmt == "egd":
        return _go("egd_h9_export", t, keep_forfeits)
    if fmt in ("opengotha", "tou"):
        return _go(fmt, t)
    if fmt == "rating_commission":
        return _go("rating_commission_export", t)
    raise TournamentError(_('unknown export format {fmt!r}').format(fmt=fmt))


def page_url(base: str, name: str) -> str:
    """The address of page ``name`` of a set published at ``base`` (a directory URL)."""
    return base.rstrip("/") + "/" + name
