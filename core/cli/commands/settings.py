"""``hakem settings ID [--federation FED] [--end DATE] [--deputy NAME]… [...]`` — the event's
data, shown or changed at any time.

Why: the rating report (TRF-2026's header records 012–222) needs the federation (032), the
end date (052), the arbiters (102, 112) and the time control (122, 222); an event created
without them — in the TUI, or by ``hakem new NAME`` alone — must be completed later, not
re-created.  Without a change option the fields are listed with their TRF record numbers.
Every change goes through the same checks as ``hakem new`` (dates, a FIDE federation code,
the 222 encoding) and is one step of the journal.
"""

from __future__ import annotations

import argparse

from core.cli.common import open_desk, print_json, show_warnings
from core.i18n import _

FIELDS = (("012", "name", "--name"), ("022", "place", "--place"), ("032", "federation", "--federation"),
          ("042", "start_date", "--start"), ("052", "end_date", "--end"), ("092", "trf_type", "--type"),
          ("102", "chief_arbiter", "--arbiter"), ("112", "deputy_arbiters", "--deputy"),
          ("122", "time_control", "--time-control"), ("142", "total_rounds", "--rounds"),
          ("222", "time_control_code", "--time-control-code"))
"""(TRF record, setting, option) of every event field a rating report carries."""


def _changes(args: argparse.Namespace) -> dict[str, object]:
    """The settings the options name (``trf_type`` is ``options["trf_type"]``: added by
    :func:`run` to the event's options)."""
    changes: dict[str, object] = {}
    for _record, key, _option in FIELDS:
        value = getattr(args, key)
        if value is not None:
            changes[key] = value
    if args.no_deputies:
        changes["deputy_arbiters"] = ()
    elif "deputy_arbiters" in changes:
        changes["deputy_arbiters"] = tuple(args.deputy_arbiters)  # the core trims and refuses a blank one
    return changes


def _shown(t) -> list[tuple[str, str, object]]:
    """(record, setting, value) of every field, as stored."""
    values = {key: getattr(t, key, None) for _r, key, _o in FIELDS}
    values["trf_type"] = str((t.options or {}).get("trf_type", ""))
    return [(record, key, values[key]) for record, key, _option in FIELDS]


def run(args: argparse.Namespace) -> int:
    desk = open_desk(args.id)
    changes = _changes(args)
    if changes:
        t = desk.snapshot().tournament
        if "trf_type" in changes:  # record 092 (free text) lives among the options
            kind = str(changes.pop("trf_type")).strip()
            options = {k: v for k, v in dict(t.options).items() if k != "trf_type"}
            changes["options"] = {**options, **({"trf_type": kind} if kind else {})}
        show_warnings(desk.change_settings(changes))
    t = desk.snapshot().tournament
    rows = _shown(t)
    if args.format == "json":
        print_json({key: list(value) if isinstance(value, tuple) else value for _record, key, value in rows})
        return 0
    if changes:
        return 0
    labels = _labels()
    wide = max(len(label) for label in labels.values())
    for record, key, value in rows:
        shown = "; ".join(value) if isinstance(value, tuple) else str(value)
        print(f"{record}  {labels[key]:<{wide}}  {shown}".rstrip())
    return 0


def _labels() -> dict[str, str]:
    """The fields' names in the user's language (the words of ``hakem check --report``)."""
    return {"name": _("name"), "place": _("city"), "federation": _("federation"), "start_date": _("start date"),
            "end_date": _("end date"), "trf_type": _("type of tournament"), "chief_arbiter": _("chief arbiter"),
            "deputy_arbiters": _("deputy arbiters"), "time_control": _("time control"),
            "total_rounds": _("rounds"), "time_control_code": _("time-control code")}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("settings", help=_("show or change the event's data (federation, dates, arbiters, time "
                                          "control …: the TRF header)"))
    p.add_argument("id")
    p.add_argument("--name", help=_("the tournament's name (TRF 012)"))
    p.add_argument("--place", help=_("city (TRF 022)"))
    p.add_argument("--federation", help=_("the organising federation, a FIDE code such as TUR (TRF 032)"))
    p.add_argument("--start", dest="start_date", help=_("start date YYYY-MM-DD (TRF 042)"))
    p.add_argument("--end", dest="end_date", help=_("end date YYYY-MM-DD (TRF 052)"))
    p.add_argument("--type", dest="trf_type", help=_("type of tournament, free text (TRF 092)"))
    p.add_argument("--arbiter", dest="chief_arbiter", help=_("chief arbiter (TRF 102)"))
    p.add_argument("--deputy", dest="deputy_arbiters", action="append", metavar="NAME",
                   help=_("a deputy chief arbiter (TRF 112); repeat for each; replaces the list"))
    p.add_argument("--no-deputies", action="store_true", help=_("remove every deputy arbiter"))
    p.add_argument("--time-control", help=_('time control as text, e.g. "90 min + 30 s" (TRF 122)'))
    p.add_argument("--time-control-code", metavar="CODE",
                   help=_("time control in the TRF-2026 encoding, e.g. 5400+30 (TRF 222)"))
    p.add_argument("--rounds", dest="total_rounds", type=int, help=_("number of rounds (TRF 142)"))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)
