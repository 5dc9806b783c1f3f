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
    for col in ("能力 id", "名称", "说明", "版本", "实现位置"):
        table.add_column(col, overflow="fold")
    for c in caps:
        table.add_row(*(Text(v) for v in (c.id, c.name, c.description, c.since, c.module)))
    console().print(table)
