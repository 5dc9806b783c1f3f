"""``--backend`` and ``--address``: the options every command that simulates or batches shares."""

from __future__ import annotations

import functools
from typing import Any, Callable

import click


def backend_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--backend local|ray`` and ``--address`` to ``command`` and run it under that backend."""

    @click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                  envvar="DSLGEN_BACKEND",
                  help="模拟与批量任务在哪里运行：local（本机进程）或 ray（Ray 集群，需 pip install -e '.[ray]'）。结果与后端无关。")
    @click.option("--address", default=None, envvar="RAY_ADDRESS",
                  help="要加入的 Ray 集群地址（或环境变量 RAY_ADDRESS）；不给时在本机启动私有集群。仅用于 --backend ray。")
    @functools.wraps(command)
    def wrapper(*args: Any, backend: str, address: str | None, **kwargs: Any) -> Any:
        from dslgen.backends import BackendSpec, use
        from dslgen.errors import UsageError

        if address and backend != "ray":
            raise UsageError("--address 只用于 --backend ray", where="--address", hint="加上 --backend ray，或去掉 --address")
        with use(BackendSpec(backend, None, address)):
            return command(*args, **kwargs)

    return wrapper
