"""``dslgen batch``: regenerate every catalog variant from its stored description."""

from __future__ import annotations

import click

from dslgen.commands.backend_option import backend_options
from dslgen.errors import EXIT_FINDINGS, EXIT_OK


def _provider_names() -> list[str]:
    from dslgen.generate import providers

    return providers.names()


@click.command("batch")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）。")
@click.option("--only", "only", help="只处理这些玩法，逗号分隔，例如 hongzhong_laizi,changsha。")
@click.option("--provider", help="模型提供方：offline / openai / replay（默认同 dslgen new）。")
@click.option("--model", help="模型名。")
@click.option("--games", default=1000, show_default=True, type=click.IntRange(1, 1_000_000), help="每个玩法的模拟局数。")
@click.option("--seed", default=0, show_default=True, type=int, help="模拟种子。")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="本机同时处理的玩法数（进程数）；--backend ray 时由集群的 CPU 数决定。")
@click.option("--max-model-calls", default=4, show_default=True, type=click.IntRange(1, 256),
              help="同时进行的模型调用（即同时处理的玩法）上限，避免集群压垮模型服务。")
@click.option("--out", default=".dslgen/batch", show_default=True, type=click.Path(file_okay=False, path_type=str),
              help="输出目录；重新运行时跳过已完成的玩法。")
@click.option("--replay-from", type=click.Path(file_okay=False, path_type=str),
              help="配合 --provider replay：回放此前一次 batch 输出目录中各玩法的对话记录。")
@click.option("--max-tokens", type=click.IntRange(1, None), metavar="N",
              help="每个玩法的草稿最多用多少 tokens（同 dslgen new --max-tokens）。")
@click.option("--max-cost", type=click.FloatRange(0, None, min_open=True), metavar="USD",
              help="每个玩法的草稿最多花多少美元（按已知价格估算）。")
@click.option("--batch-max-tokens", type=click.IntRange(1, None), metavar="N",
              help="这次批量运行的全部模型调用最多用多少 tokens；用完后其余玩法不再重新生成。")
@click.option("--batch-max-cost", type=click.FloatRange(0, None, min_open=True), metavar="USD",
              help="这次批量运行的全部模型调用最多花多少美元（估算）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出 {variants: [...], tokens: {...}}。")
@click.pass_context
@backend_options
def command(ctx: click.Context, catalog: str | None, only: str | None, provider: str | None, model: str | None,
            games: int, seed: int, jobs: int, max_model_calls: int, out: str, replay_from: str | None,
            max_tokens: int | None, max_cost: float | None, batch_max_tokens: int | None,
            batch_max_cost: float | None, as_json: bool) -> None:
    """批量重新生成：用目录中每个玩法保存的描述重新起草、跑全部关卡，写出草稿（绝不改动已批准的文件）。

    汇总表（玩法、结论、是否有变化、规则变化数、缺口、错误、tokens）同时写入 <out>/summary.json 与 summary.md，
    并给出模型用量合计。--max-tokens / --max-cost 限制每份草稿，--batch-max-tokens / --batch-max-cost 限制整次运行：
    设了整次上限时玩法分批运行，每批平分剩余额度，用完后其余玩法不再重新生成并写明原因。
    中断后重新运行会跳过已完成的玩法。退出码：0 全部通过，1 有玩法未通过。
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table
    from rich.text import Text

    from dslgen.errors import UsageError
    from dslgen.generate.examples import catalog_dir
    from dslgen.output import console, print_json
    from dslgen.review.batch import BatchOptions, run_batch, tokens_line
    from dslgen.terminal import show_progress

    if provider and provider not in _provider_names():
        raise UsageError(f"未知的模型提供方：{provider}", where="--provider", hint="可选：" + "、".join(_provider_names()))
    ids = tuple(x.strip() for x in (only or "").split(",") if x.strip())
    opts = BatchOptions(catalog=str(catalog_dir(catalog)), out=out, only=ids, provider=provider, model=model,
                        games=games, seed=seed, jobs=jobs, replay_from=replay_from,
                        max_model_calls=max_model_calls, max_tokens=max_tokens, max_cost=max_cost,
                        batch_max_tokens=batch_max_tokens, batch_max_cost=batch_max_cost)
    bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console(stderr=True), transient=True, disable=as_json or not show_progress())
    with bar:
        task = bar.add_task("重新生成", total=None)

        def report(done: int, total: int, name: str) -> None:
            """Advance the bar to ``done`` of ``total`` variants."""
            bar.update(task, completed=done, total=total, description=f"重新生成 {name}" if name else "重新生成")

        summary = run_batch(opts, progress=report)
    if as_json:
        print_json({"variants": summary["variants"], "ok": summary["ok"], "out": summary["out"],
                    "tokens": summary["tokens"], "budget": summary["budget"]})
    else:
        table = Table(header_style="bold")
        for col in ("玩法", "结论", "有变化", "规则变化数", "缺口", "错误", "tokens", "备注"):
            table.add_column(col)
        for r in summary["variants"]:
            note = "（上次已完成）" if r.get("resumed") else ("用量上限：" + r["stopped"] if r.get("stopped") else "")
            table.add_row(r["id"], Text("✅ 通过", style="green") if r["verdict"] == "pass" else Text("❌ 未通过", style="red"),
                          "是" if r["changed"] else "否", str(len(r["semantic_changes"])), str(len(r["gaps"])),
                          str(len(r["errors"])), str((r.get("tokens") or {}).get("total_tokens", 0)), Text(note))
        out_console = console()
        out_console.print(table)
        out_console.print(tokens_line(summary["tokens"]), markup=False)
        out_console.print(f"汇总已写入 {out}/summary.json 与 {out}/summary.md", markup=False)
    ctx.exit(EXIT_OK if summary["ok"] else EXIT_FINDINGS)
