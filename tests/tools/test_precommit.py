"""The repository's ``.pre-commit-hooks.yaml``, run by the real ``pre-commit try-repo``.

A studio's repository (a temporary git repository with one good and one bad rule
file staged) runs the hooks of this repository. The hooks are published with
``language: python`` (pre-commit builds a virtualenv and installs dslgen from the
pinned ``rev``, which needs PyPI); to stay offline and fast the test runs a copy of
the same hook definitions with ``language: system`` (pre-commit's "use what is on
PATH", the set-up the README documents for studios that already install dslgen)
and puts this checkout's ``dslgen`` first on ``PATH``. Ids, entries, ``files``
patterns and ``pass_filenames`` are the published ones.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / ".pre-commit-hooks.yaml"
GOOD = ROOT / "tests" / "checks" / "base.yaml"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _hooks() -> list[dict]:
    return YAML(typ="safe").load(HOOKS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    """Environment: this checkout's ``dslgen`` first on PATH, a private pre-commit cache, a git identity."""
    tmp = tmp_path_factory.mktemp("precommit-env")
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    script = bin_dir / "dslgen"
    script.write_text(
        f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from dslgen.cli import main\nsys.exit(main())\n",
        encoding="utf-8",
    )
    script.chmod(0o755)
    out = dict(os.environ)
    out.update(
        PATH=f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{out.get('PATH', '')}",
        PRE_COMMIT_HOME=str(tmp / "cache"),
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
        GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid",
        NO_COLOR="1",
    )
    out.pop("PYTHONPATH", None)
    return out


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> Path:
    """A git repository holding this repository's hooks, switched to ``language: system``."""
    repo = tmp_path_factory.mktemp("hooks")
    hooks = _hooks()
    for hook in hooks:
        hook["language"] = "system"
    yaml = YAML()
    with (repo / ".pre-commit-hooks.yaml").open("w", encoding="utf-8") as fh:
        yaml.dump(hooks, fh)
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "hooks")
    return repo


@pytest.fixture
def studio(tmp_path) -> Path:
    """A studio repository with ``rules/good.yaml`` and ``rules/bad.yaml`` staged, plus an unrelated YAML file."""
    repo = tmp_path / "studio"
    (repo / "rules").mkdir(parents=True)
    text = GOOD.read_text(encoding="utf-8")
    (repo / "rules" / "good.yaml").write_text(text, encoding="utf-8")
    (repo / "rules" / "bad.yaml").write_text(text.replace("fan_stacking: add\n", "fan_stacking: addd\n"), encoding="utf-8")
    (repo / "ci.yml").write_text("not: a rule file\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    return repo


def _try(studio: Path, hook_repo: Path, env: dict[str, str], hook: str, *files: str):
    args = [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), hook, "--verbose"]
    args += ["--files", *files] if files else ["--all-files"]
    return subprocess.run(args, cwd=studio, env=env, capture_output=True, text=True, timeout=120)


def test_published_hooks_are_the_three_with_python_language():
    hooks = {h["id"]: h for h in _hooks()}
    assert set(hooks) == {"dslgen-validate", "dslgen-check", "dslgen-catalog-verify"}
    assert all(h["language"] == "python" for h in hooks.values())
    assert hooks["dslgen-catalog-verify"]["pass_filenames"] is False


@pytest.mark.parametrize("hook", ["dslgen-validate", "dslgen-check"])
def test_hook_fails_on_the_bad_file_and_names_it(studio, hook_repo, env, hook):
    result = _try(studio, hook_repo, env, hook)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "rules/bad.yaml:" in output and "addd" in output
    assert "ci.yml" not in output  # only rule files are passed to the hook


@pytest.mark.parametrize("hook", ["dslgen-validate", "dslgen-check"])
def test_hook_passes_on_the_good_file(studio, hook_repo, env, hook):
    result = _try(studio, hook_repo, env, hook, "rules/good.yaml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Passed" in result.stdout


def test_catalog_verify_hook_checks_the_studio_catalog(tmp_path, hook_repo, env):
    repo = tmp_path / "studio"
    catalog = repo / "dsl-examples"
    (catalog / "approvals").mkdir(parents=True)
    shutil.copy(ROOT / "dsl-examples" / "hongzhong_laizi.yaml", catalog / "hongzhong_laizi.yaml")
    shutil.copy(ROOT / "dsl-examples" / "approvals" / "hongzhong_laizi.json", catalog / "approvals" / "hongzhong_laizi.json")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    ok = _try(repo, hook_repo, env, "dslgen-catalog-verify")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    with (catalog / "hongzhong_laizi.yaml").open("a", encoding="utf-8") as fh:
        fh.write("# edited after approval\n")
    _git(repo, "add", ".")
    bad = _try(repo, hook_repo, env, "dslgen-catalog-verify")
    assert bad.returncode == 1 and "hongzhong_laizi" in bad.stdout, bad.stdout + bad.stderr
