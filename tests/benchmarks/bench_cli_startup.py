"""CPU time of CLI commands: what every scripted command and every ``ssh … hakem result`` pays
(prints figures; not collected by pytest).

    .venv/bin/python tests/benchmarks/bench_cli_startup.py [--players 300] [--repeat 5]

(the interpreter of the README's install: the system python3 has none of hakem's dependencies)

Each command runs as a child process (the installed ``hakem`` script of this interpreter's
environment, else ``python -m tui.launch``); its CPU time (user + system) is read from
``resource.getrusage(RUSAGE_CHILDREN)`` before and after, so the figures do not depend on the
machine's load as wall times do.  The children start from byte code, as an installed hakem
does (written once into a temporary ``PYTHONPYCACHEPREFIX``, whatever ``PYTHONDONTWRITEBYTECODE``
says: compiling ~60 modules on every start cost 0.07 s).  Measured:

1. ``python -c pass`` (the interpreter's own floor) and ``hakem --help``;
2. ``hakem result --help`` and ``hakem standings --help`` (one command's parser);
3. ``hakem result ID R B 1-0`` on a stored 300-player event (round 4 paired), a new board each time;
   then its start-up apart from its work: a child enters a result (its CPU, from a fresh
   process) and then another in the same process (everything imported: loading the event,
   entering, saving); the start-up (interpreter and imports) is the first less the second;
4. ``hakem pair --dutch IN.trf`` on the same event with round 4 not paired.

The targets (issue 35): every command starts in at most 0.1 s of CPU (only the command used
is imported).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def hakem() -> list[str]:
    script = Path(sys.executable).with_name("hakem")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "tui.launch"]


def cpu_of(argv: list[str], env: dict[str, str]) -> tuple[float, int]:
    """CPU seconds (user + system) of one child running ``argv``, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = subprocess.run(argv, capture_output=True, env=env, cwd=ROOT).returncode
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code


TWICE = r"""
import contextlib, io, sys, time
from tui.launch import main
first, second = sys.argv[1:6], sys.argv[6:11]
with contextlib.redirect_stdout(io.StringIO()):
    code = main(first)
    t1 = time.process_time()
    code = code or main(second)
    t2 = time.process_time()
print(t1, t2 - t1, code)
"""
"""A result entered from a fresh process, then another in the same process: the CPU of each."""


def start_and_work(tid: str, board: int, env: dict[str, str]) -> tuple[float, float]:
    """(start-up, work) of ``hakem result``: the first command's CPU less the second's (which
    finds everything imported), and the second's (loading the event, entering, saving)."""
    out = subprocess.run([sys.executable, "-c", TWICE, "result", tid, "4", str(board), "1-0",
                          "result", tid, "4", str(board + 1), "1-0"],
                         capture_output=True, text=True, env=env, cwd=ROOT, check=True).stdout.split()
    first, work, code = float(out[0]), float(out[1]), int(out[2])
    assert code == 0, out
    return first - work, work


def figures(label: str, runs: list[tuple[float, int]]) -> None:
    cpu = [c for c, _code in runs]
    codes = sorted({code for _c, code in runs})
    print(f"{label:<44} CPU median {statistics.median(cpu):.3f} s (min {min(cpu):.3f}, max {max(cpu):.3f}, "
          f"n={len(cpu)}; exit {codes})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from bench_tui import big_event

    from core import changes
    from core.trf import write_trf
    from tests.tui_fixtures import store_with

    work = Path(tempfile.mkdtemp(prefix="hakem-bench-cli-"))
    env = dict(os.environ, HAKEM_CONFIG_DIR=str(work / "config"), HAKEM_DATA=str(work / "data"),
               LANG="en_US.UTF-8", PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.pop("HAKEM_SOCKET", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed hakem starts from byte code
    t = big_event(args.players, 3)
    [tid] = store_with(work / "data", t)
    trf = work / "in.trf"
    trf.write_text(write_trf(changes.unpair_last_round(t).with_changes(system="dutch")))
    cmd = hakem()
    for warm in (["--help"], *(["--lang", "en", name, "--help"] for name in ("result", "standings", "pair"))):
        cpu_of(cmd + warm, env)  # the byte code of what is measured, written once
    cpu_of(cmd + ["result", tid, "4", str(args.repeat + 1), "1-0"], env)
    cpu_of(cmd + ["pair", "--dutch", str(trf)], env)
    print(f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    n = args.repeat
    figures("python -c pass", [cpu_of([sys.executable, "-c", "pass"], env) for _ in range(n)])
    figures("hakem --help", [cpu_of(cmd + ["--help"], env) for _ in range(n)])
    figures("hakem result --help", [cpu_of(cmd + ["result", "--help"], env) for _ in range(n)])
    figures("hakem standings --help", [cpu_of(cmd + ["standings", "--help"], env) for _ in range(n)])
    figures(f"hakem result (a {args.players}-player event)",
            [cpu_of(cmd + ["result", tid, "4", str(board), "1-0"], env) for board in range(1, n + 1)])
    split = [start_and_work(tid, board, env) for board in range(n + 2, 3 * n + 2, 2)]  # boards no run took
    start, work = [s for s, _w in split], [w for _s, w in split]
    print(f"{'  of which start-up (interpreter, imports)':<44} CPU median {statistics.median(start):.3f} s "
          f"(min {min(start):.3f}, max {max(start):.3f}); the command's work (loading, entering, saving) "
          f"{statistics.median(work):.3f} s")
    figures(f"hakem pair --dutch ({args.players} players, round 4)",
            [cpu_of(cmd + ["pair", "--dutch", str(trf)], env) for _ in range(n)])
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
