"""Benchmark: what the register of heads costs a commit (``heads.reached``) and doctor
(``heads.newest``) when the data directory has seen 100,000 changes of 200 tournaments.

Run:  python3 tests/benchmarks/bench_heads_register.py
Prints the register's size, the first ``reached`` of a process (a fresh ``hakem`` CLI command
reads the whole register once), the next one (the service: only what was appended), and
doctor's read of every record.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from core.store import heads
from core.file_safety import SafeDir


def main(changes: int = 100_000, tournaments: int = 200) -> None:
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    folder = Path(tempfile.mkdtemp())
    lines = [json.dumps({"file": f"t{i % tournaments}.hakem.json", "rev": i // tournaments + 1,
                         "head": hashlib.sha256(str(i).encode()).hexdigest(), "time": "2026-12-07T12:00:00+00:00"},
                        sort_keys=True, separators=(",", ":")) for i in range(changes)]
    register = folder / "heads.jsonl"
    register.write_text("\n".join(lines) + "\n")
    os.chmod(register, 0o600)
    print(f"register: {changes} changes of {tournaments} tournaments, {register.stat().st_size / 1e6:.1f} MB")
    safe = SafeDir.open(folder)
    for label in ("first reached (a fresh process)", "next reached (nothing appended)"):
        start = time.perf_counter()
        heads.reached(safe, "t7.hakem.json")
        print(f"{label}: {(time.perf_counter() - start) * 1000:.2f} ms")
    start = time.perf_counter()
    heads.newest(safe)
    print(f"doctor's newest (every record): {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
