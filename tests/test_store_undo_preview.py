"""What undo would take next, said before it is done (issue 29 item 3): ``Store.next_step``
names the change in the journal's words with the parts of the tournament it touches, and an
undo that carries the id it was shown refuses when another change has come on top."""

from __future__ import annotations

import pytest

from core import changes
from core.errors import ConflictError
from core.model import GameResult
from core.store import Store
from tests.tui_fixtures import demo, store_with, with_rounds


def test_next_step_names_the_change_and_the_undo_checks_it(tmp_path):
    [tid] = store_with(tmp_path, with_rounds(demo(), 1, complete_last=False))
    store = Store(tmp_path)
    assert store.next_step(tid, "undo") is None and store.next_step(tid, "redo") is None
    store.update(tid, "result round 1 board 2 1/2", lambda t: changes.set_result(t, 1, 2, GameResult.DRAW))
    result = store.next_step(tid, "undo")
    assert result is not None and result["action"] == "result round 1 board 2 1/2"
    assert result["parts"] == ["rounds.0"]  # the first round's boards, nothing else
    store.update(tid, "add player Late, Entry", lambda t: changes.add_player(t, "Late, Entry"))
    late = store.next_step(tid, "undo")
    assert late is not None and late["action"] == "add player Late, Entry"
    assert any(part.startswith("players") for part in late["parts"])
    before = store.load(tid)
    with pytest.raises(ConflictError):  # the screen showed the result; the late entry is on top now
        store.undo(tid, expected=result["id"])
    assert store.load(tid).revision == before.revision
    store.undo(tid, expected=late["id"])
    assert "Late, Entry" not in [p.name for p in store.load(tid).tournament.players]
    redo = store.next_step(tid, "redo")
    assert redo is not None and redo["id"] == late["id"] and store.next_step(tid, "undo")["id"] == result["id"]
