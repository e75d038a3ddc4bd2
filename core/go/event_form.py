"""The Go settings an event form asks for, checked one field at a time as the engines read them.

Why a module of its own: a Go organiser sets the system's own values (McMahon: bar, floor,
handicap bar, komi, handicap correction and ceiling, clubs groups; Gamma: komi) and a Go clock (Canadian or
Japanese byo-yomi, Fischer, sudden death) — not a chess point system or a chess time control.
The form must mark *the* field that is wrong, so each value is read alone by the reader the
engine uses (:func:`core.go.mcmahon_options.mcmahon_options`, :func:`core.go.handicap.even_komi`),
and ``hakem new --mm-bar …`` and the form refuse the same values with the same words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.errors import TournamentError
from core.go.mcmahon_options import McMahonOptions, mcmahon_options
from core.go.ranks import rank_label
from core.go.timing import parse
from core.i18n import _, pgettext
from core.model import Tournament

FORM_KEYS: dict[str, tuple[str, ...]] = {
    "mcmahon": ("bar", "floor", "handicap_bar", "komi", "correction", "ceiling", "club_groups"),
    "gamma": ("komi",),
}
"""The keys of ``options["go"]`` the form asks for, per Go system, in the form's order."""

CLOCKS = ("canadian", "japanese", "fischer", "sudden death")
"""Go time systems, as :func:`core.go.timing.parse` names the notation it read."""

CLOCK_EXAMPLES = {"canadian": "60+5/20", "japanese": "60+5x30s", "fischer": "45+15s", "sudden death": "90"}
"""How each time system is written (the form's placeholder): minutes + 5 minutes for 20
stones; + 5 periods of 30 seconds; + 15 seconds a move; basic time only."""


class GoFieldError(TournamentError):
    """A Go field refused: ``field`` is its key (``floor``, ``time_control``), ``detail`` the
    message (which names the field).  Like :class:`core.fields.FieldError`, kept here so the
    Go domain needs nothing above it."""

    def __init__(self, field: str, detail: str) -> None:
        self.field = field
        self.detail = detail
        super().__init__(detail)


def clock_name(kind: str) -> str:
    """The time system's name for people."""
    names = {"canadian": pgettext("go clock", "Canadian byo-yomi"),
             "japanese": pgettext("go clock", "Japanese byo-yomi"),
             "fischer": pgettext("go clock", "Fischer"),
             "sudden death": pgettext("go clock", "Sudden death")}
    return names[kind]


def clock_of(time_control: str) -> str:
    """The time system of a stored Go time control (Canadian when none is read: the EGF's
    most common, and what the form offers first)."""
    parsed = parse(time_control)
    return parsed[0] if parsed else CLOCKS[0]


def check_clock(kind: str, text: str) -> None:
    """Refuse a time control written in another system's notation than the one chosen
    (``60+5x30s`` typed with Canadian byo-yomi chosen), naming both and the chosen one's
    notation; an empty text is no time control.  Unreadable text is refused by
    :func:`core.fields.time_control` with the notations listed."""
    parsed = parse(text) if text.strip() else None
    if parsed is None or parsed[0] == kind:
        return
    raise GoFieldError("time_control", _("{text!r} is {found}, not {chosen}; write {chosen} like {example}").format(
        text=text.strip(), found=clock_name(parsed[0]), chosen=clock_name(kind), example=CLOCK_EXAMPLES[kind]))


def _defaults(system: str) -> dict[str, str]:
    base = McMahonOptions()
    if system == "gamma":
        from core.go.handicap import DEFAULT_KOMI

        return {"komi": _komi_shown(DEFAULT_KOMI)}
    return {"bar": rank_label(base.bar), "floor": rank_label(base.floor),
            "handicap_bar": rank_label(base.handicap_bar) if base.handicap_bar is not None else "none",
            "komi": _komi_shown(base.komi), "correction": str(base.correction), "ceiling": str(base.ceiling),
            "club_groups": ""}


def _komi_shown(value: Any) -> str:
    """A komi in the reader's notation (``7,5`` in tr/de/ru, as the result column and the CLI
    say it; the field reads either); a stored text that is no komi is shown as it is."""
    from core.go.mcmahon_options import parse_komi
    from core.i18n.format import format_decimal

    try:
        return format_decimal(parse_komi(value), max_digits=1)
    except TournamentError:
        return str(value)


def form_values(system: str, options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The texts the Go fields show: the event's ``options["go"]`` where set, else the
    system's defaults (OpenGotha's for McMahon, the Gamma procedure's komi 6.5)."""
    stored = dict(options or {})
    shown = {key: str(stored[key]) if stored.get(key) not in (None, "") else default
             for key, default in _defaults(system).items()}
    if stored.get("komi") not in (None, ""):
        shown["komi"] = _komi_shown(stored["komi"])
    if system == "mcmahon" and stored.get("club_groups") not in (None, ""):
        shown["club_groups"] = _groups_shown(stored["club_groups"])
    return shown


def _groups_shown(value: Any) -> str:
    """Clubs groups as typed (``Paris area: Paris, Versailles; …``), also those read from
    OpenGotha's file (stored as a list); a stored value that is no groups is shown as it is."""
    from core.go.mcmahon_options import club_groups_text, parse_club_groups

    try:
        return club_groups_text(parse_club_groups(value))
    except TournamentError:
        return str(value)


def _probe(system: str, go: Mapping[str, str]) -> None:
    t = Tournament(id="", name="", system=system, options={"go": dict(go)})
    if system == "mcmahon":
        mcmahon_options(t)
    else:
        from core.go.handicap import even_komi

        even_komi(t)


ALONE = {"floor": {"bar": "9d"}, "bar": {"floor": "30k"}}
"""What a bar or floor is checked with alone: the other at its extreme, so that only the
together check compares them — with the bar as typed, not the default one (a floor of 3d under
a typed bar of 4d was refused naming the default bar)."""


def check_go_fields(values: Mapping[str, str], system: str) -> dict[str, str]:
    """The Go options the form's fields give (an empty field: the default), each checked alone
    in the form's order, then together (a floor above the bar).  A refusal is a
    :class:`GoFieldError` whose ``field`` is the option's key and whose ``detail`` is the
    engine's own message.  What to store is what differs from what the form showed
    (:func:`changed`)."""
    keys = FORM_KEYS.get(system, ())
    typed = {key: str(values.get(key, "")).strip() for key in keys}
    for key in keys:
        if not typed[key]:
            continue
        try:  # alone: the bar against the weakest floor, the floor against the strongest bar
            _probe(system, {**ALONE.get(key, {}), key: typed[key]})
        except TournamentError as refused:
            raise GoFieldError(key, str(refused)) from refused
    try:
        _probe(system, {k: v for k, v in typed.items() if v})
    except TournamentError as refused:
        raise GoFieldError("floor" if "floor" in keys else keys[0], str(refused)) from refused
    return typed


def changed(checked: Mapping[str, str], shown: Mapping[str, str]) -> dict[str, str]:
    """The options to store: those typed otherwise than the form showed them (a new event
    stores only what differs from the defaults, as ``hakem new`` stores only the flags given;
    an emptied field is stored empty, which every reader takes as the default)."""
    return {key: value for key, value in checked.items() if value.lower() != str(shown.get(key, "")).lower()}
