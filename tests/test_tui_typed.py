"""The TUI is type-checked (issue 35 item 3): mypy's configuration covers it in full, and the one
typed way up the tree (``tui.host.hakem_app``) is checked at run time too."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import Static

from tui.widgets.pane import CommandKeys


class Pane(CommandKeys, Static):
    """A hakem widget: asks the app for hakem's own services through ``self.app``."""


def test_mypy_checks_the_tui_in_full() -> None:
    """The type checker CI runs covers ``tui`` with core's flags, and no module of either is
    let off (an ``ignore_errors`` override); only packages without type information are."""
    import tomllib
    from pathlib import Path

    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["tool"]["mypy"]
    assert {"core", "tui"} <= set(config["files"])
    assert config["check_untyped_defs"] and config["warn_unreachable"] and config["strict_equality"]
    let_off = [o["module"] for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert let_off == []
    for override in config.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert not any(m.split(".")[0] in ("core", "tui") for m in modules), override


async def test_the_typed_app_is_hakems(tmp_path) -> None:
    from tui.app import HakemApp

    app = HakemApp(data_dir=tmp_path, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = Pane()
        await app.screen.mount(pane)
        await pilot.pause()
        assert pane.app is app
        assert pane.app.workspace.data_dir == str(tmp_path)


async def test_the_typed_app_refuses_another_app() -> None:
    """Textual's typed getter checks the running app's class: a hakem pane in a foreign app
    fails where it asks, not later on a missing method."""
    app: App[None] = App()
    async with app.run_test(size=(80, 24)):
        with pytest.raises(AssertionError):
            _ = Pane().app
