"""``hakem players add|edit|remove|import|withdraw|bye|forbid|list ID ...``."""

from __future__ import annotations

from core.i18n import _

import argparse
from dataclasses import replace
import contextlib
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from core.cli.common import open_desk, pairing_numbers, print_json, show_warnings
from core.model import ByeKind, Tournament


def _typed_fields(args: argparse.Namespace) -> dict:
    """The fields the organiser typed (a list fills only the ones left out)."""
    typed = dict(name=args.name, rating=args.rating, title=args.title, federation=args.fed,
                 fide_id=args.fide_id, national_id=args.national_id, club=args.club,
                 birth=args.birth, sex=args.sex, national_rating=args.national_rating)
    return {k: v for k, v in typed.items() if v not in (None, "")}


_MEMBER_TAKES = ("name", "rating", "fide_id", "national_id", "egd_pin", "fed", "title", "sex", "club",
                 "birth", "go_rank", "go_rating", "national_rating", "list")
"""The options ``players add --member`` would otherwise ignore (the register gives them)."""


def _add(args: argparse.Namespace) -> int:
    typed = _typed_fields(args)
    extra = {}
    if args.go_rating is not None:
        extra["go_rating"] = args.go_rating
    if args.go_rank:
        extra["go_rank"] = args.go_rank
    desk = open_desk(args.id)
    _chess_rating_only_in_chess(desk, args, "add")
    before = desk.snapshot().tournament
    if args.member is not None:
        given = [f"--{k.replace('_', '-')}" for k, v in vars(args).items() if k in _MEMBER_TAKES and v not in (None, "")]
        if given:
            from core.cli.errors import CliError

            raise CliError(_("players add --member takes the member's fields from the register; {options} "
                             "cannot be given with it (change the member with 'hakem members edit')").format(
                options=", ".join(sorted(given))))
        with _duplicate_asked():
            out = desk.register_member(args.member, keep_numbers=args.keep_numbers,
                                       allow_duplicate=args.allow_duplicate)
    elif args.name and args.list is None and not args.egd_pin:
        typed.setdefault("rating", 0)
        name = typed.pop("name")
        with _duplicate_asked():
            out = desk.add_player(name, keep_numbers=args.keep_numbers, extra=extra or None,
                                  allow_duplicate=args.allow_duplicate, **typed)
    elif not (args.fide_id or args.national_id or args.egd_pin):
        from core.cli.errors import CliError

        raise CliError(_("players add: give --name, or --fide-id/--national-id/--egd-pin to take "
                         "the player from a rating list"))
    else:
        with _duplicate_asked():
            out = desk.add_player_from_list(args.list or "", args.fide_id, args.national_id, args.egd_pin,
                                            typed, extra, allow_duplicate=args.allow_duplicate)
    notice = _renumbering_notice(before, out) or _added(before, out)
    show_warnings(out, said=(notice,))
    if notice:
        print(notice)
    _redrawn_numbers(before, out)
    print(out.value)
    _late_entry_round(out)
    return 0


def _redrawn_numbers(before, out) -> None:
    """The new table numbers, as ``hakem lot`` prints them, when a registration after the
    draw and before round 1 drew them again (Aktar p. 60) — as a removal prints them."""
    t = out.tournament
    if before.rounds or not isinstance(t.options.get("lot"), Mapping) or t.options["lot"] == before.options.get("lot"):
        return
    from core.cli.commands.berger import print_table_numbers

    print_table_numbers(t, "player", "text")


def _renumbering_notice(before, out) -> str:
    """What a late entry that moved registered players says, every ``old→new``: printed on
    standard output before the new number (still the last line, which scripts read), and only
    there — a warning on stderr alone was easy to miss, and the same lines on both were read
    twice.  The next command typed with an old number reaches another player."""
    from core.app.registration import late_entry_moves, renumbering_notice

    if not before.current_round or not isinstance(out.value, int):
        return ""
    moves = late_entry_moves(before, out.tournament)
    return renumbering_notice(out.tournament, out.value, moves) if moves else ""


def _added(before, out) -> str:
    """The one line a registration says (before the bare number scripts read): the number and
    the name, and, when the order by rating moved registered players, each of them old→new as
    the late entry's notice names them — an organiser who types ``players edit 2`` next means
    the player the list showed as 2."""
    from core.app.registration import late_entry_moves
    from core.cli import said

    if not isinstance(out.value, int) or before.current_round:
        return ""  # a late entry: its notice, and the round it starts in (_late_entry_round), say it
    moves = late_entry_moves(before, out.tournament, provisional=True)
    if not moves:
        return _("Added: {player}").format(player=said.player(out.tournament, out.value))
    return _("Added: {player}; new numbers: {moves}").format(
        player=said.player(out.tournament, out.value), moves=", ".join(f"{n} {old}→{new}" for n, old, new in moves))


@contextlib.contextmanager
def _duplicate_asked() -> Iterator[None]:
    """The TUI asks about a player who looks registered already; a command cannot ask, so it
    refuses (exit 3) naming that player and the option that answers "add anyway"."""
    from core.app.registration import DuplicateLines, ProbableDuplicate

    try:
        yield
    except ProbableDuplicate as error:
        from core.cli.errors import CliError

        raise CliError(_("{refusal}; nothing was added (--allow-duplicate adds the player all the same)").format(
            refusal=error)) from None
    except DuplicateLines as error:
        from core.cli.errors import CliError

        raise CliError(_("{refusal}\nnothing was imported (--allow-duplicate imports these lines all the same)").format(
            refusal=error)) from None


def _late_entry_round(out) -> None:
    """A late entry (a round already paired) is told the round it starts in, as the TUI says
    it; on stderr, since stdout is the pairing number scripts read."""
    t, pno = out.tournament, out.value
    if not t.current_round or not isinstance(pno, int):
        return
    player = t.player(pno)
    print(_("{name} added as a late entry with number {pno}: paired from round {n}.").format(
        name=player.name, pno=pno, n=max(player.joined_round, t.current_round + 1)), file=sys.stderr)


def _chess_rating_only_in_chess(desk, args: argparse.Namespace, command: str) -> None:
    """``--rating`` is a chess rating: in a Go event it was taken as the GoR without a word
    (and ``--rating 2100`` with ``--go-rank 1k`` made a 1k rated as a 1d).  Refused, naming
    the option the event has."""
    from core.app.base import GO_SYSTEMS

    if args.rating is not None and desk.snapshot().tournament.system in GO_SYSTEMS:
        from core.cli.errors import CliError

        raise CliError(_("players {command}: --rating is a chess rating; this is a Go event: give the Go "
                         "rating with --go-rating (and the rank with --go-rank)").format(command=command))


def _edit(args: argparse.Namespace) -> int:
    changes = {k: v for k, v in dict(name=args.name, rating=args.rating, title=args.title,
                                      federation=args.fed, fide_id=args.fide_id, club=args.club,
                                      birth=args.birth, national_rating=args.national_rating,
                                      national_id=args.national_id).items() if v is not None}
    from core.cli import said

    desk = open_desk(args.id)
    before = desk.snapshot().tournament
    changes.update(_go_edit(before, args))
    out = show_warnings(desk.edit_player(args.pno, confirmed=args.force, **changes))
    print(said.edited(before, out.tournament, args.pno))
    return 0


def _go_edit(t: Tournament, args: argparse.Namespace) -> dict[str, Any]:
    """``--go-rank``, ``--go-rating``, ``--egd-pin``, ``--mms-correction`` as the TUI's edit form
    takes them (:func:`core.go.player_fields.go_player_fields`: the same checks, a new rank
    keeping a real GoR); refused outside a Go event, the MMS correction outside McMahon."""
    from core.app.base import GO_SYSTEMS
    from core.cli.errors import CliError

    typed = {key: value for key, value in (("rank", args.go_rank), ("rating", args.go_rating),
                                           ("egd_pin", args.egd_pin)) if value is not None}
    if not typed and args.mms_correction is None:
        return {}
    if t.system not in GO_SYSTEMS:
        raise CliError(_("players edit: --go-rank, --go-rating, --egd-pin and --mms-correction are for Go events; "
                         "this one is paired by {system}").format(system=t.system))
    if args.mms_correction is not None and t.system != "mcmahon":
        raise CliError(_("players edit: --mms-correction is OpenGotha's McMahon setting; this event is paired "
                         "by {system}").format(system=t.system))
    from core.go.mcmahon_options import mms_correction
    from core.go.player_fields import form_values, go_player_fields

    player = t.player(args.pno)
    fields = go_player_fields({**form_values(player, t.system), **typed}, player, t.system)
    if args.mms_correction is not None:
        extra = dict(fields["extra"])
        extra["mms_correction"] = args.mms_correction.strip()
        mms_correction(replace(player, extra=extra))  # -1..2, refused naming the player
        if extra["mms_correction"] in ("0", ""):
            del extra["mms_correction"]
        fields["extra"] = extra
    return fields


def _record(args: argparse.Namespace) -> int:
    """``players record``: what a rating change needs beyond the player's data (see
    core.ratings.record) — the K FIDE publishes, the rated games before the event, whether the
    rating has reached 2400, the DWZ index."""
    from core.cli.errors import CliError
    from core.cli.common import load_tournament

    values = {"fide_k": args.k, "fide_games": args.games, "dwz_index": args.dwz_index}
    for key, value in values.items():
        if value is not None and (value < 0 or key == "fide_k" and not 1 <= value <= 40):
            raise CliError(_("{option}: {value} is out of range").format(
                option={"fide_k": "--k", "fide_games": "--games", "dwz_index": "--dwz-index"}[key], value=value))
    t = load_tournament(args.id)
    player = next((p for p in t.players if p.pno == args.pno), None)
    if player is None:
        raise CliError(_('no player with pairing number {pno}').format(pno=args.pno))
    extra = dict(player.extra)
    extra.update({key: value for key, value in values.items() if value is not None})
    if args.reached_2400 is not None:
        extra["fide_2400"] = args.reached_2400
    show_warnings(open_desk(args.id).edit_player(args.pno, extra=extra))
    said = _record_said(extra)
    print(_("{pno} {name}: {record}").format(pno=player.pno, name=player.name, record=said) if said else
          _("{pno} {name}: nothing recorded").format(pno=player.pno, name=player.name))
    return 0


def _record_said(extra: dict) -> str:
    """What the player's record holds now, in the words of the option that sets each part."""
    parts = []
    if extra.get("fide_k") is not None:
        parts.append(_("K {k}").format(k=extra["fide_k"]))
    if extra.get("fide_games") is not None:
        parts.append(_("{n} rated games before the event").format(n=extra["fide_games"]))
    if extra.get("fide_2400") is not None:
        parts.append(_("reached 2400") if extra["fide_2400"] else _("never 2400"))
    if extra.get("dwz_index") is not None:
        parts.append(_("DWZ index {n}").format(n=extra["dwz_index"]))
    return ", ".join(parts)


def _remove(args: argparse.Namespace) -> int:
    """Delete a registration and say whose (a number typed wrong removes someone else)."""
    desk = open_desk(args.id)
    player = desk.snapshot().tournament.player(args.pno)
    out = show_warnings(desk.remove_player(args.pno))
    print(_("Removed: {pno} {name}").format(pno=args.pno, name=player.name))
    if out.value is not None:  # a round robin's draw made again (Aktar p. 60): the new numbers
        from core.cli.commands.berger import print_table_numbers

        print_table_numbers(out.tournament, "player", "text")
    return 0


def _import(args: argparse.Namespace) -> int:
    desk = open_desk(args.id)
    before = desk.snapshot().tournament
    with _duplicate_asked():
        out = show_warnings(desk.import_players(args.file, allow_duplicate=args.allow_duplicate))
    print(_("{value} players imported; {value2} registered").format(value=out.value, value2=len(out.tournament.players)))
    _redrawn_numbers(before, out)
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    from core.cli import said

    out = show_warnings(open_desk(args.id).withdraw(args.pno, args.from_round))
    print(said.withdrawn(out.tournament, args.pno))
    return 0


def _bye_kind(text: str) -> str:
    """``--kind`` in English or in the reader's words (:func:`core.fields.bye_kind`); argparse
    says the refusal with the option's name."""
    from core.fields import FieldError, bye_kind

    try:
        return bye_kind(text)
    except FieldError as error:
        raise argparse.ArgumentTypeError(error.detail) from None


def _bye(args: argparse.Namespace) -> int:
    from core.cli import said

    desk = open_desk(args.id)
    if args.cancel:
        out = show_warnings(desk.cancel_bye(args.pno, [args.round]))
        print(said.bye(out.tournament, args.pno, args.round, None))
        return 0
    word = args.kind or ("zero" if desk.snapshot().tournament.system == "mcmahon" else "half")
    kind = {"half": ByeKind.HALF, "full": ByeKind.FULL, "zero": ByeKind.ZERO}[word]
    out = show_warnings(desk.request_bye(args.pno, [args.round], kind))
    print(said.bye(out.tournament, args.pno, args.round, word))
    return 0


def _forbid(args: argparse.Namespace) -> int:
    show_warnings(open_desk(args.id).add_forbidden(pairing_numbers(args.pnos)))
    return 0


def _update_ratings(args: argparse.Namespace) -> int:
    from core.ratinglists.apply import RATING_SOURCE_KEY, RatingUpdate
    from core.safe_text import field_safe
    desk = open_desk(args.id)
    choice = None if args.rating_for_pairing is None else (
        "" if args.rating_for_pairing == "auto" else args.rating_for_pairing)
    if args.dry_run:
        update: RatingUpdate = desk.preview_rating_update(args.list, choice)
    else:
        update = show_warnings(desk.update_ratings(args.list, choice)).value
    for c in update.changes:
        parts = ", ".join(_change_text(field, old, new) for field, (old, new) in c.changes.items()
                          if field != RATING_SOURCE_KEY)
        source = c.changes.get(RATING_SOURCE_KEY, ("", ""))[1]
        if source:
            parts += " " + _("({kind} rating: the event's own kind is missing)").format(kind=source)
        print(f"{c.pno:>4}  {field_safe(c.name):<32} {parts}")
    for p in update.missing:
        print(_("{pno:>4}  {name:<32} not in the list").format(pno=p.pno, name=field_safe(p.name)))
    print(_("{count} player(s) changed from list {name!r} ({date}){dry}")
          .format(count=len(update.changes), name=update.source.name,
                  date=update.source.date or _("undated"),
                  dry=_(" — nothing saved (--dry-run)") if args.dry_run else ""))
    if update.renumbered:
        print(_("Pairing numbers that would change (they follow the ratings before round 1):")
              if args.dry_run else
              _("Pairing numbers changed (they follow the ratings before round 1):"))
        print(_("  old   new  player"))
        for name, old, new in sorted(update.renumbered, key=lambda move: move[2]):
            print(f"  {old:>3} → {new:>3}  {field_safe(name)}")
    return 0


def _change_text(field: str, old: object, new: object) -> str:
    return f"{field} {old or '-'} → {new}"


def player_rows(t: Tournament) -> list[dict]:
    go = {}
    if t.system in ("gamma", "mcmahon") or any("go_rating" in p.extra or "go_rank" in p.extra for p in t.players):
        from core.go.summary import player_go_data

        go = player_go_data(t)
    rows = []
    for p in sorted(t.players, key=lambda p: p.pno):
        row = {"pno": p.pno, "name": p.name, "rating": p.rating, "title": p.title,
               "federation": p.federation, "fide_id": p.fide_id, "club": p.club, "birth": p.birth,
               "joined_round": p.joined_round, "withdrawn_round": p.withdrawn_round}
        if p.pno in go:
            row["rank"] = go[p.pno]["rank"]
            for key in ("level", "mms"):  # Gamma level or McMahon score
                if key in go[p.pno]:
                    row[key] = go[p.pno][key]
        rows.append(row)
    return rows


def _list(args: argparse.Namespace) -> int:
    t = open_desk(args.id).snapshot().tournament
    rows = player_rows(t)
    if args.format == "json":
        print_json({"players": rows})
        return 0
    from core.fields import title_word

    for r in rows:
        status = " ({})".format(_("withdrawn from round {n}").format(n=r["withdrawn_round"])) \
            if r["withdrawn_round"] else ""
        print(f"{r['pno']:>4}  {title_word(r['title']):<3} {r['name']:<32} {r['rating'] or '':>4}  {r['federation']:<3}{status}")
    return 0


RATING_FOR_PAIRING_CHOICES = ("auto", "kind", "rapid-standard", "blitz-rapid-standard")
"""``--rating-for-pairing``: ``auto`` removes the choice (the default by the event's kind);
the others are :data:`core.ratinglists.apply.PAIRING_RATING_CHOICES`."""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("players", help=_("register and manage players"))
    ps = p.add_subparsers(dest="players_command", metavar="ACTION", parser_class=type(p))
    up = ps.add_parser("update-ratings", help=_("update the ratings of the registered players from a newer list"))
    up.add_argument("id")
    up.add_argument("--list", default="", help=_("the rating list (default: the one the event uses)"))
    up.add_argument("--dry-run", action="store_true", help=_("show the changes without making them"))
    up.add_argument("--rating-for-pairing", choices=RATING_FOR_PAIRING_CHOICES,
                    help=_("which rating seeds the players, recorded in the event: kind (the event's "
                           "kind only), rapid-standard, blitz-rapid-standard, auto (by the event's kind: "
                           "rapid and blitz fall back to the slower kinds)"))
    up.set_defaults(func=_update_ratings)
    add = ps.add_parser("add", help=_("register a player; prints the pairing number"))
    add.add_argument("id")
    add.add_argument("--name", help=_("the player's name (omit to take the player from a rating list by id)"))
    add.add_argument("--rating", type=int)
    add.add_argument("--national-rating", type=int)
    add.add_argument("--title", default="")
    add.add_argument("--fed", default="")
    add.add_argument("--fide-id", default="")
    add.add_argument("--national-id", default="")
    add.add_argument("--club", default="")
    add.add_argument("--birth", default="")
    add.add_argument("--sex", default="")
    add.add_argument("--go-rating", type=int)
    add.add_argument("--go-rank", default="")
    add.add_argument("--egd-pin", default="", help=_("EGD pin (Go): take the player from the EGD list "
                                                      "(with --name: the typed name wins over the list's)"))
    add.add_argument("--list", help=_("the rating list to take the player from (see 'hakem lists')"))
    add.add_argument("--member", type=int, metavar="N",
                     help=_("register member N of the club's register (see 'hakem members')"))
    add.add_argument("--allow-duplicate", action="store_true",
                     help=_("register the player even if one of the same name and year of birth or rating is "
                            "registered already (a namesake; an id registered already is refused all the same)"))
    add.add_argument("--keep-numbers", action="store_true",
                     help=_("a late entry gets the next pairing number instead of its place by rating "
                            "(nobody else's number changes)"))
    add.set_defaults(func=_add)
    rec = ps.add_parser("record", help=_("what the player's rating change needs: FIDE's K or the rated games "
                                         "before the event, the 2400 mark, the DWZ index"))
    rec.add_argument("id")
    rec.add_argument("pno", type=int)
    rec.add_argument("--k", type=int, help=_("the K FIDE publishes for the player (wins over the rest)"))
    rec.add_argument("--games", type=int, help=_("FIDE-rated games before this event"))
    rec.add_argument("--reached-2400", dest="reached_2400", action="store_true", default=None,
                     help=_("the published rating has been 2400 or more"))
    rec.add_argument("--below-2400", dest="reached_2400", action="store_false",
                     help=_("the published rating has never reached 2400"))
    rec.add_argument("--dwz-index", type=int, help=_("the DWZ index (number of earlier evaluations)"))
    rec.set_defaults(func=_record)
    ed = ps.add_parser("edit", help=_("change a player's data"))
    ed.add_argument("id")
    ed.add_argument("pno", type=int)
    for opt in ("--name", "--title", "--fed", "--fide-id", "--club", "--birth"):
        ed.add_argument(opt)
    ed.add_argument("--rating", type=int)
    ed.add_argument("--national-rating", type=int, help=_("the national rating (DWZ, TRF-2026 NRS line)"))
    ed.add_argument("--national-id", help=_("the national id (empty to clear)"))
    ed.add_argument("--go-rank", help=_("Go: the declared rank (5k, 2d)"))
    ed.add_argument("--go-rating", help=_("Go: the Go rating (GoR)"))
    ed.add_argument("--egd-pin", help=_("Go: the EGD pin (empty to clear)"))
    ed.add_argument("--mms-correction", help=_("McMahon: OpenGotha's MMS correction of the player, -1 to 2"))
    ed.add_argument("--force", action="store_true",
                    help=_("McMahon: change a rank or MMS correction after rounds are paired (initial MMS moves)"))
    ed.set_defaults(func=_edit)
    rm = ps.add_parser("remove", help=_("delete a registration (before round 1)"))
    rm.add_argument("id")
    rm.add_argument("pno", type=int)
    rm.set_defaults(func=_remove)
    im = ps.add_parser("import", help=_("import players from CSV or TRF"))
    im.add_argument("id")
    im.add_argument("file")
    im.add_argument("--allow-duplicate", action="store_true",
                    help=_("import the lines that look like a registered player or an earlier line (same name "
                           "and year of birth or rating); ids registered already are refused all the same"))
    im.set_defaults(func=_import)
    wd = ps.add_parser("withdraw", help=_("withdraw a player"))
    wd.add_argument("id")
    wd.add_argument("pno", type=int)
    wd.add_argument("--from-round", type=int)
    wd.set_defaults(func=_withdraw)
    by = ps.add_parser("bye", help=_("request (or cancel) a bye for a future round"))
    by.add_argument("id")
    by.add_argument("pno", type=int)
    by.add_argument("--round", type=int, required=True)
    from core.fields import BYE_KINDS, bye_kind_word

    by.add_argument("--kind", type=_bye_kind, metavar="{" + ",".join(bye_kind_word(k) for k in BYE_KINDS) + "}",
                    help=_("{half} (the default), {full} or {zero}; a McMahon event has absences only: {zero}, its "
                           "default").format(**{k: bye_kind_word(k) for k in BYE_KINDS}))
    by.add_argument("--cancel", action="store_true")
    by.set_defaults(func=_bye)
    fb = ps.add_parser("forbid", help=_("players who must not be paired together"))
    fb.add_argument("id")
    fb.add_argument("--players", dest="pnos", required=True)
    fb.set_defaults(func=_forbid)
    ls = ps.add_parser("list", help=_("list players"))
    ls.add_argument("id")
    ls.add_argument("--format", choices=["text", "json"], default="text")
    ls.set_defaults(func=_list)
