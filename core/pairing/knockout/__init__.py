"""Knockout ("Eleme", "K.O.-System"): ``knockout``.

Registered in :mod:`core.pairing.registry` as ``KNOCKOUT`` (:mod:`.system`).  The bracket —
rounds, who advances without a game, first against last — is :mod:`core.playoff.bracket_plan`; the matches
are played through the playoff machinery (:mod:`core.playoff.cup` replays the event from its
rounds, :mod:`core.playoff.bracket` plays a bracket as mini-matches).
"""
