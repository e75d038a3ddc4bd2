"""All-play-all systems: Berger tables (single/double), the German round formula, Varma
draws, withdrawals, Rutschsystem, Reisepartnersystem, Scheveningen and Skalitzka.

Modules: :mod:`berger` (FIDE rotation), :mod:`german` (formula and pencil construction of
seeds/001), :mod:`double`, :mod:`lot` and :mod:`varma` (drawing numbers), :mod:`withdrawals`
(50 % rule), :mod:`rutsch`, :mod:`reisepartner`, :mod:`scheveningen`, :mod:`skalitzka`,
:mod:`build` (table → RoundPairing) and :mod:`system` (the registered systems).
"""
