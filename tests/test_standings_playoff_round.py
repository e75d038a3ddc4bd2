"""A playoff (any recorded tie order) decides only the standings after the round it was held
for, and only while its players are still the tied group it was held for (review rev34f
items 24, 20, 25; rev34e F-q, F-r).

The event, by hand (no tie-break criteria, so only points and the playoff order places):
round 1: 1–2 1-0, 3–4 1-0  → after round 1: 1 and 3 on 1, 2 and 4 on 0;
round 2: 1–3 ½-½, 2–4 1-0  → after round 2: 1 and 3 on 1½, 2 on 1, 4 on 0.
A playoff after round 2, won by 3, decides places 1–2: 3 first, 1 second (both marked).
After round 1 nothing is decided: 1 and 3 share first, 2 and 4 share third."""

from __future__ import annotations

import pytest

from core.changes.ties import with_tie_order
from core.cli import main
from core.model import GameResult
from core.reports import View
from core.reports.catalog import build
from core.reports.export import html_pages
from core.reports.tables import standings_report
from core.standings import compute_standings, place_text, playoff_footnote
from core.store import Store
from core.ties import TieOrder, is_stale
from tests.test_tiebreaks_de_koya import event

WIN, DRAW = GameResult.WHITE_WINS, GameResult.DRAW
GAMES = [(1, 1, 2, WIN), (1, 3, 4, WIN), (2, 1, 3, DRAW), (2, 2, 4, WIN)]


def _decided(games=GAMES):
    return with_tie_order(event(games).with_changes(tiebreaks=()), [3, 1], source="playoff")


def _places(t, upto=None) -> list[tuple[int, str]]:
    return [(r.pno, place_text(r)) for r in compute_standings(t, upto=upto).rows]


def test_the_playoff_orders_only_the_standings_of_its_round() -> None:
    t = _decided()
    assert _places(t) == [(3, "1*"), (1, "2*"), (2, "3"), (4, "4")]
    assert _places(t, upto=1) == [(1, "1="), (3, "1="), (2, "3="), (4, "3=")]
    assert playoff_footnote(compute_standings(t, upto=1)) == ""


def test_an_order_of_an_older_file_decides_the_current_standings_only() -> None:
    t = event(GAMES).with_changes(tiebreaks=())
    t = t.with_changes(options={"tie_orders": [{"groups": [[3], [1]], "source": "playoff"}]})  # no round kept
    assert _places(t) == [(3, "1*"), (1, "2*"), (2, "3"), (4, "4")]
    assert _places(t, upto=1) == [(1, "1="), (3, "1="), (2, "3="), (4, "3=")]


def test_the_published_page_of_an_earlier_round_has_no_playoff_mark() -> None:
    earlier = standings_report(View(_decided()), upto=1)  # what publish writes as standings-r1.html
    assert [row[0] for row in earlier.tables[0].rows] == ["1=", "1=", "3=", "3="]
    assert not any(n.startswith("* ") for n in earlier.notes)
    pages = html_pages(_decided())
    assert "decided by playoff" not in pages["standings-r1.html"]
    assert "Places decided by playoff: 1–2." in pages["index.html"]


def test_a_correction_that_unties_the_players_sets_the_playoff_aside() -> None:
    # round 2's 1–3 corrected to 1-0: 1 has 2, 3 and 2 have 1, 4 has 0 — 3 now shares 2nd
    # with 2, who never played the playoff; nothing is marked and the table says why
    t = _decided()
    corrected = t.with_changes(rounds=event([(1, 1, 2, WIN), (1, 3, 4, WIN), (2, 1, 3, WIN), (2, 2, 4, WIN)]).rounds)
    s = compute_standings(corrected)
    assert _places(corrected) == [(1, "1"), (2, "2="), (3, "2="), (4, "4")]
    assert playoff_footnote(s) == ""
    assert ("The playoff for places 1–2 no longer applies: the results changed after it (P1 2, P2 1, P3 1)."
            in s.warnings)


def test_a_playoff_is_stale_when_someone_else_joins_the_tie() -> None:
    order = TieOrder(((3,), (1,)), "playoff", 2, (1, 3), (1, 2), levels=1)
    assert not is_stale(order, {1: 3, 3: 3, 2: 2})
    assert is_stale(order, {1: 3, 3: 3, 2: 3})      # 2 now tied with them: not the group it was held for
    assert is_stale(order, {1: 4, 3: 3, 2: 2})      # no longer tied


@pytest.fixture
def stored(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    t = _decided().with_changes(id="", name="Rapid")
    return Store(str(tmp_path)).create(t)


def test_the_cli_standings_of_round_1_are_not_reordered(capsys, stored) -> None:
    assert main(["standings", stored, "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "*" not in out and "decided by playoff" not in out


def test_a_correction_warns_that_the_playoff_no_longer_applies(capsys, stored) -> None:
    assert main(["result", stored, "2", "1", "1-0", "--correct"]) == 0
    err = capsys.readouterr().err
    assert "The playoff for places 1–2 no longer applies" in err


def test_the_report_of_round_n_is_the_standings_after_round_n() -> None:
    report = build(View(_decided()), "standings", round_no=1)
    assert report.title == "Standings after round 1"
    assert [row[0] for row in report.tables[0].rows] == ["1=", "1=", "3=", "3="]


def test_the_crosstable_of_round_n_stops_at_round_n(capsys, stored) -> None:
    report = build(View(_decided()), "crosstable", round_no=1)
    assert [c.key for c in report.tables[0].columns if c.key[:1] == "r" and c.key[1:].isdigit()] == ["r1"]
    at = [c.key for c in report.tables[0].columns].index("points")
    assert {row[1]: row[at].value for row in report.tables[0].rows} == {1: 1, 3: 1, 2: 0, 4: 0}
    assert "After round 1 of 2" in report.subtitle
    assert main(["report", stored, "standings", "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "After round 1 of 2" in out and "*" not in out


def test_a_played_playoff_set_aside_by_a_correction_is_said_everywhere(tmp_path, monkeypatch, capsys) -> None:
    """The playoff of 1 and 3 played through ``hakem playoff`` (the better number wins: 1
    first), then round 2's 1–3 corrected to 1-0: the correction warns, the standings drop the
    marks, and the playoff pane's group says why (F7)."""
    import json

    from core.app.playoff_groups import GroupState, tied_groups

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    tid = Store(str(tmp_path)).create(event(GAMES).with_changes(id="", name="Rapid", tiebreaks=()))
    assert main(["playoff", tid, "--players", "1,3", "--places", "1", "--format", "json"]) == 0
    state = json.loads(capsys.readouterr().out)
    while not state["complete"]:
        game = next(g for g in state["games"] if g["result"] is None and isinstance(g["white"], int))
        result = "1-0" if game["white"] < game["black"] else "0-1"
        assert main(["playoff", tid, "--result", game["id"], result, "--format", "json"]) == 0
        state = json.loads(capsys.readouterr().out)
    assert _places(Store(str(tmp_path)).load(tid).tournament) == [(1, "1*"), (3, "2*"), (2, "3"), (4, "4")]
    assert main(["result", tid, "2", "1", "1-0", "--correct"]) == 0
    warning = "The playoff for places 1–2 no longer applies: the results changed after it (P1 2, P2 1, P3 1)."
    assert warning in capsys.readouterr().err
    t = Store(str(tmp_path)).load(tid).tournament
    assert _places(t) == [(1, "1"), (2, "2="), (3, "2="), (4, "4")]
    stored = [g for g in tied_groups(t) if g.playoff is not None]
    assert [(g.players, g.state, g.set_aside) for g in stored] == [((1, 3), GroupState.DECIDED, warning)]


def test_the_set_aside_warning_is_in_the_readers_language() -> None:
    from core.i18n import speaking

    t = _decided()
    corrected = t.with_changes(rounds=event([(1, 1, 2, WIN), (1, 3, 4, WIN), (2, 1, 3, WIN), (2, 2, 4, WIN)]).rounds)
    expected = {
        "tr": "1–2. dereceler için yapılan ek maç artık geçerli değil: ondan sonra sonuçlar değişti (P1 2, P2 1, P3 1).",
        "de": "Das Stechen um die Plätze 1–2 gilt nicht mehr: Die Ergebnisse haben sich danach geändert "
              "(P1 2, P2 1, P3 1).",
        "ru": "Плей-офф за 1–2 места больше не действует: после него изменились результаты (P1 2, P2 1, P3 1).",
    }
    for lang, text in expected.items():
        with speaking(lang):
            assert compute_standings(corrected).warnings == (text,)


def test_the_saved_standings_of_round_n_are_named_after_round_n(tmp_path_factory, monkeypatch, capsys,
                                                                 stored) -> None:
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path_factory.mktemp("exports")))  # outside the data
    assert main(["report", stored, "standings", "--round", "1", "--save"]) == 0
    saved = capsys.readouterr().out.strip()
    assert saved.endswith("round-1-standings.txt")
    assert "After round 1 of 2" in open(saved, encoding="utf-8").read()
