"""川麻 checks: composite and counted fans, doubling settings, 定缺 and 刮风下雨 consistency."""

from __future__ import annotations

from collections.abc import Iterator

from engine.defaults import default
from engine.fans import lookup
from engine.fans.composite import KNOWN

from dslgen.checks.context import RuleContext, as_list, as_map
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


def composite_supported(fan, fan_names) -> bool:
    """A composite row is understood when every part is a fan name the engine recognises."""
    parts = as_list(fan.get("composite_of"))
    return bool(parts) and all(isinstance(p, str) and p in fan_names for p in parts)


@check("C801", "composite-unknown-part", "error")
def composite_unknown_part(ctx: RuleContext) -> Iterator[Problem]:
    """组合番的组成番引擎无法识别

    ``composite_of`` 列出的每个组成番都必须是标准番型库的番型名（见 ``docs/fans.md``）或本文件用 ``when`` 定义的番型，组成番不必在本文件中单独声明
    （例如成都番表不单独计根，龙七对 仍可写 ``composite_of: [七对, 根]``）。组成番无法识别时组合番永远不成立。

    修复：改用识别列表中的番型名。
    """
    own = {f["name"] for _, f in ctx.fans() if f.get("when")}  # the file's own definitions may be parts too
    for i, fan in ctx.fans():
        for j, part in enumerate(as_list(fan.get("composite_of"))):
            if not isinstance(part, str) or (part not in ctx.facts.fan_names and part not in own):
                yield Problem(("fan_types", i, "composite_of", j), f"组合番 {fan['name']} 的组成番 {part} 引擎无法识别，组合番永远不成立",
                              "请使用 docs/fans.md 中的番型名", {"fan": str(part)})


@check("C802", "composite-unusual-parts", "warning")
def composite_unusual_parts(ctx: RuleContext) -> Iterator[Problem]:
    """组合番的组成与常见川麻番表不同

    清对、龙七对、清七对、清龙七对、将对、将七对、清金钩钓、清幺九 等名字在已出版的川麻番表中有固定含义
    （例如 清对 = 清一色 + 对对胡）。文件给这些名字写了不同的组成时多半是笔误。这是警告：文件仍可运行。

    修复：按常见组成改写 ``composite_of``，或给这个组合番换一个名字。
    """
    for i, fan in ctx.fans():
        parts = as_list(fan.get("composite_of"))
        usual = KNOWN.get(fan["name"])
        if not parts or usual is None:
            continue
        canon = {(lookup(p).name if isinstance(p, str) and lookup(p) else p) for p in parts}
        if canon != set(usual):
            yield Problem(("fan_types", i, "composite_of"), f"组合番 {fan['name']} 通常是 {' + '.join(usual)}，这里写的是 {' + '.join(map(str, parts))}",
                          f"改为 composite_of: [{', '.join(usual)}]", {"fan": fan["name"]})


@check("C803", "fan-per-invalid", "error")
def fan_per_invalid(ctx: RuleContext) -> Iterator[Problem]:
    """计次单位写在了不计次的番上，或单位不是该番支持的

    ``per`` 只对计次番有意义，且必须是该番的计次单位（第 16.2 节 `计次` 列）：例如 幺九刻 ``pung``、
    根 ``four_of_a_kind``（每个四张，杠了没杠都算）或 ``kong``（只数开出的杠）。写在其他番上不会生效。

    修复：删去 ``per``，或改为该番支持的单位。
    """
    for i, fan in ctx.fans():
        per = fan.get("per")
        if not per or fan.get("composite_of"):
            continue
        reg = lookup(fan["name"])
        if reg is None:
            continue
        if not reg.counted:
            yield Problem(("fan_types", i, "per"), f"番型 {fan['name']} 不是计次番，per 不会生效", "删去 per", {"fan": fan["name"]})
        elif per not in reg.per_units:
            yield Problem(("fan_types", i, "per"), f"计次番 {fan['name']} 不支持单位 {per}",
                          "可用单位：" + "、".join(reg.per_units), {"fan": fan["name"]})


@check("C804", "doubling-without-double", "warning")
def doubling_without_double(ctx: RuleContext) -> Iterator[Problem]:
    """写了 scoring.doubling 但番型不是加倍叠加

    ``scoring.doubling``（底分、分数封顶、自摸加底/加番）只在 ``fan_stacking: double`` 时使用；其他叠加方式下
    整段被忽略。这是警告。

    修复：把 ``fan_stacking`` 改为 ``double``，或删去 ``scoring.doubling``。
    """
    if ctx.get("scoring", "doubling") is not None and ctx.get("fan_stacking") != "double":
        yield Problem(("scoring", "doubling"), f"fan_stacking 是 {ctx.get('fan_stacking')}，scoring.doubling 不会生效",
                      "把 fan_stacking 改为 double，或删去 scoring.doubling", {})


@check("C805", "self-draw-counted-twice", "warning")
def self_draw_counted_twice(ctx: RuleContext) -> Iterator[Problem]:
    """自摸既声明为番又写了自摸加番/加底

    自摸的奖励二选一：番表中的 ``自摸`` 番，或 ``scoring.doubling.self_draw``（``add_fan`` / ``add_base``）。
    两者都写会让自摸多算一次。这是警告。

    修复：只保留一种写法。
    """
    mode = as_map(ctx.get("scoring", "doubling")).get("self_draw", default("scoring.doubling.self_draw"))
    if mode in ("add_fan", "add_base"):
        for i, fan in ctx.fans():
            if lookup(fan["name"]) is not None and lookup(fan["name"]).name == "自摸":
                yield Problem(("fan_types", i, "name"), f"番表中有 自摸，scoring.doubling.self_draw 又是 {mode}，自摸会多算",
                              "删去其中一种", {"fan": fan["name"]})


@check("C806", "kong-payments-unused", "warning")
def kong_payments_unused(ctx: RuleContext) -> Iterator[Problem]:
    """退税或呼叫转移打开了，杠分却都是 0

    ``scoring.kong_payments.refund`` / ``transfer`` 退还或转移的是杠分；``ming_kong``、``an_kong``、``bu_kong``
    全为 0（或不写）时它们什么也不做。这是警告。

    修复：写出各种杠的杠分，或删去 refund / transfer。
    """
    kp = as_map(ctx.get("scoring", "kong_payments"))
    if kp and (kp.get("refund") or kp.get("transfer")) and not any(kp.get(k) for k in ("ming_kong", "an_kong", "bu_kong")):
        yield Problem(("scoring", "kong_payments"), "写了退税或呼叫转移，但各种杠的杠分都是 0", "写出 ming_kong、an_kong、bu_kong 的分数", {})


@check("C807", "void-without-miss-suit", "warning")
def void_without_miss_suit(ctx: RuleContext) -> Iterator[Problem]:
    """有定缺阶段，却没有要求胡牌缺一门

    定缺（``type: declare_void``）的玩法胡牌时必须缺一门；定缺本身只禁止持有缺门的牌胡，和牌条件
    ``win_condition.must_miss_suit`` 还要写出来，描述与文件才一致。这是警告。

    修复：加上 ``win_condition.must_miss_suit: true``。
    """
    for i, phase in ctx.phases():
        if phase.get("type") == "declare_void" and ctx.get("win_condition", "must_miss_suit") is not True:
            yield Problem(("phases", i, "type"), "有定缺阶段，但 win_condition.must_miss_suit 不是 true",
                          "加上 win_condition.must_miss_suit: true", {})
