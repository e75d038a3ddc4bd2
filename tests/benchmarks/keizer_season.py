"""A Keizer season: PLAYERS players, EVENINGS evenings (a tenth absent each evening), paired
by the registered ``keizer`` system with random results; prints the time of one pairing and
one standings request at the end (the whole season recomputed, each evening settled).

    python tests/benchmarks/keizer_season.py [PLAYERS] [EVENINGS]
"""

from __future__ import annotations

import random
import sys
import time

from core import changes as c
from core.model import ByeKind, Tournament
from core.pairing.keizer.scoring import keizer_ranking
from core.standings import compute_standings


def season(players: int, evenings: int) -> Tournament:
    rnd = random.Random(7)
    t = Tournament(id="b", name="Season", system="keizer", total_rounds=evenings + 1)
    for i in range(players):
        t = c.add_player(t, f"P{i}", rating=2200 - 10 * i)
    for evening in range(1, evenings + 1):
        for pno in rnd.sample(range(1, players + 1), players // 10):
            t = c.request_bye(t, pno, evening, rnd.choice((ByeKind.ZERO, ByeKind.FULL)))
        t = c.pair_next_round(t)
        for board in range(1, len(t.rounds[-1].boards) + 1):
            t = c.set_result(t, evening, board, rnd.choice(("1-0", "0-1", "1/2")))
    return t


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    evenings = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    t = season(players, evenings)
    start = time.perf_counter()
    ranking = keizer_ranking(t)
    middle = time.perf_counter()
    compute_standings(t)
    standings = time.perf_counter()
    c.pair_next_round(t)
    end = time.perf_counter()
    print(f"{players} players, {evenings} evenings: ranking {middle - start:.3f} s "
          f"(last evening settled in {ranking.iterations} rankings, cycle {ranking.cycle}), "
          f"standings {standings - middle:.3f} s, pairing the next evening {end - standings:.3f} s")


if __name__ == "__main__":
    main()
