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
from core.i18n import _, pgettext

FIELDS = (("012", "name", "--name"), ("022", "place", "--place"), ("032", "federation", "--federation"),
          ("042", "start_date", "--start"), ("052", "end_date", "--end"), ("092", "trf_type", "--type"),
          ("102", "chief_arbiter", "--arbiter"), ("112", "deputy_arbiters", "--deputy"),
          ("122", "time_control", "--time-control"), ("142", "total_rounds", "--rounds"),
          ("152", "initial_colour", "--initial-colour"), ("162", "points", "--points"),
          ("172", "rank_method", "--rank-method"), ("182", "controller", "--controller"),
          ("222", "time_control_code", "--time-control-code"))
"""(TRF record, setting, option) of every event field a rating report carries.  Record 132
(the round dates) is set round by round with ``hakem round schedule ID N --date``."""

_KEPT = ("rank_method", "controller")
"""Settings kept as text among the options (:mod:`core.trf.kept`): 172, 182."""


def _changes(args: argparse.Namespace) -> dict[str, object]:
    """The settings the options name (``trf_type`` is ``options["trf_type"]``: added by
    :func:`run` to the event's options)."""
    changes: dict[str, object] = {}
    for _record, key, _option in FIELDS:
        value = getattr(args, key)
        if value is not None:
            changes[key] = value
    if args.language is not None:
        from core.errors import TournamentError
        from core.i18n import LANGUAGES, normalise_language

        language = normalise_language(args.language)
        if language is None:
            raise TournamentError(_("--language {value!r}: use one of {known}").format(
                value=args.language, known=", ".join(LANGUAGES)))
        changes["language"] = language
    if args.withdrawn_points is not None:
        changes["withdrawn_points"] = args.withdrawn_points
    if args.no_deputies:
        changes["deputy_arbiters"] = ()
    elif "deputy_arbiters" in changes:
        changes["deputy_arbiters"] = tuple(args.deputy_arbiters)  # the core trims and refuses a blank one
    if "initial_colour" in changes:
        from core.model import Colour

        changes["initial_colour"] = Colour.WHITE if changes["initial_colour"] == "white" else Colour.BLACK
    if "points" in changes:
        from core.cli.commands.new import parse_point_system

        changes["points"] = parse_point_system(str(changes["points"]))
    return changes


def _check_after_round_1(t, changes: dict[str, object]) -> None:
    """The point system (162) and a drawn initial colour (152) stay once round 1 is paired:
    the pairings used them.  An initial colour never recorded (an event read from a file
    without 152) may still be given."""
    from core.errors import TournamentError

    if not t.current_round:
        return
    if "points" in changes:
        raise TournamentError(_('--points: the point system cannot change after round 1 was paired '
                                '(the pairings used it)'))
    colour = changes.get("initial_colour")
    if colour is not None and t.initial_colour is not None and colour != t.initial_colour:
        raise TournamentError(_('--initial-colour: the initial colour cannot change after round 1 was paired '
                                '(the pairings used it)'))


def _options(t, changes: dict[str, object]) -> dict[str, object] | None:
    """The event's options with the text settings among ``changes`` (092, 172, 182) set in
    them (removed from ``changes``); ``None`` when none is changed."""
    from core.trf.kept import with_texts

    texts = {key: str(changes.pop(key)) for key in ("trf_type", *_KEPT) if key in changes}
    return with_texts(t.options, texts) if texts else None


def _withdrawn_points(t, options: dict[str, object] | None, reading: str) -> dict[str, object]:
    """The options with the round robin's reading of a withdrawal under 50 % (``keep``, Aktar
    p. 61, is the default and is not stored; ``annul`` is FIDE's, C.06 (2011) Art. 5.4)."""
    from core.errors import TournamentError
    from core.tiebreaks.context import ROUND_ROBIN_SYSTEMS

    if t.system not in ROUND_ROBIN_SYSTEMS:
        raise TournamentError(_("--withdrawn-points: only a round robin ranks withdrawn players by the 50 % rule; "
                                "this event is {system}").format(system=t.system))
    kept = {k: v for k, v in dict(t.options if options is None else options).items() if k != "withdrawn_points"}
    return {**kept, "withdrawn_points": reading} if reading != "keep" else kept


def _shown(t) -> list[tuple[str, str, object]]:
    """(record, setting, value) of every field, as stored (the colour as ``white``/``black``,
    the points as ``--points`` takes them: win, draw, loss, PAB)."""
    from core.model import Colour

    values = {key: getattr(t, key, None) for _r, key, _o in FIELDS}
    values["initial_colour"] = {Colour.WHITE: "white", Colour.BLACK: "black"}.get(t.initial_colour, "")
    ps = t.points
    values["points"] = ",".join(f"{float(v):g}" for v in (ps.win, ps.draw, ps.loss, ps.pab))
    from core.trf.kept import kept_texts

    values.update(kept_texts(t.options or {}))
    from core.tiebreaks.context import ROUND_ROBIN_SYSTEMS

    rows = [*((record, key, values[key]) for record, key, _option in FIELDS), ("", "language", t.language)]
    if t.system in ROUND_ROBIN_SYSTEMS:
        rows.append(("", "withdrawn_points", str(t.options.get("withdrawn_points") or "keep")))
    return rows


def run(args: argparse.Namespace) -> int:
    desk = open_desk(args.id)
    changes = _changes(args)
    if changes.get("time_control_code"):
        from core.cli.commands.new import warn_seconds

        warn_seconds(str(changes["time_control_code"]))
    before = desk.snapshot().tournament
    if changes:
        t = before
        _check_after_round_1(t, changes)
        if "points" in changes and t.system == "double-swiss":  # the PAB and byes per match (C.04.5)
            from core.cli.commands.new import points_given
            from core.pairing.doubleswiss.state import match_points

            changes["points"] = match_points(changes["points"], explicit_pab=points_given(args.points) == 4)  # type: ignore[arg-type]  # `changes` holds values of several types; this key holds a PointSystem
        options = _options(t, changes)  # records 092, 172, 182 (free text) live among the options
        if "withdrawn_points" in changes:
            options = _withdrawn_points(t, options, str(changes.pop("withdrawn_points")))
        if options is not None:
            changes["options"] = options
        show_warnings(desk.change_settings(changes))
    t = desk.snapshot().tournament
    rows = _shown(t)
    if args.format == "json":
        print_json({key: list(value) if isinstance(value, tuple) else value for _record, key, value in rows})
        return 0
    if changes:
        print(_changed(before, t, rows))
        return 0
    labels = _labels()
    wide = max(len(label) for label in labels.values())
    for record, key, value in rows:
        print(f"{record:>3}  {labels[key]:<{wide}}  {_shown_text(t, key, value)}".rstrip())
    return 0


def _changed(before, after, rows: list[tuple[str, str, object]]) -> str:
    """The one line a change says: each setting that changed, old → new, in the words and forms
    the settings are shown in (``time control: 90+30 → 90 Min./40 Züge + 30 Min. + 30 Sek.``);
    the values typed that were the event's already, that nothing changed."""
    labels = _labels()
    old = {key: _shown_text(before, key, value) for _record, key, value in _shown(before)}
    changed = [f"{labels[key]}: {old.get(key) or '–'} → {_shown_text(after, key, value) or '–'}"
               for _record, key, value in rows if _shown_text(after, key, value) != old.get(key)]
    if not changed:
        return _("Nothing changed: the event has these settings already")
    return _("Settings changed: {changes}").format(changes="; ".join(changed))


def _shown_text(t, key: str, value: object) -> str:
    """A field as the reader writes it: dates and points in the language's form ("07.12.2026",
    "1; ½; 0; 1" in German, where "1,0.5,0,1" mixed the list's and the decimals' commas), the
    colour in words, a time control typed with its units in the reader's abbreviations; what ``--start``/``--points`` take is in their help."""
    from core.i18n.format import format_date, format_points, language_name
    from core.i18n.terms import colour_name

    if key in ("start_date", "end_date") and value:
        try:
            return format_date(str(value))
        except ValueError:  # a date kept as the TRF gave it
            return str(value)
    if key == "points":
        ps = t.points
        return "; ".join(format_points(v) for v in (ps.win, ps.draw, ps.loss, ps.pab))
    if key == "initial_colour" and value:
        return colour_name(str(value))
    if key == "withdrawn_points":  # the word --withdrawn-points takes, in the reader's language
        from core.cli.worded import withdrawn_points_words

        word = withdrawn_points_words().words["annul" if value == "annul" else "keep"]
        return (_("{word}: the points scored by or against them do not count (FIDE)") if value == "annul" else
                _("{word}: their opponents keep the points (Aktar p. 61)")).format(word=word)
    if key == "language" and value:  # "Türkisch", not "tr"
        return language_name(str(value))
    if key == "time_control" and value:  # "15 мин + 10 с" read in German: "15 Min. + 10 Sek."
        from core.i18n.clock import clock_words

        return clock_words(str(value)) or str(value)
    return "; ".join(value) if isinstance(value, tuple) else str(value)


def _labels() -> dict[str, str]:
    """The fields' names in the user's language (the words of ``hakem check --report``)."""
    return {"name": pgettext("event", "name"), "place": pgettext("event", "place"), "federation": _("federation"), "start_date": _("start date"),
            "end_date": _("end date"), "trf_type": _("type of tournament"), "chief_arbiter": _("chief arbiter"),
            "deputy_arbiters": _("deputy arbiters"), "time_control": _("time control"),
            "total_rounds": _("rounds"), "time_control_code": _("time-control code"),
            "initial_colour": _("initial colour"), "points": _("points (win, draw, loss, PAB)"),
            "rank_method": _("starting-rank method"), "controller": _("pairing controller"),
            "language": _("language of the reports"),
            "withdrawn_points": _("withdrawn under 50 %")}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("settings", help=_("show or change the event's data (federation, dates, arbiters, time "
                                          "control …: the TRF header)"))
    p.add_argument("id")
    p.add_argument("--name", help=_("the tournament's name (TRF 012)"))
    p.add_argument("--place", help=_("the place the event is played (TRF 022)"))
    p.add_argument("--federation", help=_("the organising federation, a FIDE code such as TUR (TRF 032)"))
    p.add_argument("--start", dest="start_date", help=_("start date DD.MM.YYYY or YYYY-MM-DD (TRF 042)"))
    p.add_argument("--end", dest="end_date", help=_("end date DD.MM.YYYY or YYYY-MM-DD (TRF 052)"))
    p.add_argument("--type", dest="trf_type", help=_("type of tournament, free text (TRF 092)"))
    p.add_argument("--arbiter", dest="chief_arbiter", help=_("chief arbiter (TRF 102)"))
    p.add_argument("--deputy", dest="deputy_arbiters", action="append", metavar="NAME",
                   help=_("a deputy chief arbiter (TRF 112); repeat for each; replaces the list"))
    p.add_argument("--no-deputies", action="store_true", help=_("remove every deputy arbiter"))
    p.add_argument("--time-control", help=_('time control as text, e.g. "90 min + 30 s" (TRF 122)'))
    p.add_argument("--time-control-code", metavar="CODE",
                   help=_("time control in the TRF-2026 encoding, e.g. 5400+30 (TRF 222)"))
    p.add_argument("--rounds", dest="total_rounds", type=int, help=_("number of rounds (TRF 142)"))
    from core.cli.worded import colour_words

    colours = colour_words()
    p.add_argument("--initial-colour", type=colours, metavar=colours.metavar,
                   help=_("colour of the top player in round 1 (TRF 152): {choices}").format(choices=colours.listed()))
    p.add_argument("--points", metavar="W,D,L[,PAB]",
                   help=_("points for a win, draw, loss and pairing-allocated bye, before round 1 (TRF 162)"))
    p.add_argument("--rank-method", metavar="TEXT",
                   help=_('starting-rank method, e.g. "TUR FIDE" (TRF 172; empty to clear)'))
    p.add_argument("--controller", metavar="ID", help=_("pairing controller's id (TRF 182; empty to clear)"))
    p.add_argument("--language", metavar="LANG",
                   help=_("the event's language: its published pages and reports (en, tr, de, ru)"))
    from core.cli.worded import withdrawn_points_words

    kept = withdrawn_points_words()
    p.add_argument("--withdrawn-points", type=kept, metavar=kept.metavar,
                   help=_("round robin: the points scored against a player who withdrew before completing half "
                          "of the games: {choices} (keep: Aktar p. 61, the default; annul: FIDE)").format(
                              choices=kept.listed()))
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run)
