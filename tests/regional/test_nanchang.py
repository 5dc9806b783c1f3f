"""南昌 as the catalog declares it: 精分 / 冲关 / 德国 in ``dslgen hand``, replays and simulation."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

NANCHANG = str(Path(__file__).resolve().parents[2] / "dsl-examples" / "nanchang.yaml")


def hand(*args):
    result = CliRunner().invoke(cli, ["hand", NANCHANG, *map(str, args), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_hand_lists_every_settlement_item_with_who_pays():
    # 正精 5m substitutes for 9p: no 德国; 精分 2 + 2 + 1 = 5 reaches 冲关 (x2)
    r = hand("123m456m789m123s5m9p", "--jing", "5m", "--from", "2", "--dealer", "1")
    assert r["legal"] and [i["name"] for i in r["items"]] == ["gen_zhuang", "放炮者加倍", "天胡地胡二十", "de_guo",
                                                              "jing_points"]  # 抄庄 first, 德国 after the doubling
    chao_zhuang, doubled, flat, de_guo, jing = r["items"]
    assert not any(chao_zhuang["payments"])  # a single hand has no first discards to follow
    t = r["total"]
    assert r["payments"] == [4 * t, -2 * t, -t, -t]  # all three pay, the dealer (seat 1) double
    assert doubled["payments"] == [t, 0, -t, 0] and not any(flat["payments"])  # the discarder double
    assert not any(de_guo["payments"])
    assert jing["payments"] == [30, -10, -10, -10] and [0, 1, 2, 3] == sorted({r for _, r, _ in jing["details"]["pairs"]} | {p for p, _, _ in jing["details"]["pairs"]})
    assert r["net"] == [r["payments"][s] + sum(i["payments"][s] for i in r["items"]) for s in range(4)]
    assert sum(r["net"]) == 0
    assert "付" in jing["explanation"] and "10" in jing["explanation"]


def test_hand_de_guo_adds_five_from_each_payer_of_a_natural_win():
    r = hand("123m456m789m123s99p", "--jing", "5m", "--from", "2", "--dealer", "1")
    de_guo = next(i for i in r["items"] if i["name"] == "de_guo")
    assert de_guo["payments"] == [15, -5, -5, -5]  # published: +5 from each of the three payers


def test_text_output_names_items_and_net():
    result = CliRunner().invoke(cli, ["hand", NANCHANG, "123m456m789m123s99p", "--jing", "5m", "--from", "2"])
    assert "结算项 德国（不用精胡）" in result.output and "合计支付" in result.output


def test_replay_narrates_settlement_items():
    from engine.simulation import game_seed, play_game
    from engine.simulation.narrate import narrate
    from dslgen.rulefile import load_rules

    rules = load_rules(NANCHANG).rules
    rec = play_game(rules, game_seed(0, 0), keep_events=True)
    text = "\n".join(narrate(rec.events))
    assert "结算项 精分（冲关、霸王精）" in text and sum(rec.payments) == 0


def test_statistics_with_items_are_the_same_for_any_number_of_jobs():
    from dslgen.rulefile import load_rules
    from dslgen.simulation import run

    rules = load_rules(NANCHANG).rules
    one = run(rules, 12, 3, jobs=1)
    assert one == run(rules, 12, 3, jobs=2)
    assert one["payments"]["items_with_payments"]["jing_points"]["games"] > 0
