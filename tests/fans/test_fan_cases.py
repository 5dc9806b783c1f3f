"""Worked hands per catalog variant (``cases/<variant>.yaml``): fans, drops, bonuses, totals, payments."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from dslgen.rulefile import load_rules
from engine.fans import WinContext, score_win
from engine.settlement import win_payments
from engine.tiles import parse_tiles

from fan_helpers import CATALOG, parse_melds

CASES = Path(__file__).parent / "cases"
WINDS = {"东": 0, "南": 1, "西": 2, "北": 3}
_RULES: dict[str, object] = {}


def _load_cases():
    out = []
    for path in sorted(CASES.glob("*.yaml")):
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            out.append(pytest.param(data["rules"], case, id=f"{path.stem}:{case['name']}"))
    return out


ALL_CASES = _load_cases()


def _rules(name):
    if name not in _RULES:
        _RULES[name] = load_rules(CATALOG / name).rules
    return _RULES[name]


def test_enough_cases_per_variant():
    assert len(ALL_CASES) >= 40
    variants = {p.values[0] for p in ALL_CASES}
    assert variants == {f.name for f in CATALOG.glob("*.yaml")}


@pytest.mark.parametrize("rules_name,case", ALL_CASES)
def test_worked_hand(rules_name, case):
    rules = _rules(rules_name)
    tiles = tuple(parse_tiles(case["hand"]))
    win_tile = parse_tiles(case["win"])[0] if "win" in case else tiles[-1]
    wild = frozenset(rules.wildcard.tiles) if rules.wildcard else frozenset()
    seat, dealer = case.get("seat", 0), case.get("dealer", 0)
    self_drawn = bool(case.get("self_drawn", False))
    ctx = WinContext(
        tiles, parse_melds(case.get("melds", "")), win_tile, wild, self_drawn,
        kong_replacement=bool(case.get("kong_replacement")), last_tile=bool(case.get("last_tile")),
        robbing_kong=bool(case.get("robbing_kong")), first_turn=bool(case.get("first_turn")),
        seat=seat, dealer=dealer, flowers=tuple(parse_tiles(case.get("flowers", ""))),
        seat_wind=WINDS.get(case.get("seat_wind")), round_wind=WINDS.get(case.get("round_wind"), 0),
        fourth_tile=bool(case.get("fourth_tile")), kong_discard=bool(case.get("kong_discard")),
    )
    expect = case["expect"]
    res = score_win(rules, ctx)
    if expect.get("none"):
        assert res is None
        return
    assert res is not None, "应当是和牌型"
    if "fans" in expect:
        assert dict(res.fans) == expect["fans"]
    if "dropped" in expect:
        assert dict(res.dropped) == expect["dropped"]
    if "bonuses" in expect:
        assert dict(res.bonuses) == expect["bonuses"]
    else:
        assert res.bonuses == []
    if "total" in expect:
        assert res.total == expect["total"]
    if "legal" in expect:
        assert res.legal is expect["legal"]
    if "reason" in expect:
        assert expect["reason"] in res.reason
    if "payments" in expect:
        if res.legal:
            pay = win_payments(rules, seat, res.total, self_drawn, case.get("from"), dealer, case.get("active"),
                               pays=res.pays if rules.hand_value is not None else None)
        else:
            pay = [0] * rules.players
        assert pay == expect["payments"]
        assert sum(pay) == 0
