"""Pairing numbers (TPN) per FIDE C.04.2 Art. 2: rating, then title, then name.

Renumbering rewrites every reference (boards, byes, requested byes, forbidden groups, teams,
Go data keyed by pno) in one pure step, so the rest of hakem can use pairing numbers as ids.
It is a computation, not a change: the pairing engine's replay numbers a past round's field
the way it was numbered that day (:mod:`core.pairing.replay`, below the changes), and the
changes store it (:mod:`core.changes.numbering` numbers the field by C.04.2 Art. 2.2 and refuses
once numbers are frozen, C.04.2 Art. 2.3; late entries then get the next free number instead of being
slotted in).
"""

from __future__ import annotations

from core.i18n import _

import unicodedata
from dataclasses import replace

from core.errors import TournamentError
from core.model import TITLES, Match, Player, RequestedBye, Team, Tournament


def _name_key(name: str) -> str:
    """Locale-independent alphabetical key (accents folded, case-insensitive)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def strength(p: Player) -> int:
    """The strength measure of C.04.2 Art. 2.1: the rating; for Go players without a chess rating,
    their Go rating, or a declared rank counted as rank × 100 (Gamma and McMahon number the
    strongest first; :func:`core.go.ranks.go_rating`)."""
    if p.rating:
        return p.rating
    if not p.extra or not ("go_rating" in p.extra or "go_rank" in p.extra):
        return 0
    from core.go.ranks import go_rating

    try:
        return go_rating(p)
    except TournamentError:
        return 0


def ranking_key(p: Player) -> tuple:
    """C.04.2 Art. 2.2: strength (rating) descending, title in FIDE order, then alphabetical."""
    title_rank = TITLES.index(p.title) if p.title in TITLES else len(TITLES)
    return (-strength(p), title_rank, _name_key(p.name), p.name, p.pno)


def ranked_order(players: tuple[Player, ...] | list[Player]) -> list[Player]:
    return sorted(players, key=ranking_key)


def renumber(t: Tournament, mapping: dict[int, int]) -> Tournament:
    """Apply ``old pno -> new pno`` to every reference in the tournament."""
    def m(pno: int) -> int:
        return mapping.get(pno, pno)

    players = tuple(sorted((replace(p, pno=m(p.pno)) for p in t.players), key=lambda p: p.pno))
    rounds = tuple(replace(
        r,
        boards=tuple(replace(b, white=m(b.white), black=m(b.black)) for b in r.boards),
        byes=tuple(replace(y, pno=m(y.pno)) for y in r.byes),
        matches=tuple(Match(mt.home, mt.away, mt.boards) for mt in r.matches),
    ) for r in t.rounds)
    requested = tuple(RequestedBye(m(b.pno), b.round, b.kind) for b in t.requested_byes)
    forbidden = tuple(tuple(m(x) for x in g) for g in t.forbidden)
    ranges = tuple(replace(f, players=tuple(m(x) for x in f.players)) for f in t.forbidden_ranges)
    teams = tuple(Team(tm.id, tm.name, tuple(m(x) for x in tm.members), tm.short, tm.rating)
                  for tm in t.teams)
    adjustments = tuple(replace(a, players=tuple(m(x) for x in a.players)) for a in t.adjustments)
    options = dict(t.options)
    vp = options.get("virtual_points")
    if isinstance(vp, dict):
        options["virtual_points"] = {str(m(int(k))): v for k, v in vp.items()}
    from core.checkin import renumbered_state

    checkin = renumbered_state(options, (p.pno for p in t.players), m)
    if checkin is not None:
        options["checkin"] = checkin
    return t.with_changes(players=players, rounds=rounds, requested_byes=requested,
                          forbidden=forbidden, forbidden_ranges=ranges, teams=teams, options=options,
                          adjustments=adjustments)


def ranked_numbers(t: Tournament) -> dict[int, int]:
    """``{number now: number by C.04.2 Art. 2.2}`` for every player (what
    :func:`core.changes.numbering.assign_pairing_numbers` applies; callers that must say who
    moved read it first)."""
    return {p.pno: i + 1 for i, p in enumerate(ranked_order(t.players))}


def explain_number(t: Tournament, pno: int) -> str:
    """Why a player has this number: the ranking keys of C.04.2 Art. 2.2 in words."""
    p = t.player(pno)
    parts = [_("rating {rating}").format(rating=p.rating) if p.rating else _("unrated")]
    if p.title:
        parts.append(_("title {title}").format(title=p.title))
    parts.append(_("name {name}").format(name=p.name))
    return _("Pairing number {pno}: ranked by rating, then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), "
             "then name — {keys}.").format(pno=pno, keys=", ".join(parts))


__all__ = ["ranked_numbers", "renumber", "ranking_key", "ranked_order", "explain_number"]
