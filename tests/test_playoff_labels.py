"""Playoff words for people: formats by name, games by what they are, Armageddon with its
clocks (Aktar p. 67: White 5 minutes, Black 4, a draw counts for Black), stages and
placeholders translated."""

from __future__ import annotations

from core.i18n import set_language
from core.playoff import create, enter_result, evaluate
from core.playoff.labels import (
    entrant_text, format_choices, game_label, game_title, stage_text, time_control_text,
)
from core.playoff.timecontrol import TimeControl


def test_two_players_formats_by_name_with_straight_to_armageddon():
    choices = format_choices(2)
    assert [c.id for c in choices] == ["match", "match_armageddon", "armageddon"]
    assert choices[1].label == "Mini-match, then straight to Armageddon"
    state = create([1, 2], variant=choices[1].variant, **choices[1].overrides)
    assert [s["games"] for s in state["plan"]["rules"]["segments"]] == [2]  # no extension


def test_four_players_armageddon_variant_is_a_knockout_not_one_game():
    labels = {c.id: c.label for c in format_choices(4)}
    assert labels["armageddon"] == "Knockout of Armageddon games, pairing by lot"
    assert "round_robin_all" in labels and "knockout_all" in labels


def test_time_controls_in_the_readers_words():
    """One display of a clock (issue 34: a German cup showed 5′+3″ on the boards and 5 Min. +
    3 s on the timetable): 180 s = 3 min, 1200 s = 20 min, 90 s = 1 min 30 s."""
    assert time_control_text(TimeControl.parse("180+3")) == "3 min + 3 s"
    assert time_control_text(TimeControl.parse("1200")) == "20 min"
    assert time_control_text(TimeControl.parse("W300-B240")) == "White 5 min, Black 4 min"
    assert time_control_text(TimeControl.parse("90")) == "1 min 30 s"
    try:  # German: Min. and Sek. (never a bare s); Turkish dk/sn; Russian мин/с
        set_language("de")
        assert time_control_text(TimeControl.parse("180+3")) == "3 Min. + 3 Sek."
        assert time_control_text(TimeControl.parse("W300+2-B240+2")) == "Weiß 5 Min. + 2 Sek., Schwarz 4 Min. + 2 Sek."
        assert time_control_text(TimeControl.parse("90")) == "1 Min. 30 Sek."
        set_language("tr")
        assert time_control_text(TimeControl.parse("180+3")) == "3 dk + 3 sn"
        set_language("ru")
        assert time_control_text(TimeControl.parse("180+3")) == "3 мин + 3 с"
    finally:
        set_language("en")


def test_games_of_a_level_match_are_labelled_game_extension_armageddon():
    state = create([1, 2], variant="match")
    for _ in range(4):  # two regular games and two extension games, all drawn
        ready = evaluate(state).ready[0]
        state = enter_result(state, ready.id, "=")
    labels = [game_label(g) for g in evaluate(state).games]
    assert labels == ["Game 1", "Game 2", "Extension 1, game 1", "Extension 1, game 2", "Armageddon"]
    arm = evaluate(state).games[-1]
    assert game_title(arm) == "Armageddon (White 5 min, Black 4 min; a draw counts as a win for Black)"


def test_stage_and_placeholder_words_translated():
    try:
        set_language("de")
        assert stage_text("Semi-final") == "Halbfinale"
        assert entrant_text({}, "winner of Semi-final match 1") == "Sieger von Halbfinale, Wettkampf 1"
        assert entrant_text({7: "Kaya"}, 7) == "Kaya"
    finally:
        set_language("en")


def test_a_stage_is_not_named_by_a_clock_it_may_not_play():
    """rev34g #2: the seed formats' stages were stored as "Round robin 3+3" (Aktar's clock,
    p. 66) and shown so beside a 10 min + 5 s clock; the name leaves the clock to the clock's
    own column, and a playoff at another clock reads the same."""
    from core.playoff.formats import choose_format

    at_ten = create([1, 2, 3], time_control="600+5")
    assert at_ten["plan"]["name"] == "Round robin 3+3"  # the stored key stays (ids, old data)
    expected = {"en": ("Round robin", "Group A: round robin", "Round robin, tie-break", "Match (two games)"),
                "de": ("Rundenturnier", "Gruppe A: Rundenturnier", "Rundenturnier, Stechen",
                       "Wettkampf (zwei Partien)"),
                "tr": ("Döner turnuva", "A Grubu: döner turnuva", None, "Maç (iki oyun)"),
                "ru": ("Круговой турнир", "Группа A: круговой турнир", None, "Матч (две партии)")}
    try:
        for lang, (plain, group, tie, match) in expected.items():
            set_language(lang)
            assert stage_text(at_ten["plan"]["name"]) == plain
            assert stage_text("Group A: round robin 3+3") == group
            if tie:
                assert stage_text("Round robin 3+3 tie-break") == tie
            assert stage_text(choose_format(2)["name"]) == match
            for name in (choose_format(5, 1, "round_robin")["name"], choose_format(9)["final"]["name"]):
                assert "3+3" in name and "3+3" not in stage_text(name)
    finally:
        set_language("en")
