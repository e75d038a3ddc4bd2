"""The published pages on a phone (375 px) and a desktop (1280 px), in headless Chromium.

On every page of four published events the document must not be wider than the screen (a
table scrolls inside its own box, the page never sideways); on a phone the columns a reader
looks for come first and are on screen — place, name and points of the standings, both
players and the result of a pairing — and at 1280 px every column is shown.  Names link to
the player's page, which lists the player's games.

``HAKEM_SCREENSHOTS=DIR`` keeps a PNG of the main pages at both widths in tr/de/ru there (to
look at them).  Without Chromium: skipped on a developer's machine, a failure under CI.
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest

from core.i18n import _, set_language
from core.model import Player
from core.reports.export import publish
from tests import test_reports_fixtures as fx
from tests.test_published_browser import Browser, Session, chromium

WIDTHS = (375, 1280)

MEASURE = """JSON.stringify({
  page: document.documentElement.scrollWidth,
  body: document.body.scrollWidth,
  viewport: window.innerWidth,
  hidden: Array.from(document.querySelectorAll('th')).filter(th => getComputedStyle(th).display === 'none').length,
  boxes: Array.from(document.querySelectorAll('.wide')).map(d => [d.scrollWidth, d.clientWidth]),
  headers: Array.from((document.querySelector('table') || document.body).querySelectorAll('thead th')).map(th => {
    const r = th.getBoundingClientRect();
    return {text: th.innerText.trim(), left: r.left, right: r.right, shown: getComputedStyle(th).display !== 'none'};
  }),
  first: Array.from((document.querySelector('table tbody tr') || document.body).querySelectorAll('td')).map(td => {
    const r = td.getBoundingClientRect();
    return {text: td.innerText.trim(), left: r.left, right: r.right, shown: getComputedStyle(td).display !== 'none',
            link: td.querySelector('a') ? td.querySelector('a').getAttribute('href') : null};
  })
})"""


class Phone(Session):
    """A page session whose screen width can be set (device emulation: a phone is ``mobile``)."""

    def width(self, px: int) -> None:
        self.b.send("Emulation.setDeviceMetricsOverride", self.id, width=px, height=800,
                    deviceScaleFactor=1, mobile=px < 600)

    def measure(self, url: str) -> dict:
        self.load(url)
        result = self.b.send("Runtime.evaluate", self.id, expression=MEASURE, returnByValue=True)
        return json.loads(result["result"]["value"])

    def screenshot(self, path: Path) -> None:
        shot = self.b.send("Page.captureScreenshot", self.id, format="png", captureBeyondViewport=False)
        path.write_bytes(base64.b64decode(shot["data"]))


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    b = Browser(chromium(), tmp_path_factory.mktemp("profile"))
    try:
        b.send("Browser.getVersion")
        yield Phone(b)
    finally:
        b.close()


def _long_names(t):
    """Long names, titles and ratings: the widest rows a real event has."""
    titles = ["GM", "IM", "WGM", "FM", "", "CM"]
    prizes = {"sharing": "equal", "currency": "EUR",
              "groups": [{"key": "open", "name": "Open", "kind": "overall", "amounts": ["1250.50", "600", "300"]}]}
    return t.with_changes(options={**t.options, "prizes": prizes}, players=tuple(
        Player(**{**p.__dict__, "name": p.name + (" Bartholomäus-Konstantinowitsch" if p.pno % 3 == 0 else ""),
                  "title": titles[p.pno % len(titles)], "federation": p.federation or "TUR"})
        for p in t.players))


def _sites(tmp_path: Path, lang: str) -> dict[str, Path]:
    set_language(lang)
    try:
        events = {"swiss": _long_names(fx.swiss()), "round_robin": fx.round_robin(), "team": fx.team(), "go": fx.go()}
        out = {}
        for name, t in events.items():
            publish(t, tmp_path / lang / name)
            out[name] = tmp_path / lang / name
        return out
    finally:
        set_language("en")


def _on_screen(cell: dict, viewport: int) -> bool:
    return cell["shown"] and cell["left"] >= 0 and cell["right"] <= viewport + 0.5


def test_no_page_scrolls_sideways(phone, tmp_path):
    """Every published page of the four events fits the screen's width at 375 and 1280 px."""
    checked = 0
    for name, folder in _sites(tmp_path, "en").items():
        for page in sorted(folder.glob("*.html")):
            for px in WIDTHS:
                phone.width(px)
                m = phone.measure(page.as_uri())
                assert m["viewport"] == px, (page.name, m["viewport"])
                assert m["page"] <= px and m["body"] <= px, (name, page.name, px, m["page"], m["body"])
                if px == 1280:
                    assert m["hidden"] == 0, (name, page.name)
                checked += 1
    assert checked >= 2 * 80


def test_phone_shows_the_columns_a_reader_looks_for(phone, tmp_path):
    folder = _sites(tmp_path, "en")["swiss"]
    phone.width(375)
    standings = phone.measure((folder / "index.html").as_uri())
    shown = [h["text"] for h in standings["headers"] if _on_screen(h, 375)]
    assert shown[:3] == [_("Rank"), _("Name"), _("Rating")] and _("Pts") in shown, shown
    assert _("No.") not in shown and _("Fed") not in shown  # minor columns wait for a wider screen
    first = [c for c in standings["first"] if c["shown"]]
    assert first[0]["text"] == "1" and _on_screen(first[0], 375)
    assert first[1]["link"] and first[1]["link"].startswith("player-") and _on_screen(first[1], 375)

    pairings = phone.measure((folder / "pairings-r2.html").as_uri())
    heads = {h["text"]: h for h in pairings["headers"] if h["shown"]}
    for column in (_("Board"), _("White"), _("Result"), _("Black")):
        assert column in heads and _on_screen(heads[column], 375), (column, pairings["headers"])
    board = [c for c in pairings["first"] if c["shown"]]
    links = [c for c in board if c["link"]]
    assert len(links) == 2 and all(_on_screen(c, 375) for c in links), board  # both players of board 1
    assert any(c["text"] in ("1-0", "0-1", "½-½", "-:+", "+:-") and _on_screen(c, 375) for c in board)

    prizes = phone.measure((folder / "prizes.html").as_uri())
    shown = [h["text"] for h in prizes["headers"] if _on_screen(h, 375)]
    assert any(t.startswith(_("Prize")) for t in shown) and any(t.startswith(_("Paid")) for t in shown), \
        prizes["headers"]  # the amounts were off-screen on a phone

    phone.width(1280)
    wide = phone.measure((folder / "pairings-r2.html").as_uri())
    assert [h["text"] for h in wide["headers"]].count(_("Rating")) == 2
    assert all(_on_screen(h, 1280) for h in wide["headers"])
    assert all(inner <= outer for inner, outer in wide["boxes"])  # nothing scrolls at desktop width


def test_player_pages_are_linked_and_list_the_games(phone, tmp_path):
    folder = _sites(tmp_path, "en")["swiss"]
    phone.width(375)
    standings = phone.measure((folder / "index.html").as_uri())
    target = next(c["link"] for c in standings["first"] if c["link"])
    page = folder / target
    assert page.is_file()
    probe, found = phone.load(page.as_uri())
    assert not found
    card = phone.measure(page.as_uri())
    assert card["page"] <= 375
    assert card["first"][0]["text"] == "1"  # round 1 is the first row of the player's games
    assert any(link.endswith("index.html") for link in probe["links"])


@pytest.mark.skipif(not os.environ.get("HAKEM_SCREENSHOTS"), reason="HAKEM_SCREENSHOTS=DIR keeps screenshots")
def test_screenshots(phone, tmp_path):
    out = Path(os.environ["HAKEM_SCREENSHOTS"])
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("tr", "de", "ru"):
        folder = _sites(tmp_path, lang)["swiss"]
        for page in ("index.html", "pairings-r2.html", "crosstable.html", "player-3.html", "players.html"):
            for px in WIDTHS:
                phone.width(px)
                phone.load((folder / page).as_uri())
                phone.screenshot(out / f"{lang}-{px}-{page.removesuffix('.html')}.png")
