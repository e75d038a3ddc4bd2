"""A Turkish suffix on a number is written after an apostrophe (3'lük, 1'den), never glued to the
number's dot (issue 34, a review: the cup form's check box said "3.lük maçı")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "locales" / "tr" / "LC_MESSAGES" / "hakem.po"


def test_no_suffix_is_glued_to_a_number():
    with PO.open("rb") as f:
        catalog = read_po(f, locale="tr")
    texts = [s for m in catalog if m.id for s in ((m.string,) if isinstance(m.string, str) else m.string) if s]
    glued = [s for s in texts if re.search(r"\d\.?(l[üuıi]k|[ıiuü]nc[ıiuü]|d[ae]n|t[ae]n)\b", s)]
    assert not glued, glued[:5]
