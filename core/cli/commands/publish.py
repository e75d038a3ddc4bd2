"""``hakem publish ID DIR [--watch]`` — write the HTML pages of a tournament into a directory
(e.g. a web root), once or after every round; ``hakem report ID|FILE.trf KIND [...]`` — one
report on the terminal (text) or as CSV/JSON/HTML/PDF; ``hakem print ID DOC`` — a document as
PDF to the machine's printer (``lp``).

Heavy modules (reports, tie-breaks) are imported inside the run functions: every module here
is imported to build the parser, and start-up time matters over SSH.
"""

from __future__ import annotations

import argparse

from core.cli.commands import DOCUMENTS, summary
from core.i18n import _

PAPERS = ("a4", "letter")
ORIENTATIONS = ("auto", "portrait", "landscape")


def _language(args: argparse.Namespace, t, on_screen: bool = False) -> str:
    """The report's language: ``--report-lang``, else on the terminal the organiser's and
    written, printed or published the tournament's (:mod:`core.app.report_language`, the TUI's
    rule too).  Only the report is made in it (:func:`core.cli.report_words.in_report_language`):
    every message of the command stays in the organiser's (the global ``--lang``)."""
    from core.app.report_language import report_language

    return report_language(t, args.report_lang, on_screen=on_screen)


def report_language_option(p: argparse.ArgumentParser) -> None:
    """``--report-lang``: the language of the report itself (the global ``--lang`` is the
    organiser's, for the messages and what is shown on the terminal)."""
    from core.i18n import LANGUAGES

    p.add_argument("--report-lang", dest="report_lang", choices=LANGUAGES, metavar="LANG",
                   help=_("the report's language ({value}; default: the event's for a file, the page or "
                          "paper, yours on the terminal)").format(value=", ".join(LANGUAGES)))


def _publish(args: argparse.Namespace) -> int:
    from core.cli.common import open_desk, show_warnings

    desk = open_desk(args.id)
    if args.remember or args.forget:
        # stored in the user's own configuration (never in tournament data): every later
        # change this user makes (CLI or TUI) keeps the pages current without a watcher
        from core.app import publishing
        from core.app.exports import data_directory

        # --report-lang, when given, is the pages' language from now on; else the event's
        # (core.app.report_language)
        publishing.remember(data_directory(), desk.id, None if args.forget else args.directory,
                            lang=args.report_lang)
        if args.forget:
            return 0
    if args.url is not None:
        show_warnings(desk.remember_url(args.url))
    if not args.watch:
        written = _publish_pages(args, desk.snapshot().tournament, args.force)
        for path in written:
            print(path)
        # the one line that says it: how many pages, where (the list above names each)
        print(_("{count} pages written to {directory}").format(count=len(written), directory=args.directory))
        return 0
    return _watch(desk, args.directory, args.interval, lambda t, force: _publish_pages(args, t, force), args.force)


def _publish_pages(args: argparse.Namespace, t, force: bool) -> list:
    """The event's pages made in the report's language, written into ``args.directory``."""
    from core.cli.report_words import in_report_language
    from core.reports.export import html_pages, write_pages

    return write_pages(in_report_language(_language(args, t), lambda: html_pages(t)), args.directory, force)


def _watch(desk, directory: str, interval: float, write, force: bool = False) -> int:
    """Publish now, then again whenever a round is paired or its last result comes in.

    Polls the store's revision (cheap: a stat and a small read) and republishes only when
    the pair (rounds paired, last round complete) changes, so the web pages follow the event
    round by round without rewriting them after every single result.
    """
    import time

    from core.cli.errors import CliError

    if interval <= 0:
        raise CliError(_("--interval must be a positive number of seconds."))
    last_rev, last_key = None, None
    try:
        while True:
            rev = desk.revision()
            if rev != last_rev:
                last_rev = rev
                t = desk.snapshot().tournament
                key = (t.current_round, bool(t.rounds) and t.rounds[-1].complete)
                if key != last_key:
                    last_key = key
                    written = write(t, force)
                    force = False  # the pages are ours from now on (the manifest lists them)
                    done = (_("{count} pages written to {directory}") if not key[0]
                            else _("round {number} complete: {count} pages written to {directory}") if key[1]
                            else _("round {number} paired: {count} pages written to {directory}"))
                    print(done.format(number=key[0], count=len(written), directory=directory), flush=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        return 0


def _report(args: argparse.Namespace) -> int:
    from core.cli.common import load_tournament, paired_round, write_output
    from core.cli.output import output_format, text_width
    from core.cli.report_words import in_report_language
    from core.reports.render import LANDSCAPE_WIDTH, PRINT_WIDTH, render
    from core.reports.view import View

    fmt = args.format = output_format(args.format, None if args.save else args.output, SUFFIXES)
    t = load_tournament(args.id)
    paired_round(t, args.round)
    # on the terminal (stdout, no file; a PDF is paper) the organiser reads it
    lang = _language(args, t, on_screen=fmt != "pdf" and not args.save and args.output in (None, "-"))
    view = View(t)
    if args.save and args.output:
        from core.cli.errors import CliError

        raise CliError(_("--save writes into the tournament's export folder and -o names a file: give one of them."))
    if fmt == "pdf":
        return _write_pdf(args, t, view, lang)
    if args.kind == "all":
        from core.cli.errors import CliError

        raise CliError(_("'all' is the whole document set as one PDF: add --format pdf -o FILE."))
    from core.reports.printing import document

    width = text_width(args.width, LANDSCAPE_WIDTH if args.landscape else PRINT_WIDTH) if fmt == "text" else 0

    def made() -> tuple[str, str]:
        report = document(view, args.kind, round_no=args.round, pno=args.player, key=args.key).reports[0]
        return render(report, fmt, width), _save_name(args, t) if args.save else ""

    text, name = in_report_language(lang, made)
    kind = "json" if fmt == "json" else "text"
    if args.save:
        from core.safe_text import machine_safe

        return _save(args, name, machine_safe(text, kind)[0].encode("utf-8"))
    write_output(text, args.output, args.force, kind)
    return 0


SUFFIXES = {"text": ".txt", "csv": ".csv", "json": ".json", "html": ".html", "pdf": ".pdf"}
ROUND_DOCUMENTS = ("pairings", "alphabetical", "results", "slips")
"""Documents of one round: their file name carries the round asked for (the others the
round the event is at, or the standings and crosstable asked after an earlier round, that
round)."""


def _save_name(args: argparse.Namespace, t) -> str:
    """The file name ``--save`` writes, in the language active now (the report's):
    ``tur-1-siralama.pdf``, ``runde-1-rangliste.txt``, as the TUI's export names it."""
    from core.app.document_names import document_name
    from core.app.exports import default_name

    asked = args.round if args.kind in ("standings", "crosstable") else None  # after that round
    round_no = (args.round or t.current_round) if args.kind in ROUND_DOCUMENTS else asked
    kind = args.kind if args.kind != "ranking" or not args.key else f"ranking-{args.key}"
    return default_name(t, kind, SUFFIXES[args.format], round_no, args.player if args.kind == "card" else None,
                        title=document_name(args.kind))


def _save(args: argparse.Namespace, name: str, data: bytes) -> int:
    """Write into the tournament's folder of the user's exports
    (``~/hakem-exports/ID/tur-3-eslendirme.pdf``) and print the path; an existing file is
    replaced only with ``--force``."""
    from core.app.exports import ExportExists, write_export
    from core.cli.errors import CliError
    from core.cli.common import is_trf_path

    if is_trf_path(args.id):
        raise CliError(_("a TRF file has no export folder: give the file to write with -o FILE"))
    try:
        path = write_export(args.id, name, data, "replace" if args.force else "refuse")
    except ExportExists as error:
        raise CliError(_("{path} already exists; nothing was written (--force replaces it)").format(
            path=error.path)) from error
    print(path)
    return 0


def _setup(args: argparse.Namespace):
    from core.reports.pdf import PageSetup

    orientation = "landscape" if getattr(args, "landscape", False) else args.orientation
    return PageSetup(args.paper, orientation)


def _write_pdf(args: argparse.Namespace, t, view, lang: str) -> int:
    """``--format pdf``: a binary file, so a file name is needed unless stdout is a pipe."""
    import sys

    from core.cli.errors import CliError
    from core.cli.output import write_user_bytes
    from core.cli.report_words import in_report_language
    from core.reports.printing import document, render_pdf

    to_folder = args.save or (not args.output and sys.stdout.isatty())
    if not to_folder and args.output == "-" and sys.stdout.isatty():
        raise CliError(_("a PDF is not for the terminal: give a file with -o FILE.pdf"))

    def made() -> tuple[bytes, str]:
        doc = document(view, args.kind, round_no=args.round, pno=args.player, key=args.key)
        return render_pdf(t, doc, _setup(args)), _save_name(args, t) if to_folder else ""

    pdf, name = in_report_language(lang, made)
    if to_folder:
        return _save(args, name, pdf)  # a PDF is not for the terminal: into the export folder
    if not args.output or args.output == "-":
        sys.stdout.buffer.write(pdf)
        return 0
    write_user_bytes(pdf, args.output, args.force)
    return 0


def _print(args: argparse.Namespace) -> int:
    """``hakem print ID DOC``: the document as PDF to ``lp``; without a printer, where the PDF is."""
    import sys

    from core.cli.common import load_tournament, paired_round
    from core.cli.report_words import in_report_language
    from core.reports.printer import print_pdf
    from core.reports.printing import document, render_pdf
    from core.reports.view import View

    t = load_tournament(args.id)
    paired_round(t, args.round)

    def made() -> tuple[bytes, str, str, str]:
        doc = document(View(t), args.document, round_no=args.round, pno=args.player, key=args.key)
        title = f"{t.name} – {doc.reports[0].title}" if doc.reports else t.name
        return render_pdf(t, doc, _setup(args)), doc.name, title, _print_name(args, t)

    pdf, name, title, saved = in_report_language(_language(args, t), made)
    outcome = print_pdf(pdf, name, args.printer, args.paper, title=title, keep=_kept(args.id, saved))
    print(outcome.message, file=sys.stdout if outcome.printed else sys.stderr)
    return 0 if outcome.printed else 5  # the printing service was not there: a service access (docs/cli.md)


def _print_name(args: argparse.Namespace, t) -> str:
    """The name a PDF no printer took is kept under: the one ``report --save`` gives the same
    document, in the report's language (``tur-1-siralama.pdf``, ``runde-1-rangliste.pdf``)."""
    from core.app.document_names import document_name
    from core.app.exports import default_name

    asked = args.round if args.document in ("standings", "crosstable") else None
    round_no = (args.round or t.current_round) if args.document in ROUND_DOCUMENTS else asked
    kind = args.document if args.document != "ranking" or not args.key else f"ranking-{args.key}"
    return default_name(t, kind, ".pdf", round_no, args.player if args.document == "card" else None,
                        title=document_name(args.document))


def _kept(ref: str, name: str):
    """Where ``hakem print`` keeps a PDF no printer took: the event's export folder (where
    ``report --save`` writes, ``~/hakem-exports/ID/``), replacing an earlier print of the same
    document; a TRF file has no folder (the temporary directory, as before)."""
    from core.cli.common import is_trf_path

    if is_trf_path(ref):
        return None

    def keep(data: bytes) -> str:
        from core.app.exports import write_export

        return str(write_export(ref, name, data, "replace"))

    return keep


def _paper_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paper", choices=PAPERS, default="a4", help=_("paper size of a PDF (default a4)"))
    p.add_argument("--orientation", choices=ORIENTATIONS, default="auto",
                   help=_("page orientation of a PDF (default: landscape only for wide tables)"))


def register(sub: argparse._SubParsersAction) -> None:
    from core.cli.argument_names import translated  # the name the usage line gives the folder

    round_help = _("standings, crosstable: after this round; pairings, results, slips: this round "
                   "(default: the last)")
    p = sub.add_parser("publish", help=_("write the HTML pages into a directory (e.g. a web root)"))
    p.add_argument("id")
    p.add_argument("directory")
    p.add_argument("--watch", action="store_true",
                   help=_("keep running and publish again after every round (Ctrl-C stops)"))
    p.add_argument("--interval", type=float, default=5.0, help=_("seconds between checks with --watch"))
    p.add_argument("--remember", action="store_true",
                   help=_("remember the directory in your own settings: your later changes publish there"))
    p.add_argument("--force", action="store_true",
                   help=_("replace pages in {directory} that an earlier publish did not write").format(
                       directory=translated("directory")))
    p.add_argument("--forget", action="store_true", help=_("forget the remembered publish directory"))
    p.add_argument("--url", help=_("the address the pages are read at: stored, and shown as QR codes "
                                   "on the pages and the printed pairing lists ('' removes it)"))
    report_language_option(p)
    p.set_defaults(func=_publish)
    r = sub.add_parser("report", help=summary("report"))
    r.add_argument("id", help=_("tournament id or TRF file"))
    r.add_argument("kind", choices=DOCUMENTS)
    r.add_argument("--round", type=int, help=round_help)
    r.add_argument("--player", type=int)
    r.add_argument("--key", help=_("playoff key (bracket, timetable), prize group (ranking) or rating system fide|dwz|gor (rating-changes)"))
    r.add_argument("--format", choices=["text", "csv", "json", "html", "pdf"],
                   help=_("default: from the extension of -o FILE, else text"))
    r.add_argument("--landscape", action="store_true", help=_("132 columns (A4 landscape)"))
    r.add_argument("--width", type=int, help=_("text width in columns (e.g. the terminal's)"))
    _paper_options(r)
    r.add_argument("-o", "--output", help=_("write to this file instead of stdout"))
    r.add_argument("--save", action="store_true",
                   help=_("write into the tournament's folder of your exports (~/hakem-exports/ID/"
                          "a name in the report's language, or $HAKEM_EXPORTS) and print the path; a PDF without -o goes there too"))
    r.add_argument("--force", action="store_true", help=_("replace a file of the same name"))
    report_language_option(r)
    r.set_defaults(func=_report)
    pr = sub.add_parser("print", help=summary("print"))
    pr.add_argument("id", help=_("tournament id or TRF file"))
    pr.add_argument("document", choices=DOCUMENTS)
    pr.add_argument("--round", type=int, help=round_help)
    pr.add_argument("--player", type=int)
    pr.add_argument("--key", help=_("playoff key (bracket, timetable), prize group (ranking) or rating system fide|dwz|gor (rating-changes)"))
    pr.add_argument("--printer", help=_("printer name (default: the machine's default printer)"))
    _paper_options(pr)
    report_language_option(pr)
    pr.set_defaults(func=_print, landscape=False)
