"""``dslgen approve``: put a reviewed draft (or rule file) into the catalog with an approval record."""

from __future__ import annotations

import click

from dslgen.commands.backend_option import backend_options


@click.command("approve")
@click.argument("target", type=click.Path(path_type=str))
@click.option("--reviewer", required=True, help="审核人姓名（写入批准记录）。")
@click.option("--note", default="", help="审核意见。")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则源码仓库中的 dsl-examples/；从安装包运行时必须用此选项或 DSLGEN_CATALOG 指定，不会写入安装包内部）。")
@click.option("--id", "variant", help="目录中的玩法标识（文件名），默认用草稿的 id；例如把 sichuan 草稿批准为 sichuan_xuezhan。")
@click.option("--force", is_flag=True, help="草稿有关卡未通过（或已被驳回）时仍然批准（会记录在批准记录中）。")
@click.option("--replace", is_flag=True, help="目录中已有这个玩法时确认替换（先显示规则变化；旧的批准保留在历史中）。")
@click.option("--games", type=click.IntRange(1, 1_000_000), help="批准规则文件时的模拟局数（默认 1000）。")
@click.option("--seed", type=int, help="批准规则文件时的模拟种子（默认 0）。")
@click.option("--jobs", default="auto", show_default=True, help="模拟使用的进程数，或 auto（按 CPU 数）；结果与进程数无关。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出批准记录。")
@backend_options
def command(target: str, reviewer: str, note: str, catalog: str | None, variant: str | None, force: bool,
            replace: bool, games: int | None, seed: int | None, jobs: str, as_json: bool) -> None:
    """批准：把草稿（或规则文件）的 YAML 复制进玩法目录，写入来源信息与模拟摘要，并记录绑定内容 sha256 的批准记录。

    批准记录在 <目录>/approvals/<id>.json；之后对文件的任何修改都会被 dslgen catalog verify 发现。
    有关卡未通过时需要 --force，且会被记录。目录中已有同一玩法时，先列出规则变化，需要 --replace 才替换；
    每次批准与驳回都保留在批准记录的 history 中。草稿的判定只在与规则文件当前内容的 sha256 一致时沿用，否则重新判定。
    """
    from dslgen.generate.examples import writable_catalog_dir
    from dslgen.simulation import resolve_jobs
    from dslgen.output import console, print_json
    from dslgen.review.approvals import approval_path, approve
    from dslgen.review.progress import progress_bar

    folder = writable_catalog_dir(catalog, command="approve")
    with progress_bar("模拟对局", enabled=not as_json) as progress:
        record = approve(target, reviewer=reviewer, note=note, catalog=folder, force=force, replace=replace,
                         games=games, seed=seed, jobs=resolve_jobs(jobs), progress=progress, variant=variant)
    if as_json:
        print_json(record)
        return
    out = console()
    out.print(f"已批准 {record['id']}：{record['path']}", markup=False)
    out.print(f"批准记录：{approval_path(folder, record['id'])}（sha256 {record['sha256'][:16]}…）", markup=False)
    if record.get("resolutions"):
        out.print(f"判定时计入了 {len(record['resolutions'])} 条审核处理（记录在批准记录的 resolutions 中）：", markup=False)
        for r in record["resolutions"]:
            out.print(f"  · {r['text']} — {r['by']}，{r['at']}" + (f"：{r['why']}" if r.get("why") else ""), markup=False)
    if record.get("replaced"):
        out.print("替换了目录中原有的版本，规则变化：", markup=False)
        for change in record["changes"]:
            out.print(f"  · {change}", markup=False)
    if record.get("masked_secret"):
        out.print("注意：文件中含有已配置的密钥，复制进目录时已遮盖为 REDACTED", style="yellow", markup=False)
    if record["forced"]:
        out.print(f"注意：带 --force 批准，未通过的关卡：{'、'.join(record['failed_gates'])}", style="yellow", markup=False)
