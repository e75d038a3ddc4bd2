"""Malformed TRF input: every case a clear problem naming line and column (exit 3 on the
CLI, naming the file), never a crash and never a silent misreading."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.errors import TrfError
from core.trf import parse_tournament
from tests.trf_builder import player_line

P1 = player_line(1, "A", 2000, "1.0", 1, [("2", "w", "1")])
P2 = player_line(2, "B", 1900, "0.0", 2, [("1", "b", "0")])


def problems(*lines: str) -> list[str]:
    with pytest.raises(TrfError) as info:
        parse_tournament("\n".join(["012 Robust", *lines]))
    return [str(p) for p in info.value.problems]


def test_pairing_number_10000_is_not_read_as_1000() -> None:
    line = "001 10000" + P1[9:]
    assert problems(line, P2)[0] == (
        "line 2, column 5: pairing number '10000' does not fit columns 5-8: TRF pairing numbers go up to 9999")


def test_opponent_10000_is_a_clear_limit_not_an_unknown_colour() -> None:
    bad = P1[:91] + "10000 w 1"
    assert problems(bad, P2)[0] == (
        "line 2, column 92: round 1: opponent '10000' does not fit columns 92-95: TRF pairing numbers go up to 9999")


def test_pairing_number_0_is_refused() -> None:
    line = "001    0" + P1[8:]
    assert problems(line, P2)[0] == "line 2, column 5: pairing number 0 is not a player (pairing numbers start at 1)"


def test_truncated_player_record_is_refused() -> None:
    assert problems(P1[:60], P2)[0] == (
        "line 2, column 53: record 001 is cut short at column 53: it must reach the points (columns 81-84)")


@pytest.mark.parametrize("digit", ["²", "①", "٣"])
def test_non_ascii_digits_are_a_clear_error(digit: str) -> None:
    rating = P1[:48] + "25" + digit + "4" + P1[52:]
    assert problems(rating, P2)[0] == f"line 2, column 49: rating '25{digit}4' is not a whole number"
    opponent = P1[:91] + "   " + digit + " w 1"
    assert "round 1: opponent" in problems(opponent, P2)[0]


def test_name_running_into_the_rating_is_refused() -> None:
    long = P1[:14] + "X" * 34 + P1[48:]
    assert problems(long, P2)[0] == "line 2, column 48: column 48 must be blank: the name runs over its columns"


def test_misaligned_round_cell_is_refused() -> None:
    shifted = P1[:91] + "    2 w 1"
    assert problems(shifted, P2)[0].startswith("line 2, column 96: round 1: column 96 must be blank")


def test_tab_and_control_characters_are_refused() -> None:
    assert problems("012\tTabbed", P1, P2)[0] == (
        "line 2, column 4: control character U+0009 (TRF lines hold printable text, columns are spaces)")


def test_bye_with_an_opponent_and_colour_on_a_bye_are_refused() -> None:
    bye_with_opp = P1[:91] + "   2 w H"
    assert "result 'H' is a bye, but an opponent is named" in problems(bye_with_opp, P2)[0]
    coloured_bye = P1[:91] + "0000 w U"
    assert "a bye or absence has no colour" in problems(coloured_bye, P2)[0]


def test_unknown_numeric_record_is_refused() -> None:
    assert problems("555 x", P1, P2) == ["line 2, column 1: unknown record code '555'"]


def test_utf16_with_bom_is_decoded(tmp_path: Path) -> None:
    from core.cli.common import read_text_file

    text = "\r\n".join(["012 Ünïcode", P1, P2]) + "\r\n"
    for encoding in ("utf-16", "utf-16-be", "utf-8-sig"):
        path = tmp_path / f"{encoding}.trf"
        raw = text.encode(encoding)
        if encoding == "utf-16-be":
            raw = b"\xfe\xff" + raw
        path.write_bytes(raw)
        assert parse_tournament(read_text_file(str(path))).name == "Ünïcode"


def _hakem(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tui.launch", *args], capture_output=True, text=True,
                          timeout=60, cwd=cwd, env={**os.environ, "HAKEM_DATA": str(cwd / "data")})


def test_cli_names_the_file_on_every_problem_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(["012 x", "XXR 3", "555 x", "001    0" + P1[8:], P2]) + "\n")
    proc = _hakem("pair", "--dutch", str(bad), cwd=tmp_path)
    assert proc.returncode == 3 and "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines[0] == f"hakem: {bad}: line 3, column 1: unknown record code '555'"
    assert all(str(bad) in line for line in lines)


def test_cli_non_number_in_xxa_is_exit_3_not_unexpected(tmp_path: Path) -> None:
    bad = tmp_path / "xxa.trf"
    bad.write_text("\n".join(["012 x", "XXR 3", "XXA    1  abc", P1, P2]) + "\n")
    proc = _hakem("pair", "--dutch", str(bad), cwd=tmp_path)
    assert proc.returncode == 3 and "unexpected" not in proc.stderr
    assert "line 3, column 10: acceleration 'abc' is not a number of points" in proc.stderr


def test_cli_warnings_name_the_file(tmp_path: Path) -> None:
    f = tmp_path / "ruler.trf"
    p3 = player_line(3, "C", 1800, "1.0", 3, [("0000", "-", "U")])
    p4 = player_line(4, "D", 1700, "0.0", 4, [("0000", "-", "Z")])
    f.write_text("\n".join(["012 x", "XXR 3", "1234567890123456789012345678901234567890", P1, P2, p3, p4]) + "\n")
    proc = _hakem("pair", "--dutch", str(f), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == f"hakem: warning: {f}: line 3, column 1: column ruler skipped"


def test_cli_pair_refuses_a_file_with_every_round_played(tmp_path: Path) -> None:
    """bbpPairings refuses it too ("number of rounds is larger than the reported number")."""
    f = tmp_path / "done.trf"
    f.write_text("\n".join(["012 x", "XXR 1", P1, P2]) + "\n")
    proc = _hakem("pair", "--dutch", str(f), cwd=tmp_path)
    assert proc.returncode == 3
    assert proc.stderr.strip() == (f"hakem: {f}: 1 of 1 rounds are played (record 142 / XXR gives the number "
                                   "of rounds): no round is left to pair")
