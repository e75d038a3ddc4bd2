"""Go players' countries: the two-letter codes of the European Go Database and the three
letters hakem stores (``core/go/countries.txt``, sources named there).

Why one table both ways: a player registered from the EGD list (``HU``) is stored as ``HUN``
like every federation in hakem — the same code the TUI's country field, ``players add --fed``
and the chess side use — and the EGD's own files (h9, McMahon export) get ``HU`` back.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.model import Player

_TABLE = Path(__file__).with_name("countries.txt")
_EGD_OWN = {"GBR": "UK", "ENG": "UK", "SCO": "UK", "WLS": "UK"}
"""Three-letter codes the EGD writes with its own two letters (the United Kingdom's players,
whom FIDE splits into England, Scotland and Wales, are ``UK`` in the EGD)."""


@lru_cache(maxsize=1)
def two_to_three() -> dict[str, str]:
    """``{"HU": "HUN", "DE": "GER", "UK": "GBR", ...}``."""
    out: dict[str, str] = {}
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            two, three, _name = line.split("\t", 2)
            out[two] = three
    return out


@lru_cache(maxsize=1)
def three_to_two() -> dict[str, str]:
    """The EGD's two letters for a stored three-letter code (``GER`` → ``DE``, ``ENG`` → ``UK``)."""
    out = {three: two for two, three in sorted(two_to_three().items()) if two not in ("GB", "UK")}
    out.update(_EGD_OWN)
    return out


def three_letter(code: str) -> str | None:
    """The three letters of a two-letter country code, or None when the table lacks it."""
    return two_to_three().get(code.strip().upper())


def go_country(code: str) -> str:
    """The EGD's two letters for a stored country or federation (``GER`` → ``DE``, ``ENG`` →
    ``UK``); a code the table lacks is written as given."""
    code = code.strip().upper()
    return three_to_two().get(code, code)


def country_code(p: Player) -> str:
    """Two-letter country for the Go files: ``extra["country"]``, else the federation mapped
    from its FIDE code (``RUS`` → ``RU``), else the federation as given."""
    explicit = str(p.extra.get("country", "") if p.extra else "")
    if explicit:
        return explicit
    return go_country(p.federation)
