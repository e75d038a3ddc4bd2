"""Provides the help screen: every key, by screen, and where things are."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from core.i18n import _
from tui.i18n import L_


def help_text() -> str:
    return _("""# hakem — keys

**Everywhere**: F1 help · Ctrl+P commands · Ctrl+S settings · Ctrl+Q quit · Tab next field · Escape back

**Tournaments**: n new · Enter open · c copy · a archive · i import TRF · d demo tournament · e series ·
m members

**In a tournament**: F2 players · F3 rounds · F4 standings · F5 tie-breaks · F6 reports · F7 playoff ·
Ctrl+T tournament settings · Ctrl+Z undo · Ctrl+Y redo · Ctrl+L journal (who changed what)

**Players**: type the name, Tab to rating…, Enter adds · / search · e or Enter edit · Del delete (before round 1) ·
w withdraw · b requested bye (e.g. `4 h`, `5 6 z`, `4 x` cancels) · f forbidden pairing · i import CSV/TRF ·
l from the club's members or a rating list ·
? why this pairing number · c check-in (only present players are paired while it is open)

**Rounds**: p pair next round (Escape cancels) · on the boards table: **1** 1-0 · **0** 0-1 · **=** draw ·
**+** white wins by forfeit · **-** black wins by forfeit · **f** double forfeit · Backspace clears ·
r or : type results like `12 1-0` · n next empty board · s only boards still playing · [ ] previous/next round ·
x why this pairing · m change the pairing by hand · u unpair the last round

**Standings**: x explains the value under the cursor (opponents, rounds, what was cut)

**Tie-breaks**: pick a preset · a add a code (BH/C1, SB, ARO/U1400…) · Del remove · Shift+↑/↓ move ·
c cut 0–3 · M median · s save · z discard — the preview on the right is live

**Reports**: choose a report or a picture (wallchart, progress, bracket) · [ ] round · c player ·
e export to a file (.html, .csv, .json, .trf, .txt)

**Playoff**: n schedule a playoff for a tied group · 1 0 = results · b bracket

Several organisers can work on one tournament at the same time: every change is saved at once, and
the screen refreshes when someone else saves (you keep what you were typing).
""")


def typing_help() -> str:
    """Undo in fields and on tables, and the single-key mode (issue 29), kept apart from the
    key list above so each text is translated as one piece."""
    return _("""**Undo**: in a text field Ctrl+Z / Ctrl+Y undo and redo the typing, nothing else. On a table (or
Undo in Ctrl+P) they undo the tournament's last change and name it first; a change on another tab is
asked before it is undone.

**Single-key results**: the rounds tab shows the mode left of the entry line; k switches it (off until
you turn it on; your choice is kept for your next events). With the mode off, digits typed on the table
go to the entry line: `2 0-1` Enter is board 2's result. With it on, a digit is a result key; one that
is none (2–9) is refused, and what follows it up to Enter is put aside with the refused lines (Ctrl+R
takes it back), never entered; result keys followed by a space (`1 0-1`) began a line too: their
results are taken back and the line is put aside. Type `:` for a line.
""")


def leaving_help() -> str:
    """Escape and leaving a tournament (issue 29), a piece of its own for the translators."""
    return _("""**Escape** backs out one step: it closes a dialog, cancels a running pairing, or takes you from a
text field to the table. It never closes the tournament: **q** on a table goes back to the tournaments list.
""")


def club_help() -> str:
    """The series and the register (the fresh-eyes review of issue 36), a piece of its own."""
    return _("""**Series** (e on the tournaments list): n new series · a add an event · Del take an event out ·
the table follows every change

**Members** (m): type a name or an id · Enter shows the member and their events · Ctrl+N new member ·
Ctrl+E edit (the club's list managers, who also see e-mail and phone)
""")


def marks_help() -> str:
    """What the marks in the lists mean, so that they read without colour (NO_COLOR)."""
    from core.checkin import ABSENT_MARK, PRESENT_MARK

    return _("**Check-in marks** (F2, c): {present} present · {absent} absent (not marked present: "
             "not paired while check-in is open)").format(present=PRESENT_MARK, absent=ABSENT_MARK) + "\n"


def deleting_help() -> str:
    """Deleting a tournament (issue 30), a piece of its own for the translators."""
    from core.app.trash import KEEP_DAYS as TRASH_DAYS

    return _("""**Deleting** a tournament: Del on the tournaments list asks first, then moves it to the trash of the
data directory (only its chief arbiter may). It is kept there for {days} days: `hakem delete --list` shows the
trash, `hakem delete --restore ID` brings it back.
""").format(days=TRASH_DAYS)


class HelpScreen(ModalScreen[None]):
    """Keys and short explanations."""

    BINDINGS = [Binding("escape,q,f1", "close", L_("Close"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog-box full", id="help-body"):
            yield Markdown(help_text() + "\n" + typing_help() + "\n" + leaving_help() + "\n" + club_help() + "\n"
                           + marks_help() + "\n" + deleting_help())

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
