"""The reports arbiters print and publish, built as neutral documents (see document.py).

Sources: Aktar (pairing cards "eşlendirme kartı", crosstables "çapraz tablo", round sheets,
tie-break tables), the Gamma procedure (participant cards, tournament table), other club managers'
published features (check-in lists, wallcharts); digest in docs/rules/records.md.  Every label goes through gettext at build time, so a report is
in the language active when it is built.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from core.errors import TournamentError
from core.standings import place_text, playoff_footnote, rounds_started
from core.fields import title_word
from core.i18n import _, pgettext
from core.i18n.collation import event_sort_key
from core.i18n.terms import colour_letter, colour_name, regime_name, tiebreak_modifier, tiebreak_name
from core.model import ByeKind, Code, GameResult, Tournament, single_games
from core.reports.document import Column, GameCell, Marked, Points, Report, ResultCell, Table, Term, title_cell
from core.reports.marks import colour_mark
from core.reports.view import View

def _bye_label(kind: ByeKind, forfeit_win: bool = False) -> str:
    """A bye's name; a forfeit win on a board the other team left empty is named as such."""
    from core.i18n.terms import bye_name, code_name

    return code_name(Code.FORFEIT_WIN.value) if forfeit_win else bye_name(kind.label)


def tiebreak_label(code: str, team_primary: str | None = None) -> str:
    """``BH/C1`` → "Buchholz, cut 1 (…)" in the active language: the base name and every
    modifier spelled out, so the list printed under the standings needs no legend
    (``team_primary``: the name a team event gives the code, e.g. SB = EMMSB).  Commas, as
    :func:`core.tiebreaks.describe`: the modifiers' texts carry their own brackets, and
    "Buchholz (1 alttan (en az önemli…))" nested them."""
    from core.i18n.tiebreak_names import MODIFIER_NAMES
    from core.tiebreaks.codes import parse_code
    from core.tiebreaks.spec import TieBreakError

    try:  # the code's own base and modifiers, whatever spelling was typed (SOSM-1, Solkoff/C1)
        spec = parse_code(code)
    except TieBreakError:
        return code  # no criterion: nothing to spell out
    parts = [tiebreak_modifier(mod[0], mod[1:]) if mod[0] in MODIFIER_NAMES else mod for mod in spec.modifier_codes]
    name = tiebreak_name(spec.base, team_primary)
    return ", ".join([name, *parts])


def rounds_counted(counted: int, rounds: int) -> str:
    """A standings' subtitle: "After round 3 of 9"; before any round is played "Before round 1"
    ("after round 0" was the list's own arithmetic, not words)."""
    if not counted:
        return _("Before round 1")
    return _("After round {round} of {rounds}").format(round=counted, rounds=rounds)


def _result_text(result: GameResult | None) -> ResultCell:
    return ResultCell(result)


def _head(view: View) -> list[str]:
    """"Place · dates" under a title, dates the language's way (ISO in English)."""
    from core.i18n.format import format_date

    t = view.tournament

    def day(text: str) -> str:
        try:
            return format_date(text)
        except (ValueError, TypeError):  # a date typed in some other form: show it as it is
            return text

    start, end = day(t.start_date), day(t.end_date)
    dates = start if start == end or not end else f"{start} – {end}"
    parts = [p for p in (t.place, dates) if p]
    return [" · ".join(parts)] if parts else []


def _board_columns(view: View, round_no: int) -> tuple[list[Column], bool]:
    rnd = view.tournament.round(round_no)
    go = any(b.handicap is not None for b in rnd.boards)
    mcmahon = view.tournament.system == "mcmahon"
    score = "MMS" if mcmahon else _("Pts")
    if not go and not mcmahon:  # chess: title and rating beside each name, as the peers print
        # The points go first on a narrow page where they tell nothing (every player on 0
        # before round 1: the titles stayed on some pages and not on others, as the header's
        # words were longer or shorter) or less than the game (a cup: the match's points —
        # the game, "Extension 1, game 2", is read whole, never cut).
        cup = any(b.game for b in rnd.boards)
        spare = cup or not any(view.score_before(p, round_no) for b in rnd.boards for p in (b.white, b.black))
        return [Column("board", _("Board"), "r"), Column("white_pno", _("No."), "r", minor=True),
                Column("white_title", _("Title"), optional=True, minor=True),
                Column("white", _("White"), flex=True, link="white_pno"),
                Column("white_rating", _("Rating"), "r", optional=True, minor=True),
                Column("white_points", score, "r", optional=spare, minor=True, spare=spare),
                Column("result", _("Result"), "c"),
                Column("black_points", score, "r", optional=spare, minor=True, spare=spare),
                Column("black_title", _("Title"), optional=True, minor=True),
                Column("black", _("Black"), flex=True, link="black_pno"),
                Column("black_rating", _("Rating"), "r", optional=True, minor=True),
                Column("black_pno", _("No."), "r", minor=True),
                *([Column("game", _("Game"))] if cup else [])], go
    columns = [Column("board", _("Board"), "r"), Column("white_pno", _("No."), "r", minor=True),
               Column("white", _("White"), flex=True, link="white_pno"),
               Column("white_points", score, "r", minor=True), Column("result", _("Result"), "c"),
               Column("black_points", score, "r", minor=True),
               Column("black", _("Black"), flex=True, link="black_pno"),
               Column("black_pno", _("No."), "r", minor=True)]
    if go:
        columns += [Column("handicap", _("Handicap"), "r"), Column("komi", _("Komi"), "r")]
    if mcmahon:  # the ranks go first when the page is narrow: the stones and komi stay
        rank = pgettext("go", "Rank")
        columns.insert(3, Column("white_rank", rank, "r", optional=True, minor=True))
        columns.insert(8, Column("black_rank", rank, "r", optional=True, minor=True))
    if any(b.game for b in rnd.boards):  # a cup: which game of which match each board is
        columns.append(Column("game", _("Game"), flex=True))
    return columns, go


def _cup_words(view: View, round_no: int) -> tuple[dict[int, str], dict[int, str]]:
    """A cup's round: board → its game, player off the boards → why (empty elsewhere)."""
    t = view.tournament
    if t.system != "knockout":
        return {}, {}
    from core.playoff.cup import away_status, board_games

    try:
        return board_games(t, round_no, short=True), away_status(t, round_no)
    except TournamentError:
        return {}, {}


def _cup_games(view: View, round_no: int) -> list:
    """The cup games of the round's boards (empty for other systems)."""
    t = view.tournament
    if t.system != "knockout" or not any(b.game for b in t.round(round_no).boards):
        return []
    from core.playoff.cup import replay

    try:
        games = {g.id: g for g in replay(t).view.games}
    except TournamentError:
        return []
    return [games[b.game] for b in t.round(round_no).boards if b.game in games]


def _cup_stage(view: View, round_no: int) -> list[str]:
    """A cup's pairing list names its knockout round under the title (the Game column then
    says "Game 2", "Extension 1, game 1")."""
    from core.playoff.labels import stage_text

    return [" · ".join(dict.fromkeys(stage_text(g.stage) for g in _cup_games(view, round_no)))] \
        if _cup_games(view, round_no) else []


def _cup_notes(view: View, round_no: int) -> list[str]:
    """Under a cup's pairing list: what the points beside the names are (the match's, before
    the board's game), and the Armageddon's clocks and rule when it is played — a note, not a
    line under the title that read as a second heading of the round."""
    from core.playoff.labels import game_title

    games = _cup_games(view, round_no)
    if not games:
        return []
    return [_("{points}: the player's points in the match before this game.").format(points=_("Pts")),
            *dict.fromkeys(game_title(g) for g in games if g.kind == "armageddon")]


def _board_row(view: View, round_no: int, number: int, b, go: bool,
               cup: Mapping[int, tuple[Fraction, Fraction]] | None = None) -> list[object]:
    """A board's cells; ``cup``: a cup's points in the match before each board's game
    (:func:`_cup_points`), which stand where a Swiss shows the points before the round."""
    if view.tournament.system == "mcmahon":  # MMS before the round, and the ranks
        from core.reports.go_mcmahon import board_view

        mms, ranks = board_view(view, round_no)
        return [number, b.white, view.name(b.white), ranks.get(b.white, ""), Points(mms.get(b.white, Fraction(0))),
                _result_text(b.result), Points(mms.get(b.black, Fraction(0))), view.name(b.black),
                ranks.get(b.black, ""), b.black, *([b.handicap if b.handicap is not None else "", b.komi] if go else [])]
    if not go:
        white, black = view.players.get(b.white), view.players.get(b.black)
        before = (view.score_before(b.white, round_no), view.score_before(b.black, round_no))
        before = (cup or {}).get(number, before)
        return [number, b.white, title_cell(white.title) if white else "", view.name(b.white), _rating(white),
                Points(before[0]), _result_text(b.result),
                Points(before[1]), title_cell(black.title) if black else "",
                view.name(b.black), _rating(black), b.black]
    return [number, b.white, view.name(b.white), Points(view.score_before(b.white, round_no)),
            _result_text(b.result), Points(view.score_before(b.black, round_no)),
            view.name(b.black), b.black, b.handicap if b.handicap is not None else "", b.komi]


def _cup_points(view: View, round_no: int) -> dict[int, tuple[Fraction, Fraction]]:
    """A cup's boards: White's and Black's points in their match before the board's game
    (:func:`core.round_view.cup_points`, what the boards pane shows) — the event's points
    count the games of earlier matches and read 0 before a match's second game."""
    from core.round_view import cup_points

    return cup_points(view.tournament, round_no)


def _rating(p) -> int | str:
    """A player's rating cell: empty for the unrated (a 0 would read as a rating)."""
    return (p.rating or "") if p else ""


def pairing_list(view: View, round_no: int) -> Report:
    """Pairings of one round in board order (what goes on the wall before the round).

    Team events: one table per team match, titled with the teams and the match score.
    Go: handicap stones and komi per board."""
    t = view.tournament
    rnd = t.round(round_no)
    columns, go = _board_columns(view, round_no)
    from core.i18n.format import format_schedule

    when = format_schedule(t.round_date(round_no), t.round_time(round_no))
    report = Report(f"pairings-r{round_no}", _("Pairings of round {round}").format(round=round_no),
                    [t.name, *([when] if when else []), *_head(view), *_cup_stage(view, round_no)])
    games, away = _cup_words(view, round_no)
    if rnd.matches:
        for m_index, match in enumerate(rnd.matches):
            if match.bye:
                continue
            table = Table(columns, title=match_title(view, round_no, m_index))
            for j, i in enumerate(match.boards, start=1):  # boards of the match: 1..n
                table.rows.append(_board_row(view, round_no, j, rnd.boards[i], go))
            report.tables.append(table)
    else:
        table = Table(columns)
        cup = _cup_points(view, round_no)
        for i, b in enumerate(rnd.boards, start=1):
            table.rows.append(_board_row(view, round_no, i, b, go, cup) + ([games.get(i, "")] if b.game else []))
        report.tables.append(table)
    report.notes += _cup_notes(view, round_no)
    if away:  # a cup: through without a game, eliminated, entering later — never "absent"
        report.tables.append(_away_table(view, away))
        return report
    byes = _byes_table(view, rnd)
    if byes is not None:
        report.tables.append(byes)
    bye_teams = _team_byes(view, round_no)
    if bye_teams:
        report.tables.append(bye_teams[0])
    not_checked_in = {y.pno for y in rnd.byes if y.absent}  # the check-in's zero-point byes
    resting = bye_teams[1] if bye_teams else set()
    absent = [p for p in sorted(t.players, key=lambda p: p.pno)
              if (p.active_in(round_no) and p.pno not in _seated(rnd) and p.pno not in resting)
              or p.pno in not_checked_in]
    if absent:
        table = Table([Column("pno", _("No."), "r", minor=True), Column("name", _("Name"), flex=True, link="pno")],
                      title=_("Absent (not paired)"))
        for p in absent:
            table.rows.append([p.pno, p.name])
        report.tables.append(table)
    return report


def _byes_table(view: View, rnd) -> Table | None:
    """The round's byes (pairing-allocated, requested, forfeit wins on an empty board): the
    players without a game and why; ``None`` when every player has a board.  Players who did
    not check in are listed apart (:func:`pairing_list`)."""
    if not any(not y.absent for y in rnd.byes):
        return None
    byes = Table([Column("pno", _("No."), "r", minor=True), Column("name", _("Name"), flex=True, link="pno"),
                  Column("kind", _("Bye"))], title=_("Players without a game"))
    for y in rnd.byes:
        if not y.absent:
            byes.rows.append([y.pno, view.name(y.pno), _bye_label(y.kind, y.forfeit_win)])
    return byes


def _team_byes(view: View, round_no: int) -> tuple[Table, set[int]] | None:
    """A team Swiss's pairing-allocated bye: the table naming the team, and its players (who
    have no game but are not absent)."""
    t = view.tournament
    teams = {team.id: team for team in t.teams}
    byes = [m.home for m in t.round(round_no).matches if m.bye and m.home in teams]
    if not byes:
        return None
    table = Table([Column("team", _("Team"), flex=True), Column("kind", _("Bye"))],
                  title=_("Teams without a match"))
    for tid in byes:
        table.rows.append([teams[tid].name, _("Pairing-allocated bye")])
    return table, {pno for tid in byes for pno in teams[tid].members}


def _away_table(view: View, away: dict[int, str]) -> Table:
    """A cup's players without a game in the round, each with the reason in words."""
    words = Table([Column("pno", _("No."), "r", minor=True), Column("name", _("Name"), flex=True, link="pno"),
                   Column("why", _("Why"), flex=True)], title=_("Players without a game"))
    for pno, why in sorted(away.items()):
        words.rows.append([pno, view.name(pno), why])
    return words


def _seated(rnd) -> set[int]:
    return {pno for b in rnd.boards for pno in (b.white, b.black)} | {y.pno for y in rnd.byes}


def alphabetical_pairings(view: View, round_no: int) -> Report:
    """Every player alphabetically with board, colour and opponent (players find themselves)."""
    t = view.tournament
    rnd = t.round(round_no)
    where: dict[int, tuple[int | str, str, int | ByeKind | None]] = {}
    seats: dict[int, list[tuple[int, str]]] = {}
    for i, b in enumerate(rnd.boards, start=1):
        for pno, side, them in ((b.white, "w", b.black), (b.black, "b", b.white)):
            seats.setdefault(pno, []).append((i, side))
            mine = seats[pno]
            if len(mine) == 1:
                where[pno] = (i, colour_name(side), them)
            else:  # a cup: every game of the match, "1, 3" and "W/B"
                where[pno] = (", ".join(str(n) for n, _s in mine), "/".join(colour_letter(c) for _n, c in mine), them)
    for y in rnd.byes:
        where[y.pno] = ("", "", y.kind)
    table = Table([Column("name", _("Name"), flex=True, link="pno"), Column("pno", _("No."), "r", minor=True),
                   Column("board", _("Board"), "r"), Column("colour", _("Colour")),
                   Column("opponent", _("Opponent"), flex=True)])
    for p in sorted(t.players, key=lambda p: (event_sort_key(p.name, t.language), p.pno)):
        if p.pno not in where:
            continue
        board, colour, opp = where[p.pno]
        other = _bye_label(opp) if isinstance(opp, ByeKind) else view.name(opp)
        table.rows.append([p.name, p.pno, board, colour, other])
    return Report(f"pairings-r{round_no}-alpha",
                  _("Pairings of round {round} by name").format(round=round_no), [t.name], [table])


def result_sheet(view: View, round_no: int) -> Report:
    """The arbiter's sheet for collecting results: empty result column until results are in.
    Go: the stones of each board beside the players (OpenGotha's sheet prints "Hd = n"), so a
    board set up with the wrong handicap is seen when the result is collected."""
    t = view.tournament
    rnd = t.round(round_no)
    go = any(b.handicap is not None for b in rnd.boards)
    columns = [Column("board", _("Board"), "r"), Column("white", _("White"), flex=True),
               Column("black", _("Black"), flex=True), Column("result", _("Result"), "c"),
               Column("signature", _("Signature"))]
    if go:
        columns.insert(3, Column("handicap", _("Handicap"), "r"))
    table = Table(columns)
    for i, b in enumerate(rnd.boards, start=1):
        row: list[object] = [i, f"{b.white} {view.name(b.white)}", f"{b.black} {view.name(b.black)}",
                             _result_text(b.result) if b.result is not None else "_____", "__________"]
        if go:
            row.insert(3, b.handicap if b.handicap is not None else "")
        table.rows.append(row)
    byes = _byes_table(view, rnd)  # the sheet is the round's record: its byes belong on it too
    return Report(f"results-r{round_no}", _("Result sheet of round {round}").format(round=round_no),
                  [t.name, *_head(view)], [table, *([byes] if byes is not None else [])])


def cup_cells(t) -> dict[int, tuple[str, str, str]]:
    """A cup's standings cells per player: the stage reached ("winner", "Final",
    "Semi-final"…), the score of the player's latest match from their side (``1½–½``) and its
    opponent; empty for other systems.  A knockout ranks by the stage reached (Aktar p. 67),
    so these replace the Swiss columns — the event's points count byes and earlier matches, and
    Buchholz of a knockout means nothing (issue 34: ``BH/C1 79½ BH 86`` on a cup)."""
    if t.system != "knockout" or not t.rounds:
        return {}
    from core.playoff.cup import replay, stage_reached
    from core.playoff.cup_bracket import latest_matches
    from core.playoff.labels import entrant_text
    from core.playoff.match_score import score_text

    try:
        stages, matches = stage_reached(t), latest_matches(t, replay(t))
    except TournamentError:
        return {}
    names = {p.pno: p.name for p in t.players}
    out: dict[int, tuple[str, str, str]] = {}
    for p in t.players:
        m = matches.get(p.pno)
        score = score_text(m.match, p.pno) if m is not None and m.match is not None else ""
        opponent = "" if m is None else (f"{m.opponent} {names.get(m.opponent, '?')}" if isinstance(m.opponent, int)
                                         else entrant_text(names, m.opponent))
        out[p.pno] = (stages.get(p.pno, ""), score, opponent)
    return out


def standings_report(view: View, upto: int | None = None) -> Report:
    """Standings with the tie-break columns, the list and the regime used; ``upto``: the
    standings after that round (the published page of an earlier round), else as they are."""
    t = view.tournament
    if upto is None:
        s = view.standings
    else:
        from core.standings import compute_standings

        s = compute_standings(t, view.tiebreaks, view.regime, upto=upto, team=False)
    cup = cup_cells(t if upto is None else t.with_changes(rounds=t.rounds[:upto]))
    if cup:
        return _cup_standings(view, s, cup, upto, cup_legend(t if upto is None else t.with_changes(rounds=t.rounds[:upto])))
    columns = [Column("rank", _("Rank"), "r"), Column("pno", _("No."), "r", minor=True),
               Column("title", _("Title"), optional=True, minor=True),
               Column("name", _("Name"), flex=True, link="pno"), Column("rating", _("Rating"), "r", optional=True),
               Column("federation", _("Fed"), optional=True, minor=True), Column("points", _("Pts"), "r")]
    columns += [Column(code, code, "r") for code in s.tiebreaks]
    changes = view.rating_changes if upto is None else {}  # an earlier round's page: not today's change
    if changes:  # last: the first column a narrow page drops
        columns.append(Column("rating_change", _("Rtg ±"), "r", optional=True))
    table = Table(columns)
    for row in s.rows:
        p = view.players.get(row.pno)
        table.rows.append([rank_cell(row), row.pno, title_cell(p.title) if p else "",
                           withdrawn_name(p, row.name, upto if upto is not None else t.current_round), _rating(p),
                           p.federation if p else "", Points(row.points),
                           *[row.values.get(code) for code in s.tiebreaks],
                           *([changes.get(row.pno)] if changes else [])])
    subtitle = [t.name, rounds_counted(rounds_started(t) if upto is None else upto, t.total_rounds)]
    notes = [_("Tie-break regime: {regime}").format(regime=regime_name(s.regime.value))] if s.chess_regime else []
    if s.tiebreaks:
        notes.append(_("Tie-breaks: {list}").format(list="; ".join(
            f"{code} = {tiebreak_label(code, s.team_primary)}" for code in s.tiebreaks)))
    if any(row.rank is not None and row.shared for row in s.rows):
        notes.append(_("Equal ranks (=) share the place: the tie-breaks do not separate them."))
    notes += [n for n in (playoff_footnote(s),) if n] + adjustment_notes(view) + list(s.warnings)
    if finished(t, upto):
        return Report("standings" if upto is None else f"standings-r{upto}",
                      pgettext("report title", "Final standings"), subtitle, [table], notes)
    if upto is None:
        return Report("standings", pgettext("report title", "Standings"), subtitle, [table], notes)
    return Report(f"standings-r{upto}", _("Standings after round {round}").format(round=upto), subtitle, [table],
                  notes)


def finished(t: Tournament, upto: int | None = None) -> bool:
    """Whether standings (after round ``upto``, else as they are) are the event's final ones:
    every round played and every result in.  Their title says so — "Final standings", the
    glossary's Endstand / son sıralama / итоговая таблица — where "Standings" after the last
    round left the reader to count the rounds."""
    last = t.total_rounds
    return (bool(last) and len(t.rounds) >= last and (upto is None or upto >= last)
            and all(r.complete for r in t.rounds[:last]))


def rank_cell(row) -> object:
    """The place (:func:`core.standings.place_text`); a plain number stays a number."""
    text = place_text(row)
    return row.rank if text == str(row.rank) else text


def cup_legend(t) -> list[str]:
    """The letters the cup's match column shows ("A: the Armageddon decided the match …",
    :func:`core.playoff.match_score.flag_legend`), for the flags that appear."""
    from core.playoff.cup_bracket import latest_matches
    from core.playoff.match_score import flag_legend

    try:
        matches = latest_matches(t)
    except TournamentError:
        return []
    return flag_legend(f for m in matches.values() if m.match is not None for f in m.match.flags)


def _cup_standings(view: View, s, cup: dict[int, tuple[str, str, str]], upto: int | None,
                   legend: list[str]) -> Report:
    """A cup's standings: the stage each player reached and their latest match (score and
    opponent), in the order of :func:`core.standings.compute_standings` (stage first);
    ``upto`` as in :func:`standings_report`."""
    t = view.tournament
    columns = [Column("rank", _("Rank"), "r"), Column("pno", _("No."), "r", minor=True),
               Column("title", _("Title"), optional=True, minor=True),
               Column("name", _("Name"), flex=True, link="pno"), Column("stage", _("Stage")),
               Column("match", _("Match"), "c"), Column("opponent", _("Opponent"), flex=True),
               Column("rating", _("Rating"), "r", optional=True),
               Column("federation", _("Fed"), optional=True, minor=True)]
    changes = view.rating_changes if upto is None else {}
    if changes:
        columns.append(Column("rating_change", _("Rtg ±"), "r", optional=True))
    table = Table(columns)
    for row in s.rows:
        p = view.players.get(row.pno)
        table.rows.append([rank_cell(row), row.pno, title_cell(p.title) if p else "", row.name, *cup.get(row.pno, ("", "", "")),
                           _rating(p), p.federation if p else "", *([changes.get(row.pno)] if changes else [])])
    subtitle = [t.name, rounds_counted(rounds_started(t) if upto is None else upto, t.total_rounds)]
    said = [_("{match}: the player's last match with a game played, from the player's side; {opponent}: "
              "who it was played against.").format(match=_("Match"), opponent=_("Opponent"))] \
        if any(score for _stage, score, _who in cup.values()) else []
    notes = said + legend + adjustment_notes(view) + list(s.warnings)
    if upto is None:
        return Report("standings", pgettext("report title", "Standings"), subtitle, [table], notes)
    return Report(f"standings-r{upto}", _("Standings after round {round}").format(round=upto), subtitle, [table],
                  notes)


def adjustment_notes(view: View) -> list[str]:
    """One note per point adjustment (penalty, bonus: TRF 299) of a player or a team in the
    points — without it a reader finds cells that do not add up to the points column."""
    from core.i18n.format import format_points

    def signed(value: Fraction) -> str:
        return ("+" if value > 0 else "") + format_points(value)

    def when(rnd: int) -> str:
        return _("round {round}").format(round=rnd) if rnd else _("all rounds")

    t = view.tournament
    out = [_("Point adjustment {points} ({when}): {players}").format(
        points=signed(a.points), when=when(a.round), players=", ".join(f"{pno} {view.name(pno)}" for pno in a.players))
        for a in t.adjustments]
    names = {team.id: team.name for team in t.teams}
    out += [_("Point adjustment {mp} match points, {gp} game points ({when}): {teams}").format(
        mp=signed(a.match_points), gp=signed(a.game_points), when=when(a.round),
        teams=", ".join(f"{team} {names.get(team, '')}" for team in a.teams)) for a in t.team_adjustments]
    return out


_MARK_CODES: dict[Code | None, str] = {Code.WIN: "1", Code.DRAW: "½", Code.LOSS: "0", Code.FORFEIT_WIN: "+",
               Code.FORFEIT_LOSS: "−", Code.SHORT_WIN: "1", Code.SHORT_DRAW: "½",
               Code.SHORT_LOSS: "0", Code.HALF_BYE: "½", Code.FULL_BYE: "1", Code.PAB: "1",
               Code.ZERO_BYE: "0"}


def game_cell(view: View, pno: int, round_no: int) -> GameCell | None:
    """Crosstable cell of ``pno`` in ``round_no``: ``12W1``, ``5B½``, ``8W+`` (forfeit won),
    ``–1``/``–½``/``–0`` (a round without a game: byes, absence); ``*`` marks a game still
    being played."""
    hist = view.history.get(pno, [])
    if round_no > len(hist):
        return None
    e = hist[round_no - 1]
    code = e.code.value if e.code is not None else ""
    if e.opponent is None:
        trf = f"0000 - {code}"
        # No word here: a translated "bye" would not fit a crosstable cell in every language.
        return GameCell("–" + _MARK_CODES.get(e.code, ""), trf)
    opp_rank = view.position.get(e.opponent) or e.opponent
    side = view.seats.get((round_no, pno), "-")
    letter = colour_mark(side)  # forfeits: the board's colour, as in TRF
    mark = _MARK_CODES.get(e.code, "") if e.code is not None else "*"
    return GameCell(f"{opp_rank}{letter}{mark}", f"{e.opponent} {side} {code}".rstrip())


def crosstable(view: View) -> Report:
    """Swiss: by rank with opponent rank/colour/result per round.  Round robin: the classic
    all-play-all grid."""
    t = view.tournament
    s = view.standings
    if view.is_round_robin and not t.teams:
        return _grid(view)
    double = t.system == "double-swiss"  # one column per match, not per game (C.04.5 Preface)
    rounds = t.current_round if double else single_games(t)[0].current_round  # a cup: one column per game
    if double:
        from core.reports.matches import match_cell
    title, fed = _identity_columns(t)
    columns = [Column("rank", _("Rank"), "r"), Column("pno", _("No."), "r", minor=True), *title,
               Column("name", _("Name"), flex=True, link="pno"),
               Column("rating", _("Rating"), "r", optional=True, minor=True), *fed]
    columns += [Column(f"r{r}", str(r), "r") for r in range(1, rounds + 1)]
    columns += [Column("points", _("Pts"), "r")] + [Column(c, c, "r", optional=True) for c in s.tiebreaks]
    table = Table(columns, css_class="crosstable")
    for row in s.rows:
        p = view.players.get(row.pno)
        table.rows.append([rank_cell(row), row.pno, *_identity(p, title, "title"),
                           withdrawn_name(p, row.name, t.current_round), (p.rating or "") if p else "",
                           *_identity(p, fed, "federation"),
                           *([match_cell(view, row.pno, rnd) for rnd in t.rounds] if double
                             else [game_cell(view, row.pno, r) for r in range(1, rounds + 1)]),
                           Points(row.points), *[row.values.get(c) for c in s.tiebreaks]])
    # (core/pictures' wallchart golden pages carry this sentence: change it together with them)
    legend = _("Cells: opponent's rank, colour ({white} white, {black} black), result; + and − are forfeits, "
               "– is a round without a game.").format(white=colour_mark("w"), black=colour_mark("b"))
    if double:
        legend = _("Cells: one per match — opponent's rank, colour in game 1 ({white} white, {black} black), the "
                   "match's points; + and − are forfeited games, – is a match without a game (a bye: its "
                   "points).").format(white=colour_mark("w"), black=colour_mark("b"))
    notes = [legend, *[n for n in (playoff_footnote(s), s.withdrawal_note) if n], *adjustment_notes(view)]
    return Report("crosstable", _("Crosstable"), [t.name, *_head(view)], [table], notes)


def withdrawn_name(p, name: str, upto: int) -> str:
    """The name as a table of the rounds up to ``upto`` shows it: with the reader's word for a
    player who withdrew by then (or before the next round), so a row of zeros does not read
    as a player who lost every game."""
    if p is None or p.withdrawn_round is None or p.withdrawn_round > upto + 1:
        return name
    return f"{name} " + pgettext("beside a withdrawn player's name in a table", "(withdrawn)")


def _identity_columns(t) -> tuple[list[Column], list[Column]]:
    """The title and federation columns of a crosstable, as the peers print them beside the
    name — each only when some player has one (a club event of untitled locals, a Go event,
    would show an empty column)."""
    title = [Column("title", _("Title"), optional=True, spare=True)] if any(p.title for p in t.players) else []
    fed = [Column("federation", _("Fed"), optional=True, spare=True)] if any(p.federation for p in t.players) else []
    return title, fed


def _identity(p, columns: list[Column], attribute: str) -> list[Term | str]:
    """The player's title (the reader's word, :func:`title_cell`) or federation, if shown."""
    if attribute == "title":
        return [title_cell(p.title) if p else "" for _column in columns]
    return [getattr(p, attribute, "") if p else "" for _column in columns]


def _grid(view: View) -> Report:
    """The all-play-all grid: rows and columns in pairing-number order (the Berger table's)."""
    t = view.tournament
    order = sorted(t.players, key=lambda p: p.pno)
    n = len(order)
    results = _grid_results(view)
    title, fed = _identity_columns(t)
    columns = [Column("pno", _("No."), "r"), *title, Column("name", _("Name"), flex=True, link="pno"), *fed]
    columns += [Column(f"p{p.pno}", str(p.pno), "c") for p in order]
    columns += [Column("points", _("Pts"), "r")]
    columns += [Column(c, c, "r", optional=True) for c in view.standings.tiebreaks]
    columns += [Column("rank", _("Rank"), "r")]
    table = Table(columns, css_class="grid")
    for p in order:
        cells = []
        for q in order:
            cells.append("X" if p.pno == q.pno else " ".join(results.get((p.pno, q.pno), [])))
        row = view.standings.row(p.pno)
        table.rows.append([p.pno, *_identity(p, title, "title"), withdrawn_name(p, p.name, t.current_round),
                           *_identity(p, fed, "federation"),
                           *cells, Points(row.points),
                           *[row.values.get(c) for c in view.standings.tiebreaks], rank_cell(row)])
    from core.i18n.terms import system_name

    sub = [t.name, *_head(view), _("{system}, {n} players").format(system=system_name(t.system), n=n)]
    notes = [n for n in (playoff_footnote(view.standings), view.standings.withdrawal_note) if n] + adjustment_notes(view)
    if any(mark.startswith("(") for marks in results.values() for mark in marks):
        notes.append(_("Results in brackets do not count: those against a player withdrawn before half of the "
                       "games are annulled."))
    return Report("crosstable", _("Crosstable"), sub, [table], notes)


def _grid_results(view: View) -> dict[tuple[int, int], list[str]]:
    """(player, opponent) → the player's marks against the opponent in the grid.  A game the
    table gave against a player who withdrew, stored as the present player's full-point bye
    (events paired before such games stayed on their boards as forfeits), stands in the
    withdrawn player's column as a forfeit (+ for the one present, − for the one who left,
    Aktar p. 61), so a row adds up to its points; a result annulled by FIDE's reading of a
    withdrawal (C.06 (2011) Art. 5.4) is shown in brackets."""
    from core.pairing.roundrobin.withdrawals import annulled_rounds, table_opponents
    from core.standings import withdrawn_points_of

    t = view.tournament
    table = table_opponents(t)
    unranked = {row.pno for row in view.standings.rows if row.rank is None}
    annulled = annulled_rounds(t, unranked) if unranked and withdrawn_points_of(t) == "annul" else set()
    results: dict[tuple[int, int], list[str]] = {}
    for pno, hist in view.history.items():
        for e in hist:
            mark = _MARK_CODES.get(e.code, "") if e.code is not None else "*"
            opponent = e.opponent
            if opponent is None and e.code is Code.FULL_BYE and (pno, e.round) in table and t.has_player(
                    table[(pno, e.round)]) and not t.player(table[(pno, e.round)]).active_in(e.round):
                opponent, mark = table[(pno, e.round)], "+"
                results.setdefault((opponent, pno), []).append("−")
            if opponent is None:
                continue
            results.setdefault((pno, opponent), []).append(f"({mark})" if (pno, e.round) in annulled else mark)
    return results


def _card_tiebreaks(view: View, pno: int) -> dict[str, dict[int, object]]:
    """Per round, each tie-break's term for this player (Aktar's card keeps a cell per round
    for Median, Solkoff and Berger); cut terms are marked.  Criteria without per-round terms
    (counts, ratings, direct encounter) only appear in the totals."""
    from core.tiebreaks import explain

    out: dict[str, dict[int, object]] = {}
    s = view.standings
    for code in s.tiebreaks:
        if not _has_card_terms(code):
            continue
        try:
            e = explain(view.tournament, code, pno, s.regime, ctx=view.tiebreak_context)
        except TournamentError:  # a criterion the explainer cannot take apart: totals only
            continue
        per: dict[int, object] = {c.round: Marked(c.value, c.cut) for c in e.contributions if c.round is not None}
        if per:
            out[code] = per
    return out


def _has_card_terms(code: str) -> bool:
    """Whether criterion ``code`` (any spelling: ``Solkoff/C1`` is BH/C1) is summed from one
    term per round, so the player card gives it a cell per round (the registry's
    ``card_terms``)."""
    from core.tiebreaks.codes import lookup, parse_code

    try:
        return lookup(parse_code(code).base).card_terms
    except TournamentError:
        return False


def player_card(view: View, pno: int) -> Report:
    """The pairing card (eşlendirme kartı, Aktar p. 72–82): round, colour, opponent,
    result, running score, and a cell per round for the tie-breaks built from opponents."""
    t = view.tournament
    p = t.player(pno)
    if t.system == "knockout" and t.rounds:
        return _cup_card(view, pno)
    terms = _card_tiebreaks(view, pno) if not t.teams else {}
    columns = [Column("round", _("Round"), "r"), Column("colour", _("Colour"), "c"),
               Column("opponent_pno", _("No."), "r", minor=True),
               Column("opponent", _("Opponent"), flex=True, link="opponent_pno"),
               Column("opponent_rating", _("Rating"), "r", optional=True, minor=True),
               Column("result", _("Result"), "c"), Column("score", _("Score"), "r")]
    columns += [Column(code, code, "r", optional=True) for code in terms]
    table = Table(columns)
    running = view.running.get(pno, [])
    words: list[str] = []  # a round without a game, in words: read whole (Column.keep)
    for e in view.history.get(pno, []):
        opp = view.players.get(e.opponent) if e.opponent else None
        side = view.seats.get((e.round, pno), "")
        colour = colour_letter(side) if side else ""  # forfeits too (Aktar card: "4 S +")
        result = _MARK_CODES.get(e.code, "") if e.code is not None else ""
        name = opp.name if opp else ""
        if e.opponent is None and e.code is not None:
            from core.i18n.terms import code_name

            name = code_name(e.code.value)  # "Half-point bye", "Zero-point bye" ...
            if p.withdrawn_round is not None and e.round >= p.withdrawn_round:  # not a bye: gone
                name = _("withdrawn from round {n}").format(n=p.withdrawn_round)
            words.append(name)
        table.rows.append([e.round, colour, e.opponent or "", name,
                           (opp.rating or "") if opp else "", result,
                           Points(running[e.round - 1]) if e.round <= len(running) else "",
                           *[terms[code].get(e.round) for code in terms]])
    from dataclasses import replace

    from core.reports.render import width

    at = [c.key for c in columns].index("opponent")
    columns[at] = replace(columns[at], keep=max((width(w) for w in words), default=0))
    srow = next((r for r in view.standings.rows if r.pno == pno), None)
    if srow is not None:
        table.rows.append([_("Total"), "", "", "", "", "", Points(srow.points),
                           *[srow.values.get(code) for code in terms]])
    sub = [t.name, _card_line(p)]
    if srow is not None and srow.rank is not None:
        sub.append(_("Rank: {rank}").format(rank=f"{srow.rank}=" if srow.shared else srow.rank))
    report = Report(f"card-{pno}", _("Pairing card"), sub, [table])
    if srow is not None and view.standings.tiebreaks:
        tb = Table([Column(c, c, "r") for c in view.standings.tiebreaks], title=_("Tie-breaks"))
        tb.rows.append([srow.values.get(c) for c in view.standings.tiebreaks])
        report.tables.append(tb)
    if any(isinstance(v, Marked) and v.cut for per in terms.values() for v in per.values()):
        report.notes.append(_("Values in brackets are cut (not counted)."))
    if t.system == "double-swiss":  # one row per match, not per game (C.04.5 Preface)
        from core.reports.matches import double_swiss_card

        return double_swiss_card(view, pno, report)
    return report


def _card_line(p) -> str:
    """The card's line naming the player: number, title, name, rating, federation, club."""
    return f"{p.pno}. {title_word(p.title) + ' ' if p.title else ''}{p.name}" + (f" ({p.rating})" if p.rating else "") \
        + (f", {p.federation}" if p.federation else "") + (f", {p.club}" if p.club else "")


def _cup_card(view: View, pno: int) -> Report:
    """A cup player's card: one line per match — the stage, the opponent, each game (colour and
    the player's points), the match score and who went through — and the byes of the bracket.
    No running score and no tie-breaks: a knockout ranks by the stage reached (Aktar, "Eleme
    Sistemi", p. 67), and rounds off the boards give no points."""
    from core.i18n.format import format_points
    from core.playoff.cup_bracket import player_matches
    from core.playoff.games import game_points
    from core.playoff.labels import game_label, stage_text
    from core.playoff.match_score import score_text

    t = view.tournament
    table = Table([Column("stage", _("Stage")), Column("opponent_pno", _("No."), "r", minor=True),
                   Column("opponent", _("Opponent"), flex=True, link="opponent_pno"),
                   Column("opponent_rating", _("Rating"), "r", optional=True, minor=True),
                   Column("games", _("Games")), Column("match", _("Match"), "c"), Column("outcome", _("Result"))])
    try:
        matches = player_matches(t, pno)
    except TournamentError:
        matches = []
    for m in matches:
        if m.opponent is None:
            table.rows.append([stage_text(m.stage), "", "", "", "", "", _("advances without a game")])
            continue
        opp = view.players.get(m.opponent) if isinstance(m.opponent, int) else None
        games = []
        for side, g in m.games:
            points = "" if g.result is None else format_points(Fraction(game_points(g.result)[side == "black"]))
            mark = f"{colour_letter(side)} {points}".strip()
            games.append(f"{mark} ({game_label(g)})" if g.kind != "regular" else mark)
        outcome = "" if m.won is None else _("Won") if m.won else _("Lost")
        table.rows.append([stage_text(m.stage), m.opponent if opp else "", opp.name if opp else str(m.opponent),
                           (opp.rating or "") if opp else "", ", ".join(games),
                           score_text(m.match, pno) if m.match is not None else "", outcome])
    srow = next((r for r in view.standings.rows if r.pno == pno), None)
    sub = [t.name, _card_line(t.player(pno))]
    if srow is not None and srow.rank is not None:
        sub.append(_("Rank: {rank}").format(rank=f"{srow.rank}=" if srow.shared else srow.rank))
    return Report(f"card-{pno}", _("Pairing card"), sub, [table])


def starting_list(view: View) -> Report:
    """The starting list by pairing number (chess-results' "starting rank"): what is public
    about a player — title, name, rating, federation, FIDE id, club — each name linking to the
    player's page.  Birth dates, national ids, contact data and fees stay off it."""
    t = view.tournament
    table = Table([Column("pno", _("No."), "r"), Column("title", _("Title"), optional=True),
                   Column("name", _("Name"), flex=True, link="pno"),
                   Column("rating", _("Rating"), "r", optional=True),
                   Column("federation", _("Fed"), optional=True, minor=True),
                   Column("fide_id", _("FIDE ID"), "r", optional=True, minor=True),
                   Column("club", _("Club"), optional=True, minor=True)])
    for p in sorted(t.players, key=lambda p: p.pno):
        table.rows.append([p.pno, title_cell(p.title), p.name, _rating(p), p.federation, p.fide_id, p.club])
    return Report("players", _("Starting list"), [t.name, *_head(view)], [table])


def alphabetical_list(view: View) -> Report:
    """The participants by name, in the event language's alphabetical order, before round 1:
    the list an arbiter pins up at registration for the players to check their names,
    ratings and clubs (the alphabetical pairings need a round; this needs none).  What is
    public only, as on :func:`starting_list`."""
    t = view.tournament
    table = Table([Column("name", _("Name"), flex=True, link="pno"), Column("pno", _("No."), "r"),
                   Column("title", _("Title"), optional=True),
                   Column("rating", _("Rating"), "r", optional=True),
                   Column("federation", _("Fed"), optional=True, minor=True),
                   Column("club", _("Club"), optional=True, minor=True)])
    for p in sorted(t.players, key=lambda p: (event_sort_key(p.name, t.language), p.pno)):
        table.rows.append([p.name, p.pno, title_cell(p.title), _rating(p), p.federation, p.club])
    return Report("players-alpha", _("Participants by name"), [t.name, *_head(view)], [table])


def checkin_list(view: View) -> Report:
    """Alphabetical list with a column to tick arrivals and sign before the next round; byes
    requested for that round are noted (those players are not expected)."""
    t = view.tournament
    table = Table([Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True),
                   Column("rating", _("Rating"), "r", optional=True), Column("note", _("Note"), optional=True),
                   Column("club", _("Club"), optional=True),  # dropped first when the page is narrow
                   Column("present", _("Present"), "c"), Column("signature", _("Signature"))])
    next_round = t.current_round + 1
    requested = {b.pno: b.kind for b in t.requested_byes if b.round == next_round}
    for p in sorted(t.players, key=lambda p: (event_sort_key(p.name, t.language), p.pno)):
        if p.withdrawn_round is not None and p.withdrawn_round <= next_round:
            continue
        note = _bye_label(requested[p.pno]) if p.pno in requested else ""
        table.rows.append([p.pno, p.name, p.rating or "", note, p.club, "[ ]", "__________"])
    sub = [t.name, *_head(view)]
    if next_round <= t.total_rounds:
        sub.append(_("Before round {round}").format(round=next_round))
    return Report("checkin", _("Check-in list"), sub, [table])


def _team_names(view: View) -> dict[int, str]:
    return {team.id: team.name for team in view.tournament.teams}


def match_title(view: View, round_no: int, m_index: int) -> str:
    """``Ankara Şah – Berliner SC  2½ : 1½`` (the score once any board has a result)."""
    from core.teams import match_scores

    rnd = view.tournament.round(round_no)
    match = rnd.matches[m_index]
    names = _team_names(view)
    title = f"{names.get(match.home, match.home)} – {names.get(match.away, match.away)}"
    scores = [s for s in match_scores(view.tournament) if s.rounds == (round_no,)
              and (s.home, s.away) == (match.home, match.away)]
    if scores and any(rnd.boards[i].result is not None for i in match.boards):
        from core.i18n.format import format_points

        s = scores[0]
        title += f"  {format_points(s.home_points)} : {format_points(s.away_points)}"
    return title
