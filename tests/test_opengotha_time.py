"""The event's clock in OpenGotha's XML file, both ways (review rev32b items 1, 2 and 14).

OpenGotha's ``GeneralParameterSet`` (its writer ``ExternalDocument.generateXMLFile``, reader
``importTournamentFromXMLFile``): ``basicTime`` in minutes, ``complementaryTimeSystem``
``SUDDENDEATH``/``STDBYOYOMI``/``CANBYOYOMI``/``FISCHER``, ``stdByoYomiTime`` (seconds of a
period), ``canByoYomiTime`` (seconds for ``nbMovesCanTime`` stones), ``fischerTime`` (seconds a
move), ``bInternet``.  OpenGotha's ``egfAdjustedTime`` is, in seconds, bt (sudden death),
bt + 45·std, bt + 60·can/moves, bt + 120·fischer; its ``egfClass`` A needs bt ≥ 3600 and
at ≥ 4500, B bt ≥ 2400 and at ≥ 3000, C bt ≥ 1500 and at ≥ 1800 (Fischer: 2700/1200/… for A/C).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest

from core.go.opengotha_xml import read_opengotha
from core.go.timing import parse
from core.gorender.mcmahon_export import mcmahon_h9_export
from core.gorender.opengotha_xml_export import opengotha_xml_export
from core.model import Player, Tournament
from tests.test_opengotha_xml import FILE

TIME = ("basicTime", "complementaryTimeSystem", "stdByoYomiTime", "canByoYomiTime", "nbMovesCanTime",
        "fischerTime")


def _event(time_control: str) -> Tournament:
    players = tuple(Player(pno=n, name=f"P{n}, A", extra={"go_rank": "5k"}) for n in (1, 2))
    return Tournament(id="t", name="Cup", system="mcmahon", total_rounds=3, time_control=time_control,
                      start_date="2026-12-05", players=players, tiebreaks=("MMS", "SOS", "SOSOS"))


def _general(text: str) -> dict[str, str]:
    root = ElementTree.fromstring(text.split("\n", 1)[1])
    element = root.find("TournamentParameterSet/GeneralParameterSet")
    assert element is not None
    return dict(element.attrib)


@pytest.mark.parametrize("clock, written, adjusted_seconds", [
    # 50 min + Canadian 5 min / 20 stones: 3000 + 60·300/20 = 3900 s (65 min, class B)
    ("50+5/20", {"basicTime": "50", "complementaryTimeSystem": "CANBYOYOMI", "canByoYomiTime": "300",
                 "nbMovesCanTime": "20"}, 3900),
    ("50+15/300", {"basicTime": "50", "complementaryTimeSystem": "CANBYOYOMI", "canByoYomiTime": "900",
                   "nbMovesCanTime": "300"}, 3180),
    # Fischer 45 min + 15 s: 2700 + 120·15 = 4500 s
    ("45+15s", {"basicTime": "45", "complementaryTimeSystem": "FISCHER", "fischerTime": "15"}, 4500),
    ("90", {"basicTime": "90", "complementaryTimeSystem": "SUDDENDEATH"}, 5400),
    # standard byo-yomi 60 min + 5 × 30 s: 3600 + 45·30 = 4950 s
    ("60+5x30s", {"basicTime": "60", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "30"}, 4950),
    ("45+3x20s", {"basicTime": "45", "complementaryTimeSystem": "STDBYOYOMI", "stdByoYomiTime": "20"}, 3600),
])
def test_the_event_clock_is_written(clock, written, adjusted_seconds):
    general = _general(opengotha_xml_export(_event(clock)))
    assert {k: general[k] for k in written} == written
    # OpenGotha's adjusted time from what was written is the EGF's (our parse) for the same clock
    bt = int(general["basicTime"]) * 60
    at = {"SUDDENDEATH": bt, "STDBYOYOMI": bt + 45 * int(general["stdByoYomiTime"]),
          "CANBYOYOMI": bt + 60 * int(general["canByoYomiTime"]) // int(general["nbMovesCanTime"]),
          "FISCHER": bt + 120 * int(general["fischerTime"])}[general["complementaryTimeSystem"]]
    parsed = parse(clock)
    assert parsed is not None
    assert at == adjusted_seconds == int(parsed[2] * 60)


@pytest.mark.parametrize("clock, read_as, cl, tm, cm", [
    ("50+5/20", "50+5/20", "B", "65", "Canadian byo-yomi"),
    ("45+15s", "45+15s", "A", "75", "Fischer"),
    ("90", "90", "A", "90", "Sudden death"),
    ("60+5x30s", "60+1x30s", "A", "82", "Standard byo-yomi"),  # OpenGotha keeps no number of periods
])
def test_an_xml_file_gives_the_clock_back(clock, read_as, cl, tm, cm):
    """hakem's file read again, and the h9 written from it: ``CL``, ``TM`` (whole minutes) and
    ``CM`` as OpenGotha computes them from the same settings."""
    t, warnings = read_opengotha(opengotha_xml_export(_event(clock)), "cup.xml")
    assert t.time_control == read_as
    assert (len(warnings) == 1 and "number of periods" in warnings[0]) if "x" in clock else warnings == []
    h9 = mcmahon_h9_export(t)
    assert [f"; CL[{cl}]", f"; TM[{tm}]", f"; CM[{cm}]"] == [
        line for line in h9.splitlines() if line[:5] in ("; CL[", "; TM[", "; CM[")]


def test_a_hand_edited_canadian_file_and_an_internet_event():
    text = FILE.replace('complementaryTimeSystem="STDBYOYOMI"', 'complementaryTimeSystem="CANBYOYOMI"')
    text = text.replace('canByoYomiTime="300"', 'canByoYomiTime="600"').replace('nbMovesCanTime="15"',
                                                                                'nbMovesCanTime="25"')
    t, warnings = read_opengotha(text, "leiden.xml")
    assert (t.time_control, warnings) == ("60+10/25", [])
    t, _ = read_opengotha(text.replace('bInternet="false"', 'bInternet="true"'), "leiden.xml")
    assert t.options["go"]["egd_class"] == "D"
    assert _general(opengotha_xml_export(t))["bInternet"] == "true"


@pytest.mark.parametrize("clock", ["60+3x0s", "60+0x30s", "60+0/20", "45+0s"])
def test_an_overtime_of_nothing_is_no_go_clock(clock):
    assert parse(clock) is None
