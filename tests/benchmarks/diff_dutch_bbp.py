"""Differential run of the Dutch engine against bbpPairings: count identical and different rounds.

Why: the golden files (tests/test_dutch_golden.py) fix 257 rounds once; a differential run
checks as many fresh tournaments as one has time for, and is how the notes' figures "N
rounds, 0 mismatches" can be re-run from a clone.  bbpPairings (BieremaBoyzProgramming/
bbpPairings on GitHub; v6.0.0 follows the 2026 Dutch rules, v5.0.1 the 2017 ones) is not
part of hakem: build it yourself and give its path.

What it does, per tournament (seeds SEED, SEED+1, …): hakem's own generator
(:func:`core.pairing.swiss.simulate.generate`, what ``hakem generate --dutch`` runs: random
field size, draws, forfeits, requested byes, withdrawals) plays every round with our engine.
Then, for each round r, the tournament as it stood before round r was paired
(:func:`core.pairing.replay.input_for_round`: rounds 1…r−1 and round r's byes and absences)
is written as TRF (:func:`core.trf.write_trf`) and paired by the reference engine
(``ENGINE --dutch INPUT -p OUTPUT``); its pairs, colours, board order and PAB are compared
with round r as our engine paired it.  So a difference is the engine's or the TRF writer's —
either is a finding.  The first difference is printed in full; then the totals.

Not collected by pytest.  Without an engine it says so and exits 0.

    python3 tests/benchmarks/diff_dutch_bbp.py [--engine PATH] [--seed S] [--count N]
        [--min-players A] [--max-players B] [--min-rounds R1] [--max-rounds R2] [--rules 2026|2017]
    # or HAKEM_DIFF_ENGINE=PATH instead of --engine; defaults: seed 1, 10 tournaments,
    # 10–80 players, 5–9 rounds, rules 2026 (use --rules 2017 with bbpPairings v5)
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ENGINE_ENV = "HAKEM_DIFF_ENGINE"

Pairing = tuple[list[tuple[int, int]], int | None]
"""(white, black) pairs in board order and the player with the PAB."""


@dataclass
class Tally:
    """Rounds compared so far, and the first difference met."""

    same: int = 0
    different: int = 0
    engine_errors: int = 0
    not_generated: int = 0
    """Tournaments our generator could not finish (a round with no legal pairing: too many
    rounds for the field); skipped, not compared."""
    first: list[str] = field(default_factory=list)


def read_engine_output(text: str) -> Pairing:
    """bbpPairings' ``-p`` file: the number of pairs, then ``white black`` per board in board
    order; the PAB is written as ``player 0``."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    pairs, pab = [], None
    for white, black in ((int(a), int(b)) for a, b in lines[1:]):
        if black == 0:
            pab = white
        else:
            pairs.append((white, black))
    return pairs, pab


def run_engine(engine: str, trf: str, work: Path) -> Pairing | str:
    """The engine's pairing of ``trf``, or its error text (bbpPairings v5 and v6 both read
    ``--dutch``; the version decides the rules)."""
    src, out = work / "input.trf", work / "output.txt"
    src.write_text(trf, encoding="utf-8")
    out.unlink(missing_ok=True)
    done = subprocess.run([engine, "--dutch", str(src), "-p", str(out)], capture_output=True, text=True)
    if done.returncode != 0 or not out.exists():
        return f"exit {done.returncode}: {(done.stderr or done.stdout).strip()[:300]}"
    return read_engine_output(out.read_text(encoding="utf-8"))


def compare_tournament(seed: int, args: argparse.Namespace, tally: Tally, work: Path) -> int:
    """Play one random tournament and compare each of its rounds; returns the rounds compared."""
    from core.errors import PairingImpossible
    from core.pairing.replay import actual_round, input_for_round
    from core.pairing.swiss.simulate import Settings, generate
    from core.trf import write_trf

    rng = random.Random(seed)
    settings = Settings(players=rng.randint(args.min_players, args.max_players),
                        rounds=rng.randint(args.min_rounds, args.max_rounds), seed=seed)
    try:
        t = generate(settings, "dutch" if args.rules == "2026" else "dutch-2017")
    except PairingImpossible as error:
        tally.not_generated += 1
        print(f"seed {seed} ({settings.players} players, {settings.rounds} rounds) skipped: {error}")
        return 0
    for r in range(1, len(t.rounds) + 1):
        trf = write_trf(input_for_round(t, r))
        theirs = run_engine(args.engine, trf, work)
        ours = actual_round(t, r)
        if isinstance(theirs, str):
            tally.engine_errors += 1
            verdict = f"engine failed: {theirs}"
        elif theirs == ours:
            tally.same += 1
            continue
        else:
            tally.different += 1
            verdict = f"hakem {ours[0]} PAB {ours[1]}\n  engine {theirs[0]} PAB {theirs[1]}"
        if not tally.first:
            tally.first = [f"first difference: seed {seed} ({settings.players} players, "
                           f"{settings.rounds} rounds), round {r}:", "  " + verdict,
                           "  engine input:", *("    " + line for line in trf.splitlines())]
    return len(t.rounds)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--engine", default=os.environ.get(ENGINE_ENV),
                   help=f"path of bbpPairings (default: ${ENGINE_ENV})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--min-players", type=int, default=10)
    p.add_argument("--max-players", type=int, default=80)
    p.add_argument("--min-rounds", type=int, default=5)
    p.add_argument("--max-rounds", type=int, default=9)
    p.add_argument("--rules", choices=("2026", "2017"), default="2026")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    if not args.engine:
        print(f"no reference engine: give --engine PATH or set {ENGINE_ENV}; nothing compared")
        return 0
    if not Path(args.engine).is_file():
        print(f"{args.engine}: no such engine file", file=sys.stderr)
        return 3
    tally = Tally()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hakem-diff-") as tmp:
        for seed in range(args.seed, args.seed + args.count):
            rounds = compare_tournament(seed, args, tally, Path(tmp))
            print(f"seed {seed}: {rounds} rounds; so far {tally.same} identical, "
                  f"{tally.different} different, {tally.engine_errors} engine errors", flush=True)
    print("\n".join(tally.first) if tally.first else "no difference")
    print(f"{args.count} tournaments, {tally.same + tally.different + tally.engine_errors} rounds: "
          f"{tally.same} identical, {tally.different} different, {tally.engine_errors} engine errors; "
          f"{tally.not_generated} not generated ({time.monotonic() - start:.0f} s)")
    return 1 if tally.different or tally.engine_errors else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
