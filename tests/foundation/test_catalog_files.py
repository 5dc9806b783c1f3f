"""The five catalog variants: header, validity, meta, and rules the engine can build."""

from __future__ import annotations

import pytest

from dslgen.rulefile import spec
from dslgen.rulefile import load_rules
from dslgen.rulefile.validate import render_finding, validate_file

from .conftest import CATALOG, CATALOG_FILES

HEADER = "# yaml-language-server: $schema=../schemas/mahjong-dsl.schema.json"


@pytest.fixture(scope="module")
def catalog():
    return {name: load_rules(CATALOG / f"{name}.yaml") for name in CATALOG_FILES}


@pytest.mark.parametrize("name", CATALOG_FILES)
def test_header_validity_and_meta(name):
    path = CATALOG / f"{name}.yaml"
    assert path.read_text(encoding="utf-8").splitlines()[0] == HEADER
    result = validate_file(path)
    assert result.valid, [render_finding(str(path), f) for f in result.findings]
    meta = result.loaded.data["meta"]
    assert meta["id"] == name
    assert len(meta["description"]) > 150 and meta["description"].count("。") >= 4


@pytest.mark.parametrize("name", CATALOG_FILES)
def test_names_are_recognised(catalog, name):
    e = spec.enumerations()
    data = catalog[name].data
    assert set(data["requires"]) <= set(e["capabilities"])
    fans = [f["name"] for f in data["fan_types"]]
    plain = [f["name"] for f in data["fan_types"] if not f.get("composite_of")]  # composites carry their own names
    assert set(plain) <= set(e["fans"]) and len(fans) == len(set(fans))
    for f in data["fan_types"]:
        assert set(f.get("composite_of", [])) <= set(e["fans"]), f["name"]
    for f in data["fan_types"]:
        assert set(f.get("excludes", [])) <= set(fans), f["name"]
        assert f.get("condition", "") in ("", *e["conditions"])
    assert set(data.get("win_condition", {}).get("pair_258_exempt_fans", [])) <= set(fans)
    play = next(p for p in data["phases"] if p["type"] == "mahjong_turn")
    subs = play["sub_phases"]
    selfs = [o["action"] for o in subs["self_action"]["options"]]
    reacts = [o["action"] for o in subs["others_reaction"]["options"]]
    assert set(selfs) <= set(e["self_actions"]) and set(reacts) <= set(e["reactions"])
    # every variant declares discard, self-draw and discard wins, pung and kongs
    assert {"discard", "win", "an_kong", "bu_kong"} <= set(selfs)
    assert {"win", "pung", "ming_kong", "pass"} <= set(reacts)
    for o in subs["self_action"]["options"] + subs["others_reaction"]["options"]:
        assert o.get("condition", "") in ("", *e["conditions"])
    for h in data["scoring"].get("pre_hooks", []):
        assert h["name"] in e["pre_hooks"] and h.get("condition", "") in ("", *e["conditions"])
    # phase graph deal -> play -> settle
    names = [p["name"] for p in data["phases"] if p["type"] in ("auto", "mahjong_turn")]  # pre-play phases aside
    assert names == ["deal", "play", "settle"]
    nexts = {p["name"]: p.get("next") for p in data["phases"]}
    follow, seen = "deal", []
    while follow is not None:
        seen.append(follow)
        follow = nexts[follow]
    assert [n for n in seen if n in names] == names and len(seen) == len(data["phases"])


def test_variant_facts(catalog):
    sc, gd, gb, wh, cs = (catalog[n].rules for n in CATALOG_FILES)
    assert len(sc.deck()) == 108 and sc.win_condition.must_miss_suit and sc.play.parallel_elimination
    assert sc.play.reaction("chi") is None and sc.play.fu_flag is not None
    assert [h.name for h in sc.scoring.pre_hooks] == ["check_hua_zhu", "check_ting"]
    assert "七对" in sc.fan_names
    # 鸡胡 with no other fan only self-drawn: a declared requirement (issue 28), not the ji_hu_self_draw_only flag
    assert len(gd.deck()) == 144 and not gd.ji_hu_self_draw_only and gd.play.priority_policy == "all_winners"
    assert any("self_drawn or other_fans() > 0" in r for r in gd.win_condition.require)
    assert gd.play.reaction("chi") and "十三幺" in gd.fan_names and gd.fan_stacking == "add_max"
    assert gd.flowers is not None and gd.flowers.matching[1] == (41, 45)
    assert len(gb.deck()) == 144 and gb.win_min_fan == 8 and gb.play.reaction("chi")
    assert {"十三幺", "七对", "全不靠", "一色双龙会"} <= gb.fan_names
    assert {"meldsolver.combo_dragon", "meldsolver.all_orphans"} <= gb.requires
    assert gb.fan("大四喜").base_fan == 88 and gb.fan("清一色").base_fan == 24 and gb.fan("平和").base_fan == 2
    assert len(wh.deck()) == 112 and wh.wildcard.tiles == (35,) and wh.win_condition.pair_must_be_258
    assert wh.play.reaction("chi") and wh.wildcard.per_wildcard_in_win == 1
    assert len(cs.deck()) == 108 and cs.win_condition.pair_must_be_258
    assert {"碰碰胡", "清一色", "将将胡", "七对"} <= set(cs.win_condition.pair_258_exempt_fans)


@pytest.mark.parametrize("name", CATALOG_FILES)
def test_engine_plays_the_variant(catalog, name):
    from engine.simulation.games import play_game

    records = [play_game(catalog[name].rules, seed) for seed in range(4)]
    assert [r.error for r in records] == [None] * 4
    assert all(r.end_reason for r in records)
    assert any(r.wins for r in records)
