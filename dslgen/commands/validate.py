"""``dslgen validate FILE|DIR...``: schema validation with positions and hints."""

from __future__ import annotations

import click

from dslgen import formats
from dslgen.output import console, print_json
from dslgen.terminal import quiet
from dslgen.rulefile.validate import exit_code, render_finding, validate_paths


@click.command(name="validate")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=str))
@formats.format_option
@click.pass_context
def command(ctx: click.Context, paths: tuple[str, ...], output_format: str | None, as_json: bool) -> None:
    """按 DSL 规范的 JSON Schema 校验规则文件（可给多个文件或目录），列出每个文件的全部错误。

    --format json 输出 [{file, valid, errors: [...]}]，每个错误与 dslgen check --json 的发现同一形式
    （code、severity、path、steps、line、column、message、hint）；
    github 与 sarif 供 CI 使用（见 README 的“在 pre-commit 和 CI 中使用”）。
    """
    kind = formats.chosen_format(output_format, as_json)
    results = validate_paths(paths)
    if kind in ("github", "sarif"):
        formats.emit(kind, formats.from_validation(results), [r.file for r in results])
    elif kind == "json":
        print_json([r.to_json() for r in results])
    else:
        out = console()
        for result in results:
            if result.valid and not quiet():
                out.print(f"{result.file}: 通过", markup=False)
            for finding in result.findings:
                out.print(render_finding(result.file, finding), markup=False)
        bad = sum(not r.valid for r in results)
        if not quiet():
            console(stderr=True).print(
                f"共 {len(results)} 个文件，{len(results) - bad} 个通过，{bad} 个有错误。", markup=False
            )
    ctx.exit(exit_code(results))
