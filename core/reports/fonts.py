"""The fonts printed PDFs are set in, embedded (subset) in every file.

Why Source Sans Pro from a PyPI package: it carries every letter the seeds' languages need
(Turkish ı İ ş ğ, German ä ö ü ß, Cyrillic), the ½ and the minus of our cells, is under the
SIL Open Font License (embedding allowed) and installs with hakem's single ``pip install``: no
system font is needed on the club machine.  A name in a script the font lacks (Georgian,
Chinese...) is set in DejaVu Sans when the system has it (Debian's fonts-dejavu-core).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

from core.errors import TournamentError
from core.i18n import _

REGULAR = "hakem-sans"
BOLD = "hakem-sans-bold"
FALLBACK = "hakem-fallback"

_FALLBACK_PATHS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                   "/usr/share/fonts/TTF/DejaVuSans.ttf",
                   "/usr/share/fonts/dejavu/DejaVuSans.ttf")


@dataclass(frozen=True)
class Fonts:
    """Registered font names and the characters each covers (to pick the fallback)."""

    regular: str
    bold: str
    covered: frozenset[int]
    fallback: str | None
    fallback_covered: frozenset[int]

    def for_text(self, text: str, bold: bool = False) -> str:
        """The font to set ``text`` in: ours, or the fallback when ours lacks a letter of it."""
        if (self.fallback and not text.isascii() and any(ord(c) not in self.covered for c in text)
                and all(ord(c) in self.fallback_covered or c.isspace() for c in text)):
            return self.fallback
        return self.bold if bold else self.regular


def _font_files() -> tuple[str, str]:
    try:
        import font_source_sans_pro
    except ImportError as error:
        raise TournamentError(_("the PDF font is missing: install hakem again with pip "
                                "(it brings the package font-source-sans-pro)")) from error
    folder = os.path.join(os.path.dirname(font_source_sans_pro.__file__), "files")
    regular = os.path.join(folder, "SourceSansPro-Regular.ttf")
    bold = os.path.join(folder, "SourceSansPro-Semibold.ttf")
    for path in (regular, bold):
        if not os.path.isfile(path):
            raise TournamentError(_("the PDF font file {path} is missing: install hakem again with pip")
                                  .format(path=path))
    return regular, bold


@lru_cache(maxsize=1)
def fonts() -> Fonts:
    """Register the fonts with reportlab once per process."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    regular, bold = _font_files()
    main = TTFont(REGULAR, regular)
    pdfmetrics.registerFont(main)
    pdfmetrics.registerFont(TTFont(BOLD, bold))
    fallback, fallback_covered = None, frozenset[int]()
    for path in _FALLBACK_PATHS:
        if os.path.isfile(path):
            try:
                extra = TTFont(FALLBACK, path)
            except Exception:  # noqa: S112 - a broken system font only loses the fallback
                continue
            pdfmetrics.registerFont(extra)
            fallback, fallback_covered = FALLBACK, frozenset(extra.face.charToGlyph)
            break
    return Fonts(REGULAR, BOLD, frozenset(main.face.charToGlyph), fallback, fallback_covered)
