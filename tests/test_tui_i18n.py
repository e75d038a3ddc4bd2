"""The lazy binding label (``tui.i18n.L_``) is typed ``str`` and stays lazy: Textual's footer and
key panel build their text from it the way these tests do, in the language of the moment."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.text import Text
from textual.binding import Binding

from core import i18n
from tui.i18n import L_


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_binding_label_follows_the_language(english: None) -> None:
    binding = Binding("q", "quit", L_("Quit"))
    assert f"{binding.description}" == "Quit"
    i18n.set_language("de")
    german = i18n._("Quit")
    assert german != "Quit"  # the catalog translates it, so the checks below can fail
    # Footer: " " * padding + description + " " * padding, then Text.assemble
    assert " " + binding.description + " " == f" {german} "
    assert Text.assemble((" " + binding.description, "bold")).plain == f" {german}"
    # Key panel (F1 keys): markup parsed from the description
    assert Text.from_markup(str(binding.description)).plain == german
    i18n.set_language("tr")
    assert str(binding.description) == i18n._("Quit") != german


def test_label_is_not_frozen_at_definition(english: None) -> None:
    i18n.set_language("ru")
    label = L_("Quit")
    i18n.set_language("en")
    assert str(label) == "Quit"  # made while Russian was on, read in English

