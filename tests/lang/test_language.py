"""The hand-expression language: syntax, names, types, bounds, worked hands and a fuzz of generated expressions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from dslgen.cli import cli
from engine import lang
from engine.lang import ExprError, compile_expression

HERE = Path(__file__).parent
BASE = HERE / "rules" / "sanjindao.yaml"
CASES = YAML(typ="safe").load((HERE / "cases.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("text, want", [
    ("none(hand, honor) and suits(hand) == 1", "bool"),
    ("count(hand, [1m, 9m, 东]) >= 3", "bool"),
    ("pungs(dragon | wind) + 1", "int"),
    ("kinds(hand, copies=2) == 7", "bool"),
    ("series(chow, 3, step=1, suits=distinct)", "bool"),
    ("not (self_drawn or robbing_kong)", "bool"),
    ("count(held, wild) - 1 >= 2", "bool"),
])
def test_valid_expressions_compile(text, want):
    assert compile_expression(text, want).type == want


@pytest.mark.parametrize("text, column, fragment, hint", [
    ("cout(hand) >= 3", 0, "未知的名字 'cout'", "是否想写 count"),
    ("count(helt, wild) >= 3", 6, "未知的名字 'helt'", "是否想写 held"),
    ("series(chow, 3, 0, distnct)", 19, "不能是 'distnct'", "是否想写 distinct"),
    ("count(hand, 5) >= 3", 12, "需要牌集", ""),
    ("count(hand) >", 13, "应当是一个值", ""),
    ("dragon", 0, "需要真假值", ""),
    ("1 < count(hand) < 5", 16, "比较不能连写", "a <= x and x <= b"),
    ("count(hand, dragon", 18, "应当是 ')'", ""),
    ("count(hand, 东南)", 12, "未知的名字 '东南'", ""),
    ("series(chow, count(hand), 0)", 13, "必须是写定的数字", ""),
])
def test_errors_name_the_column_and_give_a_hint(text, column, fragment, hint):
    with pytest.raises(ExprError) as err:
        compile_expression(text)
    assert err.value.position == column, err.value
    assert fragment in err.value.message
    assert hint in err.value.hint


def test_sizes_are_bounded_at_parse_time():
    with pytest.raises(ExprError, match="过长"):
        compile_expression("self_drawn or " * 200 + "self_drawn")
    with pytest.raises(ExprError, match="过深"):
        compile_expression("(" * 60 + "self_drawn" + ")" * 60)
    with pytest.raises(ExprError, match="过大"):
        compile_expression("1+" * 300 + "1 > 0")


def test_a_declared_shape_may_only_read_tiles():
    with pytest.raises(ExprError, match="不能用在"):
        compile_expression("self_drawn and count(hand) == 14", scope=lang.PATTERN)
    assert compile_expression("count(hand) + wilds == 14", scope=lang.PATTERN).type == "bool"


def _fan_file(tmp_path: Path, when: str) -> Path:
    text = BASE.read_text(encoding="utf-8").replace('count(held, wild) >= 3', when.replace('"', '\\"'))
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("case", CASES, ids=[f"{c['when']}|{c['hand']}" for c in CASES])
def test_worked_hands(tmp_path, case):
    path = _fan_file(tmp_path, case["when"])
    args = ["hand", str(path), case["hand"], "--json"]
    if "win" in case:
        args += ["--win", case["win"]]
    if "from" in case:
        args += ["--from", str(case["from"])]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 1), result.output
    import json

    report = json.loads(result.output)
    names = [f["name"] for f in report["fans"]]
    assert ("三金倒" in names) == case["counts"], report["fans"]
    if case["counts"]:
        assert report["fans"][[f["name"] for f in report["fans"]].index("三金倒")]["definition"].startswith("本文件定义")


def _random_expression(rng: random.Random, depth: int = 0) -> str:
    """A random string made of the language's own pieces, often ill-typed or broken on purpose."""
    atoms = list(lang.VOCABULARY) + ["1", "14", "5m", "东", "[1m, 9m]", "true", "hand", "(", ")", ",", "==", "x"]
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(atoms)
    pick = rng.random()
    if pick < 0.3:
        name = rng.choice(list(lang.VOCABULARY))
        args = ", ".join(_random_expression(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return f"{name}({args})"
    if pick < 0.7:
        op = rng.choice(["and", "or", "==", ">=", "+", "-", "|", "&", "<"])
        return f"{_random_expression(rng, depth + 1)} {op} {_random_expression(rng, depth + 1)}"
    if pick < 0.8:
        return "not " + _random_expression(rng, depth + 1)
    return "(" + _random_expression(rng, depth + 1) + ")"


def test_fuzz_generated_expressions_raise_only_expression_errors_and_evaluate_safely():
    """3,000 generated expressions: each either compiles (and then evaluates on real hands without an error)
    or raises ExprError; nothing else escapes."""
    from engine import fans
    from engine.fans import HandFacts, WinContext
    from engine.game import cache
    from engine.rules import Rules
    from engine import solver
    from dslgen.rulefile.yamlio import load_yaml_file
    from engine import tiles as T

    rules = Rules.from_dict(load_yaml_file(str(BASE)).data)
    hands = ["123m456m789s55p中中中", "111m222s333p东东东55p", "东东东南南南白白123m789m"]
    facts = []
    for h in hands:
        tiles = T.parse_tiles(h)
        ctx = WinContext(tuple(tiles), (), tiles[-1], frozenset({T.RED}), self_drawn=True)
        counts, wilds = cache.split(tiles, ctx.wild_codes)
        d = solver.decompositions(counts, wilds, (), solver.shapes_for(rules))[0]
        facts.append(HandFacts(ctx, d))
    assert fans is not None
    rng = random.Random(7)
    compiled = 0
    for _ in range(3000):
        text = _random_expression(rng)
        for want in ("bool", "int"):
            try:
                c = compile_expression(text, want)
            except ExprError:
                continue
            compiled += 1
            for f in facts:
                c.fn(f)
    assert compiled > 100  # the generator is not only producing garbage
