"""Names in each language's alphabetical order, one search fold across scripts, ids from names
(issue 34 item 2).

Expected orders are the languages' own alphabets, written out here, not the program's output:
- Turkish (29 letters): a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z;
- German, DIN 5007-1 (the order of dictionaries and lists of names): ä, ö, ü sort as a, o, u
  and ß as ss; of two words that differ only there, the one without comes first.  The
  standard's own example: Göbel, Goethe, Goldmann, Göthe, Götz (read as gobel, goethe,
  goldmann, gothe, gotz);
- Russian (33 letters): а б в г д е ё ж з и й к л м н о п р с т у ф х ц ч ш щ ъ ы ь э ю я, where
  е and ё are one letter for ordering words (Ежов < Ёлкин < Ершов: ж < л < р) and е comes
  first when the words are otherwise equal (Елкин < Ёлкин).
Folds and slugs: Turkish and German letters lose their marks (ç c, ğ g, ı i, İ i, ö o, ş s,
ü u, ß ss); Russian is spelled by BGN/PCGN (и i, в v, к k, у u, б b, о o, м m, с s, ы y, х kh,
ч ch, я ya, р r, т t, н n, п p, е e, л l, а a).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from core.i18n import current_language, set_language, speaking
from core.i18n import collation
from core.i18n.collation import CollationUnavailable, search_fold, slug, sort_key
from core.model import Player, Tournament

TURKISH = "a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z".split()
RUSSIAN = "а б в г д е ё ж з и й к л м н о п р с т у ф х ц ч ш щ ъ ы ь э ю я".split()


def ordered(words: list[str], lang: str) -> list[str]:
    shuffled = random.Random(34).sample(words, len(words))  # not already in order
    return sorted(shuffled, key=lambda w: sort_key(w, lang))


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_the_turkish_alphabet_and_names() -> None:
    assert ordered(TURKISH, "tr") == TURKISH
    assert ordered([w.upper() if w != "i" else "İ" for w in TURKISH], "tr") == [
        w.upper() if w != "i" else "İ" for w in TURKISH]  # I (dotless) before İ
    names = ["Cem", "Çelik", "Dağ", "Dal", "Demir", "Gül", "Güneş", "Işık", "İnce", "Kılıç", "Koç", "Ozan", "Öztürk",
             "Polat", "Sarı", "Şahin", "Tekin", "Uçar", "Ünal", "Vural", "Zorlu"]
    assert ordered(names, "tr") == names
    assert sort_key("Kılıç", "tr") < sort_key("Koç", "tr")  # ı before o: the Koç/Kılıç


def test_german_din_5007_1() -> None:
    assert ordered(["Göbel", "Goethe", "Goldmann", "Göthe", "Götz"], "de") == [
        "Göbel", "Goethe", "Goldmann", "Göthe", "Götz"]
    assert ordered(["Abel", "Äbel", "Mahler", "Muller", "Müller", "Mullerin", "Strasse", "Straße", "Strassen",
                    "Zorn"], "de") == [
        "Abel", "Äbel", "Mahler", "Muller", "Müller", "Mullerin", "Strasse", "Straße", "Strassen", "Zorn"]


def test_the_russian_alphabet_with_yo() -> None:
    assert ordered(RUSSIAN, "ru") == RUSSIAN
    assert ordered(["Егоров", "Ежов", "Елкин", "Ёлкин", "Ершов", "Жуков"], "ru") == [
        "Егоров", "Ежов", "Елкин", "Ёлкин", "Ершов", "Жуков"]


def test_the_language_shown_orders_by_default_also_inside_a_speaking_block() -> None:
    set_language("tr")
    assert sort_key("Çelik") < sort_key("Demir")
    set_language("en")
    with speaking("tr"):
        assert current_language() == "tr"
        assert sort_key("Işık") < sort_key("İnce")  # Turkish: ı < i; the root order puts i first
    assert sort_key("İnce") < sort_key("Işık")


@pytest.mark.parametrize(("query", "name"), [
    ("ivanov", "Иванов, Иван"), ("Иванов", "Ivanov, Ivan"), ("хачатурян", "Khachaturyan, Aram"),
    ("khachaturyan", "Хачатурян, Арам"), ("ozturk", "Öztürk, Ayşe"), ("Öztürk", "Ozturk, Ayse"),
    ("muller", "Müller, Jörg"), ("Müller", "Muller, Jorg"), ("kilic ismail", "Kılıç, İsmail"),
    ("strasse", "Straße"), ("yolkin", "Ёлкин, Пётр"), ("elkin", "Ёлкин, Пётр"), ("yelkin", "Ёлкин, Пётр"),
    ("Ёлкин", "Yolkin, Pyotr"), ("korolyov", "Королёв"), ("korolev", "Королёв"),
])
def test_search_meets_both_spellings(query: str, name: str) -> None:
    assert search_fold(query) in search_fold(name)


def test_search_keeps_different_names_apart() -> None:
    assert search_fold("ivanova") not in search_fold("Иванов, Иван")
    assert search_fold("koc") not in search_fold("Kılıç")


@pytest.mark.parametrize(("name", "expected"), [
    ("Kulüp Şampiyonası 2026", "kulup-sampiyonasi-2026"), ("Çağdaş Gençlik Açık", "cagdas-genclik-acik"),
    ("Кубок Москвы", "kubok-moskvy"), ("Первенство клуба", "pervenstvo-kluba"),
    ("Schachfreunde Düsseldorf – Große Straße", "schachfreunde-duesseldorf-grosse-strasse"), ("!!!", ""),
    # German umlauts as German writes them without dots (ö oe, ü ue, ä ae, ß ss); a name with a
    # letter only Turkish has (ş ğ ı İ) keeps Turkish's plain o and u (Gölcük: g-o-l-c-u-k)
    ("Königsspringer Öhringen", "koenigsspringer-oehringen"), ("Schachclub Bärenhöhle", "schachclub-baerenhoehle"),
    ("Gölcük Şampiyonası", "golcuk-sampiyonasi"), ("Kulüp Ağabeyler", "kulup-agabeyler"),
    # Cyrillic by BGN/PCGN: Щ shch, Ж zh, Ё (at a word's start) ye, ы y, й y
    ("Щука и Жук", "shchuka-i-zhuk"), ("Ёлка Первый", "yelka-pervyy"),
])
def test_slugs_are_transliterated_ascii(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_tournament_ids_are_made_from_the_transliterated_name(tmp_path: Path) -> None:
    """The issue's ids: ``kul-p-h-zl-ak-am-ar-amba-470d`` and ``tournament-5e51``."""
    from core.store import Store

    store = Store(tmp_path)
    turkish = store.create(Tournament(id="", name="Kulüp Hızlı Satranç Şampiyonası", total_rounds=5))
    russian = store.create(Tournament(id="", name="Первенство клуба", total_rounds=5))
    assert turkish[:-5] == "kulup-hizli-satranc-sampiyonasi"[:32] and turkish[-5] == "-"
    assert russian[:-5] == "pervenstvo-kluba" and russian[-5] == "-"


def test_new_ids_spell_german_umlauts_and_keep_turkish_events_plain(tmp_path: Path) -> None:
    """Issue 34: ``Königsspringer`` became ``konigsspringer``.  German spells ö oe (by hand:
    K-oe-nigsspringer); the same letters in a Turkish event's name are plain o and u, as
    Turkish writes them in ASCII (Gölcük → golcuk); an id once made never changes."""
    from core.store import Store

    store = Store(tmp_path)
    german = store.create(Tournament(id="", name="Königsspringer Pokal", total_rounds=5, language="de"))
    turkish = store.create(Tournament(id="", name="Gölcük Kupa", total_rounds=5, language="tr"))
    unmarked = store.create(Tournament(id="", name="Müller-Gedenkturnier", total_rounds=5))
    cyrillic = store.create(Tournament(id="", name="Кубок «Жёлтая ладья»", total_rounds=5, language="ru"))
    assert german[:-5] == "koenigsspringer-pokal"
    assert turkish[:-5] == "golcuk-kupa"
    assert unmarked[:-5] == "mueller-gedenkturnier"
    assert cyrillic[:-5] == "kubok-zheltaya-ladya"  # BGN: ж zh, ё after a consonant ë (ASCII e), я ya, ь dropped
    old = store.create(Tournament(id="konigsspringer-ab12", name="Königsspringer", total_rounds=5))
    assert old == "konigsspringer-ab12"
    assert store.load(old).tournament.name == "Königsspringer"


def field(*names: str) -> Tournament:
    players = tuple(Player(i, name, rating=1500) for i, name in enumerate(names, start=1))
    return Tournament(id="", name="Rapid", total_rounds=5, players=players)


TURKISH_FIELD = ("Zorlu, Can", "Öztürk, Ayşe", "Koç, Ali", "Şahin, Ece", "Kılıç, İsmail", "Çelik, Oğuz",
                 "Cem, Deniz", "Sarı, Mert", "Ozan, Efe")
TURKISH_ORDER = ["Cem, Deniz", "Çelik, Oğuz", "Kılıç, İsmail", "Koç, Ali", "Ozan, Efe", "Öztürk, Ayşe",
                 "Sarı, Mert", "Şahin, Ece", "Zorlu, Can"]


def test_checkin_list_and_search_follow_the_language() -> None:
    from core import checkin

    t = field(*TURKISH_FIELD, "Иванов, Иван")
    set_language("tr")
    assert [r.name for r in checkin.checkin_list(t).rows] == [*TURKISH_ORDER, "Иванов, Иван"]  # Latin, then Cyrillic
    assert [p.name for p in checkin.find_players(t, "ivanov")] == ["Иванов, Иван"]
    assert [p.name for p in checkin.find_players(t, "ozturk")] == ["Öztürk, Ayşe"]


def test_the_printed_checkin_list_is_in_the_alphabets_order() -> None:
    from core.reports.tables import checkin_list
    from core.reports.view import View

    set_language("tr")
    [table] = checkin_list(View(field(*TURKISH_FIELD))).tables
    assert [row[1] for row in table.rows] == TURKISH_ORDER


def test_the_club_register_orders_and_finds_across_scripts(tmp_path: Path) -> None:
    from core.app import Workspace
    from core.club.members import Member

    ws = Workspace(tmp_path / "data")
    for name in ("Иванов, Иван", "Ivanova, Anna", "Müller, Jörg", *TURKISH_FIELD[:4]):
        ws.add_member(Member(0, name))
    set_language("tr")
    assert [m.name for m in ws.members()] == ["Ivanova, Anna", "Koç, Ali", "Müller, Jörg", "Öztürk, Ayşe",
                                              "Şahin, Ece", "Zorlu, Can", "Иванов, Иван"]
    assert [m.name for m in ws.search_members("ivanov")] == ["Ivanova, Anna", "Иванов, Иван"]
    assert [m.name for m in ws.search_members("иванова")] == ["Ivanova, Anna"]
    assert [m.name for m in ws.search_members("mueller")] == ["Müller, Jörg"]  # the German spelling too


def test_without_icu_nothing_is_ordered_and_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    for cached in (collation._collator, collation._transliterator, collation._sort_key, collation.search_fold,
                   collation.search_keys):
        cached.cache_clear()
    monkeypatch.setitem(sys.modules, "icu", None)  # what an import of a missing package meets
    try:
        with pytest.raises(CollationUnavailable, match="pyicu-wheels"):
            sort_key("Öztürk", "tr")
        with pytest.raises(CollationUnavailable, match="pyicu-wheels"):
            search_fold("Öztürk")
        assert search_fold("Ozturk") == "ozturk"  # ASCII needs no transliteration
    finally:
        monkeypatch.undo()
        for cached in (collation._collator, collation._transliterator, collation._sort_key, collation.search_fold,
                   collation.search_keys):
            cached.cache_clear()


def test_the_ui_does_not_start_without_icu(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tui.app import run_ui

    monkeypatch.setitem(sys.modules, "icu", None)
    assert run_ui(["--lang", "de"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ICU" in err and "pyicu-wheels" in err and "Namen" in err  # German, one line


def test_a_rating_list_finds_the_latin_spelling_of_a_cyrillic_query(tmp_path: Path) -> None:
    import os

    from core.ratinglists.entry import ListEntry
    from core.ratinglists.index import ListIndex, write_index

    path = tmp_path / "list.idx"
    with path.open("wb") as out:
        write_index(out, [ListEntry("Ivanov, Ivan", fide_id="4100018"), ListEntry("Иванов, Пётр", national_id="7"),
                          ListEntry("Ivanchuk, Vasyl", fide_id="14100010"), ListEntry("Öztürk, Ayşe")], {"format": "test"})
    with ListIndex(os.open(path, os.O_RDONLY), "test") as index:
        assert [e.name for e in index.search("Иванов")] == ["Иванов, Пётр", "Ivanov, Ivan"]  # as written first
        assert [e.name for e in index.search("ivanov")] == ["Ivanov, Ivan", "Иванов, Пётр"]  # written so first, then other scripts
        assert [e.name for e in index.search("ozturk")] == ["Öztürk, Ayşe"]
