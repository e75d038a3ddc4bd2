"""A cup's games are the event's games: with the default rules they are played at the event's
time control (review rev34d item 4: a 5+3 cup showed "Game 1 (20 min)"). Expected clocks: the
event's TRF-2026 record 222 (seconds + increment) and the named presets of
:mod:`core.playoff.rules`, which the organiser chooses for the cup on purpose."""

from __future__ import annotations

from core import changes
from core.model import Player, Tournament
from core.playoff.cup import replay
from core.playoff.timecontrol import TimeControl


def _cup(code: str, **knockout: object) -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, 5))
    return Tournament(id="cup", name="Cup", system="knockout", total_rounds=10, players=players,
                      time_control_code=code, options={"knockout": dict(knockout)})


def _clocks(t: Tournament) -> set[TimeControl]:
    """The time controls of the first round's games."""
    t = changes.pair_next_round(t)
    games = {g.id: g for g in replay(t).view.games}
    return {games[b.game].time_control for b in t.round(1).boards}


def test_the_default_rules_play_at_the_events_time_control() -> None:
    assert _clocks(_cup("300+3")) == {TimeControl(300, 3)}  # 5 min + 3 s
    assert _clocks(_cup("300+3", rules="seed-rapid")) == {TimeControl(300, 3)}  # the form stores it


def test_rules_the_organiser_chose_keep_their_clocks() -> None:
    assert _clocks(_cup("300+3", rules="seed-rapid-increment")) == {TimeControl(900, 10)}  # 15 min + 10 s
    assert _clocks(_cup("300+3", rules="seed")) == {TimeControl(180, 3)}  # Aktar p. 69: 3 min + 3 s


def test_without_one_clock_the_preset_stays() -> None:
    assert _clocks(_cup("")) == {TimeControl(1200)}  # seed-rapid: 20 minutes
    assert _clocks(_cup("40/5400+30:1800+30")) == {TimeControl(1200)}  # two periods are not a playoff clock


def test_the_board_names_the_events_time_control() -> None:
    from core.playoff.cup import board_games
    from core.playoff.labels import time_control_text

    t = changes.pair_next_round(_cup("300+3"))
    expected = time_control_text(TimeControl(300, 3))
    assert all(expected in text for text in board_games(t, 1).values())
