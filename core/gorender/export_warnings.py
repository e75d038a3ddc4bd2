"""What a Go file about to be sent lacks, said before the organiser sends it.

Why: the EGD's h9 needs the event's first and last day (``DT``) and its place (``PC``), the
FFG's ``.tou`` its date (``date=``), OpenGotha's XML file its ``beginDate`` (OpenGotha's reader
says "Invalid date" and takes today); and the EGD and OpenGotha read names in Latin letters
(OpenGotha writes its files in ISO-8859-15); clubs are EGD club codes of 4 characters.  The files are still written — a draft may lack
them — but the organiser is told what is missing and how to set it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.i18n import _
from core.model import Tournament

FIELDS = {"egd": "DT[…] PC[…]", "tou": ";date=", "opengotha": "beginDate"}
"""Where each format keeps the event's date (and, in h9, place)."""


def _latin(text: str) -> bool:
    try:
        text.encode("iso-8859-15")
    except UnicodeEncodeError:
        return False
    return True


def _latin_spelling(extra: Mapping[str, Any]) -> bool:
    """A Latin spelling the files write instead of the name (``extra["name_latin"]``)."""
    spelling = str(extra.get("name_latin", "") or "")
    return bool(spelling) and _latin(spelling)


def go_export_warnings(t: Tournament, fmt: str) -> list[str]:
    """One line per thing missing from the ``fmt`` file (``egd``, ``tou``, ``opengotha``)."""
    if fmt not in FIELDS:
        return []
    warnings = []
    missing = [_("no start date")] if not t.start_date else []
    if fmt == "egd" and not t.place:
        missing.append(_("no place"))
    if missing:
        warnings.append(_("the event has {missing}: the file's {fields} stay empty; "
                          "hakem settings {id} --start YYYY-MM-DD --end YYYY-MM-DD --place CITY sets them").format(
            missing=", ".join(missing), fields=FIELDS[fmt], id=t.id))
    long = sorted({p.club for p in t.players if len(p.club.strip()) > 4})
    if long:  # EGD club codes have 4 letters; OpenGotha keeps a club's first 4
        warnings.append(_("a club has 4 characters in OpenGotha and the EGD; these become their first 4: {clubs}").format(
            clubs="; ".join(f"{club} → {club.strip()[:4]}" for club in long)))
    if fmt in ("egd", "tou"):
        names = [f"{p.pno} {p.name}" for p in sorted(t.players, key=lambda p: p.pno)
                 if not _latin(p.name) and not _latin_spelling(p.extra or {})]
        if names:
            warnings.append(_("names not in Latin letters, which the rating lists and OpenGotha (ISO-8859-15) "
                              "expect: {players}").format(players="; ".join(names)))
    return warnings
