"""What every lazily refreshed tournament pane shares (players aside): focus, "refresh when
shown", and "am I the visible tab?".  A pane that is not visible only marks itself dirty when
the tournament changes and redraws when activated — a 300-player standings table is not
recomputed while the arbiter types results on the rounds tab."""

from __future__ import annotations

from functools import lru_cache, cache
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding

from tui.host import hakem_app
from tui.textual_internals.keys import key_name

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.widget import Widget
    from textual.widgets import Input

    from core.model import Tournament
    from tui.screens.tournament import TournamentScreen

    _Node = Widget
    """What the mixins below are mixed into (a pane or a screen, both Widgets): the type
    checker reads their ``self`` as one; at run time they stay plain mixins."""
else:
    _Node = object

SINGLE_KEYS = {"delete", "backspace", "space"}
"""Named keys that edit text in a field; with the other single characters they are commands
only where nothing can be typed."""


@lru_cache(maxsize=1)
def _character_key_names() -> frozenset[str]:
    """Textual's names of the printable ASCII characters (``plus``, ``equals_sign``...)."""
    return frozenset(key_name(chr(c)) for c in range(33, 127))


def is_single_key(key: str) -> bool:
    """``e``, ``1``, ``equals_sign``, ``delete``: a key that types (or erases) in a text field —
    as opposed to F-keys, Escape, Tab, Enter, arrows and Ctrl combinations."""
    return len(key) == 1 or key in SINGLE_KEYS or key in _character_key_names()


@cache
def _single_key_actions(cls: type) -> frozenset[str]:
    names = set()
    for klass in cls.__mro__:
        for b in klass.__dict__.get("BINDINGS", ()):
            if isinstance(b, Binding) and all(is_single_key(k.strip()) for k in b.key.split(",")):
                names.add(b.action.split("(", 1)[0])
    return frozenset(names)


def typing_here(widget: object) -> bool:
    """True when ``widget`` takes typed text (a field; a report shown read-only does not)."""
    from textual.widgets import Input, TextArea

    return isinstance(widget, Input) or (isinstance(widget, TextArea) and not widget.read_only)


class CommandKeys(_Node):
    """Single-key commands only where no text can be typed, and visibly so.

    The focus model of the whole UI: a text field takes every printable key (Textual gives the
    focused field the key first); a pane's one-letter commands (``e`` edit, ``1`` 1-0, ``p``
    pair, Del) act on its table and are *disabled and hidden from the footer* while the focus
    is in one of its text fields — what the footer shows is what the keys do.  F-keys,
    Escape and Ctrl combinations work everywhere."""

    app = hakem_app
    """The running HakemApp, typed (:mod:`tui.host`): the reads up the tree are checked."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        from textual.screen import Screen

        # the focus on this pane's own screen: a dialog above it does not change its footer
        screen = self if isinstance(self, Screen) else self.screen
        if typing_here(screen.focused) and action in _single_key_actions(type(self)):
            return False
        if action in self.CHANGES and self.app.view_only:
            return False  # --view: what would change the tournament is neither offered nor run
        return True

    CHANGES: frozenset[str] = frozenset()
    """Actions that change the tournament (or open a dialog that does): off with ``--view``."""

    KEEP: tuple[str, ...] = ()
    """Attributes carried over when the pane is built again (language switch): drafts."""

    def keep_state(self) -> dict[str, object]:
        """What is being edited: the text of every field and the ``KEEP`` attributes."""
        from textual.widgets import Input

        fields = {w.id: w.value for w in self.query(Input) if w.id}
        return {"fields": fields, **{k: getattr(self, k, None) for k in self.KEEP}}

    def restore_state(self, state: dict[str, object]) -> None:
        from textual.widgets import Input

        fields = state.get("fields") or {}
        assert isinstance(fields, dict)
        for wid, value in fields.items():
            for field in self.query(f"#{wid}"):
                if isinstance(field, Input) and value:
                    field.value = value
        for key in self.KEEP:
            setattr(self, key, state.get(key))


class TournamentTab(CommandKeys):
    """A tab of :class:`~tui.screens.tournament.TournamentScreen`: it reads the session from
    that screen (``self.screen.session``, typed here once) and asks it for changes and
    refreshes with messages (:mod:`tui.messages`)."""

    if TYPE_CHECKING:
        @property
        def screen(self) -> TournamentScreen: ...

    TAB_ID = ""
    t: Tournament | None
    """The tournament last shown on the tab (None before the first)."""

    ONE_RECORD_FROM_TABLE: ClassVar[bool] = False
    """A paste onto the tab's table puts only its first line into the form (the players list:
    a list pasted there registered every line, a URL and a CSV header among them)."""

    # What the tournament screen asks of its shown tab, declared with what a tab that offers
    # nothing answers: the screen calls them on every tab, so a misspelt one is a type error.

    def main_widget(self) -> Widget:
        """The widget that takes the focus when the tab is shown."""
        raise NotImplementedError

    def show(self, t: Tournament) -> None:
        """Show ``t`` (a lazy pane: once visible)."""
        raise NotImplementedError

    def activated(self) -> None:
        """The tab was made the shown one."""

    def left_with_focus(self, focused: Widget | None) -> None:
        """The organiser switches from this tab to another, ``focused`` having the focus: a tab
        that gives the focus back where it was (:meth:`main_widget`) keeps what it needs."""

    def paste_target(self) -> Input | None:
        """The tab's entry field for pasted text when no text field has the focus."""
        return None

    def put_aside_pasted(self, line: str, reason: str) -> bool:
        """Keep a pasted line that cannot be entered in the tab's refused list (False: none)."""
        return False

    def leave_text(self, field: Widget) -> None:
        """Escape leaves ``field`` for the tab's table: what it keeps of the half-typed text."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The tab's entries of the command palette, after the screen's."""
        return ()

    @property
    def shown(self) -> Tournament:
        """The tournament on the tab: its keys and redraws come after the first show (a tab's
        widgets are filled by it), so there is always one."""
        if self.t is None:
            raise RuntimeError(f"the {self.TAB_ID or type(self).__name__} tab has not been shown a tournament yet")
        return self.t


class LazyPane(TournamentTab):
    """Mixin for tab panes; the class sets ``TAB_ID`` and implements ``main_widget`` and
    ``show(t, force=False)``, and keeps ``self.t`` and ``self.dirty``."""

    dirty: bool
    """Changed while hidden: drawn again when the tab is activated."""

    def show(self, t: Tournament, force: bool = False) -> None:
        """Show ``t`` now if the tab is visible (or ``force``), else mark the pane dirty."""
        raise NotImplementedError

    def focus_main(self) -> None:
        self.main_widget().focus()

    def activated(self) -> None:
        if self.dirty and self.t is not None:
            self.show(self.t, force=True)

    @property
    def is_on_screen(self) -> bool:
        from textual.widgets import TabbedContent

        try:
            return self.screen.query_one("#tabs", TabbedContent).active == self.TAB_ID
        except Exception:
            return False
