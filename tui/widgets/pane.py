"""What every lazily refreshed tournament pane shares (players aside): focus, "refresh when
shown", and "am I the visible tab?".  A pane that is not visible only marks itself dirty when
the tournament changes and redraws when activated — a 300-player standings table is not
recomputed while the arbiter types results on the rounds tab."""

from __future__ import annotations


class LazyPane:
    """Mixin for tab panes; the class sets ``TAB_ID`` and implements ``main_widget`` and
    ``show(t, force=False)``, and keeps ``self.t`` and ``self.dirty``."""

    TAB_ID = ""

    def focus_main(self) -> None:
        self.main_widget().focus()  # type: ignore[attr-defined]

    def activated(self) -> None:
        if self.dirty and self.t is not None:  # type: ignore[attr-defined]
            self.show(self.t, force=True)  # type: ignore[attr-defined]

    @property
    def is_on_screen(self) -> bool:
        try:
            return self.screen.query_one("#tabs").active == self.TAB_ID  # type: ignore[attr-defined]
        except Exception:
            return False
