"""The general language additions riichi.yaml is written with: arithmetic, indicators and marked copies,
declarations, ``repeats``, placements of the winning tile, ``open_fan``, ``add_top_level`` and the
``hand_value`` section (quantities, rank, payments) — and ``dslgen hand`` with the riichi options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from engine import lang
from engine.errors import RulesError
from engine.fans import WinContext, score_win
from engine.melds import Meld
from engine.rules import Rules

RIICHI = Path(__file__).resolve().parents[2] / "dsl-examples" / "riichi.yaml"


def value(text: str, want=lang.INT):
    return lang.compile_expression(text, want).fn(None)


@pytest.mark.parametrize("text, expected", [
    ("roundup(32, 10)", 40), ("roundup(40, 10)", 40), ("roundup(5, 0)", 5), ("div(27, 13)", 2),
    ("div(5, 0)", 0), ("min(2000, 2560)", 2000), ("max(3, -4)", 3), ("pow(2, 5)", 32), ("pow(2, -1)", 1),
    ("pow(2, 10)", 1024),
])
def test_arithmetic(text, expected):
    assert value(text) == expected


def test_result_names_only_in_a_hand_value():
    with pytest.raises(lang.ExprError) as exc:
        lang.compile_expression("fan_total >= 13")
    assert "hand_value" in exc.value.hint
    lang.compile_expression("fan_total >= 13", scope=lang.vocabulary.RESULT)


def _rules(**changes) -> Rules:
    data = yaml.safe_load(RIICHI.read_text(encoding="utf-8"))
    for key, val in changes.items():
        data[key] = val
    return Rules.from_dict(data)


@pytest.fixture(scope="module")
def riichi() -> Rules:
    return _rules()


def _win(rules, concealed, win, melds=(), **kw):
    from engine import tiles as T

    if "declarations" in kw:  # the winner's own declarations, by seat as the game records them
        seat = kw.get("seat", 0)
        kw["declarations"] = tuple(tuple((n, 1) for n in kw["declarations"]) if s == seat else () for s in range(4))
    ctx = WinContext(tuple(T.parse_tiles(concealed)), tuple(melds), T.parse_tiles(win)[0], **kw)
    return score_win(rules, ctx)


def test_indicators_count_with_multiplicity_and_the_declared_dragon_order(riichi):
    # two 1m indicators make every 2m count twice; 白 indicates 发
    res = _win(riichi, "22m234m456p678s发发发", "8s", indicators=(1, 1, 37), declarations=("立直",))
    fans = dict(res.fans)
    assert fans["宝牌"] == 2 * 3 + 3
    assert fans["役牌发"] == 1 and fans["立直"] == 1


def test_hidden_indicators_need_the_declaration(riichi):
    kw = dict(hidden_indicators=(1,), self_drawn=True)
    assert "里宝牌" not in dict(_win(riichi, "22m234m456p678s345s", "8s", **kw).fans)
    assert dict(_win(riichi, "22m234m456p678s345s", "8s", declarations=("立直",), **kw).fans)["里宝牌"] == 3


def test_placement_chooses_the_dearer_wait(riichi):
    # 23456m + 4m: as 234 + 456 the 4m closes a two-sided wait (平和); as 3-5 kanchan it would not
    res = _win(riichi, "234456m22p789p345s", "4m", declarations=("立直",))
    assert "平和" in dict(res.fans)
    assert res.values["符"] == 30
    # the same tiles with a valued pair: no 平和; tanki / kanchan placements add 2 fu
    res = _win(riichi, "234456m中中789p345s", "4m", declarations=("立直",))
    assert "平和" not in dict(res.fans) and res.values["符"] == 40


def test_open_fan_and_top_level(riichi):
    open_hand = _win(riichi, "123m456m789m11m", "1m", melds=(Meld("chow", (2, 3, 4)),), self_drawn=True)
    fans = dict(open_hand.fans)
    assert fans["清一色"] == 5 and fans["一气通贯"] == 1
    yakuman = _win(riichi, "111m999p111s99s东东东", "东", self_drawn=True, indicators=(9,))
    assert [n for n, _ in yakuman.fans] == ["四暗刻"]  # 对对和, 三暗刻 and 宝牌 do not count beside a yakuman
    assert any("add_top_level" in why for _, why in yakuman.dropped)


def test_a_broken_quantity_is_reported_with_its_path():
    data = yaml.safe_load(RIICHI.read_text(encoding="utf-8"))
    data["hand_value"]["quantities"]["符"] = "roundup(符底, 10) + nonsense"
    with pytest.raises(RulesError) as exc:
        Rules.from_dict(data)
    assert "hand_value.quantities.符" in str(exc.value)


def test_a_quantity_may_not_shadow_a_language_name():
    data = yaml.safe_load(RIICHI.read_text(encoding="utf-8"))
    data["hand_value"]["quantities"]["honba"] = "1"
    with pytest.raises(RulesError, match="honba"):
        Rules.from_dict(data)


def _hand(*args):
    from dslgen.cli import cli

    return CliRunner().invoke(cli, ["hand", str(RIICHI), *args])


def test_hand_command_prints_han_fu_and_payments():
    r = _hand("234m406p678s22m345s", "--from", "1", "--riichi", "--dora-indicators", "1m", "--ura", "4p", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    fans = {f["name"]: f["fan"] for f in out["fans"]}
    assert fans == {"立直": 1, "平和": 1, "断幺九": 1, "宝牌": 3, "赤宝牌": 1, "里宝牌": 1}
    assert {v["name"]: v["value"] for v in out["values"]} == {"符": 30, "基本点": 4000, "和了点": 24000}
    assert out["payments"] == [24000, -24000, 0, 0]  # the dealer's baiman ron
    r = _hand("234m456p678s22m345s", "--seat", "2", "--honba", "2")  # non-dealer tsumo: 门清自摸 平和 断幺 20 fu
    assert r.exit_code == 0 and "符 20" in r.output
    assert "座位0(东) -1500" in r.output and "座位1(南) -900" in r.output and "座位2(西) +3300" in r.output


@pytest.mark.parametrize("args", [["--ippatsu"], ["--riichi", "--melds", "chi:345s"], ["--honba", "-1"],
                                  ["--dora-indicators", "春"]])
def test_hand_command_refuses_bad_riichi_options(args):
    tiles = "234m456p678s22m" if "--melds" in args else "234m456p678s22m345s"
    r = _hand(tiles, *args)
    assert r.exit_code == 2, r.output


def test_red_fives_must_be_declared_by_the_deck():
    from dslgen.cli import cli

    guobiao = RIICHI.parent / "guobiao.yaml"
    r = CliRunner().invoke(cli, ["hand", str(guobiao), "234m406p678s22m345s", "--from", "1"])
    assert r.exit_code == 1 and "deck.marked" in r.output
    r = _hand("234m406p678s22m345s", "--from", "1", "--json")
    assert {f["name"]: f["fan"] for f in json.loads(r.output)["fans"]}["赤宝牌"] == 1
    r = _hand("234m400p678s22m345s", "--from", "1")  # a second red 5p: the deck has one
    assert r.exit_code == 1 and "只有 1 张" in r.output
