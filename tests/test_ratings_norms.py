"""Title norms (FIDE Title Regulations B.01, in force from 1 January 2024): one event that
makes a GM norm, worked by hand, and one case per condition that fails it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from core.ratings.norms import check

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS

# (title, federation, rating) of the nine opponents of player 1 (TUR, 2450).
BASE = [("GM", "GER", 2550)] * 3 + [("IM", "RUS", 2450)] * 2 + [("FM", "TUR", 2350)] * 2 + [("", "FRA", 2300)] * 2


def _results(points: Fraction, n: int) -> list[GameResult]:
    wins = int(points)
    draws = 1 if points - wins else 0
    out = [W] * wins + [D] * draws
    return out + [L] * (n - len(out))


def _event(opponents=BASE, points=Fraction(7), sex="m", dates=(), last_round=None) -> Tournament:
    players = [Player(1, "Candidate", 2450, federation="TUR", sex=sex)]
    players += [Player(i + 2, f"Opp {i + 2}", rating, title=title, federation=fed)
                for i, (title, fed, rating) in enumerate(opponents)]
    rounds = [Round(i + 1, (Board(1, i + 2, r),)) for i, r in enumerate(_results(points, len(opponents)))]
    if last_round is not None:
        rounds.append(Round(len(rounds) + 1, (), (Bye(1, last_round),)))
    return Tournament("n", "Norm open", total_rounds=len(rounds), players=tuple(players), rounds=tuple(rounds),
                      round_dates=tuple(dates))


def _failed(t: Tournament, norm: str = "GM") -> set[str]:
    return {c.key for c in check(t, t.player(1), norm).conditions if not c.met}


def test_gm_norm_made_by_hand() -> None:
    # Ra = (3 × 2550 + 2 × 2450 + 2 × 2350 + 2 × 2300) / 9 = 21850 / 9 = 2427.8 → 2428 (1.4.7b);
    # 7/9 = 0.78 → dp 220 (1.4.9); Rp = 2648 ≥ 2600; 3 GMs, 7 title-holders, 3 foreign federations.
    c = check(_event(), _event().player(1), "GM")
    assert (c.average, c.performance, c.score) == (2428, 2648, 7)
    assert c.made, [x for x in c.conditions if not x.met]


@pytest.mark.parametrize("opponents, points, failing", [
    # 1.4.8: 6½/9 = 0.72 → 166: Rp 2594 < 2600 (everything else as before)
    (BASE, Fraction(13, 2), {"performance"}),
    # 1.4.8b: 3/9 = 33 % < 35 % (and the performance with it)
    (BASE, Fraction(3), {"score", "performance"}),
    # 1.4.8a: every opponent 100 lower: Ra 2328 < 2380
    ([(t, f, r - 100) for t, f, r in BASE], Fraction(9), {"average"}),
    # 1.4.3: only one foreign federation (GER) — and GER then holds 7 > 6 of 9 (1.4.4)
    ([("GM", "GER", 2550)] * 3 + [("IM", "GER", 2450)] * 2 + [("FM", "TUR", 2350)] * 2 + [("", "GER", 2300)] * 2,
     Fraction(7), {"foreign", "one_federation"}),
    # 1.4.4: 7 of 9 from GER (> 2/3 = 6), two foreign federations
    ([("GM", "GER", 2550)] * 3 + [("IM", "GER", 2450)] * 2 + [("FM", "TUR", 2350)] + [("FM", "RUS", 2350)]
     + [("", "GER", 2300)] * 2, Fraction(7), {"one_federation"}),
    # 1.4.4: 6 of 9 from the candidate's own federation (> 3/5 = 5)
    ([("GM", "GER", 2550)] * 2 + [("GM", "TUR", 2550)] + [("IM", "TUR", 2450)] * 2 + [("FM", "TUR", 2350)] * 2
     + [("", "TUR", 2300)] + [("", "FRA", 2300)], Fraction(7), {"own_federation"}),
    # 1.4.5a: 4 title-holders of 9 (< 5); a CM does not count
    ([("GM", "GER", 2550)] * 3 + [("IM", "RUS", 2450)] + [("CM", "TUR", 2350)] * 2 + [("", "FRA", 2300)] * 3,
     Fraction(7), {"titleholders"}),
    # 1.4.5b: 2 GMs (< 3)
    ([("GM", "GER", 2550)] * 2 + [("IM", "RUS", 2500)] * 3 + [("FM", "TUR", 2350)] * 2 + [("", "FRA", 2300)] * 2,
     Fraction(7), {"norm_titles"}),
])
def test_each_condition_that_fails_the_norm(opponents, points, failing) -> None:
    assert _failed(_event(opponents, points)) == failing


def test_fewer_than_nine_games() -> None:
    assert _failed(_event(BASE[:8], Fraction(7))) >= {"games"}


def test_eight_games_and_a_pairing_allocated_bye_in_nine_rounds() -> None:
    # 1.4.1c: the missing game of a 9-round event was a pairing-allocated bye
    t = _event(BASE[:8], Fraction(6), last_round=ByeKind.PAB)
    games = next(c for c in check(t, t.player(1), "GM").conditions if c.key == "games")
    assert games.met and games.article == "1.4.1c"
    # a half-point bye instead does not count
    t = _event(BASE[:8], Fraction(6), last_round=ByeKind.HALF)
    assert "games" in _failed(t)


def test_rating_floor_raises_only_the_lowest_opponent() -> None:
    # two opponents under the GM floor 2200: 2000 and an unrated one (1400, 1.4.6d);
    # only the lowest (the unrated) is raised to 2200 (1.4.6c); the 2000 stays.
    opponents = BASE[:7] + [("", "FRA", 2000), ("", "FRA", 0)]
    t = _event(opponents, Fraction(7))
    c = check(t, t.player(1), "GM")
    counted = {o.rating: o.counted_rating for o in c.opponents}
    assert counted[0] == 2200 and counted[2000] == 2000
    # (3 × 2550 + 2 × 2450 + 2 × 2350 + 2000 + 2200) / 9 = 21450 / 9 = 2383.3 → 2383
    assert c.average == 2383


def test_rounds_per_day() -> None:
    dates = ["2026-11-20"] * 3 + ["2026-11-21"] * 2 + ["2026-11-22"] * 2 + ["2026-11-23"] * 2
    assert _failed(_event(dates=dates)) == {"rounds_per_day"}


def test_women_norms_only_for_women() -> None:
    from core.ratings.norms import check_all

    assert {c.norm for c in check_all(_event()) if c.pno == 1} == {"GM", "IM"}
    assert {c.norm for c in check_all(_event(sex="w")) if c.pno == 1} == {"GM", "IM", "WGM", "WIM"}


def _ten_rounds(system: str = "dutch") -> Tournament:
    """10 rounds: a win over a 1700 (FRA) first, then the nine opponents of BASE:
    W W W W W W W D L L = 7½."""
    players = [Player(1, "Candidate", 2450, federation="TUR")]
    order = [("", "FRA", 1700)] + BASE
    players += [Player(i + 2, f"Opp {i + 2}", r, title=ti, federation=f) for i, (ti, f, r) in enumerate(order)]
    results = [W] * 7 + [D] + [L] * 2
    rounds = tuple(Round(i + 1, (Board(1, i + 2, r),)) for i, r in enumerate(results))
    return Tournament("n", "Norm open", system=system, total_rounds=10, players=tuple(players), rounds=rounds)


def test_later_games_left_out_make_the_norm() -> None:
    t = _ten_rounds()
    c = check(t, t.player(1), "GM")
    # All ten fail: 3 GMs < ⌈10/3⌉ = 4 (1.4.5), and Ra = (1700 → 2200 + 21850) / 10 = 2405,
    # 7½/10 → 193, Rp 2598 < 2600.  Nine games (the largest sets first): leaving out one won
    # game fails each time (round 1: Rp 2428 + 166 = 2594; a GM: 2 GMs; an IM or an FM: Rp
    # 2566 / 2577); rounds 1–9 (1.4.1e, the last round left out): Ra = (2200 + 21850 − 2300)
    # / 9 = 2416.7 → 2417, 7½/9 = 0.83 → 273, Rp 2690, 3 GMs of 9: the norm.
    assert c.made
    left = next(x for x in c.conditions if x.key == "left_out")
    assert left.value == "10" and (c.average, c.performance) == (2417, 2690)


def test_no_games_left_out_of_a_round_robin() -> None:
    t = _ten_rounds("berger")
    assert not check(t, t.player(1), "GM").made


def test_norms_report_lists_the_norm_and_the_certificate_data() -> None:
    from core.reports.ratings import norms_report
    from core.reports.render import to_csv
    from core.reports.view import View

    t = _event()
    t = t.with_changes(chief_arbiter="Kaya, Ali", players=tuple(
        p if p.pno == 1 else Player(p.pno, p.name, p.rating, title=p.title, federation=p.federation,
                                    fide_id=str(1000 + p.pno)) for p in t.players))
    report = norms_report(View(t))
    assert "1 Candidate: GM" in report.notes[0]
    conditions, certificate = report.tables[0], report.tables[1]
    gm = [row for row in conditions.rows if row[0] == 1 and row[2].key == "GM"]  # the title, in the page's words
    assert len(gm) == 9 and all(row[-1].key == "yes" for row in gm)
    assert "Kaya, Ali" in certificate.title and "2428" in certificate.title and "2648" in certificate.title
    csv = to_csv(report).split("\n\n")[1].splitlines()
    assert csv[0] == "round,opponent,fide_id,title,federation,rating,counted,score"
    assert csv[1] == '1,Opp 2,1002,GM,GER,2550,2550,1'
    assert len(csv) == 10
