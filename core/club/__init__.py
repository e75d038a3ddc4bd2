"""The club beside its events: the register of members (:mod:`core.club.members`,
:mod:`core.club.register`) and a member's history across events (:mod:`core.club.history`).
Pure: these work on TinyDB tables and tournaments handed to them; the club database
(:mod:`core.store.clubdb`) and the use cases (:mod:`core.app.club`) hold them."""
