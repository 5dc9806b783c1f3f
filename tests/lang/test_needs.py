"""The needs of compiled expressions (engine.lang.needs) and the fan prefilter built on them
(engine.fans.prefilter): what they derive, that a fan's need holds whenever the fan does, and that scoring
with the prefilter recognises exactly what scoring without it does."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from dslgen.rulefile import load_rules
from engine import lang
from engine.fans import WinContext, score_win
from engine.fans import registry as R
from engine.fans import scoring
from engine.fans.hand_facts import HandFacts
from engine.lang import needs as N

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "fans"))
import gb_hands  # noqa: E402


def _need(text: str, want=lang.BOOL):
    c = lang.compile_expression(text, want)
    return c.need.true if want == lang.BOOL else c.need.need(1, None)


def _keys(need) -> dict:
    return {f.key: c for f, c in need.items()}


def _mask(tiles) -> int:
    return sum(1 << t for t in tiles)


def test_a_tile_set_test_needs_its_relation():
    green = lang.VOCABULARY["green"].const
    honor = lang.VOCABULARY["honor"].const
    assert _keys(_need("all(hand, green)")) == {("relation", "hand", green): (True, frozenset({0, 1}))}
    assert _keys(_need("none(hand, honor)")) == {("relation", "hand", honor): (True, frozenset({0, 2}))}
    assert _keys(_need("not has(hand, honor)")) == {("relation", "hand", honor): (True, frozenset({0, 2}))}
    assert _keys(_need("count(pair, honor) > 0")) == {("relation", "pair", honor): (True, frozenset({1, 3}))}


def test_alternatives_widen_and_conjunctions_narrow():
    assert _keys(_need("shape(standard) or shape(seven_pairs)")) == {
        ("shape",): (True, frozenset({"standard", "seven_pairs"}))}
    assert _need("shape(standard) and not shape(standard)") is None  # never holds
    # different features on each side: nothing is known
    assert _need("shape(standard) or self_drawn") == {}
    # some pung of dragons, or some pung of winds: some pung of an honor
    dragon, wind = lang.VOCABULARY["dragon"].const, lang.VOCABULARY["wind"].const
    assert _keys(_need("pungs(dragon) >= 1 or pungs(wind) >= 1")) == {
        ("relation", "pungs", dragon | wind): (True, frozenset({1, 3})), ("sets", "pung"): (False, frozenset({0}))}


def test_counts_keep_their_range_through_arithmetic():
    # a difference whose subtrahend is at most 1: the minuend must reach 2
    need = _keys(_need("pungs() - if(fan(清一色), 1) >= 2"))
    assert need == {("sets", "pung"): (False, frozenset({0, 1}))}
    # a context counter is a feature of its own, read once per hand
    need = _need("open_melds == 0")
    (feature,) = need
    assert feature.per_hand and need[feature] == (False, frozenset(range(1, 16)))


def test_unknown_names_need_nothing():
    assert _need("fan(清一色)") == {}
    assert _need("min_gap(hand) >= 3") == {}
    assert _need("count(flowers)", lang.INT) == {}


def _contexts(n: int, seed: int, wild=frozenset()):
    return [WinContext(h.concealed, h.melds, h.win_tile, wild, h.self_drawn, h.kong_replacement, h.last_tile,
                       h.robbing_kong) for h in gb_hands.random_hands(n, seed)]


@pytest.mark.parametrize("rules_file, wild", [("guobiao", frozenset()), ("hongzhong_laizi", frozenset({35}))])
def test_every_library_fan_meets_its_need_whenever_it_holds(rules_file, wild):
    rules = load_rules(ROOT / "dsl-examples" / f"{rules_file}.yaml").rules
    table = scoring.compile_table(rules)
    units = [u for u in R.FANS.values() if u.need]
    assert len(units) > 40
    checked = 0
    for ctx in _contexts(400, 7, wild):
        counts, wilds = scoring._split_wilds(ctx)
        for d in table.decompositions(counts, wilds, ctx.melds, table.shapes):
            facts = HandFacts(ctx, d)
            for u in units:
                if u.test(facts):
                    assert N.holds(u.need, facts), (u.name, ctx, d)
                    checked += 1
    assert checked > 1000


def _without_prefilter(table):
    stripped = object.__new__(type(table))
    stripped.__dict__.update(table.__dict__)
    stripped.checks = tuple((test, row, 0) for test, row, _ in table.checks)
    return stripped


def test_scoring_with_the_prefilter_is_scoring_without_it(monkeypatch):
    rules = load_rules(ROOT / "dsl-examples" / "guobiao.yaml").rules
    table = scoring.compile_table(rules)
    assert sum(1 for _, _, skip in table.checks if skip) > 40
    ctxs = _contexts(600, 11)
    fast = [score_win(rules, c) for c in ctxs]
    monkeypatch.setattr(scoring, "compile_table", lambda r, _t=_without_prefilter(table): _t)
    slow = [score_win(rules, c) for c in ctxs]
    assert [dataclasses.asdict(a) for a in fast] == [dataclasses.asdict(b) for b in slow]
