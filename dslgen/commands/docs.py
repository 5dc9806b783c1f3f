"""``dslgen docs build [--check]``: regenerate the documents generated from the code."""

from __future__ import annotations

import click

from dslgen.errors import EXIT_FINDINGS
from dslgen.output import console, print_json


@click.group(name="docs")
def command() -> None:
    """生成文档：docs/fans.md（番型说明）等由代码中的注册单元生成的文件。"""


@command.command(name="build")
@click.option("--check", is_flag=True, help="只检查已提交的文档是否与代码生成的一致，不写文件；不一致时退出码为 1。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出结果。")
@click.pass_context
def build(ctx: click.Context, check: bool, as_json: bool) -> None:
    """由番型识别器、检查项等注册单元的说明生成文档。"""
    from dslgen import docgen

    statuses = docgen.build(check=check)
    stale = [s.path for s in statuses if s.stale]
    if as_json:
        print_json({"check": check, "documents": [s.path for s in statuses],
                    "stale" if check else "written": stale})
    elif check:
        for path in stale:
            console(stderr=True).print(f"{path}: 与代码生成的内容不一致")
        if stale:
            console(stderr=True).print("  提示：运行 dslgen docs build 重新生成，并提交这些文件")
        else:
            console().print("文档与代码一致。")
    elif stale:
        for path in stale:
            console().print(f"已写入 {path}")
    else:
        console().print("文档已是最新，无需写入。")
    if check and stale:
        ctx.exit(EXIT_FINDINGS)
