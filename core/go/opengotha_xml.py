"""OpenGotha's XML tournament file read into a hakem McMahon event (``hakem import FILE.xml``).

Why: Go clubs in Europe run their events in OpenGotha; a club that moves an event to hakem
mid-event (or back, :mod:`core.gorender.opengotha_xml_export`) must keep its players, its games,
its byes and the parameters that decide the next pairing.

The file (OpenGotha 3.x, ``dataVersion`` 201) is one ``<Tournament>`` element with
``<Players>`` (one ``<Player>`` each: ``name``, ``firstName``, ``rank`` ``3K``/``2D``,
``rating``, ``country``, ``club``, ``egfPin``, ``ffgLicence``, ``participating`` — one ``1``/``0``
per round, ``smmsCorrection`` …), ``<Games>`` (``roundNumber``, ``tableNumber``, ``whitePlayer``
and ``blackPlayer`` as the player's key — name and first name without blanks, upper case —,
``handicap``, ``knownColor``, ``result`` ``RESULT_WHITEWINS``…), ``<ByePlayers>`` (the player
left out of a round with an odd field) and ``<TournamentParameterSet>`` (general, handicap,
placement, pairing parameters as attributes).

Mapping: OpenGotha's rank number is ours − 21 (0 = 1D, −1 = 1K, −30 = 30K); a ``0`` in
``participating`` is a zero-point bye (an absence) in a paired round and a requested one in a
later round; a ``ByePlayer`` is the pairing-allocated bye; ``*_BYDEF`` results are forfeits.
What hakem does not model is kept untouched in ``options["opengotha"]`` (every parameter
attribute) and ``Player.extra["opengotha"]`` (the player's other attributes), so the file
written back holds them as they were.  The reader is bounded like every import: the file's
size (:data:`core.app.files.MAX_INPUT_BYTES`), the nesting depth, no DTD or entity; every
refusal names the file and the element.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.go.ranks import entry_go_rating, entry_rank, rank_label
from core.i18n import _
from core.model import Board, Bye, ByeKind, GameResult, Player, RequestedBye, Round, Tournament

MAX_DEPTH = 8
"""OpenGotha's deepest element is five levels down (…/PlacementCriteria/PlacementCriterion)."""
MAX_ROUNDS = 20
"""OpenGotha's ``Gotha.MAX_NUMBER_OF_ROUNDS`` (the length of ``participating``)."""
OG_RANK_OFFSET = 21
"""Our rank number minus OpenGotha's (1D: 21 and 0)."""

RESULTS: dict[str, GameResult | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_WHITEWINS": GameResult.WHITE_WINS, "RESULT_BLACKWINS": GameResult.BLACK_WINS,
    "RESULT_EQUAL": GameResult.DRAW, "RESULT_BOTHLOSE": GameResult.BOTH_LOSE,
    "RESULT_WHITEWINS_BYDEF": GameResult.WHITE_FORFEIT_WIN,
    "RESULT_BLACKWINS_BYDEF": GameResult.BLACK_FORFEIT_WIN,
    "RESULT_BOTHLOSE_BYDEF": GameResult.DOUBLE_FORFEIT,
}
"""OpenGotha's results hakem holds; ``RESULT_BOTHWIN`` and the by-default ``EQUAL``/``BOTHWIN``
have no hakem result and are refused by name."""

PLAYER_KEPT = ("ffgLicenceStatus", "agaId", "agaExpirationDate", "ratingOrigin", "grade",
               "registeringStatus", "smmsCorrection")
"""Player attributes hakem does not use, carried through to the file written back."""

CRITERIA = {"MMS": "MMS", "SOSM": "SOS", "SODOSM": "SODOS", "SOSOSM": "SOSOS", "NBW": "NBW",
            "SOSM-1": "SOSM1", "SOSM-2": "SOSM2", "CUSSM": "CUSS", "SDC": "SDC",
            "DC": "DC", "CAT": "CAT"}
"""OpenGotha's long criterion names and hakem's codes for the same values."""

WEIGHTS = {"balance_wb": "paiBaBalanceWB", "minimize_score_difference": "paiMaMinimizeScoreDifference",
           "dudd_weight": "paiMaDUDDWeight", "maximize_seeding": "paiMaMaximizeSeeding",
           "avoid_same_geo": "paiSeAvoidSameGeo", "club_gap": "paiSePreferMMSDiffRatherThanSameClub",
           "country_gap": "paiSePreferMMSDiffRatherThanSameCountry",
           "avoid_mixing_categories": "paiMaAvoidMixingCategories"}
"""hakem's McMahon option keys and OpenGotha's pairing attributes of the same weights."""

OG_READ_AVOID_MIXING = "20000000000000"
"""OpenGotha's reader takes "avoid mixing categories" as 2·10^13 when a file does not say."""

SEEDING = {"SPLITANDSLIP": "slip", "SPLITANDFOLD": "fold", "SPLITANDRANDOM": "random"}
FLOATS = {"TOP": "top", "MID": "middle", "BOT": "bottom"}


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's key of a player (``Player.computeKeyString``): name and first name, blanks
    removed, upper case — how games and byes name their players."""
    return (name + first_name).replace(" ", "").upper()


def og_rank(text: str) -> int:
    """``3K``/``2D`` → our rank number (refused outside 30k–9d, as on entry)."""
    return entry_rank(text.strip().lower())


def _where(path: str, tag: str, count: int) -> str:
    return _("{path}: <{tag}> {count}").format(path=path, tag=tag, count=count)


def _parse(text: str, path: str) -> ElementTree.Element:
    """The root element, refused when the file has a DTD (entities), nests deeper than
    :data:`MAX_DEPTH` or is not well-formed XML."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise TournamentError(_("{path}: the file declares a DTD; hakem reads OpenGotha's files, "
                                "which have none").format(path=path))
    depth = 0
    root: ElementTree.Element | None = None
    try:
        for event, element in ElementTree.iterparse(io.StringIO(text), events=("start", "end")):
            if event == "start":
                depth += 1
                root = root if root is not None else element
                if depth > MAX_DEPTH:
                    raise TournamentError(_("{path}: <{tag}> nested {depth} levels deep; an OpenGotha "
                                            "file has at most {limit}").format(
                        path=path, tag=element.tag, depth=depth, limit=MAX_DEPTH))
            else:
                depth -= 1
    except ElementTree.ParseError as error:
        line, column = error.position
        raise TournamentError(_("{path}, line {line}, column {column}: not well-formed XML")
                              .format(path=path, line=line, column=column + 1)) from error
    if root is None or root.tag != "Tournament":
        raise TournamentError(_("{path}: not an OpenGotha tournament file (root element <{tag}>, "
                                "expected <Tournament>)").format(path=path, tag=getattr(root, "tag", "")))
    return root


def _int(element: ElementTree.Element, attribute: str, where: str, default: int = 0) -> int:
    text = element.get(attribute, "").strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise TournamentError(_("{where}: {attribute}={value!r} is not a whole number").format(
            where=where, attribute=attribute, value=text)) from None


def _player(element: ElementTree.Element, pno: int, where: str) -> Player:
    name, first = element.get("name", "").strip(), element.get("firstName", "").strip()
    if not name:
        raise TournamentError(_("{where}: the player has no name").format(where=where))
    try:
        rank = og_rank(element.get("rank", ""))
    except TournamentError as error:
        raise TournamentError(f"{where}: {error}") from None
    try:
        rating = entry_go_rating(element.get("rating", "") or rank * 100)
    except TournamentError as error:
        raise TournamentError(f"{where}: {error}") from None
    extra: dict[str, Any] = {"go_rank": rank_label(rank), "go_rating": rating}
    for attribute, key in (("country", "country"), ("egfPin", "egd_pin"), ("ffgLicence", "ffg_licence")):
        if value := element.get(attribute, "").strip():
            extra[key] = value.upper() if key == "country" else value
    correction = _int(element, "smmsCorrection", where)
    if correction:
        extra["mms_correction"] = correction
    extra["opengotha"] = {a: element.get(a, "") for a in PLAYER_KEPT if element.get(a) is not None}
    return Player(pno=pno, name=f"{name}, {first}" if first else name, club=element.get("club", "").strip(),
                  extra=extra)


def _players(root: ElementTree.Element, path: str) -> tuple[list[Player], dict[str, int], dict[int, str]]:
    """The players numbered strongest first (rank, rating, name: hakem's Go numbering), their
    keys, and each one's ``participating`` string."""
    read: list[tuple[Player, str, str]] = []
    for count, element in enumerate(root.iter("Player"), start=1):
        where = _where(path, "Player", count)
        player = _player(element, 0, where)
        key = player_key(element.get("name", "").strip(), element.get("firstName", "").strip())
        if any(key == k for _p, k, _s in read):
            raise TournamentError(_("{where}: a second player with the key {key}").format(where=where, key=key))
        read.append((player, key, element.get("participating", "")))
    if not read:
        raise TournamentError(_("{path}: the file holds no <Player>").format(path=path))
    read.sort(key=lambda item: (-_rank_of(item[0]), -int(item[0].extra["go_rating"]), item[0].name))
    players, keys, participating = [], {}, {}
    for pno, (player, key, part) in enumerate(read, start=1):
        players.append(Player(pno=pno, name=player.name, club=player.club, extra=player.extra))
        keys[key] = pno
        participating[pno] = part
    return players, keys, participating


def _rank_of(player: Player) -> int:
    return og_rank(str(player.extra["go_rank"]))


def _round_number(element: ElementTree.Element, where: str, rounds: int) -> int:
    """The element's ``roundNumber``, refused outside 1 to the file's ``numberOfRounds`` (or
    OpenGotha's 20 rounds when the file does not say)."""
    limit = rounds or MAX_ROUNDS
    round_no = _int(element, "roundNumber", where)
    if not 1 <= round_no <= limit:
        raise TournamentError(_("{where}: roundNumber {value} is not 1 to {limit}").format(
            where=where, value=round_no, limit=limit))
    return round_no


def _seat(seated: dict[tuple[int, int], str], round_no: int, pno: int, key: str, where: str) -> None:
    """Refuse a player placed twice in one round (two games, a game and the bye, himself as
    opponent), naming both elements: OpenGotha pairs a player once a round."""
    first = seated.setdefault((round_no, pno), where)
    if first != where:
        raise TournamentError(_("{where}: {key} is already in round {round_no} ({first})").format(
            where=where, key=key, round_no=round_no, first=first))


def _games(root: ElementTree.Element, path: str, keys: dict[str, int], komi: Fraction,
           handicap_komi: Fraction, rounds: int,
           seated: dict[tuple[int, int], str]) -> dict[int, list[tuple[int, Board]]]:
    by_round: dict[int, list[tuple[int, Board]]] = {}
    for count, element in enumerate(root.iter("Game"), start=1):
        where = _where(path, "Game", count)
        round_no = _round_number(element, where, rounds)
        white, black = (_key(element, side, keys, where) for side in ("whitePlayer", "blackPlayer"))
        if white == black:
            raise TournamentError(_("{where}: {key} plays himself").format(where=where, key=element.get("whitePlayer")))
        for side in ("whitePlayer", "blackPlayer"):
            _seat(seated, round_no, keys[element.get(side, "")], element.get(side, ""), where)
        result_text = element.get("result", "RESULT_UNKNOWN")
        if result_text not in RESULTS:
            raise TournamentError(_("{where}: result {value} has no hakem equivalent (hakem holds "
                                    "wins, jigo, both lose and forfeits)").format(where=where, value=result_text))
        handicap = _int(element, "handicap", where)
        if not 0 <= handicap <= 9:
            raise TournamentError(_("{where}: handicap {value} is not 0 to 9").format(where=where, value=handicap))
        board = Board(white=white, black=black, result=RESULTS[result_text], handicap=handicap,
                      komi=komi if handicap == 0 else handicap_komi,
                      colourless=element.get("knownColor", "true") == "false")
        by_round.setdefault(round_no, []).append((_int(element, "tableNumber", where, count), board))
    return by_round


def _key(element: ElementTree.Element, attribute: str, keys: dict[str, int], where: str) -> int:
    key = element.get(attribute, "")
    if key not in keys:
        raise TournamentError(_("{where}: {attribute} {key!r} is no player of the file").format(
            where=where, attribute=attribute, key=key))
    return keys[key]


def _parameters(root: ElementTree.Element) -> dict[str, Any]:
    """Every parameter attribute as the file has it, by element name (placement criteria and
    categories as lists), so the file written back carries what hakem does not model."""
    kept: dict[str, Any] = {}
    tps = root.find("TournamentParameterSet")
    if tps is None:
        return kept
    for element in tps:
        kept[element.tag] = dict(element.attrib)
    criteria = tps.findall("PlacementParameterSet/PlacementCriteria/PlacementCriterion")
    kept["PlacementCriteria"] = [c.get("name", "NULL") for c in criteria]
    return kept


def _categories(root: ElementTree.Element, general: dict[str, str], path: str) -> list[str]:
    """The lower category limits as hakem's ranks, in OpenGotha's category numbers (its reader
    places each ``Category`` by its ``number``; ``numberOfCategories`` says how many)."""
    count = _count(general.get("numberOfCategories", "1"), path)
    limits: dict[int, str] = {}
    for element in root.iterfind("TournamentParameterSet/GeneralParameterSet/Categories/Category"):
        number = _count(element.get("number", ""), path)
        if not 1 <= number < count:
            raise TournamentError(_("{path}: <Category> {number}: there are {count} categories").format(
                path=path, number=element.get("number", ""), count=count))
        limits[number] = rank_label(og_rank(element.get("lowerLimit", "30K")))
    if count > 1 and sorted(limits) != list(range(1, count)):
        raise TournamentError(_("{path}: {count} categories need {limits} <Category> limits").format(
            path=path, count=count, limits=count - 1))
    return [limits[n] for n in sorted(limits)]


def _count(text: str, path: str) -> int:
    try:
        return int(text.strip() or "1")
    except ValueError:
        raise TournamentError(_("{path}: {value!r} is not a number of categories").format(
            path=path, value=text)) from None


def _criteria(names: list[str], path: str) -> tuple[tuple[str, ...], list[str]]:
    """hakem's criteria for OpenGotha's placement list, and what was left out: a criterion hakem
    does not compute (OpenGotha's SOSW, based on wins) and a repeat are said, never dropped
    silently (the standings would differ from OpenGotha's without a word)."""
    kept: list[str] = []
    warnings: list[str] = []
    for name in names:
        if name == "NULL":
            continue
        code = CRITERIA.get(name)
        if code is None:
            warnings.append(_("{path}: the placement criterion {name} is not one hakem computes; "
                              "left out of the tie-breaks").format(path=path, name=name))
        elif code in kept:
            warnings.append(_("{path}: the placement criterion {name} is given twice; counted once")
                            .format(path=path, name=name))
        else:
            kept.append(code)
    return tuple(kept), warnings


def _go_options(kept: dict[str, Any], path: str) -> tuple[dict[str, Any], list[str]]:
    """hakem's McMahon settings from OpenGotha's parameters, and what hakem cannot follow."""
    general, handicap = kept.get("GeneralParameterSet", {}), kept.get("HandicapParameterSet", {})
    pairing = kept.get("PairingParameterSet", {})
    warnings: list[str] = []
    go: dict[str, Any] = {}
    criteria = [c for c in kept.get("PlacementCriteria", []) if c != "NULL"]
    swiss = bool(criteria) and criteria[0] != "MMS"
    if swiss:  # OpenGotha's Swiss: the number of wins decides; one group for everybody
        go["bar"] = go["floor"] = "30k"
        warnings.append(_("{path}: a Swiss event (placed by {criterion}): paired as McMahon with every "
                          "player in one group").format(path=path, criterion=criteria[0]))
    else:
        for key, attribute in (("bar", "genMMBar"), ("floor", "genMMFloor")):
            if general.get(attribute):
                go[key] = rank_label(og_rank(general[attribute]))
    if handicap.get("hdNoHdRankThreshold"):
        go["handicap_bar"] = rank_label(og_rank(handicap["hdNoHdRankThreshold"]))
    for key, attribute in (("correction", "hdCorrection"), ("ceiling", "hdCeiling")):
        if handicap.get(attribute, "").strip():
            go[key] = handicap[attribute].strip()
    if general.get("komi"):
        go["komi"] = general["komi"]
    doubled = ("genNBW2ValueBye", "genNBW2ValueAbsent") if swiss else ("genMMS2ValueBye", "genMMS2ValueAbsent")
    for key, attribute in zip(("bye_points", "absent_points"), doubled):
        if general.get(attribute, "").strip():
            go[key] = str(Fraction(int(general[attribute]), 2))
    if pairing.get("paiMaSeedSystem2") in SEEDING:
        go["seeding"] = SEEDING[pairing["paiMaSeedSystem2"]]
    if pairing.get("paiMaSeedSystem1") in SEEDING:
        go["early_seeding"] = SEEDING[pairing["paiMaSeedSystem1"]]
        go["early_rounds"] = pairing.get("paiMaLastRoundForSeedSystem1", "0")
    for key, attribute in (("float_upper", "paiMaDUDDUpperMode"), ("float_lower", "paiMaDUDDLowerMode")):
        if pairing.get(attribute) in FLOATS:
            go[key] = FLOATS[pairing[attribute]]
    if handicap.get("hdBasedOnMMS") in ("true", "false"):
        go["handicap_basis"] = "mms" if handicap["hdBasedOnMMS"] == "true" else "rank"
    if general.get("genCountNotPlayedGamesAsHalfPoint") in ("true", "false"):
        go["count_not_played_as_half"] = "yes" if general["genCountNotPlayedGamesAsHalfPoint"] == "true" else "no"
    if pairing.get("paiMaCompensateDUDD") in ("true", "false"):
        go["compensate_dudd"] = "yes" if pairing["paiMaCompensateDUDD"] == "true" else "no"
    go.update({key: pairing[attribute].strip() for key, attribute in WEIGHTS.items()
               if pairing.get(attribute, "").strip()})
    if pairing and not pairing.get("paiMaAvoidMixingCategories", "").strip():
        go["avoid_mixing_categories"] = OG_READ_AVOID_MIXING  # what OpenGotha's reader assumes
    return go, warnings


def _rounds(by_round: dict[int, list[tuple[int, Board]]], byes: dict[int, int],
            participating: dict[int, str], played: int) -> tuple[tuple[Round, ...], tuple[RequestedBye, ...]]:
    rounds = []
    requested = []
    for number in range(1, played + 1):
        boards = [b for _table, b in sorted(by_round.get(number, []), key=lambda item: item[0])]
        seated = {p for b in boards for p in (b.white, b.black)}
        round_byes = [Bye(byes[number], ByeKind.PAB)] if number in byes else []
        seated |= {b.pno for b in round_byes}
        round_byes += [Bye(pno, ByeKind.ZERO) for pno in sorted(participating)
                       if pno not in seated]
        rounds.append(Round(number=number, boards=tuple(boards), byes=tuple(round_byes)))
    for pno, part in sorted(participating.items()):
        requested += [RequestedBye(pno, number, ByeKind.ZERO)
                      for number in range(played + 1, min(len(part), MAX_ROUNDS) + 1)
                      if part[number - 1] == "0"]
    return tuple(rounds), tuple(requested)


def _byes(root: ElementTree.Element, path: str, keys: dict[str, int], rounds: int,
          seated: dict[tuple[int, int], str]) -> dict[int, int]:
    byes: dict[int, int] = {}
    for count, element in enumerate(root.iter("ByePlayer"), start=1):
        where = _where(path, "ByePlayer", count)
        round_no = _round_number(element, where, rounds)
        pno = _key(element, "player", keys, where)
        if round_no in byes:
            raise TournamentError(_("{where}: round {round_no} has a bye already").format(
                where=where, round_no=round_no))
        _seat(seated, round_no, pno, element.get("player", ""), where)
        byes[round_no] = pno
    return byes


def _declared_rounds(general: dict[str, str], path: str) -> int:
    """The file's ``numberOfRounds`` (0 when it does not say), refused beyond OpenGotha's 20."""
    text = general.get("numberOfRounds", "").strip()
    if not text:
        return 0
    if not text.isdigit() or not 1 <= int(text) <= MAX_ROUNDS:
        raise TournamentError(_("{path}: numberOfRounds {value!r} is not 1 to {limit}").format(
            path=path, value=text, limit=MAX_ROUNDS))
    return int(text)


def read_opengotha(text: str, path: str) -> tuple[Tournament, list[str]]:
    """A McMahon event from an OpenGotha file's text, with the reader's warnings (what hakem
    does not follow); a bad file raises :class:`TournamentError` naming file and element."""
    from core.go.mcmahon_options import McMahonOptions, mcmahon_options, mms_correction, parse_komi
    from core.go.opengotha_time import hakem_time

    root = _parse(text, path)
    kept = _parameters(root)
    general = kept.get("GeneralParameterSet", {})
    go, warnings = _go_options(kept, path)
    time_control, time_warnings = hakem_time(general, path)
    warnings += time_warnings
    if general.get("bInternet") == "true":
        go["egd_class"] = "D"  # OpenGotha's class of an internet event (``egfClass``)
    groups = [{"name": g.get("name", "").strip(), "clubs": [c.get("name", "") for c in g.findall("Club")]}
              for g in root.findall("ClubsGroups/ClubsGroup")]
    if groups:  # OpenGotha's clubs groups (a group of fewer than two clubs is refused below)
        go["club_groups"] = groups
    categories = _categories(root, general, path)
    if categories:
        go["categories"] = categories
    komi = parse_komi(go.get("komi", McMahonOptions().komi))
    players, keys, participating = _players(root, path)
    declared = _declared_rounds(general, path)
    seated: dict[tuple[int, int], str] = {}
    by_round = _games(root, path, keys, komi, McMahonOptions().handicap_komi, declared, seated)
    byes = _byes(root, path, keys, declared, seated)
    played = max([*by_round, *byes], default=0)
    rounds, requested = _rounds(by_round, byes, participating, played)
    total = declared or max(played, 1)
    criteria, criteria_warnings = _criteria(kept.get("PlacementCriteria", []), path)
    warnings += criteria_warnings
    t = Tournament(id="x", name=general.get("name", "").strip(), system="mcmahon",
                   total_rounds=total, place=general.get("location", "").strip(),
                   start_date=general.get("beginDate", ""), end_date=general.get("endDate", ""),
                   chief_arbiter=general.get("director", "").strip(), time_control=time_control, players=tuple(players),
                   rounds=rounds, requested_byes=requested, tiebreaks=criteria,
                   options={"go": go, "opengotha": kept})
    try:  # a value hakem's McMahon settings refuse is named now, not at the first pairing
        mcmahon_options(t)
        for p in t.players:
            mms_correction(p)
    except TournamentError as error:
        raise TournamentError(f"{path}: {error}") from None
    return t.with_changes(id=""), warnings
