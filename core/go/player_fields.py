"""What the Go fields of a registration form (rating, rank, EGD pin) become on a player.

Why one function for the fast-entry row and the edit dialog: both must refuse the same bad
input with the same words, and both must treat rank and rating as ``hakem players add``
does.  A player's rank is the declared one when there is one (:func:`core.go.ranks.player_rank`:
typed, or the EGD's grade), else the rank of the Go rating (the Gamma procedure: rating ÷ 100,
truncated; a McMahon event, the EGF's, rounds to the nearest hundred — :mod:`core.go.ranks`).
The form keeps the two in step where only one was changed, never overwriting what the organiser
declared: a changed rating moves the rank only when the player had no declared rank (the rank
drives the McMahon score; a GoR edit of a declared 1k leaves him 1k, and the registration warns
that they disagree); a changed rank moves the rating to the middle of that rank's hundred only when the rating was the
form's own (the middle of the old rank's hundred, what fast entry gives a player typed with a
rank only) — a real GoR (2380 for a 4d promoted to 5d) stays, the rank typed is the one used,
and the registration warns that they disagree.  A rating typed *with* a rank of another hundred is stored as
typed — both, as the CLI stores them — and the registration warns
(:func:`core.go.ranks.rank_rating_conflict`): a 1d with GoR 2060 in a Gamma event is a real
EGD entry, and refusing it made the organiser change a true rank or rating.
"""

from __future__ import annotations

from typing import Any

from core.errors import TournamentError
from core.go.ranks import (
    GO_RANK_KEY,
    GO_RATING_KEY,
    declared_rank,
    entry_go_rating,
    entry_rank,
    go_rating,
    player_rank,
    rank_in,
    rank_label,
    stated_go_rating,
)
from core.i18n import _
from core.model import Player

PIN_KEY = "egd_pin"


def form_values(player: Player | None, system: str = "gamma") -> dict[str, str]:
    """The texts the Go fields show for ``player`` (empty for a new one): the Go rating,
    the player's rank in an event of ``system`` (the declared one, else the rating's:
    :func:`core.go.ranks.player_rank`, what pairs and what the lists show), the EGD pin."""
    if player is None:
        return {"rating": "", "rank": "", "egd_pin": ""}
    rating = stated_go_rating(player)
    ranked = declared_rank(player) is not None or go_rating(player)  # a rank declared, or one of the rating
    return {"rating": str(rating) if rating else "", "rank": rank_label(player_rank(player, system)) if ranked else "",
            "egd_pin": str((player.extra or {}).get(PIN_KEY, "") or "")}


def _rating(text: str) -> int:
    return entry_go_rating(text) if text else 0


def _middle(rank: int, system: str) -> int:
    """The middle of a rank's hundred: the rating the form gives a player typed with a rank only
    (EGF ranks are centred on the hundred, the Gamma procedure's start at it)."""
    return rank * 100 + (0 if system == "mcmahon" else 50)


def _agreed(rating: int, rank_text: str, rating_changed: bool, rank_changed: bool, new: bool,
            system: str = "gamma", real_rating: bool = False, declared: bool = False) -> tuple[int, str]:
    """Rating and rank label after the form: whichever field alone was changed wins — except a
    ``real_rating`` (a GoR, not the form's middle of the old rank), which a new rank leaves as it
    is, and a ``declared`` rank, which a new rating leaves as it is; both changed (or both typed for a new player) are kept as typed, of one rank or not, and
    so are both unchanged (an edit of the pin leaves a declared 1d with GoR 2060 as he is).  A new
    player with a rank and no rating gets the middle of the rank's hundred as rating; an
    edited player without a rating keeps his declared rank only."""
    if not rank_text:
        return rating, rank_label(rank_in(system, rating)) if rating else ""
    rank = entry_rank(rank_text)
    if not rating:
        return (_middle(rank, system) if new else 0), rank_label(rank)
    if rank_in(system, rating) != rank and rank_changed != rating_changed:  # both, or neither: as typed
        if rank_changed:
            rating = rating if real_rating else _middle(rank, system)
        elif not declared:
            rank = rank_in(system, rating)
    return rating, rank_label(rank)


def go_player_fields(values: dict[str, str], player: Player | None = None,
                     system: str = "gamma") -> dict[str, Any]:
    """``values`` (the form's ``rating``, ``rank``, ``egd_pin`` texts) → ``rating`` and
    ``extra`` for ``add_player`` (``player`` None) or ``edit_player`` (the player edited:
    his other extra data are kept); ranks as an event of ``system`` counts them."""
    before = form_values(player, system)
    typed = {key: values.get(key, "").strip() for key in before}
    pin = typed["egd_pin"]
    if pin and not pin.isdigit():
        raise TournamentError(_("The EGD pin is a number, e.g. 10453283."))
    old_rating = _rating(before["rating"])
    real = bool(old_rating) and not (before["rank"] and old_rating == _middle(entry_rank(before["rank"]), system))
    rating, rank = _agreed(_rating(typed["rating"]), typed["rank"],
                           typed["rating"] != before["rating"], typed["rank"] != before["rank"], player is None,
                           system, real, player is not None and declared_rank(player) is not None)
    extra = dict(player.extra or {}) if player is not None else {}
    for key, value in ((GO_RANK_KEY, rank), (PIN_KEY, pin)):
        if value:
            extra[key] = value
        else:
            extra.pop(key, None)
    out: dict[str, Any] = {"extra": extra}
    if GO_RATING_KEY in extra or rating < 0:  # kept apart from the player's rating (CLI, a GoR below 0)
        extra[GO_RATING_KEY] = rating
        if rating < 0:
            out["rating"] = 0
    else:
        out["rating"] = rating
    return out
