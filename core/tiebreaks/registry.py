"""Every tie-break, registered by code: family function, explain function, type, modifiers.

Why a table: the CLI, presets, TRF-2026 lists and the settings screen all look tie-breaks up by
code; adding a method is one line here plus its family function (the steps, names and tests:
docs/howto-tiebreak.md).  ``kind`` is the C.07 Art. 4.3
type (A direct encounter, B own results, C opponents' results, D ratings; combinations).
``higher_better`` is False for criteria where the smaller value ranks first (pairing number,
lot number).  ``group`` marks criteria that order a tied group instead of giving a value (DE; Go's SDC).


Why the families are named, not imported: reading a code (a TRF file's record 202, the CLI's
``--tiebreaks``) needs the table, not the computations; importing every family cost
``hakem pair`` ~17 ms of its start-up.  A family's module is imported when one of its values is
first computed or explained (:class:`Late`).
"""

from __future__ import annotations


import importlib
from dataclasses import dataclass
from collections.abc import Callable
from functools import cache
from typing import Any

from core.i18n.tiebreak_names import NAMES


class Late:
    """A family's function, named by its module in :mod:`core.tiebreaks` and its name, and
    imported at its first call; ``of`` names the function a factory is given
    (``own.explain_simple(own.lots)``, written ``own.explain_simple.made_of(own.lots)``).

    A plain class (not a dataclass): the table makes ~100 of them at every start."""

    __slots__ = ("module", "name", "of")

    def __init__(self, module: str, name: str, of: str = "") -> None:
        self.module, self.name, self.of = module, name, of

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _function(self.module, self.name, self.of)(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Late({self.module!r}, {self.name!r}, {self.of!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Late) and (self.module, self.name, self.of) == (other.module, other.name, other.of)

    def __hash__(self) -> int:
        return hash((self.module, self.name, self.of))

    def made_of(self, computed: Late) -> Late:
        """This factory applied to ``computed`` (a function of the same family)."""
        return Late(self.module, self.name, computed.name)

    @property
    def module_name(self) -> str:
        return f"core.tiebreaks.{self.module}"


@cache
def _function(family: str, name: str, of: str) -> Callable:
    """The function a :class:`Late` names (its family imported once, here)."""
    module = importlib.import_module(f"core.tiebreaks.{family}")
    function = getattr(module, name)
    return function(getattr(module, of)) if of else function


class _Family:
    """A family module by name: ``own.points`` is :class:`Late` ``("own", "points")``."""

    def __init__(self, module: str) -> None:
        self.module = module

    def __getattr__(self, name: str) -> Late:
        if name.startswith("__"):
            raise AttributeError(name)
        return Late(self.module, name)


own, buchholz, koya, rating = _Family("own"), _Family("buchholz"), _Family("koya"), _Family("rating")
go, keizer, team, team_extended = _Family("go"), _Family("keizer"), _Family("team"), _Family("team_extended")

ESB_CODES = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
"""The extended Sonneborn-Berger codes (:data:`core.tiebreaks.team_extended.ESB_CODES`)."""


@dataclass(frozen=True)
class TieBreakDef:
    code: str
    kind: str
    compute: Callable | None
    explain: Callable | None
    modifiers: str = ""
    """Letters of the Art. 14 modifiers it takes (C cut, M median, L limit, P played forfeits,
    U unrated rating, F Fore-based)."""
    higher_better: bool = True
    group: bool = False
    uses_buchholz: bool = False
    uses_ratings: bool = False
    team_only: bool = False
    main_score: bool = False
    """A main score (Go: MMS, Gamma level, OpenGotha's category CAT; Keizer score): first in a
    list, it ranks instead of points."""
    order: Callable | None = None
    """A group criterion's ordering of a tied group (``None``: direct encounter's,
    :func:`core.tiebreaks.direct.order_group`)."""
    group_values: Callable | None = None
    """A group criterion's own values for a tied group (``None``: the place inside it)."""
    explain_group: Callable | None = None
    """A group criterion's explanation (``None``: direct encounter's)."""
    card_terms: bool = False
    """Summed from one term per round, shown per round on the player card (Aktar's card keeps
    a Med./Sol./Ber. cell per round).  ARO is not: its terms are the opponents' ratings,
    already in the card's Rating column."""
    seeded: bool = False
    """The group criterion's order and values also read the criteria after it (OpenGotha's DC
    ranks players no game decides by them): ``order`` and ``group_values`` take ``seed=``."""

    @property
    def name(self) -> str:
        return NAMES.get(self.code, self.code)


def _d(code, kind, compute, explain, modifiers="", **kw) -> TieBreakDef:
    return TieBreakDef(code, kind, compute, explain, modifiers, **kw)


_LIST = [
    _d("PTS", "B", own.points, own.explain_points),
    _d("DE", "A", None, None, "P", group=True),
    _d("WIN", "B", own.counter, own.explain_counter),
    _d("WON", "B", own.counter, own.explain_counter),
    _d("BPG", "B", own.counter, own.explain_counter),
    _d("BWG", "B", own.counter, own.explain_counter),
    _d("REP", "B", own.counter, own.explain_counter),
    _d("STD", "B", own.standard_points, own.explain_std),
    _d("PS", "B", own.progressive, own.explain_progressive, "C"),
    _d("KASH", "B", own.kashdan, own.explain_kashdan),
    _d("TPN", "B", own.pairing_number, own.explain_simple.made_of(own.pairing_number), higher_better=False),
    _d("LOT", "B", own.lots, own.explain_simple.made_of(own.lots), higher_better=False),
    _d("BH", "C", buchholz.buchholz, buchholz.explain_buchholz, "CMP", uses_buchholz=True, card_terms=True),
    _d("FB", "C", buchholz.fore_buchholz, buchholz.explain_fore_buchholz, "CMP", uses_buchholz=True, card_terms=True),
    _d("AOB", "CC", buchholz.average_of_opponents_buchholz, buchholz.explain_aob, "FP", uses_buchholz=True, card_terms=True),
    _d("BBH", "CC", buchholz.buchholz_of_buchholz, buchholz.explain_bbh, "P", uses_buchholz=True, card_terms=True),
    _d("SB", "BC", buchholz.sonneborn_berger, buchholz.explain_sonneborn_berger, "CMP", card_terms=True),
    _d("KS", "BC", koya.koya, koya.explain_koya, "L", card_terms=True),
    _d("KSX", "BC", koya.extended_koya, koya.explain_koya, "L", card_terms=True),
    _d("ARO", "D", rating.aro, rating.explain_rating.made_of(rating.aro), "CMU", uses_ratings=True),
    _d("TPR", "DB", rating.tpr, rating.explain_rating.made_of(rating.tpr), "CMU", uses_ratings=True),
    _d("TPRS", "DB", rating.tpr_350, rating.explain_rating.made_of(rating.tpr_350), "CMU", uses_ratings=True),
    _d("PTP", "DB", rating.ptp, rating.explain_rating.made_of(rating.ptp), "CMU", uses_ratings=True),
    _d("APRO", "DC", rating.apro, rating.explain_rating.made_of(rating.apro), "U", uses_ratings=True),
    _d("APPO", "DC", rating.appo, rating.explain_rating.made_of(rating.appo), "U", uses_ratings=True),
    _d("RTNG", "B", rating.rtng, rating.explain_rating.made_of(rating.rtng), "U", uses_ratings=True),
    _d("MMS", "B", go.mms, go.explain_mcmahon, main_score=True),
    _d("SOS", "C", go.sum_of_opponents, go.explain_mcmahon),
    _d("SODOS", "BC", go.sum_of_opponents, go.explain_mcmahon),
    _d("SOSOS", "CC", go.sum_of_opponents, go.explain_mcmahon),
    _d("SOSM1", "C", go.sum_of_opponents, go.explain_mcmahon),
    _d("SOSM2", "C", go.sum_of_opponents, go.explain_mcmahon),
    _d("CUSS", "B", go.progress, go.explain_mcmahon),
    _d("NBW", "B", go.progress, go.explain_mcmahon),
    _d("CAT", "B", go.category, go.explain_category, higher_better=False, main_score=True),
    _d("SDC", "A", None, None, group=True, order=go.sdc_order, group_values=go.sdc_values,
       explain_group=go.explain_sdc),
    _d("DC", "A", None, None, group=True, order=go.dc_order, group_values=go.dc_values,
       explain_group=go.explain_dc, seeded=True),
    _d("LEVEL", "B", go.level, go.explain_gamma, main_score=True),
    _d("COEF", "C", go.coefficient, go.explain_gamma),
    _d("KZR", "BC", keizer.score, keizer.explain, main_score=True),
    _d("KZV", "B", keizer.value, keizer.explain),
    _d("MP", "B", team.match_points, team.explain_team, team_only=True),
    _d("GP", "B", team.game_points, team.explain_team, team_only=True),
    _d("TBR", "B", team.top_board_result, team.explain_team, team_only=True),
    _d("MPVGP", "B", team_extended.other_primary_score, team_extended.explain_other_primary_score,
       team_only=True),
    _d("EDE", "A", None, None, "P", group=True, order=team_extended.extended_direct_encounter, team_only=True),
    _d("BC", "B", team_extended.board_count, team_extended.explain_board_criterion, higher_better=False,
       team_only=True),
    _d("BBE", "B", team_extended.bottom_board_elimination, team_extended.explain_board_criterion,
       team_only=True),
    _d("SSSC", "BC", team_extended.score_strength_combination,
       team_extended.explain_score_strength_combination, "C", team_only=True),
    *(_d(code, "BC", team_extended.extended_sonneborn_berger,
         team_extended.explain_extended_sonneborn_berger, "CP", team_only=True)
      for code in ESB_CODES),
]

REGISTRY: dict[str, TieBreakDef] = {d.code: d for d in _LIST}


def codes() -> list[str]:
    return sorted(REGISTRY)


def family_modules() -> set[str]:
    """The modules the table names (imported when a value of theirs is computed)."""
    return {late.module_name for d in REGISTRY.values()
            for late in (d.compute, d.explain, d.order, d.group_values, d.explain_group) if isinstance(late, Late)}
