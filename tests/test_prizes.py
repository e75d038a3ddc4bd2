"""Prize allocation on hand-made fields; every expected allocation is derived in the comments.

The standings order is given by hand (``order``), so these tests check the prize rules alone:
one prize per player (the higher one, equal amounts by the order of the groups), eligibility
(women, birth years, rating bands, unrated, clubs), sharing equal and Hort.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.errors import TournamentError
from core.model import Player, Tournament
from core.prizes import PrizeGroup, PrizeSettings, allocate, parse_amount
from core.prizes.allocate import Entrant
from core.changes.prizes import add_group, remove_group, set_rules
from core.prizes.settings import prize_settings

F = Fraction


def field(*players: tuple[str, float, dict]) -> tuple[Tournament, list[Entrant]]:
    """Players in final order: (name, points, Player fields)."""
    ps, order = [], []
    for n, (name, points, extra) in enumerate(players, start=1):
        ps.append(Player(pno=n, name=name, **extra))
        order.append(Entrant(n, name, F(points).limit_denominator(2), n))
    return Tournament(id="t", name="Prize test", players=tuple(ps)), order


def group(key: str, kind: str, *amounts: int, **kw) -> PrizeGroup:
    return PrizeGroup(key, key, kind, tuple(F(a) for a in amounts), **kw)


def paid(result, key: str) -> list[tuple[str, Fraction]]:
    return [(a.entrant.name, a.paid) for a in result.awards[key]]


def test_one_prize_per_player_the_higher_one():
    # Prizes go from the largest down, each to the best-placed eligible player without one:
    # 1000 overall-1 → A; 600 seniors → B (born 1950; it beats his overall 2nd place, 500);
    # 500 overall-2 → C (best left); 300 women → D (the women A and C already have prizes).
    t, order = field(("A", 7, {"sex": "w"}), ("B", 6.5, {"birth": "1950"}), ("C", 6, {"sex": "w"}),
                     ("D", 5, {"sex": "w"}), ("E", 4, {}))
    s = PrizeSettings((group("open", "overall", 1000, 500), group("women", "women", 300),
                       group("sen", "seniors", 600, born_to=1961)))
    result = allocate(t, s, order)
    assert paid(result, "open") == [("A", 1000), ("C", 500)]
    assert paid(result, "women") == [("D", 300)]
    assert paid(result, "sen") == [("B", 600)]
    assert result.total() == 2400


def test_equal_amounts_go_by_the_order_of_the_groups():
    # A may win overall 2nd (200) or U18 1st (200).  Listed first wins: with overall first,
    # A takes overall 2nd and U18 goes to the next junior (C); with U18 first, A takes U18
    # and overall 2nd goes to B.
    players = (("Top", 9, {}), ("A", 8, {"birth": "2010"}), ("B", 7, {}), ("C", 6, {"birth": "2011"}))
    t, order = field(*players)
    overall, junior = group("open", "overall", 500, 200), group("u18", "age", 200, born_from=2008)
    first = allocate(t, PrizeSettings((overall, junior)), order)
    assert paid(first, "open") == [("Top", 500), ("A", 200)] and paid(first, "u18") == [("C", 200)]
    second = allocate(t, PrizeSettings((junior, overall)), order)
    assert paid(second, "u18") == [("A", 200)] and paid(second, "open") == [("Top", 500), ("B", 200)]


def test_eligibility_rating_band_unrated_and_birth_year_formats():
    # Band 1600-1999: B (1999) and D (1600) in, A (2000) and C (unrated, rating 0) out.
    # Unrated: C.  Born 2012 or later: "12.05.2012" (D) and "2013/01/01" (E); A born 2011.
    t, order = field(("A", 5, {"rating": 2000, "birth": "2011"}), ("B", 4, {"rating": 1999}),
                     ("C", 3, {"rating": 0}), ("D", 2, {"rating": 1600, "birth": "12.05.2012"}),
                     ("E", 1, {"rating": 1200, "birth": "2013/01/01"}))
    s = PrizeSettings((group("band", "rating", 50, 30, rating_min=1600, rating_max=1999),
                       group("unr", "unrated", 40), group("u14", "age", 20, 10, born_from=2012)))
    result = allocate(t, s, order)
    assert paid(result, "band") == [("B", 50), ("D", 30)]
    assert paid(result, "unr") == [("C", 40)]
    # D took the band prize (30 > 20): the U14 prizes go to E and nobody is left for the 2nd.
    assert paid(result, "u14") == [("E", 20)]
    assert result.unawarded == {"u14": [2]}


def test_equal_sharing_includes_tied_players_beyond_the_prizes():
    # Prizes 100/60/40.  A 7 alone: 100.  B, C, D, E tied on 6 occupy places 2-5: they share
    # 60 + 40 + 0 + 0 = 100, i.e. 25 each.
    t, order = field(("A", 7, {}), ("B", 6, {}), ("C", 6, {}), ("D", 6, {}), ("E", 6, {}), ("F", 5, {}))
    s = PrizeSettings((group("open", "overall", 100, 60, 40),), sharing="equal")
    result = allocate(t, s, order)
    assert paid(result, "open") == [("A", 100), ("B", 25), ("C", 25), ("D", 25), ("E", 25)]
    assert [a.shared for a in result.awards["open"]] == [None, (2, 5), (2, 5), (2, 5), (2, 5)]
    assert result.total() == 200


def test_hort_system_half_shared_half_by_place():
    # Prizes 1000/600/400/200.  B, C, D tied on 6 for places 2-4: pool 600+400+200 = 1200.
    # Hort 50 %: each gets 1200*0.5/3 = 200 plus half of his own place: B 200+300 = 500,
    # C 200+200 = 400, D 200+100 = 300 (sum 1200).  With 40 %: 1200*0.4/3 = 160 plus 60 %:
    # B 160+360 = 520, C 160+240 = 400, D 160+120 = 280.
    t, order = field(("A", 7, {}), ("B", 6, {}), ("C", 6, {}), ("D", 6, {}), ("E", 4, {}))
    groups = (group("open", "overall", 1000, 600, 400, 200),)
    half = allocate(t, PrizeSettings(groups, sharing="hort", hort_percent=50), order)
    assert paid(half, "open") == [("A", 1000), ("B", 500), ("C", 400), ("D", 300)]
    forty = allocate(t, PrizeSettings(groups, sharing="hort", hort_percent=40), order)
    assert paid(forty, "open") == [("A", 1000), ("B", 520), ("C", 400), ("D", 280)]


def test_no_sharing_the_tie_breaks_decide():
    t, order = field(("A", 6, {}), ("B", 6, {}), ("C", 6, {}))
    result = allocate(t, PrizeSettings((group("open", "overall", 300, 200),)), order)
    assert paid(result, "open") == [("A", 300), ("B", 200)]


def test_sharing_leaves_out_players_paid_by_another_group():
    # Overall 500/300/100 shared equally; the women's prize 400.  A 8; B (woman) and C, D tied
    # on 7.  Prizes by size: 500 A; 400 women B (best woman); 300 overall-2 C; 100 overall-3 D.
    # B has the women's prize, so in the overall group C and D are the tied players left on
    # places 2-3: they share 300+100 = 400, 200 each; B keeps 400.
    t, order = field(("A", 8, {}), ("B", 7, {"sex": "w"}), ("C", 7, {}), ("D", 7, {}), ("E", 5, {}))
    s = PrizeSettings((group("open", "overall", 500, 300, 100), group("women", "women", 400)), sharing="equal")
    result = allocate(t, s, order)
    assert paid(result, "open") == [("A", 500), ("C", 200), ("D", 200)]
    assert paid(result, "women") == [("B", 400)]


def test_best_club_counts_its_best_players():
    # Club X: A 6, C 4, E 1 → best two 10.  Club Y: B 5, D 4.5 → 9.5.  Club Z: F 3 → 3.
    # Club prizes do not stop A from taking the overall prize.
    t, order = field(("A", 6, {"club": "X"}), ("B", 5, {"club": "Y"}), ("C", 4, {"club": "X"}),
                     ("D", 4.5, {"club": "Y"}), ("E", 1, {"club": "X"}), ("F", 3, {"club": "Z"}))
    s = PrizeSettings((group("open", "overall", 100), group("club", "club", 80, 40, members=2)))
    result = allocate(t, s, order)
    assert paid(result, "club") == [("X", 80), ("Y", 40)]
    assert [a.entrant.points for a in result.awards["club"]] == [10, F(19, 2)]
    assert paid(result, "open") == [("A", 100)]


def test_settings_stored_in_the_options_and_checked():
    t = Tournament(id="t", name="x")
    t = add_group(t, PrizeGroup("open", "Overall", "overall", (parse_amount("500"), parse_amount("250.50"))))
    t = add_group(t, PrizeGroup("u12", "U12", "age", (F(50),), born_from=2014), before="open")
    t = set_rules(t, sharing="hort", hort_percent=40, currency="EUR")
    s = prize_settings(t)
    assert [g.key for g in s.groups] == ["u12", "open"]
    assert s.groups[1].amounts == (F(500), F(501, 2))
    assert (s.sharing, s.hort_percent, s.currency) == ("hort", 40, "EUR")
    assert t.options["prizes"]["groups"][1]["amounts"] == ["500", "250.50"]
    assert [g.key for g in prize_settings(remove_group(t, "u12")).groups] == ["open"]
    for bad, word in ((PrizeGroup("x", "x", "overall", (F(10), F(20))), "lower place"),
                      (PrizeGroup("x", "x", "age", (F(10),)), "born"),
                      (PrizeGroup("X Y", "x", "overall", (F(10),)), "key"),
                      (PrizeGroup("x", "x", "planet", (F(10),)), "kind")):
        with pytest.raises(TournamentError, match=word):
            add_group(t, bad)
    for text in ("-5", "abc", "1.234", ""):
        with pytest.raises(TournamentError):
            parse_amount(text)
    with pytest.raises(TournamentError, match="no prize group"):
        remove_group(t, "nope")


def test_a_larger_share_beats_a_smaller_special_prize():
    # Overall 300/200/100 shared equally; rating band ≤ 2000: 50.  A–F tie on 1 point, G has 0.
    # Hand-out by size: 300 A, 200 B, 100 C, band 50 → F (1900, best of the band).  Overall
    # left: A–E share 600/5 = 120, F has 50.  F would get 600/6 = 100 > 50 by sharing the
    # overall tie: F declines the band prize, which goes to G (1500).  A–F are paid 100 each.
    t, order = field(*[(n, 1, {"rating": 2100}) for n in "ABCDE"], ("F", 1, {"rating": 1900}),
                     ("G", 0, {"rating": 1500}))
    s = PrizeSettings((group("open", "overall", 300, 200, 100), group("band", "rating", 50, rating_max=2000)),
                      sharing="equal")
    result = allocate(t, s, order)
    assert paid(result, "open") == [(n, 100) for n in "ABCDEF"]
    assert paid(result, "band") == [("G", 50)]
    # Without sharing the announced amounts decide: F keeps the band prize.
    plain = allocate(t, PrizeSettings(s.groups), order)
    assert paid(plain, "band") == [("F", 50)] and paid(plain, "open") == [("A", 300), ("B", 200), ("C", 100)]


def test_special_ranking_is_the_standings_of_the_group():
    # The Swiss fixture's standings (their values are TieBreakServer's, tests/test_reports_semantics)
    # filtered to ratings below 2000, in the same order, with the same tie-break values.
    from core.reports import View
    from core.reports.prizes import special_ranking
    from core.standings import compute_standings
    from tests.test_reports_fixtures import swiss

    t = add_group(swiss(), PrizeGroup("u2000", "U2000", "rating", (F(100),), rating_max=1999))
    rating = {p.pno: p.rating for p in t.players}
    rows = [r for r in compute_standings(t).rows if rating[r.pno] <= 1999]
    table = special_ranking(View(t), "u2000").tables[0]
    keys = [c.key for c in table.columns]
    got = [dict(zip(keys, row)) for row in table.rows]
    assert [g["pno"] for g in got] == [r.pno for r in rows]
    assert [g["place"] for g in got] == list(range(1, len(rows) + 1))
    assert [g["BH/C1"] for g in got] == [r.values["BH/C1"] for r in rows]
    assert [g["rank"] for g in got] == [r.rank for r in rows]
