"""The question before a change that moves initial MMS (or the scores of rounds played) once
McMahon pairing has begun.

Why one place: the settings form and the player edit form both ask it, in the words the CLI
refuses with (:func:`core.go.mms_change.moves_said`), before anything is stored — the
organiser sees how many players move and the first of them, and a "no" leaves the event as
it was (Enter takes "no": every score and standing would move)."""

from __future__ import annotations

from collections.abc import Callable

from textual.widget import Widget

from core.i18n import _
from tui.widgets.dialogs import ConfirmDialog


def ask_then(asker: Widget, question: str, go_on: Callable[[], None]) -> None:
    """``go_on()`` at once when ``question`` is "" (nothing moves), else after a yes."""
    if not question:
        go_on()
        return

    def decided(yes: bool | None) -> None:
        if yes:
            go_on()
        else:
            asker.notify(_("Nothing saved: the McMahon scores stay as they were."), severity="warning")

    asker.app.push_screen(ConfirmDialog(_("Change the McMahon scores?"), question[:1].upper() + question[1:] + ".",
                                         yes=_("Change the scores"), danger=True), decided)
