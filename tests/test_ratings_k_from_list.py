"""FIDE's K as its list publishes it (SK, RK, BK) reaches the rating change: registered from
the list, updated from a newer one, and an index written before K was kept still reads."""

from __future__ import annotations

from pathlib import Path

from core.model import Board, GameResult, Round, Tournament
from core.changes.ratings import rating_update, register_entry
from core.ratinglists.entry import ENTRY_FIELDS, ListEntry
from core.ratinglists.index import _entry, _record
from core.ratinglists.library import import_list, open_list
from core.ratings.changes import rating_changes
from tests.ratinglist_builder import fide_txt, zipped

PLAYERS = [dict(ID="34100001", Name="Junior, Ada", Fed="TUR", Sex="F", SRtng=1900, SK=40, RRtng=1800, Rk=20,
                B_day=2012),
           dict(ID="34100002", Name="Senior, Bob", Fed="TUR", Sex="M", SRtng=2000, SK=20, B_day=1980)]


def _field(tmp_path: Path, kind: str = "standard") -> Tournament:
    data = tmp_path / "data"
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = import_list(data, str(zipped(tmp_path / "players_list.zip", "players_list_foa.txt", fide_txt(PLAYERS))))
    t = Tournament("k", "K", start_date="2026-11-01", options={"rating_kind": kind} if kind != "standard" else {})
    with open_list(data, "fide") as index:
        for fide_id in ("34100001", "34100002"):
            entry = index.by_id(fide_id)
            assert entry is not None
            t = register_entry(t, entry, info)
    return t


def test_registered_players_carry_the_published_k_of_the_events_kind(tmp_path: Path) -> None:
    t = _field(tmp_path)
    assert {p.name: p.extra.get("fide_k") for p in t.players} == {"Junior, Ada": 40, "Senior, Bob": 20}
    rapid = _field(tmp_path / "r", "rapid")
    # Bob has no rapid rating: registered with his standard one (rapid 7.2.1) and no rapid K
    assert {p.name: p.extra.get("fide_k") for p in rapid.players} == {"Junior, Ada": 20, "Senior, Bob": None}


def test_the_published_k_decides_the_change(tmp_path: Path) -> None:
    t = _field(tmp_path)
    ada = next(p.pno for p in t.players if p.name == "Junior, Ada")
    bob = next(p.pno for p in t.players if p.name == "Senior, Bob")
    t = t.with_changes(rounds=(Round(1, (Board(ada, bob, GameResult.WHITE_WINS),)),))
    rows = {r.pno: r for r in rating_changes(t)}
    # D = 100: Ada (1900) PD 0.36; K 40 published → 40 × 0.64 = 25.6; Bob K 20: 20 × −0.64 = −12.8
    assert (rows[ada].k, rows[ada].k_reason, float(rows[ada].change)) == (40, "published", 25.6)
    assert (rows[bob].k, float(rows[bob].change)) == (20, -12.8)


def test_a_newer_list_updates_the_k(tmp_path: Path) -> None:
    t = _field(tmp_path)
    newer = [dict(PLAYERS[0], SK=20, SRtng=2310), PLAYERS[1]]   # Ada passed 2300: K 20 now
    data = tmp_path / "data"
    import_list(data, str(zipped(tmp_path / "new.zip", "players_list_foa.txt", fide_txt(newer))), name="fide")
    with open_list(data, "fide") as index:
        update = rating_update(t, index)
    assert {p.name: p.extra.get("fide_k") for p in update.tournament.players} == {"Junior, Ada": 20, "Senior, Bob": 20}


def test_an_index_line_written_before_k_was_kept_reads_with_k_0() -> None:
    entry = ListEntry(name="Old, Entry", fide_id="1", standard=2100, standard_k=20)
    key, *values = _record(entry).decode("utf-8").rstrip("\n").split("\t")
    old = [v for field, v in zip(ENTRY_FIELDS, values, strict=True) if not field.endswith("_k")]
    read = _entry(("\t".join([key, *old]) + "\n").encode("utf-8"))
    assert (read.name, read.standard, read.standard_k) == ("Old, Entry", 2100, 0)
