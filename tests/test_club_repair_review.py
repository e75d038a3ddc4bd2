"""A hand edit of ``club.json`` (issue 30, the club machine's review, finding 8): it blocked the
register, the series and the list imports for everyone, and ``hakem doctor --repair`` could
not mend it.  Doctor names it, the repair rebuilds the file from its chain as for a
tournament, and the next change goes on the chain without a gap."""

from __future__ import annotations

import json

import pytest

from tests.cli_in_process import in_process, run  # noqa: F401  (in_process: a fixture)


def edit(data, change) -> None:
    path = data / "club.json"
    raw = json.loads(path.read_text())
    change(raw)
    path.write_text(json.dumps(raw))


pytestmark = pytest.mark.usefixtures("in_process")


@pytest.fixture
def register(tmp_path, capsys):
    data = tmp_path / "club"
    assert run(capsys, data, "members", "add", "--name", "Ak, Ali")[0] == 0
    assert run(capsys, data, "members", "add", "--name", "Bo, Bora")[0] == 0
    return data


def _revisions(data) -> list[int]:
    return [json.loads(line)["rev"] for line in (data / "club.chain.jsonl").read_text().splitlines()]


def test_a_head_edited_by_hand_is_rebuilt_from_the_chain(register, capsys):
    def forge(raw):
        raw["meta"]["1"]["head"] = "0" * 64
        raw["members"]["1"]["name"] = "Ak, Alp"

    edit(register, forge)
    code, _out, err = run(capsys, register, "members", "add", "--name", "Ce, Cem")
    assert code != 0 and "nothing was changed" in err
    code, out, _err = run(capsys, register, "doctor")
    assert code == 1 and "problem: the club database names a change (revision 2) its journal does not hold" in out
    code, out, _err = run(capsys, register, "doctor", "--repair")
    assert "repaired: club.json rebuilt from its journal at revision 2" in out, out
    assert 'dropped: members/1/name: "Ak, Ali" in the journal, "Ak, Alp" in the file' in out
    assert run(capsys, register, "members", "add", "--name", "Ce, Cem")[0] == 0
    code, out, _err = run(capsys, register, "doctor")
    assert code == 0 and "ok: club.json" in out
    assert "Ak, Ali" in run(capsys, register, "members", "list")[1]
    assert _revisions(register) == [1, 2, 3]


def test_a_revision_edited_by_hand_is_named_and_leaves_no_gap_in_the_chain(register, capsys):
    """Before: doctor said ok and the next change was written as revision 8 after 2 — a gap
    that then blocked every change and that no repair could mend."""
    edit(register, lambda raw: raw["meta"]["1"].update(revision=7))
    code, _out, err = run(capsys, register, "members", "add", "--name", "Ce, Cem")
    assert code != 0 and "changed outside hakem" in err and "nothing was changed" in err
    assert _revisions(register) == [1, 2]
    code, out, _err = run(capsys, register, "doctor")
    assert code == 1 and "the club database says revision 7, but the change its journal records there is revision 2" in out
    run(capsys, register, "doctor", "--repair")
    assert run(capsys, register, "members", "add", "--name", "Ce, Cem")[0] == 0
    assert _revisions(register) == [1, 2, 3]
    assert "ok: club.json" in run(capsys, register, "doctor")[1]
