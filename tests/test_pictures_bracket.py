"""Brackets drawn as trees: structure, layout, live updates, cup events, HTML.

Expected values: the pairings are Aktar's rule (p. 68: first v last, re-seeded
every round; players beyond the bracket's size advance without a game), worked out by hand
below; the hand-drawn 4-player picture is the layout this module promises; winners are checked
against ``core.playoff``'s own places (a second, independent derivation of who won).
"""

from __future__ import annotations

import random

import pytest

from core import changes
from core.i18n import set_language
from core.model import Player, Tournament
from core.pictures.bracket import (
    Node, bracket_page, bracket_text, brackets_text, column_width, cup_brackets, playoff_brackets,
)
from core.pictures.text import cells
from core.playoff import create, decided_places, enter_result, evaluate
from tests.test_pictures_app import playoff_state

TWO_GAMES = {"segments": [{"games": 2, "time_control": "1200"}], "decider": "armageddon"}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def ko(n: int, rules=TWO_GAMES, **extra) -> dict:
    return create(list(range(1, n + 1)), 1, plan={"kind": "knockout", "name": "", "places": 1,
                                                   "rules": rules, **extra}, seed=7)


def better_wins(state: dict, rounds: int = 99) -> dict:
    """Enter every ready game as a win for the lower pairing number (the favourite)."""
    for _ in range(rounds):
        ready = evaluate(state).ready
        if not ready:
            break
        for g in ready:
            state = enter_result(state, g.id, "1-0" if g.white < g.black else "0-1")
    return state


def leaves(node: Node | None) -> list[int | None]:
    """Entrants in top-to-bottom order of the lines where they start."""
    if node is None:
        return []
    out: list[int | None] = []
    for e, c in zip(node.entries, node.children):
        out += leaves(c) if c is not None else [e.pno]
    return out


NAMES = {i: f"P{i}" for i in range(1, 70)}


def test_eight_players_seed_pairings_and_tree_order():
    """8 players: 1–8, 4–5 feed one semi-final, 2–7, 3–6 the other (standard bracket)."""
    state = better_wins(ko(8))
    (b,) = playoff_brackets(state, NAMES)
    assert b.round_names == ("Quarter-final", "Semi-final", "Final")
    (root,) = b.roots
    assert root.winner == 1
    # Re-seeding after the favourites won: semi-finals 1–4 and 2–3 (first v last of 1,2,3,4).
    top, bottom = root.children
    assert {e.pno for e in top.entries} == {1, 4}
    assert {e.pno for e in bottom.entries} == {2, 3}
    assert leaves(root) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_upset_follows_the_games_not_a_fixed_tree():
    """If 8 beats 1, the survivors 2,3,4,8 re-pair 2–8 and 3–4 (first v last again)."""
    state = ko(8)
    for pair, winner in (({1, 8}, 8), ({2, 7}, 2), ({3, 6}, 3), ({4, 5}, 4)):
        state = win_match(state, pair, winner)
    (b,) = playoff_brackets(state, NAMES)
    semis = [{e.pno for e in c.entries} for c in b.roots[0].children]
    assert sorted(map(sorted, semis)) == [[2, 8], [3, 4]]


def test_hand_drawn_four_player_bracket():
    """The layout promised in the module docstring, drawn by hand for 4 players, 1 and 2 won."""
    state = better_wins(ko(4))
    (b,) = playoff_brackets(state, {1: "Ann", 2: "Bob", 3: "Cem", 4: "Dan"})
    pic = bracket_text(b, 48)
    assert column_width(b, 48) == 16
    expected = [
        "Semi-final      Final           Winner",
        "",
        "1 Ann      2 ─┐",
        "              ├─1 Ann      2 ─┐",
        "4 Dan      0 ─┘               │",
        "                              ├─1 Ann",
        "2 Bob      2 ─┐               │",
        "              ├─2 Bob      0 ─┘",
        "3 Cem      0 ─┘",
    ]
    assert pic.lines == expected
    winner_spans = [(s.line, s.start) for s in pic.spans if s.kind == "winner"]
    assert (5, 32) in winner_spans  # the champion
    assert (2, 0) in winner_spans and (6, 0) in winner_spans and (3, 16) in winner_spans


def test_byes_drawn_dashed_and_linked():
    """6 players in an 8-bracket: 1 and 2 advance without a game (imaginary opponents)."""
    state = better_wins(ko(6))
    (b,) = playoff_brackets(state, NAMES)
    root = b.roots[0]
    kinds = []

    def walk(n):
        if n is None:
            return
        kinds.append((n.kind, n.round, tuple(e.pno for e in n.entries)))
        for c in n.children:
            walk(c)

    walk(root)
    assert ("bye", 1, (1,)) in kinds and ("bye", 1, (2,)) in kinds
    assert ("match", 1, (3, 6)) in kinds and ("match", 1, (4, 5)) in kinds
    text = bracket_text(b, 80).text
    assert "╌" in text
    assert "advances without a game" in brackets_text([b], 80).text


def win_match(state: dict, pair: set[int], winner: int) -> dict:
    """Enter (or correct) every game of the match between ``pair`` as won by ``winner``."""
    for g in evaluate(state).games:
        if {g.white, g.black} == pair and g.kind == "regular":
            state = enter_result(state, g.id, "1-0" if g.white == winner else "0-1")
    return state


def test_live_updates_and_corrections():
    """A result appears at once; correcting it moves the other player on."""
    state = ko(4)
    (before,) = playoff_brackets(state, NAMES)
    assert before.roots[0].children[0].winner is None
    state = win_match(state, {1, 4}, 4)
    (after,) = playoff_brackets(state, NAMES)
    assert after.roots[0].children[0].winner == 4
    assert 4 in [e.pno for e in after.roots[0].entries]
    state = win_match(state, {1, 4}, 1)   # corrected: 1 won both games
    (corrected,) = playoff_brackets(state, NAMES)
    assert 1 in [e.pno for e in corrected.roots[0].entries]
    assert 4 not in [e.pno for e in corrected.roots[0].entries]


def test_extension_and_armageddon_flags():
    state, names = playoff_state("done")
    (b,) = playoff_brackets(state, names)
    qf = {frozenset(e.pno for e in n.entries): n.flags
          for semi in b.roots[0].children for n in semi.children}
    assert qf[frozenset({2, 7})] == "EA"   # drawn, drawn extension, Armageddon
    assert qf[frozenset({3, 6})] == "E"    # decided in the extension
    assert qf[frozenset({1, 8})] == ""
    # Armageddon: the underdog won it, so 7 went through.
    assert 7 in [e.pno for semi in b.roots[0].children for e in semi.entries]
    *_tree, extension, armageddon, reseeded = brackets_text([b], 80).lines  # one legend line per flag
    assert extension == "E: extension games" and armageddon == "A: Armageddon, decided the match (not counted in its score)"
    assert reseeded == "rounds re-seeded: first meets last"  # the semi-finals were paired after the quarter-finals


def test_running_match_marked_pending():
    state, names = playoff_state("live")
    (b,) = playoff_brackets(state, names)
    semis = b.roots[0].children
    assert any(s.running for s in semis)
    assert b.roots[0].winner is None
    pic = bracket_text(b, 80)
    assert any(s.kind == "pending" for s in pic.spans)


@pytest.mark.parametrize("k", list(range(2, 21)))
def test_random_results_winner_matches_playoff_places(k):
    """Any size, random results: the tree's champion is the playoff's first place, every
    player starts on exactly one line, and each match winner is an entrant of the next."""
    rng = random.Random(k)
    state = ko(k, TWO_GAMES)
    for _ in range(200):
        ready = evaluate(state).ready
        if not ready:
            break
        for g in ready:
            state = enter_result(state, g.id, rng.choice(["1-0", "0-1", "1/2"]))
    places = decided_places(state)
    assert places is not None
    (b,) = playoff_brackets(state, NAMES)
    assert [r.winner for r in b.roots] == [places[0][0]]
    assert sorted(leaves(b.roots[0])) == list(range(1, k + 1))

    def check(node, parent):
        if node.kind == "match" and parent is not None:
            assert node.winner in [e.pno for e in parent.entries]
        for c in node.children:
            if c is not None:
                check(c, node)

    check(b.roots[0], None)


def test_fits_80_columns_and_scrolls_when_big():
    state = better_wins(ko(16))
    (b,) = playoff_brackets(state, NAMES)
    assert brackets_text([b], 80).width <= 80
    state = ko(64)
    (big,) = playoff_brackets(state, NAMES)
    pic = brackets_text([big], 80)
    assert big.rounds == 6
    assert pic.width > 80                      # 7 columns of at least 16 cells: the view scrolls
    assert len(pic.lines) >= 2 * 64 - 1


def test_third_place_match_drawn_below():
    state = better_wins(ko(4, TWO_GAMES, third_place=True))
    (b,) = playoff_brackets(state, NAMES)
    assert b.third is not None and b.third.winner == 3
    assert "Match for third place" in bracket_text(b, 80).text


def cup_event(n: int) -> Tournament:
    players = tuple(Player(i, f"Cup {i}", 2400 - 10 * i) for i in range(1, n + 1))
    return Tournament("cup-1", "Club Cup", system="knockout", total_rounds=10, players=players,
                      options={"knockout": {"rules": {"segments": [{"games": 2, "time_control": "900+10"}],
                                                      "decider": "armageddon"}}})


def test_cup_tournament_bracket_follows_the_rounds():
    from core.playoff.cup import cup_places

    t = cup_event(6)
    for _ in range(10):
        try:
            t = changes.pair_next_round(t)
        except Exception:
            break
        for i, board in enumerate(t.rounds[-1].boards, start=1):
            t = changes.set_result(t, t.current_round, i, "1-0" if board.white < board.black else "0-1")
    places = cup_places(t)
    assert places is not None
    (b,) = cup_brackets(t)
    assert b.roots[0].winner == places[0][0] == 1
    assert sorted(p for p in leaves(b.roots[0])) == [1, 2, 3, 4, 5, 6]


def test_html_page_self_contained():
    state, names = playoff_state("done")
    html = bracket_page(playoff_brackets(state, names), "Playoff")
    assert html.startswith("<!DOCTYPE html>")
    assert "<svg" in html and "</html>" in html
    for banned in ("<link", "<script", "src=", "url(", "@import"):
        assert banned not in html
    assert html.count("http") == html.count('xmlns="http://www.w3.org/2000/svg"')
    assert "Ivanov, Sergei" in html and 'class="entry champion"' in html


def test_labels_translated(monkeypatch):
    """Round names and headers go through the catalog (a fake catalog proves the call)."""
    import core.playoff.bracket_plan as names
    import core.pictures.bracket as mod

    monkeypatch.setattr(mod, "_", lambda s: f"«{s}»")
    monkeypatch.setattr(names, "_", lambda s: f"«{s}»")  # the round names live with the bracket
    state = better_wins(ko(4))
    (b,) = playoff_brackets(state, NAMES)
    assert b.round_names == ("«Semi-final»", "«Final»")
    assert "«Winner»" in bracket_text(b, 80).lines[0]


def test_wide_names_keep_columns():
    state = better_wins(ko(4))
    (b,) = playoff_brackets(state, {1: "王小明王小明王小明", 2: "B", 3: "C", 4: "D"})
    pic = bracket_text(b, 48)
    # the connector of the first match stays in its column whatever the name's width
    assert cells(pic.lines[2].split("─┐")[0]) == 13


@pytest.mark.parametrize("k", list(range(2, 14)))
def test_every_seed_format_draws(k):
    """The seed's default format for k tied players (Aktar pp. 69–70), random results:
    drawing never fails, and when the last stage is a match or a knockout its champion is the
    playoff's winner."""
    from core.playoff import choose_format

    rng = random.Random(100 + k)
    state = create(list(range(1, k + 1)), 1, seed=3)
    for _ in range(400):
        ready = evaluate(state).ready
        if not ready:
            break
        state = enter_result(state, ready[0].id, rng.choice(["1-0", "0-1", "1/2"]))
        brackets_text(playoff_brackets(state, NAMES), 80)
    places = decided_places(state)
    assert places is not None
    brackets = playoff_brackets(state, NAMES)
    plan = choose_format(k, 1, None)
    last = plan.get("final", plan) if plan["kind"] == "groups" else plan
    if plan["kind"] == "split":
        last = plan["parts"][0][1]
    if last["kind"] in ("match", "knockout"):
        assert brackets[-1].roots[0].winner == places[0][0]
    html = bracket_page(brackets, "Playoff")
    assert html.count("<svg") == len(brackets)


def test_two_player_match_and_group_final_are_drawn():
    """2 players: one match (Aktar (1)); 10 players: two group knockouts, then the final."""
    assert len(playoff_brackets(create([1, 2], 1, seed=3), NAMES)) == 1
    brackets = playoff_brackets(create(list(range(1, 11)), 1, seed=3), NAMES)
    assert [b.title.split(":")[0] for b in brackets[:2]] == ["Group A", "Group B"]
    final = brackets[-1]
    assert [e.note for e in final.roots[0].entries] == ["winner of group A", "winner of group B"]


def test_sudden_death_and_lot_flags():
    sd = {"segments": [{"games": 2, "time_control": "1200"}], "decider": "sudden_death"}
    state = ko(2, sd)
    for _ in range(3):                      # two drawn games, then a drawn sudden-death game
        (g,) = evaluate(state).ready
        state = enter_result(state, g.id, "1/2")
    (g,) = evaluate(state).ready
    state = enter_result(state, g.id, "1-0")
    (b,) = playoff_brackets(state, NAMES)
    assert b.roots[0].flags == "SD" and b.roots[0].winner == g.white
    lot = {"segments": [{"games": 2, "time_control": "1200"}], "decider": "lot"}
    state = ko(2, lot)
    for _ in range(2):
        (g,) = evaluate(state).ready
        state = enter_result(state, g.id, "1/2")
    (b,) = playoff_brackets(state, NAMES)
    drawn = next(lot.value for lot in evaluate(state).lots if lot.purpose == "lot decides the match")
    assert b.roots[0].flags == "L" and b.roots[0].winner == int(drawn)
    assert "L: decided by lot" in brackets_text([b], 80).text


def test_flags_in_the_readers_letters():
    """The tree marks the 2–7 quarter-final (extension, then Armageddon) in the page's
    letters (review rev34f 21): German V(erlängerung) and A, Russian Д and Cyrillic А —
    never Latin E/A on a Cyrillic page; the legend names the same letters."""
    from core.i18n import speaking

    state, names = playoff_state("done")
    # the letters apart, as every page writes a match's flags (Russian ДА would read «да»)
    for lang, flags, legend_start in (("de", "V A", "V: "), ("ru", "Д А", "Д: "), ("en", "E A", "E: ")):
        with speaking(lang):
            pic = brackets_text(playoff_brackets(state, names), 80)
        assert any(f" {flags} " in line for line in pic.lines), lang
        assert any(line.startswith(legend_start) for line in pic.lines), lang
    with speaking("ru"):
        text = "\n".join(brackets_text(playoff_brackets(state, names), 80).lines)
    assert " E A " not in text and " EA " not in text and "E:" not in text
