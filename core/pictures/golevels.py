"""Go (the Gamma procedure): the levels of the top group across rounds.

Why this picture: in the Gamma scheme the level is the score (a win or an odd-number rest
raises it by one), and the race for first place is the race inside the top group.  The chart
shows every player who is in the top group at some point — everybody who started there
(on the group's lowest rank) and anybody who climbed up to it — with the level before
round 1 and after each round, read from the participant cards (:func:`core.go.cards.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.i18n import _
from core.model import Tournament
from core.pictures.text import Canvas, TextPicture, cells, clip, esc, pad

PALETTE = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037",
           "#ad1457", "#558b2f", "#283593")


@dataclass(frozen=True)
class LevelRow:
    """``levels[0]`` is the start level, ``levels[r]`` the level after round r."""

    pno: int
    name: str
    levels: tuple[int, ...]


@dataclass(frozen=True)
class LevelChart:
    lowest_rank: int
    """The top group's level (its lowest rank): the line every row is measured against."""
    rounds: int
    rows: tuple[LevelRow, ...]


def top_group_levels(t: Tournament) -> LevelChart:
    """Levels of everyone who is in the top group before or after some round.

    Rows are ordered by final level (highest first), then start level, then pairing number.
    A round whose result is pending leaves the level unchanged (the card's rule).
    """
    from core.go.cards import cards
    from core.go.registration import top_group

    group = top_group(t)
    all_cards = cards(t)
    played = t.current_round
    names = {p.pno: p.name for p in t.players}
    rows = []
    for pno, card in sorted(all_cards.items()):
        levels = tuple(card.level_before(r) for r in range(1, played + 2))
        if max(levels) >= group.lowest_rank:
            rows.append(LevelRow(pno, names.get(pno, str(pno)), levels))
    rows.sort(key=lambda r: (-r.levels[-1], -r.levels[0], r.pno))
    return LevelChart(group.lowest_rank, played, tuple(rows))


def level_label(level: int) -> str:
    """A level in kyu/dan notation (the Gamma procedure's rank notation: 25 → 5d, 18 → 3k)."""
    from core.go.ranks import rank_label

    return rank_label(level)


def levels_text(chart: LevelChart, width: int = 80) -> TextPicture:
    """A grid: one row per player, the level before round 1 and after every round.

    A level that went up in that round is marked ``↑``; levels below the top group's are
    drawn dim (span ``below``), the top group's own level plain, higher levels bold (``up``).
    """
    canvas = Canvas()
    cell_w = max(5, cells(_("Start")) + 1)
    name_w = max(10, min(26, width - 5 - (chart.rounds + 1) * cell_w - 2))
    heads = [_("Start")] + [_("R{round}").format(round=r) for r in range(1, chart.rounds + 1)]
    canvas.put(0, 0, pad(_("No."), 4, "r"), "header")
    canvas.put(0, 5, pad(_("Name"), name_w), "header")
    for i, h in enumerate(heads):
        canvas.put(0, 5 + name_w + 1 + i * cell_w, pad(h, cell_w - 1, "r"), "header")
    for j, row in enumerate(chart.rows, start=1):
        canvas.put(j, 0, pad(str(row.pno), 4, "r"))
        canvas.put(j, 5, pad(row.name, name_w))
        for i, level in enumerate(row.levels):
            rose = i > 0 and level > row.levels[i - 1]
            text = level_label(level) + ("↑" if rose else " ")
            kind = "below" if level < chart.lowest_rank else ("up" if level > chart.lowest_rank else "level")
            canvas.put(j, 5 + name_w + 1 + i * cell_w, pad(text, cell_w, "r"), kind)
    foot = len(chart.rows) + 2
    canvas.put(foot, 0, _("Top group level: {level}. ↑: level raised in that round (win or rest).").format(
        level=level_label(chart.lowest_rank)), "legend")
    return canvas.picture()


def levels_ladder(chart: LevelChart, width: int = 80) -> TextPicture:
    """The race as a ladder: one line per level (highest first), one column per round, the
    pairing numbers of the players on that level after that round.

    Only levels from the top group's up are drawn: the ladder is the race for first place.
    """
    canvas = Canvas()
    if not chart.rows or chart.rounds == 0:
        return canvas.picture()
    hi = max(max(r.levels) for r in chart.rows)
    levels = list(range(hi, chart.lowest_rank - 1, -1))
    grid = {(lv, r): " ".join(str(row.pno) for row in sorted(chart.rows, key=lambda x: x.pno)
                              if row.levels[r] == lv)
            for lv in levels for r in range(1, chart.rounds + 1)}
    label_w = max(cells(_("Level")), max(cells(level_label(lv)) for lv in levels))
    widest = max([cells(v) for v in grid.values()] + [3])
    col_w = max(4, min(widest, (width - label_w - 1) // chart.rounds - 2))
    canvas.put(0, 0, pad(_("Level"), label_w), "header")
    for r in range(1, chart.rounds + 1):
        canvas.put(0, label_w + 1 + (r - 1) * (col_w + 2), pad(_("R{round}").format(round=r), col_w), "header")
    for i, lv in enumerate(levels, start=1):
        canvas.put(i, 0, pad(level_label(lv), label_w, "r"), "axis")
        for r in range(1, chart.rounds + 1):
            text = grid[(lv, r)]
            x = label_w + 1 + (r - 1) * (col_w + 2)
            if text:
                canvas.put(i, x, pad(text, col_w), "up" if lv > chart.lowest_rank else "level")
            else:
                canvas.put(i, x, "·", "axis")
    return canvas.picture()


def levels_picture(chart: LevelChart, width: int = 80) -> TextPicture:
    """The terminal picture: the ladder of the race, then the level table with its legend."""
    from core.pictures.text import Span

    ladder = levels_ladder(chart, width)
    table = levels_text(chart, width)
    out = TextPicture(list(ladder.lines), list(ladder.spans))
    if out.lines:
        out.lines.append("")
    base = len(out.lines)
    out.lines.extend(table.lines)
    out.spans.extend(Span(s.line + base, s.start, s.end, s.kind) for s in table.spans)
    return out


CSS = """
svg.levels{font:12px system-ui,sans-serif;max-width:100%;height:auto}
svg.levels .ax{stroke:#888}svg.levels .grid{stroke:#eee}svg.levels .bar{stroke:#b8860b;stroke-dasharray:5 3}
svg.levels .lab{fill:#444}svg.levels polyline{fill:none;stroke-width:2.2}
table.levels{border-collapse:collapse;margin-top:1em}table.levels td,table.levels th{border:1px solid #bbb;padding:.15em .5em;text-align:right}
table.levels td.name,table.levels th.name{text-align:left}table.levels td.up{font-weight:bold}table.levels td.below{color:#999}
"""


def levels_svg(chart: LevelChart) -> str:
    """Step lines: one per player, level (y) after each round (x); the top-group level dashed."""
    if not chart.rows:
        return '<svg class="levels" xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    lo = min(min(r.levels) for r in chart.rows)
    hi = max(max(r.levels) for r in chart.rows)
    lo = min(lo, chart.lowest_rank)
    left, right, top, step_y = 46, 190, 16, 28
    step_x = 80
    w = left + max(1, chart.rounds) * step_x + right
    h = top + (hi - lo) * step_y + 40

    def y(level: int) -> float:
        return top + (hi - level) * step_y

    out = [f'<svg class="levels" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" role="img"><title>{esc(_("Levels of the top group"))}</title>']
    for level in range(lo, hi + 1):
        out.append(f'<line class="grid" x1="{left}" y1="{y(level)}" x2="{left + chart.rounds * step_x}" y2="{y(level)}"/>')
        out.append(f'<text class="lab" x="{left - 6}" y="{y(level) + 4}" text-anchor="end">{esc(level_label(level))}</text>')
    out.append(f'<line class="bar" x1="{left}" y1="{y(chart.lowest_rank)}" x2="{left + chart.rounds * step_x}" '
               f'y2="{y(chart.lowest_rank)}"/>')
    for r in range(chart.rounds + 1):
        label = _("Start") if r == 0 else str(r)
        out.append(f'<text class="lab" x="{left + r * step_x}" y="{h - 14}" text-anchor="middle">{esc(label)}</text>')
    labels = []
    for i, row in enumerate(chart.rows):
        colour = PALETTE[i % len(PALETTE)]
        offset = (i % 5 - 2) * 2  # keep equal lines apart
        pts = []
        for r, level in enumerate(row.levels):
            x = left + r * step_x
            if r:
                pts.append(f"{x},{y(row.levels[r - 1]) + offset}")
            pts.append(f"{x},{y(level) + offset}")
        out.append(f'<polyline stroke="{colour}" points="{" ".join(pts)}"><title>{esc(row.name)}</title></polyline>')
        labels.append((y(row.levels[-1]) + 4, colour, f"{row.pno} {row.name}"))
    # end labels in level order, pushed apart so that equal final levels stay readable
    last = -1e9
    for label_y, colour, text in sorted(labels, key=lambda item: item[0]):
        label_y = max(label_y, last + 13)
        last = label_y
        out.append(f'<text class="lab" style="fill:{colour}" x="{left + chart.rounds * step_x + 6}" '
                   f'y="{label_y}">{esc(clip(text, 26))}</text>')
    h_needed = int(last) + 30
    out.append("</svg>")
    if h_needed > h:
        out[0] = out[0].replace(f'height="{h}"', f'height="{h_needed}"').replace(
            f'viewBox="0 0 {w} {h}"', f'viewBox="0 0 {w} {h_needed}"')
    return "".join(out)


def levels_page(t: Tournament, lang: str = "en") -> str:
    """HTML page: the step chart of the top group, then the same levels as a table."""
    from core.pictures.bracket import page

    chart = top_group_levels(t)
    top = _("Top group level: {level}.").format(level=level_label(chart.lowest_rank))  # not in an f-string: extracted
    body = [f"<h1>{esc(_('Levels of the top group'))}</h1>", f'<p class="sub">{esc(t.name)}</p>',
            f'<p class="sub">{esc(top)}</p>',
            f'<div class="scroll">{levels_svg(chart)}</div>']
    heads = [_("No."), _("Name"), _("Start")] + [str(r) for r in range(1, chart.rounds + 1)]
    body.append('<table class="levels"><thead><tr>' + "".join(
        f'<th class="name">{esc(h)}</th>' if i == 1 else f"<th>{esc(h)}</th>" for i, h in enumerate(heads))
                + "</tr></thead><tbody>")
    for row in chart.rows:
        tds = [f"<td>{row.pno}</td>", f'<td class="name">{esc(row.name)}</td>']
        for i, level in enumerate(row.levels):
            cls = "below" if level < chart.lowest_rank else ("up" if level > chart.lowest_rank else "")
            rose = "↑" if i > 0 and level > row.levels[i - 1] else ""
            tds.append(f'<td class="{cls}">{esc(level_label(level))}{rose}</td>')
        body.append("<tr>" + "".join(tds) + "</tr>")
    body.append("</tbody></table>")
    return page(_("Levels of the top group"), "\n".join(body), CSS, lang)
