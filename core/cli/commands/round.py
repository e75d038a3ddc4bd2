"""``hakem round pair|show|schedule|unpair ID [R]`` — pair the next round, show a round, set a
round's date and start time, undo a pairing."""

from __future__ import annotations

from core.i18n import _, ngettext

import argparse
from fractions import Fraction

from core.cli.common import open_desk, print_json, show_warnings
from core.i18n.format import format_schedule
from core.model import Tournament


def round_json(t: Tournament, number: int) -> dict:
    """The stable JSON of one round (docs/cli.md)."""
    rnd = t.round(number)
    boards = []
    for i, b in enumerate(rnd.boards, start=1):
        row = {"board": i, "white": b.white, "black": b.black,
               "result": b.result.value if b.result else ""}
        if b.handicap is not None:
            row["handicap"] = b.handicap
        if b.komi is not None:
            from core.model import format_points

            row["komi"] = format_points(b.komi)
        if b.game:  # a cup: which game of which match (p.r2m1.s0g2: round 2, match 1, game 2)
            row["game"] = b.game
        if t.system == "double-swiss":  # the match's number and, when complete, its score
            _add_match(row, t, rnd, i - 1)
        boards.append(row)
    out: dict = {"round": number, "boards": boards,
                 "byes": [{"pno": y.pno, "kind": y.kind.label, **({"absent": True} if y.absent else {}),
                           **({"forfeit_win": True} if y.forfeit_win else {})}
                          for y in rnd.byes]}
    from core.model import format_points

    # always there (empty without a team bye): a script reads the key without asking first
    out["team_byes"] = [{"team": team, "name": name, "kind": "pab", "match_points": format_points(mp),
                         "game_points": format_points(gp)} for team, name, mp, gp in _team_byes(t, rnd)]
    if t.round_date(number):
        out["date"] = t.round_date(number)
    if t.round_time(number):
        out["time"] = t.round_time(number)
    return out


def round_text(t: Tournament, number: int) -> str:
    """The round for people: heading and bye names in the UI language (JSON is the machine form)."""
    from core.i18n.terms import bye_name, code_name

    rnd = t.round(number)
    names = {p.pno: p.name for p in t.players}
    when = format_schedule(t.round_date(number), t.round_time(number))
    lines = [_("{name} — round {n}").format(name=t.name, n=number) + (f" — {when}" if when else "")]
    games, away = _cup_words(t, number)
    for i, b in enumerate(rnd.boards, start=1):
        res = b.result.text if b.result else "   "
        game = f"  ({games[i]})" if i in games else _go_words(b)
        lines.append(f"{i:>3}  {b.white:>4} {names.get(b.white, '?'):<28} {res:^5} "
                     f"{b.black:>4} {names.get(b.black, '?')}{game}")
    for y in rnd.byes:
        why = _("not checked in (zero points)") if y.absent else \
            code_name(y.code.value) if y.forfeit_win else bye_name(y.kind.label)
        lines.append(f"     {y.pno:>4} {names.get(y.pno, '?'):<28} {away.get(y.pno) or why}")
    from core.i18n.format import format_points

    for team, name, mp, gp in _team_byes(t, rnd):
        lines.append(f"     {team:>4} {name:<28} " + _(
            "pairing-allocated bye of the team: {match_points}, {game_points}").format(
                match_points=ngettext("{n} match point", "{n} match points", _plural_count(mp)).format(
                    n=format_points(mp)),
                game_points=ngettext("{n} game point", "{n} game points", _plural_count(gp)).format(
                    n=format_points(gp))))
    return "\n".join(lines) + "\n"


def _team_byes(t: Tournament, rnd) -> list[tuple[int, str, Fraction, Fraction]]:
    """A team Swiss round's pairing-allocated byes (a match without boards, C.04.6 Art. 1.4):
    (team, name, match points, game points) — the team has no board, so no player's row
    shows it."""
    matches = [m for m in rnd.matches if m.bye]
    if not matches:
        return []
    from core.teams.scoring import bye_points

    mp, gp = bye_points(t)
    names = {team.id: team.name for team in t.teams}
    return [(m.home, names.get(m.home, "?"), mp, gp) for m in matches]


def _go_words(b) -> str:
    """A Go board's handicap and komi (``handicap 2, komi 0.5``; ``even game, komi 7.5``), as the
    organiser announces them; empty for a chess board (no handicap or komi stored)."""
    from core.i18n.format import format_decimal

    if b.handicap is None and b.komi is None:
        return ""
    komi = format_decimal(b.komi, max_digits=1) if b.komi is not None else "?"  # 7,5 in tr/de/ru
    if b.handicap:
        return "  " + _("handicap {stones}, komi {komi}").format(stones=b.handicap, komi=komi)
    return "  " + _("even game, komi {komi}").format(komi=komi)


def _add_match(row: dict, t: Tournament, rnd, index: int) -> None:
    from core.model import format_points
    from core.pairing.doubleswiss.state import match_of, match_score

    row["match"] = match_of(rnd, index)
    score = match_score(t, rnd, index)
    if score is not None:
        row["match_score"] = f"{format_points(score[2])}-{format_points(score[3])}"


def _match_words(t: Tournament, number: int) -> dict[int, str]:
    """A Double-Swiss round: each board's match and game, and the match's score once complete."""
    from core.i18n.format import format_points
    from core.pairing.doubleswiss.state import match_of, match_score

    rnd = t.round(number)
    out = {}
    for i, b in enumerate(rnd.boards, start=1):
        if b.game not in ("g1", "g2"):
            continue
        game = 1 if b.game == "g1" else 2
        out[i] = _("match {match}, game {game}").format(match=match_of(rnd, i - 1), game=game)
        score = match_score(t, rnd, i - 1)
        if score is not None and game == 2:
            out[i] += " · " + _("match {white}–{black}").format(
                white=format_points(score[2]), black=format_points(score[3]))
    return out


def _cup_words(t: Tournament, number: int) -> tuple[dict[int, str], dict[int, str]]:
    """A cup's round: what game each board is, why a player has no board (as the TUI says);
    a Double-Swiss round: each board's match and game."""
    if t.system == "double-swiss":
        return _match_words(t, number), {}
    if t.system != "knockout":
        return {}, {}
    from core.errors import TournamentError
    from core.playoff.cup import away_status, board_games

    try:
        return board_games(t, number), away_status(t, number)
    except TournamentError:
        return {}, {}


def _pair(args: argparse.Namespace) -> int:
    t = show_warnings(open_desk(args.id).pair_next_round()).tournament
    if args.format == "json":
        print_json(round_json(t, t.current_round))
    else:
        print(round_text(t, t.current_round), end="")
    return 0


def _show(args: argparse.Namespace) -> int:
    t = open_desk(args.id).snapshot().tournament
    number = args.round or t.current_round
    if args.format == "json":
        print_json(round_json(t, number))
    else:
        print(round_text(t, number), end="")
    return 0


def parse_manual(boards: str, byes: str | None) -> tuple[list, list]:
    """``"1-5,2-6"`` and ``"7:pab,8:half"`` → boards and byes (white first on each board)."""
    from core.errors import TournamentError
    from core.model import Board, Bye, ByeKind

    out_boards, out_byes = [], []
    for item in (x.strip() for x in boards.split(",") if x.strip()):
        try:
            white, black = (int(v) for v in item.split("-"))
        except ValueError as error:
            raise TournamentError(_('--boards: {item!r} is not WHITE-BLACK (pairing numbers)').format(item=item)) from error
        out_boards.append(Board(white, black))
    kinds = {k.label: k for k in ByeKind}
    for item in (x.strip() for x in (byes or "").split(",") if x.strip()):
        pno, _sep, kind = item.partition(":")
        if not pno.isdigit() or (kind or "pab") not in kinds:
            raise TournamentError(_('--byes: {item!r} is not PNO[:pab|half|full|zero]').format(item=item))
        out_byes.append(Bye(int(pno), kinds[kind or "pab"]))
    return out_boards, out_byes


def _set(args: argparse.Namespace) -> int:
    """Pair the next round by hand (or replace the last round's pairing with --replace)."""
    boards, byes = parse_manual(args.boards, args.byes)
    t = show_warnings(open_desk(args.id).pair_by_hand(boards, byes, replace=args.replace)).tournament
    print(round_text(t, t.current_round), end="")
    return 0


def _schedule(args: argparse.Namespace) -> int:
    """Date and start time of one round (rating reports need every round's date)."""
    desk = open_desk(args.id)
    if args.date is None and args.time is None:
        t = desk.snapshot().tournament
    else:
        t = show_warnings(desk.schedule_round(args.round, args.date, args.time)).tournament
    print(format_schedule(t.round_date(args.round), t.round_time(args.round)) or _("round {n}: no date or time set").format(n=args.round))
    return 0


def _unpair(args: argparse.Namespace) -> int:
    """Delete the last round's pairing; a round with results only with ``--force``, and the
    refusal names it (the core's refusal says "confirm", which the TUI asks and a command
    line cannot).  Says what was done, as every change does."""
    from core.cli.errors import CliError

    desk = open_desk(args.id)
    t = desk.snapshot().tournament
    last = t.rounds[-1] if t.rounds else None
    if last is not None and not args.force and any(b.result is not None for b in last.boards):
        raise CliError(_("round {number} already has results; hakem round unpair {id} --force deletes them with "
                         "its pairing").format(number=last.number, id=args.id))
    show_warnings(desk.unpair_last_round(args.force))
    if last is not None:
        print(_("Round {number}'s pairing deleted; round {number} can be paired again").format(number=last.number))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("round", help=_("pair and show rounds"))
    rs = p.add_subparsers(dest="round_command", metavar="ACTION", parser_class=type(p))
    pa = rs.add_parser("pair", help=_("pair the next round"))
    pa.add_argument("id")
    pa.add_argument("--format", choices=["text", "json"], default="text")
    pa.set_defaults(func=_pair)
    sh = rs.add_parser("show", help=_("show a round (default: the last)"))
    sh.add_argument("id")
    sh.add_argument("round", nargs="?", type=int)
    sh.add_argument("--format", choices=["text", "json"], default="text")
    sh.set_defaults(func=_show)
    st = rs.add_parser("set", help=_("pair the next round by hand (validated; marked as manual)"))
    st.add_argument("id")
    st.add_argument("--boards", required=True, help=_('boards in order, e.g. "1-5,6-2"'))
    st.add_argument("--byes", help=_('players without a game, e.g. "7:pab,8:half"'))
    st.add_argument("--replace", action="store_true", help=_("replace the last round's pairing"))
    st.set_defaults(func=_set)
    sc = rs.add_parser("schedule", help=_("set or show a round's date and start time"))
    sc.add_argument("id")
    sc.add_argument("round", type=int)
    sc.add_argument("--date", help=_("date DD.MM.YYYY or YYYY-MM-DD (empty to clear)"))
    sc.add_argument("--time", help=_("start time HH:MM (empty to clear)"))
    sc.set_defaults(func=_schedule)
    un = rs.add_parser("unpair", help=_("delete the last round's pairing"))
    un.add_argument("id")
    un.add_argument("--force", action="store_true", help=_("also if results were entered"))
    un.set_defaults(func=_unpair)


def _plural_count(value: Fraction) -> int:
    """The number ``ngettext`` chooses a points word by: a whole number as it is; a fraction
    as a few (2: "1½ points", Russian "1,5 очка" takes the form of 2 to 4)."""
    return int(value) if value.denominator == 1 else 2
