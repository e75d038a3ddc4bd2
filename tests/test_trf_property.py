"""Round-trip property: random tournaments → TRF-2026 → read → the identical model; the same
for TRF16 with what TRF16 can hold (no encoded type, time control, tie-break list, national
ratings or round-ranged prohibited pairs)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.model import ForbiddenRange, Tournament
from core.pairing.swiss.simulate import Settings, generate
from core.trf import parse_tournament, write_trf


def _random_tournament(seed: int) -> Tournament:
    rng = random.Random(seed)
    n = rng.randint(8, 24)
    system = rng.choice(["dutch", "dutch-2017", "burstein"])
    t = generate(Settings(players=n, rounds=rng.randint(3, min(8, n // 2)), seed=seed, byes=0.08,
                          forfeits=0.08, withdrawals=0.0), system)
    t = t.with_changes(id="")
    days = [f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}" if rng.random() < 0.8 else ""
            for _ in range(t.total_rounds)]
    while days and not days[-1]:
        days.pop()
    players = tuple(replace(p, birth=rng.choice(["", "1990", f"19{rng.randint(50, 99)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}"]),
                            sex=rng.choice(["", "m", "w"]), federation=rng.choice(["", "TUR", "GER"]),
                            fide_id=str(rng.randint(1, 99999999)) if rng.random() < 0.5 else "",
                            title=rng.choice(["", "GM", "WFM"]),
                            national_rating=rng.choice([0, 0, rng.randint(1000, 2400)]))
                    for p in t.players)
    times = [rng.choice(["", "10:00", "15:30"]) for _ in range(2)]
    while times and not times[-1]:  # the model's form (core.changes.set_round_schedule)
        times.pop()
    a, b = rng.sample(range(1, n + 1), 2)
    return t.with_changes(
        name=f"Random {seed}", place="Ankara", federation="TUR", start_date="2026-01-05",
        players=players, round_dates=tuple(days),
        round_times=tuple(times),
        time_control_code=rng.choice(["", "5400+30", "40/6000+30:900+30"]),
        tiebreaks=rng.choice([(), ("BH/C1", "BH", "SB")]),
        acceleration=rng.choice([None, "baku"]) if t.system == "dutch" else None,
        forbidden=((a, b),) if rng.random() < 0.5 else (),
        forbidden_ranges=(ForbiddenRange(2, 3, (b, a)),) if rng.random() < 0.5 else (),
    )


@pytest.mark.parametrize("seed", range(40))
def test_trf2026_round_trip_is_identical(seed: int) -> None:
    t = _random_tournament(seed)
    assert parse_tournament(write_trf(t)) == t


def _trf16_part(t: Tournament) -> Tournament:
    players = tuple(replace(p, national_rating=0) for p in t.players)
    return t.with_changes(time_control_code="", tiebreaks=(), forbidden_ranges=(), players=players)


@pytest.mark.parametrize("seed", range(40))
def test_trf16_round_trip_keeps_what_trf16_holds(seed: int) -> None:
    t = _trf16_part(_random_tournament(seed))
    assert parse_tournament(write_trf(t, flavour="16")) == t
