"""Places a playoff decided are marked wherever standings are shown (review rev34d item 2):
``2*`` in the place column and a note under the table in the reader's language — the CLI's
table, the standings report (text, HTML: the pages and paper are drawn from it), F4's rows.

Expected by hand: 2 beat 1 in round 1 and both end on 1 point, so the direct encounter puts 2
second; a playoff won by 1 puts 1 second and 2 third — places 2 and 3 are the playoff's."""

from __future__ import annotations

from core.i18n import speaking
from core.model import GameResult
from core.reports import View, build
from core.reports.render import to_html, to_text
from core.standings import as_text, compute_standings
from core.changes.ties import with_tie_order
from tests.test_tiebreaks_de_koya import event

WIN, LOSS, DRAW = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def _decided():
    base = event([(1, 1, 2, LOSS), (1, 3, 4, DRAW), (2, 1, 4, WIN), (2, 2, 3, LOSS)])
    return with_tie_order(base, [1, 2], source="playoff").with_changes(tiebreaks=("DE",))


def test_the_cli_table_marks_the_places_and_names_them() -> None:
    lines = as_text(compute_standings(_decided(), ["DE"])).splitlines()
    ranks = [line.split()[0] for line in lines if line[:4].strip()[:1].isdigit()]
    assert ranks == ["1", "2*", "3*", "4"]
    assert "* Places decided by playoff: 2–3." in lines


def test_the_report_marks_the_places_in_text_and_html() -> None:
    report = build(View(_decided()), "standings")
    assert [row[0] for row in report.tables[0].rows] == [1, "2*", "3*", 4]
    assert "* Places decided by playoff: 2–3." in report.notes
    assert "Places decided by playoff: 2–3." in to_text(report)
    assert "2*" in to_html(report) and "Places decided by playoff: 2–3." in to_html(report)


def test_the_note_is_in_the_readers_language() -> None:
    english = "* Places decided by playoff: 2–3."
    for lang in ("tr", "de", "ru"):
        with speaking(lang):
            notes = build(View(_decided()), "standings").notes
        note = next(n for n in notes if n.startswith("* "))
        assert note != english and note.endswith("2–3.")


def test_f4_rows_carry_the_mark() -> None:
    from tui.standings import compute

    assert [r.place for r in compute(_decided()).rows] == ["1", "2*", "3*", "4"]


def test_the_crosstable_marks_them_too() -> None:
    report = build(View(_decided()), "crosstable")
    assert [row[0] for row in report.tables[0].rows] == [1, "2*", "3*", 4]
    assert "* Places decided by playoff: 2–3." in report.notes
