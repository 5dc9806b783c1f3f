"""The distribution installs as a package: a wheel built from this checkout, installed in a fresh
virtual environment, runs ``validate``, ``check``, ``hand`` and ``new`` from an unrelated folder.

Offline by construction: the wheel is built without build isolation (setuptools is a dev
dependency) and installed with ``--no-index --no-deps``; the fresh environment reaches the
dependencies (click, ruamel.yaml, ...) through a ``.pth`` line naming this interpreter's
site-packages, whose own ``.pth`` files (an editable install of the checkout) are not executed.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "dslgen", "engine", "docs", "schemas", "prompts", "dsl-examples")

pytestmark = pytest.mark.slow


def _run(args, cwd, env=None, ok=(0,)):
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode in ok, f"{args}\nrc={proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv with the wheel installed; returns (venv bin folder, clean environment)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, symlinks=True, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    dist = tmp / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps", "--no-index",
          "-w", str(dist), str(src)], cwd=tmp)
    wheel = next(dist.glob("dslgen-*.whl"))

    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=tmp)
    py = venv / "bin" / "python"
    purelib = _run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp).stdout.strip()
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(purelib, "_dslgen_test_deps.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", "--no-index", "--no-deps",
          str(wheel)], cwd=tmp)

    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "DSLGEN_CATALOG", "OPENAI_API_KEY", "DSLGEN_CONFIG", "VIRTUAL_ENV")}
    env["HOME"] = str(tmp / "home")
    return venv / "bin", env


@pytest.fixture()
def workdir(tmp_path):
    """An empty folder outside the checkout with a designer's copy of a catalog file."""
    shutil.copy2(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml", tmp_path / "mine.yaml")
    return tmp_path


def test_wheel_ships_its_data_and_runs_from_any_folder(installed, workdir):
    bin_dir, env = installed
    probe = _run([str(bin_dir / "python"), "-c",
                  "import json, dslgen, engine, dslgen.resources as r; print(json.dumps("
                  "[dslgen.__file__, engine.__file__, str(r.SPEC_PATH), str(r.SCHEMA_DIR), str(r.PROMPTS_DIR),"
                  " str(r.CATALOG_DIR)]))"], cwd=workdir, env=env)
    venv_root = bin_dir.parent.resolve()
    paths = [Path(p).resolve() for p in json.loads(probe.stdout)]
    for path in paths:
        assert venv_root in path.parents, f"{path} is not inside the installed package"
        assert path.exists()
    assert not any(p.is_symlink() for p in paths)
    assert sorted(p.name for p in paths[5].glob("*.yaml")) == sorted(p.name for p in (ROOT / "dsl-examples").glob("*.yaml"))

    shipped = _run([str(bin_dir / "python"), "-c",
                    "from engine.solver import suit_data as s; print(len(s.decode(s.read())[1]))"], cwd=workdir, env=env)
    assert int(shipped.stdout) == 405350  # the solver's suit tables ship with the engine

    dslgen = str(bin_dir / "dslgen")
    _run([dslgen, "validate", "mine.yaml"], cwd=workdir, env=env)
    _run([dslgen, "check", "mine.yaml"], cwd=workdir, env=env)
    hand = _run([dslgen, "hand", "mine.yaml", "123m456m789m123p55p", "--json"], cwd=workdir, env=env)
    assert json.loads(hand.stdout)
    new = _run([dslgen, "new", "四川血战到底，缺一门，最少一番起胡", "--provider", "offline", "--games", "50",
                "--jobs", "1", "--out", "draft", "--json"], cwd=workdir, env=env)
    result = json.loads(new.stdout)
    assert (workdir / "draft").is_dir()
    assert result
    # A designer's own catalog still works through --catalog.
    own = workdir / "own"
    own.mkdir()
    shutil.copy2(workdir / "mine.yaml", own / "mine.yaml")
    listing = _run([dslgen, "catalog", "list", "--catalog", "own", "--json"], cwd=workdir, env=env, ok=(0, 1))
    assert "mine" in listing.stdout
