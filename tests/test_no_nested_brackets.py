"""No bracket inside a bracket in what an organiser reads (issue 34, a review: "Buchholz (1 alttan
(en az önemli 1 değer atılır))" under the standings, "12 Ağaoğlu, Leyla (Tur atlama
(eşlendirmede))" after pairing with check-in open).  A modifier's or a bye's name keeps its own
brackets; what joins it to the name before is a comma or a dash."""

from __future__ import annotations

import pytest

from core.i18n import set_language
from core.reports.tables import tiebreak_label


def depth(text: str) -> int:
    """How deep brackets nest in ``text`` (0: none, 1: side by side only)."""
    deepest = level = 0
    for ch in text:
        level += {"(": 1, ")": -1}.get(ch, 0)
        deepest = max(deepest, level)
    return deepest


def test_depth_counts_nesting():
    assert depth("a (b) (c)") == 1 and depth("Buchholz (1 alttan (en az))") == 2 and depth("BH") == 0


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("code", ["BH/C1", "BH/M1", "BH/C2/P", "AOB/U1000", "BH/L1", "ARO/C1", "SB/C1/P"])
def test_a_tie_break_with_modifiers_nests_no_brackets(lang, code):
    set_language(lang)
    try:
        label = tiebreak_label(code)
    finally:
        set_language("en")
    assert depth(label) <= 1, label
