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
