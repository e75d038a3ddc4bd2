"""Provides the messages a screen or widget posts up the tree to ask for an action: the app
shows a message, opens a tournament, switches the language, holds or releases the keys; the
tournament screen runs a change, redraws its panes, says a save's outcome.

Why messages and not calls on ``self.app`` / ``self.screen``: a pane then names only what it
asks for (typed fields), not who does it nor that object's methods; the handler is found by
Textual as the message bubbles up (widget → screen → app), so a pane works under any screen
that handles the message, and a test can catch what a pane asks without an app behind it.
Reads of context (the session, the workspace, ``view_only``) stay typed getters
(:mod:`tui.host`, :class:`~tui.widgets.pane.TournamentTab`): they are answers, not actions.

Keys are not lost nor reordered by the hop: the app hands the next key over only when every
message queue of the screens is empty (:class:`~tui.keys.SerialKeys`), so what a key asked for
through a message — and what the answer's callback does — is done before the next key arrives.
Where the asker needs the outcome (was the change made?), the message carries a callback
(``then``) that the handler calls with it, in the handler's turn.

A request is posted as ``self.post_message(Request(...).set_sender(self))``: Textual takes the
sender to be whichever message pump was running when the message was made, and stops a message
at the sender's parent — so a request made in a callback the screen runs (a change's ``then``)
would stop at the screen and never reach the app. The poster as sender lets it go all the way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.widget import Widget

    from core.app.desk import Outcome


class Request(Message):
    """A request for an action, posted up the tree by the widget or screen that asks."""


# -- to the app (tui.app.HakemApp) ---------------------------------------------------------------
@dataclass
class ShowMessage(Request):
    """A longer message in a dialog (several problems of an import, an explanation)."""

    title: str
    body: str
    unasked: bool = False
    """The outcome of work that ran while the organiser typed on (a failed pairing): keys typed
    before it was drawn do not close it (:class:`~tui.keys.HoldsTypeAhead`)."""


@dataclass
class OpenTournament(Request):
    """Open the tournament ``tid`` on a screen of its own (above the list)."""

    tid: str


@dataclass
class SwitchLanguage(Request):
    """Show everything in the language ``code`` from now on (and keep it as the setting)."""

    code: str


@dataclass
class HoldKeys(Request):
    """``owner`` starts work the organiser waits for (a pairing): keys wait until released."""

    owner: Widget


@dataclass
class ReleaseKeys(Request):
    """The work ``owner`` started is over and its outcome is on screen: held keys go on."""

    owner: Widget


# -- to the tournament screen (tui.screens.tournament.TournamentScreen) -----------------------
@dataclass
class RunChange(Request):
    """Run one change of the tournament (a session call): its refusal said (or handed to
    ``refused``), its warnings shown, every pane redrawn; ``then`` is told whether it was made."""

    change: Callable[[], object]
    done: str | None = None
    """Said in a toast once the change is made."""
    refused: Callable[[str], object] | None = None
    """Takes the refusal's text instead of a toast (a form that keeps the refused record)."""
    then: Callable[[bool], object] | None = None
    """Called with the outcome (made or not) after the panes were redrawn."""


@dataclass
class RefreshPanes(Request):
    """Show the session's snapshot on every pane; ``then`` runs once they show it."""

    then: Callable[[], object] | None = None


@dataclass
class ChangeSaved(Request):
    """A change queued in the background was saved: its warnings shown, the panes redrawn if
    the store's state differs from the one shown."""

    outcome: Outcome | None


@dataclass
class ShowWarnings(Request):
    """The warnings of a change made (pages not published, a broken pairing criterion)."""

    outcome: object
