"""Which language this user wants: ``--lang``, the saved per-user setting, or the environment.

Why here: the CLI (``core.cli``) and the TUI must agree, and ``core`` must not import ``tui``.
The per-user setting lives where the TUI saves it (``$HAKEM_CONFIG_DIR`` or
``$XDG_CONFIG_HOME/hakem`` or ``~/.config/hakem``, file ``ui.json``, key ``"language"``) —
personal, never in the shared data directory (key ``"points"`` = ``"half"``/``"decimal"``
chooses ½ or 0,5), because organisers sharing one tournament over
SSH may each read it in their own language.

The CLI calls ``setup_language(argv)`` before it builds its parser, so ``--help`` texts and
every message are already in the chosen language.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from collections.abc import Mapping, Sequence

from core.i18n import set_language
from core.i18n.format import POINT_STYLES, resolve_language, set_points_style


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The per-user settings file (same place the TUI writes)."""
    env = os.environ if environ is None else environ
    base = env.get("HAKEM_CONFIG_DIR") or os.path.join(
        env.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config"), "hakem")
    return Path(base) / "ui.json"


def _saved(key: str, environ: Mapping[str, str] | None) -> str | None:
    try:
        data = json.loads(config_path(environ).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def saved_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language saved in the user's settings, or None (missing/unreadable file)."""
    return _saved("language", environ)


def saved_points_style(environ: Mapping[str, str] | None = None) -> str | None:
    """``"half"`` (½, 1½) or ``"decimal"`` (0,5, 1,5) if the user saved one (key ``points``)."""
    value = _saved("points", environ)
    return value if value in POINT_STYLES else None


def lang_option(argv: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` in ``argv`` (last one wins), else None."""
    found = None
    items = list(argv)
    for i, arg in enumerate(items):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(items):
            found = items[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def setup_language(argv: Sequence[str] = (), environ: Mapping[str, str] | None = None) -> str:
    """Resolve (``--lang`` → saved setting → LANGUAGE/LC_ALL/LC_MESSAGES/LANG) and activate.

    Also applies the user's saved points style (½ or 0,5), the other per-user presentation
    choice.
    """
    env = os.environ if environ is None else environ
    style = saved_points_style(env)
    if style:
        set_points_style(style)
    return set_language(resolve_language(lang_option(argv), saved_language(env), env))
