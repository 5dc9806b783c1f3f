"""The 74 worked 国标 hands of the reference table (data/guobiao_special_cases.yaml) score as the
competition rules answer: the same fans with the same points, the same total, the same verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from dslgen.rulefile import load_rules
from engine.fans import WinContext, lookup, score_win
from engine.tiles import parse_tiles

from fan_helpers import CATALOG, parse_melds

DATA = YAML(typ="safe").load((Path(__file__).parent / "data" / "guobiao_special_cases.yaml").read_text(encoding="utf-8"))
FLOWERS = tuple(parse_tiles("春夏秋冬梅兰竹菊"))


@pytest.fixture(scope="module")
def guobiao():
    return load_rules(CATALOG / "guobiao.yaml").rules


def context(case) -> WinContext:
    """The win a row describes (seat and prevalent wind 东)."""
    tiles = tuple(parse_tiles(case["hand"]))
    return WinContext(
        tiles, parse_melds(case.get("melds", "")), parse_tiles(case["win"])[0], frozenset(),
        bool(case.get("self_drawn")), kong_replacement=bool(case.get("kong_replacement")),
        last_tile=bool(case.get("last_tile")), robbing_kong=bool(case.get("robbing_kong")),
        flowers=FLOWERS[:case.get("flowers", 0)], seat_wind=0, round_wind=0,
        fourth_tile=bool(case.get("fourth_tile")),
    )


def test_the_table_has_74_rows():
    assert len(DATA["cases"]) == 74


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: f"{c['id']}:{c['name']}")
def test_worked_hand(guobiao, case):
    res = score_win(guobiao, context(case))
    assert res is not None
    fans = {lookup(name).guobiao[0]: points for name, points in res.fans}
    answer = case["answer"]
    assert fans == answer["fans"]
    assert res.fan_total - fans.get("花牌", 0) == answer["total_without_flowers"]
    assert res.legal is answer["legal"]
