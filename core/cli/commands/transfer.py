"""``hakem import FILE.trf|FILE.json|FILE.xml`` and ``hakem export ID --trf|--trf16 [-o FILE]``.

Other formats (--html, --csv, --egd, --opengotha, --tou, ...) are rendered by :mod:`core.reports`;
an OpenGotha XML file is read by :mod:`core.go.opengotha_xml`.
"""

from __future__ import annotations

from core.i18n import _

import argparse
import sys

from core.cli.common import open_desk, open_workspace, show_warnings, write_output
from core.cli.commands.publish import report_language_option
from core.cli.output import add_output_options
from core.errors import TournamentError


def _line_ending(args: argparse.Namespace, flavour: str) -> str:
    """``--line-ending`` (``--crlf`` is CRLF), else the flavour's own
    (:data:`core.reports.export.TRF_LINE_ENDINGS`: CR for TRF-2026) — but LF on a terminal,
    where a CR would draw every line over the one before."""
    from core.reports.export import TRF_LINE_ENDINGS

    if args.crlf:
        return "\r\n"
    if args.line_ending:
        return {"cr": "\r", "lf": "\n", "crlf": "\r\n"}[args.line_ending]
    to_terminal = args.output in (None, "-", "/dev/stdout") and sys.stdout.isatty()
    return "\n" if to_terminal else TRF_LINE_ENDINGS[flavour]


def _import(args: argparse.Namespace) -> int:
    print(show_warnings(open_workspace().import_file(args.file, name=args.name, system=args.system)).value)
    return 0


EXPORT_SUFFIXES = {"trf": ".trf", "csv": ".csv", "json": ".json", "text": ".txt", "tou": ".tou", "opengotha": ".xml"}
"""The formats ``-o FILE`` names by its extension when no format flag is given (as ``report``
and ``standings`` read it): ``-o x.trf`` is TRF-2026."""


def _format_from_name(args: argparse.Namespace) -> None:
    """No format flag: the one ``-o``'s extension names set (an unknown or missing extension
    leaves the choice to the flags' refusal, which lists them)."""
    formats = ("trf", "trf16", "json", "html", "csv", "egd", "rating_commission", "text", "opengotha", "tou")
    if any(getattr(args, f, False) for f in formats) or not args.output:
        return
    from core.cli.errors import CliError
    from core.cli.output import output_format

    try:
        chosen = output_format(None, args.output, EXPORT_SUFFIXES, default="")
    except CliError:
        return
    if chosen:
        setattr(args, chosen, True)


def _written(args: argparse.Namespace) -> None:
    """Say where a file went (nothing when it went to the terminal or a pipe)."""
    from core.cli.output import _standard_fd

    if _standard_fd(args.output) is None:
        print(_("Written to {path}.").format(path=args.output))


def _export(args: argparse.Namespace) -> int:
    t = open_desk(args.id).snapshot().tournament
    _format_from_name(args)
    if args.trf or args.trf16:
        from core.reports.export import trf_export  # ranks (columns 86-89) from the standings

        from core.trf.writer import cut_names

        flavour = "16" if args.trf16 else "2026"
        write_output(trf_export(t, flavour=flavour), args.output, args.force, "trf",
                     _line_ending(args, flavour))
        for warning in cut_names(t):
            print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)
        _written(args)
        return 0
    if args.json:
        import json

        from core.serialize import tournament_to_dict

        write_output(json.dumps(tournament_to_dict(t), ensure_ascii=False, indent=1) + "\n", args.output, args.force, "json")
        _written(args)
        return 0
    formats = ("html", "csv", "egd", "rating_commission", "text", "opengotha", "tou")
    fmt = next((f for f in formats if getattr(args, f, False)), None)
    if fmt is None:
        raise TournamentError(_('choose a format: --trf, --trf16, --html, --csv, --json, --egd, --rating-commission, '
                                '--text, --opengotha, --tou'))
    if args.keep_forfeits and fmt != "egd":
        raise TournamentError(_('--keep-forfeits belongs to the EGD table (--egd)'))
    from core.app.report_language import report_language
    from core.cli.report_words import in_report_language
    from core.i18n import current_language
    from core.reports.export import export_text, html_pages, write_pages

    # people's formats in --report-lang, else the tournament's, else the organiser's; the
    # messages stay the organiser's (core.cli.report_words)
    lang = report_language(t, args.report_lang) if fmt in ("html", "text") else current_language()
    if fmt == "html":
        if not args.output or args.output == "-":
            raise TournamentError(_('--html writes a set of pages: give a directory with -o DIR'))
        pages = in_report_language(lang, lambda: html_pages(t))
        write_pages(pages, args.output, args.force)
        # a folder of pages, said as publish says it (not "written to the file DIR")
        print(_("{count} pages written to {directory}").format(count=len(pages), directory=args.output))
        return 0
    else:
        kind = "trf" if fmt in ("egd", "rating_commission", "tou") else "text"
        made = in_report_language(lang, lambda: export_text(t, fmt, keep_forfeits=args.keep_forfeits))
        write_output(made, args.output, args.force, kind)
        if t.system == "mcmahon":
            from core.gorender.export_warnings import go_export_warnings

            for warning in go_export_warnings(t, fmt):
                print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)
    _written(args)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    im = sub.add_parser("import", help=_("create a tournament from a TRF, hakem JSON or OpenGotha XML file; "
                                          "prints its id"))
    im.add_argument("file")
    im.add_argument("--name")
    im.add_argument("--system")
    im.set_defaults(func=_import)
    ex = sub.add_parser("export", help=_("export a tournament (TRF, HTML, CSV, ...)"))
    ex.add_argument("id")
    add_output_options(ex, _("the file to write (a directory for --html)"))
    ex.add_argument("--trf", action="store_true", help=_("TRF-2026"))
    ex.add_argument("--trf16", action="store_true", help=_("TRF16 with XXR/XXC/BB*/XXP"))
    ex.add_argument("--crlf", action="store_true", help=_("CRLF line endings (as --line-ending crlf)"))
    ex.add_argument("--line-ending", choices=["cr", "lf", "crlf"],
                    help=_("how TRF lines end; default CR for TRF-2026 (its Remark 1), LF for TRF16 (as the "
                           "pairing engines read it) and on a terminal"))
    for f in ("html", "csv", "json", "egd", "text"):
        ex.add_argument(f"--{f}", action="store_true")
    ex.add_argument("--rating-commission", dest="rating_commission", action="store_true")
    ex.add_argument("--opengotha", action="store_true",
                    help=_("OpenGotha's XML tournament file (a McMahon event: players, games, byes, parameters)"))
    ex.add_argument("--tou", action="store_true", help=_("the FFG results file (.tou) as OpenGotha writes it"))
    ex.add_argument("--keep-forfeits", dest="keep_forfeits", action="store_true",
                    help=_("--egd: keep games won by forfeit (N+!w1) instead of writing 0= (OpenGotha's choice)"))
    report_language_option(ex)
    ex.set_defaults(func=_export)
