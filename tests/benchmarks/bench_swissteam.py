"""Pairing time of the swiss-team engine (C.04.6) for big fields: each round of a random
event of N teams (4 boards) timed on its own.  Run: python tests/benchmarks/bench_swissteam.py
[TEAMS] [ROUNDS]; quote the figures with the machine's load (uptime)."""

from __future__ import annotations

import random
import sys
import time

from core.model import Board, Round
from core.pairing.registry import get_system
from core.pairing.swiss.simulate import Settings, _result
from core.pairing.swissteam.simulate import new_team_event


def main(teams: int = 500, rounds: int = 9) -> None:
    rng = random.Random(5)
    t = new_team_event(teams, 4, rounds, rng)
    system = get_system("swiss-team")
    settings = Settings()
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        pairing = system.pair(t)
        took = time.perf_counter() - start
        print(f"round {r}: {len(pairing.matches)} matches in {took:.2f} s", flush=True)
        boards = tuple(Board(b.white, b.black, _result(rng, settings, t.player(b.white), t.player(b.black)))
                       for b in pairing.boards)
        t = t.with_changes(rounds=t.rounds + (Round(r, boards, (), False, pairing.matches),))


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:3]))
