"""Go rating → rank → kyu/dan notation, as the Gamma seed defines them.

Why its own module: the rank is used by registration (top group), by every report (the
"5d"/"12k" column) and by both exports; one definition keeps them in agreement.

The Gamma procedure: "Рангом считается рейтинг, деленный на 100 и усеченный до целого" — the rank is the
rating divided by 100 and truncated.  Notation: rank 21 and above is (rank − 20) dan, below
that (21 − rank) kyu, so 2510 → 25 → 5d, 2247 → 2d, 952 → 9 → 12k, 798 → 14k.

A McMahon event is the EGF's: its players' ratings are GoR, and the EGF centres each grade on
its hundred — GoR 2100 is 1 dan, 100 points a grade, 2050–2149 is 1d (:func:`egf_rank`).  So
a 1d with GoR 2060 is 1d there, where the Gamma seed's truncation would make him 1k.
"""

from __future__ import annotations

from core.i18n import _

import re
from collections.abc import Mapping
from typing import Any

from core.errors import TournamentError
from core.model import Player

GO_RATING_KEY = "go_rating"
GO_RANK_KEY = "go_rank"


def go_rating(player: Player) -> int:
    """The Go rating used for ranks and ordering.

    ``extra["go_rating"]`` (``hakem players add --go-rating``) when present, else
    ``Player.rating`` when it is not 0, else a declared rank ``extra["go_rank"]`` ("5d", "12k")
    counted as rank × 100 (a player without rating, placed at the bottom of that rank's range
    by the Gamma procedure's truncation rule), else 0.
    """
    extra = player.extra or {}
    value = extra.get(GO_RATING_KEY)
    if value is not None and value != "":
        try:
            return int(value)
        except (TypeError, ValueError) as error:
            raise TournamentError(
                _('player {pno} has an invalid Go rating {value!r}; use a whole number').format(pno=player.pno, value=value)
            ) from error
    if player.rating:
        return int(player.rating)
    label = extra.get(GO_RANK_KEY)
    if label:
        return parse_rank(str(label)) * 100
    return 0


def rank_of(rating: int) -> int:
    """Rating ÷ 100 truncated toward zero (the Gamma procedure says "усеченный", truncated)."""
    return int(rating / 100) if rating >= 0 else -((-rating) // 100)


def egf_rank(gor: int) -> int:
    """The rank of a GoR as the EGF counts it: the nearest hundred, halves up (2050 → 21 = 1d,
    2049 → 20 = 1k, −900 → −9 = 30k).  The EGD's own *grade* column is the player's declared
    grade, not derived from the GoR; this is the grade the GoR stands for."""
    return (gor + 50) // 100


def rank_in(system: str, rating: int) -> int:
    """The rank of a rating in an event of ``system``: McMahon (EGF) rounds, Gamma truncates."""
    return egf_rank(rating) if system == "mcmahon" else rank_of(rating)


def rank_label(rank: int) -> str:
    """Kyu/dan notation of a rank: 25 → ``5d``, 22 → ``2d``, 20 → ``1k``, 9 → ``12k``."""
    if rank >= 21:
        return f"{rank - 20}d"
    return f"{21 - rank}k"


_LABEL = re.compile(r"^\s*(\d{1,2})\s*([kdKD])\s*$")
_PRO = re.compile(r"^\s*\d{1,2}\s*[pP]\s*$")

WEAKEST, STRONGEST = -9, 29
"""The ranks a player may be registered with: 30k (the EGD's floor, GoR −900) to 9d."""


def parse_rank(label: str) -> int:
    """Inverse of :func:`rank_label`: ``"5d"`` → 25, ``"12k"`` → 9.  Lenient on purpose
    (any kyu/dan number): it reads what is stored; :func:`entry_rank` decides what may be
    stored."""
    match = _LABEL.match(label)
    if not match:
        raise TournamentError(_('{label!r} is not a Go rank; write it like 5d or 12k').format(label=label))
    number, kind = int(match.group(1)), match.group(2).lower()
    if number < 1:
        raise TournamentError(_('{label!r} is not a Go rank; write it like 5d or 12k').format(label=label))
    return number + 20 if kind == "d" else 21 - number


def entry_rank(label: str) -> int:
    """The rank of a label typed or imported for a player: 30k–9d, else refused.

    Why no professional ranks: hakem's rank is a number on one scale with the rating (the
    Gamma seed: rating ÷ 100; McMahon: the EGF's grade of a GoR, one grade per hundred), and
    the handicap and McMahon bars count grade differences on it.  The EGD's professional
    grades (1p–9p) are not on that scale — a pro grade is not a hundred GoR apart from the
    next — so they are refused at entry with the way round (the amateur grade, 9d at most, or
    the GoR), instead of being stored and then unreadable by every list and export."""
    if _PRO.match(label):
        raise TournamentError(_('{label!r} is a professional rank; hakem ranks players from 30k to 9d: '
                                'give the amateur rank (9d at most) or the Go rating').format(label=label.strip()))
    rank = parse_rank(label)
    if not WEAKEST <= rank <= STRONGEST:
        raise TournamentError(_('{label!r} is outside the Go ranks 30k–9d').format(label=label.strip()))
    return rank


GOR_FLOOR, GOR_CEILING = WEAKEST * 100, (STRONGEST + 1) * 100 - 1
"""The Go ratings a player may be registered with: the EGD's floor −900 (30k) to 2999 (9d)."""


def entry_go_rating(value: object) -> int:
    """A Go rating typed (a form's text) or given (``--go-rating``, a list's GoR): a whole
    number from :data:`GOR_FLOOR` to :data:`GOR_CEILING`, else refused.  The one check for
    every way in, so the TUI accepts what the CLI accepts: the EGD's GoR is negative below
    20k (−900 is 30k), and such a rating is kept, not made 0."""
    text = str(value).strip().replace("\u2212", "-")  # a typed minus sign
    try:
        rating = int(text)
    except ValueError:
        raise TournamentError(_("Go rating {value!r} must be a whole number, e.g. 1850 or -450").format(
            value=str(value).strip())) from None
    if not GOR_FLOOR <= rating <= GOR_CEILING:
        raise TournamentError(_("Go rating {value} is outside {low} to {high} (30k to 9d)").format(
            value=rating, low=GOR_FLOOR, high=GOR_CEILING))
    return rating


def stated_go_rating(player: Player) -> int:
    """The Go rating registered with the player (``--go-rating``, a list's GoR, or the rating
    typed in a Go event), 0 when none: what the players list and the forms show — not a rating
    derived from a declared rank."""
    extra = player.extra or {}
    value = extra.get(GO_RATING_KEY)
    if value is not None and value != "":
        try:
            return int(value)
        except (TypeError, ValueError):
            return 0
    return int(player.rating or 0)


def checked_go_fields(extra: Mapping[str, Any]) -> dict[str, Any]:
    """A new player's ``extra`` with its Go rank checked (:func:`entry_rank`) and written the
    one way (``1D`` → ``1d``): every way in (``players add``, CSV import, a rating list) stores
    only ranks every list, standings and export can read."""
    out = dict(extra)
    if out.get(GO_RATING_KEY) not in (None, ""):
        out[GO_RATING_KEY] = entry_go_rating(out[GO_RATING_KEY])
    label = out.get(GO_RANK_KEY)
    if label:
        out[GO_RANK_KEY] = rank_label(entry_rank(str(label)))
    return out


def declared_rank(player: Player) -> int | None:
    """The rank registered with the player (typed, or the EGD's grade), if any."""
    label = (player.extra or {}).get(GO_RANK_KEY)
    return parse_rank(str(label)) if label else None


def player_rank(player: Player, system: str = "gamma") -> int:
    """The player's rank in an event of ``system``: the declared rank when there is one, else
    the rank of the Go rating (:func:`rank_in`).

    Why the declared rank wins: it is what the organiser typed or the EGD's grade column says
    (a 1d with GoR 2060 is a 1d in the EGD); the rating derives a rank only for players who
    have none.  The Gamma seed's truncation ("рейтинг, деленный на 100 и усеченный") defines
    the rank of a *rating*; it does not overrule a rank given as such."""
    declared = declared_rank(player)
    return declared if declared is not None else rank_in(system, go_rating(player))


def rank_rating_conflict(player: Player, system: str) -> str:
    """A warning naming both when the player's registered rank and Go rating disagree (""
    when they agree or one is missing): ``--go-rank 30k --go-rating -850`` is a 30k whose
    rating says 29k; in a Gamma event a 1d with GoR 2060 is a 1d whose rating says 1k.

    Why a warning and not a refusal — the one rule for the CLI and the TUI's forms: the EGD's
    grade and GoR often disagree for real players (the grade is declared, the GoR moves with
    results), and an organiser copying a player's card must not be made to change either; the
    declared rank is the one used (:func:`player_rank`), and the organiser should know the
    rating says otherwise."""
    rank, rating = declared_rank(player), stated_go_rating(player)
    if rank is None or not rating and GO_RATING_KEY not in (player.extra or {}):
        return ""
    other = rank_in(system, rating)
    if rank == other:
        return ""
    return _("rank {rank} and Go rating {rating} disagree (that rating gives {other}); the declared rank, "
             "{rank}, is the one used").format(rank=rank_label(rank), rating=rating, other=rank_label(other))
