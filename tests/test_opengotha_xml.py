"""OpenGotha's XML tournament file read into hakem and written back, and the FFG ``.tou`` file.

The file below is written by hand in the shape OpenGotha's writer gives
(``ExternalDocument.generateXMLFile``: ``<Players>``, ``<Games>``, ``<ByePlayers>``,
``<TournamentParameterSet>``; players named in games by their key, name + first name without
blanks in upper case; ranks ``2D``/``5K``; OpenGotha's rank number 0 = 1D).  Five players, two
rounds: round 1 Alpha–Bravo White wins, Charlie–Delta Black wins with 2 stones, Echo has the
bye; round 2 Alpha–Charlie White wins by forfeit, Bravo–Echo not yet played, Delta absent
(``participating`` 0 in round 2) and absent again in round 3 (a requested bye), with an MMS
correction of 1; handicaps by rank, DU/DD not compensated, club factor 2, country factor 0.
The real round trip against OpenGotha itself (its files read and written by it, the next round
paired by it from both) is tests/benchmarks/opengotha_xml_roundtrip.py.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from fractions import Fraction

import pytest

from core.errors import TournamentError
from core.go.opengotha_xml import read_opengotha
from core.gorender.opengotha_xml_export import opengotha_xml_export
from core.model import ByeKind, GameResult
from tests.cli_run import run

PART = "1" * 20
ABSENT_2_3 = "1001" + "1" * 16


def player(name, first, rank, rating, club="Leid", country="NL", part=PART, pin=""):
    return (f'<Player agaExpirationDate="" agaId="" club="{club}" country="{country}" egfPin="{pin}" '
            f'ffgLicence="" ffgLicenceStatus="" firstName="{first}" grade="{rank}" name="{name}" '
            f'participating="{part}" rank="{rank}" rating="{rating}" ratingOrigin="EGF" '
            f'registeringStatus="FIN" smmsCorrection="0"/>')


def game(round_no, table, white, black, handicap, result):
    return (f'<Game blackPlayer="{black}" handicap="{handicap}" knownColor="true" result="{result}" '
            f'roundNumber="{round_no}" tableNumber="{table}" whitePlayer="{white}"/>')


PARAMS = """<TournamentParameterSet>
<GeneralParameterSet bInternet="false" basicTime="60" beginDate="2026-12-05" canByoYomiTime="300"
 complementaryTimeSystem="STDBYOYOMI" director="Arbiter" endDate="2026-12-06" fischerTime="10"
 genCountNotPlayedGamesAsHalfPoint="false" genMMBar="3D" genMMFloor="15K" genMMS2ValueAbsent="1"
 genMMS2ValueBye="2" genMMZero="30K" genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="true"
 komi="6.5" location="Leiden" name="Leiden Open" nbMovesCanTime="15" numberOfCategories="1"
 numberOfRounds="4" shortName="LO26" size="19" stdByoYomiTime="30"/>
<HandicapParameterSet hdBasedOnMMS="false" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet><PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/><PlacementCriterion name="SOSM" number="2"/>
<PlacementCriterion name="SOSOSM" number="3"/><PlacementCriterion name="NULL" number="4"/>
<PlacementCriterion name="NULL" number="5"/><PlacementCriterion name="NULL" number="6"/>
</PlacementCriteria></PlacementParameterSet>
<PairingParameterSet paiBaBalanceWB="1000000" paiMaCompensateDUDD="false" paiMaDUDDLowerMode="BOT"
 paiMaDUDDUpperMode="TOP" paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="1"
 paiMaAvoidMixingCategories="0" paiMaMaximizeSeeding="5000000" paiMaMinimizeScoreDifference="100000000000" paiMaSeedSystem1="SPLITANDRANDOM"
 paiMaSeedSystem2="SPLITANDFOLD" paiSeAvoidSameGeo="100000000000" paiSePreferMMSDiffRatherThanSameClub="2"
 paiSePreferMMSDiffRatherThanSameCountry="0" paiSeRankThreshold="1D"/>
</TournamentParameterSet>"""

FILE = "\n".join([
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL">',
    "<Players>",
    player("Alpha", "Ann", "2D", 2250, pin="12345678"),
    player("Bravo", "Bob", "1K", 2010),
    player("Charlie", "Cid", "3K", 1820, club="Bonn", country="DE"),
    player("Delta", "Dan", "5K", 1640, part=ABSENT_2_3).replace('smmsCorrection="0"', 'smmsCorrection="1"'),
    player("van der Echo", "Eve Marie", "20K", 130, club="", country=""),
    "</Players>", "<Games>",
    game(1, 1, "ALPHAANN", "BRAVOBOB", 0, "RESULT_WHITEWINS"),
    game(1, 2, "CHARLIECID", "DELTADAN", 2, "RESULT_BLACKWINS"),
    game(2, 1, "ALPHAANN", "CHARLIECID", 0, "RESULT_WHITEWINS_BYDEF"),
    game(2, 2, "BRAVOBOB", "VANDERECHOEVEMARIE", 9, "RESULT_UNKNOWN"),
    "</Games>",
    '<ByePlayers><ByePlayer player="VANDERECHOEVEMARIE" roundNumber="1"/></ByePlayers>',
    PARAMS, "</Tournament>", ""])


def read(text=FILE):
    return read_opengotha(text, "leiden.xml")


def test_players_games_byes_and_parameters_are_read():
    t, warnings = read()
    assert t.system == "mcmahon" and t.total_rounds == 4
    assert t.time_control == "60+1x30s" and len(warnings) == 1 and "number of periods" in warnings[0]
    assert (t.name, t.place, t.start_date, t.end_date, t.chief_arbiter) == (
        "Leiden Open", "Leiden", "2026-12-05", "2026-12-06", "Arbiter")
    # numbered strongest first: 2D, 1K, 3K, 5K, 20K
    by_pno = {p.pno: p for p in t.players}
    assert [by_pno[n].name for n in range(1, 6)] == [
        "Alpha, Ann", "Bravo, Bob", "Charlie, Cid", "Delta, Dan", "van der Echo, Eve Marie"]
    alpha, charlie, echo = by_pno[1], by_pno[3], by_pno[5]
    assert (alpha.extra["go_rank"], alpha.extra["go_rating"], alpha.extra["egd_pin"], alpha.club) == (
        "2d", 2250, "12345678", "Leid")
    assert (charlie.extra["country"], charlie.club) == ("DE", "Bonn")
    assert (echo.extra["go_rank"], echo.club, "country" in echo.extra) == ("20k", "", False)
    r1, r2 = t.rounds
    assert [(b.white, b.black, b.handicap, b.result) for b in r1.boards] == [
        (1, 2, 0, GameResult.WHITE_WINS), (3, 4, 2, GameResult.BLACK_WINS)]
    assert [(b.komi) for b in r1.boards] == [Fraction(13, 2), Fraction(1, 2)]  # even: 6.5; handicap: ½
    assert [(b.white, b.black, b.handicap, b.result) for b in r2.boards] == [
        (1, 3, 0, GameResult.WHITE_FORFEIT_WIN), (2, 5, 9, None)]
    assert [(b.pno, b.kind) for b in r1.byes] == [(5, ByeKind.PAB)]
    assert [(b.pno, b.kind) for b in r2.byes] == [(4, ByeKind.ZERO)]  # participating 0 in round 2
    assert [(b.pno, b.round, b.kind) for b in t.requested_byes] == [(4, 3, ByeKind.ZERO)]
    # OpenGotha's parameters in hakem's McMahon settings: bar, floor, handicap bar 1D,
    # correction 1, ceiling 9, komi, bye 2/2 = 1 point, absence 1/2 = ½, seeding per round
    assert t.options["go"] == {
        "bar": "3d", "floor": "15k", "handicap_bar": "1d", "correction": "1", "ceiling": "9", "komi": "6.5",
        "bye_points": "1", "absent_points": "1/2", "seeding": "fold", "early_seeding": "random",
        "early_rounds": "1", "float_upper": "top", "float_lower": "bottom", "handicap_basis": "rank",
        "count_not_played_as_half": "no", "compensate_dudd": "no", "balance_wb": "1000000",
        "minimize_score_difference": "100000000000", "dudd_weight": "100000000", "maximize_seeding": "5000000",
        "avoid_same_geo": "100000000000", "club_gap": "2", "country_gap": "0",
        "avoid_mixing_categories": "0"}
    assert by_pno[4].extra["mms_correction"] == 1 and "mms_correction" not in alpha.extra
    assert t.tiebreaks == ("MMS", "SOS", "SOSOS")


def _fields(text):
    root = ElementTree.fromstring(text.split("\n", 1)[1])
    players = {p.get("name") + p.get("firstName"): dict(p.attrib) for p in root.iter("Player")}
    games = {(g.get("roundNumber"), g.get("whitePlayer")): dict(g.attrib) for g in root.iter("Game")}
    byes = [dict(b.attrib) for b in root.iter("ByePlayer")]
    params = {e.tag: dict(e.attrib) for e in root.find("TournamentParameterSet")}
    criteria = [c.get("name") for c in root.iter("PlacementCriterion")]
    return players, games, byes, params, criteria


def test_written_back_field_by_field():
    """Every player, game, bye and parameter attribute of the file comes back as it was (the
    players in hakem's number order, which OpenGotha does not use: it keys them by name)."""
    t, _ = read()
    assert _fields(opengotha_xml_export(t)) == _fields(FILE)


def test_made_in_hakem_is_read_back_the_same():
    """An event made in hakem, written and read again: the same players, rounds and options."""
    t, _ = read()
    again, _ = read(opengotha_xml_export(t))
    assert again.players == t.players and again.rounds == t.rounds
    assert again.requested_byes == t.requested_byes and again.options["go"] == t.options["go"]


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace("<Players>", '<!DOCTYPE x><Players>'), "declares a DTD"),
    (lambda s: s.replace('whitePlayer="ALPHAANN"/>', 'whitePlayer="NOBODY"/>', 1), "<Game> 1: whitePlayer 'NOBODY'"),
    (lambda s: s.replace("RESULT_BLACKWINS", "RESULT_BOTHWIN"), "<Game> 2: result RESULT_BOTHWIN"),
    (lambda s: s.replace('rank="5K"', 'rank="9P"'), "<Player> 4: "),
    (lambda s: s.replace('handicap="2"', 'handicap="12"'), "<Game> 2: handicap 12"),
    (lambda s: s.replace("<Tournament ", "<Event ").replace("</Tournament>", "</Event>"), "not an OpenGotha"),
    (lambda s: s.replace("<Players>", "<Players>" + "<a>" * 9 + "</a>" * 9), "nested 9 levels"),
    (lambda s: s.replace("</Games>", ""), "not well-formed"),
    # a player placed twice in a round, a round beyond the file's, a player against himself
    (lambda s: s.replace("</Games>", game(2, 3, "DELTADAN", "ALPHAANN", 0, "RESULT_WHITEWINS") + "</Games>"),
     "<Game> 5: ALPHAANN is already in round 2 (leiden.xml: <Game> 3)"),
    (lambda s: s.replace('player="VANDERECHOEVEMARIE" roundNumber="1"', 'player="ALPHAANN" roundNumber="1"'),
     "<ByePlayer> 1: ALPHAANN is already in round 1 (leiden.xml: <Game> 1)"),
    (lambda s: s.replace("</Games>", game(9, 1, "DELTADAN", "ALPHAANN", 0, "RESULT_WHITEWINS") + "</Games>"),
     "<Game> 5: roundNumber 9 is not 1 to 4"),
    (lambda s: s.replace('roundNumber="1"/></ByePlayers>', 'roundNumber="5"/></ByePlayers>'),
     "<ByePlayer> 1: roundNumber 5 is not 1 to 4"),
    (lambda s: s.replace('whitePlayer="BRAVOBOB"', 'whitePlayer="VANDERECHOEVEMARIE"'),
     "<Game> 4: VANDERECHOEVEMARIE plays himself"),
    (lambda s: s.replace('numberOfRounds="4"', 'numberOfRounds="21"'), "numberOfRounds '21' is not 1 to 20"),
])
def test_bad_files_are_refused_naming_file_and_element(change, message):
    with pytest.raises(TournamentError) as error:
        read(change(FILE))
    assert "leiden.xml" in str(error.value) and message in str(error.value)


def test_an_impossible_file_is_refused_whole(cli_data, tmp_path, capsys):
    """The import of a file with a player in two games of one round stores nothing."""
    source = tmp_path / "leiden.xml"
    source.write_text(FILE.replace("</Games>", game(2, 3, "DELTADAN", "ALPHAANN", 0, "RESULT_WHITEWINS")
                                   + "</Games>"), encoding="utf-8")
    _out, err = run(capsys, "import", source, code=3)
    assert "ALPHAANN is already in round 2" in err and len(err.strip().splitlines()) == 1
    out, _err = run(capsys, "list", "--format", "json")
    assert "Leiden" not in out


def test_clashing_player_keys_are_refused_naming_both(cli_data, capsys):
    """``Kim, Minsu`` and ``Kim Min, Su`` are both KIMMINSU to OpenGotha (name + first name,
    blanks removed, upper case): its games could not tell them apart."""
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 3)[0].strip().splitlines()[-1]
    run(capsys, "players", "add", tid, "--name", "Kim, Minsu", "--go-rank", "3d")
    run(capsys, "players", "add", tid, "--name", "Kim Min, Su", "--go-rank", "3d")
    _out, err = run(capsys, "export", tid, "--opengotha", code=3)
    assert "players 1 (Kim Min, Su) and 2 (Kim, Minsu) have the same OpenGotha key KIMMINSU" in err
    assert f"hakem players edit {tid} 2 --name" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_import_and_export(cli_data, tmp_path, capsys):
    source = tmp_path / "leiden.xml"
    source.write_text(FILE, encoding="utf-8")
    tid = run(capsys, "import", source)[0].split()[-1]
    out = tmp_path / "back.xml"
    run(capsys, "export", tid, "--opengotha", "-o", out)
    assert _fields(out.read_text(encoding="utf-8")) == _fields(FILE)
    _out, err = run(capsys, "export", tid, "--csv", "--keep-forfeits", code=3)
    assert "--keep-forfeits" in err and len(err.strip().splitlines()) == 1


def test_cli_refuses_a_fifo_and_a_chess_event(cli_data, tmp_path, capsys):
    fifo = tmp_path / "pipe.xml"
    os.mkfifo(fifo)
    _out, err = run(capsys, "import", fifo, code=None)  # a file error, as for every import
    assert "not a regular file" in err and len(err.strip().splitlines()) == 1
    tid = run(capsys, "new", "Chess", "--rounds", 3)[0].strip().splitlines()[-1]
    _out, err = run(capsys, "export", tid, "--opengotha", code=3)
    assert "McMahon" in err


def test_tou_line_by_line():
    """OpenGotha's .tou: header, then per player (final order) place in 4, the name padded to
    25, rank in 3, licence in 7, club (last 4) in 4, each round's h9 cell without ``/`` and
    ``!`` in 8.  With round 2 finished (Bravo beats Echo, White), MMS after 2 rounds (bar 3D,
    floor 15K; 1D = 30): Alpha 32 + 2 = 34 (the forfeit win counts), Bravo 29 + 0 + 1 = 30,
    Charlie 27 + 0 + 0 = 27, Delta 25 + 1 + ½ (absent) = 26½, Echo 15 (floor) + 1 (bye) = 16.
    Time 60 minutes + 5×30 s byo-yomi: ``time=60+b``, adjusted 60 + 45×30 s = 82.5 → ``ta=82``."""
    from dataclasses import replace

    from core.gorender.tou_export import tou_export

    t, _ = read()
    r2 = t.rounds[1]
    t = t.with_changes(rounds=(t.rounds[0], replace(r2, boards=(
        r2.boards[0], replace(r2.boards[1], result=GameResult.WHITE_WINS)))), time_control="60+5x30")
    lines = tou_export(t).splitlines()
    assert lines[:11] == [";name=LO26", ";date=05/12/2026", ";vill=Leiden", ";comm=Leiden Open", ";prog=hakem",
                          ";size=19", ";time=60+b", ";ta=82", ";komi=6.5", "; Generated by hakem",
                          ";Num Nom Prenom               Niv Licence Club"]
    def row(place, name, rank, club, *cells):
        return f"{place:>4} {name:<25}{rank:>3} {'':>7} {club:>4}" + "".join(f"{c:>8}" for c in cells)

    assert lines[11:] == [
        row("1", "Alpha Ann", "2D", "Leid", "2+w0", "3+w0"),  # the forfeit stays a game here
        row("2", "Bravo Bob", "1K", "Leid", "1-b0", "5+w9"),
        row("3", "Charlie Cid", "3K", "Bonn", "4-w2", "1-b0"),
        row("4", "Delta Dan", "5K", "Leid", "3+b2", "0=   "),  # absent: ½ point
        row("5", "van_der_Echo Eve_Marie", "20K", "", "0+   ", "2-b9"),  # the bye: 1 point
    ]



def test_criteria_typed_with_opengothas_names_are_written_by_those_names():
    """``--tiebreaks "MMS,SOSM,SOSOSM,SOSM-1,CUSSM,SODOSM"`` (OpenGotha's own names, which hakem
    reads as SOS, SOSOS, SOSM1, CUSS, SODOS) comes out under the same names — it came out as
    MMS NULL NULL …; a cut SOS (no OpenGotha criterion) is left out, not renamed."""
    t, _ = read()
    t = t.with_changes(tiebreaks=("MMS", "SOSM", "SOSOSM", "SOSM-1", "CUSSM", "SODOSM", "SOS/C2"))
    assert _fields(opengotha_xml_export(t))[4] == ["MMS", "SOSM", "SOSOSM", "SOSM-1", "CUSSM", "SODOSM"]


def test_a_criterion_hakem_does_not_compute_or_a_repeat_is_said():
    """A fresh-eyes review: SOSW (OpenGotha's SOS of wins) and a repeated SOSM were dropped or
    kept twice without a word, so the standings differed from OpenGotha's silently."""
    text = FILE.replace('<PlacementCriterion name="SOSOSM" number="3"/>', '<PlacementCriterion name="SOSW" number="3"/>')
    text = text.replace('<PlacementCriterion name="NULL" number="4"/>', '<PlacementCriterion name="SOSM" number="4"/>')
    t, warnings = read(text)
    assert t.tiebreaks == ("MMS", "SOS")
    said = " | ".join(warnings)
    assert "SOSW is not one hakem computes" in said and "SOSM is given twice" in said
