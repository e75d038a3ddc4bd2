"""No translation is its own text said twice (issue 34, a review: the cup's F5 text read
"…keine Feinwertung.Ein Pokal wird nach der erreichten Stufe gewertet…" — three copies glued
together in each of tr/de/ru, where the English text is one sentence)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parent.parent / "locales"


def _repeats(text: str) -> bool:
    """``text`` is one piece of at least a few words written two or more times in a row."""
    n = len(text)
    return any(n % size == 0 and text == text[:size] * (n // size) and " " in text[:size]
               for size in range(8, n // 2 + 1))


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_no_translation_repeats_itself(lang):
    with (LOCALES / lang / "LC_MESSAGES" / "hakem.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    repeated = [m.id for m in catalog if m.id and isinstance(m.string, str) and m.string
                and _repeats(m.string) and not (isinstance(m.id, str) and _repeats(m.id))]
    assert not repeated, repeated
