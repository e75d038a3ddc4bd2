"""A hakem Go event written as OpenGotha's XML tournament file (``hakem export ID --opengotha``).

Why: a club moves an event to OpenGotha mid-event (the other way round from
:mod:`core.go.opengotha_xml`), so the file holds what OpenGotha needs to go on: players with
rank, rating, country, club, pins and ``participating``, every game with its handicap and
result, the byes, and the parameter set.  The elements and attributes are the ones OpenGotha's
own writer produces (``ExternalDocument.generateXMLFile``); values hakem holds come from the
event (bar, floor, handicap rule, komi, bye/absence points, seeding, criteria, rounds, name,
place, dates, the time system), the rest from what an imported file carried (``options["opengotha"]``) or, for an
event made in hakem, OpenGotha's McMahon defaults.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.go.countries import country_code
from core.go.mcmahon_options import McMahonOptions, mcmahon_options, mms_correction
from core.go.names import split_name
from core.go.opengotha_time import opengotha_time
from core.go.opengotha_xml import (CRITERIA, FLOATS, MAX_ROUNDS, OG_RANK_OFFSET, PLAYER_KEPT, SEEDING, WEIGHTS,
                                   player_key)
from core.go.ranks import go_rating, player_rank
from core.i18n import _
from core.model import Board, ByeKind, GameResult, Player, Tournament

DEFAULTS: dict[str, dict[str, str]] = {
    "GeneralParameterSet": {
        "bInternet": "false", "basicTime": "60", "canByoYomiTime": "300", "complementaryTimeSystem": "STDBYOYOMI",
        "fischerTime": "10", "genCountNotPlayedGamesAsHalfPoint": "false", "genMMZero": "30K",
        "genNBW2ValueAbsent": "0", "genNBW2ValueBye": "2", "genRoundDownNBWMMS": "true",
        "nbMovesCanTime": "15", "numberOfCategories": "1", "size": "19", "stdByoYomiTime": "30"},
    "HandicapParameterSet": {"hdBasedOnMMS": "true"},
    "PairingParameterSet": {
        "paiBaAvoidDuplGame": "500000000000000", "paiBaBalanceWB": "1000000", "paiBaDeterministic": "true",
        "paiBaRandom": "0", "paiMaAdditionalPlacementCritSystem1": "Rating",
        "paiMaAdditionalPlacementCritSystem2": "NULL", "paiMaAvoidMixingCategories": "0",
        "paiMaCompensateDUDD": "true", "paiMaDUDDWeight": "100000000", "paiMaMaximizeSeeding": "5000000",
        "paiMaMinimizeScoreDifference": "100000000000", "paiSeAvoidSameGeo": "100000000000",
        "paiSeBarThresholdActive": "true", "paiSeDefSecCrit": "100000000000", "paiSeMinimizeHandicap": "0",
        "paiSeNbWinsThresholdActive": "true", "paiSePreferMMSDiffRatherThanSameClub": "3",
        "paiSePreferMMSDiffRatherThanSameCountry": "1", "paiSeRankThreshold": "1D",
        "paiStandardNX1Factor": "0.5"},
    "DPParameterSet": {
        "displayClCol": "true", "displayCoCol": "true", "displayIndGamesInMatches": "true",
        "displayNPPlayers": "false", "displayNumCol": "true", "displayPlCol": "true", "gameFormat": "full",
        "playerSortType": "name", "showByePlayer": "true", "showNotFinallyRegisteredPlayers": "true",
        "showNotPairedPlayers": "true", "showNotParticipatingPlayers": "false", "showPlayerClub": "true",
        "showPlayerCountry": "false", "showPlayerGrade": "true"},
    "PublishParameterSet": {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"},
}
"""OpenGotha's McMahon defaults (its ``initForMM`` and the weights' maxima) for the attributes
hakem does not hold, written for an event made in hakem; an imported file's own elements are
written instead, as they were (an attribute an older file lacks stays absent: OpenGotha's
reader gives it its default)."""

RESULT_NAMES = {
    GameResult.WHITE_WINS: "RESULT_WHITEWINS", GameResult.BLACK_WINS: "RESULT_BLACKWINS",
    GameResult.DRAW: "RESULT_EQUAL", GameResult.BOTH_LOSE: "RESULT_BOTHLOSE",
    GameResult.WHITE_FORFEIT_WIN: "RESULT_WHITEWINS_BYDEF",
    GameResult.BLACK_FORFEIT_WIN: "RESULT_BLACKWINS_BYDEF",
    GameResult.DOUBLE_FORFEIT: "RESULT_BOTHLOSE_BYDEF",
}
REVERSE_CRITERIA = {code: name for name, code in CRITERIA.items()}


def og_rank_label(rank: int) -> str:
    """Our rank number → OpenGotha's ``convertIntToKD`` (``3D``, ``10K``)."""
    og = rank - OG_RANK_OFFSET
    return f"{og + 1}D" if og >= 0 else f"{-og}K"


def short_name(t: Tournament) -> str:
    """OpenGotha's short name (its file names, the ``.tou`` ``name=``): the imported file's, else
    the event's name without blanks, at most 20 characters."""
    raw = (t.options or {}).get("opengotha")
    general = raw.get("GeneralParameterSet") if isinstance(raw, Mapping) else None
    kept = general.get("shortName") if isinstance(general, Mapping) else None
    return str(kept or t.name.replace(" ", "")[:20])


def _names(p: Player) -> tuple[str, str]:
    return split_name(p.name)


def _participating(t: Tournament, p: Player) -> str:
    """One ``1``/``0`` per OpenGotha round: ``0`` where the player has an absence (a bye other
    than the pairing-allocated one), a requested bye, or is not yet entered / withdrawn."""
    absent = {r.number for r in t.rounds for b in r.byes if b.pno == p.pno and b.kind is not ByeKind.PAB}
    absent |= {b.round for b in t.requested_byes if b.pno == p.pno}
    out = []
    for number in range(1, MAX_ROUNDS + 1):
        gone = p.withdrawn_round is not None and number >= p.withdrawn_round
        out.append("0" if number in absent or number < p.joined_round or gone else "1")
    return "".join(out)


def _player(t: Tournament, p: Player) -> dict[str, str]:
    name, first = _names(p)
    extra: Mapping[str, Any] = p.extra or {}
    kept = extra.get("opengotha") if isinstance(extra.get("opengotha"), Mapping) else {}
    rank = og_rank_label(player_rank(p, t.system))
    attributes = {
        "agaExpirationDate": "", "agaId": "", "club": p.club, "country": country_code(p).upper(),
        "egfPin": str(extra.get("egd_pin", "")), "ffgLicence": str(extra.get("ffg_licence", "")),
        "ffgLicenceStatus": "", "firstName": first, "grade": rank, "name": name,
        "participating": _participating(t, p), "rank": rank, "rating": str(go_rating(p)),
        "ratingOrigin": "", "registeringStatus": "FIN", "smmsCorrection": "0"}
    attributes.update({k: str(v) for k, v in (kept or {}).items() if k in PLAYER_KEPT})
    attributes["smmsCorrection"] = str(mms_correction(p))
    return attributes


def _game(t: Tournament, round_no: int, table: int, b: Board) -> dict[str, str]:
    players = {p.pno: p for p in t.players}
    return {"blackPlayer": player_key(*_names(players[b.black])), "handicap": str(b.handicap or 0),
            "knownColor": "false" if b.colourless else "true",
            "result": RESULT_NAMES.get(b.result, "RESULT_UNKNOWN") if b.result else "RESULT_UNKNOWN",
            "roundNumber": str(round_no), "tableNumber": str(table),
            "whitePlayer": player_key(*_names(players[b.white]))}


def _doubled(value: Fraction) -> str:
    return str(int(value * 2))


def _general(t: Tournament, mm: McMahonOptions, kept: Mapping[str, str]) -> dict[str, str]:
    general = dict(kept or DEFAULTS["GeneralParameterSet"])
    swiss = bool(kept) and mm.bar == mm.floor  # an imported Swiss event (see the reader)
    general.update({
        "beginDate": t.start_date or general.get("beginDate", ""), "director": t.chief_arbiter,
        "endDate": t.end_date or t.start_date or general.get("endDate", ""),
        "genMMS2ValueAbsent": _doubled(mm.absent_points), "genMMS2ValueBye": _doubled(mm.bye_points),
        "genCountNotPlayedGamesAsHalfPoint": "true" if mm.count_not_played_as_half else "false",
        "komi": str(float(mm.komi)),
        "location": t.place, "name": t.name, "numberOfRounds": str(t.total_rounds),
        "shortName": general.get("shortName") or short_name(t)})
    general.update(opengotha_time(t.time_control))  # OpenGotha derives TM and the class from them
    if str((t.options or {}).get("go", {}).get("egd_class", "")).upper() == "D":
        general["bInternet"] = "true"
    if not swiss:  # an imported Swiss event keeps its own (unused) bar and floor
        general.update({"genMMBar": og_rank_label(mm.bar), "genMMFloor": og_rank_label(mm.floor)})
    return general


def _pairing(mm: McMahonOptions, kept: Mapping[str, str]) -> dict[str, str]:
    pairing = dict(kept or DEFAULTS["PairingParameterSet"])
    seeds = {v: k for k, v in SEEDING.items()}
    floats = {v: k for k, v in FLOATS.items()}
    pairing.update({"paiMaSeedSystem1": seeds[mm.early_seeding], "paiMaSeedSystem2": seeds[mm.seeding],
                    "paiMaLastRoundForSeedSystem1": str(mm.early_rounds),
                    "paiMaDUDDUpperMode": floats[mm.float_upper], "paiMaDUDDLowerMode": floats[mm.float_lower],
                    "paiMaCompensateDUDD": "true" if mm.compensate_dudd else "false"})
    pairing.update({attribute: str(getattr(mm, key)) for key, attribute in WEIGHTS.items()})
    return pairing


def _og_name(code: str) -> str:
    """OpenGotha's name of one of the event's criteria ("" for one it lacks), by the parsed
    base code: ``SOSM``, ``SOS`` and ``SOS/V2026`` are all OpenGotha's SOSM, as the list is read
    (:func:`core.tiebreaks.codes.parse_code` takes OpenGotha's names too); a cut or other
    modifier makes another value, which OpenGotha has no name for."""
    from core.tiebreaks.codes import parse_code
    from core.tiebreaks.spec import TieBreakError, TieBreakSpec

    try:
        spec = parse_code(code)
    except TieBreakError:
        return ""
    plain = spec == TieBreakSpec(code=spec.code, base=spec.base, regime=spec.regime)
    return REVERSE_CRITERIA.get(spec.base, "") if plain else ""


def _criteria(t: Tournament, kept: list[str]) -> list[str]:
    """hakem's criteria under OpenGotha's names; an imported file's own list when hakem's is the
    file's (criteria hakem lacks, NBW of a Swiss, stay), six entries as OpenGotha writes."""
    ours = [name for name in map(_og_name, t.tiebreaks) if name]
    mapped = [c for c in kept if c in CRITERIA]
    names = kept if kept and (not ours or ours == mapped) else ours or ["MMS", "SOSM", "SOSOSM"]
    return (names + ["NULL"] * 6)[:max(6, len(names))]


def _parameters(t: Tournament) -> ElementTree.Element:
    mm = mcmahon_options(t)
    raw = t.options.get("opengotha") if t.options else None
    kept: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    tps = ElementTree.Element("TournamentParameterSet")
    general = ElementTree.SubElement(tps, "GeneralParameterSet", _general(t, mm, kept.get("GeneralParameterSet", {})))
    general.set("numberOfCategories", str(mm.category_count))
    if mm.categories:  # OpenGotha writes the element only with two categories or more
        categories = ElementTree.SubElement(general, "Categories")
        for number, limit in enumerate(mm.categories, start=1):
            ElementTree.SubElement(categories, "Category", {"lowerLimit": og_rank_label(limit), "number": str(number)})
    handicap = {**(kept.get("HandicapParameterSet") or DEFAULTS["HandicapParameterSet"]),
                "hdBasedOnMMS": "true" if mm.handicap_basis == "mms" else "false",
                "hdCeiling": str(mm.ceiling), "hdCorrection": str(mm.correction),
                "hdNoHdRankThreshold": og_rank_label(mm.handicap_bar) if mm.handicap_bar is not None else "9D"}
    ElementTree.SubElement(tps, "HandicapParameterSet", handicap)
    placement = ElementTree.SubElement(ElementTree.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    for number, name in enumerate(_criteria(t, list(kept.get("PlacementCriteria", []))), start=1):
        ElementTree.SubElement(placement, "PlacementCriterion", {"name": name, "number": str(number)})
    ElementTree.SubElement(tps, "PairingParameterSet", _pairing(mm, kept.get("PairingParameterSet", {})))
    for tag in ("DPParameterSet", "PublishParameterSet"):
        attributes = kept.get(tag) if kept else DEFAULTS[tag]
        if attributes is not None:
            ElementTree.SubElement(tps, tag, dict(attributes))
    return tps


def _check_keys(t: Tournament) -> None:
    """Refuse two players with one key: OpenGotha's games and byes name players by it, and its
    reader keeps one player per key (two ``Kim, Minsu``, or ``Kim, Minsu`` and ``Kim Min, Su``,
    would become one player playing himself)."""
    seen: dict[str, Player] = {}
    for p in sorted(t.players, key=lambda p: p.pno):
        key = player_key(*_names(p))
        first = seen.setdefault(key, p)
        if first is not p:
            raise TournamentError(_(
                "players {first} ({first_name}) and {second} ({second_name}) have the same OpenGotha key "
                "{key} (name and first name without blanks), by which OpenGotha's file names its players; "
                "change one name first (hakem players edit {id} {second} --name …)").format(
                id=t.id, first=first.pno, first_name=first.name, second=p.pno, second_name=p.name, key=key))


def opengotha_xml_export(t: Tournament) -> str:
    """The whole file as text (UTF-8, one element a line as OpenGotha writes it); refused when
    two players share an OpenGotha key (:func:`_check_keys`)."""
    _check_keys(t)
    root = ElementTree.Element("Tournament", {"dataVersion": "201", "fullVersionNumber": "3.51",
                                              "runningMode": "SAL"})
    players = ElementTree.SubElement(root, "Players")
    for p in sorted(t.players, key=lambda p: p.pno):
        ElementTree.SubElement(players, "Player", _player(t, p))
    games = ElementTree.SubElement(root, "Games")
    for rnd in t.rounds:
        for table, board in enumerate(rnd.boards, start=1):
            ElementTree.SubElement(games, "Game", _game(t, rnd.number, table, board))
    names = {p.pno: player_key(*_names(p)) for p in t.players}
    byes = [(rnd.number, b.pno) for rnd in t.rounds for b in rnd.byes if b.kind is ByeKind.PAB]
    if byes:
        element = ElementTree.SubElement(root, "ByePlayers")
        for number, pno in byes:
            ElementTree.SubElement(element, "ByePlayer", {"player": names[pno], "roundNumber": str(number)})
    root.append(_parameters(t))
    groups = mcmahon_options(t).club_groups
    if groups:  # OpenGotha writes its clubs groups last, only when there are some
        element = ElementTree.SubElement(root, "ClubsGroups")
        for name, clubs in groups:
            group = ElementTree.SubElement(element, "ClubsGroup", {"name": name})
            for club in clubs:
                ElementTree.SubElement(group, "Club", {"name": club})
    ElementTree.indent(root, space="")
    body = ElementTree.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n"
