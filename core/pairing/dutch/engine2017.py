"""Placeholder: the 2017 procedure reuses the 2026 engine until its own weights land."""
from core.pairing.dutch.engine import pair_order  # noqa: F401
