"""Every reader of a stored tie-break code reads it through the one parser.

Codes are stored as the organiser typed them (``Solkoff/C1``, ``KOYA``, OpenGotha's
``SOSM-1``), so each place that asks "which criterion is this, with which modifiers?" must ask
:func:`core.tiebreaks.codes.parse_code` — a reader splitting the text itself knows only some
spellings.  Expectations are worked out by hand from C.07 (Art. 14 modifiers; Buchholz = sum of
the opponents' scores, cut 1 drops the least significant value) and the registry's modifier
letters (Buchholz takes C, M, P; Koya L; the McMahon SOS family none).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.i18n import set_language
from core.model import Board, GameResult, Player, Round, Tournament
from core.reports.document import Marked
from core.reports.tables import player_card, tiebreak_label
from core.reports.view import View
from tui.screens.tiebreaks import step_modifier
from tui.standings import criterion_modifiers, explain

H = Fraction(1, 2)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(("code", "letters"), [
    ("Solkoff/C1", "CMP"), ("buchholz", "CMP"), ("BH-C1", "CMP"), ("KOYA", "L"), ("Koya/L+1", "L"),
    ("SOSM-1", ""), ("SOS-2", ""), ("Kashdan", ""), ("nonsense", ""),
])
def test_modifier_letters_under_every_spelling(code, letters):
    assert criterion_modifiers(code) == letters


def test_the_unknown_spelling_of_a_go_criterion_is_not_mistaken_for_no_criterion():
    """``SOSM-1`` is OpenGotha's SOSM1: known (its label is SOSM1's), though it takes no modifier."""
    assert tiebreak_label("SOSM-1") == tiebreak_label("SOSM1") != "SOSM-1"
    assert tiebreak_label("SOS-1") == tiebreak_label("SOSM1")


@pytest.mark.parametrize("code", ["Solkoff/C1", "BUCHHOLZ/C1", "BH-C1", "bh#c1"])
def test_labels_spell_out_the_modifiers_of_every_spelling(code):
    assert tiebreak_label(code) == "Buchholz, cut 1 (drop the least significant value)"  # one value: singular


def test_koya_alias_label_names_its_limit():
    assert tiebreak_label("KOYA/L+1") == tiebreak_label("KS/L+1")
    assert tiebreak_label("KOYA/L+1").endswith("limit moved by +1 half-points")


@pytest.mark.parametrize(("code", "letter", "stepped"), [
    ("BH", "C", "BH/C1"), ("BH/C1", "C", "BH/C2"), ("BH/C3", "C", "BH"),
    ("Solkoff/C1", "C", "BH/C2"), ("Solkoff", "M", "BH/M1"), ("Buchholz/M1", "C", "BH/C1"),
    ("BH-C2", "C", "BH/C3"), ("BH-M1", "M", "BH/M2"), ("Solkoff/C1/P", "C", "BH/C2/P"),
])
def test_cut_and_median_step_under_every_spelling(code, letter, stepped):
    assert step_modifier(code, letter) == stepped


def small_event(tiebreaks: tuple[str, ...]) -> Tournament:
    """Four players, three rounds, every game played (no byes, so no virtual opponents).

    R1: 1–2 1-0, 3–4 ½;  R2: 1–3 ½, 2–4 1-0;  R3: 4–1 0-1, 3–2 1-0.
    Final scores: 1 → 2½, 2 → 1, 3 → 2, 4 → ½.
    """
    players = tuple(Player(n, name, 2000) for n, name in enumerate(("Ana", "Ben", "Cai", "Dee"), 1))
    rounds = (
        Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW))),
        Round(2, (Board(1, 3, GameResult.DRAW), Board(2, 4, GameResult.WHITE_WINS))),
        Round(3, (Board(4, 1, GameResult.BLACK_WINS), Board(3, 2, GameResult.WHITE_WINS))),
    )
    return Tournament("t", "Readers", total_rounds=3, players=players, rounds=rounds,
                      tiebreaks=tiebreaks)


@pytest.mark.parametrize("code", ["BH/C1", "Solkoff/C1", "BUCHHOLZ-C1"])
def test_player_card_has_per_round_cells_for_an_alias(code):
    """Ana's opponents finished on 1 (Ben, R1), 2 (Cai, R2), ½ (Dee, R3): her Buchholz terms
    per round are 1, 2, ½; cut 1 drops the ½ (marked cut), so BH/C1 = 3."""
    report = player_card(View(small_event((code,))), 1)
    table = report.tables[0]
    names = [c.key for c in table.columns]
    assert names[-1] == code
    cells = [row[-1] for row in table.rows]
    assert cells[:3] == [Marked(Fraction(1), False), Marked(Fraction(2), False), Marked(H, True)]
    assert cells[3] == Fraction(3)


def test_direct_encounter_is_recognised_in_any_case():
    t = small_event(("de",))
    assert explain(t, "de", 1).startswith("Direct encounter orders a tied group")
