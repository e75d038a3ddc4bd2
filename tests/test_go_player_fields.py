"""The Go fields of the registration forms (fast entry and the edit dialog): rating, rank and
EGD pin, kept in agreement by the Gamma procedure's rule rank = rating ÷ 100 truncated (its words:
"Рангом считается рейтинг, деленный на 100 и усеченный до целого"; 21 and above is dan:
rank 23 = 3d, 18 = 3k)."""

from __future__ import annotations

import pytest

from core.errors import TournamentError
from core.go.player_fields import form_values, go_player_fields
from core.model import Player


def fields(rating="", rank="", pin="", player=None):
    return go_player_fields({"rating": rating, "rank": rank, "egd_pin": pin}, player)


def test_new_player_rank_only_gets_the_middle_of_its_hundred():
    """3d = rank 23 → rating 2350 (2300–2399 all give 3d)."""
    assert fields(rank="3D", pin="10453283") == {"rating": 2350, "extra": {"go_rank": "3d", "egd_pin": "10453283"}}


def test_new_player_rating_only_stores_the_rank_it_gives():
    assert fields(rating="1850") == {"rating": 1850, "extra": {"go_rank": "3k"}}


def test_rating_and_rank_that_disagree_are_kept_as_typed():
    """1850 is rank 18 = 3k, not 2k (1900–1999): both are stored as typed, as ``players add
    --go-rank 2k --go-rating 1850`` stores them; the registration warns (the declared rank is
    the one used)."""
    assert fields(rating="1850", rank="2k") == {"rating": 1850, "extra": {"go_rank": "2k"}}


@pytest.mark.parametrize("pin, rating, rank, message", [
    ("12a", "", "", "EGD pin is a number"), ("", "18.5", "", "whole number"),
    ("", "", "3x", "not a Go rank")])
def test_bad_texts_are_refused(pin, rating, rank, message):
    with pytest.raises(TournamentError, match=message):
        fields(rating=rating, rank=rank, pin=pin)


ANN = Player(pno=4, name="Ann", rating=1850, extra={"go_rank": "3k", "note": "kept"})


def test_the_edit_dialog_shows_rating_rank_and_pin():
    assert form_values(ANN) == {"rating": "1850", "rank": "3k", "egd_pin": ""}
    assert form_values(Player(pno=1, name="X", extra={"go_rank": "5k", "egd_pin": "123"})) == {
        "rating": "", "rank": "5k", "egd_pin": "123"}


def test_editing_the_rank_moves_the_rating_with_it():
    """The rating 1850 belonged to the old rank 3k; the new rank 1d (rank 21) gives 2150."""
    assert fields(rating="1850", rank="1d", pin="7", player=ANN) == {
        "rating": 2150, "extra": {"go_rank": "1d", "note": "kept", "egd_pin": "7"}}


@pytest.mark.parametrize("rating, old, new", [("2380", "4d", "5d"), ("1040", "3d", "2d")])
def test_editing_the_rank_keeps_a_real_go_rating(rating, old, new):
    """A GoR that is not the middle of the old rank's hundred (4d's is 2400 in a McMahon event,
    where EGF ranks are centred on the hundred) is a real rating: a new rank leaves it, and is
    the one used (the registration warns that they disagree)."""
    p = Player(pno=2, name="Kovacs, Ivan", extra={"go_rank": old, "go_rating": int(rating), "egd_pin": "1"})
    out = go_player_fields({"rating": rating, "rank": new, "egd_pin": "1"}, p, "mcmahon")
    assert out == {"extra": {"go_rank": new, "go_rating": int(rating), "egd_pin": "1"}}


def test_editing_the_rating_keeps_a_declared_rank():
    """The declared rank drives the McMahon score: a GoR edit of Ann (declared 3k) leaves her 3k
    though 2010 is 1k by the truncation (the registration warns that they disagree); a 2d with
    GoR 2240 edited to 1900 stays 2d."""
    assert fields(rating="2010", rank="3k", player=ANN) == {"rating": 2010, "extra": {"go_rank": "3k", "note": "kept"}}
    weber = Player(pno=5, name="Weber, Jan", extra={"go_rank": "2d", "go_rating": 2240})
    assert go_player_fields({"rating": "1900", "rank": "2d", "egd_pin": ""}, weber, "mcmahon") == {
        "extra": {"go_rank": "2d", "go_rating": 1900}}


def test_editing_the_rating_of_a_player_without_declared_rank_moves_the_rank():
    """No rank declared: the rank shown is the rating's (2150 → 2d in a McMahon event, the EGF's
    nearest hundred), so a new rating gives its own rank."""
    p = Player(pno=3, name="Li, Wei", extra={"go_rating": 1850})
    assert form_values(p, "mcmahon")["rank"] == "2k"
    assert go_player_fields({"rating": "2150", "rank": "2k", "egd_pin": ""}, p, "mcmahon") == {
        "extra": {"go_rank": "2d", "go_rating": 2150}}


def test_editing_both_to_different_ranks_keeps_both():
    """2010 is rank 20 = 1k by the Gamma procedure's truncation; the rank typed with it, 1d, is kept."""
    assert fields(rating="2010", rank="1d", player=ANN) == {"rating": 2010, "extra": {"go_rank": "1d", "note": "kept"}}


def test_a_declared_rank_without_rating_stays_so():
    """Saving a rank-only player unchanged changes nothing; a new rank stays declared."""
    p = Player(pno=1, name="X", extra={"go_rank": "5k"})
    assert fields(rank="5k", player=p) == {"rating": 0, "extra": {"go_rank": "5k"}}
    assert fields(rank="4k", player=p) == {"rating": 0, "extra": {"go_rank": "4k"}}


def test_clearing_the_pin_removes_it():
    pinned = Player(pno=4, name="Ann", rating=1850, extra={"go_rank": "3k", "egd_pin": "99"})
    assert fields(rating="1850", rank="3k", pin="", player=pinned)["extra"] == {"go_rank": "3k"}


def test_a_separate_go_rating_is_edited_where_it_is_kept():
    """``players add --go-rating`` keeps the Go rating in ``extra`` apart from a chess rating."""
    p = Player(pno=2, name="Bo", rating=1500, extra={"go_rating": 2247})
    assert form_values(p)["rating"] == "2247"
    # 2247 is a real GoR (not 2k's form middle 2250): a new rank leaves it
    assert fields(rating="2247", rank="1d", player=p) == {"extra": {"go_rating": 2247, "go_rank": "1d"}}
    assert fields(rating="2250", rank="1d", player=p) == {"extra": {"go_rating": 2250, "go_rank": "1d"}}


def test_an_edit_of_other_fields_keeps_a_declared_rank_and_its_rating():
    """A Gamma 1d with GoR 2060 (the Gamma procedure's truncation: 1k) shows as 1d, and saving the dialog
    with only the pin changed stores him as he was — the rank was moved to 1k before."""
    p = Player(pno=1, name="Kovacs, Peter", rating=2060, extra={"go_rank": "1d"})
    assert form_values(p) == {"rating": "2060", "rank": "1d", "egd_pin": ""}
    assert fields(rating="2060", rank="1d", pin="13000001", player=p) == {
        "rating": 2060, "extra": {"go_rank": "1d", "egd_pin": "13000001"}}

