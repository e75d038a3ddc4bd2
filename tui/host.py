"""Provides ``hakem_app``: the one typed way up the tree from a screen or widget to the app.

Textual types ``DOMNode.app`` as ``App``, so ``self.app.workspace`` or ``self.app.view_only``
were reads the type checker could not follow (duck-typed up the tree). A class that reads
hakem's own context from the app says ``app = hakem_app``: the running app, checked at run time
to be hakem's and typed as :class:`~tui.app.HakemApp` for the checker. Actions are asked with
messages (:mod:`tui.messages`), not calls.

The check is by a mark the app class carries (:data:`HAKEM_APP_MARK`), not by ``isinstance``:
naming ``HakemApp`` here would import ``tui.app`` from the module every pane imports, a circle
(app → screens → host → app) that the import-graph test refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual import getters
from textual.app import App

if TYPE_CHECKING:
    from tui.app import HakemApp

HAKEM_APP_MARK = "hakem_app_class"
"""A class attribute (``True``) that hakem's app class sets and no other app has."""

_running_app: getters.app[App[Any]] = getters.app(App)


class _HakemAppGetter:
    """``app = hakem_app`` in a class body: ``self.app`` is the running HakemApp, typed."""

    def __get__(self, obj: Any, owner: Any = None) -> HakemApp:
        app = _running_app.__get__(obj, owner)
        assert getattr(type(app), HAKEM_APP_MARK, False), f"not hakem's app: {type(app).__name__}"
        return cast("HakemApp", app)


hakem_app = _HakemAppGetter()
"""``app = hakem_app`` in a class body: ``self.app`` is the running HakemApp, typed."""
