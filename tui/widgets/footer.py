"""The key footer that keeps F1 (help) on a narrow terminal.

Textual's footer lays the keys out left to right and cuts what does not fit; the app's own
keys come last, so at 60 columns ``f1 Help`` was the first to go — the one key that leads to
all the others. This footer leaves out keys from the right instead until the rest fits: first
the palette's ``^p`` (docked right, a dozen cells), then the screen's last keys (a screen lists
its keys most used first); F1 stays. What is left out stays in F1's help and the palette.
Below 80 columns it is compact (one cell between keys); it lays itself out again when the
terminal's width changes, so every screen that shows keys uses it the same way."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui.textual_internals.widgets import FooterKey, footer_ready, mark_footer_ready

KEPT_ACTIONS = frozenset({"help", "app.help"})
COMPACT_BELOW = 80
"""Terminal columns below which the keys stand one cell apart instead of two."""


def key_width(key: FooterKey, compact: bool) -> int:
    """Cells one key takes in the footer: its text and the margin or padding around it (the
    palette's key, docked right, has its border and one cell in either style)."""
    text = cell_len(str(key.key_display)) + (cell_len(str(key.description)) + 1 if key.description else 0)
    return text + 1 if compact and "-command-palette" not in key.classes else text + 2


class KeyFooter(Footer):
    """A footer whose keys fit its width, F1 kept first of all."""

    def __init__(self) -> None:
        super().__init__(compact=self.app.size.width < COMPACT_BELOW)
        self.laid_out_for = -1
        self._shown: tuple | None = None
        """What the keys mounted show (:meth:`_wanted`), None before the first keys."""
        self._due = False

    def bindings_changed(self, screen: Screen) -> None:
        """The screen's keys changed: laid out again once after the next refresh, and only if
        what would be shown differs from what is.

        Why: Textual's footer composes all its keys again for every change it is told of,
        once per change.  Opening an event told it eight times before the first frame (each
        focus move and ``refresh_bindings``), ~15 ms of the UI thread at 1,000 players for
        the same keys every time."""
        mark_footer_ready(self)
        if not screen.app.app_focus or self._due or not (self.is_attached and screen is self.screen):
            return
        self._due = True
        self.call_after_refresh(self._lay_out_if_changed)

    async def _lay_out_if_changed(self) -> None:
        self._due = False
        if self.is_attached and self._wanted() != self._shown:
            await self.recompose()

    def _wanted(self) -> tuple:
        """Everything the keys shown depend on: each shown binding's key, label, action,
        whether it is enabled, its tooltip, and the width and style they are laid out for."""
        keys = tuple((binding.key, self.app.get_key_display(binding), str(binding.description), binding.action,
                      enabled, tooltip)
                     for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
                     if binding.show or key == self.app.COMMAND_PALETTE_BINDING)
        return keys, self.app.size.width, self.compact, self.show_command_palette

    def on_resize(self) -> None:
        """A new terminal width: compact or not, and the keys that fit, chosen again."""
        width = self.app.size.width
        if width != self.laid_out_for:
            self.compact = width < COMPACT_BELOW
            self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        self._shown = self._wanted() if footer_ready(self) else None
        widgets: list[Widget] = list(super().compose())
        width = self.laid_out_for = self.app.size.width
        if not width:
            yield from widgets
            return
        keys = [w for w in widgets if isinstance(w, FooterKey)]
        used = sum(key_width(k, self.compact) for k in keys)
        used += 0 if len(keys) == len(widgets) else 2 * (len(widgets) - len(keys))
        dropped: set[int] = set()
        for key in reversed(keys):
            if used <= width:
                break
            if key.action in KEPT_ACTIONS:
                continue
            dropped.add(id(key))
            used -= key_width(key, self.compact)
        yield from (w for w in widgets if id(w) not in dropped)
