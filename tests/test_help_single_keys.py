"""F1 says what a new organiser gets: single-key results start off (issue 34, a review: the help
said chess events start with them on, while alice, bob and root's first sessions all showed
"Tek tuş kapalı" / "Einzeltasten aus").  The mode is the organiser's choice (``k``, kept in the
personal settings), never the event's kind: the help names no kind of event for it."""

from __future__ import annotations

import pytest

from core.i18n import set_language
from tui.screens.help import typing_help


@pytest.mark.parametrize(("lang", "chess", "off"), [("en", "chess", "off until"), ("tr", "satranç", "kapalıdır"),
                                                     ("de", "Schach", "aus, bis"), ("ru", "шахмат", "выключен, пока")])
def test_the_help_says_single_keys_start_off(lang, chess, off):
    set_language(lang)
    try:
        text = typing_help()
    finally:
        set_language("en")
    paragraph = text.split("\n\n")[1]
    assert chess not in paragraph and off in paragraph, paragraph
