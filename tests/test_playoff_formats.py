"""Aktar's table of playoff formats for ties for first place (pp. 69–70).

Expected values are read off Aktar's text (and docs/rules/playoffs.md), not from our output:
group compositions, kinds of stage, number of games and time controls.
"""

import json

import pytest

from core.cli import main
from core.playoff import choose_format, variants
from core.playoff.formats import FormatError

SEED = "180+3"      # p. 69 (1): 3 minutes + 3 seconds from the first move
GOLDEN = "W300-B240"  # p. 67: golden game, White 5', Black 4'


def dry_run(capsys, k, t=1, *extra):
    assert main(["playoff", "--tied", str(k), "--places", str(t), "--format", "json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def shape(stages):
    return [(s["kind"], s["groups"], s["games"], s["time_control"]) for s in stages]


# size -> stages Aktar prescribes: (kind, groups of seeds, games, time control)
EXPECTED = {
    2: [("match", [[1, 2]], 2, SEED)],                                   # (1) two games 3+3
    3: [("round_robin", [[1, 2, 3]], 1, SEED)],                          # (2) Berger 3+3
    4: [("knockout", [[1, 2, 3, 4]], 2, SEED)],                          # (3) two-game knockout
    5: [("knockout", [[1, 2, 3, 4]], 2, SEED)],                          # (4) best four apply (3)
    6: [("round_robin", [[1, 4, 5], [2, 3, 6]], 1, SEED),                # (5) groups, each (2)
        ("armageddon", [], 1, GOLDEN)],                                  #     winners: golden game
    7: [("knockout", [[1, 5, 2, 6, 3, 7, 4]], 1, GOLDEN)],               # (6) 1,5,2,6,3,7,4
    8: [("knockout", [[1, 2, 3, 4, 5, 6, 7, 8]], 1, GOLDEN)],            # (7) golden knockout
    9: [("round_robin", [[1, 5, 9], [2, 6, 7], [3, 4, 8]], 1, SEED),     # (8) A, B, C apply (2)
        ("round_robin", [], 1, SEED)],                                   #     winners apply (2)
    10: [("knockout", [[1, 4, 5, 8], [2, 3, 6, 7]], 2, SEED),            # (9) two groups apply (4)
         ("armageddon", [], 1, GOLDEN)],                                 #     winners: golden game
}
# (10) the best nine play (8); "devam eden sekiz oyuncu" — the eight of them still playing, known
# once (8) has its winner — play (7); players 10 and below do not play
EXPECTED[11] = EXPECTED[9] + [("knockout", [], 1, GOLDEN)]
EXPECTED[12] = EXPECTED[9] + [("knockout", [], 1, GOLDEN)]


@pytest.mark.parametrize("k", sorted(EXPECTED))
def test_dry_run_matches_seed_table(capsys, k):
    out = dry_run(capsys, k)
    assert set(out) == {"stages"}
    for stage in out["stages"]:
        assert set(stage) == {"name", "kind", "groups", "games", "time_control"}
        assert stage["name"]
    assert shape(out["stages"]) == EXPECTED[k]


def test_eleven_plus_sends_no_one_below_the_nine_to_the_other_prizes(capsys):
    out = dry_run(capsys, 20)
    assert all(s <= 9 for stage in out["stages"] for group in stage["groups"] for s in group)


def test_groups_of_six_and_nine_are_the_seeds():
    six = choose_format(6)
    assert six["groups"] == [[1, 4, 5], [2, 3, 6]]
    nine = choose_format(9)
    assert nine["groups"] == [[1, 5, 9], [2, 6, 7], [3, 4, 8]]
    assert choose_format(7)["order"] == [1, 5, 2, 6, 3, 7, 4]


@pytest.mark.parametrize("k,variant,expected", [
    (2, "armageddon", [("armageddon", [[1, 2]], 1, GOLDEN)]),
    (3, "drop_lowest", [("round_robin", [[1, 2, 3]], 1, SEED)]),
    (4, "armageddon", [("knockout", [[1, 2, 3, 4]], 1, GOLDEN)]),
    (5, "round_robin", [("round_robin", [[1, 2, 3, 4, 5]], 1, SEED)]),
])
def test_seed_alternatives_are_selectable(capsys, k, variant, expected):
    assert shape(dry_run(capsys, k, 1, "--variant", variant)["stages"]) == expected


def test_overrides_change_games_and_time_controls(capsys):
    # a typed clock is minutes + seconds, as `hakem new --time-control 10+5` reads it (rev34g #1:
    # 10+5 was a 10-second game); the plan keeps the TRF-2026 code, seconds: 10 min = 600 s
    out = dry_run(capsys, 2, 1, "--games", "4", "--time-control", "10+5")
    assert shape(out["stages"]) == [("match", [[1, 2]], 4, "600+5")]
    out = dry_run(capsys, 6, 1, "--time-control", "5+2", "--armageddon-time-control", "W240-B180")
    assert shape(out["stages"]) == [("round_robin", [[1, 4, 5], [2, 3, 6]], 1, "300+2"),
                                    ("armageddon", [], 1, "W240-B180")]
    out = dry_run(capsys, 4, 1, "--ladder", "2x25+10,2x10+10,2x5+3")
    assert shape(out["stages"]) == [("knockout", [[1, 2, 3, 4]], 2, "1500+10")]


@pytest.mark.parametrize("typed, code", [("10+5", "600+5"), ("3 Min. + 2 Sek.", "180+2"), ("15'+10\"", "900+10"),
                                         ("20", "1200"), ("1.5+2", "90+2")])
def test_a_playoff_clock_reads_as_the_events_does(capsys, typed, code):
    """One reader of a typed clock (core.i18n.clock.read_clock): the minutes first, then the
    seconds added a move; 1.5 minutes = 90 s."""
    from core.i18n.clock import read_clock

    assert dry_run(capsys, 2, 1, "--time-control", typed)["stages"][0]["time_control"] == code
    if typed != "1.5+2":
        periods, increment = read_clock(typed)
        assert f"{int(periods[0].minutes * 60)}+{increment}".removesuffix("+0") == code


def test_several_places_use_the_general_knockout(capsys):
    # p. 68: k=8, t=6 -> only a preliminary round; default games 20 minutes (p. 67)
    out = dry_run(capsys, 8, 6)
    assert shape(out["stages"]) == [("knockout", [[1, 2, 3, 4, 5, 6, 7, 8]], 2, "1200")]


def test_unknown_variant_lists_the_choices():
    with pytest.raises(FormatError) as err:
        choose_format(6, 1, "nonsense")
    assert "groups" in str(err.value)
    assert variants(4)[0] == "knockout"


def test_dry_run_errors_are_one_line(capsys):
    assert main(["playoff", "--tied", "1", "--places", "1"]) == 3
    assert main(["playoff", "--tied", "4", "--games", "3", "--format", "json"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("hakem:") == 2


def test_dry_run_text_has_a_timetable(capsys):
    assert main(["playoff", "--tied", "2", "--places", "1", "--start", "18:00"]) == 0
    out = capsys.readouterr().out
    assert "18:30" in out and "18:47" in out   # 30-min break, 12-min game, 5-min break
    assert main(["playoff", "--tied", "2", "--places", "1"]) == 0
    assert "+0:30" in capsys.readouterr().out


def test_presets_breaks_and_no_armageddon(capsys):
    out = dry_run(capsys, 2, 1, "--preset", "fide-2015")
    assert shape(out["stages"]) == [("match", [[1, 2]], 2, "1500+10")]   # World Cup 2015 ladder
    out = dry_run(capsys, 6, 1, "--no-armageddon")
    assert out["stages"][1]["kind"] == "match" and out["stages"][1]["time_control"] == "180+2"
    assert main(["playoff", "--tied", "2", "--start", "18:00", "--break-after-event", "10", "--force",
                 "--break-games", "2"]) == 0
    text = capsys.readouterr().out
    assert "18:10" in text and "18:24" in text   # 18:10-18:22, then 2 minutes
    assert main(["playoff", "--tied", "2", "--preset", "nope", "--format", "json"]) == 3
