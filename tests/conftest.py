"""Shared test set-up: no test may touch the real user's settings or data directory."""

from __future__ import annotations

import os
import sys

import pytest


def _put_own_scripts_first() -> None:
    """The real ``hakem`` the tests start (tmux, subprocesses) is the one installed beside the
    Python that runs them: the README's ``.venv/bin/python -m pytest`` finds ``.venv/bin/hakem``
    without an activated environment, and never an older ``hakem`` elsewhere on PATH."""
    scripts = os.path.dirname(sys.executable)
    path = os.environ.get("PATH", "")
    if path.split(os.pathsep)[:1] != [scripts]:
        os.environ["PATH"] = os.pathsep.join([scripts, path]) if path else scripts


_put_own_scripts_first()

SLOW_MODULES = frozenset({
    # Pilot sessions, real hakem processes, tmux, the browser, PDF rendering (added 3rd session)
    "test_app_tui", "test_app_two_tuis", "test_knockout_tui", "test_published_browser",
    "test_reports_pdf", "test_trf_output", "test_trf_robust", "test_trf_report", "test_trf_schedule",
    "test_trf_tui_schedule", "test_pictures_widgets",
    # Pilot sessions and snapshots of the whole app (seconds per test)
    "test_tui_fast_table", "test_tui_flow", "test_model_scores_running", "test_tui_registration",
    "test_tui_reports", "test_tui_rounds", "test_tui_session_saves", "test_tui_snapshots",
    "test_tui_standings_worker", "test_tui_team_rounds", "test_tui_teams",
    "test_tui_tournament_list_fit", "test_tui_tournaments", "test_i18n_screens", "test_i18n_leftovers",
    "test_pictures_snapshots",
    # the real hakem in subprocesses and in tmux
    "test_cli_flow", "test_i18n_locale_invariance", "test_store_crash", "test_tui_tmux",
    "test_store_two_users", "test_store_attacks", "test_tui_tmux_hostile", "test_store_faults", "test_safe_output",
    "test_roles", "test_view_only",
    # issue 29's typist: the real hakem in tmux (tr, ru) and the same typing through Pilot
    "test_tui_typist_tmux", "test_tui_typist_pilot", "test_tui_input_model",
    "test_ratinglists_registration",
    # golden files of up to 300 players, random property runs, fuzzing
    "test_dutch_golden", "test_dutch_matching", "test_tiebreaks_golden",
    "test_tiebreaks_legacy_golden", "test_swiss_others_properties", "test_hostile_input",
    # issue 30's file attacks by real users and the importers' mutation run
    "test_files_attacks", "test_files_fuzz",
})
"""Test modules marked ``slow`` as a whole, so that ``pytest -m "not slow"`` (the fast part a
developer runs while working) takes under a minute on two cores; ``pytest -q`` (and .ci/run)
still runs them.  Chosen from ``pytest --durations`` (notes/guards.md has the figures): a
module goes here when its tests together take more than about four seconds.  Every
``test_tui_*`` module (Pilot sessions of the whole app) is slow without being listed."""


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.stem in SLOW_MODULES or item.path.stem.startswith("test_tui_"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """Point settings and data at throw-away directories (a test run must never change the
    language or tournaments of the person running it)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("HAKEM_EXPORTS", str(home / "exports"))
    # ``hakem results-only`` run in-process turns user files off for the process: not beyond its test
    monkeypatch.setattr("core.user_files._files_forbidden", False)
    monkeypatch.delenv("HAKEM_DATA", raising=False)
    monkeypatch.delenv("HAKEM_LANG", raising=False)
    # the same language environment on every machine (CI may run with another locale)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    yield
    # a test that switched hakem's language in this process (the CLI's --lang, a settings
    # screen) must not leave the next test's messages in Russian
    from core.i18n import set_language

    set_language("en")


@pytest.fixture()
def quiet_tui(monkeypatch, tmp_path):
    """What every Pilot test of the app needs: a fixed user name (the journal and the
    tournament list show it), a private UI settings folder, no blinking cursor (snapshots and
    timing stay stable), English before and after (a test that switches language must not
    leak it into the next).  Used as ``pytestmark = pytest.mark.usefixtures("quiet_tui")``."""
    from textual.widgets import Input

    from core.i18n import set_language

    monkeypatch.setattr("core.identity.user_name", lambda uid: "arbiter")
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(Input, "cursor_blink", False)
    set_language("en")
    yield
    set_language("en")


@pytest.fixture()
def cli_data(tmp_path, monkeypatch):
    """A private data directory for in-process CLI runs (``tests/cli_run.py``), with a fixed
    user name (the journal names it)."""
    path = tmp_path / "data"
    monkeypatch.setenv("HAKEM_DATA", str(path))
    monkeypatch.setattr("core.identity.user_name", lambda uid: "arbiter")
    return path
