"""Score progression and rating performance per round; sparklines and small line charts.

Why cumulative values: arbiters and players ask "where was I after round 5", so the chart
shows points after each round (the running score of the pairing card) and the performance
rating over the games played *so far* (C.07 Art. 10.2 TPR: ARO + dp(p), with FIDE table 8.1a
and half-up rounding, as :mod:`core.tiebreaks` computes it at the end).  Rounds whose result is
not in yet end the series: a half-entered round must not draw a dip.

Sparklines use the eight block characters ▁▂▃▄▅▆▇█ on one fixed scale for everybody (0 to
the most points possible in the event), so the column can be compared down a standings table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Sequence

from core.i18n import _
from core.i18n.format import format_points
from core.model import Code, Tournament, add_adjustments, entries, single_games
from core.pictures.text import Canvas, Span, TextPicture, cells, esc, pad

BLOCKS = "▁▂▃▄▅▆▇█"
EIGHTHS = " ▁▂▃▄▅▆▇█"

_GAME_SCORE = {Code.WIN: Fraction(1), Code.SHORT_WIN: Fraction(1), Code.DRAW: Fraction(1, 2),
               Code.SHORT_DRAW: Fraction(1, 2), Code.LOSS: Fraction(0), Code.SHORT_LOSS: Fraction(0)}
"""C.07 Art. 10: rating tie-breaks count games played over the board as 1/½/0."""


def _half_up(value: Fraction) -> int:
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def points_after_rounds(t: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Per player, the points after each round whose result is known (stops at a pending one),
    penalties and bonuses (TRF 299) included from their round on."""
    series: dict[int, list[Fraction]] = {}
    for pno, hist in entries(t).items():
        total, seq = Fraction(0), []
        for e in hist:
            if e.code is None:
                break
            total += t.points.for_code(e.code)
            seq.append(total)
        series[pno] = seq
    add_adjustments(t, series)
    return {pno: tuple(seq) for pno, seq in series.items()}


def max_points(t: Tournament) -> Fraction:
    """The most points anyone can have at the end: the top of every chart's scale."""
    p = t.points
    best = max(p.win, p.forfeit_win, p.pab, p.full_bye, p.draw, p.half_bye)
    games = single_games(t)[0]  # a cup: its game rounds
    rounds = max(games.total_rounds, games.current_round)
    return best * rounds


def performance_after_rounds(t: Tournament) -> dict[int, tuple[int | None, ...]]:
    """Per player, the performance rating (TPR) over the games played up to each round.

    ``None`` until the first game against a rated opponent; forfeits and byes never count.
    """
    from core.tiebreaks.fidetables import dp_for_percent

    rating = {p.pno: p.rating for p in t.players}
    out: dict[int, tuple[int | None, ...]] = {}
    for pno, hist in entries(t).items():
        ratings: list[int] = []
        score = Fraction(0)
        seq: list[int | None] = []
        for e in hist:
            if e.code is None:
                break
            if e.played and e.opponent is not None and rating.get(e.opponent):
                ratings.append(rating[e.opponent])
                score += _GAME_SCORE[e.code]
            if ratings:
                aro = _half_up(Fraction(sum(ratings), len(ratings)))
                percent = _half_up(score * 100 / len(ratings))
                seq.append(aro + dp_for_percent(percent))
            else:
                seq.append(None)
        out[pno] = tuple(seq)
    return out


def sparkline(values: Sequence[Fraction | int | None], top: Fraction | int, bottom: Fraction | int = 0) -> str:
    """One block character per value on the scale ``bottom``..``top`` (``None``: a space)."""
    top, bottom = Fraction(top), Fraction(bottom)
    span = top - bottom
    out = []
    for v in values:
        if v is None:
            out.append(" ")
            continue
        if span <= 0:
            out.append(BLOCKS[0])
            continue
        level = _half_up((Fraction(v) - bottom) * (len(BLOCKS) - 1) / span)
        out.append(BLOCKS[max(0, min(len(BLOCKS) - 1, level))])
    return "".join(out)


@dataclass(frozen=True)
class ProgressRow:
    """One standings row with its pictures: the points sparkline and the last performance."""

    rank: int | None
    pno: int
    name: str
    points: Fraction
    series: tuple[Fraction, ...]
    spark: str
    performance: int | None


def standings_progress(t: Tournament) -> list[ProgressRow]:
    """The standings (tie-break order) with a sparkline of each player's points per round."""
    from core.standings import compute_standings

    standings = compute_standings(t, team=False)
    series = points_after_rounds(t)
    perf = performance_after_rounds(t)
    top = max_points(t)
    rows = []
    for row in standings.rows:
        s = series.get(row.pno, ())
        pr = perf.get(row.pno, ())
        rows.append(ProgressRow(row.rank, row.pno, row.name, row.points, s,
                                sparkline(s, top), pr[-1] if pr else None))
    return rows


def standings_text(t: Tournament, width: int = 80) -> TextPicture:
    """A standings table with a sparkline column (points after each round) and the TPR so far."""
    rows = standings_progress(t)
    heads = [_("Rank"), _("No."), _("Name"), _("Pts"), _("Progress"), _("TPR")]
    body = [[str(r.rank) if r.rank is not None else "-", str(r.pno), r.name, format_points(r.points),
             r.spark, str(r.performance) if r.performance else ""] for r in rows]
    widths = [max([cells(h)] + [cells(b[i]) for b in body]) for i, h in enumerate(heads)]
    rest = sum(w + 1 for i, w in enumerate(widths) if i != 2)
    widths[2] = max(10, min(widths[2], 32, width - rest - 1))
    aligns = ["r", "r", "l", "r", "l", "r"]
    canvas = Canvas()

    def line(row: int, values: list[str], kinds: list[str | None]) -> None:
        x = 0
        for v, w, a, k in zip(values, widths, aligns, kinds):
            canvas.put(row, x, pad(v, w, a), k)
            x += w + 1

    line(0, heads, ["header"] * 6)
    for i, values in enumerate(body, start=1):
        line(i, values, [None, None, None, None, "spark", None])
    return canvas.picture()


def progress_chart(series: Sequence[Fraction], top: Fraction, rounds: int, height: int = 6) -> TextPicture:
    """A small bar chart of points after each round: one bar per round, eighth-block tops."""
    top = Fraction(top) if top else Fraction(1)
    label_w = max(cells(format_points(top)), 1)
    col_w = 3 if rounds <= 15 else 2
    canvas = Canvas()
    for level in range(height):
        row = height - 1 - level
        if level == height - 1:
            canvas.put(row, 0, pad(format_points(top), label_w, "r"), "axis")
        elif level == 0:
            canvas.put(row, 0, pad("0", label_w, "r"), "axis")
        canvas.put(row, label_w + 1, "│", "axis")
        for r in range(rounds):
            if r >= len(series):
                continue
            eighths = _half_up(Fraction(series[r]) * height * 8 / top)
            fill = eighths - level * 8
            ch = EIGHTHS[max(0, min(8, fill))]
            if level == 0 and ch == " ":
                ch = "▁" if eighths == 0 else ch
            canvas.put(row, label_w + 2 + r * col_w, ch * (col_w - 1), "bar")
    canvas.put(height, label_w + 1, "└" + "─" * (rounds * col_w), "axis")
    for r in range(rounds):
        canvas.put(height + 1, label_w + 2 + r * col_w, str(r + 1)[-(col_w - 1):] if col_w == 2 else str(r + 1), "axis")
    return canvas.picture()


def player_progress(t: Tournament, pno: int, height: int = 6) -> TextPicture:
    """The player card's picture: points per round as bars, then performance per round."""
    series = points_after_rounds(t).get(pno, ())
    perf = performance_after_rounds(t).get(pno, ())
    games = single_games(t)[0]  # a cup: its game rounds
    rounds = max(games.total_rounds, games.current_round)
    player = t.player(pno)
    pic = TextPicture()
    title = _("Score progression of {name}").format(name=player.name)
    pic.lines.append(title)
    pic.spans.append(Span(0, 0, cells(title), "title"))
    chart = progress_chart(series, max_points(t), rounds, height)
    base = len(pic.lines)
    pic.lines.extend(chart.lines)
    pic.spans.extend(Span(s.line + base, s.start, s.end, s.kind) for s in chart.spans)
    pts = _("Points after each round: {list}").format(
        list=" ".join(format_points(v) for v in series) or "—")
    pic.lines.append(pts)
    perf_text = _("Performance after each round: {list}").format(
        list=" ".join(str(v) if v is not None else "–" for v in perf) or "—")
    known = [v for v in perf if v is not None]
    if len(known) > 1:
        spark = sparkline(perf, max(known), min(known))
        row = len(pic.lines)
        perf_text += "  " + spark
        pic.spans.append(Span(row, cells(perf_text) - len(spark), cells(perf_text), "spark"))
    pic.lines.append(perf_text)
    return pic


# -- SVG -------------------------------------------------------------------------------------

def sparkline_svg(series: Sequence[Fraction], top: Fraction, rounds: int, width: int = 90, height: int = 18) -> str:
    """A tiny inline SVG polyline (for HTML standings)."""
    if not series or rounds < 1:
        return f'<svg class="spark" width="{width}" height="{height}"></svg>'
    top = Fraction(top) if top else Fraction(1)
    step = (width - 4) / max(1, rounds - 1)
    pts = " ".join(f"{2 + i * step:.1f},{height - 2 - float(Fraction(v) / top) * (height - 4):.1f}"
                   for i, v in enumerate(series))
    last_x = 2 + (len(series) - 1) * step
    last_y = height - 2 - float(Fraction(series[-1]) / top) * (height - 4)
    return (f'<svg class="spark" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><polyline points="{pts}"/>'
            f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="2"/></svg>')


def progress_svg(series: Sequence[Fraction], perf: Sequence[int | None], top: Fraction, rounds: int,
                 title: str = "") -> str:
    """A line chart of points after each round, with the performance rating on a second panel."""
    w, h1, h2, left, pad_top = 360, 120, 70, 36, 18
    top = Fraction(top) if top else Fraction(1)
    step = (w - left - 10) / max(1, rounds - 1) if rounds > 1 else 0
    x = [left + i * step for i in range(rounds)]
    out = [f'<svg class="progress" xmlns="http://www.w3.org/2000/svg" width="{w}" height="{pad_top + h1 + h2 + 30}" '
           f'viewBox="0 0 {w} {pad_top + h1 + h2 + 30}" role="img"><title>{esc(title)}</title>']
    if title:
        out.append(f'<text class="t" x="0" y="12">{esc(title)}</text>')
    y0 = pad_top
    out.append(f'<line class="ax" x1="{left}" y1="{y0}" x2="{left}" y2="{y0 + h1}"/>'
               f'<line class="ax" x1="{left}" y1="{y0 + h1}" x2="{w - 6}" y2="{y0 + h1}"/>')
    out.append(f'<text class="lab" x="{left - 4}" y="{y0 + 4}" text-anchor="end">{esc(format_points(top))}</text>'
               f'<text class="lab" x="{left - 4}" y="{y0 + h1}" text-anchor="end">0</text>')
    for i in range(rounds):
        out.append(f'<text class="lab" x="{x[i]:.1f}" y="{y0 + h1 + 12}" text-anchor="middle">{i + 1}</text>')
    if series:
        pts = " ".join(f"{x[i]:.1f},{y0 + h1 - float(Fraction(v) / top) * h1:.1f}" for i, v in enumerate(series))
        out.append(f'<polyline class="pts" points="{pts}"/>')
        for i, v in enumerate(series):
            cy = y0 + h1 - float(Fraction(v) / top) * h1
            out.append(f'<circle class="pt" cx="{x[i]:.1f}" cy="{cy:.1f}" r="3"><title>'
                       f'{esc(_("Round {round}").format(round=i + 1))}: {esc(format_points(v))}</title></circle>')
    known = [(i, v) for i, v in enumerate(perf) if v is not None]
    y1 = y0 + h1 + 24
    out.append(f'<text class="lab" x="0" y="{y1 - 4}">{esc(_("TPR"))}</text>')
    out.append(f'<line class="ax" x1="{left}" y1="{y1 + h2}" x2="{w - 6}" y2="{y1 + h2}"/>')
    if known:
        lo = min(v for _i, v in known) - 50
        hi = max(v for _i, v in known) + 50
        pts = " ".join(f"{x[i]:.1f},{y1 + h2 - (v - lo) / (hi - lo) * h2:.1f}" for i, v in known)
        out.append(f'<polyline class="tpr" points="{pts}"/>')
        out.append(f'<text class="lab" x="{left - 4}" y="{y1 + 8}" text-anchor="end">{hi}</text>'
                   f'<text class="lab" x="{left - 4}" y="{y1 + h2}" text-anchor="end">{lo}</text>')
        last, tpr = known[-1]
        out.append(f'<text class="lab" x="{x[last]:.1f}" y="{y1 + h2 - (tpr - lo) / (hi - lo) * h2 - 5:.1f}" '
                   f'text-anchor="end">{tpr}</text>')
    out.append("</svg>")
    return "".join(out)


CSS = """
table.progress{border-collapse:collapse}table.progress td,table.progress th{padding:.15em .5em;border-bottom:1px solid #ddd}
table.progress th{text-align:left;background:#eee}td.r,th.r{text-align:right}
svg.spark polyline{fill:none;stroke:#1565c0;stroke-width:1.5}svg.spark circle{fill:#1565c0}
.cards{display:flex;flex-wrap:wrap;gap:1em}.card{border:1px solid #ccc;border-radius:4px;padding:.4em}
svg.progress{font:11px system-ui,sans-serif}svg.progress .t{font-weight:bold;font-size:12px}
svg.progress .ax{stroke:#888}svg.progress .pts{fill:none;stroke:#1565c0;stroke-width:2}
svg.progress .pt{fill:#1565c0}svg.progress .tpr{fill:none;stroke:#c62828;stroke-width:1.5}
svg.progress .lab{fill:#444}
@media print{.card{break-inside:avoid}}
"""


def progress_page(t: Tournament, lang: str = "en") -> str:
    """HTML page: standings with sparklines, then every player's score and performance chart."""
    from core.pictures.bracket import page

    rows = standings_progress(t)
    top = max_points(t)
    games = single_games(t)[0]  # a cup: its game rounds
    rounds = max(games.total_rounds, games.current_round)
    perf = performance_after_rounds(t)
    head = "".join(f'<th class="{a}">{esc(h)}</th>' for h, a in (
        (_("Rank"), "r"), (_("No."), "r"), (_("Name"), "l"), (_("Pts"), "r"), (_("Progress"), "l"),
        (_("TPR"), "r")))
    body = [f"<h1>{esc(_('Score progression'))}</h1>", f'<p class="sub">{esc(t.name)}</p>',
            f'<table class="progress"><thead><tr>{head}</tr></thead><tbody>']
    for r in rows:
        body.append(
            f'<tr><td class="r">{esc(r.rank if r.rank is not None else "-")}</td><td class="r">{r.pno}</td>'
            f"<td>{esc(r.name)}</td><td class=\"r\">{esc(format_points(r.points))}</td>"
            f"<td>{sparkline_svg(r.series, top, rounds)}</td>"
            f'<td class="r">{esc(r.performance or "")}</td></tr>')
    body.append("</tbody></table>")
    cards = _("Player cards")  # outside the f-string: the extractor does not read into one
    body.append(f"<h2>{esc(cards)}</h2><div class=\"cards\">")
    for r in rows:
        body.append('<div class="card">' + progress_svg(
            r.series, perf.get(r.pno, ()), top, rounds, f"{r.pno} {r.name}") + "</div>")
    body.append("</div>")
    return page(_("Score progression"), "\n".join(body), CSS, lang)
