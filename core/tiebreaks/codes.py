"""Reading tie-break codes: ``BH/C1``, ``BH/M2``, ``SB/C1``, ``KS/L+1``, ``ARO/C1``, ``BH:MP``…

Why its own module: the same code strings come from the CLI, TRF-2026 records 202/212, presets
and the settings screen; they must parse identically everywhere.  The syntax follows the FIDE
TEC engine (``NAME[:PS][/modifier…]``, C.07 Art. 14): ``/Cn`` cut the n least significant
values, ``/Mn`` median (n lowest and n highest), ``/L±n`` Koya limit in half-point steps,
``/P`` forfeits count as played, ``/Unnnn`` rating for unrated players, ``/F`` Fore-Buchholz
based AOB, ``/R`` reverse order, ``/V2024`` or ``/V2026`` (or ``/Vlegacy``) regime for this
criterion only.  The hyphenated spelling of the FIDE table (``BH-C1``, ``PS-C1``) and the
historical ``AROC1`` and ``GE`` are accepted too.  Every lookup of a code goes through
:func:`lookup`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from core.i18n import _
from core.tiebreaks.regimes import parse_regime
from core.tiebreaks.spec import TieBreakError, TieBreakSpec

if TYPE_CHECKING:
    from core.tiebreaks.registry import TieBreakDef


ALIASES: dict[str, str] = {"GE": "REP", "KASHDAN": "KASH", "MPTS": "MP", "GPTS": "GP", "LOTS": "LOT",
            "BUCHHOLZ": "BH", "SOLKOFF": "BH", "KOYA": "KS", "EKS": "KSX"}


"""Other spellings of a code: older names and the words people write."""

OPENGOTHA_NAMES: dict[str, str] = {"SOSM": "SOS", "SOSM-1": "SOSM1", "SOSM-2": "SOSM2", "SOS-1": "SOSM1",
                                   "SOS-2": "SOSM2", "SODOSM": "SODOS", "SOSOSM": "SOSOS", "CUSSM": "CUSS"}
"""OpenGotha's names of the McMahon criteria (its ``PlacementParameterSet``: long names such as
``SOSM-1``, short ones such as ``SOS-1``), so that a Go organiser types what OpenGotha shows.
The MMS-based ones only: hakem's SOS is OpenGotha's SOSM (opponents' McMahon scores); a
hyphen there is part of the name, not a modifier."""


def lookup(code: str, written: str = "") -> TieBreakDef:
    """The definition of a tie-break base code (or one of its :data:`ALIASES`): the one place
    a code is looked up; an unknown one is refused naming the code as ``written`` and the
    codes known."""
    from core.tiebreaks.registry import REGISTRY  # late: the registry imports every family

    definition = REGISTRY.get(ALIASES.get(code, code))
    if definition is None:
        known = ", ".join(sorted(REGISTRY))
        raise TieBreakError(_("unknown tie-break {raw!r}; known codes: {known}; OpenGotha's names: {names}").format(
            raw=written or code, known=known, names=", ".join(OPENGOTHA_NAMES)))
    return definition


def parse_code(text: str) -> TieBreakSpec:
    """Parse one code; raises :class:`TieBreakError` with a readable message."""
    raw = text.strip()
    if not raw:
        raise TieBreakError(_('empty tie-break code'))
    upper = raw.upper().replace("#", "/").replace("!", "/")
    head, *mods = upper.split("/")
    head = OPENGOTHA_NAMES.get(head, head)
    if "-" in head:
        head, *extra = head.split("-")
        mods = extra + mods
    if head == "AROC1":
        head, mods = "ARO", ["C1"] + mods
    name, _sep, score = head.partition(":")
    name = ALIASES.get(name, name)
    definition = lookup(name, raw)
    if score and score not in ("MP", "GP"):
        raise TieBreakError(_("tie-break {raw!r}: the score after ':' must be MP or GP").format(raw=raw))
    fields: dict = {}
    for mod in mods:
        if not mod:
            continue
        letter, arg = mod[0], mod[1:]
        if letter not in definition.modifiers and letter not in "RV":
            raise TieBreakError(
                _('tie-break {raw!r}: modifier /{mod} does not apply to {name}').format(raw=raw, mod=mod, name=name)
                + _accepted_modifiers(definition.modifiers, name))
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


def _accepted_modifiers(letters: str, name: str) -> str:
    """``; BH takes /C cut …, /M median …`` — what the refusal of a modifier offers instead
    (C.07 Art. 14), each said in the reader's words; nothing for a criterion that takes none."""
    from core.i18n.tiebreak_names import MODIFIER_NAMES

    said = [f"/{letter}: {_(MODIFIER_NAMES[letter]).format(n='n')}" for letter in letters if letter in MODIFIER_NAMES]
    if not said:
        return _("; {name} takes no modifier").format(name=name)
    return _("; {name} takes {modifiers}").format(name=name, modifiers="; ".join(said))


def check_cuts(spec: TieBreakSpec, rounds: int) -> None:
    """Refuse a cut or median that leaves none of a player's values in an event of ``rounds``
    rounds (one value a round: ``BH/C9`` in five rounds was taken, and every Buchholz was 0).
    C.07 Art. 14.1 names Cut-1 and Cut-2, 14.2 Median1 and Median2; a regulation may cut more
    (the progressive score's first rounds, Aktar), never all."""
    if rounds <= 0:
        return
    dropped = spec.cut_low + spec.cut_high
    if dropped >= rounds:
        most = rounds - 1
        raise TieBreakError(_("tie-break {raw!r} drops {n} values, but a player has at most {rounds} (one a round); "
                              "drop at most {most}: /C1 or /C2 cut the one or two least significant values, /M1 "
                              "the lowest and the highest (C.07 Art. 14)").format(
            raw=spec.code, n=dropped, rounds=rounds, most=most))


def parse_list(text: str | list[str] | tuple[str, ...], rounds: int = 0) -> list[TieBreakSpec]:
    """Parse a comma- or space-separated list (``"DE,BH/C1,SB"``); ``PTS`` entries are dropped
    because points always come first.  A criterion given twice (same base and modifiers, under
    any spelling: ``SOSM-1`` and ``SOS-1`` are one) is refused: the second could never break a
    tie the first left, and a list showing it twice misleads whoever reads the standings.
    ``rounds``: the event's, to refuse a cut that leaves no value (:func:`check_cuts`)."""
    items = text if isinstance(text, (list, tuple)) else text.replace(",", " ").split()
    specs = [parse_code(item) for item in items if item.strip()]
    for spec in specs:
        check_cuts(spec, rounds)
    seen: dict[TieBreakSpec, str] = {}
    for spec in specs:
        same = replace(spec, code="")
        if same in seen:
            raise TieBreakError(_("tie-break {raw!r} repeats {first!r}: each criterion counts once").format(
                raw=spec.code, first=seen[same]))
        seen[same] = spec.code
    return [s for s in specs if s.base != "PTS"]


def split_known_codes(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split a list as written in a TRF-2026 record 202/212 (``"PTS BH/C1 SB"``) into
    (codes we know, without PTS; codes we do not know)."""
    known, unknown = [], []
    for code in text.replace(",", " ").split():
        try:
            parse_code(code)
        except TieBreakError:
            unknown.append(code)
        else:
            known.append(code)
    return tuple(c for c in known if c.upper() != "PTS"), tuple(unknown)
