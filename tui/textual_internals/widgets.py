"""Textual's widgets' insides, opened for hakem's widgets and screens: the drop-down's list,
the tabbed content's own tab strip, the footer's keys, the toasts' rack, the command palette's
"no matches" line (see the package doc for why each)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from textual.binding import BindingType
from textual.widgets import Footer, TabbedContent, Tabs
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectOverlay
from textual.widgets._tabbed_content import ContentTab, ContentTabs
from textual.widgets._toast import ToastRack

if TYPE_CHECKING:
    from textual.command import CommandPalette

__all__ = ["ContentTabs", "FooterKey", "SelectOverlay", "ToastRack", "footer_ready", "mark_footer_ready",
           "palette_class", "pane_of_tab", "rebind_select_overlay", "tab_of_pane", "tabs_belong_to"]


def tab_of_pane(pane_id: str) -> str:
    """The id of the tab in a TabbedContent's strip that shows the pane ``pane_id``."""
    return ContentTab.add_prefix(pane_id)


def pane_of_tab(tab_id: str) -> str:
    """The id of the pane a TabbedContent's tab ``tab_id`` shows."""
    return ContentTab.sans_prefix(tab_id)


def tabs_belong_to(tabbed: TabbedContent, tabs: Tabs) -> bool:
    """``tabs`` is ``tabbed``'s own strip (not the strip of a TabbedContent inside it)."""
    return tabbed._is_associated_tabs(tabs)


def footer_ready(footer: Footer) -> bool:
    """The footer has been told its screen's keys at least once (before, it shows none)."""
    return footer._bindings_ready


def mark_footer_ready(footer: Footer) -> None:
    """What Textual's ``Footer.bindings_changed`` records first, for a footer replacing it."""
    footer._bindings_ready = True


def rebind_select_overlay(bindings: list[BindingType]) -> None:
    """Every drop-down's list with these key bindings.  Textual merges a class's bindings when
    the class is made, so they are merged again."""
    SelectOverlay.BINDINGS = bindings
    SelectOverlay._merged_bindings = SelectOverlay._merge_bindings()


@lru_cache(maxsize=4)
def palette_class(no_matches: Callable[[], str]) -> type[CommandPalette]:
    """Textual's command palette whose unmatched search says ``no_matches()`` (Textual writes
    its English words in a private method, replaced here), and says nothing for an empty
    search: that one lists what can be discovered, and nothing there is no news."""
    from rich.align import Align
    from rich.text import Text
    from textual import command
    from textual.widgets.option_list import Option

    class CommandPalette(command.CommandPalette):  # Textual's name: tests and CSS know it
        def _start_no_matches_countdown(self, search_value: str) -> None:
            self._stop_no_matches_countdown()

            def show_no_matches() -> None:
                self._list_visible = bool(search_value)
                if search_value:
                    self.query_one(command.CommandList).add_option(Option(
                        Align.center(Text(no_matches(), style="not bold")), disabled=True,
                        id=self._NO_MATCHES))

            self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)

    return CommandPalette
