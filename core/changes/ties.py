"""Recording ties decided outside the tie-breaks: an order (a playoff's places, the
arbiter's order) and lots drawn, kept in the tournament's options (read by :mod:`core.ties`,
applied by the standings)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament


def with_tie_order(t: Tournament, groups: Sequence[int | Sequence[int]], source: str = "manual",
                   held: Mapping[str, object] | None = None) -> Tournament:
    """A tournament with an externally decided order recorded (play-off results, arbiter order).

    ``groups``: pairing numbers (or team ids) best first; a nested list keeps its members tied.
    An older order covering any of the same participants is replaced.  ``held``: the tie it
    decides (:func:`core.ties.held_for`; a playoff's, recorded when it was created), else the
    tie as it stands now — the order then decides the standings after that round only, and
    only while its players are still that tied group.
    """
    if source not in ("manual", "playoff"):
        raise TournamentError(_("tie order source must be 'manual' or 'playoff', not {source!r}").format(source=source))
    norm = [[int(p)] if isinstance(p, int) else [int(x) for x in p] for p in groups]
    members = {p for g in norm for p in g}
    if len(members) != sum(len(g) for g in norm):
        raise TournamentError(_("a participant appears twice in the tie order"))
    kept = [o for o in t.options.get("tie_orders", []) or []
            if not members & {int(p) for g in o.get("groups", []) for p in (g if isinstance(g, list) else [g])}]
    options = dict(t.options)
    if held is None:
        from core.standings import rounds_started
        from core.ties import held_for

        held = held_for(t, members, rounds_started(t))
    options["tie_orders"] = kept + [{"groups": norm, "source": source, **held}]
    return t.with_changes(options=options)


def draw_lots(t: Tournament, players: Iterable[int], seed: int) -> Tournament:
    """Record a reproducible drawing of lots for ``players`` (lot 1 ranks first).

    The seed is explicit and stored with the lots so that the draw can be audited and redone.
    """
    group = sorted(int(p) for p in players)
    order = list(group)
    random.Random(seed).shuffle(order)
    lots = dict(t.options.get("lots", {}) or {})
    for number, pno in enumerate(order, start=1):
        lots[str(pno)] = number
    options = dict(t.options)
    options["lots"] = lots
    options["lots_seeds"] = list(options.get("lots_seeds", [])) + [{"players": group, "seed": seed}]
    return t.with_changes(options=options)
