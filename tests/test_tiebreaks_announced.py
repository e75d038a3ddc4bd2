"""The automatic tie-break list is announced before the start (FIDE C.07): once round 1 is
paired, a late entry without a rating must not switch a Swiss from the rated list
(``fide-swiss``: with the rating criterion ARO/C1) to the unrated one (review rev34c, item 1).

Expected lists: the presets as FIDE C.07 and the handbook's Swiss recommendation name them
(:mod:`core.tiebreaks.presets`); the field below by hand: four rated players start."""

from __future__ import annotations

from core import changes
from core.model import GameResult, Player, Tournament
from core.standings import compute_standings
from core.tiebreaks.presets import PRESETS

RATED = tuple(Player(n, f"Player {n}", rating=2000 - 100 * n) for n in range(1, 5))


def _round_one_played() -> Tournament:
    t = changes.pair_next_round(Tournament(id="t", name="Rapid", system="dutch", total_rounds=5, players=RATED))
    for board in range(1, len(t.rounds[0].boards) + 1):
        t = changes.set_result(t, 1, board, GameResult.DRAW)
    return t


def test_an_unrated_entry_before_the_start_chooses_the_unrated_list() -> None:
    t = changes.add_player(Tournament(id="t", name="Rapid", system="dutch", total_rounds=5, players=RATED),
                           "Late, Unrated")
    assert compute_standings(t).tiebreaks == PRESETS["fide-swiss-unrated"].codes


def test_a_late_unrated_entry_keeps_the_list_announced_at_the_start() -> None:
    started = _round_one_played()
    assert compute_standings(started).tiebreaks == PRESETS["fide-swiss"].codes
    late = changes.add_player(started, "Late, Unrated")
    assert compute_standings(late).tiebreaks == PRESETS["fide-swiss"].codes
    paired = changes.pair_next_round(late)  # the late entry plays from round 2 on
    assert compute_standings(paired).tiebreaks == PRESETS["fide-swiss"].codes


def test_a_different_list_after_the_start_is_asked_and_journaled(tmp_path) -> None:
    import pytest

    from core.app import Workspace
    from core.errors import TournamentError
    from core.store import Store

    Store(tmp_path).create(_round_one_played())
    desk = Workspace(tmp_path).open("t")
    with pytest.raises(TournamentError, match="announced before round 1"):
        desk.change_settings({"tiebreaks": ("BH", "SB")}, what="tiebreak_settings")
    assert desk.snapshot().tournament.tiebreaks == ()
    desk.change_settings({"tiebreaks": ("BH", "SB")}, what="tiebreak_settings", force=True)
    assert desk.snapshot().tournament.tiebreaks == ("BH", "SB")
    assert "tiebreak_settings" in str(Store(tmp_path).journal("t")[-1])


async def test_the_tiebreaks_pane_asks_before_saving_after_the_start(tmp_path) -> None:
    from tests.test_tui_draft_preview import tiebreaks_pane
    from tests.tui_fixtures import wait_for
    from tui.widgets.dialogs import ConfirmDialog

    async with tiebreaks_pane(tmp_path, complete_last=True) as (pilot, app, pane):
        before = app.screen.session.tournament.tiebreaks
        await pilot.press("c")  # BH/C1 → BH/C2: a draft
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        assert app.screen.session.tournament.tiebreaks == before
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.screen.session.tournament.tiebreaks != before)
