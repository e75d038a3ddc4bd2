"""The rounds pane's ``d``: the date and start time of the round shown (rating reports need
every round's date)."""

from __future__ import annotations

from core.i18n import _
from core.i18n.format import format_date
from tui.screens.rounds_tab import RoundsTab
from tui.widgets.dialogs import PromptDialog
from tui.messages import RunChange


class RoundSchedule(RoundsTab):
    """The round's date and start time."""

    def action_schedule(self) -> None:
        """Date and start time of the round shown (round 1 before anything is paired)."""
        t = self.t
        if t is None:
            return
        number = self.round_no or 1
        # the date as the reports print it (29.11.2026; English ISO): core.fields.date reads both
        current = " ".join(x for x in (format_date(t.round_date(number)), t.round_time(number)) if x)
        example = f"{format_date('2026-05-04')} 10:00"

        def given(text: str | None) -> None:
            if text is None:
                return
            parts = text.split()
            clock = next((x for x in parts if ":" in x or x.count(".") == 1), "")  # 19:30 or 19.30
            date = next((x for x in parts if x != clock), "")
            if len(parts) > 2 or [x for x in parts if x not in (date, clock)]:
                self.notify(_("Type a date and/or a time, e.g. {example}.").format(example=example), severity="error")
                return
            self.post_message(RunChange(
                lambda: self.session.do(lambda desk: desk.schedule_round(number, date, clock)),
                _("Round {n}: {when}").format(n=number, when=text.strip() or "–")).set_sender(self))

        self.app.push_screen(PromptDialog(_("Date and start time of round {n}").format(n=number),
                                          _("Date and time, e.g. {example}; either part alone; empty clears "
                                            "both.").format(example=example),
                                          current, example, suggested=False), given)
