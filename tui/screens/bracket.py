"""The bracket of a knockout cup (``b`` on the tournament screen of a cup).

Every knockout round with its matches: the two players by name, the score of the match, who
went through and how (extension games, Armageddon, lot, forfeit), the players who advance
without a game and those eliminated.  Text that wraps to the window (80×24 and 60×20 alike)
and scrolls; the same derivation the rounds pane names its boards with
(:func:`core.playoff.cup_bracket.cup_summary`), so both always agree.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.errors import TournamentError
from core.i18n import _, ngettext
from core.model import Tournament
from core.playoff.cup_bracket import MatchSummary, cup_summary
from core.playoff.labels import entrant_text, stage_text
from core.playoff.match_score import flag_legend, outcome_text, score_text
from tui.i18n import L_


def _player(names: dict[int, str], who: object) -> str:
    if isinstance(who, int):
        return f"{who} {names.get(who, '?')}"
    return entrant_text(names, str(who))


Line = tuple[int, Text]
"""A line of the bracket and its indent level (0 round, 1 match, 2 its outcome); long lines
wrap under their own indent."""


def _match_lines(m: MatchSummary, final: bool, names: dict[int, str],
                 bids: frozenset[frozenset[int]] = frozenset()) -> list[Line]:
    title = _("Match for third place") if m.third_place else _("Match {n}").format(n=m.number)
    head = Text(f"{title}: ", style="bold")
    head.append(f"{_player(names, m.a)} – {_player(names, m.b)}")
    if m.played:
        head.append(f"   {score_text(m)}", style="bold")  # as every page writes the match
    if m.winner is not None:
        status = outcome_text(m, names, final=final, third_place=m.third_place)
    elif isinstance(m.a, int) and isinstance(m.b, int):
        status = _games_played(m.played) if m.played else _("to be played")
        if frozenset((m.a, m.b)) in bids:  # all games played: the Armageddon waits for the bids
            status = _("{played}; the Armageddon waits for the players' bids (p on the rounds tab)").format(
                played=status)
    else:
        status = _("waits for the earlier matches")
    return [(1, head), (2, Text(status, style="green" if m.winner is not None else ""))]


def _bids_awaited(t: Tournament) -> frozenset[frozenset[int]]:
    """The pairs whose Armageddon waits for the players' bids (the round's results are in)."""
    from core.playoff.cup import waiting_armageddons

    if not t.rounds or not t.rounds[-1].complete:
        return frozenset()
    try:
        return frozenset(frozenset((int(g.white), int(g.black))) for g in waiting_armageddons(t))
    except TournamentError:
        return frozenset()


def _games_played(n: int) -> str:
    return ngettext("playing: {n} game played", "playing: {n} games played", n).format(n=n)


def bracket_lines(t: Tournament) -> list[Line]:
    """The whole bracket, first knockout round first."""
    names = {p.pno: p.name for p in t.players}
    try:
        rounds = cup_summary(t)
    except TournamentError as exc:
        return [(0, Text(str(exc)))]
    out: list[Line] = []
    total = len(rounds)
    bids = _bids_awaited(t)
    for rnd in rounds:
        title = _("{stage} · round {r} of {n}").format(stage=stage_text(rnd.name), r=rnd.number, n=total)
        out.append((0, Text(title, style="bold underline")))
        for m in rnd.matches:
            out.extend(_match_lines(m, rnd.name == "Final", names, bids))  # one winner: "wins the cup"
        if rnd.byes:
            out.append((1, Text(_("Advance without a game: {players}").format(
                players=", ".join(_player(names, p) for p in rnd.byes)))))
        if rnd.eliminated:
            words = _("Runner-up: {players}") if rnd.name == "Final" else _("Eliminated: {players}")
            out.append((1, Text(words.format(players=", ".join(_player(names, p) for p in rnd.eliminated)),
                                style="dim")))
    # the letters beside a score (Д А, E A) read as the standings' report explains them
    legend = flag_legend(f for rnd in rounds for m in rnd.matches if m.played for f in m.flags)
    out.extend((0, Text(line, style="dim")) for line in legend)
    return out


class BracketScreen(ModalScreen[None]):
    """The cup's bracket, full screen; arrows and Page keys scroll, Escape closes."""

    BINDINGS = [Binding("escape,q,b", "close", L_("Close"))]
    DEFAULT_CSS = """
    BracketScreen .indent-0 { margin-top: 1; }
    BracketScreen .indent-0:first-child { margin-top: 0; }
    BracketScreen .indent-1 { padding-left: 2; }
    BracketScreen .indent-2 { padding-left: 6; }
    """

    def __init__(self, t: Tournament) -> None:
        super().__init__(classes="dialog")
        self.t = t

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box full"):
            yield Label(_("Knockout bracket: {name}").format(name=self.t.name), classes="dialog-title",
                        markup=False)
            with VerticalScroll(id="bracket-body"):
                for indent, line in bracket_lines(self.t):
                    yield Static(line, classes=f"bracket-line indent-{indent}")
            yield Static(_("Arrows scroll; Escape closes."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#bracket-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
