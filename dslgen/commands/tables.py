"""``dslgen tables build [--check]``: regenerate the solver's shipped suit tables."""

from __future__ import annotations

from pathlib import Path

import click

from dslgen.errors import EXIT_FINDINGS
from dslgen.output import console, print_json


@click.group(name="tables")
def command() -> None:
    """生成求解器随包发布的数据表（engine/solver/suit_profiles.bin：每种单门花色牌型的向听轮廓）。"""


@command.command(name="build")
@click.option("--check", is_flag=True, help="只检查已提交的数据表是否与重新计算的一致，不写文件；不一致时退出码为 1。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出结果。")
@click.pass_context
def build(ctx: click.Context, check: bool, as_json: bool) -> None:
    """用求解器自身的递归重新计算全部单门牌型（每门至多 14 张）的向听轮廓（约需 20 CPU 秒）。"""
    from engine.solver import suit_data, tables

    path = Path(suit_data.__file__).with_name(suit_data.DATA_FILE)
    fresh = tables.build_shipped()
    old = path.read_bytes() if path.exists() else None
    stale = old is None or suit_data.decode(old) != suit_data.decode(fresh)
    if not check and stale:
        path.write_bytes(fresh)
    if as_json:
        print_json({"check": check, "path": str(path), "patterns": suit_data.PATTERNS, "stale": stale})
    elif check:
        if stale:
            console(stderr=True).print(f"{path}: 与重新计算的结果不一致")
            console(stderr=True).print("  提示：运行 dslgen tables build 重新生成，并提交该文件")
        else:
            console().print(f"数据表与重新计算的结果一致（{suit_data.PATTERNS} 种牌型）。")
    elif stale:
        console().print(f"已写入 {path}（{suit_data.PATTERNS} 种牌型）")
    else:
        console().print("数据表已是最新，无需写入。")
    if check and stale:
        ctx.exit(EXIT_FINDINGS)
