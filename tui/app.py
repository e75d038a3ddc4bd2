"""Provides the hakem Textual application and ``run_ui`` (what ``hakem`` with no command runs).

The app owns the :class:`~tui.services.Workspace` (the data directory) and the UI settings
(language); screens get everything else from the session of the tournament they show.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import on
from textual.app import SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

from core.errors import TournamentError
from core.i18n import _, pgettext, set_language
from core.i18n.format import resolve_language
from tui.i18n import L_, translate_textual_bindings
from tui.keys import SerialKeys
from tui.messages import HoldKeys, OpenTournament, ReleaseKeys, ShowMessage, SwitchLanguage
from tui.settings import load_ui_settings, save_ui_settings

if TYPE_CHECKING:
    from core.app.workspace import Workspace


MONOCHROME_TERMINALS = ("dumb", "vt52", "vt100", "vt102", "vt220", "vt320", "linux-m", "ansi-m")
"""Terminals (``$TERM``) that show no colour; a name ending in ``-mono`` or ``-m`` too."""


def monochrome_terminal(term: str | None) -> bool:
    """Whether ``$TERM`` names a terminal without colour: hakem then draws as with ``NO_COLOR``
    (states as glyphs, reversed and underlined cursors — hakem.tcss's ``:nocolor`` rules)."""
    name = (term or "").strip().lower()
    return name in MONOCHROME_TERMINALS or name.endswith(("-mono", "-m"))


class HakemApp(SerialKeys):
    """The tournament manager: tournaments list first, then one tournament's screen.

    Keys are handled strictly in arrival order (:class:`~tui.keys.SerialKeys`): what is typed
    goes where the cursor is once the keys before it have been handled."""

    CSS_PATH = "hakem.tcss"
    hakem_app_class = True
    """The mark :data:`tui.host.hakem_app` checks (``tui.host.HAKEM_APP_MARK``)."""
    UNDER_DIALOG = "-under-dialog"
    """The class of the toast rack of a screen under a dialog: it hides its toasts (hakem.tcss),
    which showed through the dialog's shaded background over its buttons; the dialog shows the
    same toasts at its top (:meth:`_toasts_on_top_only`)."""
    TITLE = "hakem"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("ctrl+q", "quit", L_("Quit"), show=False, priority=True),
        Binding("f1", "help", L_("Help"), id="help"),
        Binding("ctrl+p", "command_palette", L_("Commands"), show=False),
        Binding("ctrl+s", "settings", L_("Settings"), show=False),
    ]

    def __init__(self, data_dir: str | Path | None = None, lang: str | None = None, view_only: bool = False,
                 demo: bool = False, open_id: str | None = None, poll_interval: float = 1.0,
                 socket: str | None = None) -> None:
        if monochrome_terminal(os.environ.get("TERM")):
            os.environ.setdefault("NO_COLOR", "1")  # Textual reads it when the app is made
        super().__init__()
        from tui import safe_render

        safe_render.install()  # no name can steer the terminal, whichever widget shows it
        translate_textual_bindings()
        self.data_dir = data_dir
        self.view_only = view_only
        self.demo = demo
        self.open_id = open_id
        self.poll_interval = poll_interval
        self.socket = socket
        self.ui_settings = load_ui_settings()
        set_language(resolve_language(lang, self.ui_settings.get("language")))
        self._workspace: Workspace | None = None

    @property
    def workspace(self) -> Workspace:
        """The data every screen reads and changes; opened in :meth:`on_mount`, before the
        first screen is pushed, so no screen ever sees the app without it."""
        if self._workspace is None:
            raise RuntimeError("the workspace is opened when the app is mounted")
        return self._workspace

    def on_mount(self) -> None:
        from core.service import open_workspace
        from tui.screens.tournaments import TournamentsScreen

        self.screen_change_signal.subscribe(self, self._screen_shown, immediate=True)
        try:
            self._workspace = open_workspace(str(self.data_dir) if self.data_dir else None,
                                             read_only=self.view_only, socket=self.socket)
        except TournamentError as exc:
            self.exit(5, message=str(exc))
            return
        self.push_screen(TournamentsScreen())
        if self.demo:
            try:
                self.open_tournament(self.workspace.create_demo())
            except TournamentError as exc:
                self.notify(str(exc), severity="error")
        elif self.open_id:
            self.open_tournament(self.open_id)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Textual's restyle of ``node`` and its descendants, left out while ``node`` is not in
        the app's tree.

        Why: a widget made with a class-setting option (``compact=True``, ``disabled``, a
        variant) asks for its styles from its constructor, before it has a place in the tree;
        Textual then matched the whole style sheet against it there and again when it is
        mounted, which is when its styles are applied anyway (``App._register``).  The Ctrl+T
        settings form's 13 fields and 7 drop-downs cost ~3–7 ms each that way at 1,000 players.
        A screen already closed (its suspension arrives after it left) is likewise not restyled."""
        if node is not self and not node.is_attached:
            return
        super().update_styles(node, animate)

    def _screen_shown(self, top: Screen) -> None:
        """A screen was pushed, or shown again under a dialog that closed."""
        self._collector_after_frame(top)
        self._toasts_on_top_only(top)

    def _collector_after_frame(self, top: Screen) -> None:
        """Hold the garbage collector until ``top`` has drawn its next frame (at most 0.5 s).

        Why: a dialog is built from hundreds of new objects, and the collections they trigger
        landed in its first frame — at 1,000 players a full one walks the event's standings,
        tables and reports (every object made since the event was opened), 60–150 ms of the
        UI thread's CPU in the frame of Ctrl+P, Ctrl+S or Ctrl+T.  Run right after the frame,
        the same collection no longer delays what the organiser waits for.  (Opening an event
        holds it already, until the event has settled its memory: left as it is.)"""
        import gc

        if gc.isenabled():
            gc.disable()
            # once the screen handles its messages (it is mounted), after its next refresh: a
            # refresh asked for now is the screen below's, drawn before the new one is built
            top.call_later(top.call_after_refresh, gc.enable)
            self.set_timer(0.5, gc.enable)

    def _toasts_on_top_only(self, top: Screen) -> None:
        """Hide the toasts of every screen under ``top`` (the screen just shown), show ``top``'s.

        Why on the toast rack and not as a class of the screen under the dialog (Textual's
        ``SUSPENDED_SCREEN_CLASS``): a screen's class restyles all its widgets, twice per dialog
        (shown, closed) and once more for the dialog itself as it closes — ~15–45 ms of the UI
        thread's CPU each at 1,000 players, in the very frame of Ctrl+S, Ctrl+T or a
        question; the rack's class restyles the rack and its few toasts."""
        for screen in self.screen_stack:
            for rack in screen.query_children("ToastRack"):
                rack.set_class(screen is not top, self.UNDER_DIALOG)

    def open_tournament(self, tid: str) -> None:
        import gc

        from tui import preload

        preload.finish()  # never two threads importing the event's modules at once
        from tui.screens.tournament import TournamentScreen
        from tui.services import Session

        # no collection while the event is read and its screen built: the garbage collector's
        # full pass came due there (~40 ms at 1,000 players); the screen settles the memory
        # after its first frame (TournamentScreen.on_mount)
        gc.disable()
        try:
            session = Session(self.workspace.open(tid))
        except TournamentError as exc:
            gc.enable()
            self.notify(str(exc), severity="error", title=_("Cannot open the tournament"))
            return
        self.push_screen(TournamentScreen(session))
        self.call_after_refresh(preload.dialogs_ahead)  # once the event is drawn

    def get_key_display(self, binding: Binding) -> str:
        """Textual's key label with the modifier in the language shown (the German footer
        said ``shift+↑ Auf``; now ``⇧+↑``), below 80 columns the symbol alone (``⇧↑``);
        ``ctrl`` stays Textual's ``^``; a key's name as the reader's keyboard prints it
        (German ``Entf``, :mod:`tui.key_names`)."""
        from tui.key_names import key_label

        shown = super().get_key_display(binding)
        if binding.key_display:
            return shown
        shown = key_label(shown)
        if self.size.width and self.size.width < 80:  # 60 columns: the F5 footer's last key was cut
            return shown.replace("shift+", "⇧")
        return shown.replace("shift+", pgettext("key", "Shift") + "+")

    def show_message(self, title: str, body: str, unasked: bool = False) -> None:
        """A longer message in a dialog (several problems of an import, an explanation).
        ``unasked``: the outcome of work that ran while the organiser typed on (a failed
        pairing) — keys typed before it was drawn do not close it (:class:`~tui.keys.HoldsTypeAhead`)."""
        from tui.widgets.dialogs import MessageDialog, NoticeDialog

        self.push_screen((NoticeDialog if unasked else MessageDialog)(title, body))

    # -- what screens and panes ask for (tui.messages) ----------------------------------------
    @on(ShowMessage)
    def _show_message_asked(self, message: ShowMessage) -> None:
        self.show_message(message.title, message.body, message.unasked)

    @on(OpenTournament)
    def _open_tournament_asked(self, message: OpenTournament) -> None:
        self.open_tournament(message.tid)

    @on(SwitchLanguage)
    def _switch_language_asked(self, message: SwitchLanguage) -> None:
        self.switch_language(message.code)

    @on(HoldKeys)
    def _hold_keys_asked(self, message: HoldKeys) -> None:
        self.hold_keys(message.owner)

    @on(ReleaseKeys)
    def _release_keys_asked(self, message: ReleaseKeys) -> None:
        self.release_keys(message.owner)

    # -- app-wide actions ---------------------------------------------------------------
    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def switch_language(self, lang: str) -> None:
        """Change the language now: every open screen is composed again in it.

        Why composing again instead of relabelling: labels, placeholders, column headers,
        select options, footers and tab titles are fixed when a widget is built; relabelling
        them one by one left old words behind wherever a screen forgot one.  The messages on
        screen go too: each was said in the old language and cannot be said again in the new
        one (a Turkish hint stayed over the German list); the switch's own says the new one."""
        code = set_language(lang)
        self.clear_notifications()
        self.ui_settings["language"] = code
        save_ui_settings(self.ui_settings)
        self.call_later(self.redraw_screens, code)

    async def redraw_screens(self, code: str) -> None:
        """Build every screen that knows how (``redraw``) again, bottom first."""
        from tui.hooks import hooks_of

        for screen in list(self.screen_stack):
            if screen.is_attached:
                await hooks_of(screen).redraw()
        self.refresh_bindings()
        from core.i18n.format import language_name

        self.notify(_("Language: {lang}").format(lang=language_name(code)))

    def action_command_palette(self) -> None:
        """Textual's palette, with its search prompt in the user's language."""
        from textual.command import CommandPalette

        from tui.i18n import command_palette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]  # Textual types is_open's app App[object], invariant in its exit value (ours int)
            self.push_screen(command_palette(_("Search for commands…")))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Help"), _("Keys and how things work (help)"), self.action_help)
        yield SystemCommand(_("Settings"), _("Language and data directory (settings)"), self.action_settings)
        yield SystemCommand(_("Quit"), _("Leave hakem (quit)"), self.exit)
        from tui.hooks import hooks_of

        yield from hooks_of(screen).palette_commands()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hakem", add_help=False)
    parser.add_argument("--data")
    parser.add_argument("--lang")
    parser.add_argument("--view", action="store_true")
    parser.add_argument("--demo", action="store_true")
    parser.add_argument("--socket")
    return parser.parse_args(argv)


def run_ui(argv: list[str]) -> int:
    args = parse_args(argv)
    from core.i18n.collation import require_icu

    try:
        require_icu()  # every list of names needs it: say so now, not as a traceback in a pane
    except TournamentError:
        from core.i18n.settings import setup_language

        setup_language(argv)
        try:
            require_icu()
        except TournamentError as error:  # the same error, in the organiser's language
            print(_("hakem: {value}").format(value=error), file=sys.stderr)
            return 3
    if args.view:  # a public terminal: no write of this process can happen, by any path
        from core.app.files import forbid_writes

        forbid_writes()
    app = HakemApp(data_dir=args.data, lang=args.lang, view_only=args.view, demo=args.demo, socket=args.socket)
    code = app.run()
    if isinstance(code, int):
        return code
    # a crash ends the app with return_code 1 (the traceback is printed): never report success
    return app.return_code or 0


