"""Benchmark of the Dutch engine on every round of big opens: CPU and peak memory of the whole
``hakem pair --dutch`` process for rounds 2…R of several generated events per size.

Why this one: the arbiter waits longest in rounds 2–4 of a big open, when the score groups
are largest; ``bench_dutch.py`` measures round 5 only.  The events come from our own generator
(``core.pairing.swiss.simulate``, its default draws, forfeits, byes and withdrawals; seeds
77, 78, …), are cached as TRF in ``$HAKEM_BENCH_DIR`` (default: the temp directory) and cut
into one input per round by ``core.pairing.replay.input_for_round`` (rounds before r, round r's
requested byes).  Each input is paired ``--repeat`` times in a fresh process and the *minimum*
CPU time (user + sys of the child, from ``wait4``) is kept: the figure least disturbed by other
work on a shared machine.  Peak memory is the child's maximum resident set.  The modules are
byte-compiled once before the first run (``compileall``), as ``pip install`` leaves them: an
environment with ``PYTHONDONTWRITEBYTECODE`` would otherwise make every child compile ~70 modules
from source (≈ 0.2 s, a third of a 300-player round), which no installed hakem pays.

With ``HAKEM_BENCH_ENGINE`` set to a command line of a public engine, with ``{input}`` and
``{output}`` where the files go (e.g. ``"/path/bbpPairings.exe --dutch {input} -p {output}"``),
the same inputs are paired by it too: the ratio hakem / engine is printed per round and for
each size's worst round, and the two pairing files are compared (pairs, colours, board order:
the engine output format is the same) — a differential test on big fields as a by-product.
Not collected by pytest.

    python3 tests/benchmarks/bench_dutch_rounds.py [SIZES...] [--events K] [--rounds R]
        [--repeat M] [--only-rounds 2,3]          # default: 300 500 1000 2000, K=3, R=9, M=3
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

FIRST_SEED = 77

HAKEM_CHILD = ("import sys\n"
               "from core.cli import main\n"
               "raise SystemExit(main(sys.argv[1:]))\n")


@dataclass(frozen=True)
class Run:
    """One process: CPU seconds (user + sys) and peak resident memory in MB."""

    cpu: float
    peak_mb: int


def event_file(players: int, rounds: int, seed: int, cache: Path) -> Path:
    """The generated event (all ``rounds`` rounds), generated once and cached."""
    from core.pairing.swiss.simulate import Settings, generate
    from core.trf import write_trf

    path = cache / f"event_{players}p_{rounds}r_s{seed}.trf"
    if not path.exists():
        start = time.process_time()
        t = generate(Settings(players=players, rounds=rounds, seed=seed))
        spent = time.process_time() - start
        tmp = path.with_suffix(".part")
        tmp.write_text(write_trf(t))
        tmp.replace(path)
        print(f"  generated {path.name}: {spent:.1f} s CPU", flush=True)
    return path


def round_input(event: Path, r: int, cache: Path) -> Path:
    """The input for pairing round ``r`` of ``event`` (its history before ``r``)."""
    from core.pairing.replay import input_for_round
    from core.trf import parse_tournament, write_trf

    path = cache / f"{event.stem}_round{r}.trf"
    if not path.exists():
        t = parse_tournament(event.read_text())
        path.write_text(write_trf(input_for_round(t, r)))
    return path


def measure(argv: list[str]) -> Run:
    """Run ``argv`` to its end; its own CPU time and peak memory (``wait4`` rusage)."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{argv[0]} failed ({proc.returncode}): {err.decode(errors='replace')}")
    return Run(usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024)


def best_of(argv: list[str], repeat: int) -> Run:
    runs = [measure(argv) for _ in range(repeat)]
    return Run(min(r.cpu for r in runs), max(r.peak_mb for r in runs))


def hakem_argv(path: Path, out: Path) -> list[str]:
    return [sys.executable, "-c", HAKEM_CHILD, "pair", "--dutch", str(path), "-p", str(out)]


def engine_argv(template: str, path: Path, out: Path) -> list[str]:
    return [part.replace("{input}", str(path)).replace("{output}", str(out))
            for part in shlex.split(template)]


def bench_size(players: int, args: argparse.Namespace, cache: Path, engine: str | None) -> None:
    out_hakem = cache / f"out_hakem_{os.getpid()}.txt"
    out_engine = cache / f"out_engine_{os.getpid()}.txt"
    rounds = range(2, args.rounds + 1) if not args.only_rounds else args.only_rounds
    ours: list[tuple[Run, str, float | None]] = []
    engine_cpus: list[float] = []
    differ = 0
    for k in range(args.events):
        event = event_file(players, args.rounds, FIRST_SEED + k, cache)
        for r in rounds:
            path = round_input(event, r, cache)
            mine = best_of(hakem_argv(path, out_hakem), args.repeat)
            theirs = (best_of(engine_argv(engine, path, out_engine), args.repeat)
                      if engine else None)
            ratio = mine.cpu / theirs.cpu if theirs and theirs.cpu > 0 else None
            if theirs:
                engine_cpus.append(theirs.cpu)
            label = f"seed {FIRST_SEED + k} round {r}"
            ours.append((mine, label, ratio))
            extra = ""
            if theirs and ratio is not None:
                same = out_hakem.read_text() == out_engine.read_text()
                differ += not same
                extra = (f"  engine {theirs.cpu:7.2f} s {theirs.peak_mb:5} MB  ratio {ratio:.2f}"
                         f"  {'same' if same else 'DIFFERENT'}")
            print(f"  {players:>5} {label:<18} hakem {mine.cpu:7.2f} s {mine.peak_mb:5} MB{extra}",
                  flush=True)
    cpus = [run.cpu for run, _, _ in ours]
    worst = max(ours, key=lambda item: item[0].cpu)
    peak = max(run.peak_mb for run, _, _ in ours)
    ratio_text = f", ratio there {worst[2]:.2f}" if worst[2] is not None else ""
    differ_text = f", {differ} pairings differ from the engine's" if engine else ""
    print(f"{players:>5} players: median {statistics.median(cpus):.2f} s, worst {worst[0].cpu:.2f} s "
          f"({worst[1]}{ratio_text}, {worst[0].peak_mb} MB), peak {peak} MB, {len(ours)} rounds"
          f"{differ_text}", flush=True)
    ratios = [r for _, _, r in ours if r is not None]
    if engine_cpus and ratios:
        print(f"{'':>5} engine: median {statistics.median(engine_cpus):.2f} s, worst "
              f"{max(engine_cpus):.2f} s; ratio median {statistics.median(ratios):.2f}, highest "
              f"{max(ratios):.2f}; load average {os.getloadavg()[0]:.1f}", flush=True)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("sizes", nargs="*", type=int, default=[300, 500, 1000, 2000])
    p.add_argument("--events", type=int, default=3)
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--only-rounds", type=lambda s: [int(x) for x in s.split(",")], default=None)
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    cache = Path(os.environ.get("HAKEM_BENCH_DIR", tempfile.gettempdir())) / "hakem_bench_rounds"
    cache.mkdir(parents=True, exist_ok=True)
    engine = os.environ.get("HAKEM_BENCH_ENGINE") or None
    subprocess.run([sys.executable, "-m", "compileall", "-q", "core"], cwd=ROOT, check=True)
    print(f"CPU seconds (user+sys) of the whole process, minimum of {args.repeat}; peak RSS",
          flush=True)
    for n in args.sizes:
        bench_size(n, args, cache, engine)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
