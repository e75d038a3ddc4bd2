"""Compile ``locales/<lang>/LC_MESSAGES/hakem.po`` into ``.mo`` files (a build step).

Run by the setuptools ``build_py`` hook (``core/i18n/build.py``) for ``pip install .`` and
``pip install -e .``, or by hand::

    python -m core.i18n.compile            # compile every catalog in locales/
    python -m core.i18n.compile --check    # exit 1 if a .mo is missing or older than its .po

Why a separate step: compiled catalogs are build artefacts (not in git) and must never be
produced at import time (read-only installs, several users over SSH, no write races).

This module deliberately imports nothing from the ``core`` package: the build hook loads it by
file path inside an isolated build environment where ``core`` is not importable.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

DOMAIN = "hakem"
SOURCE_LOCALES = Path(__file__).resolve().parent.parent.parent / "locales"


def catalogs(locales: Path = SOURCE_LOCALES) -> list[tuple[str, Path]]:
    """Every ``(lang, po_path)`` under ``locales``, sorted by language."""
    found = []
    for po in sorted(locales.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        found.append((po.parent.parent.name, po))
    return found


def mo_bytes(po_path: Path) -> bytes:
    """The compiled form of one ``.po`` (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogs(locales: Path = SOURCE_LOCALES, out: Path | None = None) -> list[Path]:
    """Write ``<out or locales>/<lang>/LC_MESSAGES/hakem.mo`` for every catalog; return paths.

    A file is rewritten only when its bytes change, so repeated builds leave mtimes alone.
    """
    written = []
    for lang, po in catalogs(locales):
        data = mo_bytes(po)
        target = (out or locales) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.is_file() or target.read_bytes() != data:
            tmp = target.with_suffix(".mo.tmp")
            tmp.write_bytes(data)
            tmp.replace(target)
        written.append(target)
    return written


def stale(locales: Path = SOURCE_LOCALES) -> list[Path]:
    """``.po`` files whose ``.mo`` is missing or differs from a fresh compilation."""
    result = []
    for _lang, po in catalogs(locales):
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != mo_bytes(po):
            result.append(po)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.i18n.compile",
                                     description="Compile the hakem gettext catalogs (.po → .mo).")
    parser.add_argument("--locales", type=Path, default=SOURCE_LOCALES,
                        help="catalog directory (default: the source tree's locales/)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the .mo files under this directory instead")
    parser.add_argument("--check", action="store_true",
                        help="only report .mo files that are missing or out of date (exit 1)")
    args = parser.parse_args(argv)
    if args.check:
        bad = stale(args.locales)
        for po in bad:
            print(f"out of date: {po.with_suffix('.mo')}", file=sys.stderr)
        return 1 if bad else 0
    for path in compile_catalogs(args.locales, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
