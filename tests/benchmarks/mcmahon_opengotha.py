"""Differential harness: hakem's McMahon against OpenGotha 3.51, round by round.

    python3 tests/benchmarks/mcmahon_opengotha.py OGDIR [EVENTS] [FIRST_SEED]
    OG_VARY=1 python3 tests/benchmarks/mcmahon_opengotha.py OGDIR [EVENTS] [FIRST_SEED]

OGDIR holds OpenGotha built from its public source outside this repository, with the audit
driver class ``info.vannier.gotha.OGDriver`` (it pairs one round the way OpenGotha's pairing
window does and prints OpenGotha's value of any matching); ``OGDIR/classes`` and
``OGDIR/jhall.jar`` are put on the class path.  Not part of the test suite: it needs Java and
OpenGotha.  Each event: 20–120 players (ranks 30k–7d), 4–6 rounds, bar 2d–5d, floor 15k–25k,
up to 10 clubs (a few players without one), 2–3 countries, about 5 % absences, 3 % forfeits,
odd fields (byes).  hakem pairs every round; OpenGotha gets hakem's history and pairs the same
round.  A round is *identical* (same bye, same pairs), of *equal cost* (same bye, and
OpenGotha's own value of hakem's matching equals that of its own), *better* (hakem's is
higher by OpenGotha's measure: OpenGotha's matcher missed) or *worse*; an identical round's
board numbers are compared with OpenGotha's tables (same / different tables).  At the end the
standings order with OpenGotha's default criteria (MMS, SOSM, SOSOSM) is compared.
Differences are printed with the event's seed and round so they can be replayed.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from core.changes import apply_pairing, set_result
from core.go.countries import country_code
from core.go.ranks import go_rating, rank_label
from core.model import ByeKind, GameResult, Player, RequestedBye, Tournament
from core.pairing.registry import get_system
from core.standings import compute_standings

RANK_1D = 21
"""Our rank number of 1d; OpenGotha's rank number of 1d is 0."""

RESULT_CODES = {GameResult.WHITE_WINS: "W", GameResult.BLACK_WINS: "B", GameResult.DRAW: "J",
                GameResult.BOTH_LOSE: "BL", GameResult.WHITE_FORFEIT_WIN: "WF",
                GameResult.BLACK_FORFEIT_WIN: "BF", GameResult.DOUBLE_FORFEIT: "BLF"}


VARY = int(os.environ.get("OG_VARY") or 0)
"""``OG_VARY=1``: also draw the seed-system round, handicap correction and ceiling, club and
country factors per event (OpenGotha's defaults otherwise).  ``OG_VARY=2`` draws as well the
draw-up/draw-down modes and compensation, both seed systems, the handicap basis, "count not
played games as ½" and per-player MMS corrections; the driver must then also accept
``PARAM duddupper|duddlower|seed1|seed2`` (1 top/random, 2 middle/fold, 3 bottom/slip),
``PARAM compensate|hdmms|halfnotplayed|barthr|nbwthr`` (0/1), ``PARAM minhd`` (the weight),
``PARAM rankthr`` (OpenGotha's rank number, 1d = 0) and an MMS correction as an 8th PLAYER
field.  ``OG_VARY=3`` draws as well 1–3 clubs groups of two clubs; the driver must then accept
``CLUBGROUP name club club …`` (OpenGotha's ``addClubsGroup`` of a ``ClubsGroup`` holding
those ``Club``s).  ``OG_VARY=4`` draws, on ``OG_VARY=2``'s parameters (no clubs groups),
OpenGotha's categories: 2–4 of them with lower limits drawn between 20k and 5d, and the
"avoid mixing categories" weight 0 (its McMahon default), 10^9 or 2·10^13 (its Swiss default);
the driver must then accept ``CATS limit …`` (OpenGotha's rank numbers, 1d = 0: its
``setNumberOfCategories`` and ``setLowerCategoryLimits``) and ``PARAM avoidcat W``.
``OG_CRITERIA="MMS DC SOSM"`` gives both programs that list of placement criteria (OpenGotha's
long names) for the final standings; the driver's ``SCORES round crit …`` then sets them and
prints DC and SDC after SOSOS; ``OG_STANDINGS_ONLY=1`` skips the round comparisons (hakem
still pairs every round).  ``OG_PLAYERS=N`` gives every event N players (above 600: the field is paired
in OpenGotha's pairing groups)."""

MODES = ("top", "middle", "bottom")
SEEDS = ("random", "fold", "slip")
CODES = {"top": 1, "middle": 2, "bottom": 3, "random": 1, "fold": 2, "slip": 3, "yes": 1, "no": 0,
         "mms": 1, "rank": 0}

OG_PARAMS = {"early_rounds": "seed1last", "correction": "corr", "ceiling": "ceil",
             "club_gap": "clubfactor", "country_gap": "countryfactor", "float_upper": "duddupper",
             "float_lower": "duddlower", "compensate_dudd": "compensate", "early_seeding": "seed1",
             "seeding": "seed2", "handicap_basis": "hdmms", "count_not_played_as_half": "halfnotplayed",
             "minimize_handicap": "minhd", "bar_threshold": "barthr", "rank_threshold": "rankthr",
             "nbw_threshold": "nbwthr", "avoid_mixing_categories": "avoidcat"}
"""hakem's McMahon option → the driver's PARAM name (its seed1last is 1-based like ours)."""


CRITERIA = os.environ.get("OG_CRITERIA", "").split()
"""OpenGotha's criteria for the final standings (empty: both programs' defaults)."""
OG_TO_HAKEM = {"MMS": "MMS", "SOSM": "SOS", "SODOSM": "SODOS", "SOSOSM": "SOSOS", "NBW": "NBW",
               "SOSM-1": "SOSM1", "SOSM-2": "SOSM2", "CUSSM": "CUSS", "SDC": "SDC", "DC": "DC", "CAT": "CAT"}
PRINTED = ("MMS", "SOS", "SODOS", "SOSOS", "DC", "SDC")
"""hakem's codes of the driver's SCORES columns (OpenGotha prints MMS… ×2, DC and SDC as they are)."""


def key(pno: int) -> str:
    return f"p{pno:03d}"


def make_event(seed: int) -> tuple[Tournament, random.Random]:
    rng = random.Random(seed)
    n = rng.randint(20, 120)
    n = int(os.environ.get("OG_PLAYERS") or 0) or n  # a large field: OpenGotha's pairing groups above 600
    rounds = rng.randint(4, 6)
    clubs = [f"C{i}" for i in range(rng.randint(4, 10))]
    countries = ["FR", "DE", "CZ"][: rng.randint(2, 3)]
    players = []
    for pno in range(1, n + 1):
        rank = max(-9, min(RANK_1D + 6, round(rng.gauss(12, 8))))
        club = "" if rng.random() < 0.05 else rng.choice(clubs)
        players.append(Player(pno=pno, name=f"{key(pno)}, X", club=club,
                              extra={"go_rank": rank_label(rank), "go_rating": 100 * rank + rng.randint(0, 99),
                                     "country": rng.choice(countries)}))
    absences = tuple(RequestedBye(pno, r, ByeKind.ZERO) for pno in range(1, n + 1)
                     for r in range(1, rounds + 1) if rng.random() < 0.05)
    bar, floor = rng.randint(RANK_1D + 1, RANK_1D + 4), rng.randint(RANK_1D - 25, RANK_1D - 15)
    go = {"bar": rank_label(bar), "floor": rank_label(floor)}
    if VARY >= 2:
        go |= {"float_upper": rng.choice(MODES), "float_lower": rng.choice(MODES),
               "compensate_dudd": rng.choice(("yes", "no")), "seeding": rng.choice(SEEDS),
               "early_seeding": rng.choice(SEEDS), "handicap_basis": rng.choice(("mms", "rank")),
               "count_not_played_as_half": rng.choice(("yes", "no")),
               "minimize_handicap": rng.choice(("0", "1000000000")), "bar_threshold": rng.choice(("yes", "no")),
               "rank_threshold": rank_label(rng.randint(RANK_1D - 5, RANK_1D + 3)),
               "nbw_threshold": rng.choice(("yes", "no"))}
        players = [replace(p, extra={**p.extra, "mms_correction": rng.randint(-1, 2)})
                   if rng.random() < 0.1 else p for p in players]
    if VARY == 3:
        grouped = rng.sample(clubs, min(len(clubs), 2 * rng.randint(1, 3)))
        go["club_groups"] = "; ".join(f"G{i}: {', '.join(grouped[i:i + 2])}" for i in range(0, len(grouped) - 1, 2))
    if VARY == 4:
        limits = sorted(rng.sample(range(RANK_1D - 20, RANK_1D + 5), rng.randint(1, 3)), reverse=True)
        go["categories"] = ", ".join(rank_label(limit) for limit in limits)
        go["avoid_mixing_categories"] = rng.choice(("0", "1000000000", "20000000000000"))
    if VARY:
        go |= {"early_rounds": str(rng.randint(0, 3)), "correction": str(rng.randint(0, 2)),
               "ceiling": str(rng.randint(5, 9)), "club_gap": str(rng.randint(0, 5)),
               "country_gap": str(rng.randint(0, 3))}
    t = Tournament(id=f"og{seed}", name="OG", system="mcmahon", total_rounds=rounds,
                   players=tuple(players), requested_byes=absences, options={"go": go},
                   tiebreaks=tuple(OG_TO_HAKEM[c] for c in CRITERIA))
    return t, rng


def og_input(t: Tournament, upto: int) -> list[str]:
    """OpenGotha's driver lines for the event with its rounds 1..upto."""
    mm = t.options["go"]
    lines = [f"ROUNDS {t.total_rounds}",
             f"PARAM bar {og_rank(mm['bar'])}", f"PARAM floor {og_rank(mm['floor'])}"]
    for ours, theirs in OG_PARAMS.items():
        if ours in mm:
            value = og_rank(mm[ours]) if ours == "rank_threshold" else CODES.get(mm[ours], mm[ours])
            lines.append(f"PARAM {theirs} {value}")
    if mm.get("club_groups"):
        from core.go.mcmahon_options import parse_club_groups

        lines += [f"CLUBGROUP {name} {' '.join(clubs)}" for name, clubs in parse_club_groups(mm["club_groups"])]
    if mm.get("categories"):
        lines.append("CATS " + " ".join(str(og_rank(limit.strip())) for limit in mm["categories"].split(",")))
    absent = {(b.pno, b.round) for b in t.requested_byes}
    absent |= {(b.pno, rnd.number) for rnd in t.rounds for b in rnd.byes if b.kind is not ByeKind.PAB}
    for p in t.players:
        part = "".join("-" if (p.pno, r) in absent else "+" for r in range(1, t.total_rounds + 1))
        rank = og_rank(str(p.extra["go_rank"]))
        correction = f" {p.extra['mms_correction']}" if "mms_correction" in p.extra else ""
        lines.append(f"PLAYER {key(p.pno)} {rank} {go_rating(p)} {p.club or '-'} {country_code(p)} {part}{correction}")
    for rnd in t.rounds[:upto]:
        for b in rnd.boards:
            code = RESULT_CODES.get(b.result, "U") if b.result else "U"
            lines.append(f"GAME {rnd.number - 1} {key(b.white)} {key(b.black)} {b.handicap or 0} {code}")
        for bye in rnd.byes:
            if bye.kind is ByeKind.PAB:
                lines.append(f"BYE {rnd.number - 1} {key(bye.pno)}")
    return lines


def og_rank(label: str) -> int:
    from core.go.ranks import parse_rank

    return parse_rank(label) - RANK_1D


def run_og(ogdir: str, lines: list[str]) -> list[str]:
    cp = f"{ogdir}/classes:{ogdir}/jhall.jar"
    done = subprocess.run(["java", "-cp", cp, "info.vannier.gotha.OGDriver"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=600, check=True)
    return done.stdout.splitlines()


def play(t: Tournament, rng: random.Random) -> Tournament:
    rnd = t.rounds[-1]
    for i in range(1, len(rnd.boards) + 1):
        roll = rng.random()
        code = "+-" if roll < 0.015 else "-+" if roll < 0.03 else rng.choice(("1-0", "0-1"))
        t = set_result(t, rnd.number, i, code)
    return t


def compare_round(ogdir: str, t: Tournament, round_no: int, counts: Counter, seed: int) -> None:
    lines = og_input(t, round_no - 1)
    out = run_og(ogdir, [*lines, f"PAIR {round_no - 1}"])
    og_bye = next((x.split()[1] for x in out if x.startswith("BYE ")), None)
    og_pairs = {frozenset(x.split()[2:4]) for x in out if x.startswith("G ")}
    rnd = t.rounds[round_no - 1]
    ours = {frozenset((key(b.white), key(b.black))) for b in rnd.boards}
    our_bye = next((key(b.pno) for b in rnd.byes if b.kind is ByeKind.PAB), None)
    if og_bye != our_bye:
        counts["different bye"] += 1
        print(f"seed {seed} round {round_no}: bye hakem {our_bye}, OpenGotha {og_bye}")
        return
    if ours == og_pairs:
        counts["identical"] += 1
        compare_tables(rnd, [frozenset(x.split()[2:4]) for x in out if x.startswith("G ")], counts, seed)
        return
    ev = " ".join(["|", *("-".join(sorted(p)) for p in ours), "|", *("-".join(sorted(p)) for p in og_pairs)])
    forced = [f"BYE {round_no - 1} {our_bye}"] if our_bye else []
    evaluation = run_og(ogdir, [*lines, *forced, f"EVAL {round_no - 1} {ev}"])
    full = next(x for x in evaluation if x.startswith("E +wb"))
    mine, theirs = (int(v) for v in full.split()[2:4])
    kind = "equal cost" if mine == theirs else "hakem better" if mine > theirs else "OpenGotha better"
    counts[kind] += 1
    if kind != "equal cost":
        levels = [x for x in evaluation if x.startswith("E ")]
        print(f"seed {seed} round {round_no}: {kind}: {' / '.join(levels)}")


def compare_tables(rnd, og_tables: list[frozenset], counts: Counter, seed: int) -> None:
    """Board numbers of a round whose pairs are identical: OpenGotha's tables (its driver
    prints them after ``renumberTablesByBestScoreThenRating``) against hakem's boards."""
    ours = [frozenset((key(b.white), key(b.black))) for b in rnd.boards]
    if ours == og_tables:
        counts["same tables"] += 1
        return
    counts["different tables"] += 1
    first = next(i for i, (a, b) in enumerate(zip(ours, og_tables, strict=True)) if a != b)
    print(f"seed {seed} round {rnd.number}: table {first + 1} hakem {'-'.join(sorted(ours[first]))}, "
          f"OpenGotha {'-'.join(sorted(og_tables[first]))}")


def compare_standings(ogdir: str, t: Tournament, counts: Counter, seed: int) -> None:
    out = run_og(ogdir, [*og_input(t, len(t.rounds)), " ".join(["SCORES", str(len(t.rounds) - 1), *CRITERIA])])
    og_order = [x.split()[1] for x in out if x.startswith("S ")]
    st = compute_standings(t)
    shown = [c for c in PRINTED if c in st.tiebreaks]  # the values of the list's own criteria
    og_values = {x.split()[1]: tuple(Fraction(int(x.split()[3 + PRINTED.index(c)]), 1 if c in ("DC", "SDC") else 2)
                                     for c in shown) for x in out if x.startswith("S ")}
    place = {key(r.pno): r.rank for r in st.rows}
    ok = all((place[a] or 0) <= (place[b] or 0) for a, b in zip(og_order, og_order[1:], strict=False))
    ours = {key(r.pno): tuple(Fraction(str(r.values[c].value if hasattr(r.values[c], "value") else r.values[c]))
                              for c in shown) for r in st.rows}
    same_values = all(ours[k] == og_values[k] for k in og_values)
    counts["standings same order" if ok else "standings different order"] += 1
    if "DC" in shown:  # how much DC had to decide (players it placed above another)
        counts["players with DC > 0"] += sum(1 for v in ours.values() if v[shown.index("DC")] > 0)
        counts["players in a DC cycle"] += _in_cycles(t, st)
    if not same_values:
        counts["criteria values differ"] += 1
    if not ok or not same_values:
        print(f"seed {seed}: standings order {'ok' if ok else 'DIFFERENT'}, values {'ok' if same_values else 'DIFFER'}"
              f" (hakem criteria {st.tiebreaks})")


def _in_cycles(t: Tournament, st) -> int:
    """Players of the tied groups DC ordered who beat each other round a cycle."""
    from core.go.confrontation import cycle_classes
    from core.tiebreaks.context import build_context
    from core.tiebreaks.go import _net

    ctx = build_context(t, len(t.rounds))
    count = 0
    for group in set(st.groups_at["DC"].values()):
        beat = {pair for pair, net in _net(ctx, list(group)).items() if net == 1}
        count += sum(1 for cls in cycle_classes(list(group), beat).values() if len(cls) > 1)
    return count


def main() -> None:
    ogdir = sys.argv[1]
    events = int(sys.argv[2]) if len(sys.argv) > 2 else 70
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    system = get_system("mcmahon")
    counts: Counter = Counter()
    for seed in range(first, first + events):
        t, rng = make_event(seed)
        for round_no in range(1, t.total_rounds + 1):
            t = apply_pairing(t, system.pair(t))
            if not os.environ.get("OG_STANDINGS_ONLY"):
                compare_round(ogdir, t, round_no, counts, seed)
            t = play(t, rng)
        compare_standings(ogdir, t, counts, seed)
        print(f"after seed {seed}: {dict(counts)}", flush=True)
    rounds = sum(counts[k] for k in ("identical", "equal cost", "hakem better", "OpenGotha better", "different bye"))
    print(f"{events} events, {rounds} rounds: {dict(counts)}")


if __name__ == "__main__":
    main()
