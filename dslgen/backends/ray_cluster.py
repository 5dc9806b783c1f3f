"""The ``ray`` backend: tasks on a Ray cluster (``pip install -e '.[ray]'``).

Each worker is a Ray actor built once with the shared value, so a rule file
travels once per worker, not once per task. An
actor whose process dies is restarted and its unfinished task retried; results
are keyed by task index and each index is yielded once, so a retry never counts
a chunk twice.

A private cluster (no ``--address``) is watched by :mod:`dslgen.backends.reaper`: if the driver is
killed (SIGKILL, SIGTERM) before Ray shuts it down, none of its processes are left running.
"""

from __future__ import annotations

import os
from typing import Any, Iterator

from dslgen.backends import BackendSpec, Task, faults, register
from dslgen.errors import DslgenError, UsageError

#: How often a dead actor is restarted and its task retried before the run fails.
MAX_RETRIES = 3

_INSTALL_HINT = "安装可选依赖：pip install -e '.[ray]'（或 pip install 'dslgen[ray]'）"


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UsageError("执行后端 ray 需要 Ray，但当前环境没有安装", where="--backend", hint=_INSTALL_HINT) from None
    return ray


def _connect(ray: Any, spec: BackendSpec) -> None:
    """Join the cluster at ``spec.address`` (or ``RAY_ADDRESS``), else start a private local one."""
    if ray.is_initialized():
        return
    address = spec.address or os.environ.get("RAY_ADDRESS") or None
    import logging

    logging.getLogger("ray").setLevel(logging.ERROR)
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR,
                               "ignore_reinit_error": True}
    if not address:  # a private cluster: the watchdog removes it if this process dies without shutting it down
        _start_watchdog()
    try:
        if address:
            ray.init(address=address, **options)
        else:
            ray.init(address="local", num_cpus=spec.jobs or os.cpu_count() or 1, **options)
    except Exception as exc:  # Ray reports start-up trouble with plain Exception, TimeoutError, RuntimeError…
        raise start_error(exc, address) from None


def start_error(exc: BaseException, address: str | None) -> UsageError:
    """The user's error for Ray failing to start or join a cluster: an environment problem, never a bug
    in dslgen. A start-up timeout (an overloaded machine, a raylet that did not come up) says what to try."""
    where = address or "本机"
    text = str(exc) or type(exc).__name__
    if isinstance(exc, TimeoutError) or "timed out" in text.lower() or "timeout" in text.lower():
        what = "加入 Ray 集群" if address else "启动本机的 Ray 私有集群"
        return UsageError(f"{what}超时：{text}", where=where,
                          hint="机器负载过高或 Ray 进程没有按时启动：稍后重试；用 --jobs 减少 CPU 数；"
                               "或先用 ray start --head 启动集群，再用 --address 加入；也可以改用 --backend local")
    if address:
        return UsageError(f"无法连接 Ray 集群：{text}", where=where,
                          hint="确认头节点已用 ray start --head 启动，地址形如 10.0.0.1:6379 或 ray://10.0.0.1:10001")
    return UsageError(f"无法启动本机的 Ray 私有集群：{text}", where=where,
                      hint="稍后重试；用 --jobs 减少 CPU 数；或用 --address 加入已启动的集群，或改用 --backend local")


_WATCHDOG: list = []


def _start_watchdog() -> None:
    """Start :mod:`dslgen.backends.reaper` once per process, before Ray starts its processes."""
    if not _WATCHDOG:
        from dslgen.backends import reaper

        _WATCHDOG.append(reaper.start())


class _Worker:
    """Holds the shared value; ``run`` executes one task with it."""

    def __init__(self, shared: Any):
        self.shared = shared

    def run(self, func: Task, args: tuple) -> Any:
        return func(self.shared, *args)


class RayBackend:
    """Ray 集群：用 --address（或环境变量 RAY_ADDRESS）加入已有集群，不给地址时在本机启动一个私有集群。

    每个工作者（actor）启动时从对象存储取一次规则；工作进程被杀时，该 actor 重启并重跑它未完成的任务
    （最多 3 次），已完成的任务不会重复计入。统计与本机后端逐字节相同。
    """

    name = "ray"

    def __init__(self, spec: BackendSpec):
        self.ray = _import_ray()
        self.spec = spec

    def _workers(self, n: int) -> int:
        _connect(self.ray, self.spec)
        cpus = int(self.ray.cluster_resources().get("CPU", 1)) or 1
        return max(1, min(n, cpus))

    def map_unordered(self, func: Task, shared: Any, args: list[tuple], *, limit: int | None = None) -> Iterator[tuple[int, Any]]:
        """Run the tasks on one actor per CPU of the cluster (at most ``limit``), two queued per actor."""
        ray = self.ray
        n = self._workers(min(limit or len(args), len(args)) or 1)
        options: dict[str, Any] = {"num_cpus": 1, "max_restarts": MAX_RETRIES, "max_task_retries": MAX_RETRIES}
        hooks = {name: os.environ[name] for name in faults.ENVS if os.environ.get(name)}
        if hooks:  # tests: the fault hooks reach workers on any node
            options["runtime_env"] = {"env_vars": hooks}
        actor_cls = ray.remote(**options)(_Worker)
        # The shared value rides with each actor's creation (Ray moves a large one through the
        # object store), so it reaches each worker once; tasks carry only their own arguments.
        actors = [actor_cls.remote(shared) for _ in range(n)]
        pending = list(range(len(args)))[::-1]
        running: dict[Any, tuple[int, int]] = {}
        load = [0] * n
        try:
            while pending or running:
                for a in range(n):
                    while pending and load[a] < 2:
                        i = pending.pop()
                        running[actors[a].run.remote(func, args[i])] = (i, a)
                        load[a] += 1
                done, _ = ray.wait(list(running), num_returns=1)
                for ref in done:
                    i, a = running.pop(ref)
                    load[a] -= 1
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayError as exc:
                        raise DslgenError(f"Ray 任务失败（第 {i} 个任务，已重试 {MAX_RETRIES} 次）：{exc}") from None
                    yield i, result
        finally:
            for actor in actors:
                ray.kill(actor, no_restart=True)


@register("ray")
def _ray(spec: BackendSpec) -> RayBackend:
    return RayBackend(spec)
