"""OpenGotha's clubs groups (3.51: ``Tournament.costValue``, ``playersAreInCommonGroup``), by hand.

OpenGotha's club ratio of a pair is 0 for club mates, c/2/R for two clubs of one clubs group
and 1.2·c/R for unrelated clubs (c the club factor, 3 by default; R the number of score
groups); the geography value is W − W·(1 − g)(1 + g/2) with g the larger ratio + half the
smaller + 0.5/R when not 0, W = 10^11.  So a pair from one clubs group is worth less than a
pair from unrelated clubs, and more than club mates.
"""

from __future__ import annotations

import pytest

from core.errors import TournamentError
from core.go.mcmahon_options import club_groups_text, mcmahon_options, parse_club_groups
from core.model import Player, Tournament
from core.pairing.registry import get_system

GROUPS = "Île-de-France: Paris, Versailles; Brandenburg: Berlin, Potsdam"


def event(**go) -> Tournament:
    """Four 5k players of one country, one score group; seeding by split-and-slip from round 1
    (no first seeding system), so the order inside the group is the name: Aa (Paris) 0, Bb
    (Berlin) 1, Cc (Versailles) 2, Dd (Potsdam) 3."""
    clubs = {"Aa": "Paris", "Bb": "Berlin", "Cc": "Versailles", "Dd": "Potsdam"}
    players = tuple(Player(pno=i, name=f"{n}, X", club=c, extra={"go_rank": "5k", "country": "FR"})
                    for i, (n, c) in enumerate(clubs.items(), start=1))
    return Tournament(id="cg", name="Clubs groups", system="mcmahon", total_rounds=3, players=players,
                      options={"go": {"early_rounds": "0", "seeding": "slip", **go}})


def pairs(t: Tournament) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in get_system("mcmahon").pair(t).boards}


def test_clubs_of_one_group_are_kept_apart_like_club_mates_are_less():
    # Without groups every pair is of unrelated clubs (equal geography); split-and-slip pairs
    # places 0–2 and 1–3: Aa–Cc (Paris–Versailles), Bb–Dd (Berlin–Potsdam).
    assert pairs(event()) == {frozenset((1, 3)), frozenset((2, 4))}
    # With the groups those two pairs are of one group each (R = 27, below): a grouped pair's
    # geography is worth ≈ 4.0·10^9, an unrelated pair's ≈ 8.7·10^9 — far more than the
    # seeding's quarter of 5·10^6 a board that slip loses: the unrelated pairs win.
    got = pairs(event(club_groups=GROUPS))
    assert frozenset((1, 3)) not in got and frozenset((2, 4)) not in got


def test_the_geography_values_by_hand():
    from core.go.mms import scores
    from core.pairing.mcmahon.engine import _geo, seats

    t = event(club_groups=GROUPS)
    opts = mcmahon_options(t)
    seat = seats(t, [1, 2, 3, 4], scores(t, 0), opts, dict.fromkeys((1, 2, 3, 4), "fr"), 1)
    r = 27  # round 1's score groups: floor 20k (MMS 10) − 1 = 9 up to bar 4d (MMS 33) + 2 = 35
    grouped = 3 / 2 / r + 0.5 / r          # Paris–Versailles: g = 1.5/27 + 0.5/27 = 2/27
    unrelated = 3 * 1.2 / r + 0.5 / r      # Paris–Berlin: g = 3.6/27 + 0.5/27 = 4.1/27
    w = 10 ** 11

    def value(g: float) -> int:
        return w - int(w * (1 - g) * (1 + 0.5 * g))

    assert _geo(seat[1], seat[3], opts, r, 1) == value(grouped)
    assert _geo(seat[1], seat[2], opts, r, 1) == value(unrelated)
    assert value(grouped) < value(unrelated)


def test_typed_groups_are_read_and_written_back_and_bad_ones_refused():
    assert parse_club_groups(GROUPS) == (("Île-de-France", ("Paris", "Versailles")),
                                         ("Brandenburg", ("Berlin", "Potsdam")))
    assert parse_club_groups("Paris, Versailles") == (("Paris", ("Paris", "Versailles")),)  # named after its first club
    assert club_groups_text(parse_club_groups(GROUPS)) == GROUPS
    assert mcmahon_options(event(club_groups=GROUPS)).club_group_ids("  paris ") == frozenset({0})
    with pytest.raises(TournamentError, match="club groups"):
        mcmahon_options(event(club_groups="Paris"))  # a group of one club


def test_opengothas_file_carries_the_clubs_groups_both_ways():
    """OpenGotha writes ``<ClubsGroups><ClubsGroup name=…><Club name=…/>…`` after the
    parameters (``ExternalDocument.generateXMLClubsGroupsElement``) and reads every
    ``ClubsGroup`` back with its ``Club`` children."""
    from core.go.opengotha_xml import read_opengotha
    from core.gorender.opengotha_xml_export import opengotha_xml_export

    text = opengotha_xml_export(event(club_groups=GROUPS))
    assert ('<ClubsGroups>\n<ClubsGroup name="Île-de-France">\n<Club name="Paris" />\n<Club name="Versailles" />\n'
            '</ClubsGroup>\n<ClubsGroup name="Brandenburg">') in text
    assert text.index("</TournamentParameterSet>") < text.index("<ClubsGroups>")
    back, _warnings = read_opengotha(text, "cg.xml")
    assert mcmahon_options(back).club_groups == parse_club_groups(GROUPS)
    assert "<ClubsGroups>" not in opengotha_xml_export(event())  # none: no element, as OpenGotha
