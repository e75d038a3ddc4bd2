"""A tournament file whose fields have the wrong types is refused at the door.

Found by a fresh-eyes attacker of a service set-up: any member may import a tournament, and a
JSON file with ``tiebreak_regime`` a nested list, ``place``/``acceleration`` lists and
``total_rounds`` the text ``"5"`` was accepted; afterwards the chief arbiter's ``standings``,
``export --trf`` and ``result`` stopped with ``AttributeError`` (exit 2) and her TUI died on
the standings tab.  Each field below is text, a whole number or an object in the model.
"""

from __future__ import annotations

import json

import pytest

from core.errors import TournamentError
from core.serialize import tournament_from_json

GOOD = {"name": "Club Rapid", "total_rounds": 5, "players": []}


@pytest.mark.parametrize("field,value", [
    ("tiebreak_regime", [[["x"]]]),
    ("place", [["x"]]),
    ("acceleration", ["baku"]),
    ("total_rounds", "5"),
    ("language", 3),
    ("time_control", {"a": 1}),
    ("options", ["not", "an", "object"]),
    ("system", ["dutch"]),
])
def test_a_field_of_the_wrong_type_is_refused_naming_it(field, value):
    with pytest.raises(TournamentError, match="not a hakem tournament"):
        tournament_from_json(json.dumps({**GOOD, field: value}))


def test_the_right_types_still_read():
    t = tournament_from_json(json.dumps({**GOOD, "place": "İzmir", "tiebreak_regime": "2026",
                                         "acceleration": None, "options": {"rating_for_pairing": "kind"}}))
    assert (t.place, t.tiebreak_regime, t.acceleration, t.total_rounds) == ("İzmir", "2026", None, 5)
