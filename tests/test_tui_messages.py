"""Actions up the tree are typed messages (issue 35 item 3): a pane or dialog asks the app or
the tournament screen for an action with a :mod:`tui.messages` request, never by calling it.

The scan below reads every module of ``tui`` and allows on ``self.app`` / ``self.screen`` only
reads of context and Textual's own calls; a new ``self.app.show_message(...)``,
``self.screen.run_change(...)`` — or such a call through a name (``screen = self.screen``, a
dialog's ``owner``) — fails it, naming the file and line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual import on
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tui.messages import Request, RunChange, ShowMessage

TUI = Path(__file__).parents[1] / "tui"

ALLOWED = {
    "app": {
        # reads of context: typed getters (tui.host) and Textual's own state
        "view_only", "workspace", "size", "focused", "title", "poll_interval", "COMMAND_PALETTE_BINDING",
        "get_key_display",
        # Textual's own calls on any node's app: a dialog whose answer comes back to the caller
        # (its dismiss callback), a bell, a toast, a call from a worker thread
        "push_screen", "pop_screen", "bell", "notify", "call_from_thread",
    },
    "screen": {"session", "query", "query_one", "active_bindings", "focused", "set_focus"},
}
"""What a widget or screen may use on ``self.app`` / ``self.screen``: nothing that acts."""

ACTIONS = {"show_message", "open_tournament", "switch_language", "hold_keys", "release_keys",
           "run_change", "refresh_panes", "save_finished", "show_warnings"}
"""The app's and the tournament screen's actions that a request stands for (their handlers call
them): called only by their owner (``self.…``), never through another name."""


def upward_actions(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of every action asked of the app or the screen by a call, not a message."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        up = node.value
        if (isinstance(up, ast.Attribute) and up.attr in ALLOWED and isinstance(up.value, ast.Name)
                and up.value.id == "self" and node.attr not in ALLOWED[up.attr]):
            found.append((node.lineno, f"self.{up.attr}.{node.attr}"))
        elif node.attr in ACTIONS and not (isinstance(up, ast.Name) and up.id == "self"):
            found.append((node.lineno, f"{ast.unparse(up)}.{node.attr}"))
    return sorted(found)


def requests_without_sender(source: str) -> list[int]:
    """Lines posting a request whose sender was not set: made in a callback the screen runs,
    it would stop at the screen (see :mod:`tui.messages`)."""
    names = {cls.__name__ for cls in Request.__subclasses__()}
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "post_message" and node.args
                  and isinstance(made := node.args[0], ast.Call) and isinstance(made.func, ast.Name)
                  and made.func.id in names)


def test_every_request_is_posted_with_its_sender() -> None:
    unset = [f"{path.relative_to(TUI.parent)}:{line}"
             for path in sorted(TUI.rglob("*.py")) for line in requests_without_sender(path.read_text())]
    assert unset == []
    assert requests_without_sender('self.post_message(ShowMessage("t", "b"))') == [1]
    assert requests_without_sender('self.post_message(ShowMessage("t", "b").set_sender(self))') == []


def test_no_action_is_called_up_the_tree() -> None:
    calls = [f"{path.relative_to(TUI.parent)}:{line}: {text}"
             for path in sorted(TUI.rglob("*.py")) for line, text in upward_actions(path.read_text())]
    assert calls == []


def test_the_scan_finds_calls_up_and_lets_reads_and_messages_pass() -> None:
    """The scan itself: each way of calling up is found, reads and messages are not."""
    source = """
def act(self, owner):
    self.app.show_message("t", "b")
    self.screen.refresh_panes()
    screen = self.screen
    screen.run_change(lambda: None)
    owner.run_change(lambda: None)
    self.app.open_tournament("x")
    self.app.exit()
def read(self):
    self.post_message(ShowMessage("t", "b").set_sender(self))
    self.refresh_panes()
    return self.app.view_only, self.app.workspace, self.screen.session, self.app.push_screen
"""
    assert [text for _line, text in upward_actions(source)] == [
        "self.app.show_message", "self.screen.refresh_panes", "screen.run_change", "owner.run_change",
        "self.app.open_tournament", "self.app.exit"]


class Pane(Static):
    """Asks its screen for a change; in the answer, asks the app to show a message."""

    def ask(self) -> None:
        def answered(made: bool) -> None:
            self.post_message(ShowMessage("done", str(made)).set_sender(self))

        self.post_message(RunChange(lambda: None, then=answered).set_sender(self))


class ChangingScreen(Screen[None]):
    """Handles the change as the tournament screen does: made, then the answer."""

    def compose(self) -> ComposeResult:
        yield Pane()

    @on(RunChange)
    def changed(self, message: RunChange) -> None:
        message.stop()
        message.change()
        if message.then is not None:
            message.then(True)


class ShowingApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.shown: list[tuple[str, str]] = []

    def on_mount(self) -> None:
        self.push_screen(ChangingScreen())

    @on(ShowMessage)
    def show(self, message: ShowMessage) -> None:
        self.shown.append((message.title, message.body))


async def test_a_request_made_in_the_screens_answer_reaches_the_app() -> None:
    """The message a pane posts from the callback the screen runs still reaches the app: the
    pane is its sender (Textual would take the running screen and stop the message there)."""
    app = ShowingApp()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        app.screen.query_one(Pane).ask()
        await pilot.pause()
        assert app.shown == [("done", "True")]


@pytest.mark.usefixtures("quiet_tui")
async def test_the_pairs_of_one_line_are_each_judged_after_the_one_before(tmp_path) -> None:
    """A result goes to the screen as a message, so the pairs of one line wait for each other:
    ``1 1-0, 1 0-1, 2 =`` on an empty board 1 stores 1-0, then asks before correcting it (the
    second pair sees the first stored, as on a line of its own), and board 2's draw is entered
    while the question waits; ``n`` keeps 1-0."""
    from tests.test_tui_type_ahead import answer, burst, four_boards, results_of
    from tests.tui_fixtures import store_with, wait_for
    from tui.app import HakemApp

    data = tmp_path / "data"
    [tid] = store_with(data, four_boards())
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await burst(pilot, app, ":1 1-0, 1 0-1, 2 =\n")
        assert type(app.screen).__name__ == "ConfirmDialog"
        await answer(pilot, app, "n")
        app.screen.session.flush()
    assert results_of(data, tid) == {1: "1-0", 2: "1/2"}
