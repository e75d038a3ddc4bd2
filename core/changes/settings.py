"""The event's settings: name, system, rounds, point system, tie-breaks, the TRF header texts,
and each round's date and start time."""

from __future__ import annotations

from typing import Any

from core.errors import RoundError, TournamentError
from core.i18n import _, pgettext
from core.model import Tournament


def set_settings(t: Tournament, **changes: Any) -> Tournament:
    """Change tournament settings; the number of rounds cannot drop below the rounds paired."""
    allowed = {"name", "place", "federation", "start_date", "end_date", "chief_arbiter",
               "deputy_arbiters", "time_control", "points", "initial_colour", "tiebreaks",
               "tiebreak_regime", "acceleration", "total_rounds", "language", "system", "options",
               "round_dates", "round_times", "time_control_code"}
    unknown = set(changes) - allowed
    if unknown:
        raise TournamentError(_('unknown setting(s): {value}').format(value=', '.join(sorted(unknown))))
    if "total_rounds" in changes and changes["total_rounds"] < max(1, t.current_round):
        raise TournamentError(_('the number of rounds cannot be less than the {current_round} rounds already paired').format(current_round=t.current_round))
    if "system" in changes and t.current_round and changes["system"] != t.system:
        raise TournamentError(_('the pairing system cannot change after round 1 was paired'))
    if "name" in changes and not str(changes["name"]).strip():
        raise TournamentError(_('the tournament name must not be empty'))
    changes = {**changes, **_header_texts(changes)}
    if "total_rounds" in changes and t.options.get("rounds_from_players"):  # the organiser's number now
        options = changes.get("options", t.options)
        changes["options"] = {k: v for k, v in options.items() if k != "rounds_from_players"}
    from core.fields import check_event

    return check_event(t.with_changes(**changes), changes)


_HEADER_TEXTS = {"place": "022", "chief_arbiter": "102", "time_control": "122"}
"""Free-text settings written as a TRF header record of their own (``022 Ankara``)."""


def _header_label(key: str) -> str:
    """The name of a free-text header field in the user's language."""
    return {"place": pgettext("event", "place"), "chief_arbiter": _("chief arbiter"), "time_control": _("time control"),
            "deputy_arbiters": _("deputy arbiters")}[key]


def _header_texts(changes: dict[str, Any]) -> dict[str, Any]:
    """The free-text header fields among ``changes``, checked and trimmed: each becomes one
    line of a TRF file (a line break inside would start a record of its own), a deputy
    arbiter is a non-empty name (one 112 record each), the time-control code is the TRF-2026
    222 encoding."""
    from core.trf.fields import control_character, is_time_control

    out: dict[str, Any] = {}
    texts = {key: changes[key] for key in _HEADER_TEXTS if key in changes}
    deputies = tuple(str(name).strip() for name in changes.get("deputy_arbiters", ()))
    for key, value in [*texts.items(), *(("deputy_arbiters", name) for name in deputies)]:
        column = control_character(str(value))
        if column is not None:  # named as a player's name names it: which character, where
            from core.fields import character_said

            raise TournamentError(_('{what}: {character} at position {position} is a control character; type it '
                                    'without (a TRF record is one line)').format(
                what=_header_label(key), character=character_said(str(value)[column - 1]), position=column))
    if "deputy_arbiters" in changes:
        if any(not name for name in deputies):
            raise TournamentError(_('a deputy arbiter needs a name'))
        out["deputy_arbiters"] = deputies
    code = str(changes.get("time_control_code") or "").strip()
    if code and not is_time_control(code):
        raise TournamentError(_('--time-control-code {code!r}: use the TRF-2026 encoding, e.g. 5400+30, 40/6000+30:900+30, W300-B240').format(
            code=code))
    if "time_control_code" in changes:
        out["time_control_code"] = code
    return out


def set_round_schedule(t: Tournament, round_no: int, date: str | None = None,
                       time: str | None = None) -> Tournament:
    """Set the date (as :func:`core.fields.date` reads it: ``14.12.2026`` or ``2026-12-14``)
    and/or start time (``HH:MM``) of round ``round_no``; an empty text clears it.  Why per
    round: rating reports need every round's date (TRF 132), and pairing lists show when the
    round starts."""
    from core.fields import clock_time
    from core.fields import date as calendar_date

    if not 1 <= round_no <= t.total_rounds:
        raise RoundError(_('round {number} does not exist (the tournament has {total} rounds)').format(
            number=round_no, total=t.total_rounds))
    dates, times = list(t.round_dates), list(t.round_times)
    if date is not None:
        date = calendar_date(date, "date")  # the one date parser: 14.12.2026 as hakem prints it, or ISO
        dates += [""] * (round_no - len(dates))
        dates[round_no - 1] = date
    if time is not None:
        time = clock_time(time)
        times += [""] * (round_no - len(times))
        times[round_no - 1] = time
    while dates and not dates[-1]:
        dates.pop()
    while times and not times[-1]:
        times.pop()
    return t.with_changes(round_dates=tuple(dates), round_times=tuple(times))
