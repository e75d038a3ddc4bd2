"""Golden HTML pages of every picture (tests/data/pictures/*.html), compared byte for byte.

The files were checked by eye (and in a headless browser, notes/pictures.md).  To regenerate
them deliberately after a reviewed change:

    HAKEM_REGENERATE_PICTURES=1 python3 -m pytest tests/test_pictures_golden.py -q

then look at every changed page before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from core.i18n import set_language
from tests.test_pictures_app import go_event, playoff_state, round_robin_event, swiss_event

DATA = Path(__file__).parent / "data" / "pictures"


def bracket(stage: str) -> str:
    from core.pictures.bracket import bracket_page, playoff_brackets

    state, names = playoff_state(stage)
    return bracket_page(playoff_brackets(state, names), "Playoff for first place", ["Demo Club Rapid"])


def progress() -> str:
    from core.pictures.progress import progress_page

    return progress_page(swiss_event())


def wall(kind: str) -> str:
    from core.reports.wallchart import wallchart, wallchart_page

    return wallchart_page(wallchart(round_robin_event() if kind == "rr" else swiss_event()))


def levels() -> str:
    from core.pictures.golevels import levels_page

    return levels_page(go_event())


PAGES = {
    "bracket-live.html": lambda: bracket("live"),
    "bracket-done.html": lambda: bracket("done"),
    "progress.html": progress,
    "wallchart-rr.html": lambda: wall("rr"),
    "wallchart-swiss.html": lambda: wall("swiss"),
    "golevels.html": levels,
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_golden_page(name):
    set_language("en")
    html = PAGES[name]()
    path = DATA / name
    if os.environ.get("HAKEM_REGENERATE_PICTURES") == "1":
        DATA.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    assert html == path.read_text(encoding="utf-8")
