"""A seeded typist for the TUI tests of issue 29: random registrations and result lines, what
they are as keys, and what the store must hold afterwards.

One generator serves both drivers — the real ``hakem`` in tmux (``test_tui_typist_tmux``) and
Textual's Pilot (``test_tui_typist_pilot``) — so the two tests type the same kind of text.
Expected values are the typed values themselves: a name is stored as typed, a rating as the
number typed (0 when left out), a title and a federation as typed; a result line ``3 =`` is
the draw of board 3 (``1/2`` in ``round show --format json``).

The keys are a list of *tokens*: literal text, ``TAB`` and ``ENTER``.  How they are delivered
is the driver's business: all in one burst, as one bracketed paste, or in chunks with random
gaps — the point of the tests is that the way of delivery never changes what is stored.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

TAB = "\t"
ENTER = "\n"

NAMES = {
    "tr": (("Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Arslan", "Doğan", "Kılıç",
            "Aslan", "Çetin", "Koç", "Kurt", "Özdemir", "Şimşek", "Işık", "Güneş", "Erdoğan", "Ünal"),
           ("İrem", "Ahmet", "Çağlar", "Ayşe", "Oğuz", "Burak", "Gülşen", "Şükrü", "Ümit", "Ilgın",
            "Öykü", "Barış", "Duygu", "Eşref", "Gökçe", "İsmail", "Nazlı", "Ozan", "Sevgi", "Tuğçe")),
    "ru": (("Иванов", "Смирнова", "Кузнецов", "Попова", "Васильев", "Петрова", "Соколов", "Михайлова",
            "Новиков", "Фёдорова", "Морозов", "Волкова", "Алексеев", "Лебедева", "Семёнов", "Егорова",
            "Павлов", "Козлова", "Степанов", "Николаева"),
           ("Анна", "Дмитрий", "Ольга", "Сергей", "Юлия", "Алексей", "Мария", "Илья", "Ксения", "Пётр",
            "Наталья", "Егор", "Татьяна", "Артём", "Елена", "Фёдор", "Ирина", "Глеб", "Дарья", "Эдуард")),
}
"""Surnames and given names per language (Turkish dotted/dotless i, Cyrillic ё and э)."""

TITLES = ("", "", "", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")
FEDERATIONS = ("", "TUR", "RUS", "AZE", "GER", "UKR", "KAZ", "GEO", "ARM")
RESULTS = (("1-0", "1-0"), ("0-1", "0-1"), ("=", "1/2"), ("1/2", "1/2"), ("+-", "+-"), ("-+", "-+"))
"""(what is typed, how ``round show --format json`` stores it)."""


@dataclass(frozen=True)
class Registration:
    """One player typed into the fast-entry form."""

    name: str
    rating: int
    title: str
    federation: str

    def tokens(self) -> list[str]:
        """Name ⇥ rating ⇥ title ⇥ federation ⏎, trailing empty fields left out (Enter adds
        from any field) and empty ones in between skipped with Tab."""
        fields = [self.name, str(self.rating) if self.rating else "", self.title, self.federation]
        while fields and not fields[-1]:
            fields.pop()
        tokens: list[str] = []
        for i, text in enumerate(fields):
            if i:
                tokens.append(TAB)
            if text:
                tokens.append(text)
        return [*tokens, ENTER]

    def stored(self) -> tuple[str, int, str, str]:
        return (self.name, self.rating, self.title, self.federation)


@dataclass(frozen=True)
class ResultLine:
    """One line of the result entry line: board and result."""

    board: int
    typed: str
    stored: str

    def tokens(self) -> list[str]:
        return [f"{self.board} {self.typed}", ENTER]


@dataclass(frozen=True)
class Refusable:
    """A record the form must refuse — one field the rules do not accept (a letter in the
    rating, a rating above 4000, an unknown title, a four-letter federation) — typed like any
    other record.  Nothing of it is stored, and the records typed after it are stored exactly."""

    name: str
    rating: str
    title: str
    federation: str

    def tokens(self) -> list[str]:
        return [t for t in (self.name, TAB, self.rating, TAB, self.title, TAB, self.federation) if t] + [ENTER]


def refusables(rng: random.Random, lang: str, n: int, taken: set[str] = frozenset()) -> list[Refusable]:
    """``n`` records with one bad field each (names not in ``taken``)."""
    surnames, given = NAMES[lang]
    free = [f"{s}, {g}" for s in surnames for g in given if f"{s}, {g}" not in taken]
    bad = (("rating", "2l00"), ("rating", "18500"), ("title", "XYZ"), ("federation", "TURK"))
    records = []
    for name in rng.sample(free, n):
        field, text = rng.choice(bad)
        fields = {"rating": str(rng.randint(1000, 2799)), "title": rng.choice(TITLES),
                  "federation": rng.choice(FEDERATIONS), field: text}
        records.append(Refusable(name, **fields))
    return records


def interleaved(rng: random.Random, good: list, bad: list) -> list:
    """``bad`` records put between the ``good`` ones at random places, never first (a burst
    that starts with a refusal tests less: the point is what comes after one)."""
    out = list(good)
    for record in bad:
        out.insert(rng.randint(1, len(out)), record)
    return out


def registrations(rng: random.Random, lang: str, n: int) -> list[Registration]:
    """``n`` players with distinct names ("Surname, Given"), random ratings (some left out),
    titles and federations."""
    surnames, given = NAMES[lang]
    pairs = rng.sample([(s, g) for s in surnames for g in given], n)
    return [Registration(name=f"{s}, {g}", rating=rng.choice((0, rng.randint(1000, 2799))),
                         title=rng.choice(TITLES), federation=rng.choice(FEDERATIONS)) for s, g in pairs]


def late_entries(rng: random.Random, lang: str, n: int, taken: set[str] = frozenset()) -> list[Registration]:
    """``n`` late entries (after round 1): the first rated above any player (so it would move
    players and the numbering question is asked), the others random; names not in ``taken``.
    Names with ``r``/``k`` in them are preferred for the records after the first: those are the
    letters that answer the question when type-ahead reaches it."""
    surnames, given = NAMES[lang]
    free = [(s, g) for s in surnames for g in given if f"{s}, {g}" not in taken]
    rng.shuffle(free)
    free.sort(key=lambda sg: not any(c in "rkRKкК" for c in "".join(sg)))  # stable: still random
    chosen = free[:n]
    return [Registration(name=f"{s}, {g}", rating=2800 if i == 0 else rng.choice((0, rng.randint(1000, 2799))),
                         title=rng.choice(TITLES), federation=rng.choice(FEDERATIONS))
            for i, (s, g) in enumerate(chosen)]


def correction_then_lines(rng: random.Random, stored: dict[int, str], free: list[int]) -> list[ResultLine]:
    """A line that changes a stored result (``stored``: board → the result stored there, as
    ``round show`` writes it), then a line
    for each board of ``free``: the correction's question opens after the first line's Enter,
    with the others typed ahead of it."""
    board = rng.choice(sorted(stored))
    typed, value = rng.choice([r for r in RESULTS if r[1] != stored[board]])
    return [ResultLine(board, typed, value), *result_lines(rng, free)]


def refused_lines(rng: random.Random, boards: int, n: int) -> list[list[str]]:
    """``n`` result lines that are no result (as tokens): a board the round does not have, a
    result no spelling means, a board without a result."""
    bad = (f"{boards + rng.randint(1, 90)} 1-0", f"{rng.randint(1, boards)} x", f"{rng.randint(1, boards)}",
           f"{rng.randint(1, boards)} 2-0")
    return [[rng.choice(bad), ENTER] for _ in range(n)]


def result_lines(rng: random.Random, boards: list[int]) -> list[ResultLine]:
    """One line per board, in random order, each with a random result spelling."""
    order = list(boards)
    rng.shuffle(order)
    return [ResultLine(board, *rng.choice(RESULTS)) for board in order]


def text_of(tokens: list[str]) -> str:
    """The tokens as one text (for a paste): Tab and newline as themselves."""
    return "".join(tokens)


def chunks(rng: random.Random, tokens: list[str], most: int = 8) -> list[list[str]]:
    """The keys cut at random places into pieces of 1..``most`` keys (letters of a text count
    one each), for delivery with gaps: a typist's pauses fall anywhere, mid-word too."""
    keys = [k for token in tokens for k in ([token] if token in (TAB, ENTER) else list(token))]
    pieces: list[list[str]] = []
    while keys:
        size = rng.randint(1, most)
        pieces.append(keys[:size])
        keys = keys[size:]
    return pieces
