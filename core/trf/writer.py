"""Write TRF-2026 (default) or TRF16 with the JaVaFo/bbpPairings extensions.

Why two flavours: rating officers and current engines read TRF-2026 records (132, 142, 152,
162, 192, 202, 222, 240, 250, 260, NRS lines), older engines read XXR/XXC/BB*/XXA/XXP.  The
``001`` records are identical in both.  What a flavour cannot hold is left out of it (TRF16 has
no encoded type, time control, tie-break list or national ratings; its XXP has no round range),
except what hakem records in ``### hakem …`` comments, which every reader skips.  Output never
depends on the locale (dot decimals, ASCII codes).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.i18n import _

from core.model import (
    Board, Colour, GameResult, PointSystem, Round, Tournament, running_scores, single_games,
)
from core.trf.boards import canonical_board_order
from core.trf.fields import date_for_trf, points_field
from core.trf.player_comments import club_lines, national_comment, ranking_172
from core.trf.reader import RECORD_COMMENT, TIMES_COMMENT
from core.trf.teams import bye_lines, match_comments, team_lines
from core.trf.types import SYSTEM_COMMENT, read_type, type_code


NAME_COLUMNS = 33
"""The ``001`` name field, columns 15–47 (TRF-2026 player record)."""


def _player_line(t: Tournament, pno: int, cells: list[str], pts: Fraction, rank: int) -> str:
    p = t.player(pno)
    line = (
        f"001 {pno:>4} {(p.sex or ' ')[:1]}{p.title[:3]:>3} {p.name[:NAME_COLUMNS]:<{NAME_COLUMNS}} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{date_for_trf(p.birth)[:10]:<10} {points_field(pts):>4} {rank:>4}"
    )
    for cell in cells:
        line += "  " + cell
    return line.rstrip()


def cut_names(t: Tournament) -> list[str]:
    """A warning naming the players whose name is longer than the TRF name field and is cut
    in the file (two different long names may then read the same), or nothing."""
    long = [p for p in sorted(t.players, key=lambda p: p.pno) if len(p.name) > NAME_COLUMNS]
    if not long:
        return []
    return [_("TRF names have {columns} columns (15–47); cut in the file: {players}").format(
        columns=NAME_COLUMNS, players="; ".join(f"{p.pno} {p.name}" for p in long))]


def _nrs_lines(t: Tournament) -> tuple[list[str], list[str]]:
    """National Rating Support lines (TRF-2026): the federation code in place of ``001``,
    national rating at 49–52 and national number at 58–68; and, for players with national
    data but no federation code anywhere, hakem's ``### hakem national`` comments."""
    out, comments = [], []
    for p in sorted(t.players, key=lambda p: p.pno):
        nrs = dict(p.extra["nrs"]) if isinstance(p.extra.get("nrs"), dict) else {}
        if not (p.national_rating or p.national_id or nrs):
            continue
        fed = (nrs.get("federation") or t.federation or p.federation)[:3]
        if not fed.strip():
            comments.append(national_comment(p))
            continue
        line = (
            f"{fed:<3} {p.pno:>4} {(nrs.get('sex') or p.sex or ' ')[:1]}{nrs.get('class', '')[:3]:>3} "
            f"{(nrs.get('name') or p.name)[:NAME_COLUMNS]:<{NAME_COLUMNS}} "
            f"{(str(p.national_rating) if p.national_rating else ''):>4} {nrs.get('origin', '')[:3]:<3} "
            f"{p.national_id[:11]:>11} {(nrs.get('birth') or date_for_trf(p.birth))[:10]:<10}"
        )
        out.append(line.rstrip())
    return out, comments


def _cells(t: Tournament) -> dict[int, list[str]]:
    """Per player, the round cells; forfeits keep the colours of their board unless the file
    they came from had none (``Board.colourless``)."""
    out: dict[int, list[str]] = {p.pno: [] for p in t.players}
    for rnd in t.rounds:
        seen: set[int] = set()
        for b in rnd.boards:
            wc, bc = b.result.codes(b.unrated) if b.result is not None else (None, None)
            w, k = ("-", "-") if b.colourless else ("w", "b")
            out.setdefault(b.white, []).append(f"{b.black:>4} {w} {wc.value if wc else ' '}")
            out.setdefault(b.black, []).append(f"{b.white:>4} {k} {bc.value if bc else ' '}")
            seen.update((b.white, b.black))
        for bye in rnd.byes:
            out.setdefault(bye.pno, []).append(f"0000 - {bye.trf_code or bye.kind.value}")
            seen.add(bye.pno)
        for pno, cells in out.items():
            if pno not in seen:
                cells.append("        ")
    nxt = t.current_round + 1
    for rb in t.requested_byes:
        if rb.round == nxt and rb.pno in out:
            out[rb.pno].append(f"0000 - {rb.kind.value}")
    return out


_XXS_KEYS = {"forfeit_win": "FW", "forfeit_loss": "FL", "pab": "PAB", "full_bye": "FPB",
             "half_bye": "HPB", "zero_bye": "ZPB", "win": "W", "draw": "D", "loss": "WL"}


def _point_records(ps: PointSystem, flavour: str) -> list[str]:
    """Record 162 (TRF-2026) or bbpPairings' BB* lines, then — for the values those cannot
    hold (162 has one value for wins, forfeit wins and full-point byes, one for draws and
    half-point byes, one for zero-point byes and forfeit losses) — JaVaFo's ``XXS`` line, so a
    point system read from any of them is written whole."""
    from dataclasses import fields

    from core.trf.records import READERS
    from core.trf.reader import TrfDocument

    if ps.is_standard:
        return []
    if flavour == "2026":
        parts = [("W", ps.win), ("D", ps.draw), ("L", ps.loss), ("A", ps.zero_bye), ("P", ps.pab)]
        # code at column 6, points at 7-10, the next code 9 columns on
        lines = ["162 " + "".join(f" {k}{points_field(v):>4}   " for k, v in parts).rstrip()]
    else:
        lines = [f"BBW {points_field(ps.win):>4}", f"BBD {points_field(ps.draw):>4}",
                 f"BBL {points_field(ps.loss):>4}", f"BBZ {points_field(ps.zero_bye):>4}",
                 f"BBF {points_field(ps.forfeit_loss):>4}", f"BBU {points_field(ps.pab):>4}"]
    said = TrfDocument()  # what a reader takes from those lines
    for number, line in enumerate(lines, start=1):
        READERS[line[:3]](said, number, line)
    rest = [f"{_XXS_KEYS[f.name]}={points_field(getattr(ps, f.name))}" for f in fields(ps)
            if getattr(ps, f.name) != getattr(said.points, f.name)]
    return lines + (["XXS " + " ".join(rest)] if rest else [])


def _board_comment(rnd: Round, before: dict[int, Fraction]) -> str | None:
    """The recorded board order of ``rnd`` when it is not the canonical one for the scores
    ``before`` the round."""
    canonical = canonical_board_order(before, list(rnd.boards))
    if canonical == list(rnd.boards):
        return None
    return f"### hakem boards {rnd.number} " + " ".join(f"{b.white}-{b.black}" for b in rnd.boards)


def _round_dates(t: Tournament) -> list[str]:
    """Record 132: ``YY/MM/DD`` at columns 92–99 for round 1, every 10 columns after."""
    if not any(t.round_dates):
        return []
    line = "132" + " " * 88
    for date in t.round_dates:
        line += f"{date_for_trf(date, short=True):<8}  "
    return [line.rstrip()]


def _times_comment(t: Tournament) -> list[str]:
    parts = [f"{r}={clock}" for r, clock in enumerate(t.round_times, start=1) if clock]
    return [TIMES_COMMENT + " ".join(parts)] if parts else []


def _type_lines(t: Tournament, flavour: str, kept: dict[str, str]) -> list[str]:
    """Record 192 (TRF-2026 only) and the ``### hakem system`` comment when the code does not
    name hakem's system exactly."""
    code, exact = type_code(t.system, t.acceleration, dict(t.options or {}))
    raw = kept.get("192")
    if raw:
        meaning = read_type(raw)
        if meaning is not None and (meaning.system in (None, t.system)) \
                and meaning.baku == ((t.acceleration or "").lower() == "baku"):
            code, exact = raw, meaning.system == t.system
    lines = [f"192 {code}"] if flavour == "2026" else []
    if not exact or flavour != "2026":
        baku = " baku" if (t.acceleration or "").lower() == "baku" else ""
        lines.append(SYSTEM_COMMENT + t.system + baku)
    return lines


def _tiebreak_lines(t: Tournament, kept: dict[str, str]) -> list[str]:
    """Records 202 (the tie-break list) and 212 (the standings definition: ``PTS`` then the
    same list, TRF-2026): the event's own list, else the one its standings use by default
    (the system's or the preset that fits), so a rating officer or another program ranks
    the event as hakem does.  Records read from a file are written as read while they still
    say the list in use."""
    from core.tiebreaks.codes import split_known_codes

    codes = _standings_codes(t)
    lines = []
    raw = kept.get("202")
    if raw and split_known_codes(raw)[0] == codes:
        lines.append(f"202 {raw}")
    elif codes:
        lines.append("202 " + ",".join(codes))
    # 212 as read while hakem's list is the one read beside it
    unchanged = {split_known_codes(kept[code])[0] for code in ("202", "212") if code in kept}
    if "212" in kept and (codes in unchanged or not codes):
        lines.append(f"212 {kept['212']}")
    elif codes:
        lines.append("212 " + ",".join(("PTS",) + codes))
    return lines


def _standings_codes(t: Tournament) -> tuple[str, ...]:
    """The tie-break list the event's individual standings use (a team event's own list
    only: its team ranking is not what 202 describes)."""
    if t.tiebreaks or t.teams or not t.players:
        return tuple(t.tiebreaks)
    from core.tiebreaks.presets import default_codes
    from core.tiebreaks.context import build_context

    return default_codes(t, build_context(t), False)


def _acceleration_lines(t: Tournament, flavour: str) -> list[str]:
    """Virtual points: XXA per player (TRF16, fixed 5-column fields as the engines read them)
    or TRF-2026 250 records, one per run of consecutive players with the same values."""
    vp = t.options.get("virtual_points") if t.options else None
    if not vp:
        return []
    table = {int(pno): {int(r): Fraction(v) for r, v in rounds.items()} for pno, rounds in vp.items()}
    if flavour == "16":
        lines = []
        for pno in sorted(table):
            rounds = table[pno]
            last = max(rounds, default=0)
            values = "".join(f" {points_field(rounds.get(r, Fraction(0))):>4}" for r in range(1, last + 1))
            lines.append(f"XXA {pno:>4}{values}")
        return lines
    runs: list[tuple[Fraction, int, int, int, int]] = []  # value, first round, last round, p1, p2
    for pno in sorted(table):
        for value, first, last in _round_runs(table[pno]):
            prev = runs[-1] if runs else None
            if prev and prev[:3] == (value, first, last) and prev[4] == pno - 1:
                runs[-1] = (value, first, last, prev[3], pno)
            else:
                runs.append((value, first, last, pno, pno))
    runs.sort(key=lambda x: (x[3], x[1]))
    return [f"250      {points_field(v):>4} {a:>3} {b:>3} {p1:>4} {p2:>4}" for v, a, b, p1, p2 in runs]


def _round_runs(rounds: dict[int, Fraction]) -> list[tuple[Fraction, int, int]]:
    """Consecutive rounds with the same non-zero value: (value, first, last)."""
    out: list[tuple[Fraction, int, int]] = []
    for r in sorted(rounds):
        value = rounds[r]
        if value == 0:
            continue
        if out and out[-1][0] == value and out[-1][2] == r - 1:
            out[-1] = (value, out[-1][1], r)
        else:
            out.append((value, r, r))
    return out


def _forbidden_lines(t: Tournament, flavour: str) -> list[str]:
    lines = []
    for group in t.forbidden:
        ids = " ".join(f"{pno:>4}" for pno in group)
        lines.append(f"260 {1:>3} {t.total_rounds:>3} {ids}" if flavour == "2026" else f"XXP {ids}")
    if flavour == "2026":
        for fr in t.forbidden_ranges:
            ids = " ".join(f"{pno:>4}" for pno in fr.players)
            lines.append(f"260 {fr.first:>3} {fr.last:>3} {ids}")
    return lines


def _adjustment_lines(t: Tournament) -> list[str]:
    """Record 299 per point adjustment: type at column 5, match points at 8–11 (a team's;
    blank for a player), points at 14–17 (a five-character value from 13), round at 20–22
    (``000``: all rounds), pairing numbers (team numbers) at 24–27, 29–32, …"""
    records = [(a.kind, "", a.points, a.round, a.players) for a in t.adjustments]
    records += [(a.kind, points_field(a.match_points), a.game_points, a.round, a.teams)
                for a in t.team_adjustments]
    lines = []
    for kind, match_points, value, rnd, numbers in records:
        ids = "".join(f" {number:>4}" for number in numbers)
        lines.append(f"299 {kind or ' ':1}  {match_points:>4}{points_field(value):>6}  {rnd:03d}{ids}")
    return lines


def _header_lines(t: Tournament, flavour: str, kept: dict[str, str]) -> list[str]:
    lines: list[str] = [f"012 {t.name}"]
    for code, value in (("022", t.place), ("032", t.federation), ("042", date_for_trf(t.start_date)),
                        ("052", date_for_trf(t.end_date))):
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(t.players)}")
    lines.append(f"072 {sum(1 for p in t.players if p.rating)}")
    if t.teams:
        lines.append(f"082 {len(t.teams)}")
    elif "082" in kept:
        lines.append(f"082 {kept['082']}")
    trf_type = str(t.options.get("trf_type", "")) if t.options else ""
    if trf_type:
        lines.append(f"092 {trf_type}")
    if t.chief_arbiter:
        lines.append(f"102 {t.chief_arbiter}")
    for deputy in t.deputy_arbiters:
        lines.append(f"112 {deputy}")
    if t.time_control:
        lines.append(f"122 {allotted_times(t.time_control)}")
    lines.extend(_round_dates(t))
    if flavour == "2026":
        lines.append(f"142 {t.total_rounds}")
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            lines.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
    else:
        lines.append(f"XXR {t.total_rounds}")
        if t.initial_colour in (Colour.WHITE, Colour.BLACK):
            lines.append(f"XXC {'white1' if t.initial_colour is Colour.WHITE else 'black1'}")
    lines.extend(_point_records(t.points, flavour))
    nrs = _nrs_lines(t)[0]
    if "172" in kept:
        lines.append(f"172 {kept['172']}")
    elif nrs:  # mandatory with NRS lines (in TRF16 carried with them)
        line = f"172 {ranking_172(t.federation, [line[:3] for line in nrs])}"
        lines.extend([line] if flavour == "2026" else carried([line]))
    if "182" in kept:
        lines.append(f"182 {kept['182']}")
    lines.extend(_type_lines(t, flavour, kept))
    later = _tiebreak_lines(t, kept) + ([f"222 {t.time_control_code}"] if t.time_control_code else [])
    lines.extend(later if flavour == "2026" else carried(later))
    return lines


def carried(records: list[str]) -> list[str]:
    """TRF-2026 records as TRF16 carries them (:data:`RECORD_COMMENT`)."""
    return [RECORD_COMMENT + line for line in records]


def write_trf(t: Tournament, flavour: str = "2026", line_ending: str = "\n",
              ranks: dict[int, int] | None = None, team_ranks: dict[int, int] | None = None) -> str:
    """Render ``t`` as TRF text.  ``ranks`` (pno → rank) fills columns 86–89; by default the
    rank is by points then pairing number (the standings module passes the real ranks).
    ``team_ranks`` (team id → rank) does the same for the team records of a team event.
    A cup's knockout rounds are written as their consecutive game rounds (TRF has one game
    per player per round; :func:`core.model.single_games`).  Withdrawn players and late
    entries not arrived yet are absent (``Z``) in the rounds to come
    (:func:`core.trf.absences.with_known_absences`)."""
    from core.trf.absences import with_known_absences

    t, _upto = single_games(with_known_absences(_as_games(t)))
    if flavour not in ("2026", "16"):
        raise ValueError(f"unknown TRF flavour {flavour!r}; use '2026' or '16'")
    before = running_scores(t)
    pts = before[-1]
    if ranks is None:
        order = sorted(pts, key=lambda pno: (-pts[pno], pno))
        ranks = {pno: i + 1 for i, pno in enumerate(order)}
    kept = dict(t.options.get("trf_headers", {})) if t.options else {}
    lines = _header_lines(t, flavour, kept)
    lines.extend(_forbidden_lines(t, flavour))
    lines.extend(_acceleration_lines(t, flavour))
    nxt = t.current_round + 1
    later = sorted((rb for rb in t.requested_byes if rb.round != nxt), key=lambda b: (b.round, b.kind.value, b.pno))
    for rb in later:
        lines.append(f"240 {rb.kind.value} {rb.round:>3} {rb.pno:>4}")
    lines.extend(_adjustment_lines(t))
    lines.extend(t.options.get("trf_extra", []) if t.options else [])
    lines.extend(_times_comment(t))
    for index, rnd in enumerate(t.rounds):
        comment = _board_comment(rnd, before[index])
        if comment:
            lines.append(comment)
    lines.extend(match_comments(t))
    cells = _cells(t)
    for p in sorted(t.players, key=lambda p: p.pno):
        lines.append(_player_line(t, p.pno, cells.get(p.pno, []), pts.get(p.pno, Fraction(0)),
                                  ranks.get(p.pno, 0)))
    nrs, comments = _nrs_lines(t)
    lines.extend((nrs if flavour == "2026" else carried(nrs)) + comments)
    lines.extend(club_lines(t))
    # after the players: readers resolve the members' pairing numbers against them
    lines.extend(team_lines(t, flavour, team_ranks))
    lines.extend(bye_lines(t))
    return line_ending.join(lines) + line_ending


__all__ = ["write_trf", "cut_names", "Board"]


def _as_games(t: Tournament) -> Tournament:
    """A cup as its TRF records it: its games, each with the result the event's rules give it.

    Two things of a knockout round are no game result.  A player the bracket sends to the next
    round without a game is stored with a full-point bye, but TRF's ``F`` is a bye the player
    asked for and scores a win (record 162), and its ``U`` (pairing-allocated bye) allows one
    per round and scores a win too; a pass scores nothing in a knockout, so it is written as a
    round without a game (blank: "same as Z", no points).  An Armageddon in which both flags
    fell is stored ``0-0`` with whose flag fell later; the rules make that player its winner
    (the player goes through), so it is written ``1``/``0``, not a loss for both.  A cup
    without a time control of its own says the clock of its regular games (record 222: the
    rating officer's list follows from it; ``seed-rapid`` plays 20 minutes, ``1200``).  Every
    other event is returned as it is."""
    if t.system != "knockout" or not t.rounds:
        return t
    from core.errors import TournamentError
    from core.playoff.cup import cup_rules, cup_settings

    if not t.time_control_code:
        try:
            rules = cup_rules(t)
        except TournamentError:
            rules = None
        if rules is not None and rules.segments:
            t = t.with_changes(time_control_code=rules.segments[0].time_control.encode())

    flags = dict(cup_settings(t).get("flag_later", {}))
    decided = {"white": GameResult.WHITE_WINS, "black": GameResult.BLACK_WINS}
    rounds = []
    for rnd in t.rounds:
        boards = tuple(
            replace(b, result=decided[flags[f"{rnd.number}.{i}"]])
            if b.result is GameResult.BOTH_LOSE and flags.get(f"{rnd.number}.{i}") in decided else b
            for i, b in enumerate(rnd.boards, start=1))
        rounds.append(replace(rnd, boards=boards, byes=()))
    return t.with_changes(rounds=tuple(rounds))


def allotted_times(typed: str) -> str:
    """Record 122 (TRF-2026: "allotted times per moves/game"): a file for machines and for
    FIDE's rating officers, so one form whatever language the organiser typed it in — the
    English of the FIDE handbook (``90 min/40 moves + 30 min + 30 s``), where the settings show
    the reader's words (``90 Min./40 Züge + 30 Min. + 30 Sek.``).  A text that is no chess
    clock (a Go byo-yomi, an imported file's own words) is written as it was typed, and so is
    one of bare numbers (``90/40+30+30``, ``5400+30``): the figures are the handbook's own
    form, and their unit is the file's, not ours to guess."""
    import re

    from core.i18n import speaking
    from core.i18n.clock import clock_words

    if re.fullmatch(r"[0-9/+:;,. ]*", typed):
        return typed
    with speaking("en"):
        return clock_words(typed) or typed
