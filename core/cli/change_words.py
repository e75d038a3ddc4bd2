"""``hakem log --changes``: what each journal entry changed, in the reader's words.

Why (issue 34, a fresh-eyes review): the lines were the stored document's own paths and JSON
(``players/6/rating: 2050 → 1900``, ``requested_byes: +1 at 0``, ``rounds/0/boards/1/r: null →
"1/2"``) — English keys and data an organiser cannot read.  Each operation is said here as a
place the organiser knows (the event's setting by its name, a player by number and name, a round
and board), its old and new value as the screens show them (a result ``½-½``, nothing ``–``).
The data stay available as they are stored: ``hakem log --format json`` keeps every entry's
``what`` and the words.

Why in the CLI: the operations are the journal's (the store's format); this reads them as data,
without importing the store, the way :func:`core.app.desk.entry_changes` hands them over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.i18n import N_, _, ngettext
from core.model import Tournament

MISSING = {"$missing": True}
"""How a journal operation marks a key that did not (or no longer does) exist."""

BOARD_FIELDS = {"w": N_("White"), "b": N_("Black"), "r": N_("Result"), "unrated": N_("unrated game"),
                "handicap": N_("Handicap"), "komi": N_("Komi")}
PLAYER_MORE = {"pno": N_("pairing number"), "joined_round": N_("first round"), "withdrawn_round": N_("withdrawn from round"),
               "member": N_("member of the club's register")}
ROUND_PARTS = {"boards": N_("boards"), "byes": N_("byes"), "matches": N_("matches"), "manual": N_("manual pairing")}
"""A round's parts the journal names (its boards, byes …); another part is left out."""

OPTION_NAMES = {
    "playoffs": N_("Playoffs"), "tie_orders": N_("Orders decided outside the tie-breaks"),
    "lots": N_("Drawing of lots"), "lots_seeds": N_("Drawing of lots"), "prizes": N_("Prizes"),
    "rounds_from_players": N_("Rounds from the number of players"),
    "withdrawn_points": N_("Withdrawal before half of the games"), "checkin": N_("Check-in"),
    "entry_fee": N_("Entry fee"), "knockout": N_("Knockout"), "go": N_("Go settings"),
    "keizer": N_("Keizer settings"), "roles": N_("Roles"), "trf_headers": N_("TRF header"),
    "trf_extra": N_("TRF header"), "trf_type": N_("Event type"), "rating_list": N_("Rating list"),
    "rating_for_pairing": N_("Rating for pairing"), "boards": N_("Boards per match"),
    "publish": N_("Published pages"),
}
"""The options the journal names (``options/…`` of the stored event), by the setting's name;
one not named here is said as the event's options, never by its stored key."""

OPTION_PARTS = {
    "results": N_("results"), "lots": N_("lots"), "bids": N_("Armageddon bids"), "choices": N_("colour chosen"),
    "start": N_("start"), "flag_later": N_("flag fell later"), "sharing": N_("sharing"),
    "currency": N_("currency"), "groups": N_("prize groups"), "hort_percent": N_("Hort share (%)"),
    "fee": N_("entry fee"), "paid": N_("paid"), "open": N_("open"), "present": N_("present"),
    "absent": N_("absent"), "grant": N_("granted"), "boards": N_("boards"), "plan": N_("format"),
    "places": N_("places"), "players": N_("players"), "breaks": N_("breaks"),
}
"""The parts of an option the journal names (a playoff's results, the prizes' sharing …)."""

EVENT_MORE = {"requested_byes": N_("Requested byes"), "forbidden": N_("Forbidden pairings"),
              "forbidden_ranges": N_("Forbidden pairings"), "teams": N_("Teams"), "players": N_("Players"),
              "rounds": N_("Rounds"), "id": N_("Id")}


def _date(text: str) -> str:
    from core.i18n.format import format_date

    try:
        return format_date(text)
    except ValueError:
        return text


def _colour(code: str) -> str:
    from core.i18n.terms import colour_name

    return colour_name(code)


def _language(code: str) -> str:
    from core.i18n.format import language_name

    return language_name(code)


def _birth(text: str) -> str:
    return _date(text) if len(text) == 10 else text


def _system(code: str) -> str:
    from core.i18n.terms import system_name

    return system_name(code)


def _sharing(code: str) -> str:
    from core.cli.worded import sharing_words

    return sharing_words().words.get(code, code)


def _withdrawn_points(code: str) -> str:
    from core.cli.worded import withdrawn_points_words

    return withdrawn_points_words().words.get(code, code)


def _title(code: str) -> str:
    from core.i18n.terms import title_word

    return title_word(code)


WORDED = {"start_date": _date, "end_date": _date, "initial_colour": _colour, "language": _language,
          "birth": _birth, "system": _system, "sharing": _sharing, "withdrawn_points": _withdrawn_points,
          "title": _title}
"""Stored values said in the reader's words (dates in the reader's form, a colour, a language)."""


def change_lines(entry: Mapping[str, Any], t: Tournament, limit: int = 6) -> list[str]:
    """One line per operation of ``entry`` (at most ``limit``, then how many more); ``t``: the
    event now, whose players name the numbers.  The creation leaves out what it set empty."""
    if entry.get("checkpoint") is not None:
        return [_("(checkpoint: the whole state)")]
    ops = [op for op in entry.get("ops", []) if isinstance(op, Mapping)]
    if all(op.get("o") == MISSING for op in ops):  # the creation: what was set, nothing empty
        ops = [op for op in ops if not _empty(op.get("n"))]
    lines = [_line(op, t) for op in ops[:limit]]
    if len(ops) > limit:
        lines.append(_("… {count} more").format(count=len(ops) - limit))
    return lines


def _line(op: Mapping[str, Any], t: Tournament) -> str:
    path = list(op.get("p", []))
    place = _place(path, t)
    place = place[:1].upper() + place[1:]  # a line's first word, as the lines of settings begin
    if "i" in op:
        added, removed = list(op.get("a", [])), list(op.get("d", []))
        parts = []
        if added:
            parts.append(_("added: {items}").format(items=_items(path, added, t, op.get("i"))))
        if removed:
            parts.append(_("removed: {items}").format(items=_items(path, removed, t, op.get("i"))))
        return f"{place}: {'; '.join(parts)}"
    key = path[-1] if path else ""
    old, new = op.get("o"), op.get("n")
    if old == MISSING:
        return f"{place}: {_value(key, new, t)}"
    return f"{place}: {_value(key, old, t)} → {_value(key, new, t)}"


def _place(path: Sequence[Any], t: Tournament) -> str:
    """``Round 1, board 2, Result``; ``Player 7 Krüger, Lena, Rating``; ``Time control``."""
    from core.words import PLAYER_FIELD_NAMES, SETTING_NAMES

    if not path:
        return _("the event")
    head, rest = path[0], list(path[1:])
    if head == "rounds" and rest and isinstance(rest[0], int):
        if len(rest) >= 3 and rest[1] == "boards" and isinstance(rest[2], int):
            words = [_("round {round}, board {board}").format(round=rest[0] + 1, board=rest[2] + 1)]
            words += [_(BOARD_FIELDS[k]) if k in BOARD_FIELDS else str(k) for k in rest[3:]]
        else:
            words = [_("round {n}").format(n=rest[0] + 1), *(_(ROUND_PARTS[k]) for k in rest[1:2] if k in ROUND_PARTS)]
    elif head == "players" and rest and isinstance(rest[0], int):
        words = [_("player {name}").format(name=_indexed_player(t, rest[0]))]
        words += [_(PLAYER_FIELD_NAMES[k]) if k in PLAYER_FIELD_NAMES else
                  _(PLAYER_MORE[k]) if k in PLAYER_MORE else str(k) for k in rest[1:]]
    elif head == "options":
        words = _option_place(rest)
    else:
        label = SETTING_NAMES.get(str(head)) or EVENT_MORE.get(str(head))
        words = [_(label) if label else str(head), *(str(k) for k in rest)]
    return ", ".join(words)


def _option_place(rest: Sequence[Any]) -> list[str]:
    """An option's place in words: ``Playoff 1, Game 2``, ``Prizes, sharing``; a part the
    journal has no word for is left out (the option's name says enough), never shown by its
    stored key."""
    if not rest or str(rest[0]) not in OPTION_NAMES:
        return [_("Settings")]
    key, more = str(rest[0]), [str(k) for k in rest[1:]]
    if key == "playoffs" and more:
        words = [_("Playoff {key}").format(key=more[0])]
        if len(more) >= 3 and more[1] == "results":
            from core.playoff.labels import label_of

            return [*words, label_of(more[2])]
        return [*words, *(_(OPTION_PARTS[k]) for k in more[1:2] if k in OPTION_PARTS)]
    return [_(OPTION_NAMES[key]), *(_(OPTION_PARTS[k]) for k in more[:1] if k in OPTION_PARTS)]


def _indexed_player(t: Tournament, index: int) -> str:
    """The player at ``index`` of the stored list (the event's players in their order)."""
    if 0 <= index < len(t.players):
        p = t.players[index]
        return f"{p.pno} {p.name}"
    return str(index + 1)


def _player_number(t: Tournament, pno: Any) -> str:
    if isinstance(pno, int):
        found = next((p for p in t.players if p.pno == pno), None)
        return f"{pno} {found.name}" if found is not None else str(pno)
    return str(pno)


def _items(path: Sequence[Any], items: list[Any], t: Tournament, at: Any = None) -> str:
    """Added or removed list items in words: byes, players, rounds by their own words, a
    round's boards by number with White – Black (``at``: the index of the first, as the
    operation stored it); other items by count."""
    from core.i18n.terms import bye_name

    head = path[0] if len(path) == 1 else None
    path = list(path)
    said: list[str] = []
    for k, item in enumerate(items):
        if isinstance(item, Mapping) and path[-1:] == ["boards"] and "w" in item:
            said.append(_board(item, t, at + k + 1 if isinstance(at, int) else None))
        elif not isinstance(item, Mapping):
            said.append(_value("", item, t))
        elif head == "requested_byes":
            kind = {"H": "half", "F": "full", "Z": "zero"}.get(str(item.get("kind")), str(item.get("kind")))
            said.append(_("{bye}: {player}, round {round}").format(
                bye=bye_name(kind), player=_player_number(t, item.get("pno")), round=item.get("round")))
        elif "name" in item:
            said.append(f"{item.get('pno', '')} {item['name']}".strip())
        elif "groups" in item and head is None and path[-1:] == ["tie_orders"]:
            said.append(_tie_order(item, t))
        elif "key" in item and "kind" in item:  # a prize group: its key as prizes list shows it
            said.append(str(item["key"]))
        elif head == "rounds" and "number" in item:
            boards = len(item.get("boards", []))
            said.append(ngettext("round {n} ({boards} board)", "round {n} ({boards} boards)", boards).format(
                n=item["number"], boards=boards))
        else:
            said.append(ngettext("{n} entry", "{n} entries", len(item)).format(n=len(item)))
    return "; ".join(said)  # names hold commas: items apart by semicolons


def _value(key: Any, value: Any, t: Tournament) -> str:
    """A stored value as the screens show it: ``–`` for nothing, a result as on the boards,
    a player's number with the name, a list by its items or their count."""
    from core.model import GameResult

    if value == MISSING or _empty(value) or (value == 0 and key in ("rating", "national_rating")):
        return "–"  # nothing, or an unrated player's 0: as players edit says it
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if key == "r" and isinstance(value, str):
        try:
            return GameResult(value).text
        except ValueError:
            return value
    if key in ("w", "b") and isinstance(value, int):
        return _player_number(t, value)
    if isinstance(value, str) and key in WORDED:
        return WORDED[key](value) or value
    if key == "points" and isinstance(value, Mapping):
        return _points(value)
    if isinstance(value, Mapping) and "result" in value and "white" in value:  # a playoff game's result
        return _game(value, t)
    if key == "flag_later" and isinstance(value, Mapping):
        return _flags(value)
    if key == "bids" and isinstance(value, Mapping):
        return _bids(value, t)
    if key == "options" and isinstance(value, Mapping):  # the event's settings by their names
        named = {_(OPTION_NAMES[k]) for k in value if k in OPTION_NAMES}
        return ", ".join(sorted(named)) or ngettext("{n} entry", "{n} entries", len(value)).format(n=len(value))
    if key == "playoffs" and isinstance(value, Mapping):  # the playoffs by their keys
        return ", ".join(_("Playoff {key}").format(key=k) for k in value)
    if key == "prizes" and isinstance(value, Mapping) and isinstance(value.get("groups"), list):
        return ", ".join(str(g.get("key")) for g in value["groups"] if isinstance(g, Mapping)) or "–"
    if key == "tie_orders" and isinstance(value, list):
        return "; ".join(_tie_order(item, t) for item in value if isinstance(item, Mapping)) or "–"
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value) and len(value) <= 8:
            return ", ".join(str(v) for v in value)
        return ngettext("{n} entry", "{n} entries", len(value)).format(n=len(value))
    if isinstance(value, Mapping):
        return ngettext("{n} entry", "{n} entries", len(value)).format(n=len(value))
    return str(value)


def _board(item: Mapping[str, Any], t: Tournament, number: int | None) -> str:
    """A board of a round: ``board 3: 5 Şahin, Emre – 4 Щукин, Яков 1-0`` (its result, if any,
    as the boards show it)."""
    from core.model import GameResult

    pair = f"{_player_number(t, item.get('w'))} – {_player_number(t, item.get('b'))}"
    try:
        result = GameResult(str(item["r"])).text if item.get("r") else ""
    except ValueError:
        result = str(item.get("r"))
    said = f"{pair} {result}".strip()
    return _("board {board}: {game}").format(board=number, game=said) if number is not None else said


def _flags(value: Mapping[str, Any]) -> str:
    """A cup's Armageddons decided on the flag: ``round 1, board 5: Black`` each."""
    from core.i18n.terms import colour_name

    said = []
    for where, side in value.items():
        round_no, _dot, board = str(where).partition(".")
        said.append(f"{_('round {round}, board {board}').format(round=round_no, board=board)}: {colour_name(str(side))}")
    return "; ".join(said)


def _bids(value: Mapping[str, Any], t: Tournament) -> str:
    """Armageddon bids: each player with the time bid for Black (``4 Щукин, Яков 3 min 30 s``)."""
    from core.i18n.clock import duration_text

    said = []
    for bids in value.values():
        if isinstance(bids, Mapping):
            said += [f"{_player_number(t, int(p) if str(p).isdigit() else p)} {duration_text(int(v))}"
                     for p, v in bids.items() if str(v).isdigit()]
    return "; ".join(said) or "–"


def _points(value: Mapping[str, Any]) -> str:
    """A point system as the settings show it: win; draw; loss; pairing-allocated bye (``1; ½;
    0; 1``), not its number of entries."""
    from fractions import Fraction

    from core.i18n.format import format_points

    try:
        return "; ".join(format_points(Fraction(str(value[k]))) for k in ("win", "draw", "loss", "pab"))
    except (KeyError, ValueError, ZeroDivisionError):
        return ngettext("{n} entry", "{n} entries", len(value)).format(n=len(value))


def _game(value: Mapping[str, Any], t: Tournament) -> str:
    """A playoff game's result: White – Black and the result as the boards show it."""
    from core.model import GameResult

    try:
        result = GameResult(str(value.get("result"))).text
    except ValueError:
        result = str(value.get("result"))
    return f"{_player_number(t, value.get('white'))} – {_player_number(t, value.get('black'))} {result}"


def _tie_order(item: Mapping[str, Any], t: Tournament) -> str:
    """An order decided outside the tie-breaks: its players best first (a tied group joined
    by ``=``), and whether a playoff or the arbiter decided it."""
    groups = [g if isinstance(g, list) else [g] for g in item.get("groups", [])]
    order = "; ".join(" = ".join(_player_number(t, p) for p in g) for g in groups)
    source = _("playoff") if item.get("source") == "playoff" else _("arbiter's order")
    return f"{order} ({source})"


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}
