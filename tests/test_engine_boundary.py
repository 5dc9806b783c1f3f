"""The engine is a pure library: standard library and itself only, no I/O."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
#: Standard-library modules that would let the engine do I/O or reach a network.
FORBIDDEN_STDLIB = {"socket", "subprocess", "urllib", "http", "shutil", "tempfile", "sqlite3"}


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def test_engine_imports_only_stdlib_and_itself():
    offenders = []
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "engine/ has no modules"
    for path in files:
        for line, name in _imports(path):
            top = name.split(".")[0]
            ok = top == "engine" or (top in sys.stdlib_module_names and top not in FORBIDDEN_STDLIB)
            if not ok:
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{line}: import {name}")
    assert not offenders, "engine/ must stay a pure library:\n" + "\n".join(offenders)


def test_engine_never_opens_files():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"open", "input", "print"}:
                offenders.append(f"{path.name}:{node.lineno}: {node.func.id}()")
    assert not offenders, "engine/ performs no I/O:\n" + "\n".join(offenders)


def test_import_linter_contract_holds():
    """The same boundary as declared in pyproject.toml, checked by import-linter."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ENGINE.parent / "pyproject.toml")) == 0


def test_state_machine_never_imports_simulation():
    """``engine.game`` is the state machine; bots, plans and whole games (``engine.simulation``) build on it."""
    offenders = []
    for path in sorted((ENGINE / "game").rglob("*.py")):
        for line, name in _imports(path):
            if name == "engine.simulation" or name.startswith("engine.simulation."):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{line}: import {name}")
    assert not offenders, "engine.game must not import engine.simulation:\n" + "\n".join(offenders)
