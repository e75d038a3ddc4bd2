"""setuptools hook: compile the gettext catalogs while building (wheel and editable installs).

Wired in ``pyproject.toml``::

    [tool.setuptools.cmdclass]
    build_py = "core.i18n.build.BuildPyWithCatalogs"

Why ``build_py``: it runs for ``pip install .``, for wheels and for ``pip install -e .``
(PEP 660 editable builds run it in editable mode), so every install path ends with compiled
catalogs and nothing is ever compiled at import time.

- Always: ``locales/<lang>/LC_MESSAGES/hakem.mo`` is (re)written in the source tree, which is
  where an editable install and a source checkout look first.
- Regular builds also copy them into the wheel as ``core/i18n/locales/…`` (the fallback path of
  ``core.i18n.mo_path``), because ``locales/`` is not a Python package.

setuptools loads this file by path without importing the ``core`` package, so the compiler is
loaded the same way (``compile.py`` next to this file has no package imports).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools.command.build_py import build_py


def _compiler() -> ModuleType:
    path = Path(__file__).resolve().with_name("compile.py")
    spec = importlib.util.spec_from_file_location("_hakem_i18n_compile", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the catalog compiler from {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithCatalogs(build_py):
    """``build_py`` that first compiles ``locales/*/LC_MESSAGES/hakem.po`` to ``.mo``."""

    def run(self) -> None:
        compiler = _compiler()
        locales = Path(__file__).resolve().parent.parent.parent / "locales"
        compiler.compile_catalogs(locales)
        super().run()
        if not getattr(self, "editable_mode", False):
            compiler.compile_catalogs(locales, Path(self.build_lib) / "core" / "i18n" / "locales")
