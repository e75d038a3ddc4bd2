"""OpenGotha's categories (3.51: ``Player.category``, ``Tournament.costValue``,
``fillPairingInfo``, ``ScoredPlayer.formatScore``), by hand.

A player's category is the first whose lower limit his rank reaches (limits strongest first).
OpenGotha numbers the score groups category by category, so with C categories and R score
groups per category the costs divide by C·R; the score term counts only inside one category;
"avoid mixing categories" (weight W_c, 0 in McMahon) adds W_c·(1 − y)(1 + y/2) with
y = |category difference| / C.

The event below: limits 1d and 10k (three categories), four players of one club and country
(the geography term is 0 for every pair), round 1, floor 20k, bar 4d: R = 27 (MMS 9 to 35).

    player  rank  MMS  category
    1 Aa    2d    31   0 (≥ 1d)
    2 Bb    3k    27   1 (10k–1k)
    3 Cc    3k    27   1
    4 Dd    15k   15   2 (< 10k)

With f(x) = (1 − x)(1 + x/2) and W = 10^11 (score difference):
* no categories: {1–2, 3–4} scores W·(f(4/27) + f(12/27)) ≈ 1.593 W, {2–3, 1–4} W·(f(0) +
  f(16/27)) ≈ 1.528 W, {1–3, 2–4} as the first → 1–2, 3–4 (closest in the list);
* categories, W_c = 0: every cross-category pair scores 0, so {2–3, 1–4} = W·f(0) = W (+ the
  seeding of 2–3) against 0 for the two others → 2–3, 1–4;
* W_c = 2·10^13 (OpenGotha's Swiss default): {1–2, 3–4} = 2·W_c·f(1/3) = 14/9 W_c ≈ 3.11·10^13,
  {2–3, 1–4} = W_c·(f(0) + f(2/3)) + W = 13/9 W_c + W ≈ 2.89·10^13 → 1–2, 3–4 again.
"""

from __future__ import annotations

import pytest

from core.errors import TournamentError
from core.go.mcmahon_options import categories_text, mcmahon_options, parse_categories
from core.go.ranks import parse_rank
from core.model import Player, Tournament
from core.pairing.registry import get_system


def event(**go) -> Tournament:
    ranks = {"Aa": "2d", "Bb": "3k", "Cc": "3k", "Dd": "15k"}
    players = tuple(Player(pno=i, name=f"{n}, X", club="Club", extra={"go_rank": r, "country": "FR"})
                    for i, (n, r) in enumerate(ranks.items(), start=1))
    return Tournament(id="cat", name="Categories", system="mcmahon", total_rounds=3, players=players,
                      options={"go": go})


def pairs(t: Tournament) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in get_system("mcmahon").pair(t).boards}


def test_a_rank_falls_in_the_first_category_whose_limit_it_reaches():
    opts = mcmahon_options(event(categories="1d, 10k"))
    assert opts.categories == (parse_rank("1d"), parse_rank("10k"))
    assert [opts.category(parse_rank(r)) for r in ("2d", "1d", "1k", "10k", "11k", "30k")] == [0, 0, 1, 1, 2, 2]
    assert mcmahon_options(event()).category(parse_rank("5d")) == 0  # no categories: one


def test_categories_split_the_score_groups_and_the_weight_keeps_them_apart():
    assert pairs(event()) == {frozenset((1, 2)), frozenset((3, 4))}
    assert pairs(event(categories="1d, 10k")) == {frozenset((2, 3)), frozenset((1, 4))}
    assert pairs(event(categories="1d, 10k", avoid_mixing_categories="20000000000000")) == {
        frozenset((1, 2)), frozenset((3, 4))}


def test_the_pair_values_by_hand():
    from core.go.mms import scores
    from core.pairing.mcmahon.engine import pair_value, seats

    t = event(categories="1d, 10k", avoid_mixing_categories="20000000000000")
    opts = mcmahon_options(t)
    seat = seats(t, [1, 2, 3, 4], scores(t, 0), opts, dict.fromkeys((1, 2, 3, 4), "fr"), 1)
    assert [seat[p].rung for p in (1, 2, 3, 4)] == [4, 35, 35, 74]  # category·27 + 35 − MMS
    wc = 20 * 10 ** 12

    def f(weight: int, x: float) -> int:
        return int(weight * (1 - x) * (1 + 0.5 * x))

    # 1–2: adjacent categories, 31 groups apart (no draw-up/down term: ≥ 4 groups), no score term.
    assert pair_value(seat[1], seat[2], opts, 1, True) == 1 + f(wc, 1 / 3)
    # 1–4: two categories apart.
    assert pair_value(seat[1], seat[4], opts, 1, True) == 1 + f(wc, 2 / 3)
    # 2–3: one group of one category: the whole score value, the seeding across the halves.
    seeding = pair_value(seat[2], seat[3], opts, 1, True) - 1 - wc - 10 ** 11
    assert 4 * 10 ** 6 <= seeding <= 5 * 10 ** 6


def test_a_draw_between_categories_is_divided_by_the_gap_plus_one_to_the_fourth():
    """Two players one group apart in OpenGotha's numbering but in adjacent categories (the
    lowest group of category 0 and the top of category 1): the draw-up/draw-down value
    is divided by 2^4."""
    from dataclasses import replace

    from core.pairing.mcmahon.engine import Seat, _dudd

    opts = mcmahon_options(event(categories="1d"))
    upper = Seat(1, 0, 9, 0, 0, 1, 0, 0, 0, "c", "fr", "a", category=0, rung=26)
    lower = replace(upper, pno=2, group=35, category=1, rung=27)
    same = replace(lower, category=0)
    assert _dudd(upper, same, opts) == 2 * (10 ** 8 // 5)  # scenario 2, groups of one: places worth 0
    assert _dudd(upper, lower, opts) == 2 * (10 ** 8 // 5) // 16


def test_typed_categories_are_read_written_back_and_bad_ones_refused():
    assert categories_text(parse_categories("1D,10K")) == "1d, 10k"
    assert parse_categories(["5k"]) == (parse_rank("5k"),)
    for bad in ("10k, 1d", "5k, 5k", "1p", "x"):
        with pytest.raises(TournamentError, match="categories"):
            mcmahon_options(event(categories=bad))
    with pytest.raises(TournamentError, match="--mm-avoid-mixing-categories"):
        mcmahon_options(event(avoid_mixing_categories="-1"))


def test_the_category_criterion_in_standings_and_h9():
    """CAT ranks category 1 first and prints the category number (OpenGotha's ``formatScore``
    writes −value + 1 for its CAT, whose value is −category)."""
    from dataclasses import replace

    from core.changes import apply_pairing, set_result
    from core.gorender.mcmahon_export import mcmahon_h9_export
    from core.standings import compute_standings

    t = replace(event(categories="1d, 10k"), tiebreaks=("CAT", "MMS", "SOS"))
    t = apply_pairing(t, get_system("mcmahon").pair(t))
    for board in range(1, len(t.rounds[0].boards) + 1):
        t = set_result(t, 1, board, "0-1" if t.rounds[0].boards[board - 1].black == 4 else "1-0")
    rows = compute_standings(t).rows
    assert [r.values["CAT"] for r in rows] == [1, 2, 2, 3]
    assert (rows[0].pno, rows[-1].pno) == (1, 4)  # Dd won, still last: category 3
    lines = [x for x in mcmahon_h9_export(t).splitlines() if not x.startswith(";")]
    assert [x[47:52] for x in lines] == ["    1", "    2", "    2", "    3"]


def test_opengothas_file_carries_the_categories_both_ways():
    """OpenGotha writes ``numberOfCategories`` and, from two categories on,
    ``<Categories><Category lowerLimit="1D" number="1"/>…`` in the general parameters
    (``generateXMLTournamentParameterSetElement``); its weight is ``paiMaAvoidMixingCategories``."""
    from core.go.opengotha_xml import read_opengotha
    from core.gorender.opengotha_xml_export import opengotha_xml_export

    text = opengotha_xml_export(event(categories="1d, 10k", avoid_mixing_categories="7"))
    assert 'numberOfCategories="3"' in text
    assert '<Categories>\n<Category lowerLimit="1D" number="1" />\n<Category lowerLimit="10K" number="2" />' in text
    assert 'paiMaAvoidMixingCategories="7"' in text
    back, warnings = read_opengotha(text, "cat.xml")
    assert mcmahon_options(back).categories == (parse_rank("1d"), parse_rank("10k"))
    assert mcmahon_options(back).avoid_mixing_categories == 7
    assert [w for w in warnings if "byo-yomi" not in w] == []  # the event has no clock: OpenGotha's default
    silent, _warnings = read_opengotha(text.replace(' paiMaAvoidMixingCategories="7"', ""), "cat.xml")
    assert mcmahon_options(silent).avoid_mixing_categories == 2 * 10 ** 13  # OpenGotha's reader default
    plain = opengotha_xml_export(event())
    assert 'numberOfCategories="1"' in plain and "<Categories>" not in plain
    with pytest.raises(TournamentError, match="cat.xml.*categories"):
        read_opengotha(text.replace('numberOfCategories="3"', 'numberOfCategories="2"'), "cat.xml")


def test_categories_on_the_command_line(cli_data, capsys):
    """``--mm-categories`` and ``--mm-avoid-mixing-categories``: stored as typed; limits out of
    order are one line naming the setting (exit 3) and create nothing."""
    from core.store import Store
    from tests.cli_run import run

    _out, err = run(capsys, "new", "X", "--system", "mcmahon", "--rounds", 3, "--mm-categories", "10k, 1d", code=3)
    assert err.strip().startswith("hakem: McMahon categories: '10k, 1d' must be the lower limits")
    assert Store(str(cli_data)).ids() == []
    out, _ = run(capsys, "new", "Y", "--system", "mcmahon", "--rounds", 3, "--mm-categories", "1d, 10k",
                 "--mm-avoid-mixing-categories", "20000000000000")
    go = Store(str(cli_data)).load(out.strip().splitlines()[-1]).tournament.options["go"]
    assert (go["categories"], go["avoid_mixing_categories"]) == ("1d, 10k", "20000000000000")


def test_opengothas_limits_are_kept_and_the_errors_say_it_in_words():
    """OpenGotha has at most 9 categories (its MAX_NUMBER_OF_CATEGORIES): 8 limits; a 30k limit
    leaves the category below it empty forever (nobody is weaker than 30k); a stored list is
    named as the organiser writes it, not as a Python list; a rank outside 30k–9d is no limit."""
    eight = "1d, 2k, 4k, 6k, 8k, 10k, 12k, 14k"
    assert len(parse_categories(eight)) == 8
    with pytest.raises(TournamentError, match="9 limits make 10 categories; OpenGotha takes 9 at most"):
        parse_categories(eight + ", 16k")
    with pytest.raises(TournamentError, match="nobody is below 30k"):
        parse_categories("5k, 30k")
    with pytest.raises(TournamentError, match=r"^McMahon categories: '25k, 15k' must be"):
        parse_categories(["25k", "15k"])
    with pytest.raises(TournamentError, match="categories"):
        parse_categories("5k, 40k")


def test_typed_limits_are_stored_in_one_spelling(cli_data, capsys):
    from core.store import Store
    from tests.cli_run import run

    tid = run(capsys, "new", "Y", "--system", "mcmahon", "--rounds", 3, "--mm-categories", "5 k, 15K")[0]
    tid = tid.strip().splitlines()[-1]
    assert Store(str(cli_data)).load(tid).tournament.options["go"]["categories"] == "5k, 15k"
    run(capsys, "go", "settings", tid, "--mm-categories", " 2 K ,10k")
    assert Store(str(cli_data)).load(tid).tournament.options["go"]["categories"] == "2k, 10k"
