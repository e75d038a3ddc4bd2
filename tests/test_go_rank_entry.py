"""Go ranks: what is accepted on entry is readable everywhere, the declared rank is the rank,
the EGD's names are not cut in the wrong place (issue 29, organiser test).

Expected values: the EGD's grades 30k (its floor, GoR −900) to 9d; the rank a list entry
declares (its grade column), which ``hakem lists search`` shows; the EGD name field
``Surname Name`` with the words of a name joined by ``_``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.errors import TournamentError
from core.go.ranks import entry_rank, player_rank
from core.model import Player
from core.ratinglists.formats.egd import _name
from tests.ratinglist_builder import egd_line
from tests.test_ratinglists_registration import hakem

pytestmark = pytest.mark.slow  # real hakem processes


@pytest.mark.parametrize(("label", "rank"), [("30k", -9), ("1k", 20), ("1d", 21), ("9d", 29), ("5D", 25)])
def test_ranks_30k_to_9d_are_accepted(label: str, rank: int) -> None:
    # rank = 21 − kyu for kyu grades, 20 + dan for dan grades (the Gamma procedure's notation)
    assert entry_rank(label) == rank


@pytest.mark.parametrize(("label", "says"), [
    ("9p", "professional rank"), ("1p", "professional rank"), ("10p", "professional rank"),
    ("35k", "outside the Go ranks 30k–9d"), ("31k", "outside"), ("10d", "outside"), ("0k", "not a Go rank")])
def test_ranks_outside_30k_to_9d_are_refused(label: str, says: str) -> None:
    with pytest.raises(TournamentError, match=says):
        entry_rank(label)


def test_the_declared_rank_wins_over_the_ratings_rank() -> None:
    # Gamma truncates GoR 2060 to rank 20 (1k), the EGF rounds it to 21 (1d); declared 1d is 1d
    toth = Player(1, "Tóth, Dénes", extra={"go_rank": "1d", "go_rating": 2060})
    assert player_rank(toth, "gamma") == player_rank(toth, "mcmahon") == 21
    # without a declared rank the rating's rank of the event's system
    assert player_rank(Player(2, "B", extra={"go_rating": 2060}), "gamma") == 20
    assert player_rank(Player(2, "B", extra={"go_rating": 2060}), "mcmahon") == 21


@pytest.mark.parametrize("system, rank", [("gamma", "9p"), ("mcmahon", "10p"), ("gamma", "35k")])
def test_a_rank_refused_at_entry_leaves_every_command_working(tmp_path: Path, system: str, rank: str) -> None:
    data = tmp_path / "data"
    tid = hakem(data, "new", "Go p", "--system", system, "--rounds", "3").stdout.split()[-1]
    hakem(data, "players", "add", tid, "--name", "Kim, Ara", "--go-rank", "2k")
    refused = hakem(data, "players", "add", tid, "--name", "Lee, Sedol", "--go-rank", rank, check=False)
    assert refused.returncode == 3 and len(refused.stderr.strip().splitlines()) == 1
    assert repr(rank) in refused.stderr
    for command in (["players", "list", tid], ["go", "players", tid], ["standings", tid],
                    ["export", tid, "--egd", "-o", "-"]):
        hakem(data, *command)


def _egd(tmp_path: Path) -> Path:
    source = tmp_path / "allworld_lp.html"
    source.write_bytes(("\n".join([
        "European Go Database - all players (28 Nov 2026 09:00)",
        egd_line("13000001", "Kovacs", "Peter", "HU", "Bp", "1d", 2060),
        egd_line("13000002", "Schmidt", "Jana", "DE", "Ber", "5k", 1550),
        egd_line("13000003", "Smith", "John", "UK", "Lon", "3k", 1750),
    ]) + "\n").encode("iso-8859-15"))
    return source


@pytest.mark.parametrize("system", ["gamma", "mcmahon"])
def test_the_event_shows_the_grades_lists_search_shows(tmp_path: Path, system: str) -> None:
    """Before: in a Gamma event 1d/2060 → 1k, 5k/1550 → 6k, 3k/1750 → 4k (truncated GoR)."""
    data = tmp_path / "data"
    hakem(data, "lists", "import", _egd(tmp_path))
    searched = hakem(data, "lists", "search", "Kovacs").stdout
    assert " 1d " in searched
    tid = hakem(data, "new", "Go Cup", "--system", system, "--rounds", "4").stdout.split()[-1]
    for pin in ("13000001", "13000002", "13000003"):
        hakem(data, "players", "add", tid, "--egd-pin", pin)
    hakem(data, "players", "add", tid, "--name", "Tóth, Dénes", "--go-rank", "1d", "--go-rating", "2060")
    listed = {p["name"]: p["rank"] for p in json.loads(
        hakem(data, "players", "list", tid, "--format", "json").stdout)["players"]}
    assert listed == {"Kovacs, Peter": "1d", "Schmidt, Jana": "5k", "Smith, John": "3k", "Tóth, Dénes": "1d"}


@pytest.mark.parametrize(("field", "name"), [
    ("Kovacs Peter", "Kovacs, Peter"), ("De_Vries Sanne", "De Vries, Sanne"),
    ("Van_der_Berg Jan_Willem", "Van der Berg, Jan Willem"),
    ("Van der Berg Jan", "Van der Berg Jan"),  # no telling where the surname ends: kept whole
    ("Lee", "Lee")])
def test_egd_names_are_split_only_where_the_egd_says(field: str, name: str) -> None:
    assert _name(field.ljust(37)) == name
