"""Rating changes and title norms after an event.

Why a package of its own: the formulas belong to the rating bodies (FIDE's Rating and Title
Regulations, the DSB's Wertungsordnung, the EGF's rating system), not to any report.  Each
module holds one body's arithmetic and cites its articles; :mod:`core.ratings.changes` turns a
tournament into one row per player for the reports, the TUI and the club register.
"""
