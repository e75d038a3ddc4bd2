"""Nothing private on a public page (issue 33 item 3): every page of a published event, with
players carrying everything hakem can hold about a person — birth date, sex, national id,
entry fee due and paid, check-in marks, a contact address and phone number in their extra
data, a register member id — shows none of it.  What the peers publish (name, title, rating,
federation, FIDE id, club) is on the starting list; the check-in list (signatures) and the
result sheet (signatures) are not published at all.  Also: the standings after every round
and a page per player, every name linked to it."""

from __future__ import annotations

import re

from core.changes.checkin import check_in, open_checkin, record_payment, set_entry_fee, set_fee_due
from core.i18n import _, set_language
from core.model import Player
from core.reports.export import html_pages
from tests import test_reports_fixtures as fx

PRIVATE = {"birth": "1987/04/23", "national_id": "DE-55501234", "email": "anna.private@example.net",
           "phone": "+49 170 5550199", "fee": "37.50", "member": "4711"}


def _event():
    t = fx.swiss()
    players = []
    for p in t.players:
        extra = {**p.extra, "email": PRIVATE["email"], "phone": PRIVATE["phone"]}
        players.append(Player(**{**p.__dict__, "birth": "1987-04-23", "sex": "w", "national_id": PRIVATE["national_id"],
                                 "fide_id": f"4{p.pno:07d}", "club": "SK Ankara", "extra": extra,
                                 "member": 4711}))
    t = t.with_changes(players=tuple(players))
    t = set_entry_fee(t, "37.50", "EUR")
    t = set_fee_due(t, 1, "12.25")
    t = check_in(open_checkin(record_payment(t, 1, "37.50")), [1, 2])
    return t


def test_no_private_data_on_any_published_page():
    t = _event()
    pages = html_pages(t)
    assert not any(name.startswith(("checkin", "results-")) for name in pages), sorted(pages)
    for name, page in pages.items():
        for what, value in PRIVATE.items():
            assert value not in page, (name, what)
        assert "1987" not in page and "12.25" not in page and "12,25" not in page, name
        assert "[ ]" not in page and "__________" not in page, name  # no check-in boxes, no signature lines
        assert f">{_('Signature')}<" not in page and f">{_('Present')}<" not in page, name


def test_public_data_is_on_the_starting_list():
    t = _event()
    page = html_pages(t)["players.html"]
    for p in t.players:
        assert f'<a href="player-{p.pno}.html">' in page
        assert p.fide_id in page and str(p.rating) in page
    assert "SK Ankara" in page and "GER" in page


def test_standings_after_every_round_and_a_page_per_player():
    set_language("en")
    t = fx.swiss()
    pages = html_pages(t)
    rounds = t.current_round
    assert {f"standings-r{r}.html" for r in range(1, rounds)} <= set(pages)
    # after round 1 (hand check from the fixture's TRF: winners of round 1 have 1 point)
    first = pages["standings-r1.html"]
    assert _("Standings after round {round}").format(round=1) in first
    winners = {b.white if b.result.value in ("1-0", "+-") else b.black
               for b in t.round(1).boards if b.result and b.result.value in ("1-0", "0-1", "+-", "-+")}
    rows = re.findall(r'<tr><td class="r">[^<]*</td><td class="r m">(\d+)</td>.*?</tr>', first)
    assert {int(r) for r in rows[:len(winners)]} == winners
    for p in t.players:
        card = pages[f"player-{p.pno}.html"]
        assert p.name in card
        games = [b for r in t.rounds for b in r.boards if p.pno in (b.white, b.black)]
        for b in games:  # every opponent is named, and linked to the opponent's page
            other = b.black if b.white == p.pno else b.white
            assert f'<a href="player-{other}.html">' in card, (p.pno, other)
    standings = pages["index.html"]
    assert all(f'<a href="player-{p.pno}.html">' in standings for p in t.players)
    pairing = pages["pairings-r1.html"]
    for b in t.round(1).boards:
        assert f'<a href="player-{b.white}.html">' in pairing and f'<a href="player-{b.black}.html">' in pairing
