"""Provides the settings screen: language (switches at once) and the data directory in use."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Select, Static

from core.i18n import LANGUAGES, _, current_language
from tui.hooks import ScreenHooks, StyledWhenMounted
from tui.host import hakem_app
from tui.i18n import L_
from core.i18n.format import language_choice
from tui.messages import SwitchLanguage


class SettingsScreen(StyledWhenMounted, ScreenHooks, ModalScreen[None]):
    """Personal settings (kept in the user's config directory, not in the shared data)."""

    BINDINGS = [Binding("escape,q", "close", L_("Close"))]
    app = hakem_app

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Settings"), classes="dialog-title")
            yield Label(_("Language"))
            yield Select([(language_choice(c), c) for c in LANGUAGES], value=current_language(),
                         allow_blank=False, id="language", compact=True)
            yield Label(_("Data directory"))
            yield Static(self.app.workspace.data_dir, id="data-dir", markup=False)
            yield Static(_("Start hakem with --data DIR (or set HAKEM_DATA) to use another directory. "
                           "A directory shared by a group lets the club's organisers work together."),
                         classes="dialog-help")
            yield Static(_("Escape closes."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.focus_language()

    def focus_language(self) -> None:
        """The cursor on the language choice (absent for a moment while the screen is rebuilt)."""
        for select in self.query("#language").results(Select):
            select.focus()

    async def redraw(self) -> None:
        """After a language switch: the same screen in the new language."""
        await self.recompose()
        self.call_after_refresh(self.focus_language)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "language" and event.value != current_language():
            self.post_message(SwitchLanguage(str(event.value)).set_sender(self))

    def action_close(self) -> None:
        self.dismiss(None)
