"""Optimal wildcard policy against brute force: with one or two wild tiles, the score equals the best
score over every substitution of real tiles (within the four-copy limit)."""

import copy
import itertools
import random

from dslgen.rulefile import load_rules
from engine.fans import WinContext, score_win
from engine.rules import Rules
from engine.tiles import PLAYABLE

import gb_hands
from fan_helpers import CATALOG

WHITE = 37


def _rules():
    data = copy.deepcopy(dict(load_rules(CATALOG / "guobiao.yaml").data))
    data["wildcard_rules"] = {"type": "fixed", "tiles": ["白板"], "behavior": "substitute",
                              "fan_calculation_policy": "optimal"}
    data["win_min_fan"] = 0
    # the wait fans and 和绝张 depend on which tile won, which the brute force varies
    waits = {"边张", "坎张", "单钓将", "和绝张"}
    data["fan_types"] = [{**f, "excludes": [e for e in f.get("excludes", []) if e not in waits]}
                         for f in data["fan_types"] if f["name"] not in waits]
    return Rules.from_dict(data)


def test_wild_assignment_is_optimal_against_brute_force():
    rules = _rules()
    rng = random.Random(5)
    checked = 0
    for h in gb_hands.random_hands(260, 11):
        if WHITE in h.concealed or any(WHITE in m.tiles for m in h.melds):
            continue
        w = 1 + checked % 2
        conc = list(h.concealed)
        for i in rng.sample(range(len(conc)), w):
            conc[i] = WHITE
        flags = (h.self_drawn, h.kong_replacement, h.last_tile, h.robbing_kong)
        ours = score_win(rules, WinContext(tuple(conc), h.melds, WHITE, frozenset({WHITE}), *flags))
        real = [t for t in conc if t != WHITE]
        fixed = real + [t for m in h.melds for t in m.tiles]
        best = None
        for combo in itertools.combinations_with_replacement(PLAYABLE, w):
            everything = fixed + list(combo)
            if any(everything.count(t) > 4 for t in combo):
                continue
            res = score_win(rules, WinContext(tuple(real) + combo, h.melds, combo[0], frozenset(), *flags))
            if res is not None and (best is None or res.total > best):
                best = res.total
        assert ours is not None and best is not None
        assert ours.total >= best, (conc, h.melds, ours.fans, best)  # a wild may also be a fifth copy
        checked += 1
    assert checked >= 200
