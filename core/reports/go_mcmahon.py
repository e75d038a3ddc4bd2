"""Go pages of a McMahon event: the results table and the participant cards.

Why not the chess standings, crosstable and pairing cards: a Go organiser reads MMS (not
chess points), the event's Go criteria (SOS, SODOS, SOSOS), every player's rank and, per game,
the colour and the handicap.  The results table follows what OpenGotha prints as its
standings — place, name, rank, country, club, wins, one cell per round
``<opponent's place><+|-|=>/<w|b><handicap>`` (as in the EGD file), then the criteria — with
our own words and columns; the cards list each player's games with opponent, rank, colour,
handicap, komi, result and the MMS after the round.  Values come from :mod:`core.go.mms`
(the same numbers as the pairing and the h9 file) and the event's standings.
"""

from __future__ import annotations

from fractions import Fraction

from core.go.countries import country_code
from core.gorender.mcmahon_export import round_entry
from core.go.mcmahon_options import mcmahon_options
from core.go.mms import GoRound, McMahonScore, Participation, scores
from core.go.ranks import rank_label
from core.i18n import _, pgettext
from core.i18n.terms import colour_name
from core.model import Colour
from core.reports.document import Column, Points, Report, Table
from core.reports.view import View


def _place(row) -> str:
    return "-" if row.rank is None else (f"{row.rank}=" if row.shared else str(row.rank))


def settings_line(view: View) -> str:
    mm = mcmahon_options(view.tournament)
    return _("McMahon bar {bar}, floor {floor}; handicap = MMS difference − {correction}, "
             "at most {ceiling}").format(bar=rank_label(mm.bar), floor=rank_label(mm.floor),
                                         correction=mm.correction, ceiling=mm.ceiling)


def results_table(view: View) -> Report:
    """Places by the event's criteria (MMS first), one cell per round, the criteria."""
    t = view.tournament
    s = view.standings
    mm = mcmahon_options(t)
    all_scores = scores(t, options=mm)
    line_of = {row.pno: i for i, row in enumerate(s.rows, start=1)}
    rounds = len(t.rounds)
    columns = [Column("place", _("Pl."), "r"), Column("pno", _("No."), "r"),
               Column("name", _("Name"), flex=True), Column("rank", pgettext("go", "Rank"), "r"),
               Column("country", _("Country"), optional=True), Column("club", _("Club"), optional=True),
               Column("wins", _("Wins"), "r")]
    columns += [Column(f"r{r}", str(r), "r") for r in range(1, rounds + 1)]
    columns += [Column(code, code, "r") for code in s.tiebreaks]
    table = Table(columns, css_class="go-table")
    for row in s.rows:
        p = view.players[row.pno]
        score = all_scores[row.pno]
        cells = [round_entry(r, line_of, mm.bye_points, mm.absent_points) for r in score.rounds]
        table.rows.append([_place(row), row.pno, row.name, rank_label(score.rank), country_code(p) or "",
                           p.club, score.wins, *cells, *[row.values.get(code) for code in s.tiebreaks]])
    legend = _("Rounds: the opponent's place, + win, − loss, = jigo, ? no result yet, then w "
               "(White) or b (Black) and the handicap; 0+, 0= and 0− are rounds without a game "
               "(a bye or an absence) worth 1, ½ and 0.")
    return Report("go-table", _("Tournament table"), [t.name, settings_line(view)], [table], [legend])


def _result_word(row: GoRound) -> str:
    if row.participation is Participation.BYE:
        return pgettext("go result", "bye")
    if row.participation is Participation.ABSENT:
        return pgettext("go result", "absent")
    if row.pending:
        return pgettext("go result", "not yet played")
    if row.forfeit:
        return pgettext("go result", "win by forfeit") if row.score == 1 else pgettext("go result", "loss by forfeit")
    if row.score == 1:
        return pgettext("go result", "win")
    return pgettext("go result", "jigo") if row.score else pgettext("go result", "loss")


def _card(view: View, pno: int, all_scores: dict[int, McMahonScore],
          komi: dict[tuple[int, int], Points]) -> Table:
    from core.i18n.format import format_points

    score = all_scores[pno]
    p = view.players[pno]
    srow = view.standings.row(pno)
    title = _("{pno}. {name} ({rank}) — place {place}, MMS {mms}").format(
        pno=pno, name=p.name, rank=rank_label(score.rank), place=_place(srow),
        mms=format_points(score.mms))
    table = Table([Column("round", _("Round"), "r"), Column("opponent_pno", _("No."), "r"),
                   Column("opponent", _("Opponent"), flex=True), Column("opponent_rank", pgettext("go", "Rank"), "r"),
                   Column("colour", _("Colour")), Column("handicap", _("Handicap"), "r"),
                   Column("komi", _("Komi"), "r"), Column("result", _("Result")),
                   Column("mms", "MMS", "r")], title=title)
    for row, after in zip(score.rounds, score.mms_after[1:]):
        opponent = row.opponent if row.participation is Participation.PAIRED else None
        game: list[object] = ["", "", "", "", "", ""]
        if opponent is not None and opponent in all_scores:
            colour = "w" if row.colour is Colour.WHITE else "b"
            game = [opponent, view.name(opponent), rank_label(all_scores[opponent].rank), colour_name(colour),
                    row.handicap, komi.get((row.round, pno), "")]
        table.rows.append([row.round, *game, _result_word(row), Points(after)])
    return table


def participant_cards(view: View) -> Report:
    """One card per player (number order): every round's game and the MMS after it."""
    t = view.tournament
    all_scores = scores(t, options=mcmahon_options(t))
    komi: dict[tuple[int, int], Points] = {}
    for rnd in t.rounds:
        for b in rnd.boards:
            if b.komi is not None:
                komi[(rnd.number, b.white)] = komi[(rnd.number, b.black)] = Points(b.komi)
    tables = [_card(view, p.pno, all_scores, komi) for p in sorted(t.players, key=lambda p: p.pno)]
    return Report("go-cards", _("Participant cards"), [t.name, settings_line(view)], tables)


def board_view(view: View, round_no: int) -> tuple[dict[int, Fraction], dict[int, str]]:
    """MMS before ``round_no`` and rank of every player, for the pairing list of a McMahon
    round (OpenGotha's game list names each player with the rank; the score beside the name
    is the MMS the pairing used, not chess points)."""
    key = ("mcmahon-boards", round_no)
    if key not in view._cache:
        all_scores = scores(view.tournament, options=mcmahon_options(view.tournament))
        view._cache[key] = ({pno: s.mms_before(round_no) for pno, s in all_scores.items()},
                            {pno: rank_label(s.rank) for pno, s in all_scores.items()})
    return view._cache[key]
