"""Matching on general graphs, the one matching package of every pairing engine.

* :mod:`.incremental` — maximum-weight matching, warm-started after local weight changes
  (the Dutch bracket procedure, the 2017 rules, Burstein's bracket oracle through
  :func:`max_weight_matching`); its primal-dual stages are in :mod:`.stage`.
* :mod:`.cardinality` — maximum-cardinality matching (the completion tests of Dubov,
  Burstein and Lim).

The classic from-scratch blossom algorithm that the weighted matcher is tested against lives
with the tests (``tests/matching_oracle.py``), checked there by brute force.
"""

from core.pairing.matching.cardinality import max_matching
from core.pairing.matching.incremental import IncrementalMatcher, max_weight_matching

__all__ = ["IncrementalMatcher", "max_matching", "max_weight_matching"]
