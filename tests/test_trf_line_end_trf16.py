"""TRF files as written for the user (issue 33 item 5).

* TRF-2026, Remark 1 of its file conventions: "each line ends with CR" — the default of
  ``hakem export --trf`` (and of the TUI's ``.trf`` export); ``--line-ending lf|crlf`` (and the
  old ``--crlf``) choose otherwise.  TRF16 keeps LF: it is the pairing engines' input, and
  JaVaFo reads LF.
* TRF16 has no record for the tie-break list (202/212), the time-control code (222) or the
  national ratings (NRS lines with their 172): they ride along as ``### hakem record …``
  comments, which every other program skips (``###`` is a comment in both formats) and hakem
  reads back as the records they hold.
"""

from __future__ import annotations

import re

import pytest

from core.cli import main
from core.errors import TrfError
from core.model import Player
from core.store import Store
from core.trf import read_tournament, write_trf
from tests import test_reports_fixtures as fx


def _event():
    t = fx.swiss()
    players = tuple(Player(**{**p.__dict__, "national_rating": 1500 + p.pno, "national_id": f"{7000 + p.pno}"})
                    for p in t.players)
    return t.with_changes(players=players, federation="TUR", time_control_code="5400+30",
                          tiebreaks=("BH/C1", "BH", "SB", "WIN"))


def test_trf16_carries_what_it_has_no_record_for():
    t = _event()
    text = write_trf(t, flavour="16")
    records = [line for line in text.splitlines() if not line.startswith("###")]
    codes = {line[:3] for line in records}
    assert not codes & {"202", "212", "222", "172", "TUR"}  # no record a TRF16 reader does not know
    comments = [line for line in text.splitlines() if line.startswith("### hakem record ")]
    assert "### hakem record 202 BH/C1,BH,SB,WIN" in comments and "### hakem record 222 5400+30" in comments
    assert sum(1 for line in comments if line.startswith("### hakem record TUR ")) == len(t.players)
    back, problems = read_tournament(text)
    assert not [p for p in problems if p.severity == "error"], problems
    assert back.tiebreaks == t.tiebreaks and back.time_control_code == "5400+30"
    assert {p.pno: (p.national_rating, p.national_id) for p in back.players} == \
        {p.pno: (p.national_rating, p.national_id) for p in t.players}
    # the same records as TRF-2026 writes them, one for one
    plain = write_trf(t, flavour="2026").splitlines()
    assert sorted(line.removeprefix("### hakem record ") for line in comments) == \
        sorted(line for line in plain if line[:3] in {"202", "212", "222", "172", "TUR"})


def test_a_malformed_record_comment_is_named():
    text = write_trf(_event(), flavour="16").replace("### hakem record 222 5400+30", "### hakem record 222 forever")
    with pytest.raises(TrfError) as refused:
        read_tournament(text)
    assert "record 222: 'forever' is not an encoded time control" in str(refused.value)


def _export(tmp_path, tid: str, *options: str) -> bytes:
    out = tmp_path / f"out{len(list(tmp_path.iterdir()))}.trf"
    assert main(["export", tid, *options, "-o", str(out)]) == 0
    return out.read_bytes()


def test_line_endings_of_exported_trf(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    tid = Store(tmp_path / "data").create(_event())
    files = tmp_path / "files"
    files.mkdir()
    trf26 = _export(files, tid, "--trf")
    lines = trf26.split(b"\r")
    assert b"\n" not in trf26 and trf26.endswith(b"\r") and lines[0].startswith(b"012 ")
    assert all(re.fullmatch(rb"[0-9A-Z#]{3}.*", line) for line in lines[:-1])  # every record ends with CR
    assert _export(files, tid, "--trf", "--line-ending", "lf") == trf26.replace(b"\r", b"\n")
    assert _export(files, tid, "--trf", "--line-ending", "crlf") == trf26.replace(b"\r", b"\r\n")
    assert _export(files, tid, "--trf", "--crlf") == trf26.replace(b"\r", b"\r\n")
    trf16 = _export(files, tid, "--trf16")
    assert b"\r" not in trf16 and trf16.endswith(b"\n")
    assert _export(files, tid, "--trf16", "--line-ending", "cr") == trf16.replace(b"\n", b"\r")
    # hakem reads its own CR file back to the same event
    capsys.readouterr()
    path = files / "cr.trf"
    path.write_bytes(trf26)
    assert main(["import", str(path)]) == 0
    again = Store(tmp_path / "data").load(capsys.readouterr().out.strip()).tournament
    original = Store(tmp_path / "data").load(tid).tournament
    assert [r.boards for r in again.rounds] == [r.boards for r in original.rounds]
    assert (again.tiebreaks, again.time_control_code, again.federation) == \
        (original.tiebreaks, original.time_control_code, original.federation)
