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
    whether the pairings are pre-determined (a round robin), and the system's options the code
    carries (a team Swiss's colour preferences and scores)."""

    system: str | None
    baku: bool
    round_robin: bool
    options: tuple[tuple[str, object], ...] = ()


_TEAM_WORDS = {"TYPEA", "TYPEB", "MP", "GP"}


def team_swiss_code(options: dict | None) -> str:
    """``FIDE_TEAM_[TYPEA_|TYPEB_]P[_S]``: the colour preference type (none without it), the
    primary score, the secondary score when it decides the first-team (C.04.6 Arts. 1.2, 1.7,
    4.2.2)."""
    options = options or {}
    kind = str(options.get("colour_preferences", "A"))
    primary = "GP" if options.get("primary") == "game" else "MP"
    parts = ["FIDE_TEAM"] + ([f"TYPE{kind}"] if kind in ("A", "B") else []) + [primary]
    if options.get("secondary_colours", True):
        parts.append("MP" if primary == "GP" else "GP")
    return "_".join(parts)


def read_team_swiss_code(base: str) -> tuple[tuple[str, object], ...] | None:
    """The options of a ``FIDE_TEAM…`` code; ``None`` if it is not a team Swiss code.  A bare
    ``FIDE_TEAM`` is Type A by match points, game points for colours."""
    words = base.split("_")[2:]
    if not words:
        return (("colour_preferences", "A"),)
    if not set(words) <= _TEAM_WORDS:
        return None
    kind = "A" if "TYPEA" in words else "B" if "TYPEB" in words else "none"
    scores = [w for w in words if w in ("MP", "GP")]
    out: list[tuple[str, object]] = [("colour_preferences", kind)]
    if scores[:1] == ["GP"]:
        out.append(("primary", "game"))
    if len(scores) < 2:
        out.append(("secondary_colours", False))
    return tuple(out)


def read_type(code: str) -> TournamentType | None:
    """The meaning of a 192 code; ``None`` if the code is not in the ETT26 table we know."""
    code = code.strip().upper()
    base, baku = (code[:-5], True) if code.endswith("_BAKU") else (code, False)
    if baku and base not in _SWISS_WITH_BAKU and not base.startswith("FIDE_TEAM"):
        return None
    if base in _READ:
        return TournamentType(_READ[base], baku, base in _ROUND_ROBIN_CODES)
    if base == "FIDE_TEAM" or base.startswith("FIDE_TEAM_"):
        team = read_team_swiss_code(base)
        if team is not None:
            return TournamentType("swiss-team", baku, False, team)
    if base in ("CUSTOM_SWISS", "CUSTOM_ROUNDROBIN", "FIDE_SCHILLER") \
            or base.startswith("FIDE_TEAM"):
        return TournamentType(None, baku, base in _ROUND_ROBIN_CODES)
    return None


def type_code(system: str, acceleration: str | None, options: dict | None = None) -> tuple[str, bool]:
    """The 192 code for a hakem system and whether it says the system exactly (else a
    ``### hakem system`` comment must follow); a team Swiss's code carries its options."""
    if system == "swiss-team":
        code = team_swiss_code(options)
        return (code + "_BAKU" if (acceleration or "").lower() == BAKU else code), True
    exact = system in _WRITE
    code = _WRITE.get(system) or _NEAREST.get(system, "CUSTOM_SWISS")
    if (acceleration or "").lower() == BAKU and code in _SWISS_WITH_BAKU:
        code += "_BAKU"
    return code, exact
