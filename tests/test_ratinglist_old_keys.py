"""A rating list imported before the spelling keys finds by them without a new import (issue 34,
fresh-eyes review): the aliases that let ``мюллер`` find *Müller*, ``ivanov`` and ``iwanow``
*Иванов* were only written by an import, so a list imported the month before found nothing by
those spellings until the next month's list came.

The old index files are built by hand here, byte by byte, in the two layouts hakem wrote before
the version mark: the first (a names and an ids section, no K columns: 17 fields an entry) and
the first aliases (lines copied whole under each other spelling, no ``keys`` in the header).
The names-section keys are the old fold written by hand (lower case, marks dropped, the comma a
space): ``Müller, Hans`` → ``muller hans``, ``Ёлкин, Пётр`` → ``елкин петр`` (ё without its
dots), ``Иванов, Иван`` → ``иванов иван``; bytewise the Latin key sorts first, then е (D0 B5)
before и (D0 B8).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from core.ratinglists.index import HEADER_SIZE, KEYS, MAGIC
from core.ratinglists.library import open_list

OLD_FIELDS = 17
"""name, fide_id, national_id, federation, sex, title, women_title, birth_year, standard, rapid,
blitz, national_rating, club, inactive, go_rank, go_rating, egd_pin (before the K columns)."""

ENTRIES = [  # (old key, fields), in bytewise key order
    ("muller hans", ["Müller, Hans", "4100018", "", "GER", "M", "", "", "1960", "2100"] + [""] * 8),
    ("елкин петр", ["Ёлкин, Пётр", "", "24126", "RUS", "M", "", "", "1990", "", "", "", "1850"] + [""] * 5),
    ("иванов иван", ["Иванов, Иван", "", "24125", "RUS", "M", "", "", "1985", "", "", "", "2010"] + [""] * 5),
]


def _old_index(path: Path, with_copied_aliases: bool) -> None:
    """An index as hakem wrote it before the ``keys`` mark (see the module's docstring)."""
    assert all(len(fields) == OLD_FIELDS for _key, fields in ENTRIES)
    names = [(key + "\t" + "\t".join(fields) + "\n").encode() for key, fields in ENTRIES]
    offsets, at = [], HEADER_SIZE
    for line in names:
        offsets.append(at)
        at += len(line)
    ids = sorted([f"F4100018\t{offsets[0]}\n".encode(), f"N24126\t{offsets[1]}\n".encode(),
                  f"N24125\t{offsets[2]}\n".encode()])
    names_end = at
    ids_end = names_end + sum(len(line) for line in ids)
    aliases = []
    if with_copied_aliases:  # the first aliases: the entry's fields copied under the other key
        aliases = sorted([("ivanov ivan\t" + "\t".join(ENTRIES[2][1]) + "\n").encode(),
                          ("elkin petr\t" + "\t".join(ENTRIES[1][1]) + "\n").encode()])
    end = ids_end + sum(len(line) for line in aliases)
    header = {"name": "klub", "format": "csv", "date": "2026-11", "source": "klub.csv", "count": 3,
              "imported": "2026-11-02T10:00:00+00:00", "imported_by": "anna",
              "names": [HEADER_SIZE, names_end], "ids": [names_end, ids_end]}
    if with_copied_aliases:
        header["aliases"] = [ids_end, end]
    head = MAGIC + json.dumps(header, sort_keys=True).encode()
    path.write_bytes(head + b" " * (HEADER_SIZE - 1 - len(head)) + b"\n" + b"".join(names + ids + aliases))


@pytest.mark.parametrize("with_copied_aliases", [False, True], ids=["first-layout", "copied-aliases"])
def test_a_list_stored_before_the_spelling_keys_finds_by_them(tmp_path: Path, with_copied_aliases: bool) -> None:
    lists = tmp_path / "lists"
    lists.mkdir(mode=0o770)
    _old_index(lists / "klub.idx", with_copied_aliases)
    with open_list(tmp_path, "klub") as index:
        # ivanov: BGN's Иванов; iwanow: the German (Duden) spelling; jolkin: Ёлкин in German,
        # мюллер: Müller as a Russian arbiter writes it (ю for ü)
        for query, name in (("ivanov", "Иванов, Иван"), ("iwanow", "Иванов, Иван"), ("jolkin", "Ёлкин, Пётр"),
                            ("мюллер", "Müller, Hans"), ("muller", "Müller, Hans")):
            assert [e.name for e in index.search(query)] == [name], query
        assert index.by_id("4100018").standard == 2100
        assert index.by_id("24125", "national_id").national_rating == 2010
        assert index.info.date == "2026-11" and index.info.imported_by == "anna" and index.info.count == 3
    header = json.loads((lists / "klub.idx").read_bytes()[len(MAGIC):HEADER_SIZE])
    assert header["keys"] == KEYS and header["source"] == "klub.csv"
    assert sorted(p.name for p in lists.iterdir()) == ["klub.idx"]  # no temporary file left
    rewritten = os.stat(lists / "klub.idx").st_ino
    with open_list(tmp_path, "klub") as index:  # now current: read as it is, not written again
        assert [e.name for e in index.search("iwanow")] == ["Иванов, Иван"]
    assert os.stat(lists / "klub.idx").st_ino == rewritten
