"""Go tournaments with the Russian "Gamma" scheme (the Gamma procedure): ranks, top group, levels,
pairing with handicaps, participant cards, the coefficient, places, table and exports.

Import the pieces from their modules (``core.pairing.gamma``, ``core.go.render``...); this
package file stays empty so that importing one part never loads the others.
"""
