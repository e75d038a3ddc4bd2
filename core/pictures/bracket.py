"""Knockout and playoff brackets drawn as trees (terminal text and inline SVG/HTML).

Why the tree is rebuilt from the games: ``core.playoff`` stores no bracket, only results; each
evaluation emits the games that exist now, with placeholders ("winner of Semi-final match 1")
for players not known yet.  The knockout re-seeds every round (first v last among the
survivors), so which match feeds which is read from the games themselves: a known player in
round r+1 came from the round-r match (or bye) they were in, a placeholder names its match.
The picture therefore follows every result and every correction with no state of its own.

Layout: round 1 on the left, the winner on the right; every entrant that comes in from
nowhere (round 1, or a seeded late entrant) gets its own line, two lines apart; a match sits
half-way between its two entrants.  Players advancing without a game (an imaginary opponent,
Aktar p. 68) are drawn with a dashed line.  Flags after the score: ``E`` extension games,
``A`` Armageddon, ``SD`` sudden death, ``L`` decided by lot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.i18n import _
from core.i18n.format import format_points
from core.model import Tournament
from core.playoff.bracket_plan import ROUND_NAMES, translate_stage
from core.playoff.games import Lot
from core.playoff.labels import stage_text
from core.playoff.match_score import flag_legend, flag_letter, match_score
from core.pictures.text import Canvas, Span, TextPicture, cells, clip, esc, pad

_GAME = re.compile(r"^(?P<ko>.+)\.r(?P<r>\d+)m(?P<m>\d+)\.(?P<g>[^.]+)$")
_THIRD = re.compile(r"^(?P<ko>.+)\.third\.(?P<g>[^.]+)$")
_BYES = re.compile(r"^(?P<ko>.+)\.r(?P<r>\d+)$")
_SINGLE = re.compile(r"^(?P<path>p|.+\.final|.+\.p\d+)\.(?P<g>s\d+g\d+|arm|sd\d+)$")
"""A stand-alone match: a 2-player playoff, the final of group winners, a part of a split."""
_WINNER_OF = re.compile(r"^winner of (?P<name>.+) match (?P<m>\d+)$")
_GROUP = re.compile(r"^winner of group (?P<g>\w+)$")
_LOSER_OF = re.compile(r"^loser of (?P<name>.+) match (?P<m>\d+)$")

MIN_COLUMN = 16
MAX_COLUMN = 30


@dataclass(frozen=True)
class Entry:
    """One side of a match (or a player advancing without a game).

    ``label`` is empty while the player is not known (the line is drawn blank); ``note`` then
    says where the player will come from when that is not another match of this bracket.
    """

    pno: int | None
    label: str
    score: str = ""
    won: bool = False
    note: str = ""


@dataclass(frozen=True)
class GameLine:
    """One game of a match, for the HTML details: id, kind, players, result text."""

    id: str
    kind: str
    white: int | None
    black: int | None
    result: str


@dataclass(frozen=True)
class Node:
    """A match, a bye (one entry, dashed line), in knockout ``round``; ``children`` per entry.

    A child is the node the entrant came from; ``None`` means the entrant starts here.
    """

    kind: str
    round: int
    number: int
    entries: tuple[Entry, ...]
    children: tuple[Node | None, ...]
    winner: int | None = None
    flags: str = ""
    running: bool = False
    games: tuple[GameLine, ...] = ()


@dataclass(frozen=True)
class Bracket:
    """One knockout: its rounds' names (translated), the trees, the third-place match."""

    key: str
    title: str
    round_names: tuple[str, ...]
    roots: tuple[Node, ...]
    third: Node | None = None
    places: int = 1
    names: Mapping[int, str] = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return len(self.round_names)


# -- building --------------------------------------------------------------------------------

def _placeholder_note(text: str) -> str:
    if text.startswith("paired after "):
        from core.playoff.labels import entrant_text

        return entrant_text({}, text)
    m = _GROUP.match(text)
    if m:
        return _("winner of group {group}").format(group=m.group("g"))
    m = _LOSER_OF.match(text)
    if m:
        return _("loser of {round} match {number}").format(
            round=translate_stage(m.group("name")), number=int(m.group("m")))
    m = _WINNER_OF.match(text)
    if m:
        return _("winner of {round} match {number}").format(
            round=translate_stage(m.group("name")), number=int(m.group("m")))
    return text


def _label(pno: int, names: Mapping[int, str]) -> str:
    name = names.get(pno, "")
    return f"{pno} {name}".strip()


def _match_node(path: str, rnd: int, number: int, games: list[Any], lots: Mapping[str, Lot],
                names: Mapping[int, str], seed_index: Mapping[int, int]) -> tuple[Node, tuple[Any, Any]]:
    """A match from its games; returns the node (children filled later) and its two entrants."""
    first = games[0]
    a, b = first.white, first.black
    known = not (isinstance(a, str) or isinstance(b, str))
    m = match_score(games, lots.values(), a, b)
    lines = [GameLine(g.id, g.kind, g.white if isinstance(g.white, int) else None,
                      g.black if isinstance(g.black, int) else None,
                      g.result.value if g.result is not None else "") for g in games]
    winner = m.winner
    running = winner is None and known and any(g.result is None and not g.colours_open for g in games)
    started = any(g.result is not None and g.kind != "armageddon" for g in games)
    score = {a: m.score_a, b: m.score_b}
    flags = list(m.flags)
    order = sorted((a, b), key=lambda e: seed_index.get(e, 10 ** 6) if isinstance(e, int) else 10 ** 6)
    entries = []
    for e in order:
        if isinstance(e, int):
            entries.append(Entry(e, _label(e, names), format_points(score[e]) if started else "",
                                 winner == e))
        else:
            entries.append(Entry(None, "", "", False, str(e)))
    node = Node("match", rnd, number, tuple(entries), (None, None), winner, "".join(flags), running,
                tuple(lines))
    return node, (order[0], order[1])


def brackets_from_view(view: Any, byes: Mapping[str, Sequence[int]], seeding: Sequence[int],
                       names: Mapping[int, str], places: int = 1) -> list[Bracket]:
    """Every knockout of an evaluated playoff/cup (``PlayoffView`` + the byes of each round).

    ``seeding`` orders entrants inside a match (better seed on top), ``names`` labels players.
    """
    seed_index = {int(p): i for i, p in enumerate(seeding)}
    lots = {lot.key: lot for lot in view.lots}
    by_match: dict[str, dict[tuple[int, int], list[Any]]] = {}
    third_games: dict[str, list[Any]] = {}
    single: set[str] = set()
    stage_of: dict[tuple[str, int], str] = {}
    for g in view.games:
        m = _GAME.match(g.id)
        if m:
            ko, r, n = m.group("ko"), int(m.group("r")), int(m.group("m"))
            by_match.setdefault(ko, {}).setdefault((r, n), []).append(g)
            stage_of.setdefault((ko, r), g.stage)
            continue
        m = _THIRD.match(g.id)
        if m:
            third_games.setdefault(m.group("ko"), []).append(g)
            continue
        m = _SINGLE.match(g.id)
        if m:
            by_match.setdefault(m.group("path"), {}).setdefault((1, 1), []).append(g)
            stage_of.setdefault((m.group("path"), 1), g.stage)
            single.add(m.group("path"))
    bye_rounds: dict[str, dict[int, tuple[int, ...]]] = {}
    for key, players in byes.items():
        m = _BYES.match(key)
        if m and players:
            bye_rounds.setdefault(m.group("ko"), {})[int(m.group("r"))] = tuple(int(p) for p in players)
    out = []
    for ko in sorted(set(by_match) | set(bye_rounds), key=_path_key):
        out.append(_build(ko, by_match.get(ko, {}), bye_rounds.get(ko, {}), third_games.get(ko, []),
                          stage_of, lots, names, seed_index, places, single=ko in single))
    return out


def _path_key(path: str) -> tuple:
    """Brackets in playing order: groups and parts before the final that their winners play."""
    return tuple((0, int(p), "") if p.isdigit() else (2 if p == "final" else 1, 0, p) for p in path.split("."))


def _build(ko: str, matches: dict[tuple[int, int], list[Any]], byes: dict[int, tuple[int, ...]],
           third: list[Any], stage_of: Mapping[tuple[str, int], str], lots: Mapping[str, Lot],
           names: Mapping[int, str], seed_index: Mapping[int, int], places: int,
           single: bool = False) -> Bracket:
    total = max([r for r, _n in matches] + list(byes), default=1)
    raw: dict[int, list[tuple[Node, tuple[Any, ...]]]] = {r: [] for r in range(1, total + 1)}
    for (r, n) in sorted(matches):
        path = ko if single else f"{ko}.r{r}m{n}"
        raw[r].append(_match_node(path, r, n, matches[(r, n)], lots, names, seed_index))
    for r, players in sorted(byes.items()):
        for p in players:
            node = Node("bye", r, 0, (Entry(p, _label(p, names), "", True),), (None,), p)
            raw[r].append((node, (p,)))

    built: dict[tuple[int, int], Node] = {}

    def finish(r: int, idx: int) -> Node:
        if (r, idx) in built:
            return built[(r, idx)]
        node, entrants = raw[r][idx]
        children = []
        for e in entrants:
            children.append(source(r, e))
        entries = list(node.entries)
        for i, (e, child) in enumerate(zip(entrants, children)):
            if child is not None and entries[i].pno is None:
                entries[i] = Entry(None, "", "", False, "")
            elif child is None and entries[i].pno is None:
                entries[i] = Entry(None, "", "", False, _placeholder_note(str(e)))
        done = Node(node.kind, node.round, node.number, tuple(entries), tuple(children), node.winner,
                    node.flags, node.running, node.games)
        built[(r, idx)] = done
        return done

    def source(r: int, entrant: Any) -> Node | None:
        if r <= 1:
            return None
        prev = raw.get(r - 1, [])
        if isinstance(entrant, int):
            for j, (_node, ents) in enumerate(prev):
                if entrant in ents:
                    return finish(r - 1, j)
            return None
        if str(entrant).startswith("paired after "):
            # a slot paired after the previous round (re-seeded): drawn from that round's
            # k-th match, as a slot of the picture, not as a claim of who will come from it
            k = int(str(entrant).rsplit("(", 1)[1].rstrip(")"))
            return finish(r - 1, k - 1) if k <= len(prev) else None
        m = _WINNER_OF.match(str(entrant))
        if m:
            for j, (node, _e) in enumerate(prev):
                if node.kind == "match" and node.number == int(m.group("m")):
                    return finish(r - 1, j)
        return None

    roots = [finish(total, j) for j in range(len(raw[total]))]
    roots.sort(key=lambda n: _best(n, seed_index))
    names_out = []
    title = ""
    for r in range(1, total + 1):
        stage = stage_of.get((ko, r))
        if stage:  # in the page's words, without the seed's clock ("Match (two games 3+3)"
            # headed a playoff of 3 min + 2 s games, in English on a Turkish page)
            if ": " in stage and not title:
                title = stage_text(stage.rsplit(": ", 1)[0])
            last = stage.rsplit(": ", 1)[-1]
            names_out.append(translate_stage(stage) if last in ROUND_NAMES else stage_text(last))
        else:
            names_out.append(_("Round {round}").format(round=r))
    group = re.search(r"\.g([A-Z])(?:\.|$)", ko)
    if group:
        label = _("Group {group}").format(group=group.group(1))
        title = f"{label}: {title}" if title else label
    third_node = None
    if third:
        third_node, _e = _match_node(f"{ko}.third", total, 0, third, lots, names, seed_index)
        third_node = Node(third_node.kind, third_node.round, 0, tuple(
            e if e.pno is not None else Entry(None, "", "", False, _placeholder_note(e.note))
            for e in third_node.entries), (None, None), third_node.winner, third_node.flags,
            third_node.running, third_node.games)
    return Bracket(ko, title, tuple(names_out), tuple(_ordered(n, seed_index) for n in roots),
                   third_node, places, dict(names))


def _best(node: Node | None, seed_index: Mapping[int, int]) -> int:
    """The best seed in a subtree (orders the two halves: seed 1 on top)."""
    if node is None:
        return 10 ** 6
    best = 10 ** 6
    for e, child in zip(node.entries, node.children):
        if e.pno is not None:
            best = min(best, seed_index.get(e.pno, 10 ** 5))
        best = min(best, _best(child, seed_index))
    return best


def _ordered(node: Node, seed_index: Mapping[int, int]) -> Node:
    """The node with its entries ordered by the best seed of the subtree behind each."""
    pairs = list(zip(node.entries, node.children))
    children = [(_ordered(c, seed_index) if c is not None else None) for _e, c in pairs]
    pairs = [(e, c) for (e, _c), c in zip(pairs, children)]

    def key(pair: tuple[Entry, Node | None]) -> int:
        e, c = pair
        own = seed_index.get(e.pno, 10 ** 5) if e.pno is not None else 10 ** 6
        return min(own, _best(c, seed_index))

    pairs.sort(key=key)
    return Node(node.kind, node.round, node.number, tuple(e for e, _c in pairs),
                tuple(c for _e, c in pairs), node.winner, node.flags, node.running, node.games)


def playoff_brackets(state: Mapping[str, Any], names: Mapping[int, str]) -> list[Bracket]:
    """Brackets of a stored playoff state (``Tournament.options["playoffs"][key]``)."""
    from core.playoff.games import Context
    from core.playoff.plan import evaluate as evaluate_plan
    from core.playoff.state import PlayoffView

    ctx = Context(seed=state["seed"], results=state.get("results", {}),
                  manual_lots=state.get("lots", {}), choices=state.get("choices", {}),
                  bids=state.get("bids", {}))
    players = tuple(int(p) for p in state["players"])
    out = evaluate_plan(ctx, state["plan"], players, "p", (), int(state.get("places", 1)))
    places = None if out.places is None else tuple(tuple(int(e) for e in g) for g in out.places)
    view = PlayoffView(tuple(ctx.games), tuple(ctx.lots), places, ())
    return brackets_from_view(view, ctx.byes, players, names, int(state.get("places", 1)))


def cup_brackets(t: Tournament) -> list[Bracket]:
    """The bracket of a knockout (cup) tournament, re-derived from its rounds."""
    from core.playoff.cup import replay

    cup = replay(t)
    names = {p.pno: p.name for p in t.players}
    return brackets_from_view(cup.view, cup.byes, sorted(names), names,
                              int(cup.state.get("places", 1)))


# -- text ------------------------------------------------------------------------------------

def legend(brackets: Sequence[Bracket]) -> list[str]:
    """The legend lines for the flags and dashed lines that actually appear (the flags' words
    are every page's, :func:`core.playoff.match_score.flag_legend`)."""
    flags: set[str] = set()
    has_bye = False

    def walk(node: Node | None) -> None:
        nonlocal has_bye
        if node is None:
            return
        flags.update(_split_flags(node.flags))
        has_bye = has_bye or node.kind == "bye"
        for c in node.children:
            walk(c)

    for b in brackets:
        for r in b.roots:
            walk(r)
        walk(b.third)
    parts = flag_legend(flags)
    if has_bye:
        parts.append(_("╌╌ advances without a game"))
    from core.playoff.bracket import reseeds

    lines = parts  # one line each: the Armageddon's says what it does to the score
    if reseeds(line.id for b in brackets for r in b.roots for line in _games(r)):
        # the lines join a later round's match to the slots it is paired from, not to fixed matches
        lines.append(_("rounds re-seeded: first meets last"))
    return lines


def _games(node: Node | None) -> list[GameLine]:
    """Every game of a subtree."""
    if node is None:
        return []
    return [*node.games, *(g for c in node.children for g in _games(c))]


def _letters(flags: str) -> str:
    """The flags of a match in the reader's letters, apart, as every page writes them
    (:func:`core.playoff.match_score.flags_text`)."""
    return " ".join(flag_letter(code) for code in _split_flags(flags))


def _split_flags(flags: str) -> list[str]:
    out, i = [], 0
    while i < len(flags):
        if flags.startswith("SD", i):
            out.append("SD")
            i += 2
        else:
            out.append(flags[i])
            i += 1
    return out


def column_width(bracket: Bracket, width: int) -> int:
    """Cells per round column: the rounds and the winner column share ``width``, within limits."""
    return max(MIN_COLUMN, min(MAX_COLUMN, width // (bracket.rounds + 1)))


def _score_text(entry: Entry, flags: str) -> str:
    score = entry.score
    if flags and (score or entry.pno is not None):
        score = f"{score} {_letters(flags)}".strip()
    return score


def bracket_text(bracket: Bracket, width: int = 80) -> TextPicture:
    """The bracket as box-drawing text; wider than ``width`` only when the rounds need it."""
    colw = column_width(bracket, width)
    lw = colw - 3
    canvas = Canvas()
    header_kind = "header"
    for r, name in enumerate(bracket.round_names):
        canvas.put(0, r * colw, clip(name, colw - 1), header_kind)
    canvas.put(0, bracket.rounds * colw,
               clip(_("Winner") if len(bracket.roots) == 1 else _("Qualified"), colw - 1), header_kind)
    next_row = [2]

    def draw_entry(row: int, col: int, entry: Entry, flags: str, running: bool) -> None:
        x0 = col * colw
        if entry.pno is None:
            text = entry.note
            if text:
                canvas.put(row, x0, pad(text, lw), "note")
            else:
                canvas.put(row, x0, "─" * lw, "line")
            return
        score = _score_text(entry, flags)
        name_w = lw - (cells(score) + 2 if score else 1)
        kind = "winner" if entry.won else ("pending" if running else "name")
        canvas.put(row, x0, pad(entry.label, name_w), kind)
        if score:
            canvas.put(row, x0 + name_w, " " + score + " ", "mark" if flags else kind)

    def layout(node: Node) -> int:
        col = node.round - 1
        rows = []
        for entry, child in zip(node.entries, node.children):
            if child is None:
                y = next_row[0]
                next_row[0] += 2
            else:
                y = layout(child)
            draw_entry(y, col, entry, node.flags, node.running)
            rows.append(y)
        x0 = col * colw
        xc = x0 + lw + 1
        if node.kind == "bye":
            y = rows[0]
            canvas.put(y, x0 + lw, "╌" * (colw - lw), "bye")
            return y
        yt, yb = rows
        ym = (yt + yb) // 2
        kind_t = "winner-line" if node.winner is not None and node.winner == node.entries[0].pno else "line"
        kind_b = "winner-line" if node.winner is not None and node.winner == node.entries[1].pno else "line"
        canvas.put(yt, x0 + lw, "─┐", kind_t)
        canvas.put(yb, x0 + lw, "─┘", kind_b)
        for y in range(yt + 1, yb):
            canvas.put(y, xc, "├" if y == ym else "│", "line")
        canvas.put(ym, xc + 1, "─" * (colw - lw - 2), "winner-line" if node.winner else "line")
        return ym

    champion_col = bracket.rounds
    for root in bracket.roots:
        y = layout(root)
        winner = root.winner
        x = champion_col * colw
        if root.round < bracket.rounds:
            # a player through without playing the last rounds: extend the line to the winner column
            canvas.put(y, root.round * colw, "╌" * ((bracket.rounds - root.round) * colw), "bye")
        if winner is not None:
            canvas.put(y, x, clip(_label(winner, bracket.names), colw - 1), "winner")
        else:
            canvas.put(y, x, "─" * (lw // 2), "line")
        next_row[0] += 1
    if bracket.third is not None:
        row = next_row[0] - 1
        canvas.put(row, 0, _("Match for third place"), header_kind)
        next_row[0] = row + 2
        node = Node(bracket.third.kind, 1, 0, bracket.third.entries, (None, None), bracket.third.winner,
                    bracket.third.flags, bracket.third.running, bracket.third.games)
        y = layout(node)
        if node.winner is not None:
            canvas.put(y, colw, clip(_label(node.winner, bracket.names), colw - 1), "winner")
    pic = canvas.picture()
    if bracket.title:
        pic.lines.insert(0, bracket.title)
        pic.spans = [Span(0, 0, cells(bracket.title), "title")] + [
            Span(s.line + 1, s.start, s.end, s.kind) for s in pic.spans]
    return pic


def brackets_text(brackets: Sequence[Bracket], width: int = 80) -> TextPicture:
    """Every bracket of an event one under the other, then the legend."""
    out = TextPicture()
    for b in brackets:
        pic = bracket_text(b, width)
        if out.lines:
            out.lines.append("")
        base = len(out.lines)
        out.lines.extend(pic.lines)
        out.spans.extend(Span(s.line + base, s.start, s.end, s.kind) for s in pic.spans)
    leg = legend(brackets)
    if leg:
        out.lines.append("")
        base = len(out.lines)
        out.lines.extend(leg)
        out.spans.extend(Span(base + i, 0, cells(line), "legend") for i, line in enumerate(leg))
    if not brackets:
        out.lines.append(_("No knockout bracket yet."))
    return out


# -- SVG / HTML ------------------------------------------------------------------------------

ROW_PX = 16
COL_PX = 210
LABEL_PX = 170


def bracket_svg(bracket: Bracket) -> str:
    """The bracket as inline SVG (self-contained; classes styled by :data:`CSS`)."""
    parts: list[str] = []
    next_row = [3]

    def y_of(row: int) -> int:
        return row * ROW_PX

    def entry_svg(row: int, col: int, entry: Entry, node: Node) -> None:
        x, y = col * COL_PX, y_of(row)
        if entry.pno is None:
            if entry.note:
                parts.append(f'<text class="note" x="{x + 4}" y="{y + 4}">{esc(entry.note)}</text>')
            parts.append(f'<line class="slot" x1="{x}" y1="{y + 9}" x2="{x + LABEL_PX}" y2="{y + 9}"/>')
            return
        cls = "entry won" if entry.won else ("entry running" if node.running else "entry")
        parts.append(f'<rect class="{cls}" x="{x}" y="{y - 10}" width="{LABEL_PX}" height="20" rx="3"/>')
        parts.append(f'<text class="name{" won" if entry.won else ""}" x="{x + 5}" y="{y + 4}">'
                     f'{esc(clip(entry.label, 22))}</text>')
        score = entry.score
        if score:
            parts.append(f'<text class="score" x="{x + LABEL_PX - 5}" y="{y + 4}" '
                         f'text-anchor="end">{esc(score)}</text>')

    def layout(node: Node) -> int:
        col = node.round - 1
        rows = []
        for entry, child in zip(node.entries, node.children):
            if child is None:
                y = next_row[0]
                next_row[0] += 2
            else:
                y = layout(child)
            entry_svg(y, col, entry, node)
            rows.append(y)
        x0 = col * COL_PX
        if node.kind == "bye":
            y = y_of(rows[0])
            parts.append(f'<line class="bye" x1="{x0 + LABEL_PX}" y1="{y}" x2="{x0 + COL_PX}" y2="{y}"/>')
            return rows[0]
        yt, yb = rows
        ym = (yt + yb) // 2
        xc = x0 + LABEL_PX + (COL_PX - LABEL_PX) // 2
        parts.append(f'<path class="wire" d="M{x0 + LABEL_PX},{y_of(yt)} H{xc} V{y_of(yb)} '
                     f'H{x0 + LABEL_PX} M{xc},{ym * ROW_PX} H{x0 + COL_PX}"/>')
        if node.flags:
            parts.append(f'<text class="flag" x="{xc - 3}" y="{ym * ROW_PX + 4}" text-anchor="end">'
                         f'{esc(_letters(node.flags))}</text>')
        return ym

    for root in bracket.roots:
        row = layout(root)
        x = bracket.rounds * COL_PX
        y = row * ROW_PX
        if root.round < bracket.rounds:
            parts.append(f'<line class="bye" x1="{root.round * COL_PX}" y1="{y}" x2="{x}" y2="{y}"/>')
        if root.winner is not None:
            parts.append(f'<rect class="entry champion" x="{x}" y="{y - 10}" width="{LABEL_PX}" height="20" rx="3"/>')
            parts.append(f'<text class="name won" x="{x + 5}" y="{y + 4}">'
                         f'{esc(clip(_label(root.winner, bracket.names), 22))}</text>')
        else:
            parts.append(f'<line class="slot" x1="{x}" y1="{y + 9}" x2="{x + LABEL_PX}" y2="{y + 9}"/>')
        next_row[0] += 1
    if bracket.third is not None:
        head = next_row[0]
        parts.append(f'<text class="head" x="0" y="{head * ROW_PX}">{esc(_("Match for third place"))}</text>')
        next_row[0] = head + 2
        node = Node(bracket.third.kind, 1, 0, bracket.third.entries, (None, None), bracket.third.winner,
                    bracket.third.flags, bracket.third.running, bracket.third.games)
        row = layout(node)
        if node.winner is not None:
            y = row * ROW_PX
            parts.append(f'<text class="name won" x="{COL_PX + 5}" y="{y + 4}">'
                         f'{esc(clip(_label(node.winner, bracket.names), 22))}</text>')
    heads = [f'<text class="head" x="{r * COL_PX}" y="{ROW_PX}">{esc(name)}</text>'
             for r, name in enumerate(bracket.round_names)]
    heads.append(f'<text class="head" x="{bracket.rounds * COL_PX}" y="{ROW_PX}">'
                 f'{esc(_("Winner") if len(bracket.roots) == 1 else _("Qualified"))}</text>')
    width = (bracket.rounds + 1) * COL_PX
    height = (next_row[0] + 1) * ROW_PX
    title = f"<title>{esc(bracket.title or _('Knockout bracket'))}</title>"
    return (f'<svg class="bracket" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img">{title}' + "".join(heads + parts) + "</svg>")


CSS = """
svg.bracket{font:13px system-ui,sans-serif;max-width:100%;height:auto}
svg.bracket .head{font-weight:bold;fill:#333}
svg.bracket rect.entry{fill:#f4f4f4;stroke:#999}
svg.bracket rect.won{fill:#e3f1e3;stroke:#2e7d32}
svg.bracket rect.running{fill:#fff8e1;stroke:#f9a825}
svg.bracket rect.champion{fill:#fff3c4;stroke:#b8860b;stroke-width:2}
svg.bracket .name{fill:#111}svg.bracket .won{font-weight:bold}
svg.bracket .score{fill:#333;font-variant-numeric:tabular-nums}
svg.bracket .wire{fill:none;stroke:#666;stroke-width:1.2}
svg.bracket .bye{stroke:#999;stroke-dasharray:4 3}
svg.bracket .slot{stroke:#bbb}
svg.bracket .note{fill:#777;font-size:11px;font-style:italic}
svg.bracket .flag{font-size:10px;font-weight:bold;fill:#b71c1c}
"""


def bracket_page(brackets: Sequence[Bracket], title: str, subtitle: Sequence[str] = (),
                 lang: str = "en") -> str:
    """A self-contained HTML page with every bracket (inline SVG, inline CSS, printable)."""
    body = [f"<h1>{esc(title)}</h1>"] + [f'<p class="sub">{esc(s)}</p>' for s in subtitle]
    for b in brackets:
        if b.title:
            body.append(f"<h2>{esc(b.title)}</h2>")
        body.append(f'<div class="scroll">{bracket_svg(b)}</div>')
    if not brackets:
        body.append(f"<p>{esc(_('No knockout bracket yet.'))}</p>")
    body += [f'<p class="legend">{esc(line)}</p>' for line in legend(brackets)]
    return page(title, "\n".join(body), CSS, lang)


PAGE_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#111}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.15em}.sub{margin:.1em 0;color:#444}
.scroll{overflow-x:auto}.legend{color:#444;font-size:.9em}
table{display:block;overflow-x:auto;max-width:100%}svg{max-width:100%;height:auto}
@media (max-width:40em){body{margin:.5em}}
@media print{body{margin:0}@page{size:A4 landscape;margin:10mm}.scroll{overflow:visible}
table{display:table;overflow:visible}}
"""


def page(title: str, body: str, css: str, lang: str = "en") -> str:
    """A complete HTML document (no external assets)."""
    made = _("Made with hakem")  # outside the f-string: the extractor does not read into one
    return ("<!DOCTYPE html>\n"
            f'<html lang="{esc(lang)}"><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n<style>{PAGE_CSS}{css}</style></head>\n<body>\n"
            f"{body}\n<p class=\"legend\">{esc(made)}</p>\n</body></html>\n")
