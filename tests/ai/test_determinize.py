"""Determinizations show the seat exactly its view, and depend on nothing it cannot see."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai.determinize import Determinizer, unseen_tiles

from .conftest import CATALOG, catalog_rules, decision_points
from .hidden import hidden_of, rearranged


@pytest.mark.parametrize("stem", [p.stem for p in CATALOG])
def test_every_sample_shows_the_seat_its_own_view(stem):
    rules = catalog_rules(stem)
    points = decision_points(rules, seed=3, limit=40, every=4)
    assert points, "no decision in the game"
    for k, (game, seat) in enumerate(points):
        real = game.observation(seat)
        det = Determinizer(game.view(seat))
        for i in range(2):
            model = det.sample(random.Random(k * 10 + i))
            assert model.observation(seat) == real
            assert not model.over and seat in model.to_act()
            # the sample holds no tile the deck lacks, and deals only what the seat cannot see
            assert not Counter(model.all_tiles().elements()) - Counter(rules.deck())
            dealt = Counter(t for p in model.players if p.seat != seat for t in p.hand) + Counter(model.wall.remaining())
            assert not dealt - unseen_tiles(game.view(seat))
            for p, q in zip(model.players, game.players):
                assert len(p.hand) == len(q.hand)


@pytest.mark.parametrize("stem", ["sichuan_xuezhan", "kawuxing", "guobiao", "nanchang"])
def test_samples_do_not_depend_on_the_hidden_tiles(stem):
    rules = catalog_rules(stem)
    for k, (game, seat) in enumerate(decision_points(rules, seed=5, limit=30, every=5)):
        other = rearranged(game, seat, k)
        assert hidden_of(other, seat) != hidden_of(game, seat)
        assert other.observation(seat) == game.observation(seat)
        a = Determinizer(game.view(seat)).sample(random.Random(k))
        b = Determinizer(other.view(seat)).sample(random.Random(k))
        assert hidden_of(a, seat) == hidden_of(b, seat)


def test_declared_tiles_and_passed_tiles_stay_where_the_seat_knows_they_are():
    rules = catalog_rules("kawuxing")
    found = False
    for seed in range(12):
        for game, seat in decision_points(rules, seed=seed, limit=200):
            declared = [p for p in game.players if p.seat != seat and p.declared]
            if not declared:
                continue
            found = True
            model = Determinizer(game.view(seat)).sample(random.Random(seed))
            for p in declared:
                assert not Counter(p.exposed) - Counter(model.players[p.seat].hand)
            break
        if found:
            break
    assert found, "no 亮倒 in the sampled games"
    rules = catalog_rules("sichuan_xuezhan")
    game, seat = decision_points(rules, seed=1, limit=1)[0]
    given = game.exchanged[seat]
    assert given.get("gave"), "换三张 did not run"
    model = Determinizer(game.view(seat)).sample(random.Random(0))
    still = Counter(given["gave"]) & Counter(game.players[given["to"]].hand)
    assert not still - Counter(model.players[given["to"]].hand)


def test_playing_a_sample_leaves_the_next_samples_unchanged():
    from engine.simulation import make_bot

    rules = catalog_rules("sichuan_xueliu")
    game, seat = decision_points(rules, seed=2, limit=12)[-1]
    det = Determinizer(game.view(seat))
    played = det.sample(random.Random(1))
    bots = [make_bot("greedy", s) for s in range(played.n)]
    while not played.over:
        s = played.to_act()[0]
        played.apply(bots[s].choose(played.view(s), s, played.legal_actions(s)))
    fresh = Determinizer(game.view(seat)).sample(random.Random(2))
    again = det.sample(random.Random(2))
    assert again.observation(seat) == fresh.observation(seat) == game.observation(seat)
    assert hidden_of(again, seat) == hidden_of(fresh, seat)
    assert again.payments == [0] * again.n and again.wins == [] and again.events == []
