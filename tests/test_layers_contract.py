"""The layers contract names every part of core, so a new import across layers fails.

``lint-imports`` checks only the packages a layers contract names: one left out (the contract
named 11 of 39) may import anything, and anything may import it.  These tests read the
contract from ``pyproject.toml`` and the packages from the disk.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[1]


def layers() -> list[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in contracts if c["type"] == "layers" and c["name"].startswith("core in layers")]
    return contract["layers"]


def named(lines: list[str]) -> list[str]:
    return [name for line in lines for name in re.split(r"\s*[|:]\s*", line.strip())]


def core_parts() -> set[str]:
    """Every package and top-level module of ``core``."""
    core = ROOT / "core"
    return {f"core.{p.stem}" for p in core.iterdir()
            if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()}


def test_every_core_package_and_module_has_its_layer():
    assert set(named(layers())) == core_parts()


def test_each_is_named_once():
    names = named(layers())
    assert len(names) == len(set(names))


def test_the_front_ends_sit_on_the_application_layer_and_the_model_near_the_bottom():
    """The order the architecture describes (docs/architecture.md, "Layers")."""
    names = named(layers())
    order = ["core.cli", "core.app", "core.reports", "core.gorender", "core.store", "core.changes",
             "core.standings", "core.tiebreaks", "core.pairing", "core.go", "core.model"]
    assert sorted(order, key=names.index) == order
