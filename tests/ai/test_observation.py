"""An observation sent as JSON reads back into the view it came from; bad ones name the field."""

from __future__ import annotations

import json

import pytest

from engine.ai.observation import ObservationError, view_from_observation

from .conftest import CATALOG, catalog_rules, decision_points


def _comparable(view):
    """The view without what the plain form drops (which discard a meld claimed) and with the hand sorted."""
    players = []
    for p in view.players:
        extra = {"hand": tuple(sorted(p.hand))} if hasattr(p, "hand") else {}
        players.append(p._replace(melds=tuple((m.kind, m.tiles) for m in p.melds), **extra))
    return view._replace(players=tuple(players))


@pytest.mark.parametrize("stem", [p.stem for p in CATALOG])
def test_observation_round_trips(stem):
    rules = catalog_rules(stem)
    for game, seat in decision_points(rules, seed=3, limit=40, every=3):
        sent = json.loads(json.dumps(game.observation(seat)))
        assert _comparable(view_from_observation(rules, sent)) == _comparable(game.view(seat))


@pytest.mark.parametrize("change, path", [
    (lambda o: o.pop("hand"), "hand"),
    (lambda o: o.__setitem__("seat", 9), "seat"),
    (lambda o: o["players"].pop(), "players"),
    (lambda o: o.__setitem__("hand", [1, 2, 99]), "hand[2]"),
    (lambda o: o["players"][1].__setitem__("melds", [{"kind": "quad", "tiles": [1, 1, 1]}]), "players[1].melds[0].kind"),
    (lambda o: o.__setitem__("legal_actions", [{"kind": "fly", "seat": 0}]), "legal_actions[0]"),
    (lambda o: o.__setitem__("legal_actions", []), "legal_actions"),
])
def test_a_bad_observation_names_the_field(change, path):
    rules = catalog_rules("guangdong_jipinghu")
    game, seat = decision_points(rules, seed=1, limit=1)[0]
    obs = game.observation(seat)
    if path == "legal_actions[0]":
        obs["legal_actions"] = [{"kind": "fly", "seat": seat}]
    else:
        change(obs)
    with pytest.raises(ObservationError) as caught:
        view_from_observation(rules, obs)
    assert caught.value.path == path
