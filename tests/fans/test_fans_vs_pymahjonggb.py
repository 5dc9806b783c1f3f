"""Properties of the random 国标 hands and of 国标 scoring that need no oracle.

The exact comparison with PyMahjongGB (total and fan list) is ``test_guobiao_fans_exact.py``.
"""

from __future__ import annotations

import copy

import pytest

from dslgen.rulefile import load_rules
from engine.fans import WinContext, score_win
from engine.melds import Meld
from engine.rules import Rules

import gb_hands
from fan_helpers import CATALOG

N_HANDS = 2400
#: fans whose tiles belong to one suit in particular (条 for 绿一色, 筒 and 条 for 推不倒)
SUIT_BOUND = {"推不倒", "绿一色"}


@pytest.fixture(scope="module")
def suit_blind():
    """guobiao.yaml without the fans that name a particular suit."""
    data = copy.deepcopy(dict(load_rules(CATALOG / "guobiao.yaml").data))
    data["fan_types"] = [{**f, "excludes": [e for e in f.get("excludes", []) if e not in SUIT_BOUND]}
                         for f in data["fan_types"] if f["name"] not in SUIT_BOUND]
    return Rules.from_dict(data)


def test_generated_hands_respect_the_four_copy_limit():
    for h in gb_hands.random_hands(N_HANDS, seed=20261129):
        tiles = list(h.concealed) + [t for m in h.melds for t in m.tiles]
        assert max(tiles.count(t) for t in set(tiles)) <= 4, h
        assert len(h.concealed) + 3 * len(h.melds) == 14


def _permute(h, perm):
    def p(t):
        return perm[t // 10] * 10 + t % 10 if t < 30 else t

    melds = tuple(Meld(m.kind, tuple(p(t) for t in m.tiles), None if m.claimed is None else p(m.claimed))
                  for m in h.melds)
    return WinContext(tuple(p(t) for t in h.concealed), melds, p(h.win_tile), frozenset(), h.self_drawn,
                      h.kong_replacement, h.last_tile, h.robbing_kong)


def test_scores_do_not_depend_on_which_suit_is_which(suit_blind):
    """Metamorphic: permuting 万/条/筒 leaves every fan, drop and total unchanged."""
    from engine.settlement import win_payments

    for i, h in enumerate(gb_hands.random_hands(300, seed=7)):
        base = score_win(suit_blind, _permute(h, (0, 1, 2)))
        other = score_win(suit_blind, _permute(h, (2, 0, 1)))
        assert sorted(base.fans) == sorted(other.fans) and base.total == other.total, h
        assert not {n for n, _ in base.fans} & {n for n, _ in base.dropped}
        pay = win_payments(suit_blind, i % 4, base.total, h.self_drawn, None if h.self_drawn else (i + 1) % 4, i % 3)
        assert sum(pay) == 0
