"""Expression checks: every expression compiles, and a defined fan is neither impossible nor automatic."""

from __future__ import annotations

import random
from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check

#: hands sampled per file for C206, and the seed (the check is deterministic)
SAMPLES = 400
SEED = 20261201
#: names the sampled hands hold fixed (concealed four sets and a pair: no melds, kongs or flowers), so a fan
#: reading them is neither judged "never" nor "always" from the samples
UNSAMPLED_NAMES = frozenset({"flowers", "kongs", "konged", "melds", "ponged", "open_melds", "declared_melds"})
#: built-in shapes other than the standard one: the samples are standard hands, like a file's own shapes
UNSAMPLED_SHAPES = ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight", "all_258")


def _rules(ctx: RuleContext):
    """The engine's rules for the file, built without validation (None when they cannot be built)."""
    if "rules" not in ctx._cache:
        from engine.rules import Rules, RulesError

        try:
            ctx._cache["rules"] = Rules.from_dict(ctx.data, validate=False)
        except (RulesError, TypeError, ValueError, KeyError, AttributeError):
            ctx._cache["rules"] = None
    return ctx._cache["rules"]


@check("C205", "expression-invalid", "error")
def expression_invalid(ctx: RuleContext) -> Iterator[Problem]:
    """表达式写错了

    ``fan_types[].when`` / ``per``、``win_condition.require``、``win_condition.shapes[].when`` 和
    ``tile_restrictions[].tiles`` 是第 22 节的表达式。未知的名字（附“是否想写”）、参数类型不对（把牌集
    当成条件）、括号不配对、超过长度或嵌套上限的表达式都在这里报告，位置指向表达式里出错的字符。
    写错的自定义番型永远不成立，写错的和牌条件、牌型和限制不生效。

    修复：按提示改正；可用的名字见 ``docs/expressions.md``。
    """
    rules = _rules(ctx)
    if rules is None:
        return
    from engine.declared import declared, shape_names
    from engine.fans.library import unit_from_row
    from engine.lang import ExprError

    for i, spec in enumerate(rules.fans):
        if not spec.when:
            continue
        try:
            unit_from_row(spec.name, spec.when, spec.per, shape_names(rules))
        except ExprError as exc:
            key = "per" if spec.per and exc.text == spec.per else "when"
            yield Problem(("fan_types", i, key), f"番型 {spec.name} 的表达式：{exc.message}", exc.hint,
                          {"offset": exc.position, "expr": exc.text})
    for p in declared(rules).problems:
        where = {"offset": p.column, "expr": _text_at(ctx, p.steps)} if p.column >= 0 else {}
        yield Problem(tuple(p.steps), p.message, p.hint, where)


def _text_at(ctx: RuleContext, steps: tuple) -> str:
    """The value at ``steps`` of the file's data, as text ("" when absent)."""
    node = ctx.data
    for step in steps:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return ""
    return node if isinstance(node, str) else ""


def _sample_contexts(rules, n: int):
    """``n`` random winning hands of ``rules`` as (WinContext, decompositions): four sets and a pair from the
    deck's kinds, some tiles replaced by the variant's wild tiles, random circumstances."""
    from engine import solver
    from engine.fans import WinContext
    from engine.game import cache

    rng = random.Random(SEED)
    kinds = [t for t in rules.tile_kinds]
    suited = [t for t in kinds if t < 30 and t % 10 <= 7]
    wild = []
    if rules.wildcard and rules.wildcard.type == "fixed":
        wild = list(rules.wildcard.tiles)
    elif rules.wildcard:
        wild = [rng.choice(kinds)]
    tags, revealed = _sample_reveals(rules, rng, kinds, wild)
    shapes = solver.shapes_for(rules)
    from engine.game.declarations import specs as declaration_specs

    specs = declaration_specs(rules)
    out = []
    tries = 0
    while len(out) < n and tries < n * 5:
        tries += 1
        tiles = [rng.choice(kinds)] * 2
        for _ in range(rules.win_size // 3):
            if suited and rng.random() < 0.6:
                t = rng.choice(suited)
                tiles += [t, t + 1, t + 2]
            else:
                tiles += [rng.choice(kinds)] * 3
        if any(tiles.count(t) > 4 for t in set(tiles)):
            continue
        if wild:
            for _ in range(rng.choice((0, 0, 1, 2, 3, 4))):
                tiles[rng.randrange(len(tiles))] = wild[0]
        win = rng.choice(tiles)
        counts, wilds = cache.split(tiles, frozenset(wild))
        if not solver.decompositions(counts, wilds, (), shapes):
            continue
        ctx = WinContext(tuple(tiles), (), win, frozenset(wild), self_drawn=rng.random() < 0.4,
                         last_tile=rng.random() < 0.1, first_turn=rng.random() < 0.05,
                         robbing_kong=rng.random() < 0.05, seat=rng.randrange(rules.players), dealer=0,
                         tags=tags, revealed=revealed)
        if specs:
            ctx = _with_declarations(ctx, specs, rules.players, rng)
        out.append(ctx)
    return out


def _with_declarations(ctx, specs, players: int, rng: random.Random):
    """``ctx`` with sampled declarations (each seat makes each one with probability 0.4) and a discarder."""
    import dataclasses

    made = tuple(tuple((d.name, rng.choice([c for c in d.choices if c] or [1]) if d.at == "start" else 1)
                       for d in specs if rng.random() < 0.4) for _ in range(players))
    others = [s for s in range(players) if s != ctx.seat]
    return dataclasses.replace(ctx, declarations=made,
                               discarder=None if ctx.self_drawn or not others else rng.choice(others))


def _sample_reveals(rules, rng: random.Random, kinds: list, wild: list) -> tuple[tuple, tuple]:
    """For a file with ``reveal``: one random flip per opening moment, the kinds it tags, and its wild
    tiles appended to ``wild`` (no random draw at all for a file without ``reveal``)."""
    from engine.game.reveal import tagged_tile

    tags, revealed = [], []
    for entry in rules.reveals:
        if entry.at == "after_hand":
            continue
        flipped = rng.choice(kinds)
        revealed.append((entry.at, (flipped,)))
        for kind in entry.kinds:
            codes = tuple(dict.fromkeys(tagged_tile(flipped, k) for k in kind.offsets))
            tags.append((kind.name, codes))
            if kind.wild:
                wild.extend(t for t in codes if t not in wild)
    return tuple(tags), tuple(revealed)


@check("C206", "fan-never-or-always", "warning")
def fan_never_or_always(ctx: RuleContext) -> Iterator[Problem]:
    """自定义番型在抽样的和牌中从不成立，或者总是成立

    对每个用 ``when`` 定义的番型，抽样几百手随机和牌（含癞子、自摸、海底等情形）求值：一次都不成立的
    定义多半写错了（或是极少见的番，请核对）；每手都成立的定义等于给每次和牌加番，多半也是写错了。
    只看本文件声明的牌型（``shape(名字)``）或标准和以外的牌型（七对、十三幺……）的番型不做“从不成立”的判断，
    因为随机的标准和牌不会是那种牌型；看副露、杠或花牌的番型两种判断都不做，因为抽样的和牌没有副露、杠和花牌。

    修复：核对表达式，用 ``dslgen hand`` 试几手牌。
    """
    rules = _rules(ctx)
    if rules is None or not any(spec.when for spec in rules.fans):
        return
    from engine import solver
    from engine.declared import shape_names
    from engine.fans import HandFacts
    from engine.fans.library import unit_from_row
    from engine.game import cache
    from engine.lang import ExprError
    from engine import tiles as T

    from engine import lang

    units = []
    for i, spec in enumerate(rules.fans):
        if spec.when:
            try:
                unit = unit_from_row(spec.name, spec.when, spec.per, shape_names(rules))
                names = lang.compile_expression(spec.when, lang.BOOL, words=shape_names(rules)).names
            except ExprError:
                continue
            if not names & UNSAMPLED_NAMES:
                units.append((i, spec, unit))
    if not units:
        return
    samples = _sample_contexts(rules, SAMPLES)
    if not samples:
        return
    shapes = solver.shapes_for(rules)
    hits = {i: 0 for i, _, _ in units}
    example: dict[int, str] = {}
    for wctx in samples:
        counts, wilds = cache.split(wctx.concealed, wctx.wild_codes)
        d = solver.decompositions(counts, wilds, (), shapes)[0]
        facts = HandFacts(wctx, d)
        for i, spec, unit in units:
            try:
                hit = unit.test(facts)
            except (IndexError, ValueError, KeyError):
                hit = False
            if hit:
                hits[i] += 1
                example.setdefault(i, T.format_tiles(sorted(wctx.concealed)))
    declared_shapes = set(shape_names(rules)) | {f"shape({name})" for name in UNSAMPLED_SHAPES}
    for i, spec, unit in units:
        n = hits[i]
        if n == len(samples):
            yield Problem(("fan_types", i, "when"), f"番型 {spec.name} 在抽样的 {n} 手和牌中每一手都成立（例如 {example[i]}）",
                          "这等于给每次和牌加番：核对 when 的条件", {"samples": n})
        elif n == 0 and not any(name in spec.when for name in declared_shapes) and not _example(ctx, i):
            yield Problem(("fan_types", i, "when"), f"番型 {spec.name} 在抽样的 {len(samples)} 手和牌中一次都不成立",
                          "核对 when 的条件（极少见的番可以忽略此提示），用 dslgen hand 试一手", {"samples": len(samples)})


def _example(ctx: RuleContext, i: int) -> str:
    """``fan_types[i].example`` ("" when absent)."""
    return _text_at(ctx, ("fan_types", i, "example"))


@check("C207", "fan-example-fails", "error")
def fan_example_fails(ctx: RuleContext) -> Iterator[Problem]:
    """番型的例子（``example``）不成立

    ``fan_types[].example`` 写一手成立本番的和牌（``dslgen hand`` 的参数写法）。按本文件计分，这手牌必须是合法
    和牌且计入本番；写错的牌、不是和牌、或本番没有计入（没成立、被排除）都报告。

    修复：改正例子或番型的定义，用 ``dslgen hand 文件 例子`` 查看这手牌的计分。
    """
    rules = _rules(ctx)
    if rules is None:
        return
    for i, fan in enumerate(ctx.data.get("fan_types") or []):
        text = _example(ctx, i)
        if not text:
            continue
        why = _example_failure(rules, fan.get("name"), text)
        if why:
            yield Problem(("fan_types", i, "example"), f"番型 {fan.get('name')} 的例子 {text!r} {why}",
                          "改正例子或 when，用 dslgen hand 试这手牌")


def _example_failure(rules, name, text: str) -> str:
    """Why the example does not show the fan ("" when it does)."""
    from dslgen.commands.hand import _batch_args
    from dslgen.errors import DslgenError
    from dslgen.handreport.shape import hand_report

    class _File:  # the loaded rule file hand_report reads
        def __init__(self, rules):
            self.rules = rules

    try:
        _, tiles, win, melds, scoring = _batch_args(f"RULES {text}", 1, "example")
        report = hand_report(_File(rules), tiles, win, melds, scoring)
    except (DslgenError, ValueError) as exc:
        return f"无法计分：{getattr(exc, 'message', str(exc))}"
    if not report.get("win"):
        return "不是和牌"
    if not report.get("legal"):
        return f"不是合法和牌（{report.get('reason')}）"
    if name not in {f["name"] for f in report.get("fans") or []}:
        dropped = {d["name"]: d["reason"] for d in report.get("dropped") or []}
        return f"没有计入本番（{dropped[name]}）" if name in dropped else "没有计入本番"
    return ""
