"""``dslgen capabilities``: what the engine implements, from its capability registry."""

from __future__ import annotations

import click
from rich.table import Table
from rich.text import Text


@click.command("capabilities")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：[{id, name, description, since}]。")
def command(as_json: bool) -> None:
    """列出引擎已实现的全部能力（规则文件 requires 中可以使用的能力 id）。"""
    from engine.capabilities import registry

    from dslgen.output import console, print_json

    caps = list(registry().values())
    if as_json:
        print_json([{"id": c.id, "name": c.name, "description": c.description, "since": c.since} for c in caps])
        return
    table = Table(title=f"引擎能力（{len(caps)} 项）", show_lines=False)
    table.add_column("能力 id", no_wrap=True)
    table.add_column("名称", no_wrap=True)
    table.add_column("说明", overflow="fold", ratio=1)
    table.add_column("版本", no_wrap=True)
    for c in caps:
        table.add_row(*(Text(v) for v in (c.id, c.name, c.description, c.since)))
    console().print(table)
