"""The Textual application (placeholder until the TUI issue lands: starts and quits cleanly)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class HakemApp(App):
    TITLE = "hakem"
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("hakem — tournament manager")
        yield Footer()


def run_ui(argv: list[str]) -> int:
    HakemApp().run()
    return 0
