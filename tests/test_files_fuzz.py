"""Importers read whatever is there (issue 30 item 5): a seeded byte mutator over one small
file of every importer — TRF and hakem JSON tournaments, player CSV, FIDE TXT and XML, DSB CSV
and EGD rating lists — and every case must end in the importer's answer or in one clear
message (a :class:`TournamentError`), never another exception.

The mutations are the ones hostile and broken files showed: bytes flipped, inserted, deleted,
a chunk repeated, the file cut short, a field longer than Python's CSV limit (131,072
characters; 24 of the 27 crashes seen), JSON nested 100,000 deep, a number of 5,000 digits
(Python refuses to convert more than 4,300).  ``CASES`` per file, seeded by the file and the
case number, so a failure names the case that reproduces it; ``HAKEM_FUZZ_CASES=N`` runs more.
"""

from __future__ import annotations

import json
import os
import random
import re
import traceback
from pathlib import Path

import pytest

from core.app import files
from core.errors import TournamentError
from core.ratinglists.library import import_list
from core.serialize import tournament_to_dict
from tests.ratinglist_builder import egd_line, fide_txt, fide_xml
from tests.test_ratinglists import PLAYERS
from tests.tui_fixtures import demo

CASES = int(os.environ.get("HAKEM_FUZZ_CASES", "100"))
"""Cases per file: 8 files × 100 = 800 cases in a normal run."""
ROOT = Path(__file__).parent


def _seeds() -> dict[str, tuple[str, bytes]]:
    """File name (the importers look at it) and the well-formed bytes every case starts from."""
    dsb = ("ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,"
           "Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n"
           '10101,007,A,"Müller,Hans",M,D,1965,202611,1876,87,1902,,4612345,GER\n'
           '10101,012,P,"Weiß,Grete",W,D,2003,202511,1540,12,0,,0,\n')
    egd = "\n".join(["European Go Database - all players (28 Nov 2026 09:00)",
                     egd_line("10322640", "Aaij", "Pierre", "NL", "Utr", "2k", 2087),
                     egd_line("23456789", "Petrov", "Ivan", "RU", "Msk", "15k", 640)]) + "\n"
    xml = fide_xml(PLAYERS)
    return {
        "trf": ("event.trf", (ROOT / "data/reports/swiss/export-2026.trf").read_bytes()),
        "json": ("event.json", json.dumps(tournament_to_dict(demo(rounds=2))).encode()),
        "players": ("players.csv", 'name,rating,federation,club,birth\n"Müller, Hans",1876,GER,SK,1965\n'
                                   '"Öztürk, Ayşe",1850,TUR,"Kulüp; A",2001\n'.encode()),
        "fide": ("players_list_foa.txt", fide_txt(PLAYERS).encode("cp1252")),
        "fide-xml": ("players_list_xml_foa.xml", xml.encode() if isinstance(xml, str) else xml),
        "dsb": ("spieler.csv", dsb.encode("cp1252")),
        "egd": ("allworld_lp.html", egd.encode("iso-8859-15")),
        "players-trf": ("players.trf", (ROOT / "data/reports/swiss/export-16.trf").read_bytes()),
    }


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One to four mutations of ``data`` (see the module docstring)."""
    out = bytearray(data)
    for _step in range(rng.randint(1, 4)):
        op = rng.randrange(9)
        pos = rng.randrange(len(out) + 1)
        if op == 0 and out:
            out[min(pos, len(out) - 1)] = rng.randrange(256)
        elif op == 1:
            out[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2:
            del out[pos:pos + rng.randint(1, 64)]
        elif op == 3:  # one field over the CSV limit, quoted or not
            out[pos:pos] = (b'"' if rng.random() < 0.5 else b"") + b"x" * rng.choice([140_000, 300_000])
        elif op == 4:
            depth = rng.choice([1000, 100_000])
            out[pos:pos] = b"[" * depth + b"]" * depth
        elif op == 5:
            out[pos:pos] = b"9" * rng.choice([5000, 50_000])
        elif op == 6 and out:
            start = rng.randrange(len(out))
            out[pos:pos] = out[start:start + rng.randint(1, 200)]
        elif op == 7:
            del out[pos:]
        else:  # a number where one is, made very long
            runs = [m.span() for m in re.finditer(rb"[0-9]+", bytes(out))]
            if runs:
                a, b = rng.choice(runs)
                out[a:b] = b"7" * rng.choice([40, 5000])
    return bytes(out)


def run_importer(kind: str, path: Path, data_dir: Path) -> object:
    """The function the CLI and the TUI call for this kind of file."""
    if kind in ("trf", "json"):
        return files.read_tournament(str(path))
    if kind in ("players", "players-trf"):
        return files.read_players(str(path))
    return import_list(data_dir, str(path))


SEEDS = _seeds()


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_every_mutated_file_is_read_or_refused_with_a_message(kind, tmp_path):
    name, seed = SEEDS[kind]
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o700)
    run_importer(kind, _write(tmp_path / name, seed), data_dir)  # the seed itself is good
    failures = []
    for case in range(CASES):
        path = _write(tmp_path / name, mutate(random.Random(f"{kind}-{case}"), seed))
        try:
            run_importer(kind, path, data_dir)
        except TournamentError as error:
            assert str(error).strip(), f"{kind} case {case}: an empty message"
        except Exception as error:  # what the test is looking for
            where = traceback.extract_tb(error.__traceback__)[-1]
            failures.append(f"{kind} case {case}: {type(error).__name__}: {str(error)[:80]} "
                            f"({where.filename}:{where.lineno})")
    assert not failures, "\n".join(failures)


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_csv_field_over_pythons_limit_names_its_line(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("name,rating\nA, B,1500\nC, D," + "9" * 140_000 + "\n", encoding="utf-8")
    with pytest.raises(TournamentError, match="line 3"):
        files.read_players(str(players))
    dsb = tmp_path / "spieler.csv"
    dsb.write_bytes(SEEDS["dsb"][1] + b'10101,013,A,"' + b"x" * 140_000 + b'",M\n')
    data = tmp_path / "data"
    data.mkdir()
    # one physical line that long is refused by the lists' line limit before the CSV reader
    with pytest.raises(TournamentError, match=r"spieler.csv, line 4: longer than 16384 bytes"):
        import_list(data, str(dsb))
    # a quoted field over Python's limit made of short lines (it starts on line 4, 15 lines of
    # 10,000 bytes) reaches the CSV reader's own limit, named at a line of the field
    dsb.write_bytes(SEEDS["dsb"][1] + b'10101,013,A,"' + b"x\n".join([b"x" * 9_999] * 15) + b'",M\n')
    with pytest.raises(TournamentError, match=r"spieler.csv, line (4|5|6|7|8|9|1[0-8]): unreadable CSV \(field larger"):
        import_list(data, str(dsb))


def test_a_trf_line_of_thousands_of_rounds_is_refused_naming_it(tmp_path):
    trf = tmp_path / "event.trf"
    line = (ROOT / "data/reports/swiss/export-2026.trf").read_text(encoding="utf-8").splitlines()
    player = next(n for n, text in enumerate(line) if text.startswith("001 "))
    line[player] += "    1 w 1" * 20_000  # 20,000 round cells: seconds of scoring before the limit
    trf.write_text("\n".join(line) + "\n", encoding="utf-8")
    with pytest.raises(TournamentError, match=f"event.trf, line {player + 1}: longer than 4096 characters"):
        files.read_tournament(str(trf))
    with pytest.raises(TournamentError, match=f"line {player + 1}: longer than 4096"):
        files.read_players(str(trf))


def test_an_xml_list_in_an_unknown_encoding_is_a_message(tmp_path):
    source = tmp_path / "players_list_xml_foa.xml"
    source.write_bytes(b'<?xml version="1.0" encoding="utf-77777"?>\n<playerslist></playerslist>\n')
    data = tmp_path / "data"
    data.mkdir()
    with pytest.raises(TournamentError, match="not a FIDE XML list .*utf-77777"):
        import_list(data, str(source))


def test_json_nesting_and_long_integers_are_refused_before_parsing(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"name": "x", "a": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    with pytest.raises(TournamentError, match="nested deeper than 32 levels"):
        files.read_tournament(str(deep))
    long = tmp_path / "long.json"
    long.write_text('{"name": "x", "total_rounds": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(TournamentError, match="longer than 30 digits"):
        files.read_tournament(str(long))


@pytest.mark.parametrize("reader", ["tournament", "players", "list"])
def test_a_fifo_or_a_device_is_refused_not_waited_for(tmp_path, reader):
    """Opening a FIFO nobody writes blocks for ever; a device reads for ever (/dev/zero)."""
    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    data = tmp_path / "data"
    data.mkdir()
    read = {"tournament": files.read_tournament, "players": files.read_players,
            "list": lambda p: import_list(data, p, "fide")}[reader]
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        with pytest.raises(TournamentError, match="not a regular file"):
            read(path)


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path, monkeypatch):
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 Big\n" + b" " * 2048)
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 1024)
    monkeypatch.setattr(files.read_input, "__defaults__", (1024,))
    with pytest.raises(TournamentError, match="larger than"):
        files.read_tournament(str(big))
