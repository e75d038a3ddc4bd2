"""The McMahon table: place, player, rank, the event's criteria (the standings' own list, so
both rank alike; default MMS, SOS, SOSOS) and every round as ``opponent result / colour
handicap`` (``hakem go table ID``).

Why not the chess crosstable: a Go organiser reads the handicap and colour of each game and
the McMahon criteria; the rows are in standings order and opponents are named by their row,
as on OpenGotha's results sheet and in the h9 file.  Headers are in the UI language; names
pass through :func:`core.safe_text.terminal_safe` (they may hold control characters).
"""

from __future__ import annotations

from core.gorender.mcmahon_export import round_entry
from core.go.mcmahon_options import mcmahon_options
from core.go.mms import scores
from core.go.ranks import rank_label
from core.i18n import _, pgettext
from core.model import Tournament
from core.safe_text import terminal_safe
from core.standings import compute_standings
from core.tiebreaks.values import format_value


def mcmahon_table_rows(t: Tournament) -> list[list[str]]:
    """Header row, then one row per player in standings order (the criteria count the rounds
    that have results; a round just paired shows its games with ``?``)."""
    mm = mcmahon_options(t)
    table = compute_standings(t)  # the event's criteria, as `standings` and the h9 rank
    criteria = list(table.tiebreaks)
    line_of = {row.pno: i for i, row in enumerate(table.rows, start=1)}
    all_scores = scores(t, options=mm)
    players = {p.pno: p for p in t.players}
    head = [_("Rk"), _("No."), _("Name"), pgettext("go", "Rank"), _("Club"), *criteria,
            *(str(r) for r in range(1, len(t.rounds) + 1))]
    out = [head]
    for row in table.rows:
        p = players[row.pno]
        s = all_scores[p.pno]
        place = "" if row.rank is None else (f"{row.rank}=" if row.shared else str(row.rank))
        cells = [place, str(p.pno), terminal_safe(p.name), rank_label(s.rank), terminal_safe(p.club)]
        cells += [format_value(row.values.get(code)) for code in criteria]
        cells += [round_entry(r, line_of, mm.bye_points, mm.absent_points) for r in s.rounds]
        out.append(cells)
    return out


def render_mcmahon_table(t: Tournament) -> str:
    """The table as aligned text (names and clubs left, numbers right)."""
    rows = mcmahon_table_rows(t)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [c.ljust(widths[i]) if i in (2, 4) else c.rjust(widths[i]) for i, c in enumerate(r)]
        lines.append("  ".join(cells).rstrip())
    mm = mcmahon_options(t)
    settings = _("McMahon bar {bar}, floor {floor}; handicap = MMS difference − {correction}, "
                 "at most {ceiling}").format(bar=rank_label(mm.bar), floor=rank_label(mm.floor),
                                             correction=mm.correction, ceiling=mm.ceiling)
    return "\n".join([settings, *lines]) + "\n"
