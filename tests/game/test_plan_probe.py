"""The bots' incremental plan distances (:class:`engine.simulation.plans.Probe`) against the direct
:func:`engine.simulation.plans.distance`, and the discard bound the bots' pruning relies on."""

from __future__ import annotations

import random

from engine import tiles as T
from engine.melds import CHOW, Meld
from engine.simulation import plans as P
from engine.solver import Shapes

from tests.game.conftest import ROOT

SHAPES = Shapes(seven_pairs=True, honors_knitted=True, thirteen_orphans=True)
DECK = [t for t in T.PLAYABLE for _ in range(4)]


def _plans():
    from dslgen.rulefile import load_rules

    plans = P.plans_for(load_rules(ROOT / "dsl-examples" / "guobiao.yaml").rules, SHAPES)
    # derived CORE plans (a fixed chow already melded) as well
    return list(plans) + list(P.open_plans(plans, (Meld(CHOW, (11, 12, 13)),)))


def _hands(seed: int, n: int, sizes):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        size = rng.choice(sizes)
        if rng.random() < 0.4:  # flush-like hands reach the near plans
            suit = rng.choice(T.SUITS)
            hand = [t for t in rng.sample(DECK, 100) if t // 10 == suit or rng.random() < 0.2][:size]
        else:
            hand = rng.sample(DECK, size)
        if len(hand) == size:
            out.append((T.to_counts(hand), rng.choice((0, 0, 0, 1, 2)), rng.random() < 0.3))
    return out


def test_probe_equals_distance_for_every_tile_added_or_removed():
    plans = _plans()
    assert {p.shape for p in plans} >= {P.CORE, P.STANDARD, P.PUNGS, P.SEVEN_PAIRS}
    checked = 0
    for counts, wilds, pair_258 in _hands(1, 60, (13, 14, 10, 11, 7, 8, 4, 5)):
        probe = P.Probe(counts, wilds, pair_258)
        for plan in plans:
            for t in T.PLAYABLE:
                for delta in (1, -1):
                    if not 0 <= counts[t] + delta <= 4:
                        continue
                    counts[t] += delta
                    want = P.distance(plan, counts, wilds, pair_258)
                    counts[t] -= delta
                    assert probe.changed(plan, t, delta) == want, (plan.name, counts, wilds, t, delta)
                    checked += 1
    assert checked > 100_000


def test_a_discard_never_lowers_a_standard_or_core_plan():
    plans = [p for p in _plans() if p.shape in (P.STANDARD, P.CORE)]
    seen_equal = seen_higher = 0
    for counts, wilds, pair_258 in _hands(2, 200, (14, 11, 8, 13, 10)):
        if (sum(counts) + wilds) % 3 != 2:
            continue
        for plan in plans:
            now = P.distance(plan, counts, wilds, pair_258)
            for t in T.PLAYABLE:
                if not counts[t]:
                    continue
                counts[t] -= 1
                after = P.distance(plan, counts, wilds, pair_258)
                counts[t] += 1
                assert after >= now, (plan.name, counts, wilds, t)
                seen_equal += after == now
                seen_higher += after > now
    assert seen_equal and seen_higher
