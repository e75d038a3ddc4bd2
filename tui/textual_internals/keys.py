"""Textual's naming of keys, opened for :mod:`tui.keys` and :mod:`tui.widgets.pane`: the name
Textual gives the key of a typed character (see the package doc for why)."""

from __future__ import annotations

from textual.keys import _character_to_key

__all__ = ["key_name"]


def key_name(character: str) -> str:
    """Textual's name for the key typing ``character`` gives (``+`` → ``plus``), as its
    bindings and ``Key.key`` name it."""
    return _character_to_key(character)
