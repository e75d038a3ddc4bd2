"""Provides the players (registration) pane: fast entry, search, edit, delete, withdraw, byes,
forbidden pairings, imports, and pairing numbers with their explanation.

Fast entry: type the name, Tab to rating (and the rest if wanted), Enter adds the player and
puts the cursor back on the name — a field of 30 is entered without touching the mouse.
Actions on the selected player work from the table: e edit, Del delete, w withdraw, b bye,
f forbidden pairing, ? why this pairing number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Iterable

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Input, Static

from rich.text import Text

from core import checkin
from core.errors import TournamentError
from core.fields import title_word
from core.i18n import _, ngettext, pgettext
from core.model import Player, Tournament
from tui.i18n import L_, fmt_points
from tui.widgets.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.mms_question import ask_then
from tui.widgets.pane import TournamentTab
from tui.widgets.refused import RefusedList
from tui.widgets.tables import Col, FittedTable, reset_table, selected_key, short_col, sync_table, text_col
from tui.widgets.fields import TextField
from tui.messages import RefreshPanes, RunChange, ShowMessage, ShowWarnings

if TYPE_CHECKING:
    from textual.widget import Widget

    from core.app.desk import Outcome
    from tui.services import Session


def is_go(t: Tournament) -> bool:
    """Go events show ranks (kyu/dan) instead of titles."""
    return t.system.startswith(("gamma", "go", "mcmahon"))


def rank_text(p: Player, system: str = "gamma") -> str:
    from core.go.ranks import player_rank, rank_label

    try:
        return rank_label(player_rank(p, system))
    except TournamentError:
        return "?"


def go_score_name(t: Tournament) -> str:
    """The heading of a Go event's score column: MMS (McMahon) or level (Gamma)."""
    from core.go.summary import score_name

    return score_name(t)


def go_scores(t: Tournament) -> dict:
    """Each Go player's MMS or level after the rounds paired (a bad stored setting is the
    engines' to report: the column stays empty)."""
    from core.go.summary import scores_before

    try:
        return scores_before(t, t.current_round + 1)
    except TournamentError:
        return {}


def drawn_numbers_text(t: Tournament) -> str | None:
    """What a round robin's drawn table numbers mean before round 1 (the list still shows the
    rating order): that they were drawn, how (by lot, or by lot within Varma's federation
    groups) and with which seed; ``None`` when no numbers were drawn for the players."""
    from collections.abc import Mapping

    record = t.options.get("lot")
    if t.rounds or not isinstance(record, Mapping) or "order" not in record or record.get("unit", "player") != "player":
        return None
    if record.get("method") == "varma":
        text = _("Table numbers were drawn by lot within Varma's federation groups (seed {seed}): pairing round 1 "
                 "gives each player the drawn number.")
    else:
        text = _("Table numbers were drawn by lot (seed {seed}): pairing round 1 gives each player the drawn number.")
    return text.format(seed=record.get("seed", "?"))


def fixed_table(t: Tournament) -> bool:
    """Whether the event is a round robin under way, whose table takes no late entry
    (:func:`core.pairing.roundrobin.system.late_entry_refusal`): the Swiss words about
    numbering late entries are not for it."""
    from core.pairing.roundrobin.system import late_entry_refusal

    return late_entry_refusal(t) is not None


def status_text(t: Tournament, p: Player) -> str:
    """Late entry, withdrawal and requested byes of a player, in a few words."""
    parts = []
    if p.joined_round > 1:
        parts.append(_("from R{n}").format(n=p.joined_round))
    if p.withdrawn_round is not None:
        parts.append(_("withdrawn R{n}").format(n=p.withdrawn_round))
    byes = [b for b in t.requested_byes if b.pno == p.pno]
    for b in byes:
        # the bye's worth, not its kind's id (the column said "Spielfrei R4 (zero)")
        parts.append(_("bye R{n} ({points})").format(n=b.round, points=fmt_points(t.points.for_code(b.kind.code))))
    for group in t.forbidden:
        if p.pno in group:
            others = ",".join(str(x) for x in group if x != p.pno)
            parts.append(_("not vs {others}").format(others=others))
    return "; ".join(parts)


RENUMBERING_NOTICE_SECONDS = 60
"""How long the warning naming a late entry's ``old → new`` numbers stays (a click closes it)."""

FIELDS = (  # the placeholders: each fits its field at 60 columns in every language
    ("name", L_("Name (Enter adds)")), ("rating", L_("Rating")), ("title", L_("Title")),
    ("federation", L_("Fed")), ("fide_id", L_("FIDE id")), ("national_id", L_("Nat. id")),
    ("club", L_("Club")), ("birth", L_("Birth")), ("rank", L_("Go rank (5d, 12k)")),
    ("egd_pin", L_("EGD pin")),
)

CHESS_ONLY = ("title", "fide_id", "national_id", "birth")
GO_ONLY = ("rank", "egd_pin")
"""Form fields of one game only: a Go event asks for rank, EGD pin, club and country instead
of title, FIDE id, national id and birth date."""


def player_fields(values: dict[str, str], go: bool, system: str = "gamma") -> dict[str, Any]:
    """Form texts → keyword arguments of ``add_player`` (rating as int; in a Go event the
    rank and EGD pin go to ``extra`` through :func:`core.go.player_fields.go_player_fields`,
    the same rules as the edit dialog)."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key in GO_ONLY or key == "rating":
            continue
        out[key] = value.strip()
    if go:
        from core.go.player_fields import go_player_fields

        out.update(go_player_fields(values, system=system))
    else:
        rating = values.get("rating", "").strip()
        if rating and not rating.lstrip("-").isdigit():
            raise TournamentError(_("The rating must be a whole number, e.g. 1850."))
        out["rating"] = int(rating) if rating else 0  # the range is the core's (the CLI's words)
    return out


def refused_field(values: dict[str, str], go: bool, system: str = "gamma") -> str:
    """The first field (in form order) whose text alone is refused by the rules the record was
    judged by (:func:`player_fields`, ``core.fields.check_player``): where the cursor goes
    when the record is taken back for correction.  ``name`` when no single field is at fault
    (a cancelled numbering question, a refusal of the store)."""
    from core.fields import check_player

    for key, text in values.items():
        if key == "name" or not text.strip():
            continue
        alone = {k: (text if k == key else "") for k in values} | {"name": "x"}  # the field judged alone
        try:
            check_player(player_fields(alone, go, system), go=go)
        except TournamentError:
            return key
    return "name"


class RegistrationPane(TournamentTab, Vertical):
    """Registration of players (the entry list).

    Focus model: F2 puts the cursor in the name field, always — what is typed is a new
    player.  ↓ (or Tab from the last field) reaches the table, where single keys act on the
    highlighted player (the footer then lists them); ``a`` or ↑ on the first row go back to
    the name field."""

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    filter_text = ""
    """What the search field holds: the table shows the players it finds."""
    late_numbering: str | None = None
    """This session's answer to the late-entry question (``"next"`` keep numbers, ``"slot"``
    renumber): an arbiter registering ten late arrivals answers once, not ten times."""
    dirty = False

    CHANGES = frozenset({"focus_form", "edit", "delete", "withdraw", "bye", "forbidden", "import", "teams",
                         "from_list", "checkin", "ask_numbering", "recall_refused"})

    BINDINGS = [
        # priority: the field's own "down" (scroll, show=False) would hide it from the footer;
        # check_action lets it act only in the entry fields
        Binding("down", "focus_table", L_("Players list"), priority=True),
        Binding("a", "focus_form", L_("Add")),
        Binding("e", "edit", L_("Edit"), show=False),  # Enter edits too (F1 help)
        Binding("delete", "delete", L_("Delete"), show=False),  # before round 1 only (F1); c takes its place
        Binding("w", "withdraw", L_("Withdraw")),
        Binding("b", "bye", L_("Bye")),
        Binding("f", "forbidden", L_("Forbid pair"), show=False),
        Binding("slash", "search", L_("Search")),
        Binding("ctrl+f", "search", L_("Search"), show=False),  # from the entry fields too
        # priority: the name field would take "/" as a letter; check_action lets it act only
        # in the EMPTY name field (no name starts with "/"), where F2 opens
        Binding("slash", "search_from_name", L_("Search"), show=False, priority=True),
        Binding("i", "import", L_("Import"), show=False),
        Binding("question_mark", "explain_number", L_("Why this number?"), show=False),
        Binding("t", "teams", L_("Teams"), show=False),
        Binding("l", "from_list", L_("From rating list"), show=False),
        Binding("c", "checkin", L_("Check-in")),
        Binding("ctrl+r", "recall_refused", L_("Take a refused record back"), show=False),
        Binding("n", "ask_numbering", L_("Ask again how late entries are numbered"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield TextField(id="p-name", compact=True, classes="wide")
            yield TextField(id="p-rating", compact=True)  # nothing typed is dropped: judged on Enter
            yield TextField(id="p-title", compact=True)
            yield TextField(id="p-federation", compact=True)
        with Horizontal(classes="form-row"):
            yield TextField(id="p-fide_id", compact=True)
            yield TextField(id="p-national_id", compact=True)
            yield TextField(id="p-club", compact=True, classes="wide")
            yield TextField(id="p-birth", compact=True)
            yield TextField(id="p-rank", compact=True)
            yield TextField(id="p-egd_pin", compact=True)
        yield RefusedList(id="p-refused")
        yield TextField(id="p-search", compact=True, classes="search")
        yield FittedTable(id="players", cursor_type="row", zebra_stripes=True)
        yield Static(id="players-status", classes="status-line")

    def on_mount(self) -> None:
        for row in self.query(".form-row"):
            row.display = not self.app.view_only
        self.relabel()

    def relabel(self) -> None:
        go = self.t is not None and is_go(self.t)
        for key, label in FIELDS:
            self.query_one(f"#p-{key}", Input).placeholder = str(label)
        if go:
            self.query_one("#p-federation", Input).placeholder = _("Country")
            self.query_one("#p-rating", Input).placeholder = _("GoR")  # the EGF's, not a chess rating
        self.query_one("#p-search", Input).placeholder = _("/ search: name, club, federation, number")
        present = [(_("Present"), "present")] if self.t is not None and checkin.is_open(self.t) else []
        reset_table(self.query_one("#players", FittedTable), [
            (_("No."), "pno"), *present, text_col(_("Name"), "name"),
            (_("GoR"), "rating") if go else short_col(_("Rating"), "rating", _("Rtg")),  # de "Wertzahl" over 2200
            text_col(pgettext("go", "Rank") if go else _("Title"), "title", 1, 4),
            *([(go_score_name(self.t), "score")] if go and self.t is not None else []),
            text_col(_("Country") if go else _("Fed"), "fed", 1, 4),
            Col(_("Club"), "club", flex=2, drop=1),  # left out before a name is cut below readable
            text_col(_("Status"), "status", 1)])
        if self.t is not None:
            self.show(self.t)

    @property
    def screen_session(self) -> Session:
        return self.screen.session

    def main_widget(self) -> Widget:
        """The name field: on the players tab, typing registers a player (``--view``: the
        table, the form is not shown)."""
        if self.app.view_only:
            return self.query_one("#players", FittedTable)
        return self.query_one("#p-name", Input)

    def focus_main(self) -> None:
        self.main_widget().focus()

    ONE_RECORD_FROM_TABLE = True
    """A paste onto the players *table* puts its first line into the form and stops there
    (:meth:`tui.keys.SerialKeys._paste`): pasted into the name field, a list registers line by
    line (that is the form's own paste), onto the list it was taken for a paste meant elsewhere."""

    def paste_target(self) -> Input | None:
        """A paste onto the players list registers players: it goes to the name field (its
        Tabs and line breaks fill the form record by record), never to the list's one-key commands."""
        return None if self.app.view_only else self.query_one("#p-name", Input)

    def put_aside_pasted(self, line: str, reason: str) -> bool:
        """A pasted record that cannot be entered, split over the fields as its Tabs would have
        filled them (the form's order of fields), kept for Ctrl+R; the form is left as it is."""
        if self.app.view_only:
            return False
        order = [w.id.removeprefix("p-") for w in self.query(TextField)  # the form's fields, in Tab's order
                 if w.id and w.id.startswith("p-") and w.id != "p-search" and w.focusable]
        values = dict.fromkeys(order, "")
        values.update(zip(order, line.split("\t")))
        typed = " | ".join(v.strip() for v in values.values() if v.strip())
        self.query_one("#p-refused", RefusedList).add(typed, values, reason)
        self.notify(_("Not added: «{record}» — {reason}").format(record=typed, reason=reason), severity="error")
        return True

    # -- showing ------------------------------------------------------------------------------
    def show(self, t: Tournament) -> None:
        go_changed = self.t is None or is_go(self.t) != is_go(t) or self.t.system != t.system
        # the present column is there while check-in is open (who is paired depends on it)
        columns_changed = go_changed or self.t is None or checkin.is_open(self.t) != checkin.is_open(t)
        self.t = t
        if go_changed:
            for key in GO_ONLY:
                self.query_one(f"#p-{key}", Input).display = is_go(t)
            for key in CHESS_ONLY:
                self.query_one(f"#p-{key}", Input).display = not is_go(t)
        if columns_changed:
            self.relabel()
            return
        from core.go.ranks import stated_go_rating
        from core.i18n.collation import matches

        go = is_go(t)
        score = go_scores(t) if go else {}  # MMS or level now: what the next round pairs by
        marks = checkin.present(t) if checkin.is_open(t) else None
        needle = self.filter_text.strip()  # ivanov and iwanow find Иванов, mueller Müller
        keys, rows = [], []
        for p in sorted(t.players, key=lambda p: p.pno):
            if needle and not matches(needle, " ".join((str(p.pno), p.name, p.club, p.federation, p.fide_id))):
                continue
            keys.append(str(p.pno))
            here = () if marks is None else (
                Text(checkin.mark_sign(p.pno in marks), style="bold green" if p.pno in marks else "dim"),)
            rating = stated_go_rating(p) if go else p.rating  # a Go player's GoR (--go-rating too)
            rows.append((p.pno, *here, p.name, rating or "", rank_text(p, t.system) if go else title_word(p.title),
                         *([fmt_points(score[p.pno]) if p.pno in score else ""] if go else []), p.federation,
                         p.club, status_text(t, p)))
        sync_table(self.query_one("#players", FittedTable), keys, rows)
        shown = ngettext("{n} player", "{n} players", len(t.players)).format(n=len(t.players))
        if needle:
            shown = _("{shown} of {total}").format(shown=len(keys), total=shown)
        if t.current_round == 0 and go:  # a Go field is numbered by GoR (or rank), then name: no titles
            numbers = _("Numbers are provisional: they follow the Go rating (the rank when there is none), then "
                        "the name, and are fixed when round 1 is paired.")
        elif t.current_round == 0:
            numbers = drawn_numbers_text(t) or _("Numbers are provisional: they follow rating, title, name and are "
                                                 "fixed when round 1 is paired.")
        elif fixed_table(t):  # a round robin's table is fixed: the Swiss rules below do not apply
            numbers = _("Round robin: the table is fixed since round 1, no late entries.")
        elif t.numbers_frozen:
            numbers = _("Pairing numbers are frozen (round 4 is paired).")
        elif self.late_numbering == "next":
            numbers = _("Late entries keep everyone's number: they get the next number (n: ask again).")
        elif self.late_numbering == "slot":
            numbers = _("Late entries are slotted in by rating, players below renumbered (n: ask again).")
        else:
            numbers = _("Late entries are slotted in by rating until round 4 is paired.")
        self.query_one("#players-status", Static).update(f"{shown} · {numbers}")

    def selected_pno(self) -> int | None:
        key = selected_key(self.query_one("#players", FittedTable))
        return int(key) if key is not None else None

    # -- fast entry ---------------------------------------------------------------------------
    def form_values(self) -> dict[str, str]:
        return {key: self.query_one(f"#p-{key}", Input).value for key, _label in FIELDS}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "p-search":
            self.query_one("#players", FittedTable).focus()
            return
        if event.input.id and event.input.id.startswith("p-"):
            self.add_from_form()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "p-search":
            self.filter_text = event.value.strip()
            if self.t is not None:
                self.show(self.t)

    def add_from_form(self) -> None:
        values = self.form_values()
        if not values["name"].strip():
            self.notify(_("Type the player's name first."), severity="warning")
            self.query_one("#p-name", Input).focus()
            return
        try:
            fields = player_fields(values, is_go(self.shown), self.shown.system if self.shown is not None else "gamma")
        except TournamentError as exc:
            self.refuse_record(values, str(exc))
            return
        self.ask_or_register(values, fields)

    def ask_or_register(self, values: dict[str, str], fields: dict[str, Any]) -> None:
        """Register the player, asking first how a late entry is numbered when it would move
        players and this session has no answer yet; the answer carries the numbering it was
        given on (refused and asked again if another organiser changed it meanwhile)."""
        late = self.t is not None and self.t.current_round > 0
        if late:
            try:
                asked = self.screen_session.desk.late_entry(**fields)
            except TournamentError as exc:
                self.refuse_record(values, str(exc))
                return
            if asked.moves and self.late_numbering is None:
                self.ask_numbering(values, fields, asked)
                return
            if asked.moves:  # answered earlier in the session: the moves are told after (tell_moves)
                self.register(values, fields, keep_numbers=self.late_numbering == "next", asked=asked,
                              tell_moves=True)
                return
        self.register(values, fields)

    def ask_numbering(self, values: dict[str, str], fields: dict[str, Any], asked: Any) -> None:
        """A late entry would move players below it (C.04.2 Art. 2.4–2.5): say who, and let
        the arbiter keep everyone's number instead (the printed lists stay right).  ``asked``
        (:class:`core.app.registration.NumberingAsked`) goes back with the answer."""
        from tui.widgets.dialogs import ChoiceDialog

        assert self.t is not None
        # how many come first: at 60×20 the body shows three of them, and the list scrolls
        count = ngettext("{n} player, numbers {first}–{last} (Tab, then ↓ scrolls the list):",
                         "{n} players, numbers {first}–{last} (Tab, then ↓ scrolls the list):",
                         len(asked.moves)).format(n=len(asked.moves), first=min(old for _n, old, _new in asked.moves),
                                                  last=max(old for _n, old, _new in asked.moves))
        # lowest–highest: the list runs in the new order, where a late entry moved up comes
        # first with the highest number ("14–13 numaralar")
        listed = "\n".join([count, *(f"  {old} → {new}  {name}" for name, old, new in asked.moves)])
        from core.app.base import GO_SYSTEMS

        body = (_("By rating, {name} is number {slot}. These players would get new numbers; lists printed "
                  "before show the old ones:") if self.t.system in GO_SYSTEMS else  # a FIDE rule cited in chess only
                _("By rating, {name} is number {slot} (FIDE C.04.2 Art. 2.4–2.5). These players would get "
                  "new numbers; lists printed before show the old ones:")).format(name=fields["name"], slot=asked.slot)

        def answered(choice: str | None) -> None:
            if choice in ("slot", "next"):
                self.late_numbering = choice  # asked once: every later late entry of the session alike
                self.register(values, fields, keep_numbers=choice == "next", asked=asked)
                if self.t is not None:
                    self.show(self.t)
            else:  # nothing added: kept for correction, the form empty for what was typed after
                self.refuse_record(values, _("the numbering question was cancelled"))

        keep = _("Keep numbers: {name} gets {pno}.").format(name=fields["name"], pno=asked.following)
        session = _("Your answer holds for every late entry until you leave the tournament (n on the "
                    "players list asks again).")
        # the buttons carry short words, so both keys are on screen at 60 columns in every language
        # what the answers mean stays on screen above the buttons; the list of moves scrolls
        self.app.push_screen(ChoiceDialog(_("Late entry"), f"{body}\n{listed}", [
            ("next", "k", _("Keep numbers")),
            ("slot", "r", _("Renumber")),
        ], default="next", note=f"{keep}\n{session}"), answered)

    def action_ask_numbering(self) -> None:
        """Forget this session's answer to the late-entry question: the next one asks again
        (a round robin under way takes none: it says why instead)."""
        from core.pairing.roundrobin.system import late_entry_refusal

        refusal = late_entry_refusal(self.shown) if self.shown is not None else None
        if refusal:
            self.notify(refusal, severity="warning")
            return
        self.late_numbering = None
        self.notify(_("The next late entry that would move players asks again."))
        if self.t is not None:
            self.show(self.t)

    def register(self, values: dict[str, str], fields: dict[str, Any], keep_numbers: bool = False,
                 asked: Any = None, allow_duplicate: bool = False, tell_moves: bool = False) -> None:
        """Add the player.  ``tell_moves``: the numbering question was answered earlier in the
        session, so the players this late entry moves were on no screen yet — a warning that
        stays a minute (or until clicked) names every ``old → new`` (a short toast was easy to
        miss, and the next result typed with an old number reaches another player)."""
        from core.app.registration import NumberingChanged, ProbableDuplicate

        name = fields["name"]
        late = self.t is not None and self.t.current_round > 0
        outcome: dict[str, Any] = {}

        def add() -> Outcome:
            try:
                outcome["o"] = self.screen_session.do(lambda desk: desk.add_player(
                    keep_numbers=keep_numbers, asked=asked, allow_duplicate=allow_duplicate, **fields))
            except (NumberingChanged, ProbableDuplicate) as stopped:
                outcome["stopped"] = stopped
                raise
            return outcome["o"]

        refusal: list[str] = []

        def answered(made: bool) -> None:
            if not made:
                stopped = outcome.get("stopped")
                if isinstance(stopped, ProbableDuplicate):
                    self.ask_duplicate(values, fields, stopped, keep_numbers, asked, tell_moves)
                elif refusal:
                    self.refuse_record(values, refusal[0])
                elif stopped is not None:  # the answer was given on another numbering: ask again
                    self.late_numbering = None
                    self.t = self.screen_session.tournament
                    self.ask_or_register(values, fields)
                return
            self.clear_form()
            if late:
                done = outcome.get("o")
                self.notify(_("{name} added as a late entry with number {pno}: paired from round {n}.").format(
                    name=name, pno=done.value if done is not None else "?", n=self.shown.current_round + 1))
                if tell_moves and not keep_numbers and asked is not None and asked.moves and done is not None:
                    from core.app.registration import renumbering_notice

                    # A long-lived warning, not a dialog: a dialog takes the keys typed ahead (the
                    # next records' letters and Enter would close it and be lost).
                    self.notify(renumbering_notice(done.tournament, done.value, asked.moves),
                                title=_("Late entry"), severity="warning", timeout=RENUMBERING_NOTICE_SECONDS)
            else:
                self.notify(_("{name} added.").format(name=name))

        self.post_message(RunChange(add, refused=refusal.append, then=answered).set_sender(self))

    def ask_duplicate(self, values: dict[str, str], fields: dict[str, Any], found: Exception,
                      keep_numbers: bool, asked: Any, tell_moves: bool = False) -> None:
        """The player typed looks like one registered already (:mod:`core.duplicates`: the same
        name, and year of birth or rating): say who, and add only when told to — Enter and
        Escape cancel, and a cancelled record waits in the refused list (Ctrl+R)."""
        from tui.widgets.dialogs import ChoiceDialog

        def answered(choice: str | None) -> None:
            if choice == "add":
                self.register(values, fields, keep_numbers, asked, allow_duplicate=True, tell_moves=tell_moves)
            else:
                self.refuse_record(values, str(found))

        self.app.push_screen(ChoiceDialog(_("Registered already?"), str(found), [
            ("add", "a", _("Add anyway")),
        ], note=_("Add anyway registers a second player; Cancel keeps the record in the refused list (Ctrl+R).")),
            answered)

    def clear_form(self) -> None:
        """Every field empty (text and undo), the cursor on the name: ready for the next record."""
        for key, _label in FIELDS:
            self.query_one(f"#p-{key}", TextField).reset()
        self.query_one("#p-name", Input).focus()

    def refuse_record(self, values: dict[str, str], reason: str) -> None:
        """A record that cannot be added: named with why and kept in the list for correction;
        the form is emptied, so the records typed after it go into the fields they were typed for."""
        typed = " | ".join(v.strip() for v in values.values() if v.strip())
        self.query_one("#p-refused", RefusedList).add(typed, dict(values), reason)
        self.clear_form()
        self.notify(_("Not added: «{record}» — {reason}").format(record=typed, reason=reason), severity="error")

    def action_recall_refused(self) -> None:
        """Ctrl+R: the oldest refused record back into the (empty) form, to be corrected."""
        if any(self.form_values().values()):
            self.notify(_("Add or clear the record in the form first; then Ctrl+R takes the refused one back."),
                        severity="warning")
            return
        refused = self.query_one("#p-refused", RefusedList).take()
        if refused is None:
            self.app.bell()
            return
        for key, text in refused.kept.items():
            field = self.query_one(f"#p-{key}", TextField)
            field.value = text
            field.cursor_position = len(text)  # typing goes on after the text, never before it
        wrong = refused_field(refused.kept, is_go(self.shown), self.shown.system if self.shown is not None else "gamma")
        self.screen.set_focus(self.query_one(f"#p-{wrong}", TextField))

    # -- actions on the selected player --------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "focus_table":  # ↓ leaves the entry fields, nothing else
            focused = self.app.focused
            return isinstance(focused, Input) and focused.id not in (None, "p-search") \
                and focused.id.startswith("p-")
        if action == "search_from_name":  # "/" starts the search from the EMPTY name field (F2's start)
            focused = self.app.focused
            return isinstance(focused, Input) and focused.id == "p-name" and not focused.value
        return super().check_action(action, parameters)

    def action_focus_table(self) -> None:
        self.query_one("#players", FittedTable).focus()

    def on_key(self, event: events.Key) -> None:
        """↑ on the table's first row goes back to the name field."""
        table = self.query_one("#players", FittedTable)
        if event.key == "up" and self.app.focused is table and table.cursor_row <= 0:
            event.stop()
            self.action_focus_form()

    def action_focus_form(self) -> None:
        self.query_one("#p-name", Input).focus()

    def action_search_from_name(self) -> None:
        """``/`` in the empty name field: the footer's and F1's "/ search" work where F2 opens
        (a name never starts with ``/``); once a name is begun ``/`` is a letter of it."""
        self.action_search()

    def action_search(self) -> None:
        """A new search: the last one's text is selected (the list stays as it filtered until
        a key replaces it), never typed after — ``/`` ``mül`` after ``kaya`` searched for
        ``kayamül``."""
        self.query_one("#p-search", TextField).focus_selected()

    def action_edit(self) -> None:
        from tui.widgets.player_form import PlayerForm

        pno = self.selected_pno()
        if pno is None:
            return
        before = self.shown  # the list the form is opened on (numbers may move meanwhile)
        player = before.player(pno)

        def edited(fields: dict | None) -> None:
            # back in the name field, not on the list: a name typed right after Ctrl+S was read
            # as the list's one-key commands (e of "erdem" edited player 1, q quit; a review)
            self.query_one("#p-name", Input).focus()
            if not fields:
                return
            now = self.current_number(before, pno)
            if now is None:
                return
            ask_then(self, self.screen_session.desk.edit_question(now, **fields), lambda: store(now, fields))

        def store(now: int, fields: dict) -> None:
            self.post_message(RunChange(lambda: self.screen_session.do(lambda desk: desk.edit_player(now, **fields)),
                                        _("Player {pno} changed.").format(pno=now)).set_sender(self))

        desk = self.screen_session.desk
        self.app.push_screen(PlayerForm(player, is_go(self.shown), self.shown.system if self.shown is not None else "gamma",
                                        refusal=lambda fields: desk.edit_refusal(pno, **fields)),
                             edited)

    def current_number(self, before: Tournament, pno: int) -> int | None:
        """The number now of the player who was ``pno`` in ``before`` (the list the question or
        the edit form was opened on): before round 1 numbers follow the ratings, and another
        organiser's registration meanwhile moved them — the answer acted on whoever held the
        number then (a review: "Delete 8. Krüger, Lena?" ``y`` deleted Demir).  Followed as a
        registration's notice follows them (:func:`core.app.registration.late_entry_moves`);
        ``None``, said, when the player is not found there any more."""
        from core.app.registration import late_entry_moves

        now, name = self.screen_session.tournament, before.player(pno).name
        moved = {old: new for _name, old, new in late_entry_moves(before, now, provisional=True)}
        new = moved.get(pno, pno)
        if not any(p.pno == new and p.name == name for p in now.players):
            self.notify(_("{name} is no longer registered (another organiser's change); nothing was done.")
                        .format(name=name), severity="warning")
            return None
        return new

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.check_action("edit", ()):
            self.action_edit()

    def action_delete(self) -> None:
        pno = self.selected_pno()
        if pno is None:
            return
        name = self.shown.player(pno).name
        if self.shown.current_round:
            self.notify(_("After round 1 a player cannot be deleted; use w to withdraw {name}.").format(name=name),
                        severity="warning")
            return

        before = self.shown  # the list the question is asked on (numbers may move meanwhile)

        def decided(yes: bool | None) -> None:
            now = self.current_number(before, pno) if yes else None
            if now is not None:
                self.post_message(RunChange(lambda: self.screen_session.do(lambda desk: desk.remove_player(now)),
                                            _("{name} deleted.").format(name=name)).set_sender(self))

        from core.pairing.roundrobin.system import redraw_due

        question = _("Delete {pno}. {name} from the entry list?").format(pno=pno, name=name)
        if redraw_due(self.shown):  # Aktar p. 60: said before, not only after
            question += "\n" + _("The table numbers were drawn: they will be drawn again.")
        self.app.push_screen(ConfirmDialog(_("Delete player"), question, yes=_("Delete"), danger=True), decided)

    def action_withdraw(self) -> None:
        pno = self.selected_pno()
        if pno is None:
            return
        p = self.shown.player(pno)
        nxt = self.shown.current_round + 1

        def chosen(text: str | None) -> None:
            if not text:
                return
            try:
                first = int(text)
            except ValueError:
                self.notify(_("Please type a round number."), severity="error")
                return
            self.post_message(RunChange(lambda: self.screen_session.do(lambda desk: desk.withdraw(pno, first)),
                                        _("{name} withdrawn from round {n}.").format(name=p.name, n=first))
                              .set_sender(self))

        self.app.push_screen(PromptDialog(
            _("Withdraw {pno} {name}").format(pno=pno, name=p.name),
            _("First round in which {name} is no longer paired. A game of the current round needs a forfeit result.").format(name=p.name),
            value=str(nxt)), chosen)

    def action_bye(self) -> None:
        pno = self.selected_pno()
        if pno is None:
            return
        p = self.shown.player(pno)
        session = self.screen_session

        def chosen(text: str | None) -> None:
            if not text:
                return
            try:  # checked before the dialog closed; again, in case someone changed it since
                rounds, kind = session.desk.check_bye(pno, text)
            except TournamentError as refused:
                self.notify(str(refused), severity="error")
                return

            def change() -> Outcome:
                if kind is None:
                    return session.do(lambda desk: desk.cancel_bye(pno, rounds))
                return session.do(lambda desk: desk.request_bye(pno, rounds, kind))

            self.post_message(RunChange(change, _("Byes of {name} updated.").format(name=p.name)).set_sender(self))

        from core.fields import bye_cancel_letter, bye_kind_hint, bye_letters

        letters = bye_letters()
        self.app.push_screen(PromptDialog(
            _("Requested bye for {name}").format(name=p.name),
            _("Round number(s) and kind: {kinds}; {cancel} cancels. Example: {first} {half}  or  5 6 {zero}  or  4 {cancel}").format(
                kinds=bye_kind_hint(), first=self.shown.current_round + 1, half=letters["half"], zero=letters["zero"],
                cancel=bye_cancel_letter()),
            value=f"{self.shown.current_round + 1} {letters['half']}", check=lambda text: session.desk.check_bye(pno, text)),
            chosen)

    def action_forbidden(self) -> None:
        pno = self.selected_pno()

        def chosen(text: str | None) -> None:
            if not text:
                return
            try:
                pnos = tuple(int(x) for x in text.replace(",", " ").split())
            except ValueError:
                self.notify(_("Please type pairing numbers separated by spaces."), severity="error")
                return
            self.post_message(RunChange(lambda: self.screen_session.do(lambda desk: desk.add_forbidden(pnos)),
                                        _("These players will not be paired against each other.")).set_sender(self))

        current = "; ".join(" ".join(map(str, g)) for g in self.shown.forbidden) or _("none")
        self.app.push_screen(PromptDialog(
            _("Forbidden pairing"),
            _("Pairing numbers of players who must never meet (family, same club in a qualifier). Now: {current}").format(current=current),
            value=f"{pno} " if pno else "", suggested=False), chosen)

    def action_explain_number(self) -> None:
        from core.numbering import explain_number

        pno = self.selected_pno()
        if pno is None:
            return
        text = explain_number(self.shown, pno)
        if not self.shown.rounds:
            text += "\n\n" + (drawn_numbers_text(self.shown) or _(
                "Until round 1 is paired the numbers are provisional; pairing round 1 sorts the list again."))
        elif fixed_table(self.shown):
            text += "\n\n" + _("In a round robin the table numbers are fixed once round 1 is paired (Aktar p. 60).")
        elif self.shown.numbers_frozen:
            text += "\n\n" + _("Round 4 is paired, so numbers no longer change (FIDE C.04.2 Art. 2.3).")
        self.post_message(ShowMessage(_("Pairing number"), text).set_sender(self))

    def action_import(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.import_file(path)

        self.app.push_screen(PromptDialog(
            _("Import players"),
            _("Path of a CSV file (columns name, rating, title, federation, fide_id, club, birth; "
              "a header line names them) or a TRF file (its players are added)."),
            placeholder="~/players.csv"), chosen)

    def import_file(self, path: str, allow_duplicate: bool = False) -> None:
        """Import the players of a file: every bad line named at once, nothing imported; lines
        that look like registered players (or like an earlier line) are asked about."""
        from core.app.registration import DuplicateLines
        from tui.widgets.dialogs import ChoiceDialog

        session = self.screen_session
        try:
            outcome = session.do(lambda desk: desk.import_players(path, allow_duplicate=allow_duplicate))
        except DuplicateLines as alike:
            self.app.push_screen(ChoiceDialog(_("Registered already?"), str(alike), [
                ("import", "i", _("Import anyway")),
            ], note=_("Nothing was imported. Import anyway adds these lines as new players too.")),
                lambda choice: self.import_file(path, allow_duplicate=True) if choice == "import" else None)
            return
        except TournamentError as exc:
            self.post_message(ShowMessage(_("Import failed"), str(exc)).set_sender(self))
            return
        self.post_message(RefreshPanes().set_sender(self))
        self.notify(ngettext("{n} player imported.", "{n} players imported.",
                             outcome.value).format(n=outcome.value))
        self.post_message(ShowWarnings(outcome).set_sender(self))

    def action_teams(self) -> None:
        """The teams of a team event: rosters in board order (a dialog)."""
        from tui.screens.team_registration import TeamsDialog

        self.app.push_screen(TeamsDialog(self.screen))

    def action_from_list(self) -> None:
        """Register an arrival from the club's register or the rating list: a few letters,
        Up/Down, Enter."""
        from tui.screens.list_lookup import ListLookupDialog

        session = self.screen_session

        def chosen(picked: Any) -> None:
            if picked is not None:
                self.register_picked(picked)

        self.app.push_screen(ListLookupDialog(self.app.workspace, session.tournament), chosen)

    def register_picked(self, picked: Any, allow_duplicate: bool = False) -> None:
        """Register a list entry (``(entry, list)``) or a member of the club's register;
        when a registered player looks like him (typed by hand before), ask first, as the form
        does (:mod:`core.duplicates`)."""
        from core.app.registration import ProbableDuplicate
        from tui.widgets.dialogs import ChoiceDialog

        session = self.screen_session
        stopped: list[ProbableDuplicate] = []

        def register() -> Any:
            try:
                if isinstance(picked, tuple):
                    entry, source = picked
                    return session.do(lambda desk: desk.register_from_list(entry, source, allow_duplicate))
                return session.do(lambda desk: desk.register_member(picked.id, allow_duplicate=allow_duplicate))
            except ProbableDuplicate as alike:
                stopped.append(alike)
                raise

        refusal: list[str] = []

        def answered(made: bool) -> None:
            if made or not refusal:
                return
            if not stopped:
                self.notify(refusal[0], severity="error", title=_("Not done"))
                return
            self.app.push_screen(ChoiceDialog(_("Registered already?"), str(stopped[0]), [
                ("add", "a", _("Add anyway")),
            ], note=_("Add anyway registers a second player; Cancel adds nobody.")),
                lambda choice: self.register_picked(picked, allow_duplicate=True) if choice == "add" else None)

        self.post_message(RunChange(register, refused=refusal.append, then=answered).set_sender(self))

    def action_checkin(self) -> None:
        """Check-in before the round and entry fees (a dialog)."""
        from tui.screens.checkin import CheckinDialog

        self.app.push_screen(CheckinDialog(self.screen))

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand(_("Add player"), _("Fast entry form (a)"), self.action_focus_form)
        yield SystemCommand(_("From rating list"), _("Register a member of the club or a player found in a rating list (l)"),
                            self.action_from_list)
        yield SystemCommand(_("Check-in"), _("Who is present, who has paid (c)"), self.action_checkin)
        yield SystemCommand(_("Teams"), _("Teams and their board order (t)"), self.action_teams)
        yield SystemCommand(_("Import players"), _("From CSV or TRF (i)"), self.action_import)
        yield SystemCommand(_("Forbidden pairing"), _("Players who must not meet (f)"), self.action_forbidden)

