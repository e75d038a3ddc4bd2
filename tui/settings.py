"""The organiser's own UI settings (language, single-key result entry), kept in their
configuration folder (:func:`core.i18n.settings.config_path`, where the CLI reads the language)
and never in the shared data directory.

Why apart from the app: panes read and save them too (the rounds pane's single keys), and a
pane must not import the application that shows it.
"""

from __future__ import annotations

import json
import os

from core.i18n.settings import config_path


def load_ui_settings() -> dict:
    try:
        return json.loads(config_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def save_ui_settings(settings: dict) -> None:
    path = config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
