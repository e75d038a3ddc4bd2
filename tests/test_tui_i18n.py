"""The lazy binding label (``tui.i18n.L_``, a ``LazyStr``: a ``str`` to the type checker) stays
lazy: Textual's footer and key panel build their text from it the way these tests do, in the
language of the moment; and every binding hakem declares with words in its label has one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.text import Text
from textual.binding import Binding

from core import i18n
from tui.i18n import L_, LazyStr


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



def test_every_worded_binding_label_is_lazy() -> None:
    """A binding label given as a plain string stays in the language it was written in (the
    footer and the F1 key panel showed it in English to every organiser).  Labels without a
    letter (the result keys' ``1-0``, ``½-½``) read the same in every language."""
    import importlib
    import inspect
    import pkgutil

    import tui

    plain = []
    for module_info in pkgutil.walk_packages(tui.__path__, "tui."):
        module = importlib.import_module(module_info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__ or "BINDINGS" not in cls.__dict__:
                continue
            for binding in cls.__dict__["BINDINGS"]:
                label = binding.description if isinstance(binding, Binding) else (binding + ("", ""))[2]
                if not isinstance(label, LazyStr) and any(c.isalpha() for c in str(label)):
                    plain.append(f"{module.__name__}.{name}: {label!r}")
    assert plain == []


def test_a_lazy_label_is_no_str_instance() -> None:
    """What the checker does not know (see tui.i18n): never ``isinstance``-test a label."""
    label = L_("Quit")
    assert isinstance(label, LazyStr) and not isinstance(label, str) and str(label) == "Quit"
