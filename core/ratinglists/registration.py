"""Choosing the list a registration uses, and filling a new player from it.

Which list: the one named (``--list``), else the one the event already took ratings from,
else the only list of the right kind in the data directory (a FIDE id looks in FIDE lists, a
national id in national lists, an EGD pin in EGD lists).  Ambiguity is an error that names
the candidates rather than a guess.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.errors import RatingListError
from core.i18n import _
from core.model import Tournament
from core.ratinglists.apply import find_entry, pairing_rating_order, player_fields
from core.ratinglists.index import ListIndex, ListInfo
from core.ratinglists.library import available, open_list

_KIND_FORMATS = {"fide_id": ("fide", "fide-xml"), "national_id": ("dsb", "tsf", "csv"), "egd_pin": ("egd",)}


def choose_list(data_dir: Path, t: Tournament | None, name: str = "", id_kind: str = "") -> ListIndex:
    """The list to look players up in (see the module docstring for the order)."""
    if name:
        return open_list(data_dir, name)
    recorded = (t.options.get("rating_list") or {}).get("name") if t is not None else None
    lists = [info for info in available(data_dir) if not info.problem]  # a damaged list: skipped (named by the caller)
    if recorded and any(info.name == recorded for info in lists):
        return open_list(data_dir, str(recorded))
    formats = _KIND_FORMATS.get(id_kind, ())
    candidates = [info for info in lists if not formats or info.format in formats]
    if len(candidates) == 1:
        return open_list(data_dir, candidates[0].name)
    if not candidates:
        raise RatingListError(_("no rating list to look in: import one with 'hakem lists import FILE'"))
    raise RatingListError(_("several rating lists could be meant ({names}); choose one with --list")
                          .format(names=", ".join(info.name for info in candidates)))


def fields_from_list(data_dir: Path, t: Tournament, list_name: str = "", fide_id: str = "",
                     national_id: str = "", egd_pin: str = "") -> tuple[dict[str, Any], ListInfo]:
    """The new player's fields from the list entry with that id, and the list they come from
    (for the event to note: :func:`core.changes.ratings.record_source`)."""
    id_kind = "fide_id" if fide_id else "national_id" if national_id else "egd_pin"
    with choose_list(data_dir, t, list_name, id_kind) as index:
        entry = find_entry(index, fide_id=fide_id, national_id=national_id, egd_pin=egd_pin)
        return player_fields(entry, pairing_rating_order(t)), index.info
