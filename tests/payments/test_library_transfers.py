"""The settlements that move money someone else earned or owes — 亮倒 / 包赔 (``liable``), 查花猪, 查叫,
退税 and 呼叫转移 — are library formulas (``engine/payments/standard.pays``); each worked case here sums
as the rule says."""

from __future__ import annotations

import pytest

from engine import kongpay, settlement
from engine.payments.compile import PaymentError, compile_payment
from engine.payments.library import LIBRARY, LibraryError, load, parts_of
from engine.payments.model import Many, Payment
from engine.settlement_items import ITEMS, Table, WinFacts, settle_items
from engine.tiles import parse_tiles
from tests.regional.test_settlement_items import discard_win, rules_with, self_draw, table


def test_every_transfer_is_a_library_formula_and_no_coded_unit_is_left():
    for name in ("liang_dao", "liability"):
        assert name in LIBRARY and ITEMS[name].run.__name__ == "run"  # the formula wrapper, not a coded item
    assert [p.name for p in parts_of(LIBRARY, "liang_dao")] == ["liang_dao", "liang_dao/包赔", "liang_dao/荒庄"]
    for name in ("check_hua_zhu", "check_ting", "呼叫转移", "退税"):
        assert name in LIBRARY and name not in ITEMS  # every file's own, not a settlement item


def test_liang_dao_draw_penalty_first_declarer_pays_everyone():
    r = rules_with([{"item": "liang_dao", "draw_penalty": 3}])
    tab = table(end_reason="deck_exhausted", declared=(2, 0))
    ((name, res),) = settle_items(r, tab)
    assert res.payments == [3, 3, -9, 3]
    assert res.details["pairs"] == [[2, 0, 3, "荒庄赔付"], [2, 1, 3, "荒庄赔付"], [2, 3, 3, "荒庄赔付"]]


def test_liang_dao_no_penalty_when_someone_won():
    r = rules_with([{"item": "liang_dao", "draw_penalty": 3}])
    ((_, res),) = settle_items(r, table(wins=[self_draw(1, 1)], end_reason="deck_exhausted", declared=(2,)))
    assert res.payments == [0, 0, 0, 0]


def test_feeder_of_a_declared_winner_pays_every_opponent_s_self_draw_price():
    r = rules_with([{"item": "liang_dao", "win_multiplier": 2, "feeder_pays_all": True}])
    ((_, res),) = settle_items(r, table(wins=[discard_win(0, 2, total=3)], declared=(0,)))
    # the discard (3) is doubled to 6; the feeder then pays seats 1 and 3's self-draw price ×2 as well
    assert res.payments == [3 + 6 + 6, 0, -(3 + 6 + 6), 0]


def test_a_file_can_write_its_own_liability_with_liable():
    own = [{"name": "杠爆全包", "when": "win", "payer": "others", "if": "kong_replacement",
            "liable": "if(kong_replacement, 2, -1)", "amount": 0}]
    r = rules_with([], payments=own)
    from engine.fans import WinContext

    ctx = WinContext(tuple(parse_tiles("123m456m789m123p55p")), (), 0, kong_replacement=True, seat=0)
    w = WinFacts(0, True, None, 2, (6, -2, -2, -2), ctx=ctx)
    ((name, res),) = settle_items(r, table(wins=[w]))
    assert name == "杠爆全包" and res.payments == [0, 2, -4, 2]  # seat 2 takes over 1's and 3's debt
    assert [0, 2, 0] not in res.details["wins"][0]["pairs"]
    assert [2, 1, 2, "代付"] in res.details["wins"][0]["pairs"]


def test_list_parameters_read_and_are_checked():
    (p,) = load("[x]\nwhen = win\namount = if(cases_b, 1, 0) + if(names_given, 1, 0)\ndoc = d\n"
                "params = cases: [a] a | b, names: []\n").values()
    assert p.params == (("cases", Many(("a",), ("a", "b"))), ("names", Many((), ())))
    assert compile_payment(p, {"cases": ["a", "b"], "names": ["清一色"]}).settings[0] == ("cases", ("a", "b"))
    with pytest.raises(PaymentError, match="不能有 'c'"):
        compile_payment(p, {"cases": ["c"]})
    with pytest.raises(LibraryError, match="outside its choices"):
        load("[x]\nwhen = win\namount = 1\ndoc = d\nparams = cases: [z] a | b\n")
    with pytest.raises(LibraryError, match="unknown payment"):
        load("[y/part]\nwhen = win\namount = 1\n")


def test_liable_is_an_integer_expression_checked_at_compile_time():
    bad = Payment(name="p", when="win", amount="1", liable="self_drawn")
    with pytest.raises(PaymentError) as err:
        compile_payment(bad)
    assert err.value.field == "liable"


# --- 查花猪 / 查叫 (血战) ----------------------------------------------------------------------

SICHUAN = "dsl-examples/sichuan_xuezhan.yaml"


def _sichuan():
    from dslgen.rulefile.yamlio import load_yaml_file
    from engine.rules import Rules

    return Rules.from_dict(load_yaml_file(SICHUAN).data)


def _state(hands, active=(0, 1, 2, 3), voids=()):
    return settlement.HookState(tuple(tuple(parse_tiles(h)) for h in hands), ((),) * 4, tuple(active), 0,
                                frozenset(), (), tuple(voids))


def test_hua_zhu_pays_the_cap_to_every_seat_that_is_not_one():
    r = _sichuan()
    hands = ("1m2m3m4p5p6p7s8s9s1m1m2m3m", "1112345678999m", "1112223334445p", "1m4m7m2p5p8p3s6s9s1m4m7m2p")
    res = settlement.check_hua_zhu(r, _state(hands))
    cap = settlement.penalty_cap(r)
    assert res.details["hua_zhu"] == [0, 3]
    assert res.payments == [-2 * cap, 2 * cap, 2 * cap, -2 * cap]


def test_cha_jiao_not_ready_pays_each_ready_seat_its_best_total_and_skips_pigs_after_hua_zhu():
    r = _sichuan()
    hands = ("1m2m3m4p5p6p7s8s9s1m1m2m3m", "1112345678999m", "1112223334445p", "1m1m4m4m7m2p2p5p8p8p9p9p6p")
    state = _state(hands)
    pig = settlement.check_hua_zhu(r, state)
    after = settlement.HookState(state.hands, state.melds, state.active_seats, 0, frozenset(), tuple(pig.details["hua_zhu"]), ())
    res = settlement.check_ting(r, after)
    ready = res.details["ready"]
    assert set(ready) == {1, 2} and res.details["not_ready"] == [3]
    assert res.payments == [0, ready[1], ready[2], -(ready[1] + ready[2])]
    # without 查花猪 before it, the pig (seat 0, not ready) pays too
    alone = settlement.check_ting(r, state)
    assert alone.payments == [-(ready[1] + ready[2]), 2 * ready[1], 2 * ready[2], -(ready[1] + ready[2])]


# --- 呼叫转移 / 退税 --------------------------------------------------------------------------

def test_transfer_splits_the_income_and_the_first_winner_from_the_discarder_takes_the_remainder():
    r = _sichuan()
    record = kongpay.KongRecord(1, "an_kong", 5, [-2, 5, -2, -1])
    assert kongpay.transfer(r, record, [3, 0]) == [2, -5, 0, 3]
    assert kongpay.transfer(r, kongpay.KongRecord(1, "an_kong", 5, [0, 0, 0, 0]), [3]) == [0, 0, 0, 0]


def test_refund_reverses_the_kongs_of_a_seat_that_is_not_ready_and_only_those():
    r = _sichuan()
    ready_hand, not_ready = "1112345678999m", "1m4m7m2p5p8p3s6s9s1m"
    mine = kongpay.KongRecord(1, "an_kong", 5, [-2, 6, -2, -2])
    theirs = kongpay.KongRecord(0, "an_kong", 5, [6, -2, -2, -2])
    moved = kongpay.KongRecord(1, "ming_kong", 7, [-2, 2, 0, 0], transferred=True)
    state = _state((ready_hand, not_ready, ready_hand, ready_hand))
    pay, seats = kongpay.refund(r, [mine, theirs, moved], settlement.hook_table(r, state), state.active_seats)
    assert pay == [2, -6, 2, 2] and seats == [1]
    assert mine.refunded and not theirs.refunded and not moved.refunded


def test_payer_declared_and_ready_count_read_the_table():
    own = [{"name": "杀报", "when": "win", "payer": "losers", "if": "payer_is_discarder and payer_declared(报听)", "amount": 10},
           {"name": "听牌料", "when": "draw", "payer": "others", "receiver": "every",
            "if": "receiver_ready and not payer_ready", "amount": "div(12, ready_count)"}]
    r = rules_with([], payments=own)
    made = ({}, {"报听": 1}, {}, {})
    res = dict(settle_items(r, table(wins=[discard_win(0, 1)], declarations=made)))
    assert res["杀报"].payments == [10, -10, 0, 0]
    res = dict(settle_items(r, table(wins=[discard_win(0, 2)], declarations=made)))
    assert res["杀报"].payments == [0, 0, 0, 0]
    hands = ("1112345678999m", "1m4m7m2p5p8p3s6s9s1m4m7m2p", "1112223334445p", "1m4m7m2p5p8p3s6s9s1m4m7m2p")
    res = dict(settle_items(r, table(hands=hands, end_reason="deck_exhausted")))
    assert res["听牌料"].payments == [12, -12, 12, -12]  # two ready: each not-ready seat pays each ready one 6


@pytest.mark.parametrize("mode, expected", [("win", [0, 0, 0, 0]), ("shape", [12, -12, 12, -12])])
def test_ready_shape_counts_a_wait_no_win_could_be_made_on(mode, expected):
    own = [{"name": "听牌料", "when": "draw", "if": "receiver_ready and not payer_ready", "amount": "div(12, ready_count)"}]
    # the ready hands wait on 万 only, and a win needs an honor tile: no legal win, but a winning shape
    r = rules_with([], payments=own, win_condition={"ready": mode, "require": ["count(hand, honor) > 0"]})
    hands = ("1112345678999m", "1m4m7m2p5p8p3s6s9s1m4m7m2p", "1112223334445m", "1m4m7m2p5p8p3s6s9s1m4m7m2p")
    res = dict(settle_items(r, table(hands=hands, end_reason="deck_exhausted")))
    assert res["听牌料"].payments == expected
