"""``hakem result … --correct`` says what it replaced (issue 29, second fresh-eyes review,
item 12): it printed nothing, the old value gone without a trace.

Expected values: the result entered first (1-0, by the store's user) and the correction (0-1).
"""

from __future__ import annotations

from core.cli import main as cli
from core.model import Player, Tournament
from core.store import current_user
from tests.tui_fixtures import store_with, with_rounds


def test_a_correction_names_the_old_result_and_who_entered_it(tmp_path, capsys):
    t = with_rounds(Tournament(id="", name="Rapid", total_rounds=3,
                               players=tuple(Player(i, f"Kaya, Can{'a' * i}", rating=2000 - i) for i in (1, 2))),
                    1, complete_last=False)
    [tid] = store_with(tmp_path, t)
    data = ["--data", str(tmp_path)]
    assert cli([*data, "result", tid, "1", "1", "1-0"]) == 0
    capsys.readouterr()
    assert cli([*data, "result", tid, "1", "1", "0-1", "--correct"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Round 1, board 1: 1-0 (entered by {current_user()}, ")
    assert out.rstrip().endswith("corrected to 0-1")
