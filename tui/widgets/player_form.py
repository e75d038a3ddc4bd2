"""Provides the player form used to edit one registration (all fields, validated by the core)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label

from core.errors import TournamentError
from core.i18n import _
from core.model import Player
from tui.widgets.forms import FormDialog, FormGrid
from tui.i18n import L_
from tui.widgets.fields import FormField

EDIT_FIELDS = (
    ("name", L_("Name")), ("rating", L_("Rating")), ("title", L_("Title")), ("federation", L_("Federation")),
    ("fide_id", L_("FIDE id")), ("national_id", L_("National id")), ("club", L_("Club")),
    ("birth", L_("Birth")), ("sex", L_("Sex (m/w)")),
)
GO_EDIT_FIELDS = (
    ("name", L_("Name")), ("rating", L_("Rating")), ("rank", L_("Go rank (5d, 12k)")),
    ("federation", L_("Country")), ("club", L_("Club")), ("egd_pin", L_("EGD pin")), ("sex", L_("Sex (m/w)")),
)
"""A Go player: rank and EGD pin instead of title, FIDE id, national id and birth date (as
the fast-entry row of a Go event)."""
GO_KEYS = ("rating", "rank", "egd_pin")
"""Fields whose texts :func:`core.go.player_fields.go_player_fields` turns into rating and extra."""


class PlayerForm(FormDialog["dict | None"]):
    """Edit a player; returns the changed fields (only those that differ) or ``None``.

    ``refusal``: what the tournament would say to the changes (``""``: nothing), asked before
    the form closes — a refused value keeps the form open on what was typed (a review: a rating
    out of range closed it, and the title, club and birth typed with it were lost)."""

    def __init__(self, player: Player, go: bool = False, system: str = "gamma",
                 refusal: Callable[[dict], str] | None = None) -> None:
        super().__init__()
        self.refusal = refusal
        self.player = player
        self.go = go
        self.system = system
        """The event's system: a McMahon event counts ranks as the EGF does (core.go.ranks)."""

    @property
    def fields(self) -> tuple[tuple[str, object], ...]:
        return GO_EDIT_FIELDS if self.go else EDIT_FIELDS

    def shown(self) -> dict[str, str]:
        """The text of every field before editing."""
        p = self.player
        texts = {key: str(getattr(p, key)) for key, _label in self.fields if key not in GO_KEYS}
        texts["rating"] = str(p.rating) if p.rating else ""
        if "title" in texts:
            from core.fields import title_word

            texts["title"] = title_word(p.title)  # ГМ in Russian, as the lists show it
        if "sex" in texts:
            from core.fields import sex_letter

            texts["sex"] = sex_letter(p.sex)  # the letters the label names (e/k, м/ж)
        if self.go:
            from core.go.player_fields import form_values

            texts.update(form_values(p, self.system))
        return texts

    def compose(self) -> ComposeResult:
        p = self.player
        texts = self.shown()
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Player {pno}").format(pno=p.pno), classes="dialog-title")
            with FormGrid(classes="form-grid"):
                for key, label in self.fields:
                    yield Label(str(label))
                    # opens filled in: Tab into a field selects its value, the first key replaces it
                    # (a review: Tab 1800 on the rating 1750 made 17501800, as no other form does)
                    yield FormField(texts[key], id=f"f-{key}", compact=True)  # judged on saving, nothing dropped
            yield from self.buttons()

    def on_mount(self) -> None:
        self.query_one("#f-name", Input).focus()

    def action_save(self) -> None:
        try:
            changed = self.go_changes() if self.go else {}
        except TournamentError as exc:
            self.refuse(str(exc))
            return
        for key, _label in self.fields:
            if self.go and key in GO_KEYS:
                continue
            text = self.query_one(f"#f-{key}", Input).value.strip()
            if key == "rating":
                if text and not text.isdigit():
                    self.refuse(_("The rating must be a whole number, e.g. 1850."))
                    return
                value: object = int(text) if text else 0
            elif key == "title":
                from core.fields import title_code

                value = title_code(text)  # the stored code: ГМ shown and kept is no change
            elif key == "federation":
                value = text.upper()
            else:
                value = text
            if value != getattr(self.player, key):
                changed[key] = value
        if "name" in changed and not changed["name"]:
            self.refuse(_("The name must not be empty."))
            return
        problem = self.refusal(changed) if changed and self.refusal is not None else ""
        if problem:
            self.refuse(problem)
            return
        self.dismiss(changed or None)

    def go_changes(self) -> dict:
        """Rating and extra (rank, EGD pin) of a Go player, where they differ from before."""
        from core.go.player_fields import go_player_fields

        typed = {key: self.query_one(f"#f-{key}", Input).value for key in GO_KEYS}
        fields = go_player_fields(typed, self.player, self.system)
        return {key: value for key, value in fields.items() if value != getattr(self.player, key)}


