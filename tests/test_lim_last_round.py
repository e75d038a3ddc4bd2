"""Lim, last round: the pair 12–13 of ``tests/data/disagreements/lim_last_round_12_13.trf``
(31 players, round 9 of 9 to pair) and who gets White.  Reading in notes/swiss-others.md
"Lim, last round".

Both have 5 points and have not met.  12: B W B W B W B B (3 W, 5 B); 13: W B W, a half-point
bye in round 4, then B W B B (3 W, 4 B).  Each played Black in rounds 7 and 8, so 6.1 a (no
colour three times running) forbids Black to both — before the last round they would not
even be compatible.  Lim Art. 7 (Aktar p. 32): "Son turda, daha önce oynamamışlarsa aynı
puanda olan oyuncuların eşlendirilmesi renk eşitlemesi ve renklerin sırayla değişmesini
düzenleyen maddelerden daha önceliklidir" (in the last round, pairing players of equal score
who have not met comes before the colour rules), so they are paired and one gets a third
Black.  Which one, Art. 6: "Eşlendirilen her iki oyuncu da renk eşitlemesine gereksinim
duyuyor ... Madde 6.4 uyarınca, kimin renginin eşitleneceğine renk geçmişine bakılarak karar
verilir" (both need equalising: the colour histories decide).  12 is two Blacks up, 13 one;
going back round by round: rounds 8–5 are equal (B, B, W, B); round 4 is no difference,
because "Tur atlatılan oyuncu ... Rakibi ve rengi yoktur" (the bye player has no opponent and
no colour — the arbiter's 13-White reading counted 12's White of round 4 against 13's bye);
round 3 is the first difference: 12 Black, 13 White, so 12 alternates to White.  And were
the histories equal, 6.4 gives the higher-ranked player (12: same score, higher rating,
above the median of 4) his due colour, White again.  So 12 White v 13.

The engine used to decide this from the 6.1 limits alone, for whichever of the two it was
handed first — 13 White when asked as (13, 12); the regression below asks both ways.
"""

from __future__ import annotations

import os
from fractions import Fraction

from core.pairing.base import PairOptions
from core.pairing.lim.engine import LimRound
from core.pairing.lim.system import LIM, maxi_rule
from core.pairing.swiss.context import make_context
from core.trf import parse_tournament

FILE = os.path.join(os.path.dirname(__file__), "data", "disagreements", "lim_last_round_12_13.trf")


def _event():
    with open(FILE, encoding="utf-8") as fh:
        return parse_tournament(fh.read()).with_changes(system="lim")


def test_last_round_pairs_12_and_13_with_12_white() -> None:
    pairing = LIM.pair(_event())
    assert (12, 13) in [(b.white, b.black) for b in pairing.boards]


def test_colours_do_not_depend_on_which_player_is_named_first() -> None:
    t = _event()
    ctx = make_context(t)
    assert ctx.last_round
    r = LimRound(t, ctx, PairOptions(), maxi_rule(t), Fraction(ctx.round_no - 1) / 2)
    assert r.colours(12, 13) == (12, 13)
    assert r.colours(13, 12) == (12, 13)
