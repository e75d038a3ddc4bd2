"""``hakem standings (ID | FILE.trf) [--tiebreaks "DE,BH/C1,SB"] [--regime legacy|2024|2026]
[--format text|json|csv|html]`` — the ranking, with the regime and list stated.

Formats follow docs/cli.md "Machine-readable outputs": CSV header ``rank,pno,name,points,<code>…``
with each code exactly as given; JSON ``{"regime", "tiebreaks", "players": [{"rank", "pno",
"name", "points", "tiebreaks": {code: value}}]}`` with exact decimals as strings.
``--explain PNO`` prints the contributions behind every value of one participant instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

from core.cli.output import add_output_options
from core.cli.common import (
    is_trf_path,
    load_tournament,
    paired_round,
    print_json,
    read_text_file,
    write_output,
)
from core.i18n import _
from core.i18n.terms import regime_line
from core.standings import (
    as_csv_rows,
    as_json,
    as_text,
    compute_standings,
)
from core.tiebreaks.presets import PRESETS
from core.tiebreaks.values import format_value


def _html(s) -> str:
    import html  # late: the text table, the usual output, needs none of it

    rows = as_csv_rows(s)
    out = ["<table class=\"standings\">",
           f"<caption>{html.escape(regime_line(s.regime.value))}</caption>",
           "<thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in rows[0]) + "</tr></thead>", "<tbody>"]
    for r in rows[1:]:
        out.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out) + "\n"


def _explain(t, s, pno: int, fmt: str, output, force: bool) -> int:
    from core.standings import explain_row

    items = explain_row(t, s, pno)
    if fmt == "json":
        print_json({"pno": pno, "regime": s.regime.value, "explanations": [
            {"code": e.code, "name": e.name, "value": format_value(e.value), "notes": list(e.notes),
             "contributions": [{"round": c.round, "opponent": c.opponent, "value": format_value(c.value),
                                "basis": c.basis, "cut": c.cut, "reason": c.reason} for c in e.contributions]}
            for e in items]})
        return 0
    names = {p.pno: p.name for p in t.players}
    text = "\n".join(line for e in items for line in e.lines(names)) + "\n"
    write_output(text, output, force)
    return 0


FORMAT_SUFFIXES = {"text": ".txt", "json": ".json", "csv": ".csv", "html": ".html"}


def _run(args: argparse.Namespace) -> int:
    from core.cli.output import output_format

    args.format = output_format(args.format, args.output, FORMAT_SUFFIXES)
    t = load_tournament(args.ref)
    paired_round(t, args.round)
    notes: list[str] = []
    if args.preset:
        codes = PRESETS[args.preset].codes
    elif args.tiebreaks is not None:
        codes = tuple(c for c in args.tiebreaks.replace(",", " ").split() if c)
        from core.tiebreaks.codes import parse_list

        parse_list(codes, max(t.total_rounds, len(t.rounds)))  # typed twice, or a cut of every round: refused as in `hakem new`
    else:
        codes = None
        if is_trf_path(args.ref) and not t.tiebreaks:
            from core.trf.reader import codes_from_trf

            known, unknown = codes_from_trf(read_text_file(args.ref))
            codes = known or None
            notes = [_("{code}: this tie-break of the TRF list is not known and was left out.").format(code=code)
                     for code in unknown]
    team = True if args.team else (False if args.individual else None)
    s = compute_standings(t, codes, regime=args.regime, upto=args.round, ties=args.ties,
                          withdrawn=args.withdrawn, team=team, team_primary=args.team_primary)
    if notes:
        s = dataclasses.replace(s, warnings=s.warnings + tuple(notes))
    if args.explain is not None:
        return _explain(t, s, args.explain, args.format, args.output, args.force)
    if args.format == "text" and t.system == "knockout" and codes is None and args.round is None and team is not True:
        # a cup ranks by the stage reached: its text says the stage and the latest match, as
        # the printed report and the screen do, not Swiss points and Buchholz (machine formats
        # keep their fixed layout)
        from core.reports import View, build
        from core.reports.render import to_text

        write_output(to_text(build(View(t), "standings")) + "\n", args.output, args.force)
        return 0
    if args.format == "json":
        if args.output and args.output != "-":
            import json

            write_output(json.dumps(as_json(s), ensure_ascii=False, indent=2) + "\n", args.output, args.force, "json")
        else:
            print_json(as_json(s))
    elif args.format == "csv":
        # the CSV layout is fixed (docs/cli.md), so the regime and warnings go to stderr
        print(regime_line(s.regime.value),
              file=sys.stderr)
        for warning in s.warnings:
            print(_("Warning: {warning}").format(warning=warning), file=sys.stderr)
        from core.safe_text import csv_text

        write_output(csv_text(as_csv_rows(s)), args.output, args.force)
    elif args.format == "html":
        write_output(_html(s), args.output, args.force)
    else:
        write_output(as_text(s) + "\n", args.output, args.force)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("standings", help=_("standings with tie-breaks (from the store or a TRF file)"))
    p.add_argument("ref", metavar="ID|FILE.trf")
    p.add_argument("--tiebreaks", help=_('ordered list, e.g. "DE,BH/C1,SB,AOB,WIN" (default: the tournament\'s)'))
    p.add_argument("--preset", choices=sorted(PRESETS), help=_("a named tie-break list"))
    p.add_argument("--regime", choices=["legacy", "2024", "2026"],
                   help=_("unplayed-round rules (default: by the tournament's start date)"))
    p.add_argument("--format", choices=list(FORMAT_SUFFIXES), help=_("default: from the extension of -o FILE, else text"))
    from core.cli.worded import ties_words, withdrawn_words

    ties, withdrawn = ties_words(), withdrawn_words()
    p.add_argument("--ties", type=ties, metavar=ties.metavar, default="shared",
                   help=_("what to do with ties left after the list: {choices}").format(choices=ties.listed()))
    p.add_argument("--withdrawn", type=withdrawn, metavar=withdrawn.metavar, default="auto",
                   help=_("withdrawn players: {choices}").format(choices=withdrawn.listed()))
    p.add_argument("--round", type=int, help=_("standings after this round"))
    p.add_argument("--team", action="store_true", help=_("rank teams"))
    p.add_argument("--individual", action="store_true", help=_("rank players even in a team event"))
    p.add_argument("--team-primary", choices=["MP", "GP"], help=_("team events: match points (default) or game points first"))
    p.add_argument("--explain", type=int, metavar="PNO", help=_("show the contributions for one participant"))
    add_output_options(p)
    p.set_defaults(func=_run)
