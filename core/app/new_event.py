"""A new event from what the organiser gave: one way for ``hakem new`` and the TUI's form.

Both front ends used to build the :class:`~core.model.Tournament` themselves, each with its own
subset of the checks (the CLI refused an unknown tie-break, a Baku acceleration in a Double
Swiss, a bad McMahon bar; the form did not, and stored Go categories as typed).  Now each
says what it was given, in plain values (:class:`NewEvent`), and :func:`build_event` checks
and builds it; :meth:`core.app.workspace.Workspace.create_event` saves it.  What is about a
front end's own input stays there: the CLI's parsing of ``--points`` and of its flags, the
form's marking of the field that is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.model import Colour, PointSystem, Tournament


@dataclass(frozen=True)
class NewEvent:
    """What a new event is made of, as given (every field plain: it crosses the data
    service's wire).  Empty means "not given": the model's default."""

    name: str
    system: str = "dutch"
    rounds: int | None = None
    """``None``: not given — refused, except for a cup (its rounds are counted from the
    bracket when round 1 is paired)."""
    place: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    time_control: str = ""
    time_control_code: str = ""
    """TRF-2026 record 222 (``5400+30``)."""
    points: PointSystem | None = None
    pab_given: bool = False
    """The points give the PAB's own value (a Double Swiss's PAB is otherwise a game won plus
    a game drawn, C.04.5 1.4)."""
    tiebreaks: tuple[str, ...] = ()
    regime: str = ""
    initial_colour: str = ""
    """``white``, ``black``; empty: drawn at round 1."""
    acceleration: str = ""
    language: str = ""
    """The event's language; empty: the creator's (the front end passes its own: through the
    data service this process's language is the service's)."""
    rating_for_pairing: str = ""
    """:data:`core.ratinglists.apply.PAIRING_RATING_CHOICES`; empty: by the event's kind."""
    knockout: Mapping[str, Any] = field(default_factory=dict)
    """A cup's settings as typed: ``rules``, ``start`` (HH:MM), ``places``, ``third_place``."""
    go: Mapping[str, Any] = field(default_factory=dict)
    """A Go event's settings that differ from the defaults: ``komi`` (Gamma, McMahon) and
    McMahon's (bar, floor, categories …), as typed."""
    keizer: Mapping[str, str] = field(default_factory=dict)
    """A Keizer event's settings as typed (:data:`core.pairing.keizer.options.OPTION_KEYS`)."""
    team: Mapping[str, Any] = field(default_factory=dict)
    """A team event's ``boards``; a team Swiss's ``colour_preferences`` and ``primary``."""
    federation_apart_rounds: int | None = None
    federation_apart_points: str | None = None
    club_apart_rounds: int | None = None
    """A Swiss's "not paired" rules (:func:`core.pairing.swiss.restrictions.event_options`)."""
    demo: bool = False
    """Start from the demonstration event (:mod:`core.demo`: its name, system, rounds and
    players), the other settings given added."""


def build_event(spec: NewEvent) -> Tournament:
    """The event ``spec`` describes, every setting checked before anything is created; a
    refusal names the setting (:class:`~core.errors.TournamentError`)."""
    if spec.demo:
        from core.demo import demo_tournament
        from core.i18n import speaking

        with speaking(spec.language or None):  # named in the creator's language, not the service's
            t = check_new(demo_tournament())
        spec = replace(spec, system=t.system)
    else:
        check_system(spec.system)  # an unknown system is the mistake to name, not its rounds
        t = check_new(Tournament(id="", name=spec.name.strip(), system=spec.system, total_rounds=_rounds(spec)))
    t = t.with_changes(**_header(spec))
    options = {**_knockout(spec), **_go(spec), **_keizer(spec), **_team(spec), **_apart(spec)}
    if spec.rounds is None and _from_players(t.system):
        options[ROUNDS_FROM_PLAYERS] = True
    t = t.with_changes(options={**dict(t.options), **options}, points=_points(spec, t))
    if spec.rating_for_pairing:
        from core.changes.ratings import with_rating_for_pairing

        t = with_rating_for_pairing(t, spec.rating_for_pairing)
    _check_go(t, spec)
    return check_new(t)


ROUNDS_FROM_PLAYERS = "rounds_from_players"
"""Option of an all-play-all event made without ``--rounds``: its rounds follow from the players
(n−1 a cycle, a bye for an odd number), counted when round 1 is paired
(:func:`core.changes.rounds.prepare_next_round`)."""


def _from_players(system: str) -> bool:
    from core.pairing.roundrobin.system import SCHEDULES

    return system in SCHEDULES


def _rounds(spec: NewEvent) -> int:
    if spec.rounds is None and spec.system == "knockout":
        return 1
    if spec.rounds is None and _from_players(spec.system):
        return 1  # until round 1 is paired: then the table's rounds for the players registered
    if spec.rounds is None:
        raise TournamentError(_('the number of rounds is missing: give it with --rounds, e.g. --rounds 7'))
    if spec.rounds < 1:
        raise TournamentError(_('--rounds must be a whole number of at least 1'))
    return spec.rounds


def _header(spec: NewEvent) -> dict[str, Any]:
    """The settings kept in the event's own fields, those given only."""
    from core.i18n import current_language

    out: dict[str, Any] = {key: value.strip() for key, value in (
        ("place", spec.place), ("federation", spec.federation), ("start_date", spec.start_date),
        ("end_date", spec.end_date), ("chief_arbiter", spec.chief_arbiter),
        ("time_control", spec.time_control)) if value.strip()}
    if spec.time_control_code:
        from core.trf.fields import is_time_control

        if not is_time_control(spec.time_control_code):
            raise TournamentError(_('--time-control-code {code!r}: use the TRF-2026 encoding, e.g. 5400+30, 40/6000+30:900+30, W300-B240').format(
                code=spec.time_control_code))
        out["time_control_code"] = spec.time_control_code
    codes = tuple(c.strip() for c in spec.tiebreaks if c.strip())
    if codes:
        from core.tiebreaks.codes import parse_list

        parse_list(codes, spec.rounds or 0)  # an unknown or repeated criterion, a cut of every round, is refused
        out["tiebreaks"] = codes
    if spec.regime:
        out["tiebreak_regime"] = spec.regime
    if spec.initial_colour:
        out["initial_colour"] = Colour.WHITE if spec.initial_colour == "white" else Colour.BLACK
    if spec.acceleration:
        out["acceleration"] = spec.acceleration
    out["language"] = spec.language or current_language()
    return out


def _points(spec: NewEvent, t: Tournament) -> PointSystem:
    """The point system given (else the default); a Double Swiss scores matches (C.04.5 1.4)
    and takes no Baku acceleration."""
    points = spec.points or t.points
    if t.system != "double-swiss":
        return points
    from core.pairing.doubleswiss.state import match_points
    from core.pairing.doubleswiss.system import refuse_acceleration

    refuse_acceleration(t)
    return match_points(points, explicit_pab=spec.pab_given)


def _knockout(spec: NewEvent) -> dict[str, Any]:
    """``options["knockout"]``: a cup's settings, its first games' time as a clock time."""
    given = {key: value for key, value in spec.knockout.items() if value is not None}
    if not given:
        return {}
    if spec.system != "knockout":
        raise TournamentError(_('--knockout-rules, --start-time, --third-place and --places are for '
                                '--system knockout only'))
    if "start" in given:
        from core.playoff.cup import start_of_day

        given["start"] = start_of_day(str(given["start"]))
    if int(given.get("places", 1)) < 1:
        raise TournamentError(_('--places must be a whole number of at least 1'))
    if given.get("third_place") and int(given.get("places", 1)) != 1:
        raise TournamentError(_("A match for third place needs one winner (places 1)."))
    return {"knockout": given}


def _go(spec: NewEvent) -> dict[str, Any]:
    """``options["go"]``: komi for the Go systems, the rest for McMahon only."""
    given = dict(spec.go)
    if not given:
        return {}
    if "komi" in given and spec.system not in ("mcmahon", "gamma"):
        raise TournamentError(_('--komi is for Go systems (gamma, mcmahon)'))
    if set(given) - {"komi"} and spec.system != "mcmahon":
        raise TournamentError(_('the --mm-… options are for --system mcmahon only'))
    from core.go.mcmahon_options import normalised

    return {"go": normalised(given)}


def _check_go(t: Tournament, spec: NewEvent) -> None:
    """A bad bar, floor, komi … is refused before anything is created."""
    if t.system == "mcmahon":
        from core.go.mcmahon_options import mcmahon_options

        mcmahon_options(t)
    elif t.system == "gamma" and "komi" in spec.go:
        from core.go.handicap import even_komi

        even_komi(t)


def _keizer(spec: NewEvent) -> dict[str, Any]:
    """``options["keizer"]``, checked."""
    if not spec.keizer:
        return {}
    if spec.system != "keizer":
        raise TournamentError(_('the --kz-… options are for --system keizer only'))
    from core.pairing.keizer.options import parse_options, stored

    given = dict(spec.keizer)
    parse_options(given)
    return {"keizer": stored(given)}


def _team(spec: NewEvent) -> dict[str, Any]:
    """A team event's boards per match; a team Swiss's colour preferences (C.04.6 Art. 1.7)
    and the score it pairs by (C.04.6 Arts. 1.2, 1.4)."""
    given = {key: value for key, value in spec.team.items() if value is not None}
    if set(given) - {"boards"} and spec.system != "swiss-team":
        raise TournamentError(_('--team-colours and --team-primary are for --system swiss-team only'))
    if "boards" in given and int(given["boards"]) < 1:
        raise TournamentError(_('--boards must be at least 1, not {boards}').format(boards=given["boards"]))
    if given.get("primary") == "game" and spec.acceleration:
        raise TournamentError(_("Baku acceleration cannot be used when game points are the primary "
                                "score of a team Swiss (C.04.7)."))
    return given


def _apart(spec: NewEvent) -> dict[str, Any]:
    """A Swiss's rules for players of one federation or club (checked for the system)."""
    from core.pairing.registry import SYSTEMS
    from core.pairing.swiss.restrictions import event_options

    return event_options(spec.system, SYSTEMS.get(spec.system), spec.federation_apart_rounds,
                         spec.federation_apart_points, spec.club_apart_rounds)


def check_new(t: Tournament) -> Tournament:
    """What every new tournament needs, whichever front end made it: a name, a known pairing
    system, and its settings as :func:`core.fields.check_event` has them (1–99 rounds, real
    dates, a time control FIDE would write, a FIDE federation); returns it normalised."""
    from core.fields import check_event

    check_basics(t)
    return check_event(t)


def check_basics(t: Tournament) -> None:
    """A name, at least one round, a known pairing system, and names without control or
    invisible characters (the tournament's, the players' and clubs, the teams'): what even an
    imported file needs."""
    from core.fields import FieldError

    if not t.name.strip():
        raise FieldError("name", _("A tournament needs a name."))
    check_field_size(t)
    check_names(t)
    if t.total_rounds < 1:
        raise FieldError("total_rounds", _("A tournament needs at least one round."))
    check_system(t.system)


def check_system(system: str) -> None:
    """A pairing system hakem knows (checked first by ``hakem new``: an unknown system is the
    mistake to name, not the rounds it would need)."""
    from core.pairing.registry import system_ids

    known = system_ids()
    if known and system not in known:
        raise TournamentError(_('unknown system {system!r}; known: {value}').format(
            system=system, value=', '.join(known)))


def check_field_size(t: Tournament) -> None:
    """Refuse a tournament of more players than hakem can pair (the compiled matcher's limit,
    :data:`core.pairing.dutch.system.MAX_PLAYERS_NATIVE`): saved, it could never be paired,
    and every reader would carry it."""
    from core.pairing.dutch.system import MAX_PLAYERS_NATIVE

    if len(t.players) > MAX_PLAYERS_NATIVE:
        raise TournamentError(_("{count} players: more than hakem can pair ({limit}); nothing was saved").format(
            count=len(t.players), limit=MAX_PLAYERS_NATIVE))


def check_names(t: Tournament) -> None:
    """Every name of ``t`` as :func:`core.fields.name` accepts it; the refusal says whose
    (an imported file: the TRF or JSON reader keeps what the file says)."""
    from core.fields import FieldError, name

    name(t.name)
    for p in t.players:
        for key in ("name", "club"):
            try:
                name(getattr(p, key), key)
            except FieldError as error:
                raise TournamentError(_("player {pno}: {error}").format(pno=p.pno, error=error)) from None
    for team in t.teams:
        try:
            name(team.name, "team")
            name(team.short, "short")
        except FieldError as error:
            raise TournamentError(_("team {id}: {error}").format(id=team.id, error=error)) from None
