"""The pictures' demo data and a tiny Textual app showing one picture (used by the snapshots).

Run it by hand:  python3 -m tests.test_pictures_app bracket [en|tr|de|ru]
Pictures: bracket, progress, wallchart-rr, wallchart-swiss, golevels.

The data is built without any pairing engine: circle-method rounds from ``tests.tui_fixtures`` (fixed
results), a playoff whose results are entered game by game through ``core.playoff`` (so the
bracket shows finished matches, an extension, an Armageddon and a match still running), and the
Gamma seed's own 11-player event (the Gamma procedure, as reproduced in ``tests/test_go_seed.py``).
"""

from __future__ import annotations

import sys
from fractions import Fraction

from textual.app import App, ComposeResult
from textual.containers import Vertical

from core.model import Board, Bye, ByeKind, GameResult, Player, Round, Tournament
from tests.tui_fixtures import demo

# -- data ------------------------------------------------------------------------------------

RULES = {"segments": [{"games": 2, "time_control": "1200"}, {"games": 2, "time_control": "300+2"}],
         "decider": "armageddon"}


def swiss_event() -> Tournament:
    """The 12-player demo club event after 5 of its rounds (circle pairings, fixed results)."""
    return demo(rounds=5, tiebreaks=("BH", "SB")).with_changes(id="club-rapid")


def round_robin_event() -> Tournament:
    """A 6-player round robin after 4 rounds (the same circle pairings, system ``berger``)."""
    t = demo()
    t = t.with_changes(players=t.players[:6], total_rounds=5, id="club-rr", name="Club Championship")
    from tests.tui_fixtures import with_rounds

    return with_rounds(t, 4).with_changes(system="berger")


def playoff_state(stage: str = "live") -> tuple[dict, dict[int, str]]:
    """An 8-player knockout playoff.  Quarter-final 2 goes to Armageddon, 3 to extensions.

    ``stage``: ``"live"`` (quarter-finals done, semi-finals half played) or ``"done"``.
    """
    from core.playoff import create, enter_result, evaluate

    t = swiss_event()
    names = {p.pno: p.name for p in t.players}
    players = list(range(1, 9))
    state = create(players, 1, plan={"kind": "knockout", "name": "", "places": 1, "rules": RULES},
                   seed=2026)

    def result_for(game) -> str:
        better = "1-0" if game.white < game.black else "0-1"
        worse = "0-1" if better == "1-0" else "1-0"
        if ".r1m2." in game.id:
            return worse if game.id.endswith(".arm") else "1/2"
        if ".r1m3." in game.id:
            return better if ".s1g" in game.id else "1/2"
        return better

    limit = {"live": 10, "done": 100}[stage]
    for _ in range(limit):
        ready = evaluate(state).ready
        if not ready:
            break
        if stage == "live" and all(".r2" in g.id for g in ready):
            state = enter_result(state, ready[0].id, result_for(ready[0]))
            break
        for g in ready:
            state = enter_result(state, g.id, result_for(g))
    return state, names


GO_PLAYERS = [
    (1, "Матвеев, Евгений", 2510), (2, "Горжалцан, Владимир", 2247), (3, "Алексеев, Иван", 2150),
    (4, "Борисов, Пётр", 2050), (5, "Васильев, Олег", 1950), (6, "Григорьев, Антон", 1850),
    (7, "Дмитриев, Юрий", 1820), (8, "Егоров, Максим", 1560), (9, "Жуков, Никита", 1520),
    (10, "Лозовский, Леонид", 952), (11, "Едемская, Зоя", 798),
]
GO_ROUNDS = [
    ([(5, 1, 1, 0), (2, 6, 2, 0), (7, 3, 3, 0), (4, 8, 4, 3), (9, 10, 9, 6)], 11, ()),
    ([(3, 1, 1, 0), (4, 2, 2, 0), (5, 7, 5, 0), (6, 9, 6, 2), (8, 11, 8, 7)], 10, ()),
    ([(2, 1, 1, 0), (3, 5, 5, 0), (4, 6, 4, 0), (7, 8, 8, 2), (10, 11, 11, 2)], 9, ()),
    ([(4, 1, 4, 0), (5, 2, 2, 0), (7, 10, 7, 8), (3, 9, 3, 1)], 8, (6, 11)),
    ([(1, 6, 1, 0), (2, 3, 2, 0), (5, 10, 5, 9), (7, 11, 7, 9), (8, 9, 8, 1)], None, (4,)),
    ([(1, 7, 1, 0), (2, 8, 2, 0), (6, 10, 6, 9), (9, 11, 9, 8), (4, 3, 3, 0)], None, (5,)),
]
"""The Gamma seed's event (the Gamma procedure) as filled in by tests/test_go_seed.py: (white, black,
winner, handicap) per board, the odd-number rest, the refusals."""


def go_event(rounds: int = 6) -> Tournament:
    players = tuple(Player(pno, name, rating) for pno, name, rating in GO_PLAYERS)
    built = []
    for number, (boards, rest, refusals) in enumerate(GO_ROUNDS[:rounds], start=1):
        bs = tuple(Board(w, b, GameResult.WHITE_WINS if win == w else GameResult.BLACK_WINS,
                         handicap=h, komi=Fraction(1, 2) if h else Fraction(13, 2))
                   for w, b, win, h in boards)
        byes = ((Bye(rest, ByeKind.PAB),) if rest else ()) + tuple(Bye(p, ByeKind.ZERO) for p in refusals)
        built.append(Round(number, bs, byes))
    return Tournament("gamma-2005", "Турнир, посвященный 60-летию Победы", system="gamma",
                      total_rounds=6, players=players, rounds=tuple(built))


# -- app -------------------------------------------------------------------------------------

PICTURES = ("bracket", "progress", "wallchart-rr", "wallchart-swiss", "golevels")


class PicturesDemo(App):
    """One picture, full screen, in a given language."""

    CSS = "Screen { layout: vertical; } #top { height: auto; } #rest { height: 1fr; }"

    def __init__(self, picture: str, lang: str = "en") -> None:
        super().__init__()
        self.picture, self.lang = picture, lang

    def compose(self) -> ComposeResult:
        from core.i18n import set_language
        from tui.widgets.pictures import (BracketView, GoLevelChart, ProgressChart, StandingsProgress,
                                          Wallchart)

        set_language(self.lang)
        if self.picture == "bracket":
            state, names = playoff_state("live")
            yield BracketView.for_playoff(state, names, id="rest")
        elif self.picture == "progress":
            t = swiss_event()
            with Vertical():
                yield ProgressChart(t, 1, id="top")
                yield StandingsProgress(t, id="rest")
        elif self.picture == "wallchart-rr":
            yield Wallchart(round_robin_event(), large=True, id="rest")
        elif self.picture == "wallchart-swiss":
            yield Wallchart(swiss_event(), large=True, id="rest")
        elif self.picture == "golevels":
            yield GoLevelChart(go_event(), id="rest")
        else:
            raise ValueError(f"unknown picture {self.picture!r}; use one of {', '.join(PICTURES)}")


if __name__ == "__main__":
    PicturesDemo(sys.argv[1] if len(sys.argv) > 1 else "bracket",
                 sys.argv[2] if len(sys.argv) > 2 else "en").run()
