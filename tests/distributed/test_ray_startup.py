"""Issue 30 item 7: Ray failing to start (a start-up timeout on a loaded machine) is an environment error
with a hint, not 'a bug in dslgen'. Ray itself is replaced by a stand-in that fails the way Ray does, so
this runs whether or not Ray is installed, and starts no process."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def _failing_ray(error: BaseException) -> types.ModuleType:
    ray = types.ModuleType("ray")
    ray.is_initialized = lambda: False

    def init(**_kwargs):
        raise error

    ray.init = init
    return ray


@pytest.mark.parametrize("error", [
    Exception("The current node timed out during startup. This could happen because some of the raylet failed "
              "to startup or the GCS has become overloaded."),
    TimeoutError("Timed out while waiting for the GCS to start"),
])
@pytest.mark.parametrize("address", [None, "127.0.0.1:6379"])
def test_a_ray_start_up_timeout_is_an_environment_error_with_a_hint(monkeypatch, error, address):
    from dslgen.backends import ray_cluster

    monkeypatch.setitem(sys.modules, "ray", _failing_ray(error))
    monkeypatch.setattr(ray_cluster, "_start_watchdog", lambda: None)
    monkeypatch.delenv("DSLGEN_DEBUG", raising=False)
    args = ["simulate", str(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"), "--games", "16", "--jobs", "2",
            "--backend", "ray"] + (["--address", address] if address else [])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "内部错误" not in result.output and "缺陷" not in result.output and "读写失败" not in result.output
    assert "超时" in result.output and "--address" in result.output and "--jobs" in result.output
    assert "重试" in result.output


def test_any_other_start_up_failure_is_an_environment_error_too(monkeypatch):
    from dslgen.backends import ray_cluster

    monkeypatch.setitem(sys.modules, "ray", _failing_ray(Exception("Failed to start the raylet")))
    monkeypatch.setattr(ray_cluster, "_start_watchdog", lambda: None)
    result = CliRunner().invoke(cli, ["simulate", str(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"), "--games",
                                      "16", "--jobs", "2", "--backend", "ray"])
    assert result.exit_code == 2 and "内部错误" not in result.output and "Ray" in result.output, result.output
