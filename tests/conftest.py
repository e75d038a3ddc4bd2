"""Shared test set-up: no test may touch the real user's settings or data directory."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Point settings and data at throw-away directories (a test run must never change the
    language or tournaments of the person running it)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("HAKEM_DATA", raising=False)
    monkeypatch.delenv("HAKEM_LANG", raising=False)
    # the same language environment on every machine (CI may run with another locale)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)


@pytest.fixture()
def quiet_tui(monkeypatch, tmp_path):
    """What every Pilot test of the app needs: a fixed user name (the journal and the
    tournament list show it), a private UI settings folder, no blinking cursor (snapshots and
    timing stay stable), English before and after (a test that switches language must not
    leak it into the next).  Used as ``pytestmark = pytest.mark.usefixtures("quiet_tui")``."""
    from textual.widgets import Input

    from core.i18n import set_language

    monkeypatch.setattr("core.store.identity.user_name", lambda uid: "arbiter")
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(Input, "cursor_blink", False)
    set_language("en")
    yield
    set_language("en")
