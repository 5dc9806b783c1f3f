"""``dslgen schema build [--check]``: write the JSON Schemas generated from the specification."""

from __future__ import annotations

from pathlib import Path

import click

from dslgen.rulefile import schema as schema_mod
from dslgen.errors import EXIT_FINDINGS
from dslgen.output import console, print_json


@click.group(name="schema")
def command() -> None:
    """JSON Schema：由 docs/dsl-specification.md 生成 schemas/*.json。"""


@command.command(name="build")
@click.option("--check", is_flag=True, help="只检查已提交的 schema 是否与规范生成的一致，不写文件；不一致时退出码为 1。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出结果。")
@click.pass_context
def build(ctx: click.Context, check: bool, as_json: bool) -> None:
    """从 DSL 规范生成 Draft 2020-12 与 Draft-07 两份 JSON Schema。"""
    if check:
        stale = [_shown(p) for p in schema_mod.stale_schemas()]
        if as_json:
            print_json({"check": True, "up_to_date": not stale, "stale": stale})
        elif stale:
            for path in stale:
                console(stderr=True).print(f"{path}: 与 docs/dsl-specification.md 生成的内容不一致")
            console(stderr=True).print("  提示：运行 dslgen schema build 重新生成，并提交 schemas/ 下的文件")
        else:
            console().print("schema 与规范一致。")
        if stale:
            ctx.exit(EXIT_FINDINGS)
        return
    changed = [_shown(p) for p in schema_mod.write_schemas()]
    if as_json:
        print_json({"check": False, "written": changed})
    elif changed:
        for path in changed:
            console().print(f"已写入 {path}")
    else:
        console().print("schema 已是最新，无需写入。")


def _shown(path: Path) -> str:
    """``path`` relative to the current directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
