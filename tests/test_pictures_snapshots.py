"""Snapshots of every picture widget at 80×24 and 120×40, in English, Turkish, German, Russian.

The demo app and its data are in ``tests/test_pictures_app.py`` (no pairing engine involved).
Review the SVGs (``pytest --snapshot-report``) before ever running ``--snapshot-update``.
"""

from __future__ import annotations

import pytest

from core.i18n import set_language
from tests.test_pictures_app import PICTURES, PicturesDemo

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
LANGS = ["en", "tr", "de", "ru"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("picture", PICTURES)
def test_picture(snap_compare, picture, size, lang):
    assert snap_compare(PicturesDemo(picture, lang), terminal_size=size)
