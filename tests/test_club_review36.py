"""What a fresh-eyes season found in the register, the series and Keizer (issue 36 review):
each test failed before its fix.  Expected values come from the inputs written here and the
derivations in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.app import Workspace
from core.cli import main


def run(capsys: pytest.CaptureFixture[str], data: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


MEMBERS = ("Name;Vorname;Elo;Verein;Geburtsjahr\n"
           "Kaya;Can;2105;Kadıköy SK;1990\n"
           "Demir;Efe;1500;Kadıköy SK;2010\n"
           "Şahin;Ayşe;1720;Kadıköy SK;1985\n")


def test_importing_the_member_list_again_adds_nobody_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, source = tmp_path / "data", tmp_path / "members.csv"
    source.write_text(MEMBERS, encoding="utf-8")
    assert run(capsys, data, "members", "import", str(source))[:2] == (0, "3 member(s) added, 0 already in the register\n")
    # the same file again: no FIDE id, but the same folded name, birth year and club is the same person
    code, out, _err = run(capsys, data, "members", "import", str(source))
    assert (code, out.splitlines()[0]) == (0, "0 member(s) added, 3 already in the register")
    # a list written without accents, the same line twice, one newer rating, a namesake born elsewhere
    again = tmp_path / "again.csv"
    again.write_text("Name;Vorname;Elo;Verein;Geburtsjahr\n"
                     "Sahin;Ayse;1720;Kadikoy SK;1985\n"
                     "Yıldız;Ece;1600;Kadıköy SK;1999\n"
                     "Yıldız;Ece;1600;Kadıköy SK;1999\n"
                     "Kaya;Can;2150;Kadıköy SK;1990\n"
                     "Demir;Efe;1400;Moda SK;1972\n", encoding="utf-8")
    code, out, _err = run(capsys, data, "members", "import", str(again), "--rating-date", "2027-01")
    assert code == 0
    assert out == ("1 member(s) added, 3 already in the register\n"
                   "  Sahin, Ayse: member 3 (Şahin, Ayşe), newer ratings taken\n"
                   "  Yıldız, Ece: member 4 (Yıldız, Ece)\n"
                   "  Kaya, Can: member 1 (Kaya, Can), newer ratings taken\n"
                   "1 not added: a member of that name differs (check; --as-new adds them):\n"
                   "  Demir, Efe (1972, Moda SK): member 2 (2010, Kadıköy SK)\n")
    ws = Workspace(data)
    assert [(m.id, m.name) for m in ws.members()] == [(2, "Demir, Efe"), (1, "Kaya, Can"), (3, "Şahin, Ayşe"),
                                                     (4, "Yıldız, Ece")]
    assert ws.member(1).rating("standard") == 2150  # dated 2027-01, the register's undated
    assert ws.member(3).ratings["standard"].date == "2027-01"  # the same 1720, now dated
    # the list manager decides: the other Efe Demir is a new member
    only = tmp_path / "efe.csv"
    only.write_text("Name;Vorname;Verein;Geburtsjahr\nDemir;Efe;Moda SK;1972\n", encoding="utf-8")
    assert run(capsys, data, "members", "import", str(only), "--as-new")[:2] == (
        0, "1 member(s) added, 0 already in the register\n")
    # the log says what was added, not how many lines were read
    # (the second import of members.csv changed nothing: no entry)
    assert [e["action"].replace(f"{tmp_path}/", "") for e in ws.club_log()] == [
        "import 3 members from members.csv", "import 1 members from again.csv", "import 1 members from efe.csv"]
