"""Provides the reports pane: every report the core offers for this tournament, and export.

The reports themselves are built by :mod:`core.reports` (the same as ``hakem report``); the pane
chooses the kind, the round (``[``/``]``) and the player for a card (``c``), shows the text,
writes it to a file with ``e`` — ``.pdf``, ``.html`` (printable page), ``.csv``, ``.trf`` or
text — and prints it with ``p`` (PDF to the machine's printer, as ``hakem print``).  ``g``
opens the prize groups.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual import events, work
from textual.widgets import Input, Label, Select, Static, TextArea
from textual.worker import Worker, WorkerState

from core.app.document_names import document_name
from core.app.report_language import report_language
from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from tui.i18n import L_
from tui.widgets.dialogs import LineDialog, PromptDialog
from tui.widgets.pane import LazyPane

if TYPE_CHECKING:
    from textual.widget import Widget

    from core.reports.printing import Document
    from core.app.exports import Exists


ROUND_KINDS = ("pairings", "alphabetical", "results", "slips")
PRINT_NAMES = {"pic-wallchart": "wallchart", "pic-bracket": "bracket", "pic-golevels": "go-table",
               "pic-progress": "standings", "pic-card": "card"}
"""The document printed for a picture shown on screen."""


def label(kind: str, t: Tournament | None = None) -> str:
    """The menu text of a kind (``ranking:KEY`` names its prize group)."""
    if kind.startswith("ranking:"):
        key = kind.split(":", 1)[1]
        name = key
        if t is not None:
            from core.prizes.settings import prize_settings

            name = next((g.name for g in prize_settings(t).groups if g.key == key), key)
        return _("Ranking: {name}").format(name=name)
    return document_name(kind) or kind


def _split(kind: str) -> tuple[str, str | None]:
    """``ranking:u12`` → (``ranking``, ``u12``); other kinds have no key."""
    name, _sep, key = kind.partition(":")
    return name, key or None


def document_for(t: Tournament, kind: str, round_no: int | None, pno: int | None) -> Document:
    """The printable document of what the pane shows (core.reports.printing)."""
    from core.reports import View
    from core.reports.printing import document

    if kind == "trf" or (kind.startswith("pic-") and kind not in PRINT_NAMES):
        raise TournamentError(_("This view has no printed form; choose a report to print."))
    name, key = _split(PRINT_NAMES.get(kind, kind))
    return document(View(t), name, round_no=round_no, pno=pno, key=key)


def report_text(t: Tournament, kind: str, round_no: int | None = None, pno: int | None = None,
                width: int = 0, screen: bool = False) -> str:
    """One report as text (no locale in numbers, no clock), its tables fitted to ``width``
    columns (default: the printed page's, 80); on the ``screen`` (F6's preview, which scrolls
    sideways) a table too wide stays one table instead of blocks of columns
    (:func:`core.reports.render.table_text`)."""
    if kind == "trf":
        from core.reports.export import trf_export

        return trf_export(t)
    from core.reports import to_text
    from core.reports.render import PRINT_WIDTH

    report = document_for(t, kind, round_no, pno).reports[0]
    return to_text(report, width or PRINT_WIDTH, blocks=not screen)


Wanted = tuple[Tournament, str, int | None, int | None]
"""What a report text is made of: the snapshot, the kind, the round and the player."""

_TextKey = tuple[int, str, "int | None", "int | None", int, str]
_AHEAD: dict[_TextKey, tuple[Tournament, str]] = {}
_AHEAD_LOCK = threading.Lock()
_AHEAD_UNDER_WAY: dict[_TextKey, threading.Event] = {}


def _text_key(t: Tournament, kind: str, round_no: int | None, pno: int | None, width: int) -> _TextKey:
    """The memo's key of one preview text: the snapshot, what is shown, its width and the
    language of its words."""
    from core.i18n import current_language

    return (id(t), kind, round_no, pno, width, current_language())


def first_kind(t: Tournament) -> str:
    """The report the pane shows first: the standings (a Go event's tournament table)."""
    from core.reports import View, report_kinds

    return report_kinds(View(t))[0]


def text_ahead(t: Tournament) -> None:
    """Make the preview text F6 shows first for ``t`` (the standings, at the printed page's
    width: what the pane asks for before its text area has a size), kept for the pane.

    Why: at 1,000 players the standings report is ~60 ms of Python (its rating changes, a
    thousand rows fitted) made in the pane's worker after F6; the first filled frame came
    ~0.2 s after the key.  Made in the thread that computes a big event's standings ahead
    (:func:`tui.preload.standings_ahead`), the first F6 fills its text in the pane's own
    frame.  Only the newest snapshot's text is kept; a result makes a new snapshot, whose
    text the pane's worker makes as before."""
    key = _text_key(t, first_kind(t), None, None, 0)
    with _AHEAD_LOCK:
        if key in _AHEAD_UNDER_WAY or _ahead_found(t, key) is not None:
            return
        done = _AHEAD_UNDER_WAY[key] = threading.Event()
    try:
        text = ReportsPane.text_of(t, key[1], None, None, 0)
        with _AHEAD_LOCK:
            _AHEAD.clear()
            _AHEAD[key] = (t, text)  # the snapshot kept with it: its id is not reused meanwhile
    finally:
        with _AHEAD_LOCK:
            del _AHEAD_UNDER_WAY[key]
        done.set()


def made_ahead(t: Tournament, kind: str, round_no: int | None, pno: int | None, width: int,
               wait: bool = False) -> str | None:
    """The text :func:`text_ahead` made for this view, if any (``wait``: while it is being
    made, wait for it rather than make it a second time); None otherwise."""
    key = _text_key(t, kind, round_no, pno, width)
    with _AHEAD_LOCK:
        found = _ahead_found(t, key)
        under_way = _AHEAD_UNDER_WAY.get(key)
    if found is None and under_way is not None and wait:
        under_way.wait()
        with _AHEAD_LOCK:
            found = _ahead_found(t, key)
    return found


def _ahead_found(t: Tournament, key: _TextKey) -> str | None:
    """The kept text for ``key`` if it was made for this very snapshot (under the lock)."""
    found = _AHEAD.get(key)
    return found[1] if found is not None and found[0] is t else None


class LanguageLineDialog(LineDialog[tuple[str, str]]):
    """A line (a file name, a printer) and the report's language: the event's by default, any
    other on request (:mod:`core.app.report_language`); gives back ``(line, language)``.

    ``named``, when given, is the line's default in a language (the file name in the report's
    words): choosing another language renames it, unless the organiser has typed a name."""

    def __init__(self, title: str, help_text: str, value: str, language: str, select_id: str,
                 check: Callable[[str], object] | None = None,
                 named: Callable[[str], str] | None = None) -> None:
        super().__init__(title, help_text, value=value, check=check)
        self.language = language
        self.select_id = select_id
        self.named = named

    def on_mount(self) -> None:
        from core.i18n import LANGUAGES
        from core.i18n.format import language_choice

        super().on_mount()
        self.query_one(".dialog-box").mount(
            Label(_("Language of the report (Tab)")),
            Select([(language_choice(c), c) for c in LANGUAGES], value=self.language, allow_blank=False,
                   id=self.select_id, compact=True),
            after="#prompt-input")

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.named is None or event.value == self.language or not isinstance(event.value, str):
            return
        field = self.query_one("#prompt-input", Input)
        if field.value == self.named(self.language):  # not typed over: follows the language
            field.value = self.named(event.value)
        self.language = event.value

    def answer(self, text: str) -> tuple[str, str]:
        return text, str(self.query_one(f"#{self.select_id}", Select).value)


class ExportDialog(LanguageLineDialog):
    """F6 ``e``: the file name (in the report's words) and the report's language."""

    def __init__(self, help_text: str, value: str, language: str, check: Callable[[str], object],
                 named: Callable[[str], str]) -> None:
        super().__init__(_("Export report"), help_text, value, language, "export-language", check, named)


class PrintDialog(LanguageLineDialog):
    """F6 ``p``: the printer and the report's language, as the export dialog offers it."""

    def __init__(self, printer: str, language: str) -> None:
        super().__init__(_("Print"), _("Printer (empty: the default printer; lpstat -p lists them):"), printer,
                         language, "print-language")


def export_name(t: Tournament, kind: str, suffix: str, round_no: int | None, pno: int | None,
                language: str) -> str:
    """The export's default file name in the report's ``language`` (``tur-1-siralama.html``):
    the file is the event's document (:func:`core.app.exports.default_name`)."""
    from core.app.exports import default_name
    from core.i18n import speaking

    with speaking(language):
        try:
            return default_name(t, kind, suffix, round_no, pno if kind == "card" else None,
                                title=document_name(kind))
        except TournamentError:
            return f"{kind}{suffix}"


def report_file(t: Tournament, kind: str, path: Path, round_no: int | None, pno: int | None) -> str | bytes:
    """The report in the format the file name asks for (.pdf, .html, .csv, .json, else text);
    a PDF comes back as bytes."""
    if kind == "trf":
        return report_text(t, kind)
    if kind.startswith("pic-"):
        raise TournamentError(_("Pictures are for the screen; export the matching report instead."))
    from core.reports import to_csv, to_html, to_json, to_text

    doc = document_for(t, kind, round_no, pno)
    report = doc.reports[0]
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        from core.reports.printing import render_pdf

        return render_pdf(t, doc)
    if suffix in (".html", ".htm"):
        from core.i18n import current_language

        return to_html(report, lang=current_language())
    if suffix == ".csv":
        return to_csv(report)
    if suffix == ".json":
        import json

        return json.dumps(to_json(report), ensure_ascii=False, indent=1)
    return to_text(report)


class ReportsPane(LazyPane, Vertical):
    """Reports and export."""
    TAB_ID = "tab-reports"

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False
    kinds: Sequence[str] = ()
    """The reports the drop-down offers for the event shown."""
    kind = ""
    """The report shown (empty: the first on offer: standings, or a Go event's tournament table)."""
    round_no: int | None = None
    """The round of a round's report (None: the current one)."""
    pno: int | None = None
    """The player of a player card (None: the first)."""
    printer = ""
    """The printer last chosen in the print dialog (empty: the default one)."""

    CHANGES = frozenset({"export"})  # --view on a public terminal writes no files

    BINDINGS = [
        Binding("e", "export", L_("Export to file")),
        Binding("left_square_bracket", "round(-1)", L_("Prev round"), show=False),
        Binding("right_square_bracket", "round(1)", L_("Next round"), show=False),
        Binding("c", "card", L_("Player card")),
        Binding("p", "print", L_("Print")),
        Binding("g", "prizes", L_("Prizes"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="report-bar"):
            yield Select([], value=Select.NULL, id="report-kind", compact=True, prompt=_("Report…"))
            yield Static(id="report-where")
        yield TextArea(id="report-text", read_only=True, soft_wrap=False, show_line_numbers=False)

    def relabel(self) -> None:
        self.kinds = ()
        if self.t is not None:
            self.show(self.t, force=True)

    def main_widget(self) -> Widget:
        pictures = self.query(".report-picture")
        return pictures.first() if len(pictures) else self.query_one("#report-text", TextArea)


    def available(self, t: Tournament) -> list[str]:
        from core.reports import View, report_kinds

        view = View(t)
        kinds = [k for k in report_kinds(view) if k != "ranking"]
        if t.rounds:
            kinds[kinds.index("results") + 1:kinds.index("results") + 1] = ["slips", "wallchart"]
        if t.players and not view.is_go:
            kinds.insert(kinds.index("card") + 1, "cards")
        if "prizes" in kinds:
            from core.prizes.settings import prize_settings

            try:
                groups = prize_settings(t).groups
            except TournamentError:
                groups = ()
            kinds += [f"ranking:{g.key}" for g in groups]
        kinds.append("trf")
        if t.rounds:
            kinds += ["pic-wallchart", "pic-progress", "pic-card"]
        if t.options.get("playoffs") or t.system == "knockout":
            kinds.append("pic-bracket")
        if t.system == "gamma" and t.rounds:  # the Gamma scheme's levels and top group
            kinds.append("pic-golevels")
        return kinds

    def picture(self, t: Tournament) -> Widget:
        """A picture widget (core.pictures drawn by tui.widgets.pictures) for a pic-* kind."""
        from tui.widgets import pictures

        kind = self.kind
        if kind == "pic-wallchart":
            return pictures.Wallchart(t, classes="report-picture")
        if kind == "pic-progress":
            return pictures.StandingsProgress(t, classes="report-picture")
        if kind == "pic-card":
            if self.pno is None:  # the first player (an event without players: "no player 1")
                self.pno = min((p.pno for p in t.players), default=1)
            return pictures.ProgressChart(t, self.pno, classes="report-picture")
        if kind == "pic-golevels":
            return pictures.GoLevelChart(t, classes="report-picture")
        playoffs = sorted(t.options.get("playoffs", {}))
        if t.system == "knockout" or not playoffs:
            return pictures.BracketView.for_tournament(t, classes="report-picture")
        names = {p.pno: p.name for p in t.players}
        return pictures.BracketView.for_playoff(t.options["playoffs"][playoffs[0]], names, classes="report-picture")

    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        kinds = self.available(t)
        select = self.query_one("#report-kind", Select)
        if kinds != self.kinds:
            self.kinds = kinds
            if self.kind not in kinds:
                self.kind = kinds[0]
            with select.prevent(Select.Changed):
                select.set_options([(label(k, t), k) for k in kinds])
                select.value = self.kind
        if self.round_no is not None and not 1 <= self.round_no <= t.current_round:
            self.round_no = None
        self.render_report()

    def render_report(self) -> None:
        t = self.shown
        area = self.query_one("#report-text", TextArea)
        self.wanted = None  # a text still being made is for another view
        for old in self.query(".report-picture"):
            old.remove()
        if self.kind.startswith("pic-"):
            area.display = False
            try:
                widget = self.picture(t)
            except TournamentError as exc:
                area.display = True
                area.load_text(str(exc))
                return
            self.query_one("#report-where", Static).update(
                _("player {pno} (c)").format(pno=self.pno) if self.kind == "pic-card" else "")
            self.mount(widget)
            return
        area.display = True
        where = ""
        if self.kind in ROUND_KINDS:
            where = _("round {n} ([ ])").format(n=self.round_no or t.current_round)
        elif self.kind == "card":
            if self.pno is None and t.players:
                self.pno = min(p.pno for p in t.players)
            where = _("player {pno} (c)").format(pno=self.pno)
        self.query_one("#report-where", Static).update(where)
        wanted = (t, self.kind, self.round_no, self.pno)
        self.wanted = wanted
        self.text_width = width = self.width_for_text()
        if len(t.players) > self.BIG:
            ready = made_ahead(*wanted, width)
            if ready is not None:  # made ahead (tui.preload): filled in the pane's own frame
                self.put_text(wanted, ready)
                return
            self.call_after_refresh(self.text_worker, *wanted, width)  # the pane's frame first (see BIG)
            return
        self.put_text(wanted, self.text_of(*wanted, width=width))

    text_width = 0
    """The width the text shown was made for (0: the printed page's)."""

    def width_for_text(self) -> int:
        """The report's width in the preview: the printed page's, or the text area's when that
        is narrower — at 60 columns the page's text ran past the edge and a cup's match score
        read "1½–"; fitted, its tables shrink names and leave out what may go, as on paper.
        0 (the page's) before the area has a size."""
        from core.reports.render import PRINT_WIDTH

        area = self.query_one("#report-text", TextArea)
        room = area.content_region.width - area.styles.scrollbar_size_vertical - 1  # the cursor's cell
        return 0 if room <= 0 or room >= PRINT_WIDTH else room

    def on_resize(self, event: events.Resize) -> None:
        """A text made for another width is made again (the first layout, a terminal made wider
        or narrower), once the text area has its new size."""
        self.call_after_refresh(self.refit_text)

    def refit_text(self) -> None:
        if self.t is not None and self.wanted is not None and not self.kind.startswith("pic-") \
                and self.width_for_text() != self.text_width:
            self.render_report()

    BIG = 400
    """Above this many players the report's text is made in a thread worker, as the standings
    pane does (1,000 players: the standings report with its rating changes is ~0.2 s of
    Python that would hold every frame and key); below it, at once."""

    wanted: Wanted | None = None
    """(snapshot, kind, round, player) of the text the pane is to show: a worker's text for
    anything else arrives late and is dropped."""

    @staticmethod
    def text_of(t: Tournament, kind: str, round_no: int | None, pno: int | None, width: int = 0) -> str:
        try:
            return report_text(t, kind, round_no, pno, width, screen=True)
        except TournamentError as exc:
            return str(exc)

    @work(thread=True, exclusive=True, group="report-text", exit_on_error=False, description="report")
    def text_worker(self, t: Tournament, kind: str, round_no: int | None, pno: int | None,
                    width: int = 0) -> tuple[Wanted, str]:
        ahead = made_ahead(t, kind, round_no, pno, width, wait=True)  # being made ahead: not twice
        return (t, kind, round_no, pno), ahead if ahead is not None else self.text_of(
            t, kind, round_no, pno, width=width)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "report-text" and event.state is WorkerState.SUCCESS:
            made: tuple[Wanted, str] | None = event.worker.result  # text_worker's
            if made is not None:
                self.put_text(*made)

    def put_text(self, made: Wanted, text: str) -> None:
        """Show ``text`` if it is still what the pane is to show (``made`` is ``wanted``)."""
        area = self.query_one("#report-text", TextArea)
        wanted = self.wanted
        if wanted is None or made[0] is not wanted[0] or made[1:] != wanted[1:]:
            return
        if area.text != text:
            if len(made[0].players) > self.BIG:
                from tui.services import gc_after_frame

                gc_after_frame(self)  # a collection its thousand lines set off waits for their frame
            area.load_text(text)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "report-kind" and event.value is not Select.NULL and self.t is not None:
            self.kind = str(event.value)
            self.render_report()

    def action_round(self, step: int) -> None:
        if self.t is None or not self.t.current_round:
            return
        current = self.round_no or self.t.current_round
        self.round_no = max(1, min(self.t.current_round, current + step))
        self.render_report()

    def action_card(self) -> None:
        def chosen(text: str | None) -> None:
            if text and text.strip().isdigit():
                self.pno = int(text)
                if self.kind not in ("card", "pic-card"):
                    self.kind = "card"
                    with self.query_one("#report-kind", Select).prevent(Select.Changed):
                        self.query_one("#report-kind", Select).value = "card"
                self.render_report()

        self.app.push_screen(PromptDialog(_("Player card"), _("Pairing number of the player:"),
                                          value=str(self.pno or 1)), chosen)

    def action_export(self) -> None:
        """Ask for the file name (the default names the round and the report, in the
        tournament's folder of the user's exports, never the data directory), then render and
        write it in
        the background; a taken name asks "replace / keep both / cancel"."""
        if self.t is None:
            return
        from core.app.exports import check_typed, folder_path

        t, kind, pno = self.t, self.kind, self.pno
        round_no = (self.round_no or t.current_round) if kind in ROUND_KINDS else None
        tid = self.screen.session.desk.id
        suffix = ".trf" if kind == "trf" else ".html"
        language = report_language(t)

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is not None and answer[0].strip():
                self.write_export(t, kind, answer[0].strip(), round_no, pno, language=answer[1])

        self.app.push_screen(ExportDialog(
            _("File name, saved in {folder} (or a full path starting with / or ~); the ending chooses "
              "the format: .pdf, .html (printable page), .csv, .json, .trf or .txt.").format(
                folder=folder_path(tid)), export_name(t, kind, suffix, round_no, pno, language), language,
            check_typed, named=lambda code: export_name(t, kind, suffix, round_no, pno, code)), chosen)

    def write_export(self, t: Tournament, kind: str, typed: str, round_no: int | None, pno: int | None,
                     exists: Exists = "refuse", data: bytes | None = None, language: str | None = None) -> None:
        """Render (unless ``data`` is given) in ``language`` (the event's by default) and write
        in a thread worker; every failure comes back as a message (a missing PDF library, a
        full disk, a planted link)."""
        from core.app.exports import ExportExists, write_typed
        from core.i18n import speaking
        from core.safe_text import machine_safe

        tid = self.screen.session.desk.id

        def work() -> None:
            content = data
            try:
                if content is None:
                    with speaking(report_language(t, language)):  # the document's words, not the screen's
                        rendered = report_file(t, kind, Path(typed), round_no, pno)
                    content = rendered if isinstance(rendered, bytes) else machine_safe(
                        rendered, "trf" if Path(typed).suffix.lower() == ".trf" else "text")[0].encode("utf-8")
                    if kind == "trf":  # the file's own line end (TRF-2026: CR), after the data was made safe
                        from core.reports.export import TRF_LINE_ENDINGS

                        content = content.replace(b"\n", TRF_LINE_ENDINGS["2026"].encode())
                path = write_typed(tid, typed, content, exists)  # by this process, as the user
            except ExportExists as exc:
                self.app.call_from_thread(self.ask_replace, t, kind, typed, round_no, pno, content, exc.path)
                return
            except (TournamentError, OSError) as exc:
                self.app.call_from_thread(self.notify, str(exc), severity="error", timeout=12)
                return
            self.app.call_from_thread(self.notify, _("Written to {path}.").format(path=path), timeout=12)

        self.run_worker(work, thread=True, group="export")

    def ask_replace(self, t: Tournament, kind: str, typed: str, round_no: int | None, pno: int | None,
                    data: bytes | None, path: Path) -> None:
        from tui.widgets.dialogs import ChoiceDialog

        def answered(choice: str | None) -> None:
            if choice in ("replace", "keep"):
                self.write_export(t, kind, typed, round_no, pno, choice, data)  # type: ignore[arg-type]  # narrowed by the test above; mypy does not narrow `str` to its Literal by `in`

        self.app.push_screen(ChoiceDialog(
            _("File exists"), _("{path} already exists.").format(path=path),
            [("replace", "r", _("Replace")), ("keep", "k", _("Keep both"))], default="keep"), answered)

    def action_print(self) -> None:
        """Ask for the printer (empty: the default one), then print in the background."""
        if self.t is None:
            return
        t, kind, round_no, pno = self.t, self.kind, self.round_no, self.pno

        def work(printer: str, language: str) -> None:
            from core.reports.printer import print_pdf
            from core.reports.printing import render_pdf

            from core.i18n import speaking

            try:
                with speaking(language):  # printed paper is the event's unless chosen (core.app.report_language)
                    doc = document_for(t, kind, round_no, pno)
                    pdf, title = render_pdf(t, doc), f"{t.name} – {doc.reports[0].title}"
                outcome = print_pdf(pdf, doc.name, printer or None, title=title)
            except (TournamentError, OSError) as exc:  # a missing PDF library comes as one too
                self.app.call_from_thread(self.notify, str(exc), severity="error", timeout=12)
                return
            self.app.call_from_thread(self.notify, outcome.message,
                                      severity="information" if outcome.printed else "warning",
                                      timeout=12)

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is None:
                return
            self.printer = answer[0].strip()
            self.notify(_("Preparing the PDF…"), timeout=3)
            self.run_worker(lambda: work(self.printer, report_language(t, answer[1])), thread=True,
                            group="print", exclusive=True)

        self.app.push_screen(PrintDialog(self.printer, report_language(t)), chosen)

    def action_prizes(self) -> None:
        from tui.screens.prizes import PrizesScreen

        def closed(_result: None) -> None:
            if self.t is not None:
                self.show(self.screen.session.tournament, force=True)

        self.app.push_screen(PrizesScreen(self.screen), closed)
