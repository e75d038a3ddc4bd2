"""What the Go fields of a registration form (rating, rank, EGD pin) become on a player.

Why one function for the fast-entry row and the edit dialog: both must refuse the same bad
input with the same words, and both must keep rank and rating in agreement.  In hakem the
rank is derived from the Go rating (the Gamma seed: rating ÷ 100, truncated; a McMahon event,
the EGF's, rounds to the nearest hundred — :mod:`core.go.ranks`); a declared rank is used
only when there is no rating.  So a form that
stored a rank next to a rating of another rank would show one rank and pair by the other:
a changed rank moves the rating to the middle of that rank's hundred (what fast entry gives
a new player typed with a rank only), a changed rating moves the rank, and a rating typed with
a rank of another hundred is refused.
"""

from __future__ import annotations

from typing import Any

from core.errors import TournamentError
from core.go.ranks import (
    GO_RANK_KEY,
    GO_RATING_KEY,
    entry_go_rating,
    entry_rank,
    go_rating,
    rank_in,
    rank_label,
    stated_go_rating,
)
from core.i18n import _
from core.model import Player

PIN_KEY = "egd_pin"


def form_values(player: Player | None, system: str = "gamma") -> dict[str, str]:
    """The texts the Go fields show for ``player`` (empty for a new one): the Go rating,
    the rank it gives in an event of ``system``, the EGD pin."""
    if player is None:
        return {"rating": "", "rank": "", "egd_pin": ""}
    rating = stated_go_rating(player)
    rank = go_rating(player)  # the declared rank counts when there is no rating
    return {"rating": str(rating) if rating else "", "rank": rank_label(rank_in(system, rank)) if rank else "",
            "egd_pin": str((player.extra or {}).get(PIN_KEY, "") or "")}


def _rating(text: str) -> int:
    return entry_go_rating(text) if text else 0


def _agreed(rating: int, rank_text: str, rating_changed: bool, rank_changed: bool, new: bool,
            system: str = "gamma") -> tuple[int, str]:
    """Rating and rank label after the form: whichever field was changed wins; both changed
    (or both typed for a new player) and of different ranks is refused.  A new player with a
    rank and no rating gets the middle of the rank's hundred as rating; an edited player
    without a rating keeps his declared rank only."""
    if not rank_text:
        return rating, rank_label(rank_in(system, rating)) if rating else ""
    rank = entry_rank(rank_text)
    low = rank * 100 - (50 if system == "mcmahon" else 0)  # the rank's hundred (EGF: centred on it)
    if not rating:
        return (low + 50 if new else 0), rank_label(rank)
    if rank_in(system, rating) != rank:
        if rating_changed and rank_changed:
            rule = _("the nearest hundred, as the EGF counts") if system == "mcmahon" else _("the rating ÷ 100")
            raise TournamentError(_(
                "A rating of {rating} is rank {rating_rank} ({rule}), not {rank}: "
                "a {rank} player rates {low}–{high}. Correct the rating or the rank, or leave "
                "the rating empty.").format(rating=rating, rating_rank=rank_label(rank_in(system, rating)),
                                            rule=rule, rank=rank_label(rank), low=low, high=low + 99))
        if rank_changed:
            rating = low + 50
        else:
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
    rating, rank = _agreed(_rating(typed["rating"]), typed["rank"],
                           typed["rating"] != before["rating"], typed["rank"] != before["rank"], player is None,
                           system)
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
