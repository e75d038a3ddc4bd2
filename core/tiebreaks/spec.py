"""Parsing tie-break codes: ``BH/C1``, ``BH/M2``, ``SB/C1``, ``KS/L+1``, ``ARO/C1``, ``BH:MP``…

Why its own module: the same code strings come from the CLI, TRF-2026 records 202/212, presets
and the settings screen; they must parse identically everywhere.  The syntax follows the FIDE
TEC engine (``NAME[:PS][/modifier…]``, C.07 Art. 14): ``/Cn`` cut the n least significant
values, ``/Mn`` median (n lowest and n highest), ``/L±n`` Koya limit in half-point steps,
``/P`` forfeits count as played, ``/Unnnn`` rating for unrated players, ``/F`` Fore-Buchholz
based AOB, ``/R`` reverse order, ``/V2024`` or ``/V2026`` (or ``/Vlegacy``) regime for this
criterion only.  The hyphenated spelling of the FIDE table (``BH-C1``, ``PS-C1``) and the
historical ``AROC1`` and ``GE`` are accepted too.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass
from fractions import Fraction

from core.errors import TournamentError
from core.tiebreaks.regimes import Regime, parse_regime


class TieBreakError(TournamentError):
    """An unknown tie-break code or a modifier that the tie-break does not take."""


@dataclass(frozen=True)
class TieBreakSpec:
    """One parsed criterion of a tie-break list.  ``code`` is the text exactly as given."""

    code: str
    base: str
    score: str = ""
    """Team events: ``MP`` or ``GP`` (empty: the event's primary score)."""
    cut_low: int = 0
    cut_high: int = 0
    limit: Fraction = Fraction(0)
    """Koya: threshold shift in points (``/L+1`` = +½ point)."""
    played_forfeits: bool = False
    unrated: int | None = None
    fore: bool = False
    reverse: bool = False
    regime: Regime | None = None

    @property
    def canonical(self) -> str:
        """The normalised spelling (``BH/C1``), used as a cache key."""
        parts = [self.base + (f":{self.score}" if self.score else "")]
        if self.cut_high:
            parts.append(f"M{self.cut_low}")
        elif self.cut_low:
            parts.append(f"C{self.cut_low}")
        if self.limit:
            half = int(self.limit * 2)
            parts.append(f"L{half:+d}")
        if self.played_forfeits:
            parts.append("P")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.fore:
            parts.append("F")
        if self.reverse:
            parts.append("R")
        if self.regime is not None:
            parts.append(f"V{self.regime.value}")
        return "/".join(parts)


_ALIASES = {"GE": "REP", "KASHDAN": "KASH", "MPTS": "MP", "GPTS": "GP", "LOTS": "LOT",
            "BUCHHOLZ": "BH", "SOLKOFF": "BH", "KOYA": "KS", "EKS": "KSX"}


def parse_code(text: str) -> TieBreakSpec:
    """Parse one code; raises :class:`TieBreakError` with a readable message."""
    from core.tiebreaks.registry import REGISTRY  # late: the registry imports the families

    raw = text.strip()
    if not raw:
        raise TieBreakError(_('empty tie-break code'))
    upper = raw.upper().replace("#", "/").replace("!", "/")
    head, *mods = upper.split("/")
    if "-" in head:
        head, *extra = head.split("-")
        mods = extra + mods
    if head == "AROC1":
        head, mods = "ARO", ["C1"] + mods
    name, _sep, score = head.partition(":")
    name = _ALIASES.get(name, name)
    definition = REGISTRY.get(name)
    if definition is None:
        known = ", ".join(sorted(REGISTRY))
        raise TieBreakError(_('unknown tie-break {raw!r}; known codes: {known}').format(raw=raw, known=known))
    if score and score not in ("MP", "GP"):
        raise TieBreakError(_("tie-break {raw!r}: the score after ':' must be MP or GP").format(raw=raw))
    fields: dict = {}
    for mod in mods:
        if not mod:
            continue
        letter, arg = mod[0], mod[1:]
        if letter not in definition.modifiers and letter not in "RV":
            raise TieBreakError(
                _('tie-break {raw!r}: modifier /{mod} does not apply to {name}').format(raw=raw, mod=mod, name=name))
        try:
            if letter == "C":
                fields["cut_low"] = int(arg or "1")
            elif letter == "M":
                n = int(arg or "1")
                fields["cut_low"], fields["cut_high"] = n, n
            elif letter == "L":
                if "." in arg:
                    fields["limit"] = Fraction(arg)
                else:
                    fields["limit"] = Fraction(int(arg or "0"), 2)
            elif letter == "P":
                fields["played_forfeits"] = True
            elif letter == "U":
                fields["unrated"] = int(arg)
            elif letter == "F":
                fields["fore"] = True
            elif letter == "R":
                fields["reverse"] = True
            elif letter == "V":
                fields["regime"] = parse_regime(arg or "2026")
        except ValueError:
            raise TieBreakError(_('tie-break {raw!r}: cannot read modifier /{mod}').format(raw=raw, mod=mod)) from None
    if fields.get("cut_low", 0) < 0 or fields.get("cut_high", 0) < 0:
        raise TieBreakError(_('tie-break {raw!r}: cuts must not be negative').format(raw=raw))
    return TieBreakSpec(code=raw, base=name, score=score, **fields)


def parse_list(text: str | list[str] | tuple[str, ...]) -> list[TieBreakSpec]:
    """Parse a comma- or space-separated list (``"DE,BH/C1,SB"``); ``PTS`` entries are dropped
    because points always come first."""
    items = text if isinstance(text, (list, tuple)) else text.replace(",", " ").split()
    specs = [parse_code(item) for item in items if item.strip()]
    return [s for s in specs if s.base != "PTS"]
