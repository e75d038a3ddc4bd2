"""The CLI leftovers of issue 34 after its fourth review: the journal's changes named in the
reader's words (no stored keys), the system's file errors in the reader's language, one notation
in ``standings --explain``, a playoff ladder read as every clock is, the options' values in the
reader's words, the Russian journal's «участник», ``print all`` named in the report's language,
and a round robin made without ``--rounds`` counting its rounds from the players at once.

Expected words come from the glossary (Stechen, Bye, участник, Startnummer) or are derived by
hand beside the asserts; nothing is copied from our own output.
"""

from __future__ import annotations

import errno
import json
import os
import re

import pytest

from tests.test_cli_review34e import data, one_line, organiser, run  # noqa: F401 (fixtures)

pytestmark = pytest.mark.usefixtures("data")

NAMES = ("Ahrens, Axel", "Böhm, Bernd", "Çelik, Can", "Demir, Deniz", "Иванов, Иван", "Fuchs, Felix")


def _ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, (args, err)
    return out


def _swiss(rounds_played: int = 3) -> str:
    """Six players (numbers by rating: Ahrens 1 … Fuchs 6), White on top in round 1; round 1
    all draws, then White wins every game; Fuchs asks a half-point bye for round 3."""
    tid = _ok("new", "Open", "--rounds", "3", "--initial-colour", "white").strip().splitlines()[-1]
    for n, name in enumerate(NAMES):
        _ok("players", "add", tid, "--name", name, "--rating", str(2150 - 50 * n))
    _ok("players", "bye", tid, "6", "--round", "3", "--kind", "half")
    for rnd in range(1, rounds_played + 1):
        _ok("round", "pair", tid)
        boards = json.loads(_ok("round", "show", tid, str(rnd), "--format", "json"))["boards"]
        for board in range(1, len(boards) + 1):
            _ok("result", tid, str(rnd), str(board), "1/2" if rnd == 1 else "1-0")
    return tid


# -- 1. hakem log --changes: the options by their names, not their stored keys ---------------------
def test_the_log_names_playoffs_prizes_and_tie_orders_in_words():
    tid = _swiss()
    _ok("prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,200,100")
    _ok("prizes", "rules", tid, "--sharing", "hort", "--currency", "TRY")
    _ok("playoff", tid, "--players", "1,2", "--places", "1", "--force")
    for game, result in (("s0g1", "1/2"), ("s0g2", "1/2"), ("s1g1", "1-0"), ("s1g2", "1/2")):
        _ok("playoff", tid, "--result", game, result)  # 2–2 after the extension's win: decided
    out = _ok("--lang", "de", "log", tid, "--changes")
    changes = [line.strip() for line in out.splitlines() if line.startswith("       ")]
    for key in ("playoffs", "tie_orders", "results", "p.s0g", "prizes", "sharing", "currency", "Optionen",
                "rounds_from_players", "Einträge", "Einstellungen"):
        assert not any(key in line for line in changes), (key, out)
    # the creation: the FIDE point system said as the settings say it: win 1; draw ½; loss 0; PAB 1
    assert "Punktesystem: 1; ½; 0; 1" in changes, out
    assert "Paarungssystem: Holländisches System" in changes, out  # the system's name, not "dutch"
    assert any(line.startswith("Beantragte Byes: ") for line in changes), out  # glossary: Bye, not Spielfrei
    # a playoff (German: Stechen) and its game, White – Black and the result as the boards write it
    assert any(re.fullmatch(r"Stechen 1, Partie 1: \d [^–]+ – \d [^–]+ ½-½", line) for line in changes), out
    assert any(line.startswith("Preise, ") and "Hort" in line for line in changes), out


def test_a_late_entry_names_the_pairing_number_not_pno():
    tid = _ok("new", "Open", "--rounds", "5").strip().splitlines()[-1]
    _ok("players", "add", tid, "--name", "Kaya, Ali", "--rating", "1900")
    _ok("players", "add", tid, "--name", "Öztürk, İlknur", "--rating", "1800")
    _ok("players", "add", tid, "--name", "Müller, Jürgen", "--rating", "2180")  # numbered first: 2 → 3
    for lang, word in (("tr", "Eşlendirme numarası"), ("de", "Startnummer"), ("ru", "Стартовый номер")):
        out = _ok("--lang", lang, "log", tid, "--changes")
        assert "pno" not in out, out
        assert word.casefold() in out.casefold(), (lang, out)  # glossary 26: the pairing number


# -- 2. the system's reasons in the reader's language ----------------------------------------------
@pytest.mark.parametrize("code, lang, said", [(errno.ENOENT, "de", "Datei oder Ordner nicht vorhanden"),
                                              (errno.EROFS, "tr", "dosya sistemi salt okunur"),
                                              (errno.EACCES, "ru", "доступ запрещён")])
def test_an_os_error_is_said_in_the_readers_language(code, lang, said):
    from core.errors import os_reason
    from core.i18n import speaking

    with speaking(lang):
        assert os_reason(OSError(code, os.strerror(code), "x")) == said
        # a reason of ours, in the reader's words already, is kept
        assert os_reason(PermissionError(errno.EACCES, "nur der Eigentümer")) == "nur der Eigentümer"


def test_publish_into_a_folder_that_cannot_be_made_says_why_in_german():
    tid = _swiss(rounds_played=1)
    code, _out, err = run("--lang", "de", "publish", tid, "/proc/hakem-none/pages")  # /proc takes no folder
    assert code != 0
    line = one_line(err)
    assert "No such file" not in line and "Datei oder Ordner nicht vorhanden" in line, line


# -- 3. standings --explain: one notation, a lot not drawn said ------------------------------------
def test_explain_writes_the_value_and_its_contributions_in_one_notation():
    tid = _swiss()
    for pno in range(1, 7):
        out = _ok("--lang", "de", "standings", tid, "--tiebreaks", "SB,LOT", "--explain", str(pno))
        sb = [line for line in out.splitlines() if line.startswith(("SB", "  Runde"))]
        # a Sonneborn-Berger is a sum of halves times halves: quarters, written as the points
        # are (¼, ½, ¾), never with a decimal comma beside them
        assert not any(re.search(r"\d,\d", line) for line in sb), out
        lot = next(line for line in out.splitlines() if line.startswith("LOT"))
        assert ": – [" in lot, lot  # no lot drawn: a dash, and a line saying so
        assert "Für diesen Spieler wurde kein Los gezogen." in out


def test_the_2026_regime_is_said_without_its_english_abbreviation():
    tid = _swiss()
    for lang in ("tr", "de", "ru"):
        head = _ok("--lang", lang, "standings", tid).splitlines()[0]
        assert "2026" in head and "VUR" not in head, head


# -- 4. a ladder's clocks read as every clock ------------------------------------------------------
@pytest.mark.parametrize("lang, ladder, codes", [("de", "2x25+10,2x10+10,2x5+3", ["1500+10", "600+10", "300+3"]),
                                                 ("tr", "2x3 dk + 2 sn", ["180+2"]),
                                                 ("ru", "2×3+2", ["180+2"])])
def test_a_ladder_reads_minutes_and_seconds(lang, ladder, codes):
    out = _ok("--lang", lang, "playoff", "--tied", "2", "--ladder", ladder, "--format", "json")
    stage = json.loads(out)["stages"][0]
    assert stage["time_control"] == codes[0]  # 25 min + 10 s = 1500 s + 10 s; 3 min + 2 s = 180 + 2


# -- 5. option values in the reader's words --------------------------------------------------------
def test_prize_sharing_takes_the_readers_word():
    tid = _swiss(rounds_played=1)
    _ok("--lang", "tr", "prizes", "rules", tid, "--sharing", "eşit")
    assert json.loads(_ok("prizes", "list", tid, "--format", "json"))["sharing"] == "equal"
    _ok("--lang", "de", "prizes", "rules", tid, "--sharing", "HORT")
    assert json.loads(_ok("prizes", "list", tid, "--format", "json"))["sharing"] == "hort"


@pytest.mark.parametrize("lang, ties, withdrawn", [("de", "Los", "automatisch"), ("ru", "жребий", "авто"),
                                                   ("tr", "paylaşılan", "otomatik"), ("en", "lots", "rank")])
def test_standings_take_ties_and_withdrawn_in_the_readers_words(lang, ties, withdrawn):
    tid = _swiss(rounds_played=1)
    _ok("--lang", lang, "standings", tid, "--ties", ties, "--withdrawn", withdrawn)


def test_an_unknown_value_is_refused_listing_the_words():
    tid = _swiss(rounds_played=1)
    code, _out, err = run("--lang", "ru", "standings", tid, "--ties", "монетка")
    assert code != 0 and "жребий" in err and "монетка" in err


@pytest.mark.parametrize("lang, word, value", [("tr", "altın puan", "sudden_death"), ("de", "Los", "lot"),
                                               ("ru", "армагеддон", "armageddon")])
def test_the_playoff_decider_takes_the_readers_word(lang, word, value):
    from core.cli import build_parser
    from core.i18n import speaking

    with speaking(lang):
        args = build_parser(["playoff"]).parse_args(["playoff", "--tied", "2", "--decider", word])
    assert args.decider == value


def test_withdrawn_points_take_the_readers_word_and_show_it():
    tid = _ok("new", "Rundenturnier", "--system", "berger").strip().splitlines()[-1]
    for n in range(4):
        _ok("players", "add", tid, "--name", f"Spieler, {chr(65 + n)}")
    out = _ok("--lang", "de", "settings", tid, "--withdrawn-points", "annullieren")
    assert "annul:" not in out and "annullieren:" in out, out
    assert json.loads(_ok("settings", tid, "--format", "json"))["withdrawn_points"] == "annul"


# -- 6. the Russian journal says участник, as the rest of the Russian program ---------------------
def test_the_russian_journal_calls_a_player_a_participant():
    tid = _swiss(rounds_played=1)
    out = _ok("--lang", "ru", "log", tid, "--changes")
    assert "игрок" not in out.casefold(), out
    assert "добавлен участник Ahrens, Axel" in out  # glossary 187: Добавить участника


# -- 7. print all: the file named in the report's language ----------------------------------------
@pytest.mark.parametrize("lang, name", [("tr", "tur-1-tum-belgeler.pdf"), ("de", "runde-1-alle-dokumente.pdf")])
def test_print_all_keeps_its_pdf_under_a_name_in_the_reports_language(data, monkeypatch, lang, name):  # noqa: F811
    monkeypatch.setenv("PATH", str(data))  # no lp: the PDF is kept in the export folder
    tid = _swiss(rounds_played=1)
    run("--lang", lang, "print", tid, "all", "--report-lang", lang)
    assert (data / "exports" / tid / name).exists(), list((data / "exports").rglob("*.pdf"))


# -- 8. a round robin made without --rounds counts its rounds before round 1 ----------------------
def test_a_round_robin_counts_its_rounds_as_players_register():
    tid = _ok("new", "Rundenturnier", "--system", "berger").strip().splitlines()[-1]

    def rounds() -> int:
        return json.loads(_ok("settings", tid, "--format", "json"))["total_rounds"]

    for n in range(5):
        _ok("players", "add", tid, "--name", f"Spieler, {chr(65 + n)}")
    assert rounds() == 5  # five players: a dummy makes six, 6 − 1 = 5 rounds, one bye each
    _ok("players", "add", tid, "--name", "Spieler, F")
    assert rounds() == 5  # six players: 6 − 1 = 5
    _ok("players", "add", tid, "--name", "Spieler, G")
    assert rounds() == 7
    _ok("settings", tid, "--rounds", "3")  # the organiser's number stays (a shortened event)
    _ok("players", "add", tid, "--name", "Spieler, H")
    _ok("round", "pair", tid)
    assert rounds() == 3


# -- 9. the fresh-eyes review rev35b: messages -----------------------------------------------------
def test_unpair_names_the_flag_that_deletes_results_and_says_what_it_did():
    tid = _swiss(rounds_played=1)
    code, _out, err = run("--lang", "tr", "round", "unpair", tid)
    assert code == 3 and f"hakem round unpair {tid} --force" in one_line(err), err
    out = _ok("--lang", "de", "round", "unpair", tid, "--force")
    assert "Runde 1" in one_line(out)  # a success says what it did
    assert json.loads(_ok("settings", tid, "--format", "json"))  # still there, round 1 unpaired
    assert run("round", "show", tid, "1")[0] != 0


def test_settings_say_dates_as_shown_and_name_a_control_character():
    tid = _ok("new", "Open", "--rounds", "5", "--start", "07.12.2026").strip().splitlines()[-1]
    code, _out, err = run("--lang", "de", "settings", tid, "--end", "01.12.2026")
    assert code != 0 and "01.12.2026" in err and "07.12.2026" in err and "2026-12" not in err, err
    code, _out, err = run("--lang", "de", "settings", tid, "--arbiter", "Bad\x07Name")
    assert code != 0 and "U+0007" in one_line(err) and "4" in one_line(err), err  # BEL, the 4th character


@pytest.mark.parametrize("typed", ["1; ½; 0; 1", "1;0,5;0", "1,0.5,0"])
def test_the_points_as_the_settings_show_them_can_be_typed_back(typed):
    tid = _ok("new", "Open", "--rounds", "5").strip().splitlines()[-1]
    _ok("--lang", "de", "settings", tid, "--points", typed)
    shown = [line for line in _ok("--lang", "de", "settings", tid).splitlines() if line.startswith("162")]
    assert shown and shown[0].endswith("1; ½; 0; 1"), shown  # FIDE: win 1, draw ½, loss 0, PAB a win's


def test_a_wrong_point_system_is_refused_in_words_not_placeholders():
    tid = _ok("new", "Open", "--rounds", "5").strip().splitlines()[-1]
    code, _out, err = run("--lang", "tr", "settings", tid, "--points", "1;0,5")
    assert code != 0 and "WIN" not in err and "galibiyet" in err, err


@pytest.mark.parametrize("typed, stored", [("1–0", "1-0"), ("0—1", "0-1"), ("1,0-0", "1-0"), ("1,0-0,0", "1-0"),
                                           ("0,5–0,5", "1/2")])
def test_a_result_typed_with_a_dash_or_decimals_is_read(typed, stored):
    tid = _swiss(rounds_played=0)
    _ok("round", "pair", tid)
    _ok("--lang", "tr", "result", tid, "1", "1", typed)
    assert json.loads(_ok("round", "show", tid, "1", "--format", "json"))["boards"][0]["result"] == stored


def test_the_c_locale_asks_for_english_whatever_lang_says():
    from core.i18n.format import resolve_language

    assert resolve_language(None, None, {"LC_ALL": "C", "LANG": "tr_TR.UTF-8"}) == "en"
    assert resolve_language(None, None, {"LC_ALL": "C.UTF-8", "LANGUAGE": "de", "LANG": "tr_TR.UTF-8"}) == "en"
    assert resolve_language(None, None, {"LANGUAGE": "ru", "LANG": "tr_TR.UTF-8"}) == "ru"  # outside C: the list


def test_the_russian_journal_says_whose_flag_fell_later_without_a_wrong_case():
    from core.i18n import speaking
    from core.words import say

    with speaking("ru"):
        said = say({"action": "cup", "what": {"kind": "cup_flag", "round": 1, "board": 5, "side": "black"}})
    assert "у чёрные" not in said and "чёрные" in said, said


# -- 10. rev35b: the cup's journal, berger ---------------------------------------------------------
def test_a_levelled_cup_match_says_its_boards_in_the_log():
    tid = _ok("new", "Pokal", "--system", "knockout").strip().splitlines()[-1]
    _ok("players", "add", tid, "--name", "Adler, Anna", "--rating", "2000")
    _ok("players", "add", tid, "--name", "Bauer, Bernd", "--rating", "1900")
    _ok("round", "pair", tid)
    _ok("result", tid, "1", "1", "1-0")
    _ok("result", tid, "1", "2", "1-0")  # White wins both: 1–1, two extension games added (boards 3, 4)
    out = _ok("--lang", "de", "log", tid, "--changes")
    assert "boards" not in out and "Einträge" not in out and "knockout" not in out, out
    assert "Brett 3: " in out and "Brett 4: " in out, out  # the boards added, by number and players


@pytest.mark.parametrize("lang, one, two", [("tr", "5 numaralı masa eklendi", "5, 6 numaralı masalar eklendi"),
                                            ("ru", "добавлена доска 5", "добавлены доски 5, 6")])
def test_one_board_added_is_said_in_the_singular(lang, one, two):
    from core.i18n import speaking
    from core.words import say

    with speaking(lang):
        said = [say({"action": "x", "what": {"kind": "cup_boards_added", "round": 1, "boards": b}}) for b in ("5", "5, 6")]
    assert one in said[0] and two in said[1], said


@pytest.mark.parametrize("lang, words", [("tr", ("Berger tablosu", "1. tur:")), ("de", ("Berger-Tabelle", "Runde 1:")),
                                         ("ru", ("Таблица Бергера", "Тур 1:"))])
def test_berger_prints_in_the_readers_language(lang, words):
    out = _ok("--lang", lang, "berger", "5")
    assert all(word in out for word in words), out  # glossary 147: Berger tables
    assert not any(english in out for english in ("Rd ", "Berger table", "bye", "round robin")), out


# -- 11. rev35b #25: a player's edit told one way --------------------------------------------------
def test_a_players_edit_is_told_the_same_way_in_the_confirmation_and_the_log():
    tid = _ok("new", "Open", "--rounds", "5").strip().splitlines()[-1]
    _ok("players", "add", tid, "--name", "Işık, Zeynep")
    said = _ok("--lang", "tr", "players", "edit", tid, "1", "--rating", "1500", "--birth", "05.06.2001")
    log = _ok("--lang", "tr", "log", tid, "--changes")
    for text in (said, log):
        assert "2001-06-05" not in text and "'" not in text, text  # the date as typed and shown; no Python quotes
    assert "Doğum: – → 05.06.2001" in said and "ELO: – → 1500" in said, said
    assert "ELO: – → 1500" in log and "ELO: 0 → 1500" not in log, log  # unrated is "–" in both


# -- 12. rev35b #7: a broken file said in the reader's words ---------------------------------------
@pytest.mark.parametrize("content, said", [("{}", "нет поля name"), ("[1,2", "строка 1, столбец 5"),
                                           ('{"name": "X", "players": "zz"}', "поле players")])
def test_a_broken_json_file_is_refused_in_russian_without_pythons_words(data, content, said):  # noqa: F811
    path = data / "broken.json"
    path.write_text(content, encoding="utf-8")
    code, _out, err = run("--lang", "ru", "import", str(path))
    assert code != 0 and said in err, err
    assert not any(word in err for word in ("Error", "Expecting", "object has no attribute", "'")), err


def test_a_broken_trf_line_is_placed_in_german_words(data):  # noqa: F811
    path = data / "broken.trf"
    path.write_text("012 X\n001    1      Test                              1800 XXX          1234 2000/01/01  0.0    1\n",
                    encoding="utf-8")
    code, _out, err = run("--lang", "de", "import", str(path))
    said = err.replace(str(path), "")  # the test's folder is named after it
    assert code != 0 and "Zeile 2, Spalte" in said and "line" not in said and "column" not in said, err


# -- 13. rev35b #12: an amount as the prize list prints it is read back ----------------------------
@pytest.mark.parametrize("lang, typed", [("tr", "1.000,500,250"), ("de", "1.000; 500; 250"), ("ru", "1\u00a0000; 500; 250")])
def test_a_prize_amount_grouped_as_printed_is_read(lang, typed):
    tid = _ok("new", "Open", "--rounds", "5").strip().splitlines()[-1]
    _ok("--lang", lang, "prizes", "add", tid, "open", "--kind", "overall", "--amounts", typed)
    groups = json.loads(_ok("prizes", "list", tid, "--format", "json"))["groups"]
    assert groups[0]["amounts"] == ["1000", "500", "250"]  # a thousand, grouped by a dot (tr, de) or a space (ru)


def test_an_html_export_says_pages_written_to_a_folder(data):  # noqa: F811
    tid = _swiss(rounds_played=1)
    target = data / "html"
    out = _ok("--lang", "tr", "export", tid, "--html", "-o", str(target))
    pages = [p for p in target.iterdir() if p.suffix == ".html"]
    assert out.strip() == f"{target} dizinine {len(pages)} sayfa yazıldı", out  # a folder, not "dosyasına"


def test_a_point_system_typed_either_way_makes_the_same_double_swiss():
    # the PAB given explicitly counts the same whether the four values are split by commas or by
    # semicolons (the settings' form): a Double-Swiss scores its byes from it (C.04.5)
    made = []
    for typed in ("1,0.5,0,0.5", "1; ½; 0; ½"):
        tid = _ok("new", "Doppel", "--system", "double-swiss", "--rounds", "4", "--points", typed).strip().splitlines()[-1]
        made.append(json.loads(_ok("settings", tid, "--format", "json"))["points"])
    assert made[0] == made[1], made
