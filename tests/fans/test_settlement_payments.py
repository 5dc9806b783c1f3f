"""Win payments: multipliers, the dealer rule, 血战's active seats; zero-sum always."""

import pytest

from engine.settlement import HOOKS, HookState, check_hua_zhu, run_hooks, win_payments, wildcard_count
from engine.melds import Meld
from engine.tiles import parse_tiles

from fan_helpers import make_rules


def rules_with(**scoring):
    return make_rules([{"name": "清一色", "base_fan": 8}], scoring={"mode": "fan_table", **scoring})


def test_self_draw_everyone_pays():
    r = rules_with(self_draw_multiplier=2)
    assert win_payments(r, 1, 5, True, None, dealer=3) == [-10, 30, -10, -10 * 1]


def test_discard_only_discarder_pays():
    r = rules_with(discard_win_multiplier=3)
    assert win_payments(r, 2, 4, False, 0, dealer=1) == [-12, 0, 12, 0]


@pytest.mark.parametrize("winner,expected", [
    (0, [6 * 3 * 1, -6, -6, -6]),     # the dealer wins: everyone pays x2
    (1, [-6, 3 + 6 + 3, -3, -3]),     # another seat wins: only the dealer pays x2
])
def test_dealer_multiplier_on_self_draw(winner, expected):
    r = rules_with(self_draw_multiplier=1, dealer_multiplier=2)
    pay = win_payments(r, winner, 3, True, None, dealer=0)
    if winner == 0:
        expected = [18, -6, -6, -6]
    assert pay == expected
    assert sum(pay) == 0


def test_dealer_multiplier_on_discard():
    r = rules_with(discard_win_multiplier=1, dealer_multiplier=2)
    assert win_payments(r, 2, 5, False, 0, dealer=0) == [-10, 0, 10, 0]  # the dealer discarded
    assert win_payments(r, 2, 5, False, 1, dealer=0) == [0, -5, 5, 0]   # a non-dealer discarded
    assert win_payments(r, 0, 5, False, 1, dealer=0) == [10, -10, 0, 0]  # the dealer won


def test_departed_winners_do_not_pay():
    r = rules_with(self_draw_multiplier=1)
    pay = win_payments(r, 2, 4, True, None, dealer=0, active_seats=(0, 2, 3))
    assert pay == [-4, 0, 8, -4]


def test_discard_win_needs_a_discarder():
    with pytest.raises(ValueError):
        win_payments(rules_with(), 1, 3, False, None, dealer=0)


def _state(hands, melds=None, active=(0, 1, 2, 3), wild=frozenset()):
    return HookState(tuple(tuple(parse_tiles(h)) for h in hands),
                     tuple(tuple(m) for m in (melds or [(), (), (), ()])), tuple(active), 0, wild)


def test_hua_zhu_pays_each_non_hua_zhu_active_seat():
    r = make_rules([{"name": "清一色", "base_fan": 8}], max_fan=16)
    hands = ["1234m567s789p1155p", "1112345678999m", "123m456m789m11s23s", "11m22m33m44s55s66s7s"]
    res = check_hua_zhu(r, _state(hands, active=(0, 2, 3)))
    # seat 0 holds 万 条 筒 (花猪); seat 1 already won; seats 2, 3 hold two suits
    assert res.details["hua_zhu"] == [0]
    assert res.payments == [-32, 0, 16, 16]
    assert sum(res.payments) == 0


def test_hua_zhu_counts_melds_and_ignores_wilds():
    r = make_rules([{"name": "清一色", "base_fan": 8}])
    melds = [(Meld("pung", (21, 21, 21)),), (), (), ()]
    res = check_hua_zhu(r, _state(["1234m567s", "1m", "1m", "1m"], melds))
    assert res.details["hua_zhu"] == [0]
    assert res.details["amount"] == 8  # no cap: the highest base_fan
    res = check_hua_zhu(r, _state(["1234m567s中", "1m", "1m", "1m"], wild=frozenset({35})))
    assert res.details["hua_zhu"] == []


def test_wildcard_count_moves_no_money():
    r = make_rules([{"name": "清一色", "base_fan": 8}])
    res = wildcard_count(r, _state(["1m中中", "2m", "癞3m", "4m"], wild=frozenset({35})))
    assert res.payments == [0, 0, 0, 0]
    assert res.details["counts"] == [2, 0, 1, 0]


def test_hooks_registry_has_documented_units():
    assert set(HOOKS) == {"check_hua_zhu", "check_ting", "wildcard_count"}
    for unit in HOOKS.values():
        assert unit.doc


def test_run_hooks_passes_hua_zhu_to_check_ting():
    r = make_rules([{"name": "平胡", "base_fan": 1}, {"name": "鸡胡", "base_fan": 1}, {"name": "清一色", "base_fan": 4}],
                   scoring={"mode": "fan_table", "pre_hooks": [{"name": "check_hua_zhu"}, {"name": "check_ting"}]})
    hands = [
        "1m2m3m4s5s6s7p8p9p1p1p2m3m",  # three suits: 花猪, also ready
        "1112345678999m",               # 九莲 ready on any 万
        "13579m1357s2468s",              # two suits, far from ready
        "123m456m789m1s2s3s4s",         # ready on 4s (single wait)
    ]
    out = dict(run_hooks(r, _state(hands)))
    assert out["check_hua_zhu"].details["hua_zhu"] == [0]
    ting = out["check_ting"]
    assert set(ting.details["ready"]) == {1, 3}
    assert ting.details["not_ready"] == [2]
    assert ting.details["ready"][1] == 4  # 清一色 is the best 万 wait
    assert ting.payments[0] == 0          # a 花猪 is settled by 查花猪, not 查叫
    assert ting.payments[2] == -(ting.details["ready"][1] + ting.details["ready"][3])
    assert sum(ting.payments) == 0


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(winner=st.integers(0, 3), dealer=st.integers(0, 3), total=st.integers(0, 500),
       self_drawn=st.booleans(), discarder=st.integers(0, 3),
       mults=st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4)),
       active=st.sets(st.integers(0, 3), min_size=1))
def test_payments_are_zero_sum_and_only_the_winner_gains(winner, dealer, total, self_drawn, discarder, mults, active):
    r = rules_with(self_draw_multiplier=mults[0], discard_win_multiplier=mults[1], dealer_multiplier=mults[2])
    if not self_drawn and discarder == winner:
        discarder = (winner + 1) % 4
    seats = tuple(sorted(active | {winner}))
    pay = win_payments(r, winner, total, self_drawn, None if self_drawn else discarder, dealer, seats)
    assert sum(pay) == 0
    assert all(p <= 0 for s, p in enumerate(pay) if s != winner)
    if self_drawn:
        assert all(pay[s] == 0 for s in range(4) if s not in seats)
        base = total * mults[0]
        for s in seats:
            if s != winner:
                assert pay[s] == -base * (mults[2] if dealer in (s, winner) else 1)
    else:
        assert [s for s in range(4) if pay[s] < 0] in ([], [discarder])
