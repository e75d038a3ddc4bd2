"""Golden files: every report × format on the four fixed tournaments (tests/test_reports_fixtures.py).

A golden file is our own output, checked by eye once when it was (re)generated: this test
catches *unintended* changes.  Correctness is asserted separately, against independent
sources, in tests/test_reports_semantics.py.

Regenerate deliberately (then look at the diff with ``git diff tests/data/reports``):

    HAKEM_REGENERATE_GOLDEN=1 python3 -m pytest tests/test_reports_golden.py -q
"""

from __future__ import annotations

import functools
import json
import os

import pytest

from core.i18n import set_language
from core.reports import View, all_reports
from core.reports.render import LANDSCAPE_WIDTH, to_csv, to_html, to_json, to_text
from tests.test_reports_fixtures import FIXTURES

GOLDEN = os.path.join(os.path.dirname(__file__), "data", "reports")
REGENERATE = os.environ.get("HAKEM_REGENERATE_GOLDEN") == "1"

# Which pages of each fixture have golden files (all non-card pages would be many near-copies
# of the pairing list; the first and last rounds and two cards cover every code path).
CARDS = {"swiss": (1, 6), "roundrobin": (1,), "team": (1,), "go": ()}


def _selected(name: str) -> list:
    t = FIXTURES[name]()
    last = t.current_round
    keep = []
    for r in all_reports(View(t)):
        if r.slug.startswith("card-"):
            if int(r.slug[5:]) in CARDS[name]:
                keep.append(r)
        elif r.slug.startswith("pairings-r") and not r.slug.endswith("-alpha"):
            if r.slug in ("pairings-r1", f"pairings-r{last}"):
                keep.append(r)
        else:
            keep.append(r)
    return keep


@functools.cache
def rendered(name: str) -> dict[str, str]:
    """File name → content for one fixture, built in English with ½ points (both are
    process-wide settings another test may have changed)."""
    from core.i18n.format import points_style, set_points_style

    set_language("en")
    previous = points_style()
    set_points_style("half")
    try:
        return _render(name)
    finally:
        set_points_style(previous)


def _render(name: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for r in _selected(name):
        out[f"{r.slug}.txt"] = to_text(r)
        out[f"{r.slug}.html"] = to_html(r, lang="en")
        out[f"{r.slug}.csv"] = to_csv(r)
        out[f"{r.slug}.json"] = json.dumps(to_json(r), ensure_ascii=False, indent=1) + "\n"
        if r.slug == "crosstable":
            out["crosstable-landscape.txt"] = to_text(r, LANDSCAPE_WIDTH)
    t = FIXTURES[name]()
    from core.reports.export import standings_csv, trf_export

    out["export-2026.trf"] = trf_export(t, "2026")
    out["export-16.trf"] = trf_export(t, "16")
    out["standings-export.csv"] = standings_csv(t)
    if name == "go":
        from core.reports.export import _go

        out["rating-commission.txt"] = _go("rating_commission_export", t)
        out["egd.h9"] = _go("egd_h9_export", t)
    return out


CASES = [(name, file) for name in FIXTURES for file in sorted(rendered(name))]


@pytest.mark.parametrize("name,file", CASES, ids=[f"{n}/{f}" for n, f in CASES])
def test_golden(name: str, file: str) -> None:
    content = rendered(name)[file]
    path = os.path.join(GOLDEN, name, file)
    if REGENERATE:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(content)
        return
    assert os.path.exists(path), (
        f"{path} is missing; regenerate with HAKEM_REGENERATE_GOLDEN=1 and check it by eye")
    with open(path, encoding="utf-8", newline="") as fh:
        expected = fh.read()
    assert content == expected, f"{name}/{file} changed; if intended, regenerate and review the diff"


def test_no_stale_golden_files() -> None:
    """Every golden file on disk is still produced (a renamed report leaves no orphan)."""
    for name in FIXTURES:
        folder = os.path.join(GOLDEN, name)
        on_disk = set(os.listdir(folder)) if os.path.isdir(folder) else set()
        if REGENERATE:
            for stale in on_disk - set(rendered(name)):
                os.remove(os.path.join(folder, stale))
            continue
        assert on_disk == set(rendered(name)), name
