"""Provides the reports pane: printable texts (standings, pairings, entry list, crosstable) and export.

Reports come from the core (``core.reports`` when present, else the standings text and plain
lists built here); ``e`` writes the shown report to a file, so the arbiter can print it or hang
it on the wall.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Select, TextArea

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament, scores
from tui.i18n import L_, fmt_points
from tui.widgets.dialogs import PromptDialog

REPORTS = (("standings", L_("Standings")), ("pairings", L_("Pairings of the last round")),
           ("crosstable", L_("Crosstable")), ("players", L_("Entry list")), ("trf", L_("TRF export")))


def pairings_text(t: Tournament) -> str:
    from tui.screens.rounds import RESULT_TEXT, bye_text

    if not t.rounds:
        return _("No round is paired yet.")
    rnd = t.rounds[-1]
    before = scores(t, upto=rnd.number - 1)
    names = {p.pno: p.name for p in t.players}
    width = max((len(n) for n in names.values()), default=10)
    lines = [_("{name} — round {n}").format(name=t.name, n=rnd.number), ""]
    for i, b in enumerate(rnd.boards, 1):
        res = RESULT_TEXT[b.result] if b.result else "  -  "
        lines.append(f"{i:>3}  {b.white:>3} {names.get(b.white, '?'):<{width}} ({fmt_points(before[b.white]):>3})  "
                     f"{res:^5}  {b.black:>3} {names.get(b.black, '?'):<{width}} ({fmt_points(before[b.black]):>3})")
    for bye in rnd.byes:
        lines.append(f"     {bye.pno:>3} {names.get(bye.pno, '?'):<{width}}  {bye_text(bye.kind)}")
    return "\n".join(lines)


def players_text(t: Tournament) -> str:
    lines = [_("{name} — entry list").format(name=t.name), ""]
    for p in sorted(t.players, key=lambda p: p.pno):
        lines.append(f"{p.pno:>3}  {p.title:<3} {p.name:<30} {p.rating or '':>4}  {p.federation:<3}  {p.club}")
    return "\n".join(lines)


def crosstable_text(t: Tournament) -> str:
    from core.model import entries

    hist = entries(t)
    pts = scores(t)
    order = sorted(t.players, key=lambda p: (-pts[p.pno], p.pno))
    rank = {p.pno: i for i, p in enumerate(order, 1)}
    width = max((len(p.name) for p in t.players), default=10)
    head = f"{'':>3}  {_('Name'):<{width}} " + "".join(f"{r:>6}" for r in range(1, t.current_round + 1)) + f"  {_('Pts'):>4}"
    lines = [_("{name} — crosstable").format(name=t.name), "", head]
    for p in order:
        cells = []
        for e in hist.get(p.pno, []):
            if e.opponent is None:
                cells.append(f"{(e.code.value if e.code else '-'):>6}")
            else:
                col = "w" if e.colour.value == "w" else ("b" if e.colour.value == "b" else "-")
                cells.append(f"{rank.get(e.opponent, 0):>4}{col}{e.code.value if e.code else '?'}")
        lines.append(f"{rank[p.pno]:>3}  {p.name:<{width}} " + "".join(cells) + f"  {fmt_points(pts[p.pno]):>4}")
    return "\n".join(lines)


def report_text(t: Tournament, kind: str) -> str:
    """The text of one report (machine-independent: no locale in numbers, no clock)."""
    if kind == "standings":
        from core.standings import as_text, compute_standings

        return f"{t.name}\n\n" + as_text(compute_standings(t))
    if kind == "pairings":
        return pairings_text(t)
    if kind == "players":
        return players_text(t)
    if kind == "crosstable":
        return crosstable_text(t)
    if kind == "trf":
        from core.trf import write_trf

        return write_trf(t)
    raise TournamentError(f"unknown report {kind!r}")


class ReportsPane(Vertical):
    """Reports and export."""

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False

    BINDINGS = [Binding("e", "export", L_("Export to file"))]

    def compose(self) -> ComposeResult:
        yield Select([(str(label), key) for key, label in REPORTS], value="standings", allow_blank=False,
                     id="report-kind", compact=True)
        yield TextArea(id="report-text", read_only=True, soft_wrap=False, show_line_numbers=False)

    def on_mount(self) -> None:
        self.t: Tournament | None = None
        self.dirty = False

    def relabel(self) -> None:
        select = self.query_one("#report-kind", Select)
        value = select.value
        select.set_options([(str(label), key) for key, label in REPORTS])
        select.value = value
        if self.t is not None:
            self.show(self.t, force=True)

    def focus_main(self) -> None:
        self.query_one("#report-kind", Select).focus()

    def activated(self) -> None:
        if self.dirty and self.t is not None:
            self.show(self.t, force=True)

    @property
    def is_on_screen(self) -> bool:
        try:
            return self.screen.query_one("#tabs").active == "tab-reports"
        except Exception:  # noqa: BLE001 - not mounted yet
            return False

    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        kind = str(self.query_one("#report-kind", Select).value)
        try:
            text = report_text(t, kind)
        except TournamentError as exc:
            text = str(exc)
        area = self.query_one("#report-text", TextArea)
        if area.text != text:
            area.load_text(text)

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.t is not None:
            self.show(self.t, force=True)

    def action_export(self) -> None:
        kind = str(self.query_one("#report-kind", Select).value)
        suffix = ".trf" if kind == "trf" else ".txt"
        default = f"{self.screen.session.id}-{kind}{suffix}"

        def chosen(path: str | None) -> None:
            if not path:
                return
            target = Path(path).expanduser()
            try:
                target.write_text(report_text(self.t, kind) + "\n", encoding="utf-8")
            except OSError as exc:
                self.notify(_("Could not write {path}: {error}").format(path=target, error=exc.strerror or exc),
                            severity="error")
                return
            self.notify(_("Written to {path}.").format(path=target))

        self.app.push_screen(PromptDialog(_("Export report"), _("File to write the report to:"), value=default), chosen)
