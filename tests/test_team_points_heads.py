"""The team tables' points heads and the note that explains them agree in every language
(issue 34, last review): the Russian team standings headed the game points "GP" (FIDE C.07's
code, as the tie-break list beside it) while the note explained "ИО"; German explained "BP",
Turkish "MaP".  The heads are C.07's codes in every language, like BH or DE, and the note
explains exactly those codes in the reader's language."""

from __future__ import annotations

import re

import pytest

from core.i18n import speaking
from core.reports import View, build
from tests.test_reports_fixtures import team


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("slug", ["team-standings", "team-crosstable"])
def test_every_code_the_points_note_explains_heads_a_column(lang, slug):
    t = team()
    with speaking(lang):
        report = build(View(t), slug)
    heads = {c.title for table in report.tables for c in table.columns}
    # the note: "MP: … (win 2, draw 1, loss 0); GP: …" — the codes before each colon
    (note,) = [n for n in report.notes if re.search(r"2\D+1\D+0", n)]
    explained = re.findall(r"(?:^|; )([^:;]+):", note)
    assert explained == ["MP", "GP"], note
    assert {"MP", "GP"} <= heads, heads
