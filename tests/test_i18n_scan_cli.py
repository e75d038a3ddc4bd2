"""No English and no raw ids in the CLI's messages, its errors and the journal, in Turkish,
German and Russian (issue 34 item 1; the screens and toasts: test_i18n_leftovers.py).

A small event is played through the real CLI in this process (players, two rounds, a
requested bye, a playoff with a result, an undo, a player's edit, a setting); then, in each
language, the commands an organiser reads (``log``, ``round show``, ``standings``, ``players
list``, ``playoff``, ``undo``/``redo``) and commands refused for bad input (an unknown title,
a sex that is no letter of ours, an unknown board, player, round or tournament) are run and
every line of their output and errors is scanned (:mod:`tests.i18n_scan`).  Every kind of
journal entry is also said in each language from made-up arguments, so a kind no scenario
reaches is scanned too.
"""

from __future__ import annotations

import string

import pytest

import core.i18n as i18n
from core.words import SENTENCES, NESTED, say
from tests.i18n_scan import leftovers
from tests.test_i18n_cli import data, run  # noqa: F401 - data is a fixture

NAMES = ("Kaya, Can", "Demir, Ece", "Bauer, Max", "Öztürk, Ayşe", "Wagner, Paul", "Aktar, Tahsin")


@pytest.fixture()
def event(data):  # noqa: F811 - the imported fixture
    """(played event's id, empty event's id): played through the CLI in English."""
    def ok(*args: str) -> str:
        code, out, err = run(*args)
        assert code == 0, (args, err)
        return out

    tid = ok("new", "Kulüp Kupası", "--system", "dutch", "--rounds", "3").strip().splitlines()[-1]
    empty = ok("new", "Boş Turnuva", "--system", "dutch", "--rounds", "5").strip().splitlines()[-1]
    for k, name in enumerate(NAMES):
        ok("players", "add", tid, "--name", name, "--rating", str(2100 - 50 * k))
    ok("players", "edit", tid, "2", "--club", "Ankara SK")
    ok("settings", tid, "--federation", "TUR")
    for rnd in (1, 2):
        ok("round", "pair", tid)
        for board, res in ((1, "1/2"), (2, "1/2"), (3, "1-0")):
            ok("result", tid, str(rnd), str(board), res)
    ok("players", "bye", tid, "3", "--round", "3", "--kind", "half")
    ok("playoff", tid, "--players", "1,2", "--start", "20:00", "--force")
    ok("playoff", tid, "--result", "p.s0g1", "1-0")
    ok("playoff", tid, "--result", "p.s0g2", "1/2")
    ok("undo", tid)
    ok("prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,200")
    ok("prizes", "rules", tid, "--sharing", "hort", "--currency", "TRY")
    return tid, empty


SHOWN = [("log", "{tid}"), ("round", "show", "{tid}", "2"), ("standings", "{tid}"), ("players", "list", "{tid}"),
         ("playoff", "{tid}"), ("undo", "{tid}"), ("redo", "{tid}"), ("log", "{tid}", "--changes"),
         ("standings", "{tid}", "--tiebreaks", "SB,BH/C1,DE,LOT", "--explain", "1")]
REFUSED = [("players", "add", "{empty}", "--name", "Yeni, Biri", "--title", "XY"),
           ("players", "add", "{empty}", "--name", "Yeni, Biri", "--sex", "q"),
           ("result", "{tid}", "2", "9", "1-0"), ("result", "{tid}", "2", "1", "2-2"),
           ("round", "show", "{tid}", "7"), ("players", "withdraw", "{tid}", "99"),
           ("standings", "no-such-event"), ("playoff", "{tid}", "--key", "9")]
FILE_REFUSED = [("publish", "{tid}", "/proc/hakem-none/pages")]
"""Refused by the system (a folder /proc cannot hold): its reason said in the language too."""


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_cli_messages_errors_and_journal_are_in_the_language(event, lang):
    tid, empty = event
    # data, not interface: names, ids, and the playoff's game and lot ids, which the organiser
    # types (``--result p.s0g1 1-0``, ``--lot p.s0:1-2:lot 2``) and sees beside the games' names
    data_words = (*NAMES, "Kulüp Kupası", "Boş Turnuva", "Yeni, Biri", "Ankara SK", tid, empty, "no-such-event",
                  "arbiter", "TUR", "p.s0:1-2:lot", "p.s0:1-2:colour", "p.s0g1", "p.s0g2")
    found = {}
    for args in [*SHOWN, *REFUSED, *FILE_REFUSED]:
        line = [a.format(tid=tid, empty=empty) for a in args]
        code, out, err = run("--lang", lang, *line)
        if args in FILE_REFUSED:
            assert code != 0 and err.startswith("hakem: "), (line, code, err)
        if args in REFUSED:
            assert code == 3 and err.startswith("hakem: ") and len(err.strip().splitlines()) == 1, (line, code, err)
        left = leftovers(lang, out + err, data_words)
        if left:
            found[" ".join(line)] = (left, out + err)
    i18n.set_language("en")
    assert not found, "\n\n".join(f"{cmd}: {left}\n{text}" for cmd, (left, text) in found.items())


SAMPLE = {"round": 3, "board": 4, "result": "1-0", "player": 7, "players": "3 5", "name": "Kaya, Can",
          "rounds": "3", "key": "tie-3-9", "format": "match", "game": "p.s1g2", "side": "white", "kinds": "",
          "places": 1, "start": "20:15", "lot": "7", "value": "9", "bids": "5:200", "count": 3,
          "source": "fide.xml", "pno": 13, "moves": "12 → 13", "fields": {"rating": 2100, "club": "Ankara SK"},
          "number": 2, "team": "Ankara SK", "words": "Kaya, Can", "keys": ["federation", "total_rounds"],
          "what": "", "change": "", "white": "Kaya, Can", "black": "Demir, Ece", "old": "0-1",
          "boards": "5, 6", "seed": 1338087281}
"""A value for every argument a journal sentence names (data, removed before the scan)."""


def _what(kind: str) -> dict:
    fields = [f for _text, f, _spec, _conv in string.Formatter().parse(SENTENCES[kind]) if f]
    what = {"kind": kind, **{f: SAMPLE[f] for f in fields if f != "change"}}
    if "change" in fields:
        what[NESTED] = {"kind": "result", "round": 3, "board": 4, "result": "1-0"}
    return what


@pytest.mark.parametrize("kinds", ["", "kind", "rapid-standard", "blitz-rapid-standard"])
@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_every_kind_of_journal_entry_is_said_in_the_language(lang, kinds, monkeypatch):
    monkeypatch.setitem(SAMPLE, "kinds", kinds)  # each rating-for-pairing choice by its name
    data_words = ("Kaya, Can", "Demir, Ece", "Ankara SK", "fide.xml", "12 → 13", "20:15", "5:200", "1-0", "0-1",
                  "'Ankara SK'")
    i18n.set_language(lang)
    try:
        said = {kind: say({"action": "English words", "what": _what(kind)}) for kind in SENTENCES
                if kind != "playoff"}  # "playoff {key}: {what}": an earlier version's words, kept as they were
    finally:
        i18n.set_language("en")
    assert "English words" not in said.values()
    left = {kind: (text, leftovers(lang, text, data_words)) for kind, text in said.items()}
    left = {kind: found for kind, found in left.items() if found[1]}
    assert not left, left


CUP = ("Aksoy, Ali", "Bulut, Banu", "Çelik, Cem", "Doğan, Deniz")
START = {"tr": "Başlangıç", "de": "Von", "ru": "С"}
"""The timetable's stages table: "From" is the start time (it read "Kaynak", "Quelle",
"Источник": the source)."""


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_cup_reports_results_and_withdrawals_are_in_the_language(data, lang):  # noqa: F811 - the fixture
    """Issue 34 review: a cup's bracket and timetable said "Quarter-final", "Semi-final match 1"
    in English; a level match printed "added: board 9 …"; ``players list`` said "(withdrawn
    from round 1)"."""
    def ok(*args: str) -> str:
        code, out, err = run(*args)
        assert code == 0, (args, err)
        return out

    tid = ok("new", "Kupa", "--system", "knockout").strip().splitlines()[-1]
    for k, name in enumerate(CUP):
        ok("players", "add", tid, "--name", name, "--rating", str(2000 - 10 * k))
    ok("round", "pair", tid)
    ok("result", tid, "1", "1", "1/2")
    ok("players", "withdraw", tid, "4")
    said = {"level": ok("--lang", lang, "result", tid, "1", "3", "1/2"), "list": ok("--lang", lang, "players", "list", tid)}
    for kind in ("bracket", "timetable"):
        said[kind] = ok("--lang", lang, "report", tid, kind, "--key", "cup")
    i18n.set_language("en")
    left = {what: leftovers(lang, text, (*CUP, "Kupa", tid)) for what, text in said.items()}
    assert not {what: words for what, words in left.items() if words}, (left, said)
    stages = said["timetable"].split("\n\n")[-2]
    assert stages.splitlines()[1].split()[1] == START[lang], stages


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_lists_argument_names_and_help_are_in_the_language(data, lang):  # noqa: F811 - the fixture
    """Issue 34 review: ``list`` showed the systems' ids (``knockout``, ``mcmahon``) under no
    header; ``systems`` the editions ``standard``/``legacy``; argparse's errors named ``kind``
    and ``ACTION``; ``--decider`` had no help; ``picture … levels`` of a McMahon event said
    "only for Go tournaments (system gamma)"."""
    from core.i18n.terms import system_name

    ids = [run("new", name, "--system", system, "--rounds", "4")[1].strip().splitlines()[-1]
           for name, system in (("Kupa", "knockout"), ("Go Kupası", "mcmahon"))]
    said = {"list": run("--lang", lang, "list"), "systems": run("--lang", lang, "systems"),
            "report": run("--lang", lang, "report", ids[0]), "teams": run("--lang", lang, "teams", "x"),
            "help": run("--lang", lang, "playoff", "--help"),
            "levels": run("--lang", lang, "picture", ids[1], "levels")}
    i18n.set_language(lang)
    names = [system_name("knockout"), system_name("mcmahon")]
    i18n.set_language("en")
    list_out = said["list"][1]
    assert len(list_out.splitlines()) == 3 and all(name in list_out for name in names), list_out
    assert not leftovers(lang, list_out, ("Kupa", "Go Kupası", "arbiter", *ids)), list_out
    editions = [line.split()[1] for line in said["systems"][1].splitlines()]
    assert not leftovers(lang, " ".join(editions)), editions
    for what in ("report", "teams"):
        code, _out, err = said[what]
        assert code == 3 and not leftovers(lang, err.split("(")[0], tuple(ids)), err  # the choices are typed words
    assert "sudden_death (" in said["help"][1], said["help"][1]  # each choice explained
    code, _out, err = said["levels"]
    assert code == 3 and names[1] in err and "gamma" not in err, err


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_refusals_name_only_what_was_typed(event, lang):
    """rev34c item 11: ``hakem new NAME`` without ``--rounds`` said "--rounds must be a whole
    number of at least 1" (the option was never typed: the number is missing); ``hakem checkin ID
    petrov`` named a ``--players`` option the command does not have; ``hakem systems --lang tr``
    was refused (the global options only before the command)."""
    tid, _empty = event
    missing = run("--lang", lang, "new", "Yeni Turnuva")
    zero = run("--lang", lang, "new", "Yeni Turnuva", "--rounds", "0")
    assert missing[0] == zero[0] == 3 and len(missing[2].strip().splitlines()) == 1
    assert missing[2] != zero[2]  # "missing", not "must be at least 1"
    assert not leftovers(lang, missing[2], ("Yeni Turnuva", "--rounds", "--rounds 7"))
    code, _out, err = run("--lang", lang, "checkin", tid, "petrov")
    assert code == 3 and "petrov" in err and "--players" not in err
    assert not leftovers(lang, err, ("petrov",))
    after = run("systems", "--lang", lang)
    assert after[0] == 0 and after[1] == run("--lang", lang, "systems")[1]
    assert run("list", f"--lang={lang}")[1] == run("--lang", lang, "list")[1]
    # an option of the command's own stays its own: settings' --language, abbreviated
    assert run("settings", tid, "--lang", lang)[0] == 0
    # the event's language shown by its name (CLDR's English name of the code)
    from babel import Locale

    assert run("--lang", "en", "settings", tid)[1].split("\n")[-2].split()[-1] == Locale("en").languages[lang]
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_check_says_the_differences_in_the_language(data, lang, tmp_path):  # noqa: F811 - the fixture
    """``hakem check``'s lines ("round 3: differs from the engine", "board 1: file …, engine …")
    were English f-strings; the round count still counts them."""
    from tests.test_dutch_cli import changed_round_file

    bad = changed_round_file(tmp_path)
    code, out, err = run("--lang", lang, "check", "--dutch", str(bad))
    i18n.set_language("en")
    lines = out.strip().splitlines()
    differing = [line for line in lines[:-1] if not line.startswith(" ")]  # details are indented
    assert code == 1 and differing and f"{len(differing)}" in lines[-1]
    assert not leftovers(lang, out + err, (str(bad),)), out
