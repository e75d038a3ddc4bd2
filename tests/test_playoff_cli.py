"""``hakem playoff`` with the store: create, results, correction, and the order written back
into the standings (tie orders, source ``playoff``)."""

import json

import pytest

from core.cli import main
from core.model import Board, GameResult, Player, Round, Tournament
from core.playoff import decided_order, playoffs_of, share_prizes, shared_place_labels
from core.standings import compute_standings
from core.ties import tie_orders
from core.store import Store


@pytest.fixture
def store_id(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i) for i in range(1, 5))
    # one round: everybody drew -> four players tied on points
    rnd = Round(1, (Board(1, 3, GameResult.DRAW), Board(2, 4, GameResult.DRAW)))
    t = Tournament(id="", name="Rapid", system="dutch", total_rounds=1, players=players, rounds=(rnd,))
    return Store(str(tmp_path)).create(t), Store(str(tmp_path))


def cli_json(capsys, *argv):
    assert main(list(argv) + ["--format", "json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_create_enter_results_and_standings(capsys, store_id):
    tid, store = store_id
    out = cli_json(capsys, "playoff", tid, "--players", "3,1", "--places", "1", "--start", "18:00")
    assert out["players"] == [3, 1] and not out["complete"]
    assert [g["start"] for g in out["games"]] == ["18:30", "18:47"]
    assert out["lots"] and all(d["purpose"].startswith("colour") for d in out["lots"])
    state = playoffs_of(store.load(tid).tournament)["1"]
    assert json.loads(json.dumps(state)) == state      # plain JSON in options["playoffs"]

    g1, g2 = out["games"]
    cli_json(capsys, "playoff", tid, "--result", g1["id"], "1-0")
    out = cli_json(capsys, "playoff", tid, "--result", g2["id"], "1/2")
    assert out["complete"] and out["order"] == [[g1["white"]], [g1["black"]]]
    t = store.load(tid).tournament
    assert [o.groups for o in tie_orders(t) if o.source == "playoff"] == [
        ((g1["white"],), (g1["black"],))]
    rows = compute_standings(t).rows
    pos = {r.pno: i for i, r in enumerate(rows)}
    assert pos[g1["white"]] < pos[g1["black"]]

    # correction: the second game was won by the other player -> level -> extension
    loser = g1["black"]
    res = "1-0" if g2["white"] == loser else "0-1"
    # a game with a result keeps it without --correct: one line naming the game, its
    # players and the result kept, nothing saved
    revision = store.load(tid).revision
    assert main(["playoff", tid, "--result", g2["id"], res]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Game 2 (Player " in err[0] and " has 1/2 (entered by " in err[0]
    assert "--correct" in err[0] and store.load(tid).revision == revision
    out = cli_json(capsys, "playoff", tid, "--result", g2["id"], res, "--correct")
    assert not out["complete"] and [g["kind"] for g in out["games"]][2:] == ["extension", "extension"]
    t = store.load(tid).tournament
    assert not [o for o in tie_orders(t) if o.source == "playoff"]   # stale decision removed

    # undo a wrong entry
    out = cli_json(capsys, "playoff", tid, "--remove", g2["id"])
    assert len(out["games"]) == 2 and out["games"][1]["result"] is None

    from core.words import say

    said = [say(e) for e in store.journal(tid)][-3:]
    w, b = f"Player {g2['white']}", f"Player {g2['black']}"
    shown = GameResult(res).text  # results as the boards show them (½-½)
    assert said == [f"playoff 1: Game 2 {w} – {b} ½-½", f"playoff 1: Game 2 {w} – {b} corrected from ½-½ to {shown}",
                    f"playoff 1: result {shown} of Game 2 {w} – {b} removed"]


def test_remove_takes_the_id_the_table_shows(capsys, store_id):
    """``--remove`` names a game as ``--result`` does and the table's "No" column shows it
    (``s0g1``, not the stored ``p.s0g1``)."""
    tid, store = store_id
    assert main(["playoff", tid, "--players", "1,2", "--places", "1"]) == 0
    table = capsys.readouterr().out
    assert any(line.split()[:1] == ["s0g1"] for line in table.splitlines())
    assert main(["playoff", tid, "--result", "s0g1", "1-0"]) == 0
    assert main(["playoff", tid, "--remove", "s0g1"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    out = cli_json(capsys, "playoff", tid)
    assert out["games"][0]["result"] is None


def test_text_output_and_errors(capsys, store_id):
    tid, _ = store_id
    assert main(["playoff", tid, "--players", "1,2,3,4", "--places", "1", "--start", "20:00",
                 "--variant", "seeded"]) == 0
    text = capsys.readouterr().out
    assert "Timetable:" in text and "Player 1" in text and "20:30" in text
    assert main(["playoff", tid, "--result", "p.nothing", "1-0"]) == 3
    assert main(["playoff", tid, "--players", "1,99", "--places", "1"]) == 3
    assert main(["playoff", tid, "--key", "other"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("hakem:") == 3


def test_armageddon_flag_fall_via_cli(capsys, store_id):
    tid, _ = store_id
    out = cli_json(capsys, "playoff", tid, "--players", "2,4", "--places", "1", "--variant", "armageddon")
    g = out["games"][0]
    assert main(["playoff", tid, "--result", g["id"], "0-0"]) == 3
    capsys.readouterr()
    out = cli_json(capsys, "playoff", tid, "--result", g["id"], "0-0", "--flag-later", "black")
    assert out["order"] == [[g["black"]], [g["white"]]]


def test_decided_order_keeps_tie_break_order_inside_shared_groups():
    from core.playoff import create, enter_result, evaluate
    st = create([4, 3, 2, 1], 1, variant="seeded", seed=1)
    while not (v := evaluate(st)).complete:
        g = v.ready[0]
        st = enter_result(st, g.id, "0-1" if g.white in (1, 2) and g.black in (3, 4) else "1-0")
    order = decided_order(st)
    assert sorted(order) == [1, 2, 3, 4]
    assert len(v.places[-1]) == 2
    seeding = [4, 3, 2, 1]
    a, b = order[2:]
    assert seeding.index(a) < seeding.index(b)


def test_prize_sharing_semi_final_losers_share_third_and_fourth():
    # Aktar p. 67: four tied, 3rd and 4th eliminated in the semi-final share both prizes
    places = ((7,), (3,), (5, 9))
    shares = share_prizes(places, [1000, 600, 400, 200])
    assert shares == {7: 1000, 3: 600, 5: 300, 9: 300}
    assert shared_place_labels(places) == {7: "1", 3: "2", 5: "3–4", 9: "3–4"}
    # a tie for 3rd place: the group starts at place 3
    assert share_prizes(((1,), (2, 4)), [500, 300, 100], first_place=3) == {1: 100, 2: 0, 4: 0}


def test_new_start_time_moves_the_timetable(capsys, store_id):
    tid, _ = store_id
    out = cli_json(capsys, "playoff", tid, "--players", "1,2", "--places", "1", "--start", "18:00")
    assert out["games"][0]["start"] == "18:30"
    out = cli_json(capsys, "playoff", tid, "--start", "19:15")
    assert out["games"][0]["start"] == "19:45" and out["state"]["start"] == "19:15"


def test_propose_the_tied_group(capsys, store_id, tmp_path):
    tid, store = store_id
    # round 1 was all draws: four players tied on ½ for every place
    out = cli_json(capsys, "playoff", tid, "--propose", "2")
    assert len(out["ties"]) == 1
    tie = out["ties"][0]
    assert sorted(tie["players"]) == [1, 2, 3, 4] and tie["first_place"] == 1 and tie["places"] == 2
    assert main(["playoff", tid, "--propose", "1"]) == 0
    assert "--places 1" in capsys.readouterr().out


def test_propose_ties_by_points_only():
    from core.standings_ties import propose_ties

    players = tuple(Player(i, f"P{i}", rating=2000 - i) for i in range(1, 7))
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.WHITE_WINS),
                   Board(5, 6, GameResult.WHITE_WINS)))
    r2 = Round(2, (Board(1, 3, GameResult.DRAW), Board(5, 2, GameResult.WHITE_WINS),
                   Board(4, 6, GameResult.DRAW)))
    t = Tournament(id="x", name="X", total_rounds=2, players=players, rounds=(r1, r2))
    # points by hand: 5 → 2; 1, 3 → 1½; 4, 6 → ½; 2 → 0
    assert propose_ties(t, 1) == []
    got = propose_ties(t, 2)
    assert [(sorted(p.players), p.first_place, p.places) for p in got] == [([1, 3], 2, 1)]
    got = propose_ties(t, 5)
    assert [(sorted(p.players), p.first_place, p.places) for p in got] == [
        ([1, 3], 2, 2), ([4, 6], 4, 2)]


def test_without_key_the_only_playoff_stored_is_meant(capsys, store_id):
    """rev34g #7: F7 stores its playoff under the players' key (tie-1-3); `hakem playoff ID`
    without --key looked for "1" and offered to create a second playoff."""
    tid, store = store_id
    cli_json(capsys, "playoff", tid, "--players", "3,1", "--places", "1", "--key", "tie-1-3")
    assert main(["playoff", tid]) == 0
    out = capsys.readouterr().out
    assert "Player 3" in out and "Player 1" in out
    assert cli_json(capsys, "playoff", tid, "--show")["players"] == [3, 1]


def test_without_key_several_playoffs_are_listed_with_what_they_decide(capsys, store_id):
    tid, store = store_id
    cli_json(capsys, "playoff", tid, "--players", "3,1", "--places", "1", "--key", "tie-1-3")
    cli_json(capsys, "playoff", tid, "--players", "2,4", "--places", "1", "--key", "tie-2-4", "--force")
    revision = store.load(tid).revision
    assert main(["playoff", tid, "--show"]) == 3
    err = capsys.readouterr().err.strip()
    assert "tie-1-3 (Player 3, Player 1" in err and "tie-2-4 (Player 2, Player 4" in err and ") and tie-2-4" in err, err
    assert "create" not in err and store.load(tid).revision == revision


@pytest.mark.parametrize("lang, said", [("en", "“Rapid” has no playoff"), ("tr", "“Rapid” içinde ek maç yok"),
                                        ("de", "in „Rapid“ gibt es kein Stechen"), ("ru", "в «Rapid» нет плей-офф")])
def test_a_timetable_of_an_event_without_playoff_says_there_is_none(capsys, store_id, lang, said):
    """rev34g #8: "give the playoff with --key (none stored)", English and asking for a key
    that cannot exist."""
    tid, _store = store_id
    assert main(["--lang", lang, "report", tid, "timetable"]) == 3
    err = capsys.readouterr().err
    assert said in err and "none stored" not in err and "--key" not in err, err


def test_bids_by_the_tables_id_told_in_the_users_words(capsys, store_id):
    """rev34h #1: `--bids arm …` (the id the table shows) changed nothing, and the bids were
    told as "Armageddon bids (seconds for Black): 2:150, 1:180 (masada çekildi)" — English,
    numbers without names, and "drawn at the board" for bids nobody drew.  150 s = 2 dk 30 sn."""
    tid, store = store_id
    out = cli_json(capsys, "playoff", tid, "--players", "3,1", "--places", "1", "--games", "2",
                   "--extensions", "0", "--armageddon-colours", "bid")
    for g in out["games"]:  # each wins with White: 1–1, the Armageddon decides
        cli_json(capsys, "playoff", tid, "--result", g["id"].rpartition(".")[2], "1-0")
    assert main(["--lang", "tr", "playoff", tid, "--bids", "arm", "3=150,1=180"]) == 0
    out = capsys.readouterr().out
    assert "Altın Puan maçı teklifleri (Siyah'ın süresi): 3 Player 3 2 dk 30 sn, 1 Player 1 3 dk" in out, out
    assert "masada" not in out and "seconds" not in out
    arm = next(g for g in cli_json(capsys, "playoff", tid)["games"] if g["id"].endswith("arm"))
    assert (arm["white"], arm["black"]) == (1, 3)  # the lower bid plays Black
    revision = store.load(tid).revision
    assert main(["--lang", "de", "playoff", tid, "--bids", "arm", "3=150,2=180"]) == 3
    err = capsys.readouterr().err
    assert "Partie arm spielen 1 und 3" in err and store.load(tid).revision == revision, err


def test_a_playoff_for_one_place_leaves_the_others_in_tie_break_order(capsys, tmp_path, monkeypatch):
    """Three players tied for the places 1–3, tie-break order 2, 1, 3 (BH/C1, then ARO/C1);
    a round-robin playoff for one place (``--places 1``) won by 3 with two wins, 1 beating 2:
    3 is first, and 2, 1 — the places the playoff was not for — keep the tie-break order
    (the playoff's own 1 > 2 does not turn it round), without the playoff's mark."""
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i) for i in range(1, 7))
    r1 = Round(1, (Board(1, 4, GameResult.WHITE_WINS), Board(2, 5, GameResult.DRAW), Board(3, 6, GameResult.WHITE_WINS)))
    r2 = Round(2, (Board(4, 2, GameResult.BLACK_WINS), Board(5, 3, GameResult.DRAW), Board(6, 1, GameResult.DRAW)))
    t = Tournament(id="", name="Rapid", system="dutch", total_rounds=2, players=players, rounds=(r1, r2))
    assert [r.pno for r in compute_standings(t).rows[:3]] == [2, 1, 3]
    store = Store(str(tmp_path))
    tid = store.create(t)
    out = cli_json(capsys, "playoff", tid, "--players", "2,1,3", "--places", "1")
    for g in out["games"]:
        pair = {g["white"], g["black"]}
        winner = 3 if 3 in pair else 1
        out = cli_json(capsys, "playoff", tid, "--result", g["id"], "1-0" if g["white"] == winner else "0-1")
    assert out["complete"]
    rows = compute_standings(store.load(tid).tournament).rows
    assert [(r.pno, r.rank) for r in rows[:3]] == [(3, 1), (2, 2), (1, 3)]
    assert [r.decided_by == "playoff" for r in rows[:3]] == [True, False, False]


@pytest.mark.parametrize("typed", ["3=2:30,1=3:00", "3=2 dk 30 sn,1=3 dk", "3=2 Min. 30 Sek.,1=3 Min.",
                                   "3=2 мин 30 с,1=3 мин", "3=150,1=180"])
def test_bids_typed_as_the_clock_shows_them(capsys, store_id, typed):
    """rev35b #18: a bid is shown as "2 dk 30 sn"; it is typed that way, as the clock's 2:30,
    or in seconds (150) — all the same bids: 3 bids 150 s, 1 bids 180 s, so 3 plays Black.
    Before the bids the Armageddon's result is refused saying what to do, with the game's own
    players in the example; a bid that is no time gives an example with them too."""
    tid, store = store_id
    out = cli_json(capsys, "playoff", tid, "--players", "3,1", "--places", "1", "--games", "2",
                   "--extensions", "0", "--armageddon-colours", "bid")
    for g in out["games"]:
        cli_json(capsys, "playoff", tid, "--result", g["id"].rpartition(".")[2], "1-0")
    assert main(["playoff", tid, "--result", "arm", "1-0"]) == 3
    err = capsys.readouterr().err
    assert "its colours go by the players' bids; enter them first: --bids arm" in err, err
    assert "=3:20," in err and {err.split("--bids arm ")[1][0], err.split(",")[-1][0]} <= {"1", "3"}
    assert main(["playoff", tid, "--bids", "arm", "3=two minutes,1=180"]) == 3
    err = capsys.readouterr().err
    assert "3=3:20,1=3:30" in err and "5=200" not in err, err
    assert main(["playoff", tid, "--bids", "arm", typed]) == 0, capsys.readouterr().err
    capsys.readouterr()
    arm = next(g for g in cli_json(capsys, "playoff", tid)["games"] if g["id"].endswith("arm"))
    assert (arm["white"], arm["black"]) == (1, 3)
    assert playoffs_of(store.load(tid).tournament)["1"]["bids"] == {
        next(iter(playoffs_of(store.load(tid).tournament)["1"]["bids"])): {"3": 150, "1": 180}}
