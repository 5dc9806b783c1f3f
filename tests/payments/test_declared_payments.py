"""Payment formulas written in rule files (no engine change): each file is checked, its worked settlements
are scored by ``dslgen hand``, and 1,000 played games are refereed against the rule as its comment states it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile.yamlio import load_yaml_file
from engine import tiles as T
from engine.rules import Rules
from engine.simulation import games

RULES = Path(__file__).parent / "rules"
GAMES = 1000


def _rules(name: str) -> Rules:
    return Rules.from_dict(load_yaml_file(RULES / name).data)


def _hand(name: str, tiles: str, *extra: str) -> dict:
    result = CliRunner().invoke(cli, ["hand", str(RULES / name), tiles, "--json", *extra])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def _items(report: dict) -> dict[str, list[int]]:
    return {i["name"]: i["payments"] for i in report["items"]}


def _played(name: str, n: int = GAMES):
    """(record with events, final game) of ``n`` seeded games; every game must end without an error."""
    rules = _rules(name)
    out = []
    for i in range(n):
        last = []
        rec = games.play_game(rules, 7000 + i, keep_events=True, observer=lambda g: last.append(g) if not last else None)
        assert rec.error is None, rec.error
        assert sum(rec.payments) == 0, (i, rec.payments)
        out.append((rec, last[0]))
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in RULES.glob("*.yaml")))
def test_every_file_passes_check_at_full_coverage(name):
    result = CliRunner().invoke(cli, ["check", str(RULES / name), "--json"])
    assert result.exit_code == 0, result.output
    entry = json.loads(result.output)[0]
    assert entry["adaptation"]["supported"] == entry["adaptation"]["total"]
    assert not entry["findings"], entry["findings"]


# --- 南昌, as published -----------------------------------------------------------------------

def test_nanchang_discard_win_all_three_pay_discarder_double_then_de_guo_plus_five():
    # 鸡胡 1 番 by seat 1 on seat 2's discard, dealer seat 0: all three pay 1, the dealer 2 (dealer ×2);
    # the discarder's share doubled (+1); 德国 (no 精 used) +5 from each payer after the doubling.
    r = _hand("nanchang_settlement.yaml", "123m456m789m123s99p", "--seat", "1", "--from", "2", "--dealer", "0")
    assert r["payments"] == [-2, 4, -1, -1]
    items = _items(r)
    assert items["放炮者加倍"] == [0, 1, -1, 0]
    assert items["de_guo"] == [-5, 15, -5, -5]
    assert r["net"] == [-7, 20, -7, -6]


def test_nanchang_tian_hu_is_a_flat_twenty_from_each():
    r = _hand("nanchang_settlement.yaml", "123m456m789m123s99p", "--first-turn", "--dealer", "0")
    assert [f["name"] for f in r["fans"]] == ["天胡"]
    assert _items(r)["天胡地胡二十"] == [54, -18, -18, -18]  # 2 each (dealer ×2) set to 20
    assert r["net"] == [75, -25, -25, -25]  # and 德国 +5 from each


def test_nanchang_the_flipped_tile_itself_is_zheng_jing():
    rules = _rules("nanchang_settlement.yaml")
    for rec, game in _played("nanchang_settlement.yaml", 30):
        primary, secondary = game.jing
        assert primary == (game.indicator,) and secondary == (T.next_in_cycle(game.indicator),)


def test_nanchang_kongs_pay_one_exposed_two_concealed_from_each_and_games_settle():
    kongs = 0
    for rec, game in _played("nanchang_settlement.yaml"):
        for e in rec.events:
            if e["type"] != "kong_pay":
                continue
            kongs += 1
            each = 2 if e["kind"] == "an_kong" else 1
            assert e["payments"][e["seat"]] == each * (game.n - 1)
            assert all(v == -each for s, v in enumerate(e["payments"]) if s != e["seat"])
    assert kongs > 20


# --- 天津: kong money from the previous seat, multipliers on added 番 ----------------------------

def test_tianjin_kong_money_by_kind_from_the_previous_seat():
    seen = set()
    for rec, game in _played("tianjin_kong.yaml"):
        for e in rec.events:
            if e["type"] != "kong_pay":
                continue
            owner = e["seat"]
            prev = (owner - game.step) % game.n
            wild = e["tile"] in game.wild_codes
            amount = (8 if wild else 2) if e["kind"] == "an_kong" else 1
            seen.add((e["kind"], wild))
            want = [0] * game.n
            want[owner], want[prev] = amount, -amount
            assert e["payments"] == want, e
    assert {("an_kong", False), ("ming_kong", False)} <= seen


def test_tianjin_kong_blossom_doubles_and_heavenly_hand_times_six():
    r = _hand("tianjin_kong.yaml", "123m456m789m123s99p", "--kong-replacement")
    assert _items(r)["杠上开花乘二"] == [3 * r["total"], -r["total"], -r["total"], -r["total"]]
    r = _hand("tianjin_kong.yaml", "123m456m789m123s99p", "--first-turn")
    assert r["net"] == [18 * r["total"], -6 * r["total"], -6 * r["total"], -6 * r["total"]]


# --- 宁波: 台 added, then ×2 / ×5 --------------------------------------------------------------

def test_ningbo_robbing_a_kong_multiplies_the_discarders_payment_by_five():
    r = _hand("ningbo_tai.yaml", "123m456m789m123s99p", "--robbing-kong", "--from", "2")
    base = -r["payments"][2]
    assert base == r["total"] and _items(r)["抢杠乘五"] == [4 * base, 0, -4 * base, 0]


def test_ningbo_multipliers_in_play_follow_the_events():
    robbed = blossoms = 0
    for rec, game in _played("ningbo_tai.yaml"):
        items = {i["name"]: i["payments"] for i in rec.items}
        (win,) = [e for e in rec.events if e["type"] == "win"] or [None]
        if win is None:
            continue
        multiplied = [4 * v if win["robbing_kong"] else 0 for v in win["payments"]]
        robbed += win["robbing_kong"]
        assert items["抢杠乘五"] == multiplied
        if any(items["杠上开花乘二"]):  # ×2: the win's own payments once more, on a kong's replacement draw
            blossoms += 1
            kongs = [e for e in rec.events if e["seat" if "seat" in e else "type"] == win["seat"]
                     and (e["type"] in ("an_kong", "bu_kong") or e.get("kind") == "ming_kong")]
            assert win["self_drawn"] and kongs and items["杠上开花乘二"] == win["payments"]
    assert robbed and blossoms


# --- 贵阳捉鸡: per-copy payments and 翻鸡 -------------------------------------------------------

def test_guiyang_every_chicken_is_paid_by_each_other_player():
    chickens = 0
    for rec, game in _played("guiyang_chicken.yaml"):
        items = {i["name"]: i for i in rec.items}
        held = [[t for t in p.hand if not T.is_flower(t)] + [t for m in p.melds for t in m.tiles] for p in game.players]
        counts = [sum(1 for t in h if t in (T.tile_from_name("1s"), T.tile_from_name("8p"))) for h in held]
        want = [c * (game.n - 1) - (sum(counts) - c) for c in counts] if rec.wins else [0] * game.n
        assert items["鸡分"]["payments"] == want
        chickens += sum(counts)
        turned = items["翻鸡"]["details"].get("tiles") or []
        if turned and rec.wins:
            extra = T.next_in_cycle(T.tile_from_name(turned[0]))
            flip = [sum(1 for t in h if t == extra) for h in held]
            assert items["翻鸡"]["payments"] == [c * (game.n - 1) - (sum(flip) - c) for c in flip]
    assert chickens > 1000
