"""A bye's kind is whole on the boards at 80×24 (issue 34, a review: "mit halbem Punkt spie…",
"kampfloser Punkt (spi…", "очко без игры (пропуск…"): the table says the kind in short words
(the Result column beside it gives the points), the details (``x``) say it in full."""

from __future__ import annotations

import pytest

from tests.test_tui_fits import MEDIUM, _open
from tests.test_tui_fits_more import _four_byes
from tests.tui_fixtures import store_with
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_every_kind_of_bye_is_whole_on_the_boards_at_80x24(tmp_path, lang):
    [tid] = store_with(tmp_path / "data", _four_byes())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=MEDIUM) as pilot:
        boards = await _open(pilot, app, "f3", "#boards")
        given = {r[1]: r[7] for r in boards.kept.given if r[0] == ""}
        shown = [r[7] for r in boards.kept.shown if r[0] == ""]
        assert len(shown) == 4 and len(set(shown)) == 4, shown  # four kinds, told apart
        assert sorted(shown) == sorted(given[p] for p in (9, 10, 11, 12)), shown  # none cut
        names = [r[2] for r in boards.kept.shown if r[0] != ""]
        assert not [n for n in names if n.endswith("…")], names
