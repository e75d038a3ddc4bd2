"""OpenGotha's XML tournament file both ways, against OpenGotha itself (not collected by pytest).

Needs OpenGotha 3.51 built outside the repository (its public source, ``javac`` into OGB with
its ``lib/jhall.jar``) and our reader ``tests/benchmarks/OGXml.java`` compiled against it
(``javac -d OGX -cp OGB:jhall.jar tests/benchmarks/OGXml.java``): OpenGotha's own
``importTournamentFromXMLFile``, then per argument ``WRITE out.xml`` (its ``generateXMLFile``),
``PAIR r`` (its pairing steps as its pairing window calls them).  ``OGXML_CP`` is the class path:

    OGXML_CP=OGX:OGB:jhall.jar python tests/benchmarks/opengotha_xml_roundtrip.py [SEED ...] [FILE.xml ...]

Per seed, a McMahon event made in hakem (21–27 players, 3 clubs, 2 countries, a requested bye
(absence), forfeits, the odd player's bye), paired by hakem for 3 rounds:
  1. exported (``hakem export --opengotha``), read and written again by OpenGotha, compared field by
     field with hakem's file (players, games, byes, parameters);
  2. OpenGotha's file imported into hakem: round 4 paired by hakem in the original event and in the
     import — the pairs must be identical;
  3. OpenGotha pairs round 4 from hakem's file and from its own rewrite — identical.
Per ``--og`` file (written by OpenGotha): imported into hakem and exported; OpenGotha pairs the next
round from the original and from hakem's export — identical; and the field-by-field comparison.
Prints one line per case and the counts.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

RANKS = ["5d", "3d", "2d", "1d", "1k", "2k", "3k", "5k", "7k", "9k", "12k", "15k", "18k"]


def hakem(data: str, *args: object) -> str:
    done = subprocess.run(["hakem", *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, "HAKEM_DATA": data})
    if done.returncode:
        raise SystemExit(f"hakem {' '.join(map(str, args))}: {done.stderr.strip()}")
    return done.stdout


def opengotha(path: Path, *commands: str) -> list[str]:
    done = subprocess.run(["java", "-Djava.awt.headless=true", "-cp", os.environ["OGXML_CP"],
                           "info.vannier.gotha.OGXml", str(path), *commands], capture_output=True, text=True)
    return done.stdout.split("\n")


def fields(path: Path) -> tuple[dict, dict, set, dict]:
    root = ElementTree.parse(path).getroot()
    players = {(p.get("name", "") + p.get("firstName", "")).replace(" ", "").upper(): dict(p.attrib)
               for p in root.iter("Player")}
    games = {(g.get("roundNumber"), g.get("whitePlayer"), g.get("blackPlayer")): dict(g.attrib)
             for g in root.iter("Game")}
    byes = {(b.get("roundNumber"), b.get("player")) for b in root.iter("ByePlayer")}
    tps = root.find("TournamentParameterSet")
    params: dict = {e.tag: dict(e.attrib) for e in tps} if tps is not None else {}
    params["criteria"] = [c.get("name") for c in tps.iter("PlacementCriterion")] if tps is not None else []
    return players, games, byes, params


def differences(a: Path, b: Path) -> list[str]:
    """Every field that differs (attributes OpenGotha adds that an older file lacked count too)."""
    x, y = fields(a), fields(b)
    out = []
    for label, left, right in (("player", x[0], y[0]), ("game", x[1], y[1])):
        for key in sorted(set(left) | set(right)):
            if key not in left or key not in right:
                out.append(f"{label} {key} in one file only")
                continue
            out += [f"{label} {key} {k}: {left[key].get(k)!r} / {right[key].get(k)!r}"
                    for k in sorted(set(left[key]) | set(right[key])) if left[key].get(k) != right[key].get(k)]
    if x[2] != y[2]:
        out.append(f"byes {sorted(x[2] ^ y[2])}")
    for tag in sorted(set(x[3]) | set(y[3])):
        left, right = x[3].get(tag) or {}, y[3].get(tag) or {}
        if tag == "criteria":
            out += [f"criteria {left} / {right}"] if left != right else []
            continue
        out += [f"{tag} {k}: {left.get(k)!r} / {right.get(k)!r}"
                for k in sorted(set(left) | set(right)) if left.get(k) != right.get(k)]
    return out


def og_pairs(lines: list[str]) -> set[frozenset[str]]:
    return {frozenset(line.split()[2:4]) for line in lines if line.startswith("G ")} | \
        {frozenset([line.split()[1]]) for line in lines if line.startswith("BYE ")}


def hakem_pairs(data: str, tid: str, round_no: int) -> set[frozenset[str]]:
    shown = json.loads(hakem(data, "round", "pair", tid, "--format", "json"))
    t = json.loads(hakem(data, "export", tid, "--json"))
    names = {p["pno"]: p["name"] for p in t["players"]}
    pairs = {frozenset((names[b["white"]], names[b["black"]])) for b in shown["boards"]}
    return pairs | {frozenset([names[b["pno"]]]) for r in t["rounds"] if r["number"] == round_no
                    for b in r.get("byes", []) if b.get("kind") == "pab"}


def hakem_event(data: str, seed: int) -> str:
    rng = random.Random(seed)
    tid = hakem(data, "new", f"Round trip {seed}", "--system", "mcmahon", "--rounds", 5, "--mm-bar", "3d",
                "--mm-floor", "15k", "--start", "2026-12-05", "--time-control", "60+5x30").split()[-1]
    for i in range(rng.randint(21, 27)):
        hakem(data, "players", "add", tid, "--name", f"P{i:02d}{seed}, Ann", "--go-rank", rng.choice(RANKS),
              "--club", rng.choice(["Leid", "Delf", "Bonn"]), "--fed", rng.choice(["NED", "GER"]))
    hakem(data, "players", "bye", tid, 3, "--round", 2, "--kind", "zero")
    for round_no in (1, 2, 3):
        shown = json.loads(hakem(data, "round", "pair", tid, "--format", "json"))
        for b in shown["boards"]:
            hakem(data, "result", tid, round_no, b["board"], rng.choice(["1-0", "0-1", "1-0", "0-1", "+-"]))
    return tid


def main(argv: list[str]) -> int:
    seeds = [int(a) for a in argv if a.isdigit()] or ([] if any(a.endswith(".xml") for a in argv) else [1, 2, 3])
    og_files = [Path(a) for a in argv if a.endswith(".xml")]
    same = total = 0
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as files:
        work = Path(files)
        for seed in seeds:
            tid = hakem_event(data, seed)
            ours = work / f"{tid}.xml"
            hakem(data, "export", tid, "--opengotha", "-o", ours)
            theirs = work / f"{tid}-og.xml"
            og_round4 = opengotha(ours, "WRITE", str(theirs), "PAIR", "4")
            diff = differences(ours, theirs)
            back = hakem(data, "import", theirs).split()[-1]
            h_orig, h_back = hakem_pairs(data, tid, 4), hakem_pairs(data, back, 4)
            # OpenGotha 3.51.02 writes no dataVersion and reads a file without one as version 200
            # (every rating + 2050, old player keys): its own file is re-read as it was meant
            fixed = work / f"{tid}-og-201.xml"
            fixed.write_text(theirs.read_text(encoding="utf-8").replace("<Tournament ", '<Tournament dataVersion="201" ', 1),
                             encoding="utf-8")
            og_again = og_pairs(opengotha(fixed, "PAIR", "4"))
            ok = not diff and h_orig == h_back and og_pairs(og_round4) == og_again
            same += ok
            total += 1
            print(f"seed {seed}: fields differing {len(diff)}; hakem round 4 identical {h_orig == h_back}; "
                  f"OpenGotha round 4 identical {og_pairs(og_round4) == og_again} ({len(h_orig)} pairs)",
                  *diff[:5], *[sorted(p) for p in h_orig ^ h_back], sep="\n  ")
        for path in og_files:
            # mid-event: the file without its last round, which both programs then pair
            root = ElementTree.parse(path).getroot()
            last = max((int(g.get("roundNumber", "0")) for g in root.iter("Game")), default=1)
            games = root.find("Games")
            for g in list(games if games is not None else []):
                if int(g.get("roundNumber", "0")) >= last:
                    games.remove(g)
            cut = work / f"{path.stem}-r{last - 1}.xml"
            ElementTree.ElementTree(root).write(cut, encoding="UTF-8", xml_declaration=True)
            tid = hakem(data, "import", cut).split()[-1]
            ours = work / f"{tid}.xml"
            hakem(data, "export", tid, "--opengotha", "-o", ours)
            a, b = og_pairs(opengotha(cut, "PAIR", str(last))), og_pairs(opengotha(ours, "PAIR", str(last)))
            diff = differences(cut, ours)
            ok = a == b and not diff
            same += ok
            total += 1
            print(f"{path.name}: fields differing {len(diff)}; OpenGotha round {last} identical {a == b} "
                  f"({len(a)} pairs)", *diff[:5], sep="\n  ")
    print(f"{same} of {total} cases identical")
    return 0 if same == total else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
