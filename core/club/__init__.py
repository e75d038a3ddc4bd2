"""The club beside its events: the register of members (:mod:`core.club.members`,
:mod:`core.club.register`), a member's history across events (:mod:`core.club.history`) and
the series of a season (:mod:`core.club.series`, :mod:`core.club.series_table`).
Pure: these work on TinyDB tables and tournaments handed to them; the club database
(:mod:`core.store.clubdb`) and the use cases (:mod:`core.app.club`) hold them."""
