"""What the reports say, checked against sources that are not our own output.

* standings values (report CSV and ``hakem export --csv``) = TieBreakServer's values for the
  same TRF (tests/data/tiebreaks/*.tsv);
* crosstable cells (machine form) = the round cells of the source TRF file, read here by a
  few lines of independent column slicing;
* team crosstable / team standings = board points summed here straight from the boards,
  match points 2/1/0 (Aktar p. 73);
* the bracket's "goes through" marks = ``core.playoff.decided_places``;
* text fits 80 columns (132 landscape); HTML has no external reference and is well formed;
  the TRF export re-imports to the same tournament; machine formats do not change with the
  language while labels do.
"""

from __future__ import annotations

import csv
import io
import os
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from core.i18n import set_language
from core.reports import View, all_reports, build, to_csv, to_html, to_text
from core.reports.render import LANDSCAPE_WIDTH, width
from tests.test_reports_fixtures import DATA, FIXTURES, read, round_robin, swiss, team


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.split("\n\n")[0])))


def _tsv(path: str) -> dict[str, dict[str, str]]:
    lines = [line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip()]
    head = [h.replace("/V2026", "") for h in lines[0]]
    return {row[0]: dict(zip(head, row)) for row in lines[1:]}


def _same(ours: str, theirs: str) -> bool:
    places = len(theirs.split(".")[1]) if "." in theirs else 0
    value = Decimal(Fraction(ours).numerator) / Decimal(Fraction(ours).denominator)
    return value.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP) == Decimal(theirs)


@pytest.mark.parametrize("build_t,tsv", [
    (swiss, os.path.join(DATA, "tiebreaks", "f04_p11r5.2026.tsv")),
    (round_robin, os.path.join(DATA, "tiebreaks", "roundrobin", "rr00_p7r7.2026.tsv")),
])
def test_standings_csv_values_equal_tiebreakserver(build_t, tsv) -> None:
    from core.reports.export import standings_csv

    t = build_t()
    expected = _tsv(tsv)
    report_rows = _rows(to_csv(build(View(t), "standings")))
    export_rows = _rows(standings_csv(t))
    compared = 0
    for rows, key in ((report_rows, "pno"), (export_rows, "pno")):
        assert len(rows) == len(expected)
        for row in rows:
            exp = expected[row[key]]
            assert _same(row["points"], exp["PTS"])
            for code in t.tiebreaks:
                assert _same(row[code], exp[code]), (row[key], code, row[code], exp[code])
                compared += 1
    assert compared == 2 * len(expected) * len(t.tiebreaks)


def _trf_cells(path: str) -> dict[int, list[str]]:
    """Round cells of a TRF file by column position (C.04 Annex 2: from column 92, 10 wide)."""
    text = read(path).replace("\r\n", "\n").replace("\r", "\n")
    out = {}
    for line in text.split("\n"):
        if line.startswith("001 "):
            pno = int(line[4:8])
            cells = []
            pos = 91
            while pos + 8 <= len(line.rstrip()) + 1 and line[pos:pos + 8].strip():
                cells.append(" ".join(line[pos:pos + 8].split()))
                pos += 10
            out[pno] = cells
    return out


@pytest.mark.parametrize("build_t,trf", [
    (swiss, os.path.join(DATA, "dutch2026", "f04_p11r5.trf")),
    (round_robin, os.path.join(DATA, "tiebreaks", "roundrobin", "rr00_p7r7.trf")),
])
def test_crosstable_cells_agree_with_the_trf(build_t, trf) -> None:
    t = build_t()
    cells = _trf_cells(trf)
    view = View(t.with_changes(system="dutch"))  # the Swiss layout has a cell per round
    rows = _rows(to_csv(build(view, "crosstable")))
    assert len(rows) == len(cells)
    for row in rows:
        pno = int(row["pno"])
        ours = [row[f"r{r}"] for r in range(1, t.current_round + 1)]
        assert ours == cells[pno], pno


def test_round_robin_grid_is_antisymmetric_and_matches_the_trf() -> None:
    t = round_robin()
    cells = _trf_cells(os.path.join(DATA, "tiebreaks", "roundrobin", "rr00_p7r7.trf"))
    rows = _rows(to_csv(build(View(t), "crosstable")))
    mark = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "−"}
    for row in rows:
        pno = int(row["pno"])
        for cell in cells[pno]:
            opp, _, code = cell.split(" ")
            if opp == "0000":
                continue
            assert row[f"p{int(opp)}"] == mark[code], (pno, opp)
        assert row[f"p{pno}"] == "X"


def _independent_team_scores(t) -> dict[tuple[int, int], Fraction]:
    """(team, opponent team) → board points, summed from the boards without core.teams."""
    member = {pno: tm.id for tm in t.teams for pno in tm.members}
    value = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (Fraction(1, 2), Fraction(1, 2)),
             "+-": (1, 0), "-+": (0, 1), "--": (0, 0), "0-0": (0, 0)}
    out: dict[tuple[int, int], Fraction] = {}
    for rnd in t.rounds:
        for b in rnd.boards:
            w, bl = value[b.result.value]
            tw, tb = member[b.white], member[b.black]
            out[(tw, tb)] = out.get((tw, tb), Fraction(0)) + w
            out[(tb, tw)] = out.get((tb, tw), Fraction(0)) + bl
    return out


def test_team_crosstable_and_match_points_from_the_boards() -> None:
    t = team()
    scores = _independent_team_scores(t)
    rows = _rows(to_csv(build(View(t), "team-crosstable")))
    for row in rows:
        tid = int(row["team_id"])
        mp = 0
        for other in t.teams:
            if other.id == tid:
                continue
            ours = scores[(tid, other.id)]
            assert Fraction(row[f"t{other.id}"]) == ours  # machine cell: dot decimal
            theirs = scores[(other.id, tid)]
            mp += 2 if ours > theirs else 1 if ours == theirs else 0
        assert int(row["match_points"]) == mp
    standing = _rows(to_csv(build(View(t), "team-standings")))
    mps = [int(r["match_points"]) for r in standing]
    assert mps == sorted(mps, reverse=True)


def test_bracket_marks_the_players_core_playoff_decided() -> None:
    from core.playoff import decided_places

    t = team()
    state = t.options["playoffs"]["board1"]
    winner = decided_places(state)[0][0]
    report = build(View(t), "bracket", key="board1")
    marked = [row[0] for table in report.tables for row in table.rows if row[-1] == "*"]
    assert marked == [f"{winner} {t.player(winner).name}"]
    assert "*" in report.preformatted


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_text_fits_80_columns_and_132_landscape(name: str) -> None:
    view = View(FIXTURES[name]())
    for report in all_reports(view):
        if report.slug == "go-table":
            continue  # the Gamma procedure's own table layout (core.gorender.render), drawn as it is
        for limit, text in ((80, to_text(report)), (LANDSCAPE_WIDTH, to_text(report, LANDSCAPE_WIDTH))):
            widest = max(width(line) for line in text.splitlines())
            assert widest <= limit, (report.slug, widest)


class _Checker(HTMLParser):
    VOID = {"meta", "br", "hr", "img", "link", "input"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.links: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("src", "href") and value:
                self.links.append(value)
        if tag in ("script", "link", "img", "iframe", "object"):
            self.errors.append(f"<{tag}> present")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unbalanced </{tag}> (open: {self.stack[-3:]})")
        else:
            self.stack.pop()


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_html_pages_are_self_contained_and_well_formed(name: str) -> None:
    from core.reports.export import html_pages

    pages = html_pages(FIXTURES[name]())
    assert "index.html" in pages
    for file, page in pages.items():
        checker = _Checker()
        checker.feed(page)
        checker.close()
        assert not checker.errors, (file, checker.errors)
        assert checker.stack == [], (file, checker.stack)
        for link in checker.links:
            assert link in pages, (file, link)  # only our own pages, relative, no assets
        # the SVG namespace is an identifier, not a reference: nothing is fetched from it
        lowered = page.lower().replace('xmlns="http://www.w3.org/2000/svg"', "")
        for marker in ("http://", "https://", "url(", "@import", "//"):
            assert marker not in lowered.replace("<!doctype html>", ""), (file, marker)


def test_trf_export_reimports_identically() -> None:
    from core.reports.export import trf_export
    from core.trf import parse_tournament

    for build_t in (swiss, round_robin, team):
        t = build_t()
        for flavour in ("2026", "16"):
            text = trf_export(t, flavour)
            back = parse_tournament(text, t.id)
            # Team matches (Round.matches) are not written by core.trf yet (no TRF-2026 team
            # records): the boards, results and byes must come back exactly.
            assert [(r.number, r.boards, r.byes) for r in back.rounds] == \
                [(r.number, r.boards, r.byes) for r in t.rounds]
            assert [(p.pno, p.name, p.rating, p.federation) for p in back.players] == \
                [(p.pno, p.name, p.rating, p.federation) for p in t.players]
            assert back.total_rounds == t.total_rounds
            assert trf_export(back.with_changes(tiebreaks=t.tiebreaks, tiebreak_regime=t.tiebreak_regime,
                                                system=t.system, teams=t.teams, options=t.options,
                                                rounds=t.rounds),
                              flavour) == text


def test_trf_export_ranks_are_the_standings() -> None:
    from core.reports.export import trf_export

    t = swiss()
    ranks = {int(line[4:8]): int(line[85:89]) for line in trf_export(t).splitlines() if line.startswith("001")}
    expected = _tsv(os.path.join(DATA, "tiebreaks", "f04_p11r5.2026.tsv"))
    view = View(t)
    assert ranks == {row.pno: row.rank for row in view.standings.rows}
    assert set(map(str, ranks)) == set(expected)


def test_language_changes_labels_not_machine_formats() -> None:
    import gettext

    from core.i18n import LOCALE_DIR

    t = swiss()
    set_language("en")
    english = build(View(t), "standings")
    english_csv = to_csv(english)
    try:
        set_language("tr")
        turkish = build(View(t), "standings")
        catalog = gettext.translation("hakem", str(LOCALE_DIR), languages=["tr"], fallback=True)
        assert turkish.title == catalog.pgettext("report title", "Final standings")  # every round played: the final table
        assert [c.title for c in turkish.tables[0].columns[:3]] == \
            [catalog.gettext(s) for s in ("Rank", "No.", "Title")]
        assert to_csv(turkish) == english_csv  # keys and dot decimals, whatever the language
        assert 'lang="tr"' in to_html(turkish)
    finally:
        set_language("en")


def test_go_pages_and_exports_come_from_core_go() -> None:
    from core.gorender.export import egd_h9_export, rating_commission_export
    from core.gorender.render import render_card, render_table, table_rows
    from core.reports.export import _go

    t = FIXTURES["go"]()
    view = View(t)
    table = build(view, "go-table")
    assert table.preformatted == render_table(t)
    assert [list(r) for r in table.tables[0].rows] == table_rows(t)[2:]
    cards = build(view, "go-cards")
    assert render_card(t, 1).strip("\n") in cards.preformatted
    assert _go("rating_commission_export", t) == rating_commission_export(t)
    assert _go("egd_h9_export", t) == egd_h9_export(t)


def test_publish_writes_the_set_and_removes_only_its_own_stale_pages(tmp_path) -> None:
    from core.reports.export import MANIFEST, html_pages, publish

    t = swiss()
    foreign = tmp_path / "keep.html"
    foreign.write_text("not ours")
    (tmp_path / "pairings-r9.html").write_text("old but not in our manifest")
    from core.errors import StoreError

    with pytest.raises(StoreError, match="did not write"):  # a first publish among others' files asks
        publish(t, tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {"keep.html", "pairings-r9.html"}
    publish(t, tmp_path, force=True)
    first = set(html_pages(t))
    assert first <= {p.name for p in tmp_path.iterdir()}
    assert (tmp_path / MANIFEST).read_text().split() == sorted(first)
    earlier = t.with_changes(rounds=t.rounds[:4])
    publish(earlier, tmp_path)
    now = {p.name for p in tmp_path.iterdir()}
    assert "pairings-r5.html" not in now and "pairings-r4-alpha.html" in now
    assert foreign.read_text() == "not ours" and (tmp_path / "pairings-r9.html").exists()


def test_cli_report_kinds_match_the_catalog_and_run(tmp_path, capsys) -> None:
    from core.cli import main
    from core.cli.commands import REPORTS
    from core.reports.catalog import KINDS

    assert REPORTS == KINDS
    trf = os.path.join(DATA, "dutch2026", "f04_p11r5.trf")
    assert main(["report", trf, "crosstable", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("rank,pno,name")
    assert main(["report", trf, "pairings", "--round", "9"]) == 3
    assert main(["report", trf, "card"]) == 3


def test_wide_crosstable_is_printed_in_blocks_within_80_columns() -> None:
    """24 players, 11 rounds: too wide for one block; every round and every player appears
    in the 80-column print, the identifying columns repeated in each block."""
    from core.trf import parse_tournament

    t = parse_tournament(read(os.path.join(DATA, "dutch2026", "f09_p24r11.trf")))
    text = to_text(build(View(t), "crosstable"))
    lines = text.splitlines()
    assert max(width(line) for line in lines) <= 80
    headers = [line.split() for line in lines if line.startswith("Rank")]
    assert len(headers) >= 2 and all(h[:3] == ["Rank", "No.", "Name"] for h in headers)
    rounds = [int(x) for h in headers for x in h[3:] if x.isdigit()]
    assert rounds == list(range(1, 12))
    for p in t.players:
        assert sum(line.split()[1:2] == [str(p.pno)] for line in lines) == len(headers)


def test_cup_bracket_shows_every_board_and_the_players_without_a_game() -> None:
    """A knockout cup (system ``knockout``): every board played in the rounds is a match of
    the bracket, and the best seeds who wait for the smaller field are listed as such."""
    from core.changes import pair_next_round, set_result
    from core.model import GameResult, Player, Tournament

    t = Tournament(id="cup", name="Kupa", system="knockout", total_rounds=20,
                   players=tuple(Player(i, f"Oyuncu {i}", rating=2400 - 50 * i) for i in range(1, 7)))
    for r in range(1, 4):  # a round per knockout round; tie-break games join it while level
        t = pair_next_round(t)
        i = 1
        while i <= len(t.rounds[-1].boards):
            t = set_result(t, r, i, GameResult.WHITE_WINS if (r + i) % 3 else GameResult.DRAW)
            i += 1
    report = build(View(t), "bracket")
    matches = [{row[0].split(" ")[0] for row in table.rows} for table in report.tables if len(table.rows) == 2]
    for rnd in t.rounds:
        for b in rnd.boards:
            assert {str(b.white), str(b.black)} in matches
    waiting = [table.rows[0][0] for table in report.tables if len(table.rows) == 1]
    # 6 players: the two best seeds go on to the semi-finals without a game (Aktar p. 68)
    assert waiting == ["1 Oyuncu 1", "2 Oyuncu 2"]
    assert max(width(line) for line in to_text(report).splitlines()) <= 80


def test_publish_watch_republishes_after_pairing_and_after_the_last_result(tmp_path, monkeypatch, capsys) -> None:
    """``hakem publish --watch``: a new revision that only adds a result inside a round does
    not rewrite the pages; pairing a round and completing it does."""
    import argparse
    import time

    from core.cli.commands import publish as publish_cmd
    from core.model import Board, Round

    t = swiss()
    open_round = t.with_changes(rounds=t.rounds[:4] + (Round(5, tuple(Board(b.white, b.black) for b in t.rounds[4].boards),
                                                             t.rounds[4].byes),))
    one_result = open_round.with_changes(rounds=open_round.rounds[:4] + (
        Round(5, (t.rounds[4].boards[0],) + open_round.rounds[4].boards[1:], t.rounds[4].byes),))
    states = [t.with_changes(rounds=t.rounds[:4]), open_round, one_result, t]

    class FakeDesk:
        step = 0

        def revision(self):
            return self.step

        def snapshot(self):
            class Snap:
                tournament = states[self.step]
            return Snap()

    store = FakeDesk()

    def sleep(_):
        store.step += 1
        if store.step == len(states):
            raise KeyboardInterrupt

    monkeypatch.setattr(time, "sleep", sleep)
    # the writer `hakem publish --watch` hands in: the pages in the event's language, into DIR
    args = argparse.Namespace(directory=str(tmp_path), report_lang=None)
    assert publish_cmd._watch(store, str(tmp_path), 1.0, lambda t, force: publish_cmd._publish_pages(args, t, force)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["round 4 complete", "round 5 paired", "round 5 complete"]
    assert (tmp_path / "pairings-r5.html").exists()


def test_pages_follow_a_change_only_into_the_users_remembered_directory(tmp_path) -> None:
    from core.app import publishing
    from core.app.effects import after_change

    t = round_robin()
    done = t.with_changes(rounds=t.rounds[:-1])  # unpairing changes the pages
    legacy = t.with_changes(options={**t.options, publishing.LEGACY_OPTION: str(tmp_path / "from-the-file")})
    done_legacy = legacy.with_changes(rounds=legacy.rounds[:-1])
    [notice] = after_change(tmp_path / "data", "rr", legacy, done_legacy)  # said once per user and tournament
    assert "hakem publish rr DIRECTORY --remember" in notice
    assert "from-the-file" not in notice  # a planted place is never suggested back as a command
    assert after_change(tmp_path / "data", "rr", legacy, done_legacy) == []
    assert after_change(tmp_path / "data", "rr", legacy, done) == []
    assert not (tmp_path / "from-the-file").exists()  # tournament data never names a place
    publishing.remember(tmp_path / "data", "rr", str(tmp_path / "www"))
    assert after_change(tmp_path / "data", "rr", t, done) == []
    assert (tmp_path / "www" / "index.html").exists()


def test_cli_reports_follow_lang(capsys) -> None:
    import gettext

    from core.cli import main
    from core.i18n import LOCALE_DIR

    trf = os.path.join(DATA, "dutch2026", "f04_p11r5.trf")
    catalog = gettext.translation("hakem", str(LOCALE_DIR), languages=["tr"], fallback=True)
    try:
        assert main(["--lang", "tr", "report", trf, "standings"]) == 0
        assert capsys.readouterr().out.splitlines()[0] == catalog.pgettext("report title", "Final standings")  # 5 of 5 rounds: final
        assert main(["--lang", "tr", "report", trf, "standings", "--format", "csv"]) == 0
        turkish_csv = capsys.readouterr().out
    finally:
        set_language("en")
    assert main(["--lang", "en", "report", trf, "standings", "--format", "csv"]) == 0
    assert capsys.readouterr().out == turkish_csv


def test_playoff_and_cup_changes_refresh_the_remembered_pages(tmp_path) -> None:
    """Every change that alters a published page refreshes the remembered pages, a playoff's
    creation and each of its results (the timetable players watch game by game) as an
    ordinary result does; a cup's Armageddon flag likewise (it decides who advances)."""
    import os

    from core.app import Workspace, publishing
    from core.app.effects import pages_changed
    from core.model import Board, GameResult, Player, Round, Tournament
    from core.playoff import evaluate, playoffs_of
    from tests.tui_fixtures import store_with

    w = GameResult.WHITE_WINS
    # round 1: 1 beats 2, 3 beats 4; round 2: 4 beats 1, 3 beats 2 → 3: 2 points, 1 and 4:
    # 1 point each (tied for places 2–3), 2: 0
    players = tuple(Player(i, f"Player {i}", 2100 - 10 * i) for i in range(1, 5))
    r1 = Round(1, (Board(1, 2, w), Board(3, 4, w)))
    r2 = Round(2, (Board(4, 1, w), Board(3, 2, w)))
    t = Tournament(id="tie", name="Tie", total_rounds=2, players=players, rounds=(r1, r2), tiebreaks=("BH",))
    data, web = tmp_path / "data", tmp_path / "web"
    [tid] = store_with(data, t)
    publishing.remember(data, tid, str(web))
    desk = Workspace(data).open(tid)
    index = web / "index.html"

    outcome = desk.create_playoff("1", [1, 4], 1)
    assert index.exists(), outcome.warnings  # the playoff's creation published the pages
    [(key, state)] = playoffs_of(desk.snapshot().tournament).items()
    [timetable] = web.glob("timetable-*.html")
    os.utime(timetable, (0, 0))
    desk.playoff_result(key, evaluate(state).ready[0].id, "1-0")
    assert timetable.stat().st_mtime > 0  # the playoff's result refreshed its timetable

    cup = Tournament(id="cup", name="Cup", system="knockout", total_rounds=1, players=players[:2],
                     rounds=(Round(1, (Board(1, 2, None),)),))
    # both flags fell in the Armageddon of round 1, board 1; White's first (as stored by
    # ``hakem cup flag``): who advances changes, the round's boards do not
    flagged = cup.with_changes(options={"knockout": {"flag_later": {"1.1": "white"}}})
    assert flagged.rounds == cup.rounds and pages_changed(cup, flagged)


@pytest.mark.parametrize("kind", ["standings", "crosstable", "pairings"])
def test_russian_reports_write_titles_as_russian_lists_do(kind) -> None:
    """A Russian list writes FIDE titles ГМ, МФ (as the screens and the CLI's own messages do,
    review rev34e F-j); the CSV keeps the FIDE codes GM, FM, which programs read whatever the
    page's language."""
    from dataclasses import replace

    from core.i18n import speaking

    t = round_robin()
    first, second, *rest = t.players
    t = t.with_changes(players=(replace(first, title="GM"), replace(second, title="FM"), *rest))
    with speaking("ru"):
        report = build(View(t), kind)
        text, machine = to_text(report), to_csv(report)
    assert "ГМ" in text and "МФ" in text and " GM " not in text and " FM " not in text
    assert "GM" in machine and "FM" in machine and "ГМ" not in machine
