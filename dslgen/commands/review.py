"""``dslgen review``: the reviewer's report for a draft or a rule file."""

from __future__ import annotations

import click

from dslgen.commands.backend_option import backend_options

from dslgen.errors import EXIT_FINDINGS, EXIT_OK


@click.command("review")
@click.argument("target", type=click.Path(path_type=str))
@click.option("--against", type=click.Path(dir_okay=False, path_type=str), help="与这个规则文件比较（默认：目录中同一玩法的上一版本，否则最相似的玩法）。")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）。")
@click.option("--games", type=click.IntRange(1, 1_000_000), help="模拟局数：规则文件与基准玩法的局数（规则文件默认 1000；草稿沿用生成时的模拟，基准默认与之相同）。")
@click.option("--seed", type=int, help="模拟种子（默认与草稿相同，规则文件默认 0）。")
@click.option("--jobs", default="auto", show_default=True, help="模拟使用的进程数，或 auto（按 CPU 数）；结果与进程数无关。")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=str), help="另存一份自包含的 HTML 报告。")
@click.option("--markdown", "md_path", type=click.Path(dir_okay=False, path_type=str), help="另存一份 Markdown 报告（适合贴到合并请求）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出整份报告（含 semantic_changes 与 stats_diff）。")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(["greedy", "random", "mix"]),
              help="模拟用的机器人：greedy 求快胡，random 乱打，mix 每家带一种习惯（过水、做清一色…）；草稿的模拟不是这种机器人时重新模拟。")
@click.pass_context
@backend_options
def command(ctx: click.Context, target: str, against: str | None, catalog: str | None, games: int | None,
            seed: int | None, jobs: str, html_path: str | None, md_path: str | None, as_json: bool,
            bot: str) -> None:
    """审核报告：关卡结论、描述与规则对照、缺口、检查发现、模拟统计，以及与基准的规则差异、YAML 差异和统计差异。

    TARGET 是 dslgen new 写出的草稿文件夹，或任意规则 YAML 文件（此时会先校验、检查并模拟）。
    退出码：0 通过全部关卡，1 有关卡未通过，2 用法或读写错误。
    """
    from dslgen.generate.examples import catalog_dir
    from dslgen.simulation import resolve_jobs
    from dslgen.output import console, print_json
    from dslgen.review.progress import progress_bar
    from dslgen.review.render_html import render_html
    from dslgen.review.render_markdown import render_markdown
    from dslgen.review.render_text import render_text
    from dslgen.review.report import build_report
    from dslgen.rulefile.yamlio import write_atomic

    from dslgen.errors import UsageError

    if catalog and not catalog_dir(catalog).is_dir():
        raise UsageError("玩法目录不存在", where=catalog, hint="用 --catalog 指定已有的目录，或省略以使用 dsl-examples/")
    with progress_bar("模拟对局", enabled=not as_json) as progress:
        report = build_report(target, against=against, catalog=catalog_dir(catalog), games=games, seed=seed,
                              jobs=resolve_jobs(jobs), bot=bot, progress=progress)
    if html_path:
        write_atomic(html_path, render_html(report))
    if md_path:
        write_atomic(md_path, render_markdown(report))
    if as_json:
        print_json(report)
    else:
        render_text(report, console())
        for label, path in (("HTML", html_path), ("Markdown", md_path)):
            if path:
                console().print(f"{label} 报告已写入 {path}", markup=False)
        if report["verdict"] == "pass":
            console().print(f"下一步：dslgen approve {target} --reviewer 你的名字", markup=False)
    ctx.exit(EXIT_OK if report["verdict"] == "pass" else EXIT_FINDINGS)
