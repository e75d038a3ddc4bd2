"""``hakem go …`` — Go commands (Gamma scheme and McMahon): cards, table, results, exports.

Pairing uses the generic ``hakem round pair ID`` (``gamma`` and ``mcmahon`` are in the
registry); these commands cover what only Go needs (cards, levels and refusals are Gamma's;
table, result, settings and export serve both):

    hakem go players ID [--format text|json]      ranks (kyu/dan), start and current levels
    hakem go card ID PNO                          one participant card
    hakem go table ID [--plain]                   the tournament table in the Gamma procedure's format
    hakem go result ID ROUND BOARD WINNER [--white PNO] [--forfeit | --both-absent | --jigo]
    hakem go refuse ID PNO ROUND [--cancel]       a player refuses a round not yet paired
    hakem go settings ID [--komi K] [--nominal-time T] [--egd-class C] [--nigiri-seed S]
                         [--mm-bar 4d --mm-floor 20k --mm-correction 1 --mm-ceiling 9 ...]
    hakem go export ID (--rating-commission | --egd) [-o FILE]
"""

from __future__ import annotations

import argparse
import sys

from core.cli.common import open_desk, print_json, show_warnings, write_output
from core.cli.output import add_output_options
from core.errors import TournamentError
from core.gorender.export import egd_h9_export, rating_commission_export
from core.go.summary import player_go_data, top_group_data
from core.gorender.render import render_card, render_table
from core.i18n import N_, _
from core.model import Tournament

MM_FLAGS: dict[str, str] = {
    "bar": N_("McMahon bar: players at or above this rank start on its MMS (default 4d)"),
    "floor": N_("McMahon floor: players at or below this rank start on its MMS (default 20k)"),
    "correction": N_("handicap = MMS difference minus this (-1 to 3, default 1)"),
    "ceiling": N_("most handicap stones (0 to 9, default 9)"),
    "handicap_bar": N_("no handicap between players at or above this rank (default 1d; none)"),
    "seeding": N_("inside a score group: slip (default), fold or random"),
    "early_seeding": N_("seeding of the first rounds (see --mm-early-rounds)"),
    "early_rounds": N_("how many first rounds use --mm-early-seeding (default 2, as OpenGotha)"),
    "bye_points": N_("MMS for the bye: 0, 0.5 or 1 (default 1)"),
    "absent_points": N_("MMS for an absent round: 0, 0.5 or 1 (default 0.5)"),
    "club_gap": N_("avoid club mates as if they were this many MMS apart (default 3; 0 off)"),
    "country_gap": N_("the same for compatriots (default 1; 0 off)"),
    "geo_rounds": N_("rounds in which clubs and countries are kept apart (default 0: all)"),
    "balance_wb": N_("OpenGotha weight: balance White and Black in even games (default 1000000)"),
    "minimize_score_difference": N_("OpenGotha weight: keep the MMS difference small (default 100000000000)"),
    "dudd_weight": N_("OpenGotha weight: draw-ups and draw-downs (default 100000000)"),
    "compensate_dudd": N_("a draw-down may make up for an earlier draw-up and back: yes (default) or no"),
    "maximize_seeding": N_("OpenGotha weight: seeding inside a score group (default 5000000)"),
    "handicap_basis": N_("the handicap counts the MMS (default, as OpenGotha) or the rank: mms or rank"),
    "count_not_played_as_half": N_("in SOS, opponents' rounds without a played game count ½ point: yes or no (default)"),
    "minimize_handicap": N_("OpenGotha weight: keep handicaps small (default 0 in McMahon)"),
    "bar_threshold": N_("players starting at the bar are exempt from --mm-minimize-handicap: yes (default) or no"),
    "rank_threshold": N_("players whose rank plus wins reach this rank are exempt from it (default 1d)"),
    "nbw_threshold": N_("players who won as many games as there are rounds are exempt from it: yes or no (default)"),
    "club_groups": N_("OpenGotha's clubs groups, kept apart less than unrelated clubs: 'Paris area: Paris, "
                      "Versailles; Berlin, Potsdam'"),
    "avoid_same_geo": N_("OpenGotha weight: keep club mates and compatriots apart (default 100000000000)"),
    "categories": N_("OpenGotha's categories by their lower limits, strongest first: '5k, 15k' makes three"),
    "avoid_mixing_categories": N_("OpenGotha weight: keep categories apart (default 0 in McMahon)"),
}
"""The McMahon options settable from the command line (``--mm-KEY``), with their help."""


GO_SYSTEMS = ("gamma", "mcmahon")


def _load(tid: str, systems: tuple[str, ...] = ("gamma",)) -> Tournament:
    t = open_desk(tid).snapshot().tournament
    if t.system not in systems:
        raise TournamentError(_("tournament {tid!r} uses the {system!r} system, not {wanted}").format(
            tid=tid, system=t.system, wanted=" or ".join(systems)))
    return t


def players_json(t: Tournament) -> dict:
    """Players with Go data: ``rank`` (kyu/dan), ``start_level``, ``level`` (current)."""
    data = player_go_data(t)
    return {"top_group": top_group_data(t),
            "players": [{"pno": p.pno, "name": p.name, "rating": data[p.pno]["go_rating"],
                         "rank": data[p.pno]["rank"], "start_level": data[p.pno]["start_level"],
                         "level": data[p.pno]["level"]}
                        for p in sorted(t.players, key=lambda p: p.pno)]}


def _players(args: argparse.Namespace) -> int:
    t = _load(args.id, GO_SYSTEMS)
    if t.system == "mcmahon":
        return _mcmahon_players(t, args.format)
    data = players_json(t)
    if args.format == "json":
        print_json(data)
        return 0
    if data["top_group"]:
        g = data["top_group"]
        print(_("Top group: ranks {value}..{value2}, level {value3}, {value4} players").format(value=g['ranks'][0], value2=g['ranks'][-1], value3=g['level'], value4=g['size']))
    for p in data["players"]:
        print(f"{p['pno']:>4}  {p['name']:<28} {p['rating']:>5} {p['rank']:>4}  "
              f"start {p['start_level']:>3}  level {p['level']:>3}")
    return 0


def _mcmahon_players(t: Tournament, fmt: str) -> int:
    """Rank, initial MMS (rank between floor and bar) and current MMS of every player."""
    data = player_go_data(t)
    rows = [{"pno": p.pno, "name": p.name, "rank": data[p.pno]["rank"],
             "start_mms": data[p.pno]["start_mms"], "mms": data[p.pno]["mms"]}
            for p in sorted(t.players, key=lambda p: p.pno)]
    if fmt == "json":
        print_json({"players": rows})
        return 0
    for r in rows:
        print(_("{pno:>4}  {name:<28} {rank:>4}  initial MMS {start:>3}  MMS {mms:>4}").format(
            pno=r["pno"], name=r["name"], rank=r["rank"], start=r["start_mms"], mms=r["mms"]))
    return 0


def _gamma_only(tid: str, mcmahon_way: str) -> Tournament:
    """The event of a Gamma-scheme command; a McMahon event is told what it uses instead."""
    t = open_desk(tid).snapshot().tournament
    if t.system == "mcmahon":
        raise TournamentError(mcmahon_way.format(id=tid))
    return _load(tid)


def _card(args: argparse.Namespace) -> int:
    t = _gamma_only(args.id, _("the participant card belongs to the Gamma scheme; a McMahon event shows its players' "
                               "MMS with hakem go players {id} and their rounds with hakem go table {id}"))
    print(render_card(t, args.pno), end="")
    return 0


def _table(args: argparse.Namespace) -> int:
    t = _load(args.id, GO_SYSTEMS)
    if t.system == "mcmahon":
        from core.gorender.mcmahon_render import render_mcmahon_table

        print(render_mcmahon_table(t), end="")
    else:
        print(render_table(t, aligned=not args.plain), end="")
    return 0


def _result(args: argparse.Namespace) -> int:
    """A Go result; a different one already on the board is replaced only with ``--correct``
    (as ``hakem result``)."""
    from core.cli.commands.result import without_overwrite

    desk = open_desk(args.id)
    show_warnings(without_overwrite(
        lambda seen: desk.enter_go_result(args.round, args.board, args.winner, args.white, args.forfeit,
                                          args.both_absent, args.jigo, seen=seen),
        desk.snapshot().tournament, args.round, args.board, args.correct))
    return 0


def _refuse(args: argparse.Namespace) -> int:
    _gamma_only(args.id, _("a refusal belongs to the Gamma scheme; in a McMahon event a player who will not play a "
                           "round has a zero-point bye: hakem players bye {id} PNO --round N"))
    show_warnings(open_desk(args.id).go_refusal(args.pno, args.round, cancel=args.cancel))
    return 0


def mcmahon_updates(args: argparse.Namespace) -> dict[str, str]:
    """The ``--mm-*`` flags given (shared by ``hakem new`` and ``hakem go settings``)."""
    return {key: str(getattr(args, "mm_" + key)) for key in MM_FLAGS
            if getattr(args, "mm_" + key, None) is not None}


def add_mcmahon_flags(p: argparse.ArgumentParser) -> None:
    """``--mm-bar``, ``--mm-floor`` … (see :mod:`core.go.mcmahon_options` for their values)."""
    for key, text in MM_FLAGS.items():
        p.add_argument("--mm-" + key.replace("_", "-"), dest="mm_" + key, help=_(text))


def _settings(args: argparse.Namespace) -> int:
    t0 = _load(args.id, GO_SYSTEMS)
    updates = {k: v for k, v in (("komi", args.komi), ("nominal_time", args.nominal_time),
                                 ("egd_class", args.egd_class), ("nigiri_seed", args.nigiri_seed))
               if v is not None}
    mm = mcmahon_updates(args)
    if mm and t0.system != "mcmahon":
        raise TournamentError(_("the --mm-… settings are for McMahon events (--system mcmahon)"))
    updates.update(mm)
    t = show_warnings(open_desk(args.id).change_go_settings(updates, confirmed=args.force)).tournament if updates else t0
    print_json(dict(t.options.get("go") or {}))
    return 0


def _export(args: argparse.Namespace) -> int:
    t = _load(args.id, GO_SYSTEMS if args.egd else ("gamma",))
    if t.system == "mcmahon":
        from core.gorender.mcmahon_export import mcmahon_h9_export

        text = mcmahon_h9_export(t)
        from core.gorender.export_warnings import go_export_warnings

        warnings = go_export_warnings(t, "egd")
    else:
        text = egd_h9_export(t) if args.egd else rating_commission_export(t)
        warnings = []
    write_output(text, args.output, args.force, "trf")  # fixed columns: ASCII ? for a control character
    for warning in warnings:
        print(_("hakem: warning: {warning}").format(warning=warning), file=sys.stderr)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("go", help=_("Go tournaments (Gamma, McMahon): cards, table, results, exports"))
    gs = p.add_subparsers(dest="go_command", metavar="ACTION", parser_class=type(p))

    pl = gs.add_parser("players", help=_("ranks and levels (McMahon: initial MMS and MMS)"))
    pl.add_argument("id")
    pl.add_argument("--format", choices=["text", "json"], default="text")
    pl.set_defaults(func=_players)

    ca = gs.add_parser("card", help=_("Gamma: show a participant card"))
    ca.add_argument("id")
    ca.add_argument("pno", type=int)
    ca.set_defaults(func=_card)

    ta = gs.add_parser("table", help=_("the tournament table (Gamma format; McMahon: MMS, SOS, SODOS, SOSOS)"))
    ta.add_argument("id")
    ta.add_argument("--plain", action="store_true", help=_("no column padding (as the Gamma procedure prints its table)"))
    ta.set_defaults(func=_table)

    re_ = gs.add_parser("result", help=_("record who won a board"))
    re_.add_argument("id")
    re_.add_argument("round", type=int)
    re_.add_argument("board", type=int)
    re_.add_argument("winner", nargs="?", help=_("winner's number, white or black"))
    re_.add_argument("--white", type=int, help=_("who actually had White (even games, nigiri)"))
    re_.add_argument("--forfeit", action="store_true", help=_("the loser did not play"))
    re_.add_argument("--both-absent", action="store_true", help=_("neither player came"))
    re_.add_argument("--correct", action="store_true",
                     help=_("replace a different result already on the board (a correction)"))
    re_.add_argument("--jigo", action="store_true", help=_("a drawn game (only with a whole-number komi)"))
    re_.set_defaults(func=_result)

    rf = gs.add_parser("refuse", help=_("Gamma: a player refuses a round that is not paired yet"))
    rf.add_argument("id")
    rf.add_argument("pno", type=int)
    rf.add_argument("round", type=int)
    rf.add_argument("--cancel", action="store_true")
    rf.set_defaults(func=_refuse)

    se = gs.add_parser("settings", help=_("komi, nominal time, EGD class, nigiri seed"))
    se.add_argument("id")
    se.add_argument("--komi")
    se.add_argument("--nominal-time")
    se.add_argument("--egd-class", choices=["A", "B", "C", "D"])
    se.add_argument("--nigiri-seed")
    add_mcmahon_flags(se)
    se.add_argument("--force", action="store_true",
                    help=_("change initial MMS after rounds are paired (the pairings and handicaps played stay)"))
    se.set_defaults(func=_settings)

    ex = gs.add_parser("export", help=_("rating-commission file or EGD (h9) results"))
    ex.add_argument("id")
    which = ex.add_mutually_exclusive_group(required=True)
    which.add_argument("--rating-commission", action="store_true")
    which.add_argument("--egd", action="store_true")
    add_output_options(ex)
    ex.set_defaults(func=_export)
