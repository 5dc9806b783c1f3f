"""Issue 35 item 5: the table's result names the winner's hand and explains why 净输赢 differs from 支付."""

from __future__ import annotations

from pathlib import Path

from dslgen.rulefile import load_rules
from dslgen.web.table import Table, settlement_adjustments

ROOT = Path(__file__).resolve().parents[2]


def _finish(table: Table) -> dict:
    for _ in range(2000):
        view = table.view()
        if view["over"]:
            return view
        legal = view["legal"]
        win = [a for a in legal if a["kind"] == "win"]
        table.act((win or [a for a in legal if a["kind"] == "pass"] or legal[-1:])[0]["index"])
    raise AssertionError("the game never ended")


def test_wins_show_the_hand_and_other_payments_explain_the_balance():
    rules = load_rules(ROOT / "dsl-examples" / "nanchang.yaml").rules  # 精分 and 德国 move points beside the win
    for seed in range(1, 30):
        view = _finish(Table(rules, "nanchang", seed))
        if view["wins"]:
            break
    win = view["wins"][0]
    assert win["hand"] and all(ch in "0123456789mspz东南西北中发白" for ch in win["hand"].replace(" ", ""))
    labels = [a["label"] for a in view["adjustments"]]
    assert "精分（冲关、霸王精）" in labels
    balance = [sum(w["payments"][s] for w in view["wins"]) + sum(a["payments"][s] for a in view["adjustments"])
               for s in range(4)]
    assert balance == view["end"]["payments"]  # the wins' 支付 plus the listed payments are exactly 净输赢


def test_adjustments_ignore_wins_and_zero_payments():
    events = [{"type": "win", "payments": [3, -3, 0, 0]}, {"type": "item", "name": "de_guo", "payments": [0, 0, 0, 0]},
              {"type": "kong_pay", "payments": [2, -1, -1, 0]}, {"type": "kong_pay", "payments": [-1, 2, -1, 0]},
              {"type": "end", "payments": [4, -2, -2, 0]}]
    assert settlement_adjustments(events) == [{"label": "杠分（刮风下雨）", "payments": [1, 1, -2, 0]}]
