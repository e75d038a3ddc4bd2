"""A team Swiss through TRF-2026: records 192 (FIDE_TEAM_…), 310 (teams and board order) and
320 (the team bye) written and read back, also by a program that skips hakem's comments."""

from __future__ import annotations

from core.cli.commands.check import check_rounds
from core.pairing.swissteam.simulate import generate_teams
from core.trf import parse_tournament, write_trf
from core.trf.types import read_type, team_swiss_code


def test_a_team_swiss_reads_back_from_the_records_alone():
    t = generate_teams(9, 3, 5, seed=11)
    text = write_trf(t)
    foreign = "\n".join(line for line in text.splitlines() if not line.startswith("###")) + "\n"
    back = parse_tournament(foreign)
    assert back.system == "swiss-team"
    assert [team.members for team in back.teams] == [team.members for team in t.teams]
    for mine, theirs in zip(t.rounds, back.rounds):
        assert sorted((m.home, m.away) for m in theirs.matches) == sorted((m.home, m.away) for m in mine.matches)
    # five rounds, nine teams: a bye every round, to five different teams (C2)
    byes = [m.home for r in back.rounds for m in r.matches if m.bye]
    assert len(byes) == 5 and len(set(byes)) == 5
    count, lines = check_rounds(back, "swiss-team")
    assert (count, lines) == (5, [])


def test_record_320_holds_the_bye_points_and_teams():
    t = generate_teams(5, 4, 3, seed=2)
    byes = {r.number: m.home for r in t.rounds for m in r.matches if m.bye}
    [line] = [x for x in write_trf(t).splitlines() if x.startswith("320")]
    # a drawn match of four boards: 1 match point, 2 game points (C.04.6 Art. 1.4)
    assert line == "320 01.0 02.0 " + " ".join(f"{byes[r]:03d}" for r in (1, 2, 3))


def test_a_different_bye_value_in_320_is_kept():
    t = generate_teams(5, 2, 2, seed=3)
    text = write_trf(t).replace("320 01.0 01.0", "320 02.0 02.0")
    back = parse_tournament(text)
    assert (back.options["pab_match_points"], back.options["pab_game_points"]) == ("2", "2")
    assert "320 02.0 02.0" in write_trf(back)


def test_192_codes_both_ways():
    cases = {
        "FIDE_TEAM": {"colour_preferences": "A"},
        "FIDE_TEAM_TYPEB_MP_GP": {"colour_preferences": "B"},
        "FIDE_TEAM_GP_MP": {"colour_preferences": "none", "primary": "game"},
        "FIDE_TEAM_TYPEA_MP": {"colour_preferences": "A", "secondary_colours": False},
    }
    for code, options in cases.items():
        meaning = read_type(code)
        assert meaning is not None and meaning.system == "swiss-team"
        assert dict(meaning.options) == options
    assert team_swiss_code({}) == "FIDE_TEAM_TYPEA_MP_GP"
    assert team_swiss_code({"colour_preferences": "none", "primary": "game"}) == "FIDE_TEAM_GP_MP"
    assert read_type("FIDE_TEAM_TYPEB_MP_GP_BAKU").baku
