"""Team records in TRF (310 of TRF-2026, 013 of TRF16) and team matches surviving a round trip.

Reference lines are built column by column from the TRF-2026 field table (team pairing number
5–7, name 9–40, nickname 42–46, strength 48–53, MP 55–60, GP 62–67, rank 69–71, players at
74–77 and every 5 columns) with ``tests/trf_builder.put``, independent of our writer.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import TrfError
from core.model import Board, GameResult, Match, Player, Round, Team, Tournament
from core.pairing.registry import get_system
from core.trf import parse_tournament, write_trf
from tests.trf_builder import player_line, put


def team_line_310(tid: int, name: str, short: str, strength: str, mp: str, gp: str, rank: int,
                  members: list[int]) -> str:
    line: list[str] = []
    put(line, 1, "310")
    put(line, 5, str(tid), right=True, width=3)
    put(line, 9, name, width=32)
    put(line, 42, short, width=5)
    put(line, 48, strength, right=True, width=6)
    put(line, 55, mp, right=True, width=6)
    put(line, 62, gp, right=True, width=6)
    put(line, 69, str(rank), right=True, width=3)
    for i, pno in enumerate(members):
        put(line, 74 + 5 * i, str(pno), right=True, width=4)
    return "".join(line)


def team_line_013(name: str, members: list[int]) -> str:
    line: list[str] = []
    put(line, 1, "013")
    put(line, 5, name, width=32)
    for i, pno in enumerate(members):
        put(line, 37 + 5 * i, str(pno), right=True, width=4)
    return "".join(line)


# Two teams of two, one round.  Board 1: 1 (Kartal) - 3 (Şahin) 1-0; board 2: 4 (Şahin) - 2
# (Kartal) ½-½.  Kartal has White on its first board, so it is named first.
# Game points by hand: Kartal 1 + ½ = 1.5, Şahin 0 + ½ = 0.5; match points 2 and 0.
PLAYERS = [(1, "Kaya, Ali", 2200, "1.0", 1, [("3", "w", "1")]),
           (2, "Oz, Veli", 2100, "0.5", 2, [("4", "b", "=")]),
           (3, "Tan, Cem", 2150, "0.0", 4, [("1", "b", "0")]),
           (4, "Er, Nur", 2050, "0.5", 3, [("2", "w", "=")])]


def hand_file(team_lines: list[str]) -> str:
    lines = ["012 Takim Ligi", "142 1"]
    lines += [player_line(*p) for p in PLAYERS]
    return "\n".join(lines + team_lines) + "\n"


def test_310_records_read_into_teams_and_matches() -> None:
    text = hand_file([team_line_310(1, "Kartal SK", "KRT", "2150", "2.0", "1.5", 1, [1, 2]),
                      team_line_310(2, "Sahin SK", "SHN", "2100", "0.0", "0.5", 2, [3, 4])])
    t = parse_tournament(text)
    assert t.teams == (Team(1, "Kartal SK", (1, 2), "KRT", 2150), Team(2, "Sahin SK", (3, 4), "SHN", 2100))
    (rnd,) = t.rounds
    assert [(b.white, b.black) for b in rnd.boards] == [(1, 3), (4, 2)]
    assert rnd.matches == (Match(1, 2, (0, 1)),)
    assert "trf_extra" not in t.options  # read as teams, not kept as unknown lines


def test_013_records_number_teams_in_file_order() -> None:
    t = parse_tournament(hand_file([team_line_013("Kartal SK", [1, 2]), team_line_013("Sahin SK", [3, 4])]))
    assert [(x.id, x.name, x.members) for x in t.teams] == [(1, "Kartal SK", (1, 2)), (2, "Sahin SK", (3, 4))]
    assert t.rounds[0].matches == (Match(1, 2, (0, 1)),)


def test_written_310_records_sit_in_the_table_columns() -> None:
    t = parse_tournament(hand_file([team_line_310(1, "Kartal SK", "KRT", "2150", "", "", 0, [1, 2]),
                                    team_line_310(2, "Sahin SK", "SHN", "", "", "", 0, [3, 4])]))
    text = write_trf(t)
    lines = [ln for ln in text.splitlines() if ln.startswith("310")]
    assert len(lines) == 2
    first = lines[0]
    assert first[4:7] == "  1" and first[8:40].rstrip() == "Kartal SK" and first[41:46].rstrip() == "KRT"
    assert first[47:53] == "  2150"
    assert first[54:60] == "   2.0" and first[61:67] == "   1.5" and first[68:71] == "  1"
    assert first[73:77] == "   1" and first[78:82] == "   2"
    second = lines[1]
    assert second[54:60] == "   0.0" and second[61:67] == "   0.5" and second[68:71] == "  2"
    assert second[47:53].strip() == ""
    assert "082 2" in text.splitlines()
    # team records come after the players (readers resolve members against them)
    assert text.splitlines().index(lines[0]) > max(i for i, ln in enumerate(text.splitlines()) if ln.startswith("001"))
    t16 = write_trf(t, flavour="16")
    assert [ln for ln in t16.splitlines() if ln.startswith("013")] == [
        team_line_013("Kartal SK", [1, 2]), team_line_013("Sahin SK", [3, 4])]


def teams_event(system: str, n_teams: int, size: int, **options) -> Tournament:
    players = tuple(Player(i, f"P{i}", rating=2400 - i) for i in range(1, n_teams * size + 1))
    teams = tuple(Team(k, f"Team {k}", tuple(range((k - 1) * size + 1, k * size + 1)), f"T{k}")
                  for k in range(1, n_teams + 1))
    return Tournament(id="t", name="T", system=system, players=players, teams=teams,
                      options=options)


RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS, GameResult.WHITE_FORFEIT_WIN)


def play_all(t: Tournament) -> Tournament:
    system = get_system(t.system)
    while len(t.rounds) < 40:
        try:
            p = system.pair(t)
        except Exception:  # the system has no further round
            return t
        boards = tuple(Board(b.white, b.black, RESULTS[(p.round + i) % len(RESULTS)])
                       for i, b in enumerate(p.boards))
        t = t.with_changes(rounds=t.rounds + (Round(p.round, boards, p.byes, matches=p.matches),))
    return t


@pytest.mark.parametrize("system,n_teams,size,options", [
    ("scheveningen", 2, 4, {}), ("scheveningen", 3, 2, {"colours": "balanced"}),
    ("skalitzka", 3, 4, {}), ("berger", 4, 3, {}), ("berger", 5, 2, {})])
@pytest.mark.parametrize("flavour", ["2026", "16"])
def test_team_events_round_trip(system: str, n_teams: int, size: int, options: dict, flavour: str) -> None:
    t = play_all(teams_event(system, n_teams, size, **options))
    assert t.rounds and all(r.matches for r in t.rounds)
    back = parse_tournament(write_trf(t, flavour=flavour))
    if flavour == "2026":
        assert back.teams == t.teams
    else:  # 013 carries names and rosters only; ids are the file order
        assert [(x.id, x.name, x.members) for x in back.teams] == [(x.id, x.name, x.members) for x in t.teams]
    for mine, theirs in zip(t.rounds, back.rounds, strict=True):
        assert theirs.boards == mine.boards
        assert theirs.matches == mine.matches


def test_matches_derived_without_our_comment() -> None:
    """A foreign file (no ``### hakem`` comments): boards grouped by the two teams on them."""
    t = play_all(teams_event("scheveningen", 2, 4))
    text = "\n".join(ln for ln in write_trf(t).splitlines() if not ln.startswith("### hakem matches"))
    back = parse_tournament(text)
    for mine, theirs in zip(t.rounds, back.rounds, strict=True):
        assert [sorted(m.boards) for m in theirs.matches] == [sorted(m.boards) for m in mine.matches]
        for m in theirs.matches:  # home: White on the match's first board
            first = theirs.boards[m.boards[0]]
            assert first.white in back.teams[m.home - 1].members


def test_team_points_in_310_match_an_independent_sum() -> None:
    """Skalitzka, 3 teams of 4: MP/GP written equal the sums taken from the games directly."""
    t = play_all(teams_event("skalitzka", 3, 4))
    team_of = {p: team.id for team in t.teams for p in team.members}
    gp = {team.id: Fraction(0) for team in t.teams}
    per_match: dict[tuple[int, int, int], dict[int, Fraction]] = {}
    value = {GameResult.WHITE_WINS: (1, 0), GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
             GameResult.BLACK_WINS: (0, 1), GameResult.WHITE_FORFEIT_WIN: (1, 0)}
    for rnd in t.rounds:
        for b in rnd.boards:
            w, bl = value[b.result]
            tw, tb = team_of[b.white], team_of[b.black]
            gp[tw] += w
            gp[tb] += bl
            key = (rnd.number, min(tw, tb), max(tw, tb))
            cell = per_match.setdefault(key, {tw: Fraction(0), tb: Fraction(0)})
            cell[tw] += w
            cell[tb] += bl
    mp = {team.id: 0 for team in t.teams}
    for cell in per_match.values():
        (a, pa), (b, pb) = cell.items()
        mp[a] += 2 if pa > pb else 1 if pa == pb else 0
        mp[b] += 2 if pb > pa else 1 if pa == pb else 0
    lines = {int(ln[4:7]): ln for ln in write_trf(t).splitlines() if ln.startswith("310")}
    for tid, line in lines.items():
        assert Fraction(line[54:60].strip()) == mp[tid]
        assert Fraction(line[61:67].strip()) == gp[tid]


@pytest.mark.parametrize("lines,needle", [
    ([team_line_310(1, "Kartal SK", "", "", "", "", 0, [1, 9]), team_line_310(2, "Sahin SK", "", "", "", "", 0, [3, 4])],
     "player 9 is not in this file"),
    ([team_line_310(1, "Kartal SK", "", "", "", "", 0, [1, 2]), team_line_310(2, "Sahin SK", "", "", "", "", 0, [2, 4])],
     "player 2 is in two teams"),
    ([team_line_310(1, "Kartal SK", "", "", "", "", 0, [1, 2]), team_line_310(1, "Sahin SK", "", "", "", "", 0, [3, 4])],
     "team number 1 is used twice"),
    ([team_line_310(1, "Kartal SK", "", "", "", "", 0, [1, 2])[:73] + "   x", team_line_310(2, "Sahin SK", "", "", "", "", 0, [3, 4])],
     "'x' is not a pairing number"),
])
def test_bad_team_records_are_named_by_line(lines: list[str], needle: str) -> None:
    with pytest.raises(TrfError) as err:
        parse_tournament(hand_file(lines))
    text = str(err.value) + " ".join(f"{p.where}: {p.message}" for p in err.value.problems)
    assert needle in text
    assert "line 7" in text or "line 8" in text  # the team records are lines 7 and 8
