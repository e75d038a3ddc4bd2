"""``hakem pair`` / ``check`` / ``generate`` with the Dutch systems (docs/cli.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.cli import main
from core.pairing.replay import input_for_round
from core.trf import parse_tournament, write_trf

DATA = Path(__file__).parent / "data"
F05 = DATA / "dutch2026" / "f05_p14r7.trf"


def _round_input(path: Path, r: int, flavour: str = "16", ending: str = "\n") -> str:
    t = parse_tournament(path.read_bytes().decode(), path.stem)
    return write_trf(input_for_round(t, r), flavour=flavour, line_ending=ending)


def _expected_output(path: Path, r: int) -> str:
    """Round r of the golden file in the engine output format."""
    t = parse_tournament(path.read_bytes().decode(), path.stem)
    rnd = t.rounds[r - 1]
    lines = [f"{b.white} {b.black}" for b in rnd.boards]
    lines += [f"{y.pno} 0" for y in rnd.byes if y.kind.value == "U"]
    return "\n".join([str(len(lines))] + lines) + "\n"


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
@pytest.mark.parametrize("flavour", ["16", "2026"])
def test_pair_writes_the_engine_format_for_any_line_ending(tmp_path: Path, ending: str, flavour: str) -> None:
    src = tmp_path / "in.trf"
    src.write_bytes(_round_input(F05, 4, flavour, ending).encode())
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(src), "-p", str(out)]) == 0
    assert out.read_text() == _expected_output(F05, 4)


def test_pair_round_with_pab_and_requested_bye(tmp_path: Path) -> None:
    # f26 uses a half-point PAB; every round of it is golden data
    path = DATA / "dutch2026" / "f26_p40r9_halfpab.trf"
    src = tmp_path / "in.trf"
    src.write_text(_round_input(path, 6))
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(src), "-p", str(out)]) == 0
    assert out.read_text() == _expected_output(path, 6)


def test_pair_prints_to_stdout_without_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.trf"
    src.write_text(_round_input(F05, 2))
    assert main(["pair", "--dutch", str(src), "-p"]) == 0
    assert capsys.readouterr().out == _expected_output(F05, 2)


def test_pair_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--dutch", str(tmp_path / "missing.trf"), "-p", str(tmp_path / "o")]) == 5
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      Test0001 Player0001               2720                             2.0    1     9 w 1\n")
    assert main(["pair", "--dutch", str(bad), "-p", str(tmp_path / "o")]) == 3
    # two players who already met: no legal pairing (C1) -> exit 1
    met = tmp_path / "met.trf"
    met.write_text("XXR 3\n"
                   "001    1      Test0001 Player0001               2720                             1.0    1     2 w 1\n"
                   "001    2      Test0002 Player0002               2700                             0.0    2     1 b 0\n")
    assert main(["pair", "--dutch", str(met), "-p", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("hakem:") == 3
    # a system flag is required
    assert main(["pair", str(met)]) == 3


def test_check_accepts_a_golden_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--dutch", str(F05)]) == 0
    assert "7 round(s) checked, 0 differ" in capsys.readouterr().out


def changed_round_file(folder: Path) -> Path:
    """The golden file with round 3's first board's colours swapped: a round the engine did not pair."""
    t = parse_tournament(F05.read_bytes().decode(), "f05")
    rounds = list(t.rounds)
    r3 = rounds[2]
    swapped = tuple(b.__class__(b.black, b.white, b.result) if i == 0 else b for i, b in enumerate(r3.boards))
    rounds[2] = r3.__class__(3, swapped, r3.byes)
    bad = folder / "changed.trf"
    bad.write_text(write_trf(t.with_changes(rounds=tuple(rounds)), flavour="16"))
    return bad


def test_check_reports_a_changed_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = changed_round_file(tmp_path)
    assert main(["check", "--dutch", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "round 3: differs from the engine" in out and "board 1:" in out


def test_generate_is_reproducible_by_seed(tmp_path: Path) -> None:
    a, b, c = (tmp_path / n for n in ("a.trf", "b.trf", "c.trf"))
    args = ["generate", "--dutch", "--players", "13", "--rounds", "5", "--draws", "40",
            "--forfeits", "0.05", "--byes", "0.1", "--withdrawals", "0.05"]
    assert main(args + ["--seed", "3", "-o", str(a)]) == 0
    assert main(args + ["--seed", "3", "-o", str(b)]) == 0
    assert main(args + ["--seed", "4", "-o", str(c)]) == 0
    assert a.read_text() == b.read_text() != c.read_text()
    t = parse_tournament(a.read_text())
    assert len(t.rounds) == 5 and len(t.players) == 13
    assert main(["check", "--dutch", str(a)]) == 0


def test_generate_rejects_bad_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--dutch", "--players", "10", "--rounds", "3", "--byes", "2"]) == 3


@pytest.mark.parametrize("system", ["--dutch", "--dutch-2017"])
def test_a_field_above_the_limit_is_refused_up_front(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """A field too large for the engine's pair-by-pair graph is refused with the limit named,
    before the graph takes any memory (9998 players used to pass 6 GB), and no pairing file
    is written.  The limit (for either matcher) is lowered to 13 so that the 14 players of
    F05 exceed it."""
    import core.pairing.dutch.system as dutch

    monkeypatch.setattr(dutch, "MAX_PLAYERS", 13)
    monkeypatch.setattr(dutch, "MAX_PLAYERS_NATIVE", 13)
    src = tmp_path / "in.trf"
    src.write_text(_round_input(F05, 4))
    out = tmp_path / "out.txt"
    assert main(["pair", system, str(src), "-p", str(out)]) == 3
    err = capsys.readouterr().err
    assert "Round 4 has 14 players to pair" in err and "at most 13 in one round" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_the_field_limit_follows_the_matcher(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled matcher needs about half the memory per pair of players, so its limit is
    higher; ``HAKEM_PURE_PYTHON=1`` brings back the pure-Python matcher and its limit."""
    import core.pairing.dutch.system as dutch
    from core.pairing.matching.incremental import NativeMatcher

    monkeypatch.setenv("HAKEM_PURE_PYTHON", "1")
    assert dutch.max_players() == dutch.MAX_PLAYERS == 4000
    monkeypatch.delenv("HAKEM_PURE_PYTHON")
    expected = dutch.MAX_PLAYERS if NativeMatcher is None else dutch.MAX_PLAYERS_NATIVE
    assert dutch.max_players() == expected
