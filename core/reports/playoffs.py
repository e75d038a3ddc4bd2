"""Playoff bracket and timetable pages (tie-break playoffs and knockout cups).

Everything shown is derived by :mod:`core.playoff` from its stored state (``evaluate``,
``timetable``); this module only lays it out.  The bracket groups the games of each stage into
matches (same two players, or the same placeholders such as "winner of Semi-final match 1"),
one box per match with the points each player scored in each game.  Because a knockout is
re-seeded by position each round (first v last among the survivors), a match of the next round
is not fed by two fixed boxes, so the stages are drawn one under the other (print) or side by
side (HTML) without connector lines that would suggest otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from collections.abc import Iterable, Mapping

from core.i18n import _, pgettext
from core.model import GameResult
from core.playoff.games import Entrant, Game, Lot
from core.playoff.match_score import MatchScore, decided_text, flag_legend, flag_letter, match_score
from core.reports.document import Column, Points, Report, ResultCell, Table
from core.reports.render import PRINT_WIDTH, width
from core.reports.view import View

_GAME_POINTS = {GameResult.WHITE_WINS: ("1", "0"), GameResult.BLACK_WINS: ("0", "1"),
                GameResult.DRAW: ("½", "½"), GameResult.WHITE_FORFEIT_WIN: ("+", "−"),
                GameResult.BLACK_FORFEIT_WIN: ("−", "+"), GameResult.DOUBLE_FORFEIT: ("−", "−"),
                GameResult.BOTH_LOSE: ("0", "0"), GameResult.WHITE_HALF: ("½", "0"),
                GameResult.BLACK_HALF: ("0", "½")}


@dataclass
class MatchBox:
    """The games of one pairing inside a stage, seen from ``a`` and ``b``."""

    stage: str
    a: Entrant
    b: Entrant | None
    marks: list[tuple[str, str, str]] = field(default_factory=list)
    """Per game: (a's mark, b's mark, kind)."""
    board: int | None = None
    start: int | None = None
    bye: bool = False
    """``a`` goes on without a game (knockout round with fewer matches than players)."""
    games: list[Game] = field(default_factory=list)
    score: MatchScore | None = None
    """The match as every page reads it (:func:`core.playoff.match_score.match_score`: the
    Armageddon decides the match and is no game point of it)."""

    def total(self, side: int) -> Fraction:
        """The match points of ``a`` (0) or ``b`` (1): the Armageddon not counted."""
        if self.score is None:
            return Fraction(0)
        return self.score.score_a if side == 0 else self.score.score_b


def _boxes(games, slots, byes: dict[str, tuple[int, ...]] | None = None, lots: Iterable[Lot] = ()) -> list[MatchBox]:
    start = {s.game.id: s for s in slots}
    boxes: dict[tuple, MatchBox] = {}
    for path, players in sorted((byes or {}).items()):
        stage = next((g.stage for g in games if g.id.startswith(path + "m")), None)
        if stage is None:
            continue
        for pno in players:
            boxes[(stage, "bye", pno)] = MatchBox(stage, pno, None, bye=True)
    order: dict[str, int] = {}
    for g in games:
        order.setdefault(g.stage, len(order))
    for g in games:
        key = _key(g.stage, g.white, g.black)
        box = boxes.get(key)
        if box is None:
            box = boxes[key] = MatchBox(g.stage, g.white, g.black)
            slot = start.get(g.id)
            if slot is not None:
                box.board, box.start = slot.board, slot.start
        box.games.append(g)
        if g.result is None:
            box.marks.append(("", "", g.kind))
            continue
        w, b = _GAME_POINTS[g.result]
        if g.kind == "armageddon" and g.result is GameResult.DRAW:
            w, b = "0", "1"  # Armageddon: a draw counts as a win for Black
        if g.kind == "armageddon" and g.result is GameResult.BOTH_LOSE and g.flag_later:
            w, b = ("1", "0") if g.flag_later == "white" else ("0", "1")
        box.marks.append((w, b, g.kind) if g.white == box.a else (b, w, g.kind))
    lots = tuple(lots)
    for box in boxes.values():
        if box.games:
            box.score = match_score(box.games, lots, box.a, box.b)
    # stages in the order they are played, players without a game first in their stage
    return sorted(boxes.values(), key=lambda b: order.get(b.stage, len(order)))


def _label(who: object, names: Mapping[int, str]) -> str:
    """A player by number and name; a placeholder ("winner of Semi-final match 1", stored in
    English by the playoff engine) in the page's language, with the words the TUI uses."""
    if isinstance(who, int):
        return f"{who:>3} {names.get(who, '')}".rstrip()
    from core.playoff.labels import entrant_text

    return f"    {entrant_text({}, str(who))}"


def _stage(stage: str) -> str:
    """A stage's name ("Quarter-final", stored in English) in the page's language."""
    from core.playoff.labels import stage_text

    return stage_text(stage)


def _winner(box: MatchBox) -> object | None:
    """The player of the box who went through (the match's winner, however decided)."""
    return box.score.winner if box.score is not None else None


def _outcome(box: MatchBox, names: Mapping[int, str], cup: bool, last: bool = False) -> str:
    """The score and who went through, in words (:func:`core.playoff.match_score.decided_text`);
    ``last``: the one match of a playoff's last stage, whose winner wins the playoff."""
    if box.score is None:
        return ""
    third = box.stage.endswith("third place")
    return decided_text(box.score, dict(names), final=cup and box.stage == "Final", third_place=third,
                        playoff_final=last and not cup and not third)


def _last_matches(boxes: list[MatchBox]) -> set[int]:
    """The boxes (by ``id``) that are the one match of the last stage played: a playoff's final
    (a match for third place stands beside it in its own stage)."""
    games = [b for b in boxes if not b.bye and not b.stage.endswith("third place")]
    if not games:
        return set()
    last = [b for b in games if b.stage == games[-1].stage]
    return {id(last[0])} if len(last) == 1 else set()


def _mark(mark: tuple[str, str, str], side: int) -> str:
    """A game's points in the box; the Armageddon's with its letter (``A1``/``A0``): it decides
    the match and is not added to its score."""
    if mark[2] == "armageddon" and mark[side]:
        return flag_letter("A") + mark[side]
    return mark[side] or "·"


def _key(stage: str, a: object, b: object) -> tuple[str, frozenset[str]]:
    """One match: its stage and its two players (or placeholders), in either colour."""
    return stage, frozenset((str(a), str(b)))


def _match_numbers(boxes: list[MatchBox]) -> dict[tuple[str, frozenset[str]], int]:
    """Each match's number inside its stage, as the bracket's captions count them (players
    going on without a game are not matches)."""
    counter: dict[str, int] = {}
    out: dict[tuple[str, frozenset[str]], int] = {}
    for box in boxes:
        if not box.bye:
            counter[box.stage] = counter.get(box.stage, 0) + 1
            out[_key(box.stage, box.a, box.b)] = counter[box.stage]
    return out


def game_names(games, with_stage: bool = False) -> dict[str, str]:
    """Game id → its name for people: "Match 1: Game 2", "Match 2: Armageddon" — the match
    counted as the bracket counts it, the game as the boards name it; a round-robin game
    is named by its kind (its players stand beside it). Never the stored id (``p.c1r1b1``).

    ``with_stage``: a list without a stage column names the stage too when the playoff has
    more than one ("Semi-final, match 1: Game 1", "Final: Game 1" — the semi-final's and the
    final's first games both read "Match 1: Game 1")."""
    from core.playoff.labels import game_label

    boxes = _boxes(games, [])
    numbers = _match_numbers(boxes)
    stages = _short_stages([g.stage for g in games])
    staged = with_stage and len(stages) > 1
    matches = {stage: sum(1 for b in boxes if b.stage == stage and not b.bye) for stage in stages}
    out: dict[str, str] = {}
    for g in games:
        n = numbers.get(_key(g.stage, g.white, g.black))
        if g.kind == "round_robin" or n is None:
            label = _round_robin_label(g) or game_label(g)
            out[g.id] = _("{stage}: {game}").format(stage=stages[g.stage], game=label) if staged else label
        elif staged and matches.get(g.stage) == 1:
            out[g.id] = _("{stage}: {game}").format(stage=stages[g.stage], game=game_label(g))
        elif staged:
            out[g.id] = _("{stage}, match {n}: {game}").format(stage=stages[g.stage], n=n, game=game_label(g))
        else:
            out[g.id] = _("Match {n}: {game}").format(n=n, game=game_label(g))
    return out


def _round_robin_label(game) -> str:
    """A playoff round robin's game by its round ("Round 2"): every game of a three-player
    playoff read "Round-robin game", only the stored id told them apart.  ``""`` for a game
    not of a first cycle's table."""
    import re

    found = re.search(r"(?:^|\.)c1r(\d+)b\d+$", game.id)
    if game.kind != "round_robin" or found is None:
        return ""
    return _("Round {round}").format(round=int(found.group(1)))


def _short_stages(stages: list[str]) -> dict[str, str]:
    """Each stage in the page's language without the parts every stage of the playoff shares:
    "Semi-final" and "Final", not "Knockout, two-game matches, pairing by lot: Semi-final"
    (the format is said once, above the games)."""
    distinct = list(dict.fromkeys(stages))
    split = [stage.split(": ") for stage in distinct]
    common = 0
    while all(len(parts) > common + 1 for parts in split) and len({parts[common] for parts in split}) == 1:
        common += 1
    return {stage: _stage(": ".join(parts[common:])) for stage, parts in zip(distinct, split)}


def _captions(boxes: list[MatchBox]) -> list[str]:
    """"Match 2 · board 3 · 19:17" per box (board and first start when the timetable has them)."""
    from core.playoff import clock

    numbers = _match_numbers(boxes)
    out = []
    for box in boxes:
        if box.bye:
            out.append("")
            continue
        parts = [_("Match {n}").format(n=numbers[_key(box.stage, box.a, box.b)])]
        if box.board is not None:
            parts.append(_("board {board}").format(board=box.board))
        if box.start is not None:
            parts.append(clock(box.start))
        out.append(" · ".join(parts))
    return out


def bracket_text(boxes: list[MatchBox], names: Mapping[int, str], max_width: int = PRINT_WIDTH,
                 cup: bool = False) -> str:
    """Box-drawn bracket for print: a box per match, stages one under the other (≤ 80 columns);
    under each decided match who went through and how."""
    lines: list[str] = []
    games = max((len(b.marks) for b in boxes), default=1)
    lettered = any(m[2] == "armageddon" for b in boxes for m in b.marks)  # A1/A0 take a cell more
    game_w = max(3 * games + lettered, width(_("Games")))
    total_w = max(5, width(_("Pts")))
    labels = [_label(who, names) for box in boxes for who in (box.a, box.b) if not box.bye]
    # as wide as the longest name or placeholder ("loser of Semi-final match 1") needs, in the page's width
    name_w = max(20, min(max((width(label) for label in labels), default=20),
                         max_width - game_w - total_w - 2 * 3 - 4))
    stage = None
    last = _last_matches(boxes)
    for box, caption in zip(boxes, _captions(boxes)):
        if box.stage != stage:
            if lines:
                lines.append("")
            lines.append(_stage(box.stage))
            stage = box.stage
        if box.bye:
            text = _("goes on without a game")
            inner = name_w + game_w + total_w + 6
            lines.append("┌" + "─" * (inner + 2) + "┐")
            content = _clip(f"{_label(box.a, names)}  ({text})", inner)
            lines.append(f"│ {_pad(content, inner)} │")
            lines.append("└" + "─" * (inner + 2) + "┘")
            continue
        win = _winner(box)
        lines.append(caption)
        top = "┌" + "─" * (name_w + 2) + "┬" + "─" * (game_w + 2) + "┬" + "─" * (total_w + 2) + "┐"
        bottom = top.replace("┌", "└").replace("┬", "┴").replace("┐", "┘")
        lines.append(top)
        for side, who in ((0, box.a), (1, box.b)):
            name = _clip(_label(who, names), name_w)
            marks = " ".join(f"{_mark(m, side):>2}" for m in box.marks)
            total = Points(box.total(side)) if box.marks and box.marks[0][side] != "" else None
            from core.reports.render import human

            tot = human(total) if total is not None else ""
            star = "*" if win is not None and win == who else " "
            lines.append(f"│ {_pad(name, name_w)} │ {_pad(marks, game_w)} │ {tot:>{total_w - 1}}{star} │")
        lines.append(bottom)
        outcome = _outcome(box, names, cup, id(box) in last)
        if outcome:
            lines.append("  → " + outcome)
    return "\n".join(lines)


def _clip(text: str, limit: int) -> str:
    if width(text) <= limit:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > limit - 1:
            break
        out += ch
    return out + "…"


def _pad(text: str, w: int) -> str:
    return text + " " * max(0, w - width(text))


def bracket_report(view: View, key: str, state: Mapping[str, Any], playoff_view, slots,
                   title: str, byes: dict[str, tuple[int, ...]] | None = None, cup: bool = False) -> Report:
    """The bracket: text with box drawing, HTML/CSV/JSON as one small table per match (its
    caption says who went through and how); ``cup``: a knockout cup's."""
    names = {p.pno: p.name for p in view.tournament.players}
    boxes = _boxes(playoff_view.games, slots, byes, playoff_view.lots)
    report = Report(f"bracket-{key}", title, [view.tournament.name], text_tables=False,
                    css=".bracket{display:flex;gap:0 2em;align-items:stretch}"
                        ".stage{display:flex;flex-direction:column;max-width:32em}"
                        ".matches{flex:1;display:flex;flex-direction:column;justify-content:space-around}"
                        "table.match{margin:.6em 0}table.match caption{font-weight:normal;color:#333}"
                        "table.match td:first-child{min-width:12em}"
                        "@media print{.bracket{flex-wrap:wrap}}")
    last = _last_matches(boxes)
    for box, caption in zip(boxes, _captions(boxes)):
        if box.bye:
            table = Table([Column("player", _("Player"), flex=True), Column("note", "", "l")],
                          [[_label(box.a, names).strip(), _("goes on without a game")]],
                          css_class="match", group=_stage(box.stage))
            report.tables.append(table)
            continue
        win = _winner(box)
        columns = [Column("player", _("Player"), flex=True)]
        columns += [Column(f"g{i}", _game_header(i, box.marks), "c") for i in range(1, len(box.marks) + 1)]
        columns += [Column("points", _("Pts"), "r"), Column("through", "", "c")]
        outcome = _outcome(box, names, cup, id(box) in last)
        table = Table(columns, title=f"{caption} — {outcome}" if outcome else caption, css_class="match",
                      group=_stage(box.stage))
        for side, who in ((0, box.a), (1, box.b)):
            done = box.score is not None and box.score.played
            table.rows.append([_label(who, names).strip(), *[m[side] for m in box.marks],
                               Points(box.total(side)) if done else "", "*" if win == who else ""])
        report.tables.append(table)
    report.preformatted = bracket_text(boxes, names, cup=cup)
    notes = [_("Per game the points scored; * marks the player who goes through."),
             *flag_legend(f for box in boxes if box.score is not None for f in box.score.flags)]
    from core.playoff.bracket import reseeding_note, reseeds

    if reseeds(g.id for g in playoff_view.games):
        notes.append(reseeding_note())
    if playoff_view.places is not None:
        from core.standings_ties import playoff_first_place

        order = []
        place = playoff_first_place(view.tournament, state)  # the event's places (2–4), not the playoff's own
        for group in playoff_view.places:
            label = str(place) if len(group) == 1 else f"{place}–{place + len(group) - 1}"
            order.append(f"{label}. " + "; ".join(names.get(p, str(p)) for p in group))  # "Surname, Given"
            place += len(group)
        notes.append(_("Final order: {order}").format(order="; ".join(order)))
    else:
        notes.append(_("Not decided yet."))
    report.notes = notes
    return report


def _game_header(i: int, marks: list[tuple[str, str, str]]) -> str:
    kind = marks[i - 1][2]
    return flag_letter("A") if kind == "armageddon" else str(i)


def timetable_report(view: View, key: str, state: Mapping[str, Any], playoff_view, slots,
                     title: str, start_line: str | None = None, cup: bool = False) -> Report:
    """Games with board, estimated start and end (``~`` marks estimates), players and result;
    ``cup``: the timetable of a knockout cup (no tie-break playoff: :func:`core.playoff.warnings`)."""
    from core.playoff import clock, stage_times, warnings

    names = {p.pno: p.name for p in view.tournament.players}
    # What a player at the wall looks for is when, where, against whom and at what clock: the
    # time control stays on an 80-column page; the stage and the game's name go first (the
    # stages' table under it gives each stage's times).
    table = Table([Column("start", _("Start"), "r"), Column("end", _("End"), "r"),
                   Column("board", _("Board"), "r"), Column("white", _("White"), flex=True),
                   Column("black", _("Black"), flex=True), Column("result", _("Result"), "c"),
                   Column("time_control", _("Time control")),
                   Column("stage", _("Stage"), flex=True, optional=True, spare=True),
                   Column("game", _("Game"), optional=True, spare=True)])
    from core.playoff.labels import game_title, open_colours_notes, open_colours_text, time_control_text
    from core.reports.document import Term

    named = game_names([s.game for s in slots])
    short = _short_stages([s.game.stage for s in slots])  # the format is said once, in the stages' table
    for s in sorted(slots, key=lambda s: (s.start, s.board, s.game.id)):
        g = s.game
        if g.result is not None:
            result: ResultCell | str = ResultCell(g.result)
        elif g.colours_open:
            result = open_colours_text(g)
        else:
            result = ""
        end = clock(s.end) if s.actual_end else "~" + clock(s.end)
        tc: Term | str = time_control_text(g.time_control)
        if g.kind == "armageddon":  # its two clocks under the table: the row says what it is
            tc = Term(str(tc), _("Armageddon"))
        table.rows.append([clock(s.start), end, s.board, _label(g.white, names).strip(),
                           _label(g.black, names).strip(), result, tc, short[g.stage], named[g.id]])
    stages = Table([Column("stage", _("Stage"), flex=True), Column("from", pgettext("time span", "From"), "r"),
                    Column("until", pgettext("time span", "Until"), "r")], title=_("Stages"))
    for stage, first, last in stage_times(slots):
        stages.rows.append([_stage(stage), clock(first), "~" + clock(last)])
    notes = [_("Times with ~ are estimates (both clocks used up); they are updated as results arrive.")]
    notes += open_colours_notes([s.game for s in slots])
    notes += dict.fromkeys(game_title(s.game) for s in slots if s.game.kind == "armageddon")  # its clocks, said once
    notes += warnings(slots, cup=cup)
    if start_line is None:
        # ``start`` is when the event's last game ENDS (``hakem playoff --start``); the first
        # playoff game follows after the break
        opening = min((s.start for s in slots), default=None)
        start_line = _("The event's last game ends at {end}; first playoff game {start}").format(
            end=str(state.get("start", "")), start=clock(opening) if opening is not None else "–")
    return Report(f"timetable-{key}", title, [view.tournament.name, start_line], [table, stages], notes)


def playoff_reports(view: View) -> list[Report]:
    """Bracket and timetable of every stored playoff, and of a knockout cup."""
    from core.playoff import evaluate, timetable

    t = view.tournament
    out: list[Report] = []
    for key, (part, name) in playoff_names(view).items():
        state = t.options["playoffs"][key]
        pv = evaluate(state)
        slots = timetable(state, pv)
        out.append(bracket_report(view, part, state, pv, slots, _("{playoff}: bracket").format(playoff=name)))
        out.append(timetable_report(view, part, state, pv, slots, _("{playoff}: timetable").format(playoff=name)))
    if t.system == "knockout" and len(t.players) >= 2:
        from core.playoff.cup import replay

        from core.playoff.cup import cup_timetable

        cup = replay(t)
        state, slots = cup_timetable(t, cup)
        out.append(bracket_report(view, "cup", cup.state, cup.view, [], _("Knockout bracket"), cup.byes, cup=True))
        out.append(timetable_report(view, "cup", state, cup.view, slots, _("Knockout timetable"),
                                    _("First games: {time}").format(time=state["start"]), cup=True))
    return out


def playoff_names(view: View) -> dict[str, tuple[str, str]]:
    """Every stored playoff's key → (the part of its pages' file names, its name for people):
    ``places-9-12`` and "Playoff for places 9–12" — the places its players hold in the
    standings, as the organiser and the players know it — not the key the TUI made of their
    numbers (``tie-9-10-12``).  A playoff whose players do not hold places in a row (one made
    with ``--force`` for players not tied), or a second one for the same places, keeps its key."""
    t = view.tournament
    playoffs = t.options.get("playoffs", {}) if isinstance(t.options, Mapping) else {}
    out: dict[str, tuple[str, str]] = {}
    used: set[str] = set()
    for key in sorted(playoffs):
        players = [p for p in (playoffs[key].get("players") or ()) if isinstance(p, int)]
        rows = sorted(r for p in players if (r := view.position.get(p)) is not None)
        if len(rows) == len(players) >= 2 and rows == list(range(rows[0], rows[0] + len(rows))):
            first, last = rows[0], rows[-1]
            part = f"places-{first}-{last}"
            if part not in used:
                used.add(part)
                out[key] = (part, _("Playoff for places {first}–{last}").format(first=first, last=last))
                continue
        out[key] = (key, _("Playoff {key}").format(key=key))
    return out


def playoff_report(view: View, key: str, kind: str) -> Report:
    """One page by key: ``kind`` is ``bracket`` or ``timetable`` (``hakem report ... --key``):
    the playoff's key or the places its pages are named by (``places-9-12``)."""
    from core.errors import TournamentError

    part = playoff_names(view).get(key, (key, ""))[0]
    for report in playoff_reports(view):
        if report.slug in (f"{kind}-{key}", f"{kind}-{part}"):
            return report
    known = sorted({r.slug.split("-", 1)[1] for r in playoff_reports(view)} - {"cup"})
    if view.tournament.system == "knockout":  # a cup is named a cup (Pokal, kupa, кубок), never a playoff
        if known:
            raise TournamentError(_("{key!r} names neither a playoff nor the cup; the cup's bracket and timetable: "
                                    "--key cup; playoffs: {value}.").format(key=key, value=", ".join(known)))
        raise TournamentError(_("{key!r} names neither a playoff nor the cup; the cup's bracket and timetable: "
                                "--key cup.").format(key=key))
    if not known:
        raise TournamentError(_("there is no playoff {key!r}: this event has none.").format(key=key))
    raise TournamentError(_('there is no playoff {key!r}; playoffs: {value}.').format(key=key, value=', '.join(known)))
