"""What loading a rule mapping checks, so a game server can trust any :class:`Rules` it holds.

:func:`problems` lists every name the engine does not know and every structure it
cannot play: capabilities in ``requires``, fan names, fan / action / hook
conditions, action and hook names, the exclusion graph (dangling ``excludes``,
cycles, one-sided ``conflicts``), phase types and actions, and the phase graph
(unknown ``next``, duplicate names, a chain with no end). :meth:`Rules.from_dict`
raises one :class:`engine.errors.RulesError` listing them all.
"""

from __future__ import annotations

from engine import memo
from engine.errors import Problem, RulesError
from engine.rules import SUPPORTED_SCORING_MODES, Rules

#: Phase types and ``auto`` actions the flow runs (see :mod:`engine.game.flow`; the prelude's
#: exchange_three / declare_void are :data:`engine.game.prelude.PHASE_TYPES`).
PHASE_TYPES = ("auto", "mahjong_turn", "opening_wins")
DEAL_ACTIONS = ("deal_cards", "deal_cards_with_flowers")
SETTLE_ACTIONS = ("calculate_scores",)
END_TYPES = ("player_wins", "deck_exhausted", "one_player_left")
END_ACTIONS = ("settle", "draw_game")
PRIORITY_POLICIES = ("highest_wins", "all_winners")
#: ``others_reaction.stay_kong``: may a 血流成河 winner who stays kong (only when the waits stay the same).
STAY_KONGS = ("none", "keep_waits")
TURN_ORDERS = ("counter_clockwise", "clockwise")
FU_FLAG = ("dirty_flag", "can_win_but_pass", "next_discard_self", "block_win_on_current_tile")


def problems(rules: Rules) -> list[Problem]:
    """Every problem of ``rules`` the engine would otherwise ignore or fail on mid-game, in file order."""
    out: list[Problem] = []
    out += _requires(rules)
    out += _fans(rules)
    out += _phases(rules)
    out += _play(rules)
    out += _scoring(rules)
    out += _declarations(rules)
    out += payment_problems(rules)
    out += table_problems(rules)
    from engine.fans import hand_value

    out += hand_value.problems(rules)
    return out


def table_problems(rules: Rules) -> list[Problem]:
    """``reveal`` and ``table_events`` (:mod:`engine.table_rules`), the immediate wins' conditions, and every
    ``tagged(名)`` an expression names that no ``reveal[].kinds`` declares."""
    import re

    from engine import table_rules
    from engine.game.events import condition_problems

    out = table_rules.problems(rules) + condition_problems(rules)
    kinds = set(table_rules.kind_names(rules))
    texts = [(("win_condition", "require", i), t) for i, t in enumerate(rules.win_condition.require)]
    texts += [(("tile_restrictions", i, "tiles"), r.tiles) for i, r in enumerate(rules.tile_restrictions)]
    texts += [(("fan_types", i, "when"), f.when) for i, f in enumerate(rules.fans) if f.when]
    texts += [(("fan_types", i, "per"), f.per) for i, f in enumerate(rules.fans) if f.per]
    texts += [(("table_events", "instant_wins", i, "when"), w.when)
              for i, w in enumerate(rules.table_events.instant_wins) if w.when]
    for path, text in texts:
        for m in re.finditer(r"tagged\(\s*([^)\s]+)\s*\)", text):
            if m.group(1) not in kinds:
                out.append(Problem(path, f"tagged({m.group(1)})：reveal 中没有声明名为 {m.group(1)} 的牌",
                                   m.start(1), "在 reveal[].kinds 中声明它，或改成已声明的名称："
                                   + ("、".join(sorted(kinds)) or "（无）")))
    return out


def payment_problems(rules: Rules) -> list[Problem]:
    """Every ``payments`` formula compiled: a bad word, parameter or expression, with its column and a hint."""
    from engine.payments.compile import PaymentError, compile_payment

    out = []
    for i, payment in enumerate(rules.payments):
        try:
            compile_payment(payment)
        except PaymentError as exc:
            err = exc.error
            out.append(Problem(("payments", i, exc.field), exc.message, err.position if err else -1,
                               err.hint if err else ""))
    return out


def _declarations(rules: Rules) -> list[Problem]:
    from engine.game.declarations import problems as declaration_problems

    return declaration_problems(rules)


def _requires(rules: Rules) -> list[Problem]:
    from engine.capabilities import registry

    known = registry()
    listed = list(rules.raw.get("requires") or ())
    return [Problem(("requires", i), f"引擎没有注册能力 {cap}") for i, cap in enumerate(listed) if cap not in known]


def _fans(rules: Rules) -> list[Problem]:
    from engine.fans import FAN_CONDITIONS, lookup, validate

    out = []
    from engine import declared as D
    from engine.fans.library import unit_from_row
    from engine.lang import ExprError

    for i, spec in enumerate(rules.fans):
        if spec.when:  # the file's own definition
            try:
                unit_from_row(spec.name, spec.when, spec.per, D.shape_names(rules))
            except ExprError as exc:
                key = "per" if spec.per and exc.text == spec.per else "when"
                out.append(Problem(("fan_types", i, key), exc.message, exc.position, exc.hint))
        elif spec.composite_of:  # a composite is the file's own name for its parts (engine.fans.composite)
            for j, part in enumerate(spec.composite_of):
                if lookup(part) is None and not any(f.name == part and f.when for f in rules.fans):
                    out.append(Problem(("fan_types", i, "composite_of", j), f"引擎不认识组合番的组成番型 {part}（见 docs/fans.md）"))
        elif lookup(spec.name) is None:
            out.append(Problem(("fan_types", i, "name"), f"引擎不认识番型 {spec.name}（见 docs/fans.md）"))
        if spec.condition and spec.condition not in FAN_CONDITIONS:
            out.append(Problem(("fan_types", i, "condition"), f"引擎不认识番型条件 {spec.condition}"))
    out += list(D.declared(rules).problems)
    out += [Problem(g.steps, g.message) for g in validate(rules)]
    declared = rules.fan_names
    for j, name in enumerate(rules.win_condition.pair_258_exempt_fans):
        if name not in declared:
            out.append(Problem(("win_condition", "pair_258_exempt_fans", j), f"番型 {name} 不在 fan_types 中"))
    return out


def _phases(rules: Rules) -> list[Problem]:
    from engine.game import prelude

    out = []
    index: dict[str, int] = {}
    for i, p in enumerate(rules.phases):
        if p.name in index:
            out.append(Problem(("phases", i, "name"), f"阶段名 {p.name} 重复"))
        index.setdefault(p.name, i)
        if p.type in prelude.PHASE_TYPES:
            problem = prelude.check_phase(p, i, rules.players)
            if problem:
                out.append(problem)
        elif p.type not in PHASE_TYPES:
            out.append(Problem(("phases", i, "type"), f"引擎不支持阶段类型 {p.type}"))
        elif p.type == "auto" and p.action not in DEAL_ACTIONS + SETTLE_ACTIONS:
            out.append(Problem(("phases", i, "action"), f"引擎不支持自动动作 {p.action or '（空）'}"))
        elif p.type == "opening_wins":
            from engine.game.opening import phase_problems

            out += [Problem(("phases", i, *steps), message) for steps, message in phase_problems(p)]
    for i, p in enumerate(rules.phases):
        if p.next is not None and p.next not in index:
            out.append(Problem(("phases", i, "next"), f"下一个阶段 {p.next} 不存在"))
    # Follow ``next`` from the first phase: the chain must end (next: null) without coming back.
    seen: list[str] = []
    phase = rules.phases[0] if rules.phases else None
    while phase is not None:
        if phase.name in seen:
            loop = " → ".join(seen[seen.index(phase.name):] + [phase.name])
            out.append(Problem(("phases", index[phase.name], "next"), f"阶段图没有终点（循环：{loop}）；最后一个阶段的 next 应为 null"))
            break
        seen.append(phase.name)
        nxt = phase.next
        phase = rules.phases[index[nxt]] if nxt in index else None
    return out


def _play(rules: Rules) -> list[Problem]:
    from engine.game.actions import DISCARD, REACTIONS, SELF_ACTIONS
    from engine.game.action_conditions import ACTION_CONDITIONS

    out = []
    at = next((i for i, p in enumerate(rules.phases) if p.type == "mahjong_turn"), 0)
    base = ("phases", at)
    play = rules.play
    for window, options, registry in (("self_action", play.self_actions, SELF_ACTIONS),
                                      ("others_reaction", play.reactions, REACTIONS)):
        for j, o in enumerate(options):
            path = (*base, "sub_phases", window, "options", j)
            if o.action not in registry:
                out.append(Problem((*path, "action"), f"引擎不支持动作 {o.action}"))
            if o.condition and o.condition not in ACTION_CONDITIONS:
                out.append(Problem((*path, "condition"), f"引擎不认识动作条件 {o.condition}"))
    if play.self_actions and not play.self_action(DISCARD):
        out.append(Problem((*base, "sub_phases", "self_action", "options"), "必须列出 discard，否则无法出牌"))
    if play.priority_policy not in PRIORITY_POLICIES:
        out.append(Problem((*base, "sub_phases", "others_reaction", "priority_policy"), f"引擎不支持 {play.priority_policy}"))
    if play.stay_kong not in STAY_KONGS:
        out.append(Problem((*base, "sub_phases", "others_reaction", "stay_kong"), f"引擎不支持 {play.stay_kong}（{' / '.join(STAY_KONGS)}）"))
    if play.turn_order not in TURN_ORDERS:
        out.append(Problem((*base, "turn_order"), f"引擎不支持 {play.turn_order}"))
    if play.on_empty_deck != "exhausted":
        out.append(Problem((*base, "sub_phases", "draw", "on_empty_deck"), f"引擎不支持 {play.on_empty_deck}（仅 exhausted）"))
    if rules.include_flowers and play.on_draw_flower != "replace":
        out.append(Problem((*base, "sub_phases", "draw", "on_draw_flower"), f"引擎不支持 {play.on_draw_flower}（仅 replace）"))
    fu = play.fu_flag
    if fu and (fu.type, fu.set_on, fu.clear_on, fu.effect) != FU_FLAG:
        out.append(Problem((*base, "fu_flag"), "仅支持 " + " / ".join(FU_FLAG)))
    out += _liang_dao(rules)
    names = {p.name for p in rules.phases}
    for i, cond in enumerate(play.end_conditions):
        if cond.get("type") not in END_TYPES:
            out.append(Problem((*base, "end_conditions", i, "type"), f"引擎不支持结束条件 {cond.get('type')}"))
        if cond.get("action") not in END_ACTIONS and cond.get("action") not in names:
            out.append(Problem((*base, "end_conditions", i, "action"), f"结束动作 {cond.get('action')} 既不是 settle / draw_game 也不是阶段名"))
    return out


def _liang_dao(rules: Rules) -> list[Problem]:
    from engine.game.liangdao import EXPOSE, KONGS

    out = []
    if rules.liang_dao.expose not in EXPOSE:
        out.append(Problem(("liang_dao", "expose"), f"引擎不支持 {rules.liang_dao.expose}（{' / '.join(EXPOSE)}）"))
    if rules.liang_dao.kongs not in KONGS:
        out.append(Problem(("liang_dao", "kongs"), f"引擎不支持 {rules.liang_dao.kongs}（{' / '.join(KONGS)}）"))
    return out


def _scoring(rules: Rules) -> list[Problem]:
    from engine.game.hooks import HOOK_CONDITIONS
    from engine.settlement import HOOKS

    out = []
    if rules.scoring.mode not in SUPPORTED_SCORING_MODES:
        out.append(Problem(("scoring", "mode"), f"引擎不支持计分方式 {rules.scoring.mode}"))
    for i, hook in enumerate(rules.scoring.pre_hooks):
        if hook.name not in HOOKS:
            out.append(Problem(("scoring", "pre_hooks", i, "name"), f"引擎没有结算钩子 {hook.name}"))
        if hook.condition and hook.condition not in HOOK_CONDITIONS:
            out.append(Problem(("scoring", "pre_hooks", i, "condition"), f"引擎不认识钩子条件 {hook.condition}"))
    return out


_CHECKED = memo.table("validation.checked")


def ensure_valid(rules: Rules) -> None:
    """Raise :class:`RulesError` listing every problem of ``rules`` (remembered per rules value)."""
    if rules in _CHECKED:
        return
    found = problems(rules)
    if found:
        raise RulesError.of(found)
    _CHECKED[rules] = True
