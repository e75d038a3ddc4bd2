"""Tournament <-> plain JSON values (for the store, the journal and JSON exports).

Why hand-written: the JSON must be stable across versions (schema version + migrations) and
exact (points as strings like "0.5", never floats), and readable by people repairing a file.
"""

from __future__ import annotations

from core.i18n import N_, _

from fractions import Fraction
from functools import lru_cache
from typing import Any

from core.model import (
    Board, Bye, ByeKind, Colour, ForbiddenRange, GameResult, Match, Player, PointAdjustment, PointSystem, TeamAdjustment, RequestedBye, Round, Team,
    Tournament, format_points, points,
)

SCHEMA_VERSION = 1

_POINT_FIELDS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "full_bye", "half_bye",
                 "zero_bye")
_PLAYER_FIELDS = ("pno", "name", "rating", "national_rating", "title", "federation", "fide_id",
                  "national_id", "club", "birth", "sex", "joined_round", "withdrawn_round")


def _player_to(p: Player) -> dict[str, Any]:
    d = {f: getattr(p, f) for f in _PLAYER_FIELDS}
    if p.extra:
        d["extra"] = dict(p.extra)
    if p.member is not None:
        d["member"] = p.member
    return d


def _board_to(b: Board) -> dict[str, Any]:
    d: dict[str, Any] = {"w": b.white, "b": b.black, "r": b.result.value if b.result else None}
    if b.unrated:
        d["unrated"] = True
    if b.handicap is not None:
        d["handicap"] = b.handicap
    if b.komi is not None:
        d["komi"] = format_points(b.komi)
    if b.colourless:
        d["colourless"] = True
    if b.game:
        d["game"] = b.game
    return d


def _board_from(d: dict[str, Any]) -> Board:
    handicap, komi = d.get("handicap"), d.get("komi")
    return _board_cached(_int(d["w"]), _int(d["b"]), d.get("r"), bool(d.get("unrated", False)),
                         None if handicap is None else _int(handicap),
                         None if komi is None else _str(komi), bool(d.get("colourless", False)),
                         _str(d.get("game", "")))


@lru_cache(maxsize=65536)
def _board_cached(white: int, black: int, result: str | None, unrated: bool,
                  handicap: int | None, komi: str | None, colourless: bool = False,
                  game: str = "") -> Board:
    """Boards are immutable values, so identical ones are shared (loading is on the hot path
    of every result entry)."""
    return Board(white, black, GameResult(result) if result else None, unrated, handicap,
                 points(komi) if komi is not None else None, colourless, game)


def _bye_to(y: Bye) -> dict[str, Any]:
    d: dict[str, Any] = {"pno": y.pno, "kind": y.kind.value}
    if y.trf_code:
        d["trf_code"] = y.trf_code
    if y.absent:
        d["absent"] = True
    return d


class _Memo:
    """Serialised form of immutable sub-objects (players, rounds) kept by identity, so saving a
    tournament after one result re-serialises one round, not all of them."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.items: dict[int, tuple[object, Any]] = {}

    def get(self, obj: object, make: Any) -> Any:
        hit = self.items.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = make(obj)
        if len(self.items) >= self.size:
            self.items.clear()
        self.items[id(obj)] = (obj, value)
        return value


_ROUND_MEMO = _Memo()
_PLAYER_MEMO = _Memo()


def _round_to(r: Round) -> dict[str, Any]:
    return {
        "number": r.number, "boards": [_board_to(b) for b in r.boards],
        "byes": [_bye_to(y) for y in r.byes],
        "manual": r.manual,
        "matches": [{"home": m.home, "away": m.away, "boards": list(m.boards)} for m in r.matches],
    }


def tournament_to_dict(t: Tournament) -> dict[str, Any]:
    return {
        "id": t.id, "name": t.name, "system": t.system, "total_rounds": t.total_rounds,
        "place": t.place, "federation": t.federation, "start_date": t.start_date,
        "end_date": t.end_date, "chief_arbiter": t.chief_arbiter,
        "deputy_arbiters": list(t.deputy_arbiters), "time_control": t.time_control,
        "points": {f: format_points(getattr(t.points, f)) for f in _POINT_FIELDS},
        "initial_colour": t.initial_colour.value if t.initial_colour else None,
        "tiebreaks": list(t.tiebreaks), "tiebreak_regime": t.tiebreak_regime,
        "acceleration": t.acceleration,
        "players": [_PLAYER_MEMO.get(p, _player_to) for p in t.players],
        "rounds": [_ROUND_MEMO.get(r, _round_to) for r in t.rounds],
        "requested_byes": [{"pno": b.pno, "round": b.round, "kind": b.kind.value}
                           for b in t.requested_byes],
        "teams": [{"id": tm.id, "name": tm.name, "members": list(tm.members), "short": tm.short,
                   "rating": tm.rating} for tm in t.teams],
        "forbidden": [list(g) for g in t.forbidden],
        "forbidden_ranges": [{"first": f.first, "last": f.last, "players": list(f.players)}
                             for f in t.forbidden_ranges],
        "round_dates": list(t.round_dates), "round_times": list(t.round_times),
        "time_control_code": t.time_control_code,
        "language": t.language,
        "options": dict(t.options),
        **_adjustments_to(t),
    }


def _adjustments_to(t: Tournament) -> dict[str, Any]:
    """Point adjustments of players and of teams (TRF ``299``); the keys are left out when
    there are none, so files of events without penalties are as they always were."""
    out: dict[str, Any] = {}
    if t.adjustments:
        out["adjustments"] = [{"players": list(a.players), "points": format_points(a.points),
                               "round": a.round, "kind": a.kind} for a in t.adjustments]
    if t.team_adjustments:
        out["team_adjustments"] = [{"teams": list(a.teams), "match_points": format_points(a.match_points),
                                    "game_points": format_points(a.game_points), "round": a.round,
                                    "kind": a.kind} for a in t.team_adjustments]
    return out


def _adjustment_from(d: dict[str, Any]) -> PointAdjustment:
    return PointAdjustment(tuple(_int(x) for x in d["players"]), points(_str(d["points"])),
                           _int(d.get("round", 0)), _str(d.get("kind", "")))


def _team_adjustment_from(d: dict[str, Any]) -> TeamAdjustment:
    return TeamAdjustment(tuple(_int(x) for x in d["teams"]), points(_str(d["match_points"])),
                          points(_str(d["game_points"])), _int(d.get("round", 0)), _str(d.get("kind", "")))


_INT_FIELDS = {"pno", "rating", "national_rating", "joined_round"}
_STR_FIELDS = {"name", "title", "federation", "fide_id", "national_id", "club", "birth", "sex"}


class Refused(TypeError):
    """A value of the wrong kind, said in the reader's words (``expected text, got «5»``):
    the import names it with the field it stands in (:func:`_locate`)."""

    field = ""


def _int(value: Any) -> int:
    """Strict integer: JSON numbers that are whole, never booleans or other types."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(_("expected a whole number, got {value!r}").format(value=value))
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise Refused(_("expected text, got {value!r}").format(value=value))
    return value


def _player_from(p: dict[str, Any]) -> Player:
    fields: dict[str, Any] = {}
    for f in _PLAYER_FIELDS:
        if f not in p:
            continue
        v = p[f]
        try:
            if f in _INT_FIELDS:
                fields[f] = _int(v)
            elif f in _STR_FIELDS:
                fields[f] = _str(v)
            else:  # withdrawn_round
                fields[f] = None if v is None else _int(v)
        except Refused as error:
            error.field = f
            raise
    extra = p.get("extra", {})
    if not isinstance(extra, dict):
        raise Refused(_("player extra data must be an object"))
    member = p.get("member")
    return Player(**fields, extra=dict(extra), member=None if member is None else _int(member))


def _text(d: dict[str, Any], key: str, default: str = "") -> str:
    """A text field of the tournament: missing or null is ``default``, anything but text is
    refused (a list or a number where text belongs passed the reader and then stopped every
    screen and command that used it: a member's hostile import must fail here)."""
    value = d.get(key)
    return default if value is None else _str(value)


def _optional_text(d: dict[str, Any], key: str) -> str | None:
    value = d.get(key)
    return None if value is None else _str(value)


def _options(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise Refused(_("expected an object, got {value!r}").format(value=value))
    return dict(value)


def tournament_from_dict(d: dict[str, Any]) -> Tournament:
    ps = d.get("points") or {}
    return Tournament(
        id=_str(d["id"]), name=_str(d["name"]), system=_text(d, "system", "dutch"),
        total_rounds=_int(d.get("total_rounds", 9)), place=_text(d, "place"),
        federation=_text(d, "federation"), start_date=_text(d, "start_date"),
        end_date=_text(d, "end_date"), chief_arbiter=_text(d, "chief_arbiter"),
        deputy_arbiters=tuple(_str(x) for x in d.get("deputy_arbiters", ())), time_control=_text(d, "time_control"),
        points=PointSystem(**{f: points(ps[f]) for f in _POINT_FIELDS if f in ps}),
        initial_colour=Colour(d["initial_colour"]) if d.get("initial_colour") else None,
        tiebreaks=tuple(_str(c) for c in d.get("tiebreaks", ())), tiebreak_regime=_optional_text(d, "tiebreak_regime"),
        acceleration=_optional_text(d, "acceleration"),
        players=tuple(_player_from(p) for p in d.get("players", ())),
        rounds=tuple(Round(
            number=int(r["number"]), boards=tuple(_board_from(b) for b in r.get("boards", ())),
            byes=tuple(Bye(_int(y["pno"]), ByeKind(y["kind"]), _str(y.get("trf_code", "")),
                           y.get("absent") is True)
                       for y in r.get("byes", ())),
            manual=bool(r.get("manual", False)),
            matches=tuple(Match(_int(m["home"]), _int(m["away"]), tuple(_int(x) for x in m.get("boards", ())))
                          for m in r.get("matches", ())),
        ) for r in d.get("rounds", ())),
        requested_byes=tuple(RequestedBye(_int(b["pno"]), _int(b["round"]), ByeKind(b["kind"]))
                             for b in d.get("requested_byes", ())),
        teams=tuple(Team(_int(tm["id"]), _str(tm["name"]), tuple(_int(x) for x in tm.get("members", ())),
                         _str(tm.get("short", "")),
                         int(tm.get("rating", 0))) for tm in d.get("teams", ())),
        forbidden=tuple(tuple(_int(x) for x in g) for g in d.get("forbidden", ())),
        forbidden_ranges=tuple(ForbiddenRange(_int(f["first"]), _int(f["last"]),
                                              tuple(_int(x) for x in f["players"]))
                               for f in d.get("forbidden_ranges", ())),
        round_dates=tuple(_str(x) for x in d.get("round_dates", ())),
        round_times=tuple(_str(x) for x in d.get("round_times", ())),
        time_control_code=_text(d, "time_control_code"),
        language=_text(d, "language"),
        options=_options(d.get("options")),
        adjustments=tuple(_adjustment_from(a) for a in d.get("adjustments", ())),
        team_adjustments=tuple(_team_adjustment_from(a) for a in d.get("team_adjustments", ())),
    )


_JSON_REASONS = {
    "Expecting ',' delimiter": N_("a comma expected"), "Expecting ':' delimiter": N_("a colon expected"),
    "Expecting value": N_("a value expected"),
    "Expecting property name enclosed in double quotes": N_("a field name in double quotes expected"),
    "Unterminated string starting at": N_("a text in quotes is not closed"),
    "Extra data": N_("more text after the end of the data"),
    "Invalid control character at": N_("a control character inside a text"),
    "Invalid \\escape": N_("a backslash that starts no escape"),
}
"""The JSON reader's reasons (English, fixed texts of Python's ``json``) in the reader's words."""


_LISTS = frozenset({"deputy_arbiters", "tiebreaks", "players", "rounds", "requested_byes", "teams", "forbidden",
                    "forbidden_ranges", "round_dates", "round_times", "adjustments", "team_adjustments"})
"""The tournament's fields that are lists (of objects or texts)."""


_MISSING = "missing"
"""The reason :func:`_locate` gives for a field not there (said as "the field … is missing")."""


def _json_reason(message: str) -> str:
    reason = _JSON_REASONS.get(message)
    return _(reason) if reason else _("not JSON as written by hakem")


def _value_reason(error: BaseException) -> str:
    """Why a value is refused, in the reader's words: our own refusal as it is; a key missing;
    anything else (a text where a list belongs, an unknown kind) in general words — never
    the Python error's English text or class name."""
    if isinstance(error, Refused):
        return str(error)
    return _("a value of the wrong kind")


def _fails(data: dict[str, Any]) -> BaseException | None:
    try:
        t = tournament_from_dict({"id": "", **data})
        tournament_from_dict(tournament_to_dict(t))
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError, OverflowError) as error:
        return error
    return None


def _locate(data: dict[str, Any], error: BaseException) -> tuple[list[str], str]:
    """Where in ``data`` the tournament cannot be read, and why: the field (and the entry of a
    list, counted from 1, and the field inside it), found after the failure by reading one
    field at a time, so the reading itself stays as fast as before."""
    if "name" not in data:
        return ["name"], _MISSING
    if not isinstance(data["name"], str) or not data["name"].strip():
        return ["name"], _value_reason(error) if isinstance(error, Refused) else _("the tournament has no name")
    base = {"name": data["name"]}
    for key, value in data.items():
        if key in ("id", "name"):
            continue
        wrong = _fails({**base, key: value})
        if wrong is None:
            continue
        if key in _LISTS and not isinstance(value, list):
            return [key], _("expected a list, got {value!r}").format(value=value)
        if isinstance(value, dict):
            for sub, item in value.items():
                if _fails({**base, key: {sub: item}}) is not None:
                    return [key, str(sub)], _value_reason(_fails({**base, key: {sub: item}}) or wrong)
        if not isinstance(value, list):
            return [key], _value_reason(wrong)
        for index, item in enumerate(value, start=1):
            wrong_item = _fails({**base, key: [item]})
            if wrong_item is None:
                continue
            entry = [key, _("entry {n}").format(n=index)]
            if not isinstance(item, dict):
                return entry, _("expected an object, got {value!r}").format(value=item) \
                    if key not in ("deputy_arbiters", "tiebreaks", "round_dates", "round_times", "forbidden") else _value_reason(wrong_item)
            if isinstance(wrong_item, KeyError) and wrong_item.args and wrong_item.args[0] not in item:
                return [*entry, str(wrong_item.args[0])], _MISSING
            if isinstance(wrong_item, Refused) and wrong_item.field:
                return [*entry, wrong_item.field], _value_reason(wrong_item)
            for sub in item:
                if _fails({**base, key: [{k: v for k, v in item.items() if k != sub}]}) is None:
                    return [*entry, str(sub)], _value_reason(wrong_item)
            return entry, _value_reason(wrong_item)
        return [key], _value_reason(wrong)
    return [], _value_reason(error)


__all__ = ["SCHEMA_VERSION", "tournament_to_dict", "tournament_from_dict", "Fraction"]


def tournament_from_json(text: str) -> Tournament:
    """A tournament from JSON text (``hakem export --json`` / ``hakem import x.json``), with a
    clear error for anything that is not a valid, consistent tournament."""
    import json

    from core.errors import TournamentError, ValidationError
    from core.validate import validate

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TournamentError(_('not valid JSON: line {line}, column {column}: {reason}').format(
            line=error.lineno, column=error.colno, reason=_json_reason(error.msg))) from error
    except RecursionError as error:
        raise TournamentError(_('not valid JSON: nested too deeply')) from error
    if isinstance(data, dict) and "tournament" in data and isinstance(data["tournament"], dict):
        data = data["tournament"].get("1", data["tournament"])
    if not isinstance(data, dict):
        raise TournamentError(_('not a hakem tournament: the JSON must be an object'))
    try:
        t = tournament_from_dict({"id": "", **data})
        if not isinstance(t.name, str) or not t.name.strip():
            raise ValueError(_("the tournament has no name"))
        # force every value to its type so bad files fail here, not later
        tournament_from_dict(tournament_to_dict(t))
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError, OverflowError) as error:
        path, reason = _locate(data, error)
        if path and reason is _MISSING:
            raise TournamentError(_('not a hakem tournament: the field {field} is missing').format(
                field=", ".join(path))) from error
        if path:
            raise TournamentError(_('not a hakem tournament: field {field}: {reason}').format(
                field=", ".join(path), reason=reason)) from error
        raise TournamentError(_('not a hakem tournament: {reason}').format(reason=reason)) from error
    problems = validate(t)
    if problems:
        raise ValidationError(problems, _('the tournament data has problems'))
    return t
