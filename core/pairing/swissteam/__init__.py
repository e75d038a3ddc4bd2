"""FIDE C.04.6 Swiss Team Pairing System (2026): teams paired by match points, colour
preferences of Type A or B (none absolute), a pairing-allocated bye worth a drawn match.

``field.py`` the teams as the text sees them, ``colours.py`` Arts. 1.7 and 4, ``engine.py``
Art. 3 (bye, upfloaters, bracket), ``system.py`` the registered ``swiss-team``.
"""
