"""Pairing systems: one module (or package) per system behind one protocol.

See :mod:`core.pairing.base` for the protocol and :mod:`core.pairing.registry` for lookup.
"""
