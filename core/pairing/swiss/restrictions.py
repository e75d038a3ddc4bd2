"""Event options that keep players apart, shared by every Swiss system.

Why here, next to the forbidden pairs: both options say "these two may not be paired in
this round", which is exactly what a forbidden pair (XXP / 260) says, and every FIDE Swiss
system treats that as an absolute criterion (C1, like a game already played; C.04.1 b).
So :func:`core.pairing.swiss.state.forbidden_pairs` adds them, and the Dutch engine and the
procedural systems honour them without knowing the options; with the options off nothing
changes.

* ``Tournament.options["same_federation"] = {"points": "4", "rounds": 3}`` — Swiss Rules 1999 §22
  (FIDE Swiss rules, EB 1999): in age-group and youth championships players of the same
  federation with more than P points are not paired in the last three rounds.  ``points`` is
  P (the points before the round; omitted: half of the points possible after the rounds
  played, our reading of the text's P); ``rounds`` the last rounds it covers (default 3).
* ``Tournament.options["club_mates"] = {"rounds": 3}`` — club practice: players of the same
  club are not paired in the first ``rounds`` rounds.

:func:`explained` runs an engine once more without the options when they barred a pair, and
writes on every board they decided which players the option kept apart and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from core.errors import PairingImpossible, TournamentError
from core.i18n import _
from core.model import Tournament, scores
from core.pairing.base import Engine, PairOptions, RoundPairing

SAME_FEDERATION = "same_federation"
CLUB_MATES = "club_mates"
DEFAULT_LAST_ROUNDS = 3


def _settings(t: Tournament, key: str) -> Mapping[str, Any] | None:
    raw = t.options.get(key) if t.options else None
    if raw is None or raw is False:
        return None
    if not isinstance(raw, Mapping):
        raise TournamentError(_("option {key!r} must be a mapping such as {{\"rounds\": 3}}").format(key=key))
    return raw


def _rounds(settings: Mapping[str, Any], key: str, default: int) -> int:
    try:
        value = int(settings.get("rounds", default))
    except (TypeError, ValueError):
        raise TournamentError(_("option {key!r}: rounds must be a whole number").format(key=key)) from None
    if value < 0:
        raise TournamentError(_("option {key!r}: rounds must not be negative").format(key=key))
    return value


def federation_threshold(t: Tournament, round_no: int) -> Fraction:
    """P of Swiss Rules 1999 §22: the option's ``points``, else half the points possible so far."""
    settings = _settings(t, SAME_FEDERATION) or {}
    if settings.get("points") is not None:
        try:
            return Fraction(str(settings["points"]))
        except (ValueError, ZeroDivisionError):
            raise TournamentError(_("option 'same_federation': points must be a number such as 4 or 3.5")) from None
    return Fraction(round_no - 1) * max(t.points.win, t.points.draw) / 2


def option_pairs(t: Tournament, round_no: int) -> dict[frozenset[int], str]:
    """Every pair the event's options keep apart in ``round_no``, with the reason (one line)."""
    out: dict[frozenset[int], str] = {}
    fed = _settings(t, SAME_FEDERATION)
    if fed is not None and round_no > t.total_rounds - _rounds(fed, SAME_FEDERATION, DEFAULT_LAST_ROUNDS):
        limit = federation_threshold(t, round_no)
        points = scores(t, round_no - 1)
        above = [p for p in t.players if p.federation and points.get(p.pno, Fraction(0)) > limit]
        text = _("{a} and {b} are not paired: same federation ({federation}), both with more than "
                 "{points} points, in the last {rounds} rounds (Swiss Rules 1999 §22)")
        last = _rounds(fed, SAME_FEDERATION, DEFAULT_LAST_ROUNDS)
        for i, a in enumerate(above):
            for b in above[i + 1:]:
                if a.federation == b.federation:
                    out[frozenset((a.pno, b.pno))] = text.format(
                        a=a.pno, b=b.pno, federation=a.federation, points=_points(limit), rounds=last)
    club = _settings(t, CLUB_MATES)
    if club is not None and round_no <= _rounds(club, CLUB_MATES, 0):
        first = _rounds(club, CLUB_MATES, 0)
        members = [p for p in t.players if p.club.strip()]
        text = _("{a} and {b} are not paired: club-mates ({club}) in the first {rounds} rounds")
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                key = frozenset((a.pno, b.pno))
                if a.club.strip().casefold() == b.club.strip().casefold() and key not in out:
                    out[key] = text.format(a=a.pno, b=b.pno, club=a.club.strip(), rounds=first)
    return out


def _points(value: Fraction) -> str:
    from core.i18n.format import format_points

    return format_points(value)


SWISS_FAMILIES = frozenset({"dutch", "dubov", "burstein", "lim", "doubleswiss"})
"""The registry families these options apply to (every Swiss system)."""


def event_options(system_id: str, family: str | None, federation_rounds: int | None,
                  federation_points: str | None, club_rounds: int | None) -> dict[str, dict[str, Any]]:
    """``Tournament.options`` entries for the two options (the ``hakem new`` flags), checked.
    ``family``: the registry's family of ``system_id`` (the caller's lookup: an engine's
    module never imports the registry, which imports the engines)."""
    out: dict[str, dict[str, Any]] = {}
    if federation_rounds is not None or federation_points is not None:
        fed: dict[str, Any] = {"rounds": DEFAULT_LAST_ROUNDS if federation_rounds is None else federation_rounds}
        if federation_points is not None:
            fed["points"] = federation_points
        out[SAME_FEDERATION] = fed
    if club_rounds is not None:
        out[CLUB_MATES] = {"rounds": club_rounds}
    if out and family not in SWISS_FAMILIES:
        raise TournamentError(_("--same-federation-rounds, --same-federation-points and "
                                "--club-mates-rounds are for Swiss systems only"))
    probe = Tournament(id="", name="check", system=system_id, total_rounds=1, options=out)
    for key in out:
        _rounds(out[key], key, 0)
    if SAME_FEDERATION in out:
        federation_threshold(probe, 1)
    return out


def without_options(t: Tournament) -> Tournament:
    """The same tournament with the two options off (to see what they changed)."""
    options = {k: v for k, v in t.options.items() if k not in (SAME_FEDERATION, CLUB_MATES)}
    return t.with_changes(options=options)


def explained(engine: Engine) -> Engine:
    """Wrap a Swiss engine so that every board the options decided says so."""

    def run(t: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
        pairing = engine(t, ruleset, options)
        barred = option_pairs(t, pairing.round)
        paired = {p for b in pairing.boards for p in (b.white, b.black)}
        if not any(pair <= paired for pair in barred):
            return pairing
        try:
            free = engine(without_options(t), ruleset, options)
        except PairingImpossible:  # cannot happen with fewer constraints; never hide the answer
            return pairing
        return annotate(pairing, free, barred)

    return run


def annotate(pairing: RoundPairing, free: RoundPairing,
             barred: Mapping[frozenset[int], str]) -> RoundPairing:
    """Add the reason to each board of ``pairing`` one of whose players would, without the
    options, have met a player the options keep away from him."""
    free_pairs = {frozenset((b.white, b.black)) for b in free.boards}
    decided = [pair for pair in sorted(barred, key=sorted) if pair in free_pairs]
    if not decided:
        return pairing
    explanations = dict(pairing.explanations)
    for index, board in enumerate(pairing.boards):
        lines = [barred[pair] for pair in decided if pair & {board.white, board.black}]
        if lines:
            explanations[index] = tuple(explanations.get(index, ())) + tuple(lines)
    return replace(pairing, explanations=explanations)
