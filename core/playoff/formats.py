"""Aktar's playoff formats for ties for first place (pp. 69–70), by group size.

Tied players are numbered 1..k in tie-break order.  Each size has a default (Aktar's first
choice) and the alternatives Aktar names; every format is a plan (:mod:`core.playoff.plan`)
the organiser can still override (games, time controls, extensions, Armageddon on/off).

Readings of Aktar (see notes/playoff.md):
- (4) 4 players: knockout of two-game 3'+3" matches, pairing by lot; "armageddon" variant for
  when time is short.
- (5) 5 players: the best four play (4), the fifth is fifth; or one round robin of all five.
- (9) 10 players: "two groups" is not spelt out; we deal them like the 6-player groups
  (serpentine: 1,4,5,8,9 and 2,3,6,7,10), each plays (4), winners play a golden game.
- (10) 11 or more: "dokuz ya da daha az oyuncu eleme maçlarına alınır ... Kalan ödüller
  için, devam eden sekiz oyuncu (7) uygulanarak oynatılır": the best nine play the 9-player
  format for first place; the eight of them who continue (all but its winner) play the
  golden-game knockout (7) for the other prizes; players 10 and below do not play and keep
  the tie-break order.
- Several places to decide (t ≥ 2, e.g. qualification places) use the general knockout rules
  of p. 68 with Aktar's default games (20 minutes, extension, golden game).
"""

from __future__ import annotations

from core.i18n import _

from typing import Any

from core.errors import TournamentError
from core.playoff.rules import PRESETS, MatchRules, golden_game

SEED_TC = "180+3"


class FormatError(TournamentError):
    """No format for this group size / variant."""


def _match_rules() -> dict[str, Any]:
    return PRESETS["seed"].to_json()


def _golden() -> dict[str, Any]:
    return golden_game().to_json()


def _rr(name: str, tie: str = "golden") -> dict[str, Any]:
    return {"kind": "round_robin", "name": name, "time_control": SEED_TC, "cycles": 1, "tie": tie,
            "golden": _golden(), "tie_rules": _match_rules()}


def _knockout(name: str, rules: dict[str, Any], order: Any = "seeded", places: int = 1) -> dict[str, Any]:
    return {"kind": "knockout", "name": name, "places": places, "rules": rules, "order": order}


def _format(k: int, variant: str) -> dict[str, Any]:
    """The plan for ``k`` tied players in ``variant`` (``"default"`` = Aktar's first choice)."""
    if k == 2:
        if variant in ("default", "match"):
            return {"kind": "match", "name": "Match (two games 3+3)", "rules": _match_rules()}
        if variant == "armageddon":
            return {"kind": "match", "name": "Golden game", "rules": _golden()}
    if k == 3:
        if variant in ("default", "round_robin"):
            return _rr("Round robin 3+3")
        if variant == "drop_lowest":
            return _rr("Round robin 3+3", tie="drop_lowest")
    if k == 4:
        if variant in ("default", "knockout"):
            return _knockout("Knockout, two-game matches, pairing by lot", _match_rules(), "lot")
        if variant == "seeded":
            return _knockout("Knockout, two-game matches", _match_rules())
        if variant == "armageddon":
            return _knockout("Knockout of golden games, pairing by lot", _golden(), "lot")
    if k == 5:
        if variant in ("default", "best_four"):
            return {"kind": "split", "name": "Best four play (3)",
                    "parts": [[4, dict(_format(4, "default"), name="Best four: knockout, two-game matches, pairing by lot")]]}
        if variant == "round_robin":
            return _rr("Round robin of all five, 3+3")
    if k == 6 and variant in ("default", "groups"):
        return {"kind": "groups", "name": "Two groups", "groups": [[1, 4, 5], [2, 3, 6]],
                "each": _rr("round robin 3+3"),
                "final": {"kind": "match", "name": "Final golden game", "rules": _golden()}}
    if k == 7:
        if variant in ("default", "knockout"):
            return _knockout("Golden-game knockout", _golden(), [1, 5, 2, 6, 3, 7, 4])
        if variant == "lot":
            return _knockout("Golden-game knockout, numbers by lot", _golden(), "lot")
    if k == 8 and variant in ("default", "knockout"):
        return _knockout("Golden-game knockout", _golden())
    if k == 9 and variant in ("default", "groups"):
        return {"kind": "groups", "name": "Three groups", "groups": [[1, 5, 9], [2, 6, 7], [3, 4, 8]],
                "each": _rr("round robin 3+3"), "final": _rr("Round robin of the group winners, 3+3")}
    if k == 10 and variant in ("default", "groups"):
        each = {"kind": "split", "name": "best four play (3)",
                "parts": [[4, _knockout("knockout, two-game matches, pairing by lot", _match_rules(), "lot")]]}
        return {"kind": "groups", "name": "Two groups", "groups": [[1, 4, 5, 8, 9], [2, 3, 6, 7, 10]],
                "each": each, "final": {"kind": "match", "name": "Final golden game", "rules": _golden()}}
    if k >= 11 and variant in ("default", "split"):
        return {"kind": "split", "name": "Best nine for first place, then the other eight of the nine for the other prizes",
                "parts": [[9, _format(9, "default")],
                          [8, dict(_knockout("Golden-game knockout for the other prizes", _golden()),
                                   continuing=True)]]}
    if variant == "knockout_all":
        return _knockout("Knockout, two-game matches", _match_rules())
    if variant == "round_robin_all":
        return _rr("Round robin 3+3")
    raise FormatError(_('no playoff format {variant!r} for {k} tied players; choose one of: {value}.').format(variant=variant, k=k, value=', '.join(variants(k))))


def variants(k: int) -> list[str]:
    """The selectable variants for ``k`` tied players (first: Aktar's default)."""
    table = {2: ["match", "armageddon"], 3: ["round_robin", "drop_lowest"],
             4: ["knockout", "seeded", "armageddon"], 5: ["best_four", "round_robin"],
             6: ["groups"], 7: ["knockout", "lot"], 8: ["knockout"], 9: ["groups"], 10: ["groups"]}
    own = table.get(k, ["split"] if k >= 11 else [])
    return own + [v for v in ("knockout_all", "round_robin_all") if v not in own]


def choose_format(k: int, places: int = 1, variant: str | None = None,
                  rules: MatchRules | None = None) -> dict[str, Any]:
    """The plan for ``k`` tied players and ``places`` places to decide.

    One place (a tie for first, or for any single prize): Aktar's table.  Several places
    (1 < t < k): the general knockout of p. 68, first v last, byes to t·2^m, with ``rules``
    (default: Aktar's 20-minute games, extension, golden game).
    """
    if k < 2:
        raise FormatError(_('a playoff needs at least two tied players.'))
    if places < 1:
        raise FormatError(_('at least one place must be decided.'))
    if places > k:
        raise FormatError(_('{places} places cannot be decided among {k} tied players: at most {k}.').format(
            places=places, k=k))
    if 1 < places < k and variant in (None, "default", "knockout_places"):
        r = rules or PRESETS["seed-rapid"]
        return _knockout(f"Knockout for {places} places", r.to_json(), "seeded", places)
    plan = _format(k, variant or "default")
    if places > 1:
        plan = dict(plan, decide=places)
    return plan
