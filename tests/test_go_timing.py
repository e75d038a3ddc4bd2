"""EGF adjusted time ("условное время", EGD TM) and EGD class from the time control.

Expected values: the Gamma procedure's rating file ("время 50+5/20, условное время 65", the Gamma procedure) and
the EGF definition (basic time + 45 moves of Japanese byo-yomi, 60 moves of Canadian
byo-yomi, 120 moves of Fischer increments; class minima A 60/75, B 40/50, C 25/30 minutes,
Fischer A 45/75, B 30/50, C 20/30, with the EGF's own Fischer examples).
"""

from __future__ import annotations

import pytest

from core.go.timing import adjusted_time, egd_class


@pytest.mark.parametrize("time_control,adjusted", [
    ("50+5/20", "65"),          # the Gamma procedure: 50 + 60 × 5/20
    ("60+5/25", "72"),          # 60 + 60 × 5/25
    ("60+5x30s", "82.5"),       # 60 + 45 × 30 s
    ("40 + 3 × 20", "55"),      # 40 + 45 × 20 s
    ("45+15s", "75"),           # EGF's class A Fischer example: 45 + 120 × 15 s
    ("30+10s", "50"),           # class B example
    ("20+5s", "30"),            # class C example
    ("90", "90"),               # sudden death
    ("", ""), ("1 hour", ""), ("50+5/0", ""),
])
def test_adjusted_time(time_control: str, adjusted: str) -> None:
    assert adjusted_time(time_control) == adjusted


@pytest.mark.parametrize("time_control,klass", [
    ("60+5/20", "A"),   # basic 60, adjusted 75
    ("59+10/20", "B"),  # basic below 60
    ("40+5/30", "B"),   # 40 + 10 = 50
    ("40+4/30", "C"),   # adjusted 48 < 50
    ("25+5/60", "C"),   # 25 + 5 = 30
    ("24+10/20", ""),   # basic below 25
    ("45+15s", "A"), ("30+10s", "B"), ("20+5s", "C"), ("20+4s", ""),
    ("50+5/20", "B"),   # the Gamma procedure's event: basic 50 < 60, adjusted 65 ≥ 50
    ("rapid", ""),
])
def test_egd_class(time_control: str, klass: str) -> None:
    assert egd_class(time_control) == klass


def test_exports_fill_in_adjusted_time_and_class_when_not_set() -> None:
    from core.gorender.export import egd_h9_export, rating_commission_export
    from core.model import Player, Tournament

    players = tuple(Player(i, f"Player {i}", extra={"go_rating": 2000 - 100 * i}) for i in (1, 2))
    t = Tournament(id="g", name="Go", system="gamma", total_rounds=1, players=players,
                   time_control="50+5/20")
    assert "; время 50+5/20, условное время 65" in rating_commission_export(t).splitlines()
    egd = egd_h9_export(t).splitlines()
    assert "; TM[65]" in egd and "; CL[B]" in egd
    # the arbiter's own values win
    t = t.with_changes(options={"go": {"nominal_time": "70", "egd_class": "C"}})
    egd = egd_h9_export(t).splitlines()
    assert "; TM[70]" in egd and "; CL[C]" in egd
