"""A journal entry longer than the tail a commit reads (issue 30, found by the administrator's
review): importing 6,000 players writes one entry of about 1.2 MB; a commit read only the last
MB of the chain, found no whole entry there and refused every later change as "the journal of
ID is missing", while doctor (which reads the whole chain) said ok."""

from __future__ import annotations

from core.store import Store
from tests.cli_run import run


def test_an_event_of_6000_players_takes_changes_after_their_import(cli_data, tmp_path, capsys):
    tid = run(capsys, "new", "Big Open", "--rounds", 9)[0].strip().splitlines()[-1]
    csv = tmp_path / "players.csv"
    csv.write_text("name;rating\n" + "".join(f"Player{i:05d}, Ann;{1000 + i % 1500}\n" for i in range(6000)),
                   encoding="utf-8")
    run(capsys, "players", "import", tid, str(csv))
    chain = max((cli_data).glob(f"{tid}.chain.jsonl"), key=lambda p: p.stat().st_size)
    longest = max(len(line) for line in chain.read_bytes().splitlines())
    assert longest > 1 << 20  # the case: one entry longer than the tail a commit reads
    run(capsys, "players", "withdraw", tid, "5")
    stored = Store(str(cli_data)).load(tid).tournament
    assert len(stored.players) == 6000
    assert [p.pno for p in stored.players if p.withdrawn_round is not None] == [5]
