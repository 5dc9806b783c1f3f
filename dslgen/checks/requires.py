"""``requires`` consistency, both ways: features used need their capability, and vice versa."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from dslgen.checks.context import RuleContext, as_list, as_map
from dslgen.checks.finding import FieldPath, Problem
from dslgen.checks.registry import check


@dataclass(frozen=True)
class Usage:
    """A capability and how to find the rule-file feature that needs it.

    ``find`` returns the field path of the first use, or None when the file does not use it.
    """

    capability: str
    feature: str  # Chinese, shown in messages
    find: Callable[[RuleContext], FieldPath | None]


def _flag(*path) -> Callable[[RuleContext], FieldPath | None]:
    return lambda ctx: tuple(path) if ctx.get(*path) is True else None


def _present(*path) -> Callable[[RuleContext], FieldPath | None]:
    return lambda ctx: tuple(path) if ctx.get(*path) else None


def _fan(*names: str) -> Callable[[RuleContext], FieldPath | None]:
    def find(ctx: RuleContext) -> FieldPath | None:
        return next((("fan_types", i, "name") for i, f in ctx.fans() if f["name"] in names), None)

    return find


def _play_key(key: str, truthy: bool = True) -> Callable[[RuleContext], FieldPath | None]:
    def find(ctx: RuleContext) -> FieldPath | None:
        play = ctx.play_phase()
        if play is None:
            return None
        value = play[1].get(key)
        return ("phases", play[0], key) if (value is True if truthy else value is not None) else None

    return find


def _play_phase(ctx: RuleContext) -> FieldPath | None:
    play = ctx.play_phase()
    return ("phases", play[0], "type") if play else None


def _reactions(ctx: RuleContext) -> FieldPath | None:
    return next((p[:-1] for p, _ in ctx.action_options("others_reaction")), None)


def _exclusions(ctx: RuleContext) -> FieldPath | None:
    for i, fan in ctx.fans():
        for key in ("excludes", "conflicts"):
            if fan.get(key):
                return ("fan_types", i, key)
    return None


def _pre_hooks(ctx: RuleContext) -> FieldPath | None:
    return ("scoring", "pre_hooks") if as_list(ctx.get("scoring", "pre_hooks")) else None


def _settlement_items(ctx: RuleContext) -> FieldPath | None:
    return ("settlement_items",) if as_list(ctx.get("settlement_items")) else None


def _fan_table(ctx: RuleContext) -> FieldPath | None:
    return ("scoring", "mode") if ctx.get("scoring", "mode") == "fan_table" else None


def _mahjong_deck(ctx: RuleContext) -> FieldPath | None:
    return ("deck",) if as_map(ctx.get("deck")).get("generator", "mahjong") == "mahjong" and ctx.get("deck") else None


#: Capabilities whose use can be read off the rule file.
USAGES: tuple[Usage, ...] = (
    Usage("deck.generator_mahjong", "麻将牌库（deck）", _mahjong_deck),
    Usage("deck.flower_cards", "花牌（deck.include_flowers: true）", _flag("deck", "include_flowers")),
    Usage("meldsolver.wildcard", "癞子（wildcard_rules）", _present("wildcard_rules")),
    Usage("meldsolver.pair_258", "将牌必须是 2/5/8（win_condition.pair_must_be_258）", _flag("win_condition", "pair_must_be_258")),
    Usage("meldsolver.seven_pairs", "七对番型", _fan("七对", "暗七对", "连七对")),
    Usage("meldsolver.thirteen_orphans", "番型 十三幺", _fan("十三幺")),
    Usage("meldsolver.all_orphans", "番型 全不靠", _fan("全不靠", "七星不靠")),
    Usage("meldsolver.double_dragon", "番型 一色双龙会", _fan("一色双龙会")),
    Usage("phase.mahjong_turn", "麻将回合阶段（type: mahjong_turn）", _play_phase),
    Usage("phase.parallel_elimination", "血战到底（parallel_elimination: true）", _play_key("parallel_elimination")),
    Usage("phase.priority_arbitration", "响应优先级仲裁（others_reaction）", _reactions),
    Usage("phase.rob_kong", "番型 抢杠胡", _fan("抢杠胡", "抢杠和")),
    Usage("dsl.dirty_flag", "过水标记（fu_flag）", _play_key("fu_flag", truthy=False)),
    Usage("scoring.fan_table", "番型表计分（scoring.mode: fan_table）", _fan_table),
    Usage("scoring.fan_exclusion", "番型互斥（excludes / conflicts）", _exclusions),
    Usage("scoring.pre_hooks", "结算前钩子（scoring.pre_hooks）", _pre_hooks),
    # 川麻 (issue 14)
    Usage("scoring.doubling", "加倍计分（fan_stacking: double）", lambda ctx: ("fan_stacking",) if ctx.get("fan_stacking") == "double" else None),
    Usage("scoring.composite_fans", "组合番或按封顶计的番（composite_of / at_cap）", lambda ctx: next(
        (("fan_types", i, k) for i, f in ctx.fans() for k in ("composite_of", "at_cap") if f.get(k)), None)),
    Usage("scoring.kong_payments", "刮风下雨（scoring.kong_payments）", _present("scoring", "kong_payments")),
    Usage("phase.exchange_three", "换三张（type: exchange_three）", lambda ctx: next(
        (("phases", i, "type") for i, p in ctx.phases() if p.get("type") == "exchange_three"), None)),
    Usage("phase.declare_void", "定缺（type: declare_void）", lambda ctx: next(
        (("phases", i, "type") for i, p in ctx.phases() if p.get("type") == "declare_void"), None)),
    Usage("phase.blood_flow", "血流成河（on_win: stay）", lambda ctx: next(
        (p[:-1] + ("on_win",) for p in [("phases", ctx.play_phase()[0], "sub_phases", "others_reaction", "x")]
         if ctx.get(*p[:-1], "on_win") == "stay"), None) if ctx.play_phase() else None),
    Usage("scoring.settlement_items", "结算项（settlement_items）", _settlement_items),
)


@check("C501", "capability-not-required", "error")
def capability_not_required(ctx: RuleContext) -> Iterator[Problem]:
    """用到了某项能力却没有在 requires 中声明

    ``requires`` 是规则文件对引擎的能力清单，必须与文件实际用到的功能一致：有
    ``wildcard_rules`` 就要 ``meldsolver.wildcard``，有花牌就要 ``deck.flower_cards``，
    血战就要 ``phase.parallel_elimination``，十三幺 / 全不靠 / 一色双龙会 番型要对应的
    ``meldsolver.*`` 牌型能力，``pre_hooks`` 要 ``scoring.pre_hooks``，``fu_flag`` 要
    ``dsl.dirty_flag``，``pair_must_be_258`` 要 ``meldsolver.pair_258``，等等。漏写会让
    加载时的能力检查失去意义。

    修复：把提示中的能力 id 加入 ``requires``。
    """
    required = ctx.required_ids
    for usage in USAGES:
        if usage.capability in required:
            continue
        where = usage.find(ctx)
        if where is not None:
            yield Problem(
                where,
                f"使用了{usage.feature}，但 requires 中缺少能力 {usage.capability}",
                f"在 requires 中加入 - {usage.capability}",
                {"capability": usage.capability},
            )


@check("C502", "capability-unused", "warning")
def capability_unused(ctx: RuleContext) -> Iterator[Problem]:
    """requires 声明了文件并未用到的能力

    声明了能力却没有任何字段用到它（例如要求 ``meldsolver.wildcard`` 却没有
    ``wildcard_rules``），通常说明规则写漏了一段，或能力是从别的玩法复制来的。
    这是警告：文件仍可运行。

    修复：补上对应的规则段，或从 ``requires`` 中删去该能力。
    """
    usages = {u.capability: u for u in USAGES}
    for path, cap_id in ctx.requires:
        usage = usages.get(cap_id)
        if usage is not None and usage.find(ctx) is None:
            yield Problem(
                path,
                f"requires 声明了能力 {cap_id}，但文件没有用到{usage.feature}",
                f"补上{usage.feature}，或删去 - {cap_id}",
                {"capability": cap_id},
            )
