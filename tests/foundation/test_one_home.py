"""No default, capability list or gate label exists twice (issue 12, done-when).

AST scans over engine/ and dslgen/: a ``.get(key, literal)`` whose literal is the specification's
documented default for that key is a second copy of the default (read ``engine.defaults.default``
instead); a literal collection naming several registered capability ids is a second capability list
(read ``engine.capabilities``); a gate's Chinese label written outside the judge's registry is a second
label. The fan synonym table has its own scan in tests/generate/test_fan_vocabulary.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.capabilities import registry
from engine.documented_defaults import DEFAULTS

ROOT = Path(__file__).resolve().parents[2]


def _modules():
    for folder in ("engine", "dslgen"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.name != "documented_defaults.py":
                yield path, ast.parse(path.read_text(encoding="utf-8"))


def _defaults_by_key() -> dict[str, list]:
    out: dict[str, list] = {}
    for path, value in DEFAULTS.items():
        if value is None or value == "" or isinstance(value, (list, dict)):
            continue  # "absent" values: .get(key) and .get(key, "") say nothing about the specification
        out.setdefault(path.rsplit(".", 1)[-1], []).append(value)
    return out


def test_no_module_repeats_a_documented_default_as_a_literal_fallback():
    by_key = _defaults_by_key()
    copies = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "setdefault") \
                    and len(node.args) == 2 and all(isinstance(a, ast.Constant) for a in node.args):
                key, value = node.args[0].value, node.args[1].value
                if any(type(value) is type(d) and value == d for d in by_key.get(key, ())):
                    copies.append(f"{path.relative_to(ROOT)}:{node.lineno} {key}={value!r}")
    assert not copies, copies


def test_no_module_keeps_a_second_list_of_capability_ids():
    ids = set(registry())
    lists = []
    for path, tree in _modules():
        if path.name == "capabilities.py":
            continue  # the one table (BASELINE, SHAPE_CAPABILITIES, NEEDS)
        for node in ast.walk(tree):
            elements = node.elts if isinstance(node, (ast.List, ast.Tuple, ast.Set)) else \
                node.keys if isinstance(node, ast.Dict) else []
            named = {e.value for e in elements if isinstance(e, ast.Constant) and e.value in ids}
            if len(named) >= 4:
                lists.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not lists, lists


_PROGRESS = ("progress_bar", "add_task", "TextColumn")


def _called(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def test_gate_labels_are_written_only_in_the_judge():
    from dslgen.judge import registry as gates

    labels = {gates.label(name) for name in gates.names()}
    twice = []
    for path, tree in _modules():
        if path.parent.name == "judge":
            continue
        activity = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call) and _called(node) in _PROGRESS
                    for arg in node.args}  # a progress bar's "模拟对局" names the work being done, not the gate
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in labels and id(node) not in activity:
                twice.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value}")
    assert not twice, twice



def _label_tables(tree: ast.AST, groups: list[set]) -> list[int]:
    """Lines of dict literals that are label tables of one group: two or more of its names, at least half
    of the dict's keys, mapped to Chinese text."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        labelled = {k.value for k, v in zip(node.keys, node.values)
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
                    and isinstance(v.value, str) and not v.value.isascii()}
        if any(len(labelled & group) >= max(2, len(node.keys) / 2) for group in groups):
            lines.append(node.lineno)
    return lines


def test_action_hook_and_enum_labels_are_written_once():
    """An action's or a pre-hook's Chinese name lives in its registry (``register_action``, ``@hook``), an enum
    value's in the specification (``x-enum-descriptions``, read through ``enum_labels``; dslgen only, as the
    engine cannot read the specification): a dict literal elsewhere mapping several of them to Chinese is a
    second copy (the semantic diff and the replay each kept one)."""
    from dslgen.rulefile.schema import enum_labels
    from engine.game.actions import REACTIONS, SELF_ACTIONS
    from engine.settlement import HOOKS

    registries = [set(SELF_ACTIONS) | set(REACTIONS), set(HOOKS)]
    enums = [{v for v in labels if isinstance(v, str) and v.isidentifier() and v.isascii()}
             for labels in enum_labels().values()]
    copies = [f"{path.relative_to(ROOT)}:{line}" for path, tree in _modules()
              for line in _label_tables(tree, registries + (enums if path.relative_to(ROOT).parts[0] == "dslgen" else []))]
    assert not copies, copies


def test_the_coverage_wording_is_written_once():
    """「描述覆盖：已落实 N 条 / 列为缺口 K 条 / 未处理 U 条」 is built by ``dslgen.generate.consistency.coverage_line``:
    `new`'s summary, the three report renderers and the workbench's template each kept a copy (and a fifth in
    the template), so a change of wording reached some of them."""
    from dslgen.generate.consistency import STATUS_WORD

    counted = [f"{word} {{" for word in STATUS_WORD.values()]  # a status word followed by a formatted count
    copies = [f"{path.relative_to(ROOT)}:{node.lineno}" for path, tree in _modules()
              if path.relative_to(ROOT).as_posix() != "dslgen/generate/consistency.py"
              for node in ast.walk(tree)
              if isinstance(node, ast.JoinedStr) and any(c in ast.unparse(node) for c in counted)]
    copies += [str(p.relative_to(ROOT)) for p in (ROOT / "dslgen" / "web" / "templates").glob("*.html")
               if any(f"{word} {{{{" in p.read_text(encoding="utf-8") for word in STATUS_WORD.values())]
    assert not copies, copies
