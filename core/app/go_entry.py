"""A Go player registered without a rank or a Go rating: said, with the EGD list's namesakes.

Why: such a player is paired from rating 0 (the lowest ranks: 21k in McMahon) and written so to
h9 and OpenGotha's XML, which an organiser who typed a name alone did not mean; when an EGD list
is imported the player is often in it, and registering by pin gives rank, GoR and pin at once.
"""

from __future__ import annotations

from pathlib import Path

from core.go.ranks import declared_rank, player_rank, rank_label, stated_go_rating
from core.i18n import _
from core.model import Player, Tournament

NAMESAKES = 3
"""At most this many list entries are named (a common name would fill the line)."""


def _namesakes(data_dir: Path, name: str) -> list[str]:
    """``Petrova, Olga (pin 13000001, 3k)`` for the EGD lists' entries of exactly that name."""
    from core.ratinglists.entry import fold
    from core.ratinglists.library import available, open_list

    found: list[str] = []
    for info in available(data_dir):
        if info.format != "egd" or info.problem:
            continue
        with open_list(data_dir, info.name) as index:
            found += [_("{name} (pin {pin}, {rank})").format(name=e.name, pin=e.egd_pin, rank=e.go_rank)
                      for e in index.search(name, 20) if fold(e.name) == fold(name)]
    return found[:NAMESAKES]


def unranked_go_player(data_dir: Path, t: Tournament, player: Player) -> tuple[str, ...]:
    """The warning for ``player`` registered in a Go event with neither rank nor Go rating."""
    if t.system not in ("gamma", "mcmahon") or declared_rank(player) is not None or stated_go_rating(player):
        return ()
    rank = rank_label(player_rank(player, t.system))
    said = _("{name} has no rank and no Go rating: paired as {rank}; hakem players edit {id} {pno} --go-rank "
             "sets the rank").format(name=player.name, rank=rank, id=t.id, pno=player.pno)
    namesakes = _namesakes(data_dir, player.name)
    if namesakes:
        said += _("; the EGD list has {entries}: register by pin (players add --egd-pin)").format(
            entries="; ".join(namesakes))
    return (said,)
