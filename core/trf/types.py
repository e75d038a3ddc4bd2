"""Record 192: the encoded tournament type (ETT26) and hakem's pairing systems.

Why it matters beyond a label: the type decides how tie-breaks treat forfeits (C.07 Art. 15:
in pre-determined pairings, round robins, a forfeit counts as played) and, with ``_BAKU``,
that the engine adds Baku acceleration points.  A round robin written without it is read back
as a Swiss and its tie-breaks change.

Systems with no ETT26 code of their own (Lim, the legacy Dubov/Burstein texts, Rutsch,
Reisepartner, Skalitzka, Go) are written as the nearest ``CUSTOM_*`` code plus a
``### hakem system ID`` comment that other programs skip.
"""

from __future__ import annotations

from dataclasses import dataclass

SYSTEM_COMMENT = "### hakem system "

BAKU = "baku"

# ETT26 code (without _BAKU) -> hakem system id
_READ: dict[str, str] = {
    "FIDE_DUTCH_2025": "dutch", "FIDE_DUTCH": "dutch", "FIDE_DUTCH_2017": "dutch-2017",
    "FIDE_DUBOV": "dubov", "FIDE_BURSTEIN": "burstein",
    "BERGER_ROUNDROBIN": "berger", "FIDE_ROUNDROBIN": "berger",
    "BERGER_DOUBLEROUNDROBIN": "double-berger", "FIDE_DOUBLEROUNDROBIN": "double-berger",
    "FIDE_SCHEVENINGEN": "scheveningen", "CUSTOM_KNOCKOUT": "knockout",
    "FIDE_DOUBLESWISS": "double-swiss",
}
_ROUND_ROBIN_CODES = {"BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN", "BERGER_DOUBLEROUNDROBIN",
                      "FIDE_DOUBLEROUNDROBIN", "CUSTOM_ROUNDROBIN", "FIDE_SCHEVENINGEN"}
_SWISS_WITH_BAKU = {"FIDE_DUTCH_2025", "FIDE_DUTCH", "FIDE_DUTCH_2017", "FIDE_DUBOV",
                    "FIDE_BURSTEIN", "FIDE_DOUBLESWISS"}

# hakem system id -> ETT26 code (exact: no comment needed)
_WRITE: dict[str, str] = {
    "dutch": "FIDE_DUTCH_2025", "dutch-2017": "FIDE_DUTCH_2017", "dubov": "FIDE_DUBOV",
    "burstein": "FIDE_BURSTEIN", "berger": "BERGER_ROUNDROBIN",
    "double-berger": "BERGER_DOUBLEROUNDROBIN", "scheveningen": "FIDE_SCHEVENINGEN",
    "knockout": "CUSTOM_KNOCKOUT", "double-swiss": "FIDE_DOUBLESWISS",
}
_NEAREST: dict[str, str] = {
    "lim": "CUSTOM_SWISS", "dubov-1997": "FIDE_DUBOV", "burstein-legacy": "FIDE_BURSTEIN",
    "rutsch": "CUSTOM_ROUNDROBIN", "reisepartner": "CUSTOM_ROUNDROBIN",
    "skalitzka": "CUSTOM_ROUNDROBIN", "gamma": "CUSTOM_SWISS",
}


@dataclass(frozen=True)
class TournamentType:
    """What a 192 code says: hakem's system (``None`` if it has none), Baku acceleration,
    and whether the pairings are pre-determined (a round robin)."""

    system: str | None
    baku: bool
    round_robin: bool


def read_type(code: str) -> TournamentType | None:
    """The meaning of a 192 code; ``None`` if the code is not in the ETT26 table we know."""
    code = code.strip().upper()
    base, baku = (code[:-5], True) if code.endswith("_BAKU") else (code, False)
    if baku and base not in _SWISS_WITH_BAKU and not base.startswith("FIDE_TEAM"):
        return None
    if base in _READ:
        return TournamentType(_READ[base], baku, base in _ROUND_ROBIN_CODES)
    if base in ("CUSTOM_SWISS", "CUSTOM_ROUNDROBIN", "FIDE_SCHILLER") \
            or base.startswith("FIDE_TEAM"):
        return TournamentType(None, baku, base in _ROUND_ROBIN_CODES)
    return None


def type_code(system: str, acceleration: str | None) -> tuple[str, bool]:
    """The 192 code for a hakem system and whether it says the system exactly (else a
    ``### hakem system`` comment must follow)."""
    exact = system in _WRITE
    code = _WRITE.get(system) or _NEAREST.get(system, "CUSTOM_SWISS")
    if (acceleration or "").lower() == BAKU and code in _SWISS_WITH_BAKU:
        code += "_BAKU"
    return code, exact
