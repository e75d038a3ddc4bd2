"""Issue 33's review, through the CLI: every TRF-2026 header record settable (152, 162, 172,
182; 132 named with the command that sets it), 202/212 written for the list the standings use,
``players record`` saying whom it changed, ``players edit`` taking the national rating and id."""

from __future__ import annotations

import pytest

from tests.cli_run import hakem_process as hakem


@pytest.fixture()
def event(tmp_path):
    data = tmp_path / "data"
    tid = hakem(data, "new", "Review", "--system", "dutch", "--rounds", "3").stdout.strip().splitlines()[-1]
    csv = tmp_path / "players.csv"
    csv.write_text("name;rating\nA, Ali;2000\nB, Bea;2100\nC, Can;1900\nD, Deniz;1800\n")
    hakem(data, "players", "import", tid, csv)
    return data, tid


def _records(data, tid, *codes: str) -> list[str]:
    out = hakem(data, "export", tid, "--trf").stdout
    return [line for line in out.splitlines() if line[:3] in codes]


def test_header_records_152_162_172_182_are_settable(event):
    data, tid = event
    hakem(data, "settings", tid, "--initial-colour", "black", "--points", "3,1,0", "--rank-method", "TUR FIDE",
          "--controller", "hakem-1")
    # TRF-2026: 152 the initial colour; 162 W/D/L/A/P at columns 6, 15, 24…, points at 7–10
    # (a zero-point bye scores the loss, a PAB the win: 3, 1, 0, 0, 3); 172 and 182 as given.
    lines = _records(data, tid, "152", "162", "172", "182")
    assert "152 B" in lines and "172 TUR FIDE" in lines and "182 hakem-1" in lines
    line162 = next(x for x in lines if x.startswith("162"))
    assert (line162[5], line162[6:10].strip(), line162[14], line162[15:19].strip()) == ("W", "3.0", "D", "1.0")
    shown = hakem(data, "settings", tid).stdout
    assert "152" in shown and "Black" in shown and "3; 1; 0; 3" in shown and "hakem-1" in shown  # the reader's notation
    hakem(data, "settings", tid, "--controller", "")
    assert not _records(data, tid, "182")
    # after round 1 the point system stays: the pairing used it (exit 3, one line, nothing changed)
    hakem(data, "round", "pair", tid)
    bad = hakem(data, "settings", tid, "--points", "1,0.5,0", check=False)
    assert bad.returncode == 3 and len(bad.stderr.strip().splitlines()) == 1 and "--points" in bad.stderr
    assert any(x.startswith("162") for x in _records(data, tid, "162"))
    bad = hakem(data, "settings", tid, "--initial-colour", "white", check=False)
    assert bad.returncode == 3 and "--initial-colour" in bad.stderr and "152 B" in _records(data, tid, "152")


def test_202_and_212_are_written_for_the_default_list(event):
    # An event whose list was never chosen ranks by the preset that fits (all rated: the
    # FIDE Swiss list); TRF-2026 202 carries it and 212 is PTS then the same list.
    data, tid = event
    lines = _records(data, tid, "202", "212")
    assert len(lines) == 2 and lines[0].startswith("202 ") and lines[1] == "212 PTS," + lines[0][4:]
    text = hakem(data, "export", tid, "--trf").stdout
    path = data.parent / "back.trf"
    path.write_text(text)
    back = hakem(data, "import", path).stdout.strip().splitlines()[-1].split()[-1]
    assert _records(data, back, "202", "212") == lines


def test_missing_round_date_names_the_command(event):
    data, tid = event
    hakem(data, "round", "pair", tid)
    out = hakem(data, "check", "--report", tid, check=False)
    assert f"hakem round schedule {tid} 1 --date" in out.stdout + out.stderr


def test_players_record_says_whom_it_changed_and_edit_takes_national_data(event):
    data, tid = event
    out = hakem(data, "players", "record", tid, "2", "--games", "12", "--below-2400").stdout
    assert out.strip() == "2 A, Ali: 12 rated games before the event, never 2400"
    hakem(data, "players", "edit", tid, "2", "--national-rating", "1950", "--national-id", "12345")
    exported = hakem(data, "export", tid, "--trf").stdout
    assert "### hakem national 2 1950 12345" in exported.replace("\r", "\n").splitlines()
