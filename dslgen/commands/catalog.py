"""``dslgen catalog list|verify``: the catalog's variants and whether each is still as approved."""

from __future__ import annotations

import click

from dslgen.errors import EXIT_FINDINGS, EXIT_OK

_STYLE = {"ok": "green"}


@click.group("catalog")
def command() -> None:
    """玩法目录：列出玩法，或核对每个文件是否仍与批准时一致。"""


def _entries(catalog: str | None):
    from dslgen.errors import UsageError
    from dslgen.generate.examples import catalog_dir
    from dslgen.review.catalog import inspect

    folder = catalog_dir(catalog)
    if not folder.is_dir():
        raise UsageError("玩法目录不存在", where=str(folder), hint="用 --catalog 指定目录")
    return inspect(folder)


@command.command("list")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出。")
def list_command(catalog: str | None, as_json: bool) -> None:
    """列出目录中的每个玩法：名称、批准状态、审核人与时间。"""
    from rich.table import Table
    from rich.text import Text

    from dslgen.output import console, print_json

    entries = _entries(catalog)
    if as_json:
        print_json({"variants": [e.to_dict() for e in entries]})
        return
    table = Table(header_style="bold")
    for col in ("玩法", "名称", "状态", "审核人", "批准时间"):
        table.add_column(col)
    for e in entries:
        table.add_row(Text(e.id), Text(e.name), Text(e.message, style=_STYLE.get(e.status, "red")), Text(e.reviewer),
                      e.approved_at)
    console().print(table)


@command.command("verify")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）。")
@click.option("--rules-tables", "rules_tables", type=click.Path(file_okay=False, path_type=str),
              help="规则表目录（默认：<目录>/rules_tables，源码仓库的 dsl-examples/ 用 tests/catalog/rules_tables/；都没有时不核对规则表）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出。")
@click.pass_context
def verify_command(ctx: click.Context, catalog: str | None, rules_tables: str | None, as_json: bool) -> None:
    """核对批准记录：批准后被修改或没有批准记录的文件逐一列出，并以退出码 1 结束。

    此前被中断（已提交但没有写完）的批准会先被完成，并逐一说明；目录无法写入时，这样的批准列为“尚未完成”。
    有规则表时还核对每个文件的规则表：缺少规则表、表无法读取、field 路径在文件中找不到、缺口原因没写进 meta.notes，都算未通过。
    """
    from pathlib import Path

    from dslgen.catalog_tables import table_findings, tables_dir
    from dslgen.errors import UsageError
    from dslgen.generate.examples import catalog_dir
    from dslgen.output import console, print_json
    from dslgen.review.catalog import COMPLETED_TEXT, failures

    entries = _entries(catalog)
    folder = Path(catalog_dir(catalog))
    if rules_tables is not None and not Path(rules_tables).is_dir():
        raise UsageError("规则表目录不存在", where=rules_tables, hint="用 --rules-tables 指定含 <id>.yaml 的目录")
    tables = Path(rules_tables) if rules_tables is not None else tables_dir(folder)
    table_bad = table_findings(folder, tables) if tables is not None else {}
    bad = failures(entries)
    bad_ids = [e.id for e in bad] + [v for v in table_bad if v not in {e.id for e in bad}]
    if as_json:
        print_json({"ok": not bad_ids, "variants": [e.to_dict() for e in entries],
                    "completed": [e.id for e in entries if e.completed],
                    "rules_tables": {"dir": str(tables) if tables is not None else None,
                                     "problems": table_bad}})
    else:
        out = console()
        for e in entries:
            mark = "✅" if e.status == "ok" else "❌"
            out.print(f"{mark} {e.file}: {e.message}", markup=False)
            if e.completed:
                out.print(f"    · {COMPLETED_TEXT}", markup=False)
            for change in e.changes:
                out.print(f"    · {change}", markup=False)
        for variant, problems in table_bad.items():
            out.print(f"❌ {variant}: 规则表有问题", markup=False)
            for problem in problems:
                out.print(f"    · {problem}", markup=False)
        if table_bad:
            out.print(f"{len(table_bad)} 个文件的规则表未通过核对：{'、'.join(table_bad)}", style="red", markup=False)
            out.print("  提示：规则表在 " + str(tables) + "；每条规则写 field（文件中的路径）或 gap（原因也写进 meta.notes）",
                      markup=False)
        if bad:
            out.print(f"{len(bad)} 个文件未通过核对：{'、'.join(e.id for e in bad)}", style="red", markup=False)
            if any(e.status == "pending" for e in bad):
                out.print("  提示：在可以写入的玩法目录上运行 dslgen catalog verify，完成被中断的批准", markup=False)
            else:
                out.print("  提示：确认修改无误后重新运行 dslgen review 与 dslgen approve", markup=False)
        elif not table_bad:
            out.print(f"全部 {len(entries)} 个文件与批准记录一致。", style="green", markup=False)
    ctx.exit(EXIT_FINDINGS if bad_ids else EXIT_OK)
