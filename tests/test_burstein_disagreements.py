"""Burstein: three cases where a public engine and hakem disagreed, settled from the texts
(Aktar §1.5 pp. 54–57 for the legacy text, the 2026 text C.04.4.2 with C.04.1).  Readings
in notes/swiss-others.md "Burstein disagreements".  Fixtures (ours):
``tests/data/disagreements/burstein_*.trf``.
"""

from __future__ import annotations

import os

from core.pairing.burstein.system import BURSTEIN, BURSTEIN_LEGACY, legacy_top_half
from core.trf import parse_tournament

DATA = os.path.join(os.path.dirname(__file__), "data", "disagreements")


def _read(name: str, system: str):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return parse_tournament(fh.read()).with_changes(system=system)


def _boards(pairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def _field(n: int):
    lines = ["012 odd field", "XXR 4", "XXC black1"]
    lines += [f"001 {i:>4}      Test{i:04d} Player{i:04d}               {2600 - 50 * i:>4}"
              f"                             0.0 {i:>4}" for i in range(1, n + 1)]
    return parse_tournament("\n".join(lines) + "\n").with_changes(system="burstein-legacy")


def test_odd_field_virtual_point_goes_to_the_even_half() -> None:
    """§3.3 gives the virtual point to "katılımcı listesinin üst yarısında kalan oyunculara"
    (the top half of the list); with an odd N that is ⌊N/2⌋ or ⌈N/2⌉.  §5.1 settles it:
    "Başlangıç sıralamasının üst yarısında yer alan tüm tek numaralı oyuncular onunla aynı
    rengi alırlar" (every odd-numbered player of the top half takes No. 1's colour) — the top
    half pairs within itself first against last, odd against even only when its size is even
    (with 3, No. 1 would meet No. 3, both due No. 1's colour).  So the even one: N = 7 → 4
    (``burstein_legacy_oddN_tophalf_p7r1.trf``: 1 v 4, 2 v 3 with 1 and 3 Black as No. 1's lot
    says, then 5 v 6 and the PAB to 7, the lowest of the lowest group, §4.1); N = 9 → 4 (we
    gave 5, which sent No. 3 floating down in round 1)."""
    t = _read("burstein_legacy_oddN_tophalf_p7r1.trf", "burstein-legacy")
    assert sorted(legacy_top_half(t)) == [1, 2, 3, 4]
    pairing = BURSTEIN_LEGACY.pair(t)
    assert _boards(pairing) == [(4, 1), (2, 3), (6, 5)]
    assert [b.pno for b in pairing.byes] == [7]
    nine = _field(9)
    assert sorted(legacy_top_half(nine)) == [1, 2, 3, 4]
    pairing = BURSTEIN_LEGACY.pair(nine)
    assert _boards(pairing) == [(4, 1), (2, 3), (8, 5), (6, 7)]
    assert [b.pno for b in pairing.byes] == [9]


def test_virtual_points_count_in_the_round_2_index() -> None:
    """§3.3: the virtual point "eklenir" (is added) and "üçüncü turun eşlendirmesi yapılmadan
    önce geri alınır" (is taken back before round 3 is paired); §3.2 ranks each scoregroup
    "bir turun eşlendirilmesi yapılmadan önce" (before a round is paired) by SB, Buchholz,
    Median — computed from the scores, which for the pairing of round 2 still hold the point.

    ``burstein_legacy_virtualpoints_in_index_p16r2.trf``, round 2: 1 (top half) beat 8 (top
    half); 2–7, 3–6, 4–5 drew.  Scores with the point: 1 2, 2–7 1½, 8 1.  1 floats into the
    1½ group; his Index: SB 1 × 1 = 1, BH 1; 2–7: SB 1½ × ½ = ¾, BH 1½ — so 1 ranks first
    (with real scores he had SB 0, BH 0 and ranked last: 1 v 2, 3 v 4, 5 v 6 was paired).
    Order 1…7; due colours (round 1): 1, 3, 5, 7 White, 2, 4, 6 Black; 2–7, 3–6, 4–5 met.
    §6.5 (as many due colours as possible) with the §6.4 order: every pairing with 1 v 7
    clashes (both due White), and the first without a clash is 1 v 6, 2 v 5, 3 v 4, 7 floats;
    7 meets 10 and 9 meets 8 in the 1-point group."""
    pairing = BURSTEIN_LEGACY.pair(_read("burstein_legacy_virtualpoints_in_index_p16r2.trf", "burstein-legacy"))
    assert sorted(_boards(pairing)[:5]) == [(1, 6), (3, 4), (5, 2), (7, 10), (9, 8)]


def test_every_player_is_paired_when_a_complete_pairing_exists() -> None:
    """``burstein_bbp_skips_pair_r6_p10.trf`` (2026 text, round 6 of 6, 10 players): the public
    engine left two players unpaired; C.04.1 pairs every player present (the PAB only for an
    odd count) and [C4] (a pairing of the players left must exist) keeps the brackets from
    spoiling that.  By hand: 9 may meet only 1, 2, 3, 5 (5 not: both must have White, B B
    before); 8 only 2, 3, 4, 6; 10 only 1, 2, 4, 6.  Top down: 3 (4½) floats, 1 (4) met 3 and
    floats, the 3-point bracket {3, 1, 2} has one pair, 1 v 2, and 3 floats on.  Then 9 needs 3,
    and 8 and 10 need 4 and 6: 4 v 8 (4 must have Black, so must 10: 6 v 10), and 5 v 7 is
    left in the 2½ group.  Colours: 9 (B B) White v 3; 4 (W W) Black; 10 (W W) Black; 5 (B B)
    White; 1 White v 2 (alternation)."""
    pairing = BURSTEIN.pair(_read("burstein_bbp_skips_pair_r6_p10.trf", "burstein"))
    assert sorted(_boards(pairing)) == [(1, 2), (5, 7), (6, 10), (8, 4), (9, 3)]
    assert not pairing.byes
