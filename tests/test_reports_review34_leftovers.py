"""Reports, playoffs and published pages after the reviews of issue 34 (rev34g, rev34h, rev35b):
what a person at the wall reads — the clock of every game on an 80-column timetable, a planned
final whose colours are not drawn yet, games named with their stage, one bracket page per
playoff, a cup's points in the match, titles on round 1's pairings, a cup's standings and its
number of rounds, the participants by name before round 1.

Expected values by hand from the rules: a cup of ten plays a 16-bracket (Aktar p. 68: seeds
1–6 go on without a game, 7 v 10 and 8 v 9 play the preliminary round), so four rounds; a
mini-match alternates colours after the lot of its first game (Aktar p. 67); an Armageddon whose
colours go by bids waits for them (FIDE 2025, docs/rules/playoffs.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core import changes
from core.i18n import speaking
from core.model import GameResult, Player, Tournament
from core.playoff import create, enter_result, evaluate, timetable
from core.reports.view import View
from tests.cup_data import cup10, played_preliminary


def _text(report, width: int = 80) -> str:
    from core.reports.render import to_text

    return to_text(report, width)


# -- the cup's timetable at 80 columns (rev34g #3) ----------------------------------------------

@pytest.mark.parametrize(("lang", "clock"), [("en", "3 min + 3 s"), ("tr", "3 dk + 3 sn"),
                                             ("de", "3 Min. + 3 Sek."), ("ru", "3 мин + 3 с")])
def test_the_cup_timetable_keeps_the_clock_of_every_game_at_80_columns(lang: str, clock: str) -> None:
    """The cup of ten plays Aktar's 3 min + 3 s games (the seed rules, p. 66); every game row of the printed
    timetable says so at 80 columns — the clock column went first and a player could not read
    at what time control the game is."""
    from core.reports.playoffs import playoff_reports

    t = changes.pair_next_round(cup10())
    with speaking(lang):
        [report] = [r for r in playoff_reports(View(t)) if r.slug == "timetable-cup"]
        text = _text(report)
    rows = [line for line in text.splitlines() if line[:6].strip()[:2].isdigit() and "~" in line]
    assert len(rows) == 2 * 2 + 2 * 4 + 2 * 2 + 2, text  # 2 games each: 2 preliminary, 4 QF, 2 SF, the final
    assert all(line.rstrip().endswith(clock) for line in rows), text
    assert max(len(line) for line in text.splitlines()) <= 80


# -- a planned final: colours by lot, alternating (rev34h #14) -------------------------------------

def _four_player_knockout() -> dict:
    return create([1, 2, 3, 4], 1, variant="knockout", seed=7, start="18:00")


def test_the_planned_final_alternates_its_sides_and_says_the_colours_are_drawn() -> None:
    """Before the semi-finals end, the final's two games have no players and no colours: both
    listed "winner of Semi-final match 1" as White.  A mini-match alternates colours after the
    lot (Aktar p. 67), so the planned games alternate the two sides, and the result column says
    the colours are drawn by lot, explained under the table in the future."""
    from core.reports.playoffs import timetable_report

    state = _four_player_knockout()
    view = evaluate(state)
    final = [g for g in view.games if g.stage.endswith("Final")]
    assert len(final) == 2 and all(g.colours_open for g in final)
    assert (final[0].white, final[0].black) == (final[1].black, final[1].white)
    t = Tournament(id="t", name="Open", system="dutch", total_rounds=5,
                   players=tuple(Player(p, f"Player {p}") for p in range(1, 5)))
    with speaking("en"):
        report = timetable_report(View(t), "places-1-4", state, view, timetable(state, view), "Playoff")
    at = [c.key for c in report.tables[0].columns].index("result")
    assert [row[at] for row in report.tables[0].rows][-2:] == ["by lot", "by lot"]
    assert any(n.startswith("by lot: who has White in a match's first game is drawn by lot once both players "
                            "are known") for n in report.notes)


def test_an_armageddon_waiting_for_bids_says_so_not_by_lot() -> None:
    """An Armageddon whose colours go by bids (FIDE 2025): with both players known and the bids
    not in, the colours are not drawn by lot — the row says the bids are awaited."""
    from core.playoff.labels import open_colours_text

    state = create([1, 2], 1, decider="armageddon", armageddon_colours="bid", extensions=0)
    for _game in range(2):  # two draws: level, the Armageddon next
        state = enter_result(state, evaluate(state).ready[0].id, "1/2")
    [arm] = [g for g in evaluate(state).games if g.kind == "armageddon"]
    assert arm.colours_open and not arm.planned
    with speaking("en"):
        assert open_colours_text(arm) == "bids awaited"


# -- games named with their stage (rev34h #14) -------------------------------------------------------

def test_the_games_of_the_semi_final_and_the_final_have_different_names() -> None:
    """The CLI's games list has no stage column: "Match 1: Game 1" named both the first game of
    the semi-final and of the final.  With the stage ("Semi-final, match 1: Game 1", the final
    being one match "Final: Game 1"), no two games share a name."""
    from core.reports.playoffs import game_names

    view = evaluate(_four_player_knockout())
    with speaking("en"):
        named = game_names(list(view.games), with_stage=True)
    names = [named[g.id] for g in view.games]
    assert len(set(names)) == len(names), names
    assert "Semi-final, match 1: Game 1" in names and "Semi-final, match 2: Game 2" in names
    assert "Final: Game 1" in names and "Final: Game 2" in names


def test_the_cli_lists_the_games_with_their_stage(capsys) -> None:
    from core.cli import main

    assert main(["--lang", "en", "playoff", "--tied", "4", "--variant", "knockout"]) == 0
    out = capsys.readouterr().out
    assert "Final: Game 1" in out and "Semi-final, match 1: Game 1" in out
    assert "pairing lot (bracket positions)" in out  # the English catalog's own words


# -- one bracket page per playoff (leftover; rev35b #5) -----------------------------------------------

def _tied_event() -> Tournament:
    """Four players, one round, both boards drawn: everyone on ½; a playoff for places 1–2."""
    t = Tournament(id="t", name="Rapid", system="dutch", total_rounds=1,
                   players=tuple(Player(n, f"Player {n}", rating=2000 - 100 * n) for n in range(1, 5)))
    t = changes.pair_next_round(t)
    for board in (1, 2):
        t = changes.set_result(t, 1, board, GameResult.DRAW)
    top = [row.pno for row in View(t).standings.rows][:2]
    return t.with_changes(options={**t.options, "playoffs": {"tie-1-2": create(top, 1, time_control="3+2")}})


def test_a_playoff_is_published_on_one_bracket_page_with_its_tree(tmp_path) -> None:
    """bracket.html (every playoff's tree) and bracket-places-1-2.html (its matches) were two
    pages of one bracket; the tree is on the playoff's own page now, and the page an earlier
    publish wrote is removed."""
    from core.reports.export import publish

    web = tmp_path / "web"
    web.mkdir()
    (web / "bracket.html").write_text("old")
    (web / ".hakem-pages").write_text("index.html\nbracket.html\n")  # an earlier publish's set
    with speaking("tr"):
        publish(_tied_event(), web)
    pages = sorted(p.name for p in web.iterdir() if p.suffix == ".html")
    assert "bracket.html" not in pages and [p for p in pages if p.startswith("bracket")] == ["bracket-places-1-2.html"]
    page = (web / "bracket-places-1-2.html").read_text(encoding="utf-8")
    assert "<svg" in page
    # the tree's match in the page's words, without the seed's clock 3+3 (the games are 3 min + 2 s)
    assert "Maç (iki oyun)" in page and "Match (two games" not in page and "3+3" not in page


# -- a cup's pairing list (rev34g #5) ------------------------------------------------------------------

def test_a_cup_pairing_list_shows_the_points_in_the_match_and_the_armageddon_as_a_note() -> None:
    """7 v 10: 10 won game 1 (White).  Before game 2 the match stands 1–0 for 10: the list
    printed 0 and 0 (the event's points before round 1).  The Armageddon's clocks are a note,
    not a second heading under the round's title."""
    from core.reports.tables import pairing_list

    t = changes.pair_next_round(cup10())
    boards = t.round(1).boards
    first = next(i for i, b in enumerate(boards, start=1) if {b.white, b.black} == {7, 10})
    white = boards[first - 1].white
    t = changes.set_result(t, 1, first, GameResult.WHITE_WINS)
    report = pairing_list(View(t), 1)
    table = report.tables[0]
    keys = [c.key for c in table.columns]
    second = next(row for row in table.rows if {row[keys.index("white_pno")], row[keys.index("black_pno")]} == {7, 10}
                  and row[keys.index("result")].result is None)
    points = {second[keys.index("white_pno")]: second[keys.index("white_points")].value,
              second[keys.index("black_pno")]: second[keys.index("black_points")].value}
    assert points == {white: 1, 17 - white: 0}
    assert not any("Armageddon" in line for line in report.subtitle)


def test_the_cup_game_column_is_read_whole_at_80_columns() -> None:
    """Extension games on the boards: "Extension 1, game 1" was cut to "Доп. мини-мат…"."""
    from core.reports.tables import pairing_list

    t = cup10()
    t = changes.pair_next_round(t)
    for b in range(1, len(t.round(1).boards) + 1):  # every game drawn: both matches level
        t = changes.set_result(t, 1, b, GameResult.DRAW)
    with speaking("ru"):
        text = _text(pairing_list(View(t), 1))
    assert text.count("Доп. мини-матч 1, партия 1") == 2 and "мини-мат…" not in text, text


# -- round 1's pairings keep the titles (rev34g #13) -----------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
def test_round_one_pairings_keep_the_titles_at_80_columns(lang: str) -> None:
    """Before round 1 every player has 0 points: those columns say nothing and go first on a
    narrow page; the titles stayed in some languages and not in others (the headers' words are
    longer or shorter)."""
    from core.demo import demo_tournament
    from core.fields import title_word
    from core.reports.tables import pairing_list

    t = changes.pair_next_round(demo_tournament("demo"))
    with speaking(lang):
        text = _text(pairing_list(View(t), 1))
        assert title_word("IM") in text and title_word("WFM") in text, text


# -- a cup's standings and rounds (leftovers, rev34g #12) -----------------------------------------------

def test_a_cup_standings_show_the_last_match_played_not_the_next_empty_one() -> None:
    """After the preliminary round 7 beat 10 2–0 and round 2 is paired: 7's row showed the
    quarter-final against seed 2 with no score; it shows how 7 got there."""
    from core.reports.tables import cup_cells

    t = played_preliminary()
    stage, score, opponent = cup_cells(t)[7]
    assert (score, opponent) == ("2–0", "10 Player 10")


def test_a_cup_of_ten_counts_four_rounds_before_round_one() -> None:
    """The new-event form's 5 rounds stood in the header ("тур 0 из 5"); ten players play a
    16-bracket: preliminary round, quarter-finals, semi-finals, final (Aktar p. 68)."""
    from core.round_view import rounds_planned

    assert rounds_planned(cup10().with_changes(total_rounds=5)) == 4
    assert rounds_planned(Tournament(id="s", name="S", system="dutch", total_rounds=7)) == 7


# -- the participants by name before round 1 (rev35b #2) ---------------------------------------------------

def test_the_alphabetical_list_prints_before_round_one_in_the_event_language_order() -> None:
    """The list an arbiter pins up at registration: Turkish order puts Ç after C and Ö after O
    (the Turkish alphabet: … c ç d … o ö p …)."""
    from core.reports.catalog import build

    players = tuple(Player(n, name) for n, name in enumerate(("Öz, Ali", "Oral, Can", "Çelik, Ece", "Can, Efe"), start=1))
    t = Tournament(id="a", name="A", total_rounds=5, players=players, language="tr")
    report = build(View(t), "alphabetical")
    assert [row[0] for row in report.tables[0].rows] == ["Can, Efe", "Çelik, Ece", "Oral, Can", "Öz, Ali"]


# -- a proposed playoff of players all in the prize places (rev35b #3) -------------------------------

def test_a_playoff_proposed_for_players_all_in_the_prize_places_decides_their_order(tmp_path, monkeypatch,
                                                                                    capsys) -> None:
    """Two players tied for places 1–2 with three prizes: both get a prize, the playoff decides
    which — it does not "select 2 of them" (of two)."""
    from core.cli import main
    from tests.test_app_playoff_groups import event
    from tests.tui_fixtures import store_with

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    [tid] = store_with(tmp_path, event())
    assert main(["--lang", "en", "playoff", tid, "--propose", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Places 1–2: 1 Player 1; 7 Player 7 are tied; the playoff decides their order: "
                        f"hakem playoff {tid} --players 1,7 --places 2")
    assert "selects 1 of them" in lines[1]  # 3, 2, 4, 5 tied for places 3–6: one prize among four


# -- rev35b: a playoff's --remove, a cup's crosstable, the results sheet, words ----------------------

def test_remove_takes_the_game_id_the_table_shows(tmp_path, monkeypatch, capsys) -> None:
    """`--remove s0g1` answered "there is no playoff game 's0g1'" although the table lists
    s0g1 and `--result s0g1` takes it (rev35b #21); an id not in the playoff is refused
    naming the ids there are."""
    from core.cli import main
    from tests.tui_fixtures import store_with

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    [tid] = store_with(tmp_path, _tied_event())
    assert main(["--lang", "en", "playoff", tid, "--result", "s0g1", "1-0"]) == 0
    assert main(["--lang", "en", "playoff", tid, "--remove", "s0g1", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"results": {}' in out.replace("\n", "").replace('"results":{}', '"results": {}'), out
    assert main(["--lang", "en", "playoff", tid, "--result", "s9g9", "1-0"]) != 0
    assert "its games: s0g1, s0g2." in capsys.readouterr().err


def test_a_cup_has_no_crosstable() -> None:
    """A cup's crosstable had a column per game, a point for a pass and a total no knockout
    ranks by (rev35b #24): the cup's table is its bracket."""
    from core.errors import TournamentError
    from core.reports.catalog import all_reports, build, report_kinds

    view = View(played_preliminary())
    assert "crosstable" not in report_kinds(view) and "bracket" in report_kinds(view)
    assert not [r for r in all_reports(view) if r.slug == "crosstable"]
    with pytest.raises(TournamentError, match="bracket"):
        build(view, "crosstable")
    from core.reports.export import html_pages

    pages = html_pages(view.tournament)  # nor a wallchart or a progression of points on the published pages
    assert "bracket.html" in pages and not {"crosstable.html", "wallchart.html", "progress.html"} & set(pages)


def test_the_results_sheet_lists_the_round_s_byes() -> None:
    """Five players: one has the pairing-allocated bye; the sheet filed as the round's record
    names it, as the pairing list does (rev35b #27)."""
    from core.reports.tables import result_sheet

    t = Tournament(id="b", name="B", total_rounds=3, players=tuple(Player(n, f"Player {n}", rating=2000 - n)
                                                                   for n in range(1, 6)))
    t = changes.pair_next_round(t)
    [bye] = t.round(1).byes
    report = result_sheet(View(t), 1)
    assert [row[0] for row in report.tables[1].rows] == [bye.pno]


def test_the_final_order_separates_names_with_semicolons_and_a_playoff_final_is_won() -> None:
    """"3–4. Абрамова, Ольга, Şahin, Emre" read as four names (rev35b #10): names of
    "Surname, Given" are joined by ";".  The winner of a playoff's last match wins the playoff
    — he does not "go through" to a next round that is not there."""
    from core.reports.playoffs import bracket_report

    state = _four_player_knockout()
    while (view := evaluate(state)).places is None:  # White wins every game
        state = enter_result(state, view.ready[0].id, "1-0")
    t = Tournament(id="t", name="Open", system="dutch", total_rounds=5,
                   players=tuple(Player(p, f"P{p}, Given") for p in range(1, 5)))
    with speaking("en"):
        report = bracket_report(View(t), "places-1-4", state, view, timetable(state, view), "Playoff")
    order = next(n for n in report.notes if n.startswith("Final order: "))
    assert order.count(";") == 3 and ", Given, " not in order, order  # 1. ; 2. ; 3–4. A; B
    final = next(tb for tb in report.tables if tb.group.endswith(": Final"))
    assert "wins the playoff" in final.title and "goes through" not in final.title


def test_the_norms_report_heads_with_the_dates_and_titles_of_the_page() -> None:
    """The norms report headed `İzmir, TUR, 2026-12-07 – 2026-12-09` and printed `WIM` on a
    Russian page whose standings print ЖМ (rev35b #13)."""
    from core.reports.ratings import norms_report

    t = Tournament(id="n", name="N", total_rounds=9, place="İzmir", federation="TUR", start_date="2026-12-07",
                   end_date="2026-12-09", players=(Player(1, "A", title="WIM"), Player(2, "B")))
    with speaking("ru"):
        report = norms_report(View(t))
    assert report.subtitle[1] == "İzmir, TUR, 07.12.2026 – 09.12.2026"



def test_result_slips_offer_the_results_as_every_sheet_writes_them() -> None:
    """The slips offered 1–0, ½–½, 0–1 (en dash) where the pairing list, the results sheet and
    the journal write 1-0, ½-½, 0-1 (rev35b #15; glossary: result 1-0, ½-½, 0-1)."""
    from core.reports.printing import document, render_pdf
    from tests.test_reports_pdf import flat, pages

    t = changes.pair_next_round(Tournament(id="s", name="S", total_rounds=3, players=tuple(
        Player(n, f"Player {n}", rating=2000 - n) for n in range(1, 5))))
    text = flat("\n".join(pages(render_pdf(t, document(View(t), "slips", round_no=1)))))
    assert "1-0" in text and "½-½" in text and "0-1" in text and "1–0" not in text and "1 – 0" not in text


def _round_robin_with_a_withdrawal() -> Tournament:
    """Six players, single round robin: every game drawn, except player 3, who forfeits round 3
    and withdraws from round 4; paired as events were before forfeits stayed on the board
    (``withdrawn_games: bye``): his table games of rounds 4 and 5 are byes of the players
    present, 2 and 6."""
    t = Tournament(id="r", name="R", system="berger", total_rounds=5, options={"withdrawn_games": "bye"},
                   players=tuple(Player(n, f"P{n}", rating=2000 - n) for n in range(1, 7)))
    for r in range(1, 6):
        t = changes.pair_next_round(t)
        if r == 3:
            t = changes.withdraw(t, 3, 4)
        for b, board in enumerate(t.round(r).boards, start=1):
            if 3 in (board.white, board.black) and r == 3:
                res = GameResult.BLACK_FORFEIT_WIN if board.white == 3 else GameResult.WHITE_FORFEIT_WIN
            else:
                res = GameResult.DRAW if 3 not in (board.white, board.black) else GameResult.WHITE_WINS
            t = changes.set_result(t, r, b, res)
    return t


def test_a_round_robin_grid_shows_the_games_a_withdrawal_left_as_forfeits() -> None:
    """The players present when 3 had withdrawn got a full-point bye for their table game
    against 3: the grid showed nothing in 3's column while the points counted it, so a row did
    not add up (rev35b #8).  The cell reads + for the one present and − for 3 (Aktar p. 61);
    under FIDE's reading (the results against 3 annulled) the cells are in brackets and a
    note says so (rev35b #17)."""
    from core.reports.tables import crosstable

    t = _round_robin_with_a_withdrawal()
    byes = {(y.pno, r.number) for r in t.rounds for y in r.byes}
    assert byes == {(2, 4), (6, 5)}  # the model's byes: the table games of 2 and 6 against 3

    def cells(t: Tournament) -> dict[int, list[str]]:
        table = crosstable(View(t)).tables[0]
        at = [c.key for c in table.columns].index("p1")
        return {row[0]: [str(c) for c in row[at: at + 6]] for row in table.rows}

    grid = cells(t)
    assert grid[2][2] == "+" and grid[6][2] == "+" and grid[3][1] == "−" and grid[3][5] == "−"
    for pno in (1, 2, 4, 5, 6):  # each row adds up to the points: draws ½, + 1, the win against 3 1
        worth = {"½": Fraction(1, 2), "+": 1, "1": 1, "0": 0, "X": 0}
        assert sum(worth[c] for c in grid[pno]) == View(t).standings.row(pno).points, (pno, grid[pno])
    annulled = t.with_changes(options={**t.options, "withdrawn_points": "annul"})
    grid = cells(annulled)
    assert grid[2][2] == "(+)" and grid[1][2] == "(+)" and grid[4][2] == "(0)"
    assert any("in brackets do not count" in n for n in crosstable(View(annulled)).notes)


def test_the_extension_s_colour_lot_says_it_is_the_extension_s(tmp_path, monkeypatch, capsys) -> None:
    """A level match draws a new colour lot for its extension (FIDE World Cup practice,
    docs/rules/playoffs.md): the two lots read as one lot said twice, each "in the first game"."""
    from core.cli import main
    from tests.tui_fixtures import store_with

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    [tid] = store_with(tmp_path, _tied_event())
    for game in ("s0g1", "s0g2"):
        assert main(["playoff", tid, "--result", game, "1/2"]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "playoff", tid]) == 0
    lots = [line.strip() for line in capsys.readouterr().out.splitlines() if "colour lot:" in line]
    assert len(lots) == 2 and lots[0].startswith("colour lot: ") and lots[1].startswith("Extension 1 — colour lot: ")


def test_a_round_robin_playoff_names_its_games_by_round() -> None:
    """Three tied players play a round robin, one game a round (Aktar p. 66): every game read
    "Round-robin game" and only the stored id told them apart (rev35b #18)."""
    from core.reports.playoffs import game_names

    view = evaluate(create([1, 2, 3], 1))
    with speaking("en"):
        named = game_names(list(view.games))
    assert sorted(named[g.id] for g in view.games if g.kind == "round_robin") == ["Round 1", "Round 2", "Round 3"]


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
def test_a_card_reads_a_round_without_a_game_whole_at_80_columns(lang: str) -> None:
    """A card at 80 columns cut the bye's words ("Spielfrei (kampflose…", "Очко без игры
    (нечё…") to keep the tie-break columns beside them (rev35b #16, #28): the words stay whole,
    the per-round tie-break columns go first (the totals stand in the table under it)."""
    from core.i18n.terms import code_name
    from core.reports.tables import player_card

    players = tuple(Player(n, f"Player {n}", rating=2000 - n, federation="GER")
                    for n in range(1, 6))
    t = Tournament(id="c", name="C", total_rounds=5, players=players, tiebreaks=("BH/C1", "BH", "SB", "WIN"))
    for r in (1, 2):  # the bye of round 2 goes to a player who played round 1 (opponent's rating beside)
        t = changes.pair_next_round(t)
        t = changes.set_result(t, r, 1, GameResult.WHITE_WINS)
        t = changes.set_result(t, r, 2, GameResult.DRAW)
    [bye] = t.round(2).byes
    with speaking(lang):
        text = _text(player_card(View(t), bye.pno))
        words = code_name("U")
    assert words in text, text


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
def test_a_cup_timetable_with_an_armageddon_stays_one_table_at_80_columns(lang: str) -> None:
    """8 v 9 went to the Armageddon in the preliminary round: its two clocks ("Weiß 5 Min.,
    Schwarz 4 Min.") widened the clock column until the German page split the table into
    blocks, the clock a page further down.  The row says "Armageddon", its clocks and rule
    stand once under the table."""
    from core.playoff.cup import replay
    from core.playoff.labels import game_title
    from core.reports.playoffs import playoff_reports

    t = played_preliminary()
    [arm] = [g for g in replay(t).view.games if g.kind == "armageddon"]
    with speaking(lang):
        [report] = [r for r in playoff_reports(View(t)) if r.slug == "timetable-cup"]
        text = _text(report)
        clocks = game_title(arm)
    board = report.tables[0].columns[2].title
    assert text.count(board) == 1, text  # one table, not blocks
    assert max(len(line) for line in text.splitlines()) <= 80
    assert clocks in " ".join(text.split()), text
