"""``dslgen check``: capability and compliance checks with the adaptation rate."""

from __future__ import annotations

import click

from dslgen import formats
from dslgen.errors import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE


@click.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@formats.format_option
@click.pass_context
def command(ctx: click.Context, paths: tuple[str, ...], output_format: str | None, as_json: bool) -> None:
    """检查规则文件：引擎能力是否齐全、番型/条件/动作/钩子是否受支持、互斥图与阶段图是否正确。

    PATHS 可以是规则文件或目录（检查其中全部 .yaml/.yml）。每个文件输出 DSL 适配率与发现的问题（代码 C001…，说明见 docs/checks.md）。
    --format json 每个文件输出一个对象；github 与 sarif 供 CI 使用。
    退出码：0 无错误级问题，1 有错误级问题，2 有文件无法读取。
    """
    from dslgen.checks.reporters import get_reporter
    from dslgen.checks.runner import check_file
    from dslgen.rulefile.validate import expand_paths

    kind = formats.chosen_format(output_format, as_json)
    reports = [check_file(f) for f in expand_paths(paths)]
    if kind in ("github", "sarif"):
        formats.emit(kind, formats.from_check(reports), [r.file for r in reports])
    else:
        get_reporter(kind)(reports)
    if any(r.unreadable is not None for r in reports):
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if all(r.ok for r in reports) else EXIT_FINDINGS)
