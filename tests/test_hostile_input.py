"""Hostile input: random and mutated TRF, CSV, JSON, result texts and command lines.

Property: every input is either accepted or refused with a TournamentError (a clear message);
nothing crashes, nothing hangs, and a refused command leaves the store byte-for-byte unchanged.
"""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout

from hypothesis import HealthCheck, given, settings, strategies as st

from core.csvimport import parse_players_csv
from core.errors import TournamentError
from core.model import GameResult
from core.serialize import tournament_from_json, tournament_to_dict
from core.trf import parse_tournament
from tests.test_trf_roundtrip import hand_made

VALID_TRF = hand_made()
FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _accepts_or_refuses(func, value):
    try:
        func(value)
    except TournamentError as error:
        assert str(error).strip()


@FAST
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400))
def test_random_text_as_trf(text):
    _accepts_or_refuses(parse_tournament, text)


@FAST
@given(st.lists(st.tuples(st.integers(0, len(VALID_TRF) - 1),
                          st.sampled_from(list("0123456789 -=+wbWDLHFUZX\n\r.,/QÇ\t"))), max_size=12),
       st.integers(0, 3))
def test_mutated_trf(edits, cut):
    text = list(VALID_TRF)
    for pos, ch in edits:
        text[pos] = ch
    lines = "".join(text).split("\n")
    if cut:
        lines = lines[:-cut] + [lines[-cut][: len(lines[-cut]) // 2]] if len(lines) > cut else lines
    _accepts_or_refuses(parse_tournament, "\n".join(lines))


@FAST
@given(st.text(max_size=300))
def test_random_csv(text):
    _accepts_or_refuses(parse_players_csv, text)


@FAST
@given(st.lists(st.lists(st.text(alphabet="abcXYZ0129 ,;\"'\t", max_size=12), max_size=6), max_size=6),
       st.sampled_from([",", ";", "\t"]))
def test_structured_csv(rows, sep):
    text = "name" + sep + "rating" + sep + "fed\n" + "\n".join(sep.join(r) for r in rows)
    _accepts_or_refuses(parse_players_csv, text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.text(max_size=8) | st.floats(allow_nan=False),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20)


@FAST
@given(json_values)
def test_random_json(value):
    _accepts_or_refuses(tournament_from_json, json.dumps(value))


BASE_DOC = tournament_to_dict(parse_tournament(VALID_TRF))


@FAST
@given(st.sampled_from(["name", "players", "rounds", "points", "requested_byes", "total_rounds",
                        "forbidden", "initial_colour", "teams", "options"]), json_values)
def test_json_with_one_field_replaced(field, value):
    doc = {**BASE_DOC, field: value}
    _accepts_or_refuses(tournament_from_json, json.dumps(doc))


@FAST
@given(st.text(max_size=12))
def test_result_texts(text):
    try:
        assert isinstance(GameResult.parse(text), GameResult)
    except TournamentError:
        pass


def test_real_export_imports_as_json():
    t = parse_tournament(VALID_TRF)
    assert tournament_from_json(json.dumps(tournament_to_dict(t))) == t.with_changes(id="")


# -- the command line ---------------------------------------------------------------------------

VOCAB = ["new", "players", "add", "edit", "remove", "import", "withdraw", "bye", "forbid", "list",
         "round", "pair", "show", "unpair", "result", "standings", "export", "undo", "redo", "log",
         "doctor", "systems", "berger", "playoff", "check", "generate", "--name", "--rating",
         "--rounds", "--system", "--format", "json", "text", "csv", "--trf", "--json", "-o", "out.txt",
         "--tiebreaks", "BH,SB", "--round", "--kind", "half", "--from-round", "--force", "--repair",
         "1", "2", "0", "-1", "99999999999", "1-0", "=", "x", "", "--players", "1,2", "--dutch",
         "in.trf", "-p", "--tied", "--places", "--double", "3", "--regime", "2026", "--help-me"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(VOCAB + ["TID"]), st.text(max_size=6)), max_size=7))
def test_random_command_lines_never_crash_or_half_write(tmp_path_factory, argv):
    from core.cli import main
    from core.demo import demo_tournament
    from core.store import Store

    root = tmp_path_factory.mktemp("cli")
    data = root / "data"
    os.environ["HAKEM_DATA"] = str(data)
    store = Store(data)
    tid = store.create(demo_tournament())
    before = store.path(tid).read_bytes()
    argv = [tid if a == "TID" else a for a in argv]
    if "--help" in argv or "-h" in argv or any(a.startswith("--h") and "--help".startswith(a) for a in argv):
        return  # argparse help exits by design
    cwd = os.getcwd()
    os.chdir(root)
    err, out = io.StringIO(), io.StringIO()
    try:
        with redirect_stderr(err), redirect_stdout(out):
            code = main(argv)
    finally:
        os.chdir(cwd)
    assert isinstance(code, int)
    assert code != 2, f"unexpected error for {argv!r}: {err.getvalue()}"
    assert "Traceback" not in err.getvalue()
    if code != 0:
        assert store.path(tid).read_bytes() == before, f"{argv!r} failed but changed the store"
