"""Provides the "new tournament" form: every setting an event starts with.

Fields are compact one-line inputs so the whole form fits an 80×24 terminal; Tab/Shift+Tab
move between them, Ctrl+S or Enter on the last field creates the tournament.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from core.go.event_form import CLOCK_EXAMPLES, CLOCKS, FORM_KEYS, GoFieldError, changed, check_clock, check_go_fields, clock_name, clock_of, form_values
from core.i18n import LANGUAGES, _, current_language, pgettext
from core.i18n.format import language_choice
from core.pairing.registry import system_ids
from tui.widgets.forms import WHOLE, FormGrid, form_foot
from tui.hooks import StyledWhenMounted
from tui.i18n import L_
from tui.services import POINT_SYSTEMS, NewTournament
from tui.standings import AUTO
from tui.widgets.fields import FormField
from tui.widgets.states import Tick

def chess_clock_example() -> str:
    """The chess time control's placeholder in the reader's words (``90 мин + 30 с``, ``90 dk +
    30 sn``), as the settings show a stored clock (:func:`core.i18n.clock.clock_words`); a Go
    event's is its time system's notation."""
    from core.i18n.clock import clock_words

    return clock_words("90+30") or "90+30"


def date_shown(iso: str) -> str:
    """A stored date as the reader's reports print it (29.11.2026; English ISO): the forms
    read either back (:func:`core.fields.date`)."""
    from core.i18n.format import format_date

    return format_date(iso) if iso else ""


def clock_shown(typed: str) -> str:
    """A stored chess time control in the reader's words (``15+10`` → ``15 мин + 10 с``); a
    text that is no such clock (an imported file's own words) as it was typed."""
    from core.i18n.clock import clock_words

    return clock_words(typed) or typed


def clock_code(typed: str) -> str:
    """The TRF-2026 code of a typed chess clock (``15+10`` → ``900+10``), "" when it reads as
    none (half typed, a Go clock, free words)."""
    from core.errors import TournamentError
    from core.fields import time_control

    try:
        return time_control(typed)[1]
    except TournamentError:
        return ""


def system_options(ids: list[str]) -> list[tuple[str, str]]:
    """(translated name, id) for the system list: organisers know "Holländisches System", not
    ``dutch``.  The first (the default, or an event's own) stays first; the rest in the
    reader's alphabetical order of the names (they ran by the English ids: Dubov, Dutch
    2017, Gamma, Keizer, Knockout …, whatever the names were)."""
    from core.i18n.collation import sort_key
    from core.i18n.terms import system_name

    named = [(system_name(s), s) for s in ids]
    return named[:1] + sorted(named[1:], key=lambda pair: sort_key(pair[0]))


def preset_options(system: str | None = None) -> list[tuple[str, str]]:
    """(criteria — translated title, id) of the presets offered to an event of ``system``
    (no Go list for chess, :func:`core.tiebreaks.presets.offered`): the codes come first, so
    the list still tells the presets apart where a long title is cut at 80 columns."""
    from core.tiebreaks.presets import PRESETS, offered
    from tui.standings import AUTO

    return [(_("Automatic (by the system)"), AUTO)] + [
        (f"{', '.join(p.codes)} — {_(p.title)}", pid) for pid, p in PRESETS.items()
        if system is None or offered(p, system)]


def system_choices() -> list[str]:
    """Registered pairing systems; ``dutch`` first because most club Swiss events use it."""
    ids = system_ids() or ["dutch"]
    return sorted(ids, key=lambda s: (s != "dutch", s))


AUTO_RATING = "auto"
"""The rating-for-pairing select's value for "by the event's kind" (no choice stored)."""


def rating_for_pairing_options() -> list[tuple[str, str]]:
    """The choices of ``options["rating_for_pairing"]``, as Swiss-Manager offers them."""
    # short enough for a 60-column form: the arrows read "else" (rapid, else standard)
    return [(_("By time control (fallback)"), AUTO_RATING),
            (_("The event's kind only"), "kind"), (_("Rapid → standard"), "rapid-standard"),
            (_("Blitz → rapid → standard"), "blitz-rapid-standard")]


def _rating_choice(value: object) -> str:
    return "" if value in (Select.NULL, AUTO_RATING) else str(value)


def show_row(widget: Widget, shown: bool) -> None:
    """Show or hide a form grid's field together with its label (the child before it)."""
    siblings = list(widget.parent.children) if widget.parent is not None else [widget]
    for each in (widget, siblings[siblings.index(widget) - 1]):
        each.display = shown


class NewTournamentDialog(StyledWhenMounted, ModalScreen["NewTournament | None"]):
    """Ask for a new tournament's settings; returns a :class:`NewTournament` or ``None``."""

    DEFAULT_CSS = """
    #ko-row { height: 1; }
    #ko-start { width: 6; }
    #ko-places { width: 4; }
    #ko-third { margin-left: 1; }
    #form-scroll { height: auto; }
    #tc-row, .go-row { height: 1; }
    #go-clock { width: 24; margin-right: 1; }
    .go-rank, .go-komi { width: 6; }
    .go-small { width: 4; }
    .go-groups { width: 1fr; }
    .go-sep { margin: 0 1 0 1; }
    .go-lead { margin-right: 1; }
    """

    BINDINGS = [
        Binding("escape", "cancel", L_("Cancel")),
        Binding("ctrl+s", "create", L_("Create"), priority=True),
    ]
    AUTO_FOCUS = "#name"
    """The cursor starts in the name field.  Why said here, not only by :meth:`on_mount`:
    Textual first focuses the first focusable widget, in the settings the scrolling form around
    the fields; its focus and the blur that followed restyled the whole form twice (~70 nodes,
    ~40 ms each of Ctrl+T's frame at 1,000 players)."""

    def __init__(self, current: NewTournament | None = None, system_fixed: bool = False,
                 min_rounds: int = 1) -> None:
        """``current``: edit an existing tournament's settings (the preset is not offered:
        the tie-break tab edits the list); ``system_fixed`` once round 1 is paired;
        ``min_rounds``: the rounds paired already (fewer cannot be set)."""
        super().__init__()
        self.current = current
        self.system_fixed = system_fixed
        self.min_rounds = max(1, min_rounds)
        self.cup_clock = current.time_control_code if current is not None else ""
        """The time-control code the match rules' line shows (:meth:`show_cup_clock`)."""

    go_shown: dict[str, str] = {}
    """The Go fields' texts as the form filled them in (what is not typed otherwise is not
    stored: a new event keeps the defaults, a settings change only what changed)."""

    def compose(self) -> ComposeResult:
        cur = self.current
        with Vertical(classes="dialog-box wide", id="new-tournament"):
            yield Label(_("New tournament") if cur is None else _("Tournament settings"), classes="dialog-title")
            if cur is None:
                with FormGrid(classes="form-grid"):
                    yield from self.compose_main_fields()
            else:  # the settings hold the whole TRF header: they scroll on a small screen
                with VerticalScroll(id="form-scroll"), FormGrid(classes="form-grid"):
                    yield from self.compose_main_fields()
            if self.may_show("knockout"):
                yield from self.compose_cup_fields()
            if self.may_show("swiss-team"):
                yield from self.compose_team_fields()
            yield from form_foot(_("Create (Ctrl+S)") if cur is None else _("Save (Ctrl+S)"), "create")

    def may_show(self, *systems: str) -> bool:
        """Whether the form may ever show the fields of one of ``systems``: always while the
        system can be chosen; once it is fixed (round 1 paired), only for the event's own.

        Why the others are not built at all: they are never shown, and each widget costs the
        dialog's first frame its style work (the settings form had ~160 widgets, 350 ms of
        CPU for Ctrl+T, issue 35 item 6); the queries below take a section's absence as
        "not this system's"."""
        if not self.system_fixed or self.current is None:
            return True
        return self.current.system in systems

    def compose_main_fields(self) -> ComposeResult:
        """The settings every event has; the settings form adds the rest of the TRF header."""
        cur = self.current
        yield Label(pgettext("tournament", "Name"))
        yield FormField(id="name", placeholder=_("e.g. Club championship 2026"), compact=True)
        yield Label(_("Pairing system"))
        yield Select(system_options(system_choices()), value=system_choices()[0],
                     allow_blank=False, id="system", compact=True)
        yield Label(_("Rounds"))
        yield FormField(self.ROUNDS_DEFAULT, id="rounds", type="integer", compact=True)
        yield Label(_("Time control"))
        go = self.may_show(*FORM_KEYS)
        with Horizontal(id="tc-row"):  # a Go event chooses its time system (byo-yomi …) first
            if go:
                yield Select([(clock_name(k), k) for k in CLOCKS], value=CLOCKS[0], allow_blank=False,
                             id="go-clock", compact=True)
            yield FormField(id="time_control", placeholder=chess_clock_example(), compact=True)
        if go:
            yield from self.compose_go_fields()
        yield Label(_("Rating for pairing"))
        yield Select(rating_for_pairing_options(), value=AUTO_RATING, allow_blank=False,
                     id="rating_for_pairing", compact=True)
        yield Label(_("Point system"))
        yield Select([(k, k) for k in POINT_SYSTEMS], value="1-½-0", allow_blank=False,
                     id="points", compact=True)
        yield Label(_("Tie-break preset"))
        # the default is the system's own choice: a Berger event gets the round-robin
        # list, a Swiss with unrated players the list without rating criteria
        in_force = AUTO if cur is None else (cur.tiebreak_preset or None)
        offered = preset_options(cur.system if cur is not None else system_choices()[0])
        if in_force not in {v for _label, v in offered}:
            in_force = None
        yield Select(offered, value=in_force or Select.NULL, prompt=_("Own list (F5)"),
                     id="preset", compact=True)
        yield Label(_("Language"))
        # the event's own language when editing (the viewer's is not the event's); an event
        # stored without one says so, and keeps none unless the organiser picks one
        unset = [(_("(organiser's language)"), "")]  # the brackets: no language stored if cur is not None and not cur.language else []
        yield Select([*unset, *((language_choice(c), c) for c in LANGUAGES)],
                     value=current_language() if cur is None else cur.language,
                     allow_blank=False, id="language", compact=True)
        yield Label(_("Start date"))
        yield FormField(id="start_date", placeholder=pgettext("date placeholder", "YYYY-MM-DD"), compact=True)
        yield Label(pgettext("event", "Place"))
        yield FormField(id="place", compact=True)
        yield Label(_("Chief arbiter"))
        yield FormField(id="chief_arbiter", compact=True)
        if cur is not None:
            yield from self.compose_header_fields()

    def compose_go_fields(self) -> ComposeResult:
        """What a Go organiser sets besides the clock (shown for a Go system only): McMahon's
        bar, floor and komi on one row, the handicap rule (MMS difference − correction, at
        most the ceiling, ranks above the handicap bar counted as on it) on the next, then
        OpenGotha's clubs groups (as ``--mm-club-groups`` types them); Gamma asks the komi only
        (its top group and handicaps follow from the ranks)."""
        tips = {"bar": _("McMahon bar: players at or above this rank start on its MMS (default 4d)"),
                "floor": _("McMahon floor: players at or below this rank start on its MMS (default 20k)"),
                "komi": _("Komi of even games; handicap games have komi ½"),
                "correction": _("Handicap = MMS difference minus this (OpenGotha's handicap correction)"),
                "ceiling": _("The handicap is at most this many stones"),
                "handicap_bar": _("Handicap bar: players above this rank count as on it for the handicap "
                                  "(none: no such bar)"),
                "club_groups": _("OpenGotha's clubs groups, kept apart less than unrelated clubs: 'Paris area: Paris, "
                                 "Versailles; Berlin, Potsdam'")}

        def field(key: str, size: str) -> FormField:
            widget = FormField(id=f"go-{key}", compact=True, classes=size)
            widget.tooltip = tips[key]
            return widget

        yield Label(_("McMahon bar"), id="go-bar-label")
        with Horizontal(id="go-bar-row", classes="go-row"):
            yield field("bar", "go-rank")
            yield Label(_("floor"), classes="go-sep mcmahon-only")
            yield field("floor", "go-rank")
            yield Label(_("komi"), classes="go-sep mcmahon-only")
            yield field("komi", "go-komi")
        yield Label(_("Handicap"), id="go-handicap-label")
        with Horizontal(id="go-handicap-row", classes="go-row"):
            yield Label("−", classes="go-lead")
            yield field("correction", "go-small")
            yield Label(_("at most"), classes="go-sep")
            yield field("ceiling", "go-small")
            yield Label(_("bar"), classes="go-sep")
            yield field("handicap_bar", "go-rank")
        yield Label(_("Clubs groups"), id="go-groups-label")
        with Horizontal(id="go-groups-row", classes="go-row"):
            groups = field("club_groups", "go-groups")
            groups.placeholder = _("e.g. {example}").format(example="Paris area: Paris, Versailles; Berlin, Potsdam")
            yield groups

    HEADER_FIELDS = ("federation", "end_date", "deputy_arbiters", "time_control_code", "trf_type", "rank_method",
                     "controller")
    """The rest of the TRF header, asked when the settings are edited (Ctrl+T): what a rating
    report needs and the short new-tournament form leaves out."""

    def compose_header_fields(self) -> ComposeResult:
        """Federation (032), end date (052), deputy arbiters (112, ``;`` between names: a name
        holds a comma), time-control code (222) and type of tournament (092)."""
        # the placeholders read as hints ("e.g. …"), not as values already filled in
        yield Label(_("Federation"))
        yield FormField(id="federation", placeholder=_("e.g. {example}").format(example="TUR"), compact=True)
        yield Label(_("End date"))
        yield FormField(id="end_date", placeholder=pgettext("date placeholder", "YYYY-MM-DD"), compact=True)
        yield Label(_("Deputy arbiters"))
        yield FormField(id="deputy_arbiters", placeholder=_("surnames first, ; between names"), compact=True)
        yield Label(_("Time-control code"))
        yield FormField(id="time_control_code", placeholder=_("e.g. {example}").format(example="5400+30"),
                        compact=True)
        yield Label(_("Type of tournament"))
        yield FormField(id="trf_type", compact=True)
        yield Label(_("Initial colour"))
        yield Select([(_("White"), "white"), (_("Black"), "black")], prompt=_("drawn at round 1"),
                     id="initial_colour", compact=True)
        yield Label(_("Starting-rank method"))
        yield FormField(id="rank_method", placeholder=_("e.g. {example}").format(example="TUR FIDE"), compact=True)
        yield Label(_("Pairing controller"))
        yield FormField(id="controller", compact=True)

    # -- a cup's settings (system "knockout"): shown only for it --------------------------
    def compose_cup_fields(self) -> ComposeResult:
        """Match rules, start of the first games, places decided, match for third place —
        what ``hakem new --system knockout`` asks with its flags."""
        cfg = dict(self.current.knockout) if self.current is not None else {}
        rules = cfg.get("rules", "seed-rapid")
        clock = self.current.time_control_code if self.current is not None else ""
        choices = self.rules_choices(clock)
        with FormGrid(classes="form-grid", id="cup-fields"):
            yield Label(_("Match rules"))
            offered = [key for _label, key in choices]
            yield Select(choices, value=rules if rules in offered else Select.NULL, prompt=_("Kept as stored"),
                         allow_blank=rules not in offered, id="ko-rules", compact=True, classes=WHOLE)
            yield Label(_("First games at"))
            yield FormField(str(cfg.get("start", "10:00")), id="ko-start", placeholder="HH:MM", compact=True)
            # the places and the third-place match on a row of their own: beside the start time
            # the check box ran off a 60-column screen ("Platz 3", "за 3-е место")
            yield Label(_("Places"), id="ko-places-label")
            with Horizontal(id="ko-row"):
                yield FormField(str(cfg.get("places", 1)), id="ko-places", type="integer", compact=True)
                third = Tick(_("3rd place"), bool(cfg.get("third_place", False)), id="ko-third", compact=True)
                third.tooltip = _("knockout: the semi-final losers play for third place")
                yield third

    # -- a team Swiss's settings (system "swiss-team"): shown only for it -----------------
    def compose_team_fields(self) -> ComposeResult:
        """Colour preferences (C.04.6 Art. 1.7) and boards per match — what ``hakem new
        --system swiss-team`` asks with ``--team-colours`` and ``--boards``."""
        cfg = dict(self.current.team) if self.current is not None else {}
        with FormGrid(classes="form-grid", id="team-fields"):
            yield Label(_("Colour preferences"))
            yield Select([(_("Type A (default)"), "A"), (_("Type B"), "B"), (_("No colour preferences"), "none")],
                         value=str(cfg.get("colour_preferences", "A")), allow_blank=False,
                         id="team-colours", compact=True)
            yield Label(_("Boards per match"))
            yield FormField(str(cfg.get("boards", "")), id="team-boards", type="integer",
                            placeholder=_("the smallest roster"), compact=True)

    def team_settings(self) -> dict[str, object] | None:
        """The team Swiss's options from its fields, or ``None`` (the field marked) when the
        number of boards is not a whole number of at least 1."""
        boards = self.query_one("#team-boards", Input)
        out: dict[str, object] = {"colour_preferences": str(self.query_one("#team-colours", Select).value)}
        text = boards.value.strip()
        if text:
            if not text.isdigit() or int(text) < 1:
                boards.add_class("-refused")
                boards.focus()
                self.query_one("#form-error", Static).update(
                    _("Boards per match: a whole number of at least 1, not {value!r}").format(value=text))
                return None
            out["boards"] = int(text)
        return out

    def show_cup_fields(self) -> None:
        """The chosen system's own section (a team Swiss's, a cup's) shown, the others hidden
        (or never built: :meth:`may_show`)."""
        system = self.query_one("#system", Select).value
        for section, own in (("#team-fields", "swiss-team"), ("#cup-fields", "knockout")):
            for grid in self.query(section):
                grid.display = system == own
                if self.current is not None and self.system_fixed:
                    for widget in grid.query("Input, Select, Checkbox"):
                        widget.disabled = True  # paired (the bracket drawn) with these settings: they stay
        # a cup's rounds are its knockout rounds, counted from the bracket when round 1 is paired
        show_row(self.query_one("#rounds", Input), system != "knockout")
        self.offer_rounds_from_players(str(system))
        self.show_go_fields()

    ROUNDS_DEFAULT = "5"
    """The rounds a new Swiss starts with in the form."""

    def offer_rounds_from_players(self, system: str) -> None:
        """A new all-play-all event's rounds are left to its table: the field is emptied (when
        it still holds the Swiss default) and says that the players fix them at round 1 — a
        round robin of 8 made with the form's 5 ended after round 5, two opponents short."""
        if self.current is not None:
            return
        from core.pairing.roundrobin.system import SCHEDULES

        field = self.query_one("#rounds", Input)
        if system in SCHEDULES:
            field.placeholder = _("from the players, at round 1")
            if field.value == self.ROUNDS_DEFAULT:
                field.value = ""
        else:
            field.placeholder = ""
            if not field.value:
                field.value = self.ROUNDS_DEFAULT

    def rounds_left_to_players(self) -> bool:
        """Whether a new all-play-all event's rounds are left to its table (the field empty)."""
        from core.pairing.roundrobin.system import SCHEDULES

        return (self.current is None and str(self.query_one("#system", Select).value) in SCHEDULES
                and not self.query_one("#rounds", Input).value.strip())

    def show_go_fields(self) -> None:
        """A Go event asks its clock's time system and its own settings, and no chess point
        system or rating for pairing (its points are MMS or levels, its ratings GoRs)."""
        system = str(self.query_one("#system", Select).value)
        go = system in FORM_KEYS
        for key in ("rating_for_pairing", "points"):
            show_row(self.query_one(f"#{key}", Select), not go)
        if not self.query("#go-clock"):  # a chess event's settings once paired: no Go fields built
            return
        self.query_one("#go-clock", Select).display = go
        self.show_clock_example()
        show_row(self.query_one("#go-bar-row"), go)
        show_row(self.query_one("#go-handicap-row"), system == "mcmahon")
        show_row(self.query_one("#go-groups-row"), system == "mcmahon")
        if not go:
            return
        mcmahon = system == "mcmahon"
        for widget in (self.query_one("#go-bar"), self.query_one("#go-floor"), *self.query(".mcmahon-only")):
            widget.display = mcmahon
        self.query_one("#go-bar-label", Label).update(_("McMahon bar") if mcmahon else _("Komi"))
        self.fill_go_fields(system)

    def show_clock_example(self) -> None:
        """The time control's placeholder: the chosen Go time system's notation, or chess's."""
        clock = next(iter(self.query("#go-clock").results(Select)), None)
        field = self.query_one("#time_control", Input)
        field.placeholder = (CLOCK_EXAMPLES[str(clock.value)] if clock is not None and clock.display
                             else chess_clock_example())

    def fill_go_fields(self, system: str) -> None:
        """The Go fields show the event's values (settings) or the system's defaults (a new
        event); fields still showing another system's defaults take this one's."""
        stored = self.current.go if self.current is not None and self.current.system == system else {}
        wanted = form_values(system, stored)
        before = self.go_shown
        for key, value in wanted.items():
            widget = self.query_one(f"#go-{key}", Input)
            if not widget.value or widget.value == before.get(key):
                widget.value = value
        self.go_shown = wanted

    @staticmethod
    def rules_choices(code: str) -> list[tuple[str, str]]:
        """The match rules offered, the default ones at the event's clock (TRF code ``code``):
        a 5+3 cup's games are 5′+3″, and the line said the preset's 20′."""
        from core.playoff.cup import rules_with_clock, single_clock
        from core.playoff.labels import rules_text
        from core.playoff.rules import PRESETS

        clock = single_clock(code)
        return [(rules_text(rules_with_clock(key, clock)), key) for key in PRESETS]

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "time_control":
            self.follow_clock_code(event.value)
        if event.input.id in ("time_control", "time_control_code"):
            self.show_cup_clock()

    def follow_clock_code(self, typed: str) -> None:
        """The code field shows the code of the clock typed while the event stores none and the
        organiser has not typed one (a code left from the old clock would win on saving)."""
        text, stored = self.shown.get("time_control_code", (None, ""))
        codes = list(self.query("#time_control_code").results(Input))
        if text is None or stored or not codes or codes[0].value != text:
            return
        system = str(self.query_one("#system", Select).value)
        code = "" if system in FORM_KEYS else clock_code(typed)
        self.shown = {**self.shown, "time_control_code": (code, stored)}
        codes[0].value = code

    def show_cup_clock(self) -> None:
        """The match rules' line follows the time control as it is typed (a code typed in the
        settings' TRF field wins, as on saving)."""
        from core.errors import TournamentError
        from core.fields import time_control

        select = next(iter(self.query("#ko-rules").results(Select)), None)
        if select is None:
            return
        codes = self.query("#time_control_code").results(Input)
        code = next((c.value.strip() for c in codes if c.value.strip()), "")
        if not code:
            try:
                code = time_control(self.query_one("#time_control", Input).value)[1]
            except TournamentError:
                code = ""  # half typed: the line keeps the preset's clocks until it reads
        if code == self.cup_clock:
            return
        self.cup_clock = code
        value = select.value
        with select.prevent(Select.Changed):
            select.set_options(self.rules_choices(code))
            if value is not Select.NULL:
                select.value = value

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "system":
            self.show_cup_fields()
            self.offer_presets(str(event.value))
        elif event.select.id == "go-clock":
            self.show_clock_example()

    def offer_presets(self, system: str) -> None:
        """The tie-break presets of the chosen system (a chess event is offered no Go list)."""
        select = self.query_one("#preset", Select)
        options = preset_options(system)
        kept = select.value if select.value in {v for _label, v in options} else Select.NULL
        with select.prevent(Select.Changed):
            select.set_options(options)
            select.value = kept

    def cup_settings(self) -> dict | None:
        """``options["knockout"]`` from the cup fields, or ``None`` (and the field focused,
        the message shown) when one is wrong."""
        from core.errors import TournamentError
        from core.playoff.cup import start_of_day

        error = self.query_one("#form-error", Static)
        start = self.query_one("#ko-start", Input)
        try:
            when = start_of_day(start.value or "10:00")
        except TournamentError as exc:
            error.update(_("First games at: {error}").format(error=exc))
            start.focus()
            return None
        places = self.query_one("#ko-places", Input)
        try:
            n = int(places.value or "1")
        except ValueError:
            n = 0
        if n < 1:
            error.update(_("Places must be a whole number of at least 1."))
            places.focus()
            return None
        third = self.query_one("#ko-third", Checkbox).value
        if third and n != 1:
            error.update(_("A match for third place needs one winner (places 1)."))
            places.focus()
            return None
        rules = self.query_one("#ko-rules", Select).value
        cfg = dict(self.current.knockout) if self.current is not None else {}
        cfg.update(rules=str(rules) if rules is not Select.NULL else cfg.get("rules", "seed-rapid"), start=when)
        cfg.pop("places", None)
        cfg.pop("third_place", None)
        if n != 1:
            cfg["places"] = n
        if third:
            cfg["third_place"] = True
        return cfg

    def on_mount(self) -> None:
        cur = self.current
        if cur is not None:
            for key in ("name", "place", "chief_arbiter"):
                self.query_one(f"#{key}", Input).value = getattr(cur, key)
            for key, value in self.shown_values(cur).items():
                self.query_one(f"#{key}", Input).value = value
            for key in self.HEADER_FIELDS:
                if key in self.shown:
                    continue
                value = getattr(cur, key)
                self.query_one(f"#{key}", Input).value = "; ".join(value) if isinstance(value, tuple) else value
            colour = self.query_one("#initial_colour", Select)
            colour.value = cur.initial_colour or Select.NULL
            colour.disabled = self.system_fixed and bool(cur.initial_colour)  # 152: the pairings used it
            self.query_one("#rounds", Input).value = str(cur.total_rounds)
            system = self.query_one("#system", Select)
            if cur.system not in system_choices():
                system.set_options(system_options([cur.system, *system_choices()]))
            system.value = cur.system
            system.disabled = self.system_fixed
            if cur.point_system in POINT_SYSTEMS:
                self.query_one("#points", Select).value = cur.point_system
            self.query_one("#rating_for_pairing", Select).value = cur.rating_for_pairing or AUTO_RATING
            if cur.system in FORM_KEYS:
                self.query_one("#go-clock", Select).value = clock_of(cur.time_control)
            self.query_one("#preset", Select).disabled = True
        self.show_cup_fields()
        self.query_one("#name", Input).focus()
        self.call_after_refresh(self.fit_form)

    def shown_values(self, cur: NewTournament) -> dict[str, str]:
        """The stored values the settings show in the reader's form — dates as reports print
        them, a chess clock in words, the clock's code as it follows from the clock when none
        was stored — remembered in :attr:`shown` so that a field left as shown saves the stored
        value unchanged (no change in the journal for opening and saving)."""
        go = cur.system in FORM_KEYS
        self.shown = {"start_date": (date_shown(cur.start_date), cur.start_date),
                      "end_date": (date_shown(cur.end_date), cur.end_date),
                      "time_control": (cur.time_control if go else clock_shown(cur.time_control), cur.time_control),
                      "time_control_code": (cur.time_control_code or ("" if go else clock_code(cur.time_control)),
                                            cur.time_control_code)}
        return {key: text for key, (text, _stored) in self.shown.items()}

    shown: dict[str, tuple[str, str]] = {}
    """Field id → (the text the settings opened with, the stored value it stands for)."""

    def as_stored(self, key: str, typed: str) -> str:
        """``typed`` into field ``key``, or the stored value when it is the text shown for it."""
        text, stored = self.shown.get(key, (None, ""))
        return stored if typed == text else typed

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_form)

    def fit_form(self) -> None:
        """The settings' fields get the screen's height less the rest of the dialog (title,
        a cup's fields, the message line, the buttons) and scroll within it, so Save stays on
        screen at 60×20."""
        found = self.query("#form-scroll")
        if not found:
            return
        form = found.first()
        box = self.query_one("#new-tournament")
        others = sum(child.outer_size.height for child in box.children if child is not form and child.display)
        room = max(3, self.size.height - others - box.gutter.height)
        if form.styles.max_height is None or form.styles.max_height.value != room:
            form.styles.max_height = room

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == ("trf_type" if self.current is not None else "chief_arbiter"):
            self.action_create()
        else:
            self.focus_next()

    def action_cancel(self) -> None:
        self.dismiss(None)

    FIELD_IDS = {"name": "name", "total_rounds": "rounds", "time_control": "time_control",
                 "start_date": "start_date", "end_date": "end_date", "federation": "federation",
                 "time_control_code": "time_control_code"}
    """Keys of :func:`core.app.workspace.check_form` → the inputs holding them (those the
    form shows)."""

    def field_ids(self) -> dict[str, str]:
        return {k: v for k, v in self.FIELD_IDS.items() if self.query(f"#{v}")}

    def checked_fields(self) -> dict[str, object] | None:
        """The typed fields as the core checks them; on a refusal the field is focused and
        marked, the message shown under the form, and everything typed stays."""
        from core.app.workspace import check_form
        from core.fields import FieldError

        error = self.query_one("#form-error", Static)
        ids = self.field_ids()
        for input_id in [*ids.values(), *(f"go-{key}" for key in self.go_shown)]:
            self.query_one(f"#{input_id}", Input).remove_class("-refused")
        values: dict[str, object] = {key: self.as_stored(input_id, self.query_one(f"#{input_id}", Input).value)
                                     for key, input_id in ids.items()}
        if self.rounds_left_to_players():
            values["total_rounds"] = 1  # a placeholder: round 1 counts them from the table
        try:
            checked = check_form(values, str(self.query_one("#system", Select).value))
            if int(str(checked["total_rounds"])) < self.min_rounds:
                raise FieldError("total_rounds", _("{rounds} — {paired} rounds are paired already").format(
                    rounds=checked["total_rounds"], paired=self.min_rounds))
            system = str(self.query_one("#system", Select).value)
            if system in FORM_KEYS:
                check_clock(str(self.query_one("#go-clock", Select).value), str(checked.get("time_control", "")))
                checked["go"] = check_go_fields(self.go_values(system), system)
        except (FieldError, GoFieldError) as refused:
            go_field = refused.field in self.go_shown
            field = self.query_one(f"#go-{refused.field}" if go_field else f"#{ids.get(refused.field, 'name')}", Input)
            field.add_class("-refused")
            field.focus()
            error.update(refused.detail if go_field else str(refused))
            return None
        error.update("")
        return checked

    def go_values(self, system: str) -> dict[str, str]:
        """The Go fields of ``system`` as typed."""
        return {key: self.query_one(f"#go-{key}", Input).value for key in FORM_KEYS[system]}

    def action_create(self) -> None:
        checked = self.checked_fields()
        if checked is None:
            return
        name = str(checked["name"]).strip()
        rounds = int(str(checked["total_rounds"]))
        preset = self.query_one("#preset", Select).value
        system = str(self.query_one("#system", Select).value)
        knockout = self.cup_settings() if system == "knockout" else {}
        if knockout is None:
            return
        team = self.team_settings() if system == "swiss-team" else {}
        if team is None:
            return
        go = checked.get("go")
        form = NewTournament(
            name=name,
            system=system,
            total_rounds=0 if self.rounds_left_to_players() else rounds,
            time_control=str(checked["time_control"]),
            point_system=str(self.query_one("#points", Select).value),
            tiebreak_preset="" if preset in (Select.NULL, AUTO) else str(preset),
            language=str(self.query_one("#language", Select).value),
            start_date=str(checked["start_date"]),
            place=self.query_one("#place", Input).value,
            chief_arbiter=self.query_one("#chief_arbiter", Input).value,
            knockout=knockout,
            rating_for_pairing=_rating_choice(self.query_one("#rating_for_pairing", Select).value),
            team=team,
            go=changed(go, self.go_shown) if isinstance(go, dict) else {},
        )
        self.dismiss(form if self.current is None else self.with_header(form, checked))

    def with_header(self, form: NewTournament, checked: dict[str, object]) -> NewTournament:
        """``form`` with the TRF header fields of the settings form, as checked (deputies split
        at ``;``); a new event's form has none."""
        from dataclasses import replace

        deputies = self.query_one("#deputy_arbiters", Input).value
        colour = self.query_one("#initial_colour", Select).value
        return replace(form, federation=str(checked["federation"]), end_date=str(checked["end_date"]),
                       deputy_arbiters=tuple(n.strip() for n in deputies.split(";") if n.strip()),
                       time_control_code=str(checked.get("time_control_code") or ""),
                       trf_type=self.query_one("#trf_type", Input).value.strip(),
                       initial_colour="" if colour is Select.NULL else str(colour),
                       rank_method=self.query_one("#rank_method", Input).value.strip(),
                       controller=self.query_one("#controller", Input).value.strip())
