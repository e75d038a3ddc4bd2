"""Every article the code cites is in our digests, by the number the code gives.

Why: a clone carries the rule texts only as docs/rules/ (digests in our words) and
docs/sources.md (which text is which).  A docstring citing ``C.07 Art. 16.2.4`` sends the
reader there; if the digest only has "Art. 16", the reader cannot find the rule the code
follows, and a bare ``Art. 2.2`` in a module that serves several texts does not say which
text to open.  The check reads every module of core/ and tui/ for citations written with the
text's name —
``C.04.2 Art. 2.3``, ``C.07 §16.1``, ``TRF-2026 §001``, ``Swiss Rules 1999 §22``,
``Aktar p. 67`` / ``pp. 65–70`` — and wants each number in the digest of that text: for a
FIDE chapter, the digests docs/sources.md links from the chapter's row.  A bare ``Art. 3.6``
reads in the chapter of its package (:data:`PACKAGE_CHAPTERS`: an engine's package follows one
text) unless another text is named just before it; anywhere else a bare article is reported:
it must name its text (``C.04.2 Art. 2.2``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIDE = re.compile(r"\b(C\.0\d(?:\.\d+)*)(?: \(?\d{4}\)?)?,? (?:Art\.|§|A\.) ?(\d+(?:\.\d+)*)")
"""``C.07 Art. 16.1``, ``C.04.3 (2017) A.6``, ``C.04.3 2026 Art. 4``."""

OWN_SECTION = re.compile(r"\b(TRF-2026|Swiss Rules 1999),? §(\d+(?:\.\d+)*)")
"""Texts cited by their own section sign."""

AKTAR_PAGES = re.compile(r"\bAktar,? pp?\. ?(\d+)(?:[–-](\d+))?")
"""Aktar's handbook cited by page or page range."""

BARE = re.compile(r"(?<![\w.§])(?:Art\.|Arts\.|Article) ?(\d+(?:\.\d+)*)")
"""``Art. 3.6.4`` without a chapter."""

OTHER_TEXT = re.compile(r"C\.0\d|Swiss Rules|Aktar|TRF|Dubov 1997|1997|2017|TSF|Laws")
"""A text named in the few characters before a bare article: the article is that text's."""

PACKAGE_CHAPTERS = {
    "core/pairing/dutch/": "C.04.3", "core/pairing/dubov/": "C.04.4.1",
    "core/pairing/burstein/": "C.04.4.2", "core/pairing/lim/": "C.04.4.3",
    "core/pairing/doubleswiss/": "C.04.5", "core/pairing/swissteam/": "C.04.6",
    "core/tiebreaks/": "C.07",
}
"""The text a package's bare articles belong to."""

DOC_PAGES = re.compile(r"\bpp?\. ?(\d+)(?:[–-](\d+))?")

_ROW = re.compile(r"^\| *(C\.0\d[^|]*?) *\|.*\|([^|]*)\|\s*$", re.M)
_DIGEST = re.compile(r"\(rules/([\w-]+\.md)\)")


def _code_texts(root: Path = ROOT) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8")
            for top in ("core", "tui") for p in sorted((root / top).rglob("*.py"))}


def chapter_digests(sources: str) -> dict[str, list[str]]:
    """FIDE chapter → the digest files its row in docs/sources.md links to
    (``C.04.4.1 / .2 / .3`` gives the three chapters)."""
    found: dict[str, list[str]] = {}
    for cell, links in _ROW.findall(sources):
        digests = _DIGEST.findall(links)
        first, *rest = [c.strip() for c in cell.split("/")]
        chapters = [first] + [first.rsplit(".", 1)[0] + c if c.startswith(".") else c for c in rest]
        for chapter in chapters:
            found.setdefault(chapter.split()[0], []).extend(digests)
    return found


def _has_number(text: str, number: str) -> bool:
    """``number`` as a whole article number: ``16.2`` is not found inside ``16.2.4`` nor ``3.16.2``."""
    return re.search(r"(?<![\d.])" + re.escape(number) + r"(?!\.?\d)", text) is not None


def _pages_covered(text: str) -> set[int]:
    pages: set[int] = set()
    for first, last in DOC_PAGES.findall(text):
        pages.update(range(int(first), int(last or first) + 1))
    return pages


def _cited(name: str, text: str) -> list[tuple[str | None, str]]:
    """(chapter, article) of every FIDE citation in one file: named ones, and bare ones — in
    the chapter of a package that follows one text, else with chapter None (no text named)."""
    found: list[tuple[str | None, str]] = [(m.group(1), m.group(2)) for m in FIDE.finditer(text)]
    chapter = next((c for prefix, c in PACKAGE_CHAPTERS.items() if name.startswith(prefix)), None)
    named = [m.span() for m in FIDE.finditer(text)]
    for m in BARE.finditer(text):
        if any(a <= m.start() < b for a, b in named) or OTHER_TEXT.search(text[max(0, m.start() - 30):m.start()]):
            continue
        found.append((chapter, m.group(1)))
    return found


def missing_articles(code: dict[str, str], rules: dict[str, str], sources: str) -> list[str]:
    """``file: citation`` for each cited article whose number the digests do not carry."""
    digests = chapter_digests(sources)
    every_doc = "\n".join(rules.values()) + "\n" + sources
    aktar_pages = _pages_covered("\n".join(line for line in every_doc.splitlines() if "Aktar" in line))
    missing = []
    for name, text in code.items():
        for chapter, number in _cited(name, text):
            if chapter is None:
                missing.append(f"{name}: Art. {number} names no text")
                continue
            files = digests.get(chapter)
            where = "\n".join(rules.get(f, "") for f in files) if files else ""
            if not files or not _has_number(where, number):
                missing.append(f"{name}: {chapter} Art. {number}")
        for m in OWN_SECTION.finditer(text):
            if f"§{m.group(2)}" not in every_doc:
                missing.append(f"{name}: {m.group(1)} §{m.group(2)}")
        for m in AKTAR_PAGES.finditer(text):
            first, last = int(m.group(1)), int(m.group(2) or m.group(1))
            if not set(range(first, last + 1)) <= aktar_pages:
                missing.append(f"{name}: Aktar p. {first}" + (f"–{last}" if last != first else ""))
    return sorted(set(missing))


def test_every_cited_article_is_in_the_digests():
    rules = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs" / "rules").glob("*.md"))}
    sources = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    missing = missing_articles(_code_texts(), rules, sources)
    assert not missing, "write these articles into docs/rules/ (in our words):\n" + "\n".join(missing)


SOURCES = """\
| Chapter | Title | Editions | Digest |
|---|---|---|---|
| C.04.2 | General handling | 2026 | [rules/swiss.md](rules/swiss.md) |
| C.04.4.1 / .2 / .3 | Dubov, Burstein, Lim | 2026 | [rules/swiss-others.md](rules/swiss-others.md) |
| C.07 | Tie-breaks | 2026 | [rules/tiebreaks.md](rules/tiebreaks.md), [rules/teams.md](rules/teams.md) |
"""


def test_the_digest_map_reads_each_chapter_row():
    assert chapter_digests(SOURCES) == {
        "C.04.2": ["swiss.md"], "C.04.4.1": ["swiss-others.md"], "C.04.4.2": ["swiss-others.md"],
        "C.04.4.3": ["swiss-others.md"], "C.07": ["tiebreaks.md", "teams.md"]}


def test_the_check_finds_an_article_the_digest_lacks():
    """A sub-article under a digest that only has its parent, a chapter with no digest, an
    uncovered page and an absent section are each reported; present ones are not."""
    rules = {"swiss.md": "Art. 2 says ... (Art. 2.2) ...", "tiebreaks.md": "| BH | 8.1 | ... |",
             "teams.md": "Art. 16.2.4 ...", "swiss-others.md": "Aktar pp. 44–53; Swiss Rules 1999 §22"}
    code = {"core/x.py": '"""C.04.2 Art. 2.3; C.04.2 Art. 2.2; C.07 Art. 8.1; C.07 Art. 16.2; '
                         'C.07 Art. 16.2.4; C.04.9 Art. 1; Aktar p. 45; Aktar pp. 52–54; '
                         'Swiss Rules 1999 §22; TRF-2026 §001"""'}
    assert missing_articles(code, rules, SOURCES) == [
        "core/x.py: Aktar p. 52–54", "core/x.py: C.04.2 Art. 2.3", "core/x.py: C.04.9 Art. 1",
        "core/x.py: C.07 Art. 16.2", "core/x.py: TRF-2026 §001"]


def test_a_bare_article_reads_in_its_package_chapter():
    """A bare ``Art. N`` in an engine package is its text's; one right after another text's name
    is that text's, and outside the mapped packages a bare article is reported as naming no
    text (core/model.py), wherever the module is (tui/ too)."""
    rules = {"teams.md": "C1 (2.1.1) ...", "swiss.md": "Art. 2 ...", "tiebreaks.md": "", "swiss-others.md": ""}
    sources = SOURCES + "| C.04.6 | Swiss Team | 2026 | [rules/teams.md](rules/teams.md) |\n"
    code = {"core/pairing/swissteam/engine.py": '"""C1 (Art. 2.1.1); (Art. 3.6.4); (C.04.2 Art. 2); '
                                                '(Aktar §3, Art. 9)"""',
            "core/model.py": '"""Art. 3.6.4"""', "core/app/x.py": '"""numbered by the ranking of Art. 2"""',
            "tui/x.py": '"""see Article 7"""'}
    assert missing_articles(code, rules, sources) == [
        "core/app/x.py: Art. 2 names no text", "core/model.py: Art. 3.6.4 names no text",
        "core/pairing/swissteam/engine.py: C.04.6 Art. 3.6.4", "tui/x.py: Art. 7 names no text"]
