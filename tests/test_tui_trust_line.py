"""A shared directory's warning is never cut (issue 34, a review: at 80 columns the header read
"…grubuna her kayıtta güven…" for a group with a longer name): where the header has no room for
it, it stands in full on the line under the list, and the header says only "Tournaments"."""

from __future__ import annotations

import grp
import os

import pytest

from core.i18n import _, set_language
from tests.test_tui_fits import MEDIUM, SMALL, _screen_lines
from tests.tui_fixtures import wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize(("lang", "size"), [("tr", SMALL), ("de", SMALL), ("ru", MEDIUM)])
async def test_the_shared_directory_warning_is_whole(tmp_path, lang, size):
    data = tmp_path / "data"
    data.mkdir()
    os.chmod(data, 0o2775)
    group = grp.getgrgid(data.stat().st_gid).gr_name
    set_language(lang)
    try:
        warning = _("group {group} trusted with every record").format(group=group)
    finally:
        set_language("en")
    # a group name as long as a club's ("hk-rev34c-club") would not fit at 80 columns either
    app = HakemApp(data_dir=data, lang=lang, poll_interval=3600)
    app.title = "hakem" + " " * (30 if size == MEDIUM else 0)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=30)
        for _pause in range(3):
            await pilot.pause()
        screen = " ".join(" ".join(_screen_lines(app)).split())
        assert warning in screen, screen
        assert "…" not in _screen_lines(app)[0], _screen_lines(app)[0]
