"""Mechanisms of the next regions written as plain rule files (no engine change): each file is checked,
scored by ``dslgen hand`` and played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile.yamlio import load_yaml_file
from engine.melds import PUNG
from engine.rules import Rules
from engine.simulation import games

RULES = Path(__file__).parent / "rules"


def _hand(name: str, tiles: str, *extra: str) -> dict:
    result = CliRunner().invoke(cli, ["hand", str(RULES / name), tiles, "--json", *extra])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def _fans(report: dict) -> list[str]:
    return [f["name"] for f in report["fans"]]


@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.yaml")))
def test_every_file_passes_check_at_full_coverage(name):
    result = CliRunner().invoke(cli, ["check", str(RULES / name), "--json"])
    assert result.exit_code == 0, result.output
    entry = json.loads(result.output)[0]
    assert entry["adaptation"]["supported"] == entry["adaptation"]["total"]
    assert not [f for f in entry["findings"] if f["severity"] == "error"]


def test_san_jin_dao_three_wildcards_score_30():
    assert _fans(_hand("sanjindao.yaml", "123m456m789s55p中中中")) == ["三金倒"]
    assert _hand("sanjindao.yaml", "123m456m789s55p中中中")["total"] == 30
    assert _fans(_hand("sanjindao.yaml", "123m456m789s55p55p中")) == ["鸡胡"]


def test_shi_san_lan_is_a_declared_winning_shape():
    report = _hand("shisanlan.yaml", "147m258s369p东南西北发")
    assert report["legal"] and _fans(report) == ["十三烂"]
    assert _hand("shisanlan.yaml", "147m258s369p东南西中发")["legal"]  # 中 is the wild tile filling a slot
    assert not _hand("shisanlan.yaml", "147m258s368p东南西北发")["legal"]  # 6-8 are two apart


def test_li_gu_li_gu_sixteen_tiles_seven_pairs_and_a_pung():
    report = _hand("liguliguhu.yaml", "11223344m556677s888p")
    assert report["legal"] and "嚦咕嚦咕" in _fans(report)
    assert "嚦咕嚦咕" not in _fans(_hand("liguliguhu.yaml", "11223344m556677s789p"))


def test_hefei_needs_eight_of_one_suit():
    short = _hand("hefei_eight.yaml", "123456m789s234p55s")
    assert not short["legal"] and "max_suit(hand) >= 8" in short["reason"]
    assert _hand("hefei_eight.yaml", "123456m789m234p55m")["legal"]


def _play(rules, n: int, seed: int):
    """(record, final game) of ``n`` games."""
    out = []
    for i in range(n):
        last = []
        rec = games.play_game(rules, seed * 1000 + i, observer=lambda g: last.append(g) if not last else None)
        assert rec.error is None, rec.error
        out.append((rec, last[0]))
    return out


def test_hefei_games_only_end_in_wins_with_eight_of_a_suit():
    rules = Rules.from_dict(load_yaml_file(str(RULES / "hefei_eight.yaml")).data)
    seen = 0
    for rec, game in _play(rules, 30, 0):
        for win in rec.wins:
            p = game.players[win["seat"]]
            tiles = list(p.hand) + [t for m in p.melds for t in m.tiles]
            # a discard win's tile may not be in the hand yet: one tile short at most
            assert max(sum(1 for t in tiles if t < 30 and t // 10 == s) for s in range(3)) >= 7, win
            seen += 1
    assert seen > 0


def test_dalian_dragons_are_never_ponged_in_play():
    """With the restriction no game pongs a dragon; the same file without it does (so the test can fail)."""
    data = load_yaml_file(str(RULES / "dalian_dragons.yaml")).data

    def dragon_pungs(rules) -> int:
        n = 0
        for _, game in _play(rules, 40, 1):
            n += sum(1 for p in game.players for m in p.melds if m.kind == PUNG and m.tiles[0] >= 35)
        return n

    assert dragon_pungs(Rules.from_dict(data)) == 0
    free = dict(data)
    free.pop("tile_restrictions")
    assert dragon_pungs(Rules.from_dict(free)) > 0


def test_a_composite_may_be_made_of_the_files_own_fans(tmp_path):
    """三金倒 + 清一色 as one composite (金清): the composite replaces its parts, exclusions as for library fans."""
    text = (RULES / "sanjindao.yaml").read_text(encoding="utf-8").replace(
        '  - {name: 三金倒, base_fan: 30, when: "count(held, wild) >= 3", excludes: [鸡胡]}\n',
        '  - {name: 三金倒, base_fan: 30, when: "count(held, wild) >= 3", excludes: [鸡胡]}\n'
        '  - {name: 清一色, base_fan: 4}\n'
        '  - {name: 金清, base_fan: 50, composite_of: [三金倒, 清一色]}\n').replace(
        "scoring.fan_exclusion]", "scoring.fan_exclusion, scoring.composite_fans]")
    path = tmp_path / "jinqing.yaml"
    path.write_text(text, encoding="utf-8")
    check = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert check.exit_code == 0, check.output
    result = CliRunner().invoke(cli, ["hand", str(path), "123m456m789m55m中中中", "--json"])
    report = json.loads(result.output)
    assert _fans(report) == ["金清"] and report["total"] == 50
    assert _fans(_hand("sanjindao.yaml", "123m456m789m55m中中中")) == ["三金倒"]


def test_hand_refuses_a_win_the_files_flow_never_offers():
    """转转 wins on others' tiles only by robbing a kong: a plain discard win is a legal score but no win."""
    catalog = Path(__file__).resolve().parents[2] / "dsl-examples" / "zhuanzhuan.yaml"
    args = ["hand", str(catalog), "123m456m789p234s55s", "--win", "5s", "--json"]
    on_discard = json.loads(CliRunner().invoke(cli, [*args, "--from", "1"]).output)
    assert not on_discard["legal"] and "can_rob_kong" in on_discard["reason"]
    assert set(on_discard["payments"]) == {0}
    robbed = json.loads(CliRunner().invoke(cli, [*args, "--from", "1", "--robbing-kong"]).output)
    assert robbed["legal"]
    assert json.loads(CliRunner().invoke(cli, args).output)["legal"]  # self-drawn


@pytest.mark.parametrize("offsets", [[0], [0, 1], [1, 2]])
def test_the_flipped_tile_itself_can_be_wild(offsets):
    """福州 金 is the flipped tile ([0]); 天津 混儿 the flipped tile and the next ([0, 1]); [1, 2] is today's 正精 / 副精."""
    from engine import tiles as T
    from engine.game import Game

    data = load_yaml_file(str(RULES / "sanjindao.yaml")).data
    data = {**data, "wildcard_rules": {"type": "random", "random_count": 1, "indicator_offsets": offsets,
                                       "behavior": "substitute", "fan_calculation_policy": "optimal"}}
    rules = Rules.from_dict(data)
    for seed in range(5):
        game = Game(rules, seed)
        want = []
        for k in offsets:
            t = game.indicator
            for _ in range(k):
                t = T.next_in_cycle(t)
            want.append(t)
        assert sorted(game.wild_codes) == sorted(want) and game.jing[0] == (want[0],)
    for rec, _ in _play(rules, 10, 3):
        assert rec.error is None


def test_the_indicator_is_a_tile_set_of_the_language(tmp_path):
    """A fan over the flipped tile: 金雀-like 'the pair is the tile after the indicator' reads after_indicator."""
    from engine.fans import WinContext, score_win
    from engine import tiles as T

    data = load_yaml_file(str(RULES / "sanjindao.yaml")).data
    data = {**data, "fan_types": [{"name": "鸡胡", "base_fan": 1},
                                  {"name": "下精将", "base_fan": 5, "when": "all(pair, after_indicator)"}]}
    rules = Rules.from_dict(data)
    hand = tuple(T.parse_tiles("123m456m789s东东东55p"))
    win = WinContext(hand, (), hand[-1], frozenset({T.RED}), self_drawn=True, indicator=T.tile_from_name("4p"))
    assert [n for n, _ in score_win(rules, win).fans] == ["下精将"]
    other = WinContext(hand, (), hand[-1], frozenset({T.RED}), self_drawn=True, indicator=T.tile_from_name("5p"))
    assert [n for n, _ in score_win(rules, other).fans] == ["鸡胡"]
