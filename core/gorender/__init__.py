"""Go's tournaments shown and written: the Gamma procedure's cards and table as text
(:mod:`~core.gorender.render`), McMahon's table (:mod:`~core.gorender.mcmahon_render`), and the
files other programs read — the rating commission's and the EGD's h9 (:mod:`~core.gorender.export`,
:mod:`~core.gorender.mcmahon_export`), OpenGotha's XML (:mod:`~core.gorender.opengotha_xml_export`)
and the FFG's ``.tou`` (:mod:`~core.gorender.tou_export`).

Why apart from :mod:`core.go` (the domain: ranks, handicaps, cards, the McMahon score,
results as typed): rendering needs the standings and the pairing's own record of a round,
while the pairing engines need the domain — one package for both made ``go ⟷ pairing ⟷
standings`` a circle.  The layers contract keeps this package above the standings and the
engines, and the domain below them.

Import the pieces from their modules; this package file stays empty so that importing one
part never loads the others.
"""
