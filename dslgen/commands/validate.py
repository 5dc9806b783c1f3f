"""``dslgen validate FILE|DIR...``: schema validation with positions and hints."""

from __future__ import annotations

import click

from dslgen.output import console, print_json
from dslgen.validate import exit_code, validate_paths


@click.command(name="validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：[{file, valid, errors: [{line, column, path, message, hint}]}]。")
@click.pass_context
def command(ctx: click.Context, paths: tuple[str, ...], as_json: bool) -> None:
    """按 DSL 规范的 JSON Schema 校验规则文件（可给多个文件或目录），列出每个文件的全部错误。"""
    results = validate_paths(paths)
    if as_json:
        print_json([r.to_json() for r in results])
    else:
        out = console()
        for result in results:
            if result.valid:
                out.print(f"{result.file}: 通过", markup=False)
            for issue in result.issues:
                out.print(issue.render(result.file), markup=False)
        bad = sum(not r.valid for r in results)
        console(stderr=True).print(
            f"共 {len(results)} 个文件，{len(results) - bad} 个通过，{bad} 个有错误。", markup=False
        )
    ctx.exit(exit_code(results))
