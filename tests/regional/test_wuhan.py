"""武汉麻将（口口翻）: the counted fan 开口 (per open_meld), 必须开口, the paying side of 口口翻, the catalog file
and the drafter's reading (issue 15 item 5)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.generate.description_facts import read_facts
from dslgen.review.semantic_diff import semantic_diff
from dslgen.rulefile import load_rules
from engine.capabilities import needed
from engine.melds import Meld
from engine.settlement_items import Table, WinFacts, settle_items
from engine.tiles import parse_tiles
from tests.fans.fan_helpers import make_rules, win

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"
WUHAN = str(CATALOG / "wuhan.yaml")
HAND, MELDS = "22p345p678p", "chi:567s,pung:9m"


def _kai_kou(per):
    row = {"name": "开口", "base_fan": 1, **({"per": per} if per else {})}
    return make_rules([{"name": "素胡", "base_fan": 0}, row], fan_stacking="double",
                      win_condition={"must_open": True})


def test_kou_kou_fan_doubles_per_exposed_meld_and_kai_kou_fan_once():
    two = win(_kai_kou("open_meld"), HAND, MELDS, "8p", self_drawn=True)
    assert two.legal and dict(two.fans)["开口"] == 2 and two.total == 4  # 2 番 → ×4
    once = win(_kai_kou(None), HAND, MELDS, "8p", self_drawn=True)
    assert dict(once.fans)["开口"] == 1 and once.total == 2  # 开口翻: opened once → ×2


def test_an_kong_is_not_an_opening_and_a_closed_hand_cannot_win():
    rules = _kai_kou("open_meld")
    closed = win(rules, "22p345p678p567s9m9m9m", "", "8p", self_drawn=True)
    assert not closed.legal and "未开口" in closed.reason
    concealed_kong = win(rules, "22p345p678p567s", "ankong:9m", "8p", self_drawn=True)
    assert not concealed_kong.legal and "未开口" in concealed_kong.reason
    assert win(rules, "22p345p678p567s", "kong:9m", "8p", self_drawn=True).legal


def test_payer_open_melds_doubles_each_payer_per_meld_and_sums_to_zero():
    rules = make_rules([{"name": "鸡胡", "base_fan": 1}], settlement_items=[{"item": "payer_open_melds", "value": 2}],
                       requires=["meldsolver.standard_win", "scoring.settlement_items"])
    melds = ((), (Meld("chow", tuple(parse_tiles("567s"))),),
             (Meld("pung", tuple(parse_tiles("999m"))), Meld("chow", tuple(parse_tiles("123p")))),
             (Meld("ankong", tuple(parse_tiles("1111s"))),))
    w = WinFacts(seat=0, self_drawn=True, discarder=None, total=4, payments=(12, -4, -4, -4))
    result = dict(settle_items(rules, Table(4, 0, (w,), ((), (), (), ()), melds)))["payer_open_melds"]
    assert result.payments == [4 + 12, -4, -12, 0]  # seat 1 ×2 (+4), seat 2 ×4 (+12), 暗杠 is not an opening
    assert sum(result.payments) == 0 and result.details["wins"][0]["pairs"] == [[1, 0, 4], [2, 0, 12]]


def test_catalog_wuhan_hand_shows_every_doubling_and_who_pays():
    result = CliRunner().invoke(cli, ["hand", WUHAN, HAND, "--melds", MELDS, "--win", "8p", "--seat", "1",
                                      "--dealer", "0", "--jing", "1s", "--json"])
    report = json.loads(result.stdout)
    fans = {f["name"]: f for f in report["fans"]}
    assert fans["开口"]["times"] == 2 and "自摸加番" in fans and report["total"] == 8  # 2 + 1 番 → ×8
    assert report["payments"] == [-16, 32, -8, -8]  # the dealer pays double
    items = {i["name"]: i for i in report["items"]}
    assert items["de_guo"]["payments"] == [-16, 32, -8, -8]  # 硬胡: no 赖子 used, payments double
    assert report["net"] == [-32, 64, -16, -16] and sum(report["net"]) == 0


def test_catalog_wuhan_needs_and_semantic_diff():
    data = load_rules(WUHAN).data
    flags = needed(data)
    assert {"scoring.must_open", "scoring.per_open_meld", "scoring.doubling"} <= set(flags)
    changed = json.loads(json.dumps(data))
    changed["fan_types"][1].pop("per")
    changed["win_condition"]["must_open"] = False
    texts = [c.text for c in semantic_diff(data, changed)]
    assert any("开口 的计次" in t for t in texts) and any("必须开口" in t for t in texts)


def test_drafter_reads_the_wuhan_wording():
    facts = read_facts("武汉麻将，136 张。必须开口才能胡，暗杠不算开口。计分按翻倍算。口口翻：每开一次口算 1 番。"
                       "付钱的人自己每开一次口，他付的钱也翻一倍。庄家输赢翻一倍。自摸加番。")
    v = facts.values
    assert v["must_open"] is True and v["kai_kou_unit"] == "open_meld" and facts.fans["开口"] == 1
    assert v["settlement_items"]["payer_open_melds"] == {"value": 2}
    assert v["dealer_multiplier"] == 2 and v["self_draw_bonus"] == "add_fan"
    once = read_facts("开口翻 1 番。不用开口也能胡。").values
    assert once["kai_kou_unit"] == "" and once["must_open"] is False
