"""Simulation and batch on the local and Ray backends: same seed, same bytes; faults cost a retry, never a game.

Everything Ray lives in this one file so that, under ``--dist loadfile``, a single
worker owns the machine's Ray processes; the multi-node test runs last.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dslgen import backends, simulation
from dslgen.backends import BackendSpec, faults
from dslgen.errors import UsageError
from dslgen.rulefile import load_rules

ROOT = Path(__file__).resolve().parents[2]
CATALOG = sorted((ROOT / "dsl-examples").glob("*.yaml"))
GAMES = 24  # chunks of one series (8 games): every catalog file, three tasks, still quick

ray = pytest.importorskip("ray")


def _stats(path: Path, games: int = GAMES, *, spec: BackendSpec | None = None, jobs: int = 2) -> str:
    rules = load_rules(str(path)).rules
    with backends.use(spec or BackendSpec()):
        return json.dumps(simulation.run(rules, games, 7, jobs=jobs), sort_keys=True, ensure_ascii=False)


@pytest.fixture(scope="module")
def local_stats():
    return {p.stem: _stats(p, jobs=1) for p in CATALOG}


@pytest.fixture(scope="module")
def ray_local():
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_chunks_depend_on_the_game_count_alone():
    # 50 games a chunk, rounded up to whole series (the dealer and 连庄 carry over inside a series of 8)
    assert simulation.chunks(1000) == [(i, min(1000, i + 56)) for i in range(0, 1000, 56)]
    assert simulation.chunks(5) == [(0, 5)] and simulation.chunks(24) == [(0, 8), (8, 16), (16, 24)]
    assert sum(b - a for a, b in simulation.chunks(1_000_003)) == 1_000_003


def test_local_backend_any_jobs_same_bytes(local_stats):
    path = ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"
    assert _stats(path, jobs=2) == local_stats["sichuan_xuezhan"]


def test_local_worker_killed_mid_run_costs_a_retry_not_a_game(tmp_path, monkeypatch, local_stats):
    marker = tmp_path / "fired"
    monkeypatch.setenv(faults.ENV, f"8:{marker}")
    path = ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"
    assert _stats(path, jobs=2) == local_stats["sichuan_xuezhan"]
    assert marker.exists(), "the fault hook never fired: the test proved nothing"


def test_ray_backend_same_bytes_for_every_catalog_file(ray_local, local_stats):
    for path in CATALOG:
        assert _stats(path, spec=BackendSpec("ray")) == local_stats[path.stem], path.name


def test_ray_worker_killed_mid_run_costs_a_retry_not_a_game(ray_local, tmp_path, monkeypatch, local_stats):
    marker = tmp_path / "fired"
    monkeypatch.setenv(faults.ENV, f"16:{marker}")
    path = ROOT / "dsl-examples" / "guobiao.yaml"
    assert _stats(path, spec=BackendSpec("ray")) == local_stats["guobiao"]
    assert marker.exists(), "the fault hook never fired: the test proved nothing"


def test_ray_worker_sigkilled_from_outside_mid_run_loses_no_game_and_counts_none_twice(ray_local, tmp_path,
                                                                                      monkeypatch, local_stats):
    """Issue 30 item 14: a worker holding the chunk of games 8–16 is SIGKILLed from outside while the run is
    in flight; Ray restarts it and reruns that chunk. The game count is exactly the games asked for and the
    statistics are the local run's, byte for byte (no game lost, none counted twice)."""
    import threading

    pid_file = tmp_path / "worker.pid"
    monkeypatch.setenv(faults.HOLD_ENV, f"8:{pid_file}")
    path = ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"
    box: dict = {}

    def run() -> None:
        try:
            box["stats"] = _stats(path, spec=BackendSpec("ray"))
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    deadline = time.monotonic() + 240  # bounded: a Ray that never schedules the chunk fails the test, never hangs it
    while not pid_file.exists() and time.monotonic() < deadline and runner.is_alive():
        time.sleep(0.05)
    assert pid_file.exists(), box.get("error") or "the hold hook never fired: the test proved nothing"
    worker = int(pid_file.read_text(encoding="ascii"))
    assert worker != os.getpid()
    os.kill(worker, signal.SIGKILL)
    runner.join(timeout=300)
    assert not runner.is_alive(), "the run did not finish after its worker was killed"
    assert "error" not in box, box.get("error")
    result = json.loads(box["stats"])
    assert result["games"] == GAMES
    assert box["stats"] == local_stats["sichuan_xuezhan"]


def test_errors_are_bounded_and_independent_of_merge_order():
    from engine.simulation.record import ERRORS_KEPT, Stats

    def failing(indexes):
        s = Stats()
        for k in indexes:
            s.games += 1
            s.error_count += 1
            s._keep_errors([{"game": k, "message": "x"}])
        return s

    forward, backward = Stats(), Stats()
    parts = [failing(range(i, i + 100)) for i in range(0, 1000, 100)]
    for p in parts:
        forward.merge(p)
    for p in reversed(parts):
        backward.merge(p)
    assert forward.to_dict() == backward.to_dict()
    assert forward.error_count == 1000 and len(forward.errors) == ERRORS_KEPT
    assert [e["game"] for e in forward.to_dict()["errors"]] == list(range(ERRORS_KEPT))


def test_missing_ray_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(UsageError) as exc:
        backends.create(BackendSpec("ray"))
    assert ".[ray]" in exc.value.hint


def test_address_without_ray_backend_is_a_usage_error():
    from click.testing import CliRunner

    from dslgen.cli import cli

    result = CliRunner().invoke(cli, ["simulate", str(CATALOG[0]), "--games", "2", "--address", "127.0.0.1:1"])
    assert result.exit_code == 2
    assert "--backend ray" in result.output


def _batch(out: Path, catalog: Path, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("OPENAI_API_KEY", None)
    return subprocess.Popen([sys.executable, "-m", "dslgen", "batch", "--catalog", str(catalog), "--provider", "offline",
                             "--games", "4", "--out", str(out), "--json", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)


def test_batch_on_ray_interrupted_then_resumed_does_no_variant_twice(tmp_path):
    catalog = tmp_path / "catalog"
    shutil.copytree(ROOT / "dsl-examples", catalog)
    out = tmp_path / "batch"
    first = _batch(out, catalog, "--backend", "ray", "--max-model-calls", "1")
    deadline = time.monotonic() + 240
    while not list(out.glob("*/done.json")) and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.2)
    first.send_signal(signal.SIGINT)
    first.communicate(timeout=120)
    done_first = {p.parent.name: p.read_bytes() for p in out.glob("*/done.json")}
    assert done_first, "no variant finished before the interruption"
    second = _batch(out, catalog, "--backend", "ray", "--max-model-calls", "2")
    stdout, stderr = second.communicate(timeout=600)
    summary = json.loads(stdout)
    rows = {r["id"]: r for r in summary["variants"]}
    assert set(rows) == {p.stem for p in catalog.glob("*.yaml")}
    for variant, record in done_first.items():
        assert rows[variant]["resumed"] is True, variant
        assert (out / variant / "done.json").read_bytes() == record, f"{variant} was redone"
    assert any(not r["resumed"] for r in rows.values()) or len(done_first) == len(rows)


def _session(sid: int) -> list[str]:
    """Live processes in session ``sid`` (zombies excluded), as ``pid command`` lines."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[3]) == sid and fields[0] != "Z":
                    out.append(f"{entry.name} {(entry / 'cmdline').read_bytes()[:80]!r}")
            except (OSError, IndexError, ValueError):
                continue
    return out


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_killing_the_driver_leaves_no_ray_process_behind():
    """Issue 19.19: SIGKILL a driver that started a private cluster: its agents and workers do not outlive it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("RAY_ADDRESS", None)
    proc = subprocess.Popen([sys.executable, "-m", "dslgen", "simulate", str(ROOT / "dsl-examples" / "hongzhong_laizi.yaml"),
                             "--games", "2000", "--backend", "ray", "--jobs", "2"], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not any("_Worker" in p for p in _session(proc.pid)):
            assert proc.poll() is None, "the run ended before its workers started"
            time.sleep(0.2)
        before = _session(proc.pid)
        assert any("Agent" in p for p in before) and any("_Worker" in p for p in before), before
        time.sleep(1)  # the watchdog has seen them
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and _session(proc.pid):
            time.sleep(0.2)
        assert _session(proc.pid) == []
    finally:
        if proc.poll() is None:
            proc.kill()
        for line in _session(proc.pid):  # never leave this test's own processes behind
            with contextlib.suppress(OSError):
                os.kill(int(line.split()[0]), signal.SIGKILL)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_multi_node_cluster_head_plus_worker_gives_the_local_bytes(tmp_path, local_stats):
    """The documented recipe: ``ray start --head``, ``ray start --address`` on a second node, then ``--backend ray``."""
    if ray.is_initialized():
        ray.shutdown()
    ray_cli = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    port = _free_port()
    address = f"127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = lambda *args: subprocess.run([ray_cli, *args], env=env, capture_output=True, text=True, timeout=180)  # noqa: E731
    try:
        head = run("start", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", "1",
                   "--include-dashboard", "false", "--disable-usage-stats")
        assert head.returncode == 0, head.stderr
        worker = run("start", "--address", address, "--num-cpus", "1", "--disable-usage-stats")
        assert worker.returncode == 0, worker.stderr
        path = ROOT / "dsl-examples" / "changsha.yaml"
        proc = subprocess.run([sys.executable, "-m", "dslgen", "simulate", str(path), "--games", str(GAMES), "--seed", "7",
                               "--backend", "ray", "--address", address, "--json"],
                              env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        result = json.loads(proc.stdout)
        expected = json.loads(local_stats["changsha"])
        assert result == expected
    finally:
        run("stop", "--force")
