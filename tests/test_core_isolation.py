"""core must never load the UI toolkit (docs/architecture.md)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
"""The checkout under test, wherever pytest is started from."""

CORE_MODULES = ["core", "core.model", "core.changes", "core.store", "core.trf", "core.cli",
                "core.pairing.registry", "core.validate", "core.numbering", "core.serialize"]


def test_importing_core_does_not_import_textual():
    code = ("import sys, importlib\n"
            f"for m in {CORE_MODULES!r}: importlib.import_module(m)\n"
            "from core.cli import build_parser; build_parser()\n"
            "from core.pairing.registry import SYSTEMS\n"
            "import core.pairing.registry as r\n"
            "for sid in r.system_ids(): r.get_system(sid)\n"
            "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith(('textual.', 'tui')))\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_core_module_mentions_the_ui_package():
    sources = sorted((ROOT / "core").rglob("*.py"))
    assert len(sources) > 100  # the walk found the package (a wrong path would pass vacuously)
    offenders = [str(p) for p in sources
                 if any(line.strip().startswith(("import tui", "from tui", "import textual", "from textual"))
                        for line in p.read_text(encoding="utf-8").splitlines())]
    assert offenders == []
