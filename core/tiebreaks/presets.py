"""Named tie-break lists and the warnings a list deserves.

Why presets: organisers pick a published list rather than invent one.  Sources:
* ``tsf-swiss`` — Türkiye Satranç Federasyonu, individual Swiss, EB1–EB6 (TSF Art. 9): direct
  encounter, Buchholz cut-1, Sonneborn-Berger, average Buchholz of opponents, wins, lots.
* ``fide-swiss`` — the list FIDE published for Swiss events of the World Championship cycle
  (ARO-C1, BH-C1, BH, DE, lots).  C.07 Art. 2.1 itself leaves the choice to the regulations.
* ``fide-swiss-unrated`` — the same without the rating criterion, for fields with unrated players.
* ``seed-*`` — Aktar p. 85 recommendations by event type.
* ``team-swiss`` / ``team-rr`` — Aktar's team lists written with C.07 team codes.
The Swiss-Manager numbers given beside TSF Art. 9 ([11], [84], …) are not used: they contradict
the only decoding of those numbers found, so they are not verified (docs/rules/tiebreaks.md).
"""

from __future__ import annotations

from core.i18n import N_, _

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.tiebreaks.spec import TieBreakError, TieBreakSpec

if TYPE_CHECKING:
    from core.model import Tournament
    from core.tiebreaks.context import Context


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    """English title (translatable)."""
    codes: tuple[str, ...]
    source: str
    team: bool = False
    round_robin: bool = False


PRESETS: dict[str, Preset] = {p.id: p for p in (
    Preset("fide-swiss", N_("FIDE individual Swiss (World Championship cycle list)"),
           ("ARO/C1", "BH/C1", "BH", "DE", "LOT"), "FIDE PB 2019, Swiss events of the WCC cycle"),
    Preset("fide-swiss-unrated", N_("FIDE individual Swiss without rating criteria"),
           ("BH/C1", "BH", "DE", "SB", "WIN", "LOT"), "C.07 Arts. 6–9 (our order)"),
    Preset("tsf-swiss", N_("Turkish Chess Federation, individual Swiss (EB1–EB6)"),
           ("DE", "BH/C1", "SB", "AOB", "WIN", "LOT"), "TSF Yarışma Talimatı Art. 9"),
    Preset("seed-rr", N_("Individual round robin (seed recommendation)"),
           ("DE", "SB", "WIN", "KS"), "Aktar p. 85", round_robin=True),
    Preset("seed-swiss-rated", N_("Individual Swiss, close and reliable ratings (seed recommendation)"),
           ("ARO", "ARO/C1"), "Aktar p. 85"),
    Preset("seed-swiss-unrated", N_("Individual Swiss, mostly unrated (seed recommendation)"),
           ("BH", "SB"), "Aktar p. 85"),
    Preset("seed-swiss-mixed", N_("Individual Swiss, scattered ratings (seed recommendation)"),
           ("BH", "SB", "PS", "WIN", "DE"), "Aktar p. 85"),
    Preset("team-rr", N_("Team round robin (seed recommendation)"),
           ("GP", "DE", "SB", "TBR"), "Aktar p. 85 (team points, match points, encounter, SB, top board)",
           team=True, round_robin=True),
    Preset("team-swiss", N_("Team Swiss (seed recommendation)"),
           ("GP", "DE", "BH"), "Aktar p. 85 (match points, board points, encounter, Buchholz)", team=True),
    Preset("go-mcmahon", N_("Go McMahon (MMS, SOS, SOSOS)"),
           ("MMS", "SOS", "SOSOS"), "OpenGotha 3.51's default McMahon criteria MMS, SOSM, SOSOSM"),
    Preset("go-gamma", N_("Go Gamma scheme (level, coefficient)"),
           ("LEVEL", "COEF"), "the Gamma procedure, places by final level then coefficient"),
    Preset("keizer", N_("Keizer club competition (Keizer score, value)"),
           ("KZR", "KZV"), "the Keizer ranking (notes/keizer.md): score, then the place's value"),
)}

SYSTEM_PRESETS: dict[str, str] = {"mcmahon": "go-mcmahon", "gamma": "go-gamma", "keizer": "keizer"}
"""Systems whose events are ranked by their own criteria unless the event sets a list: a Go
event never falls back to chess tie-breaks, a Keizer competition ranks by its Keizer score."""


GO_PRESETS = ("go-mcmahon", "go-gamma")


def offered(p: Preset, system: str, team: bool | None = None) -> bool:
    """Whether the preset is one to offer an event of ``system`` (``team``: a team event): a Go
    event's criteria are Go's own and a chess event never takes them, the Keizer list belongs
    to Keizer competitions, team lists to team events (``None``: not known yet, both); a
    knockout cup takes none (it ranks by the stage reached, players out at one stage share)."""
    own = SYSTEM_PRESETS.get(system)
    if p.id in GO_PRESETS or p.id == "keizer":
        return p.id == own
    if system in ("mcmahon", "gamma", "knockout"):  # a cup ranks by the stage reached (Aktar p. 67)
        return False
    return team is None or p.team == team


def preset(name: str) -> Preset:
    if name not in PRESETS:
        raise TieBreakError(_('unknown tie-break preset {name!r}; known: {value}').format(name=name, value=', '.join(sorted(PRESETS))))
    return PRESETS[name]


def default_codes(t: Tournament, ctx: Context, team: bool) -> tuple[str, ...]:
    """The tournament's list, else the system's own list (Go: McMahon, Gamma; a knockout cup:
    none — it ranks by the stage reached and players out at one stage share, Aktar p. 67), else
    the preset that fits the event type (a Swiss: with the rating criterion when every player
    who started round 1 is rated, :func:`_starters`)."""
    if t.tiebreaks:
        return tuple(t.tiebreaks)
    if t.system == "knockout" and not team:  # ranked by the stage reached, shared (Aktar p. 67)
        return ()
    system_list = SYSTEM_PRESETS.get(t.system)
    if system_list and not team:
        return PRESETS[system_list].codes
    if team:
        return PRESETS["team-rr" if ctx.round_robin else "team-swiss"].codes
    if ctx.round_robin:
        return PRESETS["seed-rr"].codes
    starters = _starters(t)
    if all(r is not None for pno, r in ctx.rating.items() if starters is None or pno in starters):
        return PRESETS["fide-swiss"].codes
    return PRESETS["fide-swiss-unrated"].codes


def _starters(t: Tournament) -> frozenset[int] | None:
    """The players of round 1 (on a board or given a bye), ``None`` before it is paired.

    Why: the tie-breaks are announced before the start (C.07); the automatic list is chosen
    from the field that started, so a late entry without a rating does not change the order
    of the players already playing.  A different list after that is the organiser's explicit
    change (asked, and journaled)."""
    if not t.rounds:
        return None
    first = t.rounds[0]
    return frozenset([*(b.white for b in first.boards), *(b.black for b in first.boards),
                      *(b.pno for b in first.byes)])


def warnings_for(specs: list[TieBreakSpec], ctx, regime) -> list[str]:
    """Sentences explaining why a list is unsuitable for this event (never blocking), in the
    reader's language: shown on screens, paper and the published pages."""
    from core.tiebreaks.rating import UNRATED_NOTE, unrated_left_out
    from core.tiebreaks.codes import lookup
    from core.tiebreaks.regimes import Regime

    out: list[str] = []
    for spec in specs:
        definition = lookup(spec.base)
        if ctx.round_robin and (definition.uses_buchholz or spec.base == "BH") and regime is Regime.FIDE2026:
            out.append(_("{code}: FIDE C.07 (2026) Art. 8 forbids Buchholz tie-breaks in round robins.")
                       .format(code=spec.code))
        if definition.uses_ratings and spec.base != "RTNG" and unrated_left_out(ctx, spec):
            out.append(f"{spec.code}: {_(UNRATED_NOTE)}")
        if spec.base in ("BPG", "BWG") and ctx.round_robin:
            out.append(_("{code}: in a round robin the colours are fixed by the tables, so colour "
                         "criteria are not fair (Aktar p. 84).").format(code=spec.code))
        if spec.base in ("KS", "KSX") and not ctx.round_robin:
            out.append(_("{code}: the Koya score is defined for round robins.").format(code=spec.code))
        if definition.team_only and not ctx.cache.get("team"):
            out.append(_("{code}: this criterion applies to team events only.").format(code=spec.code))
    return out
