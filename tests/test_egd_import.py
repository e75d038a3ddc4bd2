"""Players from the European Go Database's list, every field mapped (issue 29, item 6).

The EGD writes countries in two letters (ISO 3166-1 alpha-2, and ``UK`` for the British Go
Association's players); hakem stores three (FIDE's code where FIDE has the country, else
ISO 3166-1 alpha-3: ``core/go/countries.txt``).  Its GoR is negative below about 21k and is
kept so; the rank a GoR stands for follows the EGF rating system.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input

from core.fields import FieldError, federation
from core.go.countries import three_to_two, two_to_three
from core.go.ranks import egf_rank, rank_label
from core.model import Player, Tournament
from core.ratinglists.entry import ListEntry
from core.ratinglists.library import import_list, open_list
from tests.ratinglist_builder import egd_line
from tests.test_ratinglists_registration import hakem, players

# The codes of the EGD's member and frequent guest countries, and the three letters expected:
# FIDE's federation code (core/fide_federations.txt) where FIDE has the country — Germany
# GER, the Netherlands NED, Switzerland SUI, Croatia CRO, Slovenia SLO, Denmark DEN,
# Bulgaria BUL, Portugal POR, Greece GRE, Latvia LAT, Chinese Taipei TPE, Kosovo KOS — else
# ISO 3166-1 alpha-3; the EGD's UK is the United Kingdom, GBR.
EGD_CODES = {
    "AT": "AUT", "BE": "BEL", "BG": "BUL", "BY": "BLR", "CH": "SUI", "CZ": "CZE", "DE": "GER", "DK": "DEN",
    "EE": "EST", "ES": "ESP", "FI": "FIN", "FR": "FRA", "GR": "GRE", "HR": "CRO", "HU": "HUN", "IE": "IRL",
    "IL": "ISR", "IS": "ISL", "IT": "ITA", "LT": "LTU", "LU": "LUX", "LV": "LAT", "MD": "MDA", "MK": "MKD",
    "NL": "NED", "NO": "NOR", "PL": "POL", "PT": "POR", "RO": "ROU", "RS": "SRB", "RU": "RUS", "SE": "SWE",
    "SI": "SLO", "SK": "SVK", "TR": "TUR", "UA": "UKR", "UK": "GBR", "AM": "ARM", "AZ": "AZE", "GE": "GEO",
    "KZ": "KAZ", "BA": "BIH", "CY": "CYP", "MT": "MLT", "ME": "MNE", "AD": "AND", "XK": "KOS",
    "CN": "CHN", "JP": "JPN", "KR": "KOR", "TW": "TPE", "HK": "HKG", "SG": "SGP", "US": "USA", "CA": "CAN",
    "AU": "AUS", "NZ": "NZL", "BR": "BRA", "AR": "ARG", "MX": "MEX", "ZA": "RSA",
}


def test_the_country_table_maps_the_egd_codes_and_back() -> None:
    table = two_to_three()
    assert {code: table.get(code) for code in EGD_CODES} == EGD_CODES
    assert all(len(two) == 2 and len(three) == 3 and three.isupper() for two, three in table.items())
    assert len(set(table.values())) == len(table) - 1  # GB and UK are both the United Kingdom
    # the EGD's files get its own two letters back; England, Scotland, Wales are the EGD's UK
    assert all(three_to_two()[three] == two for two, three in EGD_CODES.items())
    assert {three_to_two()[c] for c in ("ENG", "SCO", "WLS", "GBR")} == {"UK"}


def test_go_countries_accept_the_egds_two_letters_and_store_three() -> None:
    assert federation("hu", go=True) == "HUN" and federation("UK", go=True) == "GBR"
    assert federation("NED", go=True) == "NED"
    with pytest.raises(FieldError, match="'QQ' is not a country code"):
        federation("QQ", go=True)
    with pytest.raises(FieldError, match="three-letter code"):
        federation("HU", go=False)  # a chess event: FIDE's codes only


@pytest.mark.parametrize(("gor", "rank"), [
    (2060, "1d"), (2100, "1d"), (2050, "1d"), (2149, "1d"), (2150, "2d"), (2049, "1k"), (1950, "1k"),
    (1949, "2k"), (2510, "5d"), (2550, "6d"), (640, "15k"), (-350, "24k"), (-900, "30k"), (-851, "30k"),
    (-850, "29k")])
def test_rank_of_a_gor_as_the_egf_counts_it(gor: int, rank: str) -> None:
    # EGF rating system: GoR 2100 is 1 dan, 100 points a grade, and each grade is centred on
    # its hundred ("2050 to 2150 is the first dan", the EGF's recommendation the EGD's lists
    # are read with; OpenGotha derives the rank from the rating the same way).  The EGD's own
    # grade column is the grade the player declared: it is kept as go_rank, not derived.
    assert rank_label(egf_rank(gor)) == rank


def _egd_list(tmp_path: Path) -> Path:
    text = "\n".join([
        "European Go Database - all players (28 Nov 2026 09:00)",
        egd_line("13000001", "Kovacs", "Peter", "HU", "Bp", "1d", 2060),
        egd_line("13000002", "Schmidt", "Jana", "DE", "Ber", "3k", 1790),
        egd_line("13000003", "Smith", "John", "UK", "Lon", "5k", 1620),
        egd_line("13000004", "De_Vries", "Sanne", "NL", "Utr", "2d", 2190),
        egd_line("13000005", "Novak", "Tomas", "CZ", "Brn", "30k", -350),
    ]) + "\n"
    source = tmp_path / "allworld_lp.html"
    source.write_bytes(text.encode("iso-8859-15"))
    return source


def test_negative_gor_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    import_list(data, str(_egd_list(tmp_path)))
    with open_list(data, "egd") as index:
        assert index.by_id("13000005", "egd_pin") == ListEntry(
            name="Novak, Tomas", federation="CZE", club="Brn", go_rank="30k", go_rating=-350, egd_pin="13000005")


def test_every_player_of_an_egd_list_registers_by_pin(tmp_path: Path) -> None:
    data = tmp_path / "data"
    hakem(data, "lists", "import", _egd_list(tmp_path))
    tid = hakem(data, "new", "Go Cup", "--system", "mcmahon", "--rounds", "4").stdout.split()[-1]
    for pin in ("13000001", "13000002", "13000003", "13000004", "13000005"):
        hakem(data, "players", "add", tid, "--egd-pin", pin)
    listed = {p["name"]: (p["federation"], p["rank"]) for p in players(data, tid)}
    # the rank is the EGD's grade column, the player's declared grade (as OpenGotha takes it
    # from the EGD): Kovacs 1d (his GoR 2060 is 1d as the EGF rounds too, 1k if truncated);
    # Novak 30k although his GoR -350 stands for 24k — the declared grade wins over a derived one
    assert listed == {"Kovacs, Peter": ("HUN", "1d"), "Schmidt, Jana": ("GER", "3k"),
                      "Smith, John": ("GBR", "5k"), "De Vries, Sanne": ("NED", "2d"),
                      "Novak, Tomas": ("CZE", "30k")}
    from core.store import Store

    t = Store(data).load(tid).tournament
    novak = next(p for p in t.players if p.name == "Novak, Tomas")
    assert novak.extra == {"go_rank": "30k", "go_rating": -350, "egd_pin": "13000005"}
    # and the EGD's own file (Pl Name First Rk Co ...) gets the EGD's codes back
    h9 = hakem(data, "export", tid, "--egd", "-o", "-").stdout
    countries = {line.split()[4] for line in h9.splitlines() if line and not line.startswith(";")}
    assert {"HU", "DE", "UK", "NL", "CZ"} <= countries


def test_an_egd_pin_with_a_typed_name_registers_the_pins_player(tmp_path: Path) -> None:
    data = tmp_path / "data"
    hakem(data, "lists", "import", _egd_list(tmp_path))
    tid = hakem(data, "new", "Go Cup", "--system", "mcmahon", "--rounds", "4").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--egd-pin", "13000002", "--name", "Schmidt, Jana Maria")
    from core.store import Store

    [jana] = Store(data).load(tid).tournament.players
    assert (jana.name, jana.federation, jana.club) == ("Schmidt, Jana Maria", "GER", "Ber")
    assert jana.extra == {"go_rank": "3k", "go_rating": 1790, "egd_pin": "13000002"}
    wrong = hakem(data, "players", "add", tid, "--egd-pin", "99999999", "--name", "Nobody, N", check=False)
    assert wrong.returncode == 3 and "EGD pin 99999999 is not in rating list 'egd'" in wrong.stderr
    assert len(json.loads(hakem(data, "players", "list", tid, "--format", "json").stdout)["players"]) == 1


@pytest.mark.usefixtures("quiet_tui")
async def test_the_tuis_country_field_takes_the_egds_two_letters(tmp_path: Path) -> None:
    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, type_text, wait_for

    data = tmp_path / "data"
    event = Tournament(id="go", name="Go evening", system="mcmahon", total_rounds=3,
                       players=(Player(pno=1, name="First, F", extra={"go_rank": "2k"}),))
    [tid] = store_with(data, event)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#p-name"))
        screen, session = app.screen, app.screen.session
        screen.query_one("#p-name", Input).focus()
        await type_text(pilot, "Kovacs, Peter")
        screen.query_one("#p-rank", Input).value = "1d"
        screen.query_one("#p-federation", Input).value = "hu"
        screen.query_one("#p-name", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(session.tournament.players) == 2)
        peter = next(p for p in session.tournament.players if p.name == "Kovacs, Peter")
        assert peter.federation == "HUN"


def test_the_go_form_counts_ranks_as_the_event_does() -> None:
    from core.go.player_fields import go_player_fields

    typed = {"rating": "2060", "rank": "1d", "egd_pin": "13000001"}
    # McMahon (EGF): GoR 2060 is 1d — the EGD's 1d is accepted as he is listed
    assert go_player_fields(typed, system="mcmahon") == {
        "rating": 2060, "extra": {"go_rank": "1d", "egd_pin": "13000001"}}
    # Gamma (the Gamma procedure: rating ÷ 100, truncated): 2060 is 1k; the EGD's 1d is kept as declared
    # (the registration warns, as ``players add --go-rank 1d --go-rating 2060`` does)
    assert go_player_fields(typed, system="gamma") == {
        "rating": 2060, "extra": {"go_rank": "1d", "egd_pin": "13000001"}}
    # a rank alone: the middle of its range — 2100 for the EGF's 1d (2050–2149), 2150 in Gamma
    assert go_player_fields({"rank": "1d"}, system="mcmahon")["rating"] == 2100
    assert go_player_fields({"rank": "1d"}, system="gamma")["rating"] == 2150


def test_a_newer_egd_list_updates_each_players_own_gor(tmp_path: Path) -> None:
    data = tmp_path / "data"
    hakem(data, "lists", "import", _egd_list(tmp_path))
    tid = hakem(data, "new", "Go Cup", "--system", "mcmahon", "--rounds", "4").stdout.split()[-1]
    for pin in ("13000001", "13000002", "13000005"):
        hakem(data, "players", "add", tid, "--egd-pin", pin)
    newer = tmp_path / "newer"
    newer.mkdir()
    (newer / "allworld_lp.html").write_bytes("\n".join([
        "European Go Database - all players (28 Dec 2026 09:00)",
        egd_line("13000005", "Novak", "Tomas", "CZ", "Brn", "20k", 210),    # -350 → 210: 19k
        egd_line("13000002", "Schmidt", "Jana", "DE", "Ber", "1d", 2080),   # 1790 → 2080: first now
        egd_line("13000001", "Kovacs", "Peter", "HU", "Bp", "1d", 1990),    # 2060 → 1990: 1k
    ]).encode("iso-8859-15") + b"\n")
    hakem(data, "lists", "import", newer / "allworld_lp.html")
    out = hakem(data, "players", "update-ratings", tid).stdout
    listed = {p["name"]: (p["pno"], p["rank"]) for p in players(data, tid)}
    # the ranks are the newer list's grades (declared, as the list search shows them): Kovacs
    # stays 1d at GoR 1990, Novak is 20k at 210; the GoR orders the field
    assert listed == {"Schmidt, Jana": (1, "1d"), "Kovacs, Peter": (2, "1d"), "Novak, Tomas": (3, "20k")}
    assert {"    1 →   2  Kovacs, Peter", "    2 →   1  Schmidt, Jana"} <= set(out.splitlines())
    from core.store import Store

    t = Store(data).load(tid).tournament
    assert {p.name: (p.extra["go_rating"], p.extra["go_rank"]) for p in t.players} == {
        "Schmidt, Jana": (2080, "1d"), "Kovacs, Peter": (1990, "1d"), "Novak, Tomas": (210, "20k")}
