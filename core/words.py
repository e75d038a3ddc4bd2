"""The journal's words: what a change was, kept as data and said in the reader's language.

Why: the journal used to keep only an English phrase (``result round 1 board 3 1-0``), so a
Turkish organiser read ``Geri alındı: result round 1 …`` in the undo toast, the undo question,
``hakem log`` and the "changed by" notice.  A journal line is written once, by one process in
one language, and read later by anyone in theirs — so a change is recorded as an
:class:`Action`: a *kind* (a stable key of :data:`SENTENCES`) and its *arguments* (numbers,
names, result codes — data, no words), kept in the entry as ``what``.  The sentence is built
when it is shown (:func:`say`), through the catalog, in the reader's language.

Every entry also keeps ``action``, the English sentence: readers of earlier versions and
``grep`` still find it, and entries written before ``what`` existed (or of a kind this version
does not know) are shown with it, as before.

Why not in :mod:`core.store`: the front ends build the words of a change (the playoff's) and
say them (undo, ``hakem log``), and a front end never imports the store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from core.i18n import N_, _

SENTENCES: dict[str, str] = {
    # the store's own
    "create": N_("create"),
    "archive": N_("archive"),
    "unarchive": N_("unarchive"),
    "delete": N_("delete (moved to the trash)"),
    "restore": N_("restore from the trash"),
    "undo": N_("undo: {change}"),
    "redo": N_("redo: {change}"),
    # rounds and results
    "pair": N_("pair round {round}"),
    "unpair": N_("unpair last round"),
    "manual": N_("manual pairing"),
    "schedule": N_("schedule round {round}"),
    "result": N_("result round {round} board {board} {result}"),
    "result_corrected": N_("result round {round} board {board} {result} (correction of {old})"),
    "cup_boards_added": N_("round {round}: boards {boards} added (the match is level)"),
    "cup_boards_removed": N_("round {round}: boards {boards} removed (their match is decided)"),
    "go_result": N_("go result round {round} board {board}"),
    "go_refusal": N_("go refusal {player} round {round}"),
    "playoff": N_("playoff {key}: {what}"),
    "playoff_created": N_("playoff {key}: created for players {players}"),
    "playoff_scheduled": N_("playoff {key}: {format}, places {places}, start {start}"),
    "playoff_result": N_("playoff {key}: {game} {result}"),
    "playoff_result_removed": N_("playoff {key}: result of {game} removed"),
    "playoff_game": N_("playoff {key}: {game} {white} – {black} {result}"),
    "playoff_game_corrected": N_("playoff {key}: {game} {white} – {black} corrected from {old} to {result}"),
    "playoff_game_removed": N_("playoff {key}: result {old} of {game} {white} – {black} removed"),
    "playoff_lot": N_("playoff {key}: lot {lot} = {value}"),
    "playoff_bids": N_("playoff {key}: Armageddon bids {bids}"),
    "playoff_choice": N_("playoff {key}: {side} chosen in {game}"),
    "playoff_start": N_("playoff {key}: start time {start}"),
    "cup_bids": N_("cup armageddon bids {bids}"),
    "cup_flag": N_("cup round {round} board {board} flag fell later: {side}"),
    # players
    "add_player": N_("add player {name}"),
    "add_player_from_list": N_("add player {name} from list {source}"),
    "add_member_player": N_("add player {name} (member {number})"),
    "link_members": N_("link {count} players to members"),
    "late_entry_next": N_("add player {name} (late entry: next number, {pno}; nobody renumbered)"),
    "late_entry_slotted": N_("add player {name} (late entry slotted in as number {pno}; renumbered {moves})"),
    "import_players": N_("import {count} players from {source}"),
    "update_ratings": N_("update ratings from list"),
    "update_ratings_for": N_("update ratings from list (rating for pairing: {kinds})"),
    "edit_player": N_("edit player {player}: {fields}"),
    "remove_player": N_("remove player {player}"),
    "remove_player_redraw": N_("remove player {player}; table numbers drawn again (seed {seed})"),
    "entry_redraw": N_("{change}; table numbers drawn again (seed {seed})"),
    "withdraw": N_("withdraw player {player}"),
    "withdraw_from": N_("withdraw player {player} from round {round}"),
    "reinstate": N_("reinstate player {player}"),
    "bye_pab": N_("pab bye for player {player} in round {rounds}"),
    "bye_half": N_("half bye for player {player} in round {rounds}"),
    "bye_full": N_("full bye for player {player} in round {rounds}"),
    "bye_zero": N_("zero bye for player {player} in round {rounds}"),
    "cancel_bye": N_("cancel bye of player {player} in round {rounds}"),
    "forbid": N_("forbidden pairing {players}"),
    "unforbid": N_("remove forbidden pairing {number}"),
    "assign_numbers": N_("assign pairing numbers"),
    "table_numbers": N_("draw table numbers"),
    "checkin_open": N_("open check-in"),
    "checkin_close": N_("close check-in"),
    "present": N_("present {players}"),
    "absent": N_("absent {players}"),
    "fees": N_("entry fees"),
    "add_team": N_("add team {team}"),
    "edit_team": N_("edit team {team}"),
    "roster": N_("roster of team {team}"),
    "remove_team": N_("remove team {team}"),
    "team_bye": N_("zero-point bye for team {team} in round {rounds}"),
    "cancel_team_bye": N_("cancel the bye of team {team} in round {rounds}"),
    "withdraw_team": N_("withdraw team {team}"),
    "teams_from_clubs": N_("teams from clubs"),
    # the tournament's settings
    "roles": N_("roles: {words}"),
    "prize_group": N_("prize group {key}"),
    "remove_prize_group": N_("remove prize group {key}"),
    "prize_rules": N_("prize rules"),
    "settings": N_("settings {keys}"),
    "tiebreak_settings": N_("tie-break settings"),
    "go_settings": N_("go settings"),
    "keizer_settings": N_("keizer settings"),
    "publish_settings": N_("publish settings"),
}
"""Each kind of change the journal records, as an English sentence with named arguments
(the catalog's msgid: translated when shown)."""

FULLER: dict[str, tuple[str, tuple[str, ...]]] = {
    "result": (N_("result round {round} board {board}: {white} – {black} {result}"), ("white", "black")),
    "result_corrected": (N_("correction: round {round}, board {board}: {white} – {black} {old} → {result}"),
                         ("white", "black")),
}
"""The reader's sentence of a kind whose entry kept more than its English ``action`` says
(a result's White and Black, by number and name: the log is read without the round at hand);
the ``action`` keeps the short form earlier versions wrote and ``grep`` finds, and an entry
without these arguments is said with :data:`SENTENCES`."""

ONE: dict[str, tuple[str, str]] = {
    "cup_boards_added": (N_("round {round}: board {boards} added (the match is level)"), "boards"),
    "cup_boards_removed": (N_("round {round}: board {boards} removed (its match is decided)"), "boards"),
}
"""The sentence of a kind whose list names one item (``boards`` ``5``, not ``5, 6``): "board 5
added", not "boards 5" (a list of numbers has no count for ngettext to choose by)."""

WORDS: dict[str, dict[str, str]] = {
    "result": {"": N_("none")},
    "side": {"white": N_("white"), "black": N_("black")},
    "kinds": {"": N_("by the event kind"), "kind": N_("The event's kind only"),
              "rapid-standard": N_("Rapid, else standard"),
              "blitz-rapid-standard": N_("Blitz, else rapid, else standard")},
}
"""Arguments whose value is a word of ours (said in the reader's language), by argument."""


def _playoff_key(key: Any, translate: Callable[[str], str]) -> str | None:
    """A playoff the TUI named after its players (``tie-3-9``) as its players' numbers."""
    numbers = key.removeprefix("tie-").split("-") if isinstance(key, str) and key.startswith("tie-") else []
    return ", ".join(numbers) if numbers and all(n.isdigit() for n in numbers) else None


def _playoff_format(variant: Any, translate: Callable[[str], str]) -> str | None:
    from core.playoff.labels import VARIANT_NAMES

    name = VARIANT_NAMES.get(variant) if isinstance(variant, str) else None
    return translate(name) if name is not None else None


def _playoff_game(game_id: Any, translate: Callable[[str], str]) -> str | None:
    from core.playoff.labels import label_of

    return label_of(game_id) if isinstance(game_id, str) and translate is _ else None


SETTING_NAMES: dict[str, str] = {
    "name": N_("Name"), "place": N_("City"), "federation": N_("Federation"), "start_date": N_("Start date"),
    "end_date": N_("End date"), "chief_arbiter": N_("Chief arbiter"), "deputy_arbiters": N_("Deputy arbiters"),
    "time_control": N_("Time control"), "points": N_("Point system"), "initial_colour": N_("Initial colour"),
    "tiebreaks": N_("Tie-breaks"), "tiebreak_regime": N_("Unplayed-round rule"), "acceleration": N_("Acceleration"),
    "total_rounds": N_("Rounds"), "language": N_("Language"), "system": N_("Pairing system"),
    "options": N_("Options"), "round_dates": N_("Round dates"), "round_times": N_("Round times"),
    "time_control_code": N_("Time-control code"),
}
"""The tournament's settings (:func:`core.changes.settings.set_settings`) by name, for the journal."""

PLAYER_FIELD_NAMES: dict[str, str] = {
    "name": N_("Name"), "rating": N_("Rating"), "national_rating": N_("National rating"), "title": N_("Title"),
    "federation": N_("Federation"), "fide_id": N_("FIDE id"), "national_id": N_("National id"), "club": N_("Club"),
    "birth": N_("Birth"), "sex": N_("Sex"), "extra": N_("Go rank and EGD pin"),
}
"""A player's fields by name, for the journal."""


def _settings(keys: Any, translate: Callable[[str], str]) -> str | None:
    names = keys.split(", ") if isinstance(keys, str) else keys if isinstance(keys, list) else None
    if names is None:
        return None
    return ", ".join(translate(SETTING_NAMES[k]) if k in SETTING_NAMES else str(k) for k in names)


def _player_fields(fields: Any, translate: Callable[[str], str]) -> str | None:
    """A player's fields as the edit changed them.  For the reader as ``players edit`` and
    ``log --changes`` say them (``Doğum: 05.06.2001; ELO: 1500``: the date in the reader's form,
    no quotes of Python's); the stored English action keeps its ``Rating 2100`` form."""
    if not isinstance(fields, Mapping):
        return None  # an entry of an earlier version: its words as they were
    label = {k: translate(PLAYER_FIELD_NAMES[k]) if k in PLAYER_FIELD_NAMES else k for k in fields}
    if translate is _english:
        return ", ".join(f"{label[k]} {v!r}" for k, v in fields.items())
    return "; ".join(f"{label[k]}: {field_value(k, v)}" for k, v in fields.items())


def field_value(key: str, value: Any) -> str:
    """A player's field as read: ``–`` for nothing (an unrated player's 0 too), a birth date in
    the reader's form (``05.06.2001``), a title in the reader's letters, the Go data as ``key
    value`` pairs."""
    if value in (None, "", {}) or (value == 0 and key in ("rating", "national_rating")):
        return "–"
    if key == "birth" and isinstance(value, str) and len(value) == 10:
        from core.i18n.format import format_date

        try:
            return format_date(value)
        except ValueError:
            return value
    if key == "title" and isinstance(value, str):  # in the reader's letters (Russian ЖМФ, not WFM)
        from core.i18n.terms import title_word

        return title_word(value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {item}" for k, item in sorted(value.items()))
    return str(value)


def _result(code: Any, translate: Callable[[str], str]) -> str | None:
    """A result code as stored (``1/2``, ``-+``) as the boards show it (``½-½``, ``-:+``)."""
    from core.model import GameResult

    try:
        return GameResult(code).text if isinstance(code, str) else None
    except ValueError:
        return None  # a playoff's or an earlier version's words: as they were


SHOWN: dict[str, Callable[[Any, Callable[[str], str]], str | None]] = {
    "key": _playoff_key, "format": _playoff_format, "game": _playoff_game,
    "keys": _settings, "fields": _player_fields, "result": _result, "old": _result,
}
"""Arguments kept as ids or data (a playoff's key and format, a game's id, names of settings
and of a player's fields) and said in the reader's words when shown; ``None``: the value as
it is (a name the organiser gave, an entry of an earlier version)."""

AS_STORED = ("result", "old")
"""Arguments the entry's English ``action`` keeps as stored (``1/2``: what ``grep`` and earlier
versions find); the reader sees them as the boards show them."""

NAMED = ("player", "players", "key", "white", "black")
"""Arguments that are players' numbers (a playoff's key named after its players, ``tie-9-10``;
a key the organiser typed stays as typed): said as number and
name (``2 Ivanov, Ilya``) from the entry's ``names`` — the names when the change was made, as
numbers move before round 1 — else from the names the reader passes (the event now)."""

NAMES = "names"
"""The argument keeping the names of the players a change names: ``{"2": "Ivanov, Ilya"}``."""


def with_names(action: Action, names: Mapping[int, str]) -> Action:
    """``action`` keeping the names of the players it names (``names``: number → name)."""
    return Action(action.kind, {**action.args, NAMES: {str(pno): name for pno, name in names.items()}})


def _named(text: str, names: Mapping[str, str]) -> str:
    """``"9, 10, 12"`` / ``"3 5"`` / ``"2"`` as ``"9 Kaya, Can; 10 …"``: each number with its
    player's name (a semicolon between them: names hold commas); other text as it is."""
    import re

    numbers = re.findall(r"\d+", text)
    if not numbers or re.sub(r"[\d,;\s]", "", text) or not all(n in names for n in numbers):
        return text
    return "; ".join(f"{n} {names[n]}" for n in numbers)


NESTED = "of"
"""The argument of an undo or redo: the ``what`` of the change undone (``text``: its English
sentence, for a change recorded before ``what`` existed)."""


ALSO = "also"
"""The argument of a change's consequence made in the same step, kept as its own ``what`` and
said after it: a knockout result that levels a match adds the tie-break boards
(``cup_boards_added``), a correction that decides it removes them — the journal says so, as
``hakem result`` does on the screen."""


@dataclass(frozen=True)
class Action:
    """One change as the journal records it: its kind and its arguments (data, no words)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in SENTENCES:  # a programming error: every kind has its sentence
            raise ValueError(f"no sentence for the journal's kind {self.kind!r}")

    def data(self) -> dict[str, Any]:
        """What the entry keeps as ``what``."""
        return {**self.args, "kind": self.kind}

    def __str__(self) -> str:
        """The English sentence (the entry's ``action``, as before: numbers only)."""
        return sentence(self.data(), _english) or self.kind


def _english(text: str) -> str:
    return text


def act(kind: str, **args: Any) -> Action:
    return Action(kind, args)


def entry_words(action: str | Action) -> dict[str, Any]:
    """The fields a journal entry keeps of its action: ``action`` (English) and, for an
    :class:`Action`, ``what`` (the data the reader's sentence is built from)."""
    if isinstance(action, Action):
        return {"action": str(action), "what": action.data()}
    return {"action": str(action)}


def stepped(which: str, item: Mapping[str, Any], entry: Mapping[str, Any] | None) -> Action:
    """The action of an undo or redo (``which``) of the change ``item`` names (``entry``: its
    journal entry when found, whose ``what`` says what it was)."""
    what = entry.get("what") if entry is not None else None
    return Action(which, {NESTED: what if isinstance(what, dict) else None, "text": str(item.get("action", ""))})


def say(entry: Mapping[str, Any], names: Mapping[int, str] | None = None) -> str:
    """The change of a journal entry (or an undo item, or ``Desk.last_change``'s words) in
    the reader's language; the English ``action`` when there is no ``what`` this version
    knows (an entry of an earlier version).  ``names``: the event's players now (number →
    name), naming the players of an entry that kept no names (:data:`NAMED`)."""
    return sentence(entry.get("what"), _, names) or str(entry.get("action", ""))


def sentence(what: Any, translate: Callable[[str], str], names: Mapping[int, str] | None = None) -> str | None:
    """The sentence of ``what`` through ``translate`` (``_`` or English), None when ``what``
    is not a kind known here or lacks an argument its sentence names."""
    if not isinstance(what, Mapping) or not isinstance(what.get("kind"), str):
        return None
    template = SENTENCES.get(what["kind"])
    if template is None:
        return None
    one, listed = ONE.get(what["kind"], (None, ""))
    if one is not None and "," not in str(what.get(listed, ",")):
        template = one
    fuller, needs = FULLER.get(what["kind"], (None, ()))
    if fuller is not None and translate is not _english and all(key in what for key in needs):
        template = fuller
    kept = what.get(NAMES)
    known = ({str(k): str(v) for k, v in kept.items()} if isinstance(kept, Mapping)
             else {str(k): v for k, v in (names or {}).items()})
    values: dict[str, str] = {}
    for key, value in what.items():
        if key == NESTED:
            values["change"] = sentence(value, translate, names) or str(what.get("text", ""))
        elif key == ALSO:
            continue
        elif key in WORDS and isinstance(value, str) and value in WORDS[key]:
            values[key] = translate(WORDS[key][value])
        elif key in SHOWN and not (key in AS_STORED and translate is _english):
            values[key] = SHOWN[key](value, translate) or str(value)
        else:
            values[key] = str(value)
        if key in NAMED and known and translate is not _english and (key != "key" or values[key] != str(value)):
            values[key] = _named(values[key], known)
    try:
        said = translate(template).format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None  # a translation naming an argument this entry lacks: the English words
    also = sentence(what.get(ALSO), translate, names)
    return f"{said}; {also}" if also else said
