"""Rules.from_dict: defaults filled, names converted to codes, bad shapes named by path."""

import pytest

from engine.rules import Rules, RulesError

MINIMAL = {
    "game": {"name": "测试", "type": "mahjong", "engine_type": "mahjong", "players": {"min": 4, "max": 4}},
    "requires": ["deck.generator_mahjong", "meldsolver.standard_win"],
    "deck": {"generator": "mahjong", "include_honors": False, "include_flowers": False, "total": 112},
    "deal": {"cards_per_player": 13, "dealer_extra": 1},
    "wildcard_rules": {"type": "fixed", "tiles": ["红中"], "scoring": {"per_wildcard_in_win": 1}},
    "fan_types": [{"name": "平胡", "base_fan": 1}, {"name": "清一色", "base_fan": 4, "excludes": ["平胡"]}],
    "fan_stacking": "add",
    "phases": [
        {"name": "deal", "type": "auto", "action": "deal_cards", "next": "play"},
        {
            "name": "play",
            "type": "mahjong_turn",
            "sub_phases": {
                "self_action": {"options": [{"action": "discard"}, {"action": "win", "condition": "can_win_tumo"}]},
                "others_reaction": {
                    "options": [{"action": "pung", "priority": 2}, {"action": "win", "priority": 4}],
                    "priority_policy": "all_winners",
                },
            },
            "fu_flag": {"type": "dirty_flag"},
        },
        {"name": "settle", "type": "auto", "action": "calculate_scores", "next": None},
    ],
    "scoring": {"mode": "fan_table", "pre_hooks": [{"name": "wildcard_count"}]},
}


def test_from_dict_fills_defaults_and_converts_names():
    rules = Rules.from_dict(MINIMAL)
    assert rules.wildcard.tiles == (35,)
    assert rules.wildcard.per_wildcard_in_win == 1
    assert rules.fan("清一色").excludes == ("平胡",)
    assert rules.play.reaction("win").priority == 4
    assert rules.play.reaction("chi") is None
    assert rules.play.priority_policy == "all_winners"
    assert rules.play.fu_flag.effect == "block_win_on_current_tile"
    assert rules.scoring.discard_win_multiplier == 3 and rules.scoring.pre_hooks[0].name == "wildcard_count"
    assert rules.win_min_fan == 0 and rules.max_fan is None


def test_deck_adds_fixed_wild_tiles_missing_from_base_deck():
    deck = Rules.from_dict(MINIMAL).deck()
    assert len(deck) == 112 and deck.count(35) == 4


def test_missing_play_phase_is_named():
    data = dict(MINIMAL, phases=[{"name": "deal", "type": "auto"}])
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert info.value.path == "phases"


def test_bad_wild_tile_name_is_named_by_path():
    data = dict(MINIMAL, wildcard_rules={"type": "fixed", "tiles": ["红桃"]})
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert info.value.path == "wildcard_rules.tiles[0]"
