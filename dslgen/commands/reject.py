"""``dslgen reject``: record a reviewer's rejection beside the draft."""

from __future__ import annotations

import click


@click.command("reject")
@click.argument("target", type=click.Path(exists=True, path_type=str))
@click.option("--reviewer", required=True, help="审核人姓名。")
@click.option("--reason", required=True, help="驳回原因。")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则源码仓库中的 dsl-examples/；从安装包运行时必须用此选项或 DSLGEN_CATALOG 指定，不会写入安装包内部）：驳回已批准的内容时记入其批准历史。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出驳回记录。")
def command(target: str, reviewer: str, reason: str, catalog: str | None, as_json: bool) -> None:
    """驳回草稿：在草稿文件夹中写入 rejection.json（审核人、原因、时间、所驳回内容与规则的 sha256）。

    再次驳回会保留此前的驳回原因；驳回已批准的内容时，驳回同时记入目录中该玩法的批准历史。
    """
    from dslgen.generate.examples import writable_catalog_dir
    from dslgen.output import console, print_json
    from dslgen.review.approvals import reject

    record = reject(target, reviewer=reviewer, reason=reason, catalog=writable_catalog_dir(catalog, command="reject"))
    if as_json:
        print_json(record)
    else:
        console().print(f"已驳回 {record['id']}，记录写入 {record['path']}", markup=False)
        for note in record["notes"]:
            console().print(f"注意：{note}", style="yellow", markup=False)
