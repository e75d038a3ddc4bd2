"""Standings: ties after the list (shared, lots, manual, play-off), withdrawn players, team
events, warnings, regime by date.  Expected orders are worked out by hand in the comments."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from core.model import Board, GameResult, Match, Player, Round, Team, Tournament
from core.standings import as_json, compute_standings
from core.changes.ties import draw_lots, with_tie_order
from core.tiebreaks import compute
from core.tiebreaks.regimes import Regime, regime_for_date
from tests.test_tiebreaks_de_koya import BERGER6, RESULTS, event

WIN, LOSS, DRAW = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def four_draws() -> Tournament:
    return event([(1, 1, 2, DRAW), (1, 3, 4, DRAW)])


def test_shared_ties_after_the_list():
    s = compute_standings(four_draws(), ["WIN"])
    assert [r.rank for r in s.rows] == [1, 1, 1, 1] and all(r.shared for r in s.rows)
    assert s.unresolved == ((1, 2, 3, 4),)


def test_lots_are_recorded_and_reproducible():
    t = draw_lots(four_draws(), [4, 3, 2, 1], seed=7)
    again = draw_lots(four_draws(), [1, 2, 3, 4], seed=7)
    assert t.options["lots"] == again.options["lots"]
    s = compute_standings(t, ["WIN"], ties="lots")
    order = sorted(t.options["lots"], key=lambda p: t.options["lots"][p])
    assert [str(r.pno) for r in s.rows] == order
    assert [r.rank for r in s.rows] == [1, 2, 3, 4] and s.rows[0].decided_by == "LOT"
    # without --ties lots the recorded lots are not used
    assert [r.rank for r in compute_standings(t, ["WIN"]).rows] == [1, 1, 1, 1]


def test_manual_order_keeps_inner_group_tied():
    t = with_tie_order(four_draws(), [3, 1, [2, 4]], source="manual")
    s = compute_standings(t, ["WIN"], ties="manual")
    assert [(r.rank, r.pno) for r in s.rows] == [(1, 3), (2, 1), (3, 2), (3, 4)]


def test_playoff_order_overrides_the_list():
    # 2 beat 1 and both have 1 point; a play-off won by 1 puts 1 first anyway
    base = event([(1, 1, 2, LOSS), (1, 3, 4, DRAW), (2, 1, 4, WIN), (2, 2, 3, LOSS)])
    assert [r.pno for r in compute_standings(base, ["DE"]).rows][1:3] == [2, 1]
    t = with_tie_order(base, [1, 2], source="playoff")
    s = compute_standings(t, ["DE"])
    assert [(r.rank, r.pno) for r in s.rows] == [(1, 3), (2, 1), (3, 2), (4, 4)]
    assert s.row(1).decided_by == "playoff"
    # a newer order for the same players replaces the old one
    t2 = with_tie_order(t, [2, 1], source="playoff")
    assert [r.pno for r in compute_standings(t2, ["DE"]).rows][1:3] == [2, 1]
    assert len(t2.options["tie_orders"]) == 1


def _rr_with_withdrawal(last_round: int) -> Tournament:
    # the 6-player round robin of test_tiebreaks_de_koya; player 6 forfeits from round 3 on
    games = []
    for r, pairs in enumerate(BERGER6, start=1):
        for a, b in pairs:
            w, bl = min(a, b), max(a, b)
            res = RESULTS[(w, bl)]
            if bl == 6 and r >= last_round:
                res = GameResult.WHITE_FORFEIT_WIN
            games.append((r, w, bl, res))
    t = event(games, system="berger")
    players = tuple(dataclasses.replace(p, withdrawn_round=last_round) if p.pno == 6 else p for p in t.players)
    return t.with_changes(players=players)


def test_round_robin_withdrawal_before_half_is_not_ranked():
    s = compute_standings(_rr_with_withdrawal(3), ["SB"])  # 2 of 5 games played
    assert s.rows[-1].pno == 6 and s.rows[-1].rank is None and s.rows[-1].withdrawn
    assert [r.rank for r in s.rows[:-1]] == [1, 2, 3, 4, 5]
    assert compute_standings(_rr_with_withdrawal(3), ["SB"], withdrawn="rank").row(6).rank is not None


def test_round_robin_withdrawal_after_half_stays_ranked():
    s = compute_standings(_rr_with_withdrawal(4), ["SB"])  # 3 of 5 games played
    assert s.row(6).rank is not None and s.row(6).withdrawn


def test_swiss_withdrawal_stays_ranked():
    t = event([(1, 1, 2, WIN), (1, 3, 4, DRAW), (2, 1, 3, DRAW)])
    t = t.with_changes(players=tuple(dataclasses.replace(p, withdrawn_round=2) if p.pno == 4 else p
                                     for p in t.players))
    # points: 1 1½, 3 1, 4 ½, 2 0 — the withdrawn player keeps his place
    assert compute_standings(t, ["BH"]).row(4).rank == 3


def _late_unrated_entry() -> Tournament:
    """A round robin of four: 1 (2100), 2 (1900), 3 (1700) rated, 4 without a rating."""
    t = event([(1, 1, 2, WIN), (1, 3, 4, DRAW), (2, 1, 4, WIN), (2, 2, 3, DRAW), (3, 1, 3, DRAW), (3, 2, 4, WIN)])
    ratings = {1: 2100, 2: 1900, 3: 1700, 4: 0}
    return t.with_changes(players=tuple(dataclasses.replace(p, rating=ratings[p.pno]) for p in t.players))


def test_rating_tiebreaks_leave_unrated_opponents_out():
    """C.07 Art. 10 leaves an unrated player's rating to the regulations; a list that says
    nothing (no /U) leaves the games against them out, and a cut (Art. 14.1) takes such a game
    first, as the least significant value (notes/reports.md)."""
    s = compute_standings(_late_unrated_entry(), ["ARO", "ARO/C1", "ARO/C2", "TPR"])
    # player 1 met 2 (1900), 4 (unrated), 3 (1700): ARO (1900 + 1700) / 2 = 1800; the cut takes
    # the unrated game (not 1700, which would give 1900); Cut-2 then 1700 as well: 1900
    assert [s.row(1).values[c] for c in ("ARO", "ARO/C1", "ARO/C2")] == [1800, 1800, 1900]
    # 1½ of 2 against rated opponents = 75 %: dp +193 (FIDE B.02 table 8.1a) → 1800 + 193
    assert s.row(1).values["TPR"] == 1993
    # the unrated player's own opponents all have ratings: (1700 + 2100 + 1900) / 3 = 1900,
    # cut-1 drops 1700: (2100 + 1900) / 2 = 2000
    assert s.row(4).values["ARO"] == 1900 and s.row(4).values["ARO/C1"] == 2000
    s = compute_standings(_late_unrated_entry(), ["ARO/U1400"])
    assert not s.warnings
    assert s.row(3).values["ARO/U1400"] == round((2100 + 1900 + 1400) / 3)


def test_the_note_on_unrated_opponents_is_in_the_readers_language():
    from core.i18n import speaking

    english = compute_standings(_late_unrated_entry(), ["ARO/C1"]).warnings
    assert english and english[0].startswith("ARO/C1: Games against unrated opponents")
    for lang in ("tr", "de", "ru"):
        with speaking(lang):
            (note,) = compute_standings(_late_unrated_entry(), ["ARO/C1"]).warnings
        assert note.startswith("ARO/C1: ") and note != english[0] and "unrated" not in note


def test_regime_by_start_date_and_override():
    assert regime_for_date("2019-05-01") is Regime.LEGACY
    assert regime_for_date("2023-09-01") is Regime.FIDE2024
    assert regime_for_date("2026-02-28") is Regime.FIDE2024
    assert regime_for_date("2026/03/01") is Regime.FIDE2026
    t = four_draws().with_changes(start_date="2025-01-10")
    assert compute_standings(t, ["BH"]).regime is Regime.FIDE2024
    assert compute_standings(t, ["BH"], regime="legacy").regime is Regime.LEGACY
    assert compute_standings(t.with_changes(tiebreak_regime="2026"), ["BH"]).regime is Regime.FIDE2026
    assert as_json(compute_standings(t, ["BH"]))["regime"] == "2024"


def test_json_uses_exact_decimal_strings():
    doc = as_json(compute_standings(event([(1, 1, 2, DRAW), (2, 1, 3, WIN)]), ["SB", "BH/C1"]))
    assert doc["tiebreaks"] == ["SB", "BH/C1"]
    first = doc["players"][0]
    assert first == {"rank": 1, "pno": 1, "name": "P1", "points": "1.5",
                     "tiebreaks": {"SB": first["tiebreaks"]["SB"], "BH/C1": first["tiebreaks"]["BH/C1"]}}
    assert all(isinstance(v, str) for p in doc["players"] for v in p["tiebreaks"].values())


# -- team events ---------------------------------------------------------------------------------
def team_event() -> Tournament:
    """4 teams × 2 boards, 3 rounds.  By hand: MP T1 4, T2 2, T3 3, T4 3;
    GP T1 3½, T2 3, T3 3, T4 2½."""
    teams = (Team(1, "One", (1, 2)), Team(2, "Two", (3, 4)), Team(3, "Three", (5, 6)), Team(4, "Four", (7, 8)))
    rounds = (
        Round(1, (Board(1, 3, WIN), Board(4, 2, DRAW), Board(5, 7, DRAW), Board(8, 6, WIN)),
              matches=(Match(1, 2, (0, 1)), Match(3, 4, (2, 3)))),
        Round(2, (Board(1, 5, LOSS), Board(6, 2, LOSS), Board(3, 7, WIN), Board(8, 4, LOSS)),
              matches=(Match(1, 3, (0, 1)), Match(2, 4, (2, 3)))),
        Round(3, (Board(1, 7, DRAW), Board(8, 2, DRAW), Board(3, 5, LOSS), Board(6, 4, DRAW)),
              matches=(Match(1, 4, (0, 1)), Match(2, 3, (2, 3)))),
    )
    return Tournament(id="teams", name="Teams", total_rounds=3, teams=teams,
                      players=tuple(Player(p, f"P{p}") for p in range(1, 9)), rounds=rounds)


def test_team_points_and_tiebreaks():
    s = compute_standings(team_event(), ["GP", "BH", "SB", "TBR"])
    assert s.team
    assert {r.pno: r.points for r in s.rows} == {1: 4, 2: 2, 3: 3, 4: 3}
    assert {r.pno: r.values["GP"] for r in s.rows} == {1: Fraction(7, 2), 2: 3, 3: 3, 4: Fraction(5, 2)}
    # BH = sum of opponents' match points; SB = opponent's MP × own MP in the match (= EMMSB,
    # notes/tiebreaks.md "Disagreements settled"): T1 beat T2 (MP 2), drew T3 (3) and T4 (3):
    # 2·2 + 3 + 3 = 10; T2 beat T4: 3·2 = 6; T3 drew T1, beat T2: 4 + 2·2 = 8; T4 beat T3, drew T1: 3·2 + 4 = 10
    assert {r.pno: r.values["BH"] for r in s.rows} == {1: 8, 2: 10, 3: 9, 4: 9}
    assert {r.pno: r.values["SB"] for r in s.rows} == {1: 10, 2: 6, 3: 8, 4: 10}
    assert s.row(1).values["TBR"] == (Fraction(3, 2), 2)
    assert [r.pno for r in s.rows] == [1, 3, 4, 2]  # T3 ahead of T4 on game points


def test_team_criteria_on_game_points():
    s = compute_standings(team_event(), ["BH:GP", "SB:GP"])
    # BH:GP = opponents' game points: T1 3 + 3 + 2½ = 8½; SB:GP = SB with game points as the
    # score = opponent's GP × own GP in the match (EGGSB): T1 3·1½ + 3·1 + 2½·1 = 10
    assert s.row(1).values["BH:GP"] == Fraction(17, 2)
    assert s.row(1).values["SB:GP"] == 10


def test_team_game_points_as_primary_score():
    # GP first: T1 3½, T2 3, T3 3, T4 2½; MP breaks the T2/T3 tie (T3 3 > T2 2)
    s = compute_standings(team_event(), ["MP"], team_primary="GP")
    assert [r.pno for r in s.rows] == [1, 3, 2, 4]
    assert s.row(3).points == 3 and s.row(3).values["MP"] == 3


def test_team_standings_after_a_round():
    # after round 1: T1 and T4 won (2 MP), T2 and T3 lost
    s = compute_standings(team_event(), ["GP"], upto=1)
    assert {r.pno: r.points for r in s.rows} == {1: 2, 2: 0, 3: 0, 4: 2}


def test_team_direct_encounter_on_match_points():
    s = compute_standings(team_event(), ["DE", "GP"])
    assert [r.pno for r in s.rows] == [1, 4, 3, 2]  # T4 beat T3 in round 1


def test_individual_standings_of_a_team_event():
    s = compute_standings(team_event(), ["WIN"], team=False)
    assert not s.team and len(s.rows) == 8


def test_presets_parse_and_tsf_order():
    from core.tiebreaks.presets import PRESETS
    from core.tiebreaks.codes import parse_code

    for p in PRESETS.values():
        for code in p.codes:
            parse_code(code)
    assert PRESETS["tsf-swiss"].codes == ("DE", "BH/C1", "SB", "AOB", "WIN", "LOT")
    v = compute(four_draws(), ["AOB"]).values["AOB"]
    assert v[1] == Fraction(1, 2)  # opponent 2's Buchholz: ½


def test_list_from_trf_record_202():
    import os

    from core.trf.reader import codes_from_trf

    path = os.path.join(os.path.dirname(__file__), "data", "dutch2026", "f01_p7r5.trf")
    with open(path, encoding="utf-8", newline="") as fh:
        text = fh.read().replace("\r", "\n")
    assert codes_from_trf(text + "202 DE BH/C1 SB XYZ\n") == (("DE", "BH/C1", "SB"), ("XYZ",))
    assert codes_from_trf(text + "212 PTS BH/C1\n") == (("BH/C1",), ())
