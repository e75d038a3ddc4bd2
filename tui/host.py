"""Provides ``hakem_app``: the one typed way up the tree from a screen or widget to the app.

Textual types ``DOMNode.app`` as ``App``, so ``self.app.show_message(...)`` or
``self.app.workspace`` were calls the type checker could not follow (duck-typed up the tree).
A class that asks the app for hakem's own services says ``app = hakem_app``: Textual's typed
getter, which checks at run time that the running app is a :class:`~tui.app.HakemApp` and tells
the type checker so.  The app class is named through a function so this module (imported by
every pane) does not import ``tui.app`` before the app itself does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import getters

if TYPE_CHECKING:
    from tui.app import HakemApp


def _app_class() -> type[HakemApp]:
    from tui.app import HakemApp

    return HakemApp


hakem_app = getters.app(_app_class)
"""``app = hakem_app`` in a class body: ``self.app`` is the running HakemApp, typed."""
