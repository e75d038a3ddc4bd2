"""Write TRF-2026 (default) or TRF16 with the JaVaFo/bbpPairings extensions.

Why two flavours: rating officers and current engines read TRF-2026 records (142/152/162/240/
260), older engines read XXR/XXC/BB*/XXP.  The ``001`` records are identical in both.  Output
never depends on the locale (dot decimals, ASCII codes).
"""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, Colour, PointSystem, Round, Tournament, format_points, scores
from core.trf.boards import canonical_board_order
from core.trf.teams import match_comments, team_lines


def _points_field(value: Fraction) -> str:
    """Points as TRF writes them: one decimal at least (``4.0``, ``2.5``)."""
    text = format_points(value)
    return text if "." in text else text + ".0"


def _date(iso: str) -> str:
    return iso.replace("-", "/") if len(iso) == 10 else iso


def _player_line(t: Tournament, pno: int, cells: list[str], pts: Fraction, rank: int) -> str:
    p = t.player(pno)
    line = (
        f"001 {pno:>4} {(p.sex or ' ')[:1]}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth[:10]:<10} {_points_field(pts):>4} {rank:>4}"
    )
    for cell in cells:
        line += "  " + cell
    return line.rstrip()


def _cells(t: Tournament) -> dict[int, list[str]]:
    """Per player, the round cells; forfeits keep the colours of their board (TRF allows it)."""
    out: dict[int, list[str]] = {p.pno: [] for p in t.players}
    for rnd in t.rounds:
        seen: set[int] = set()
        for b in rnd.boards:
            wc, bc = b.result.codes(b.unrated) if b.result is not None else (None, None)
            out.setdefault(b.white, []).append(f"{b.black:>4} w {wc.value if wc else ' '}")
            out.setdefault(b.black, []).append(f"{b.white:>4} b {bc.value if bc else ' '}")
            seen.update((b.white, b.black))
        for bye in rnd.byes:
            out.setdefault(bye.pno, []).append(f"0000 - {bye.kind.value}")
            seen.add(bye.pno)
        for pno, cells in out.items():
            if pno not in seen:
                cells.append("        ")
    nxt = t.current_round + 1
    for rb in t.requested_byes:
        if rb.round == nxt and rb.pno in out:
            out[rb.pno].append(f"0000 - {rb.kind.value}")
    return out


def _point_records(ps: PointSystem, flavour: str) -> list[str]:
    if ps.is_standard:
        return []
    if flavour == "2026":
        parts = [("W", ps.win), ("D", ps.draw), ("L", ps.loss), ("A", ps.zero_bye), ("P", ps.pab)]
        return ["162 " + "".join(f" {k}{_points_field(v):>4}    " for k, v in parts).rstrip()]
    return [f"BBW {_points_field(ps.win):>4}", f"BBD {_points_field(ps.draw):>4}",
            f"BBL {_points_field(ps.loss):>4}", f"BBZ {_points_field(ps.zero_bye):>4}",
            f"BBF {_points_field(ps.forfeit_loss):>4}", f"BBU {_points_field(ps.pab):>4}"]


def _board_comment(t: Tournament, rnd: Round) -> str | None:
    before = t.with_changes(rounds=t.rounds[:rnd.number - 1])
    canonical = canonical_board_order(before, list(rnd.boards))
    if canonical == list(rnd.boards):
        return None
    return f"### hakem boards {rnd.number} " + " ".join(f"{b.white}-{b.black}" for b in rnd.boards)


def write_trf(t: Tournament, flavour: str = "2026", line_ending: str = "\n",
              ranks: dict[int, int] | None = None, team_ranks: dict[int, int] | None = None) -> str:
    """Render ``t`` as TRF text.  ``ranks`` (pno → rank) fills columns 86–89; by default the
    rank is by points then pairing number (the standings module passes the real ranks).
    ``team_ranks`` (team id → rank) does the same for the team records of a team event."""
    if flavour not in ("2026", "16"):
        raise ValueError(f"unknown TRF flavour {flavour!r}; use '2026' or '16'")
    pts = scores(t)
    if ranks is None:
        order = sorted(pts, key=lambda pno: (-pts[pno], pno))
        ranks = {pno: i + 1 for i, pno in enumerate(order)}
    lines: list[str] = [f"012 {t.name}"]
    for code, value in (("022", t.place), ("032", t.federation), ("042", _date(t.start_date)),
                        ("052", _date(t.end_date))):
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(t.players)}")
    lines.append(f"072 {sum(1 for p in t.players if p.rating)}")
    if t.teams:
        lines.append(f"082 {len(t.teams)}")
    trf_type = str(t.options.get("trf_type", "")) if t.options else ""
    if trf_type:
        lines.append(f"092 {trf_type}")
    if t.chief_arbiter:
        lines.append(f"102 {t.chief_arbiter}")
    for deputy in t.deputy_arbiters:
        lines.append(f"112 {deputy}")
    if t.time_control:
        lines.append(f"122 {t.time_control}")
    kept = t.options.get("trf_headers", {}) if t.options else {}
    for code in sorted(kept):
        if code == "082" and t.teams:
            continue
        if code < "142":
            lines.append(f"{code} {kept[code]}")
    if flavour == "2026":
        lines.append(f"142 {t.total_rounds}")
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            lines.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    else:
        lines.append(f"XXR {t.total_rounds}")
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            lines.append(f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}")
    for code in sorted(kept):
        if code > "152":
            lines.append(f"{code} {kept[code]}")
    lines.extend(_point_records(t.points, flavour))
    for group in t.forbidden:
        ids = " ".join(f"{pno:>4}" for pno in group)
        lines.append(f"260 {1:>3} {t.total_rounds:>3} {ids}" if flavour == "2026" else f"XXP {ids}")
    vp = t.options.get("virtual_points") if t.options else None
    if vp:
        for pno in sorted(vp, key=int):
            rounds = vp[pno]
            last = max((int(r) for r in rounds), default=0)
            # fixed columns as the engines read them: each value " pp.p" (5 columns per round)
            values = "".join(f" {_points_field(Fraction(rounds.get(str(r), '0'))):>4}" for r in range(1, last + 1))
            lines.append(f"XXA {int(pno):>4}{values}")
    nxt = t.current_round + 1
    later = sorted((rb for rb in t.requested_byes if rb.round != nxt), key=lambda b: (b.round, b.kind.value, b.pno))
    for rb in later:
        lines.append(f"240 {rb.kind.value} {rb.round:>3} {rb.pno:>4}")
    for extra in (t.options.get("trf_extra", []) if t.options else []):
        lines.append(extra)
    for rnd in t.rounds:
        comment = _board_comment(t, rnd)
        if comment:
            lines.append(comment)
    lines.extend(match_comments(t))
    cells = _cells(t)
    for p in sorted(t.players, key=lambda p: p.pno):
        lines.append(_player_line(t, p.pno, cells.get(p.pno, []), pts.get(p.pno, Fraction(0)),
                                  ranks.get(p.pno, 0)))
    # after the players: readers resolve the members' pairing numbers against them
    lines.extend(team_lines(t, flavour, team_ranks))
    return line_ending.join(lines) + line_ending


__all__ = ["write_trf", "Board"]
