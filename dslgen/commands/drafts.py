"""``dslgen drafts list`` / ``dslgen drafts clean``: the drafts ``new`` wrote, and tidying them up."""

from __future__ import annotations

import datetime as _dt
import shutil
from pathlib import Path
from typing import Any

import click

VERDICT_ZH = {"pass": "通过", "fail": "未通过", "stale": "需重新判定", "unreadable": "无法读取"}


def draft_rows(parent: Path) -> list[dict[str, Any]]:
    """One row per draft folder under ``parent`` (newest first): name, id, name of the game, verdict, created,
    rejected. ``verdict`` is ``stale`` when the rule file (or its resolutions) changed after it was judged."""
    from dslgen.errors import DslgenError
    from dslgen.generate.draft import is_reservation, load_draft
    from dslgen.review.approvals import rejection_path

    rows = []
    folders = sorted(p for p in parent.iterdir() if p.is_dir() and not p.name.startswith(".")) if parent.is_dir() else []
    for folder in folders:
        if is_reservation(folder):
            continue
        created = _dt.datetime.fromtimestamp(folder.stat().st_mtime, _dt.timezone.utc).isoformat(timespec="seconds")
        row = {"name": folder.name, "path": str(folder), "id": folder.name, "title": "", "verdict": "unreadable",
               "created": created, "rejected": rejection_path(folder).is_file()}
        try:
            draft = load_draft(folder)
        except DslgenError:
            rows.append(row)
            continue
        game = draft.result.get("id")
        row["id"] = str(game or draft.id)
        row["created"] = str(draft.provenance.get("created") or created)
        try:
            from dslgen.rulefile.yamlio import load_yaml_text

            data = load_yaml_text(draft.yaml_text, str(draft.yaml_path)).data
            row["title"] = str(((data or {}).get("game") or {}).get("name") or "")
        except (DslgenError, AttributeError):
            pass
        if draft.verdict is not None:
            from dslgen.review.resolve import current

            row["verdict"] = draft.verdict.status if draft.judged_current and current(draft) else "stale"
        rows.append(row)
    return sorted(rows, key=lambda r: r["created"], reverse=True)


@click.group("drafts")
def command() -> None:
    """草稿：列出 dslgen new 写出的草稿、改其中的值并重新判定，或清理中断留下的、驳回的、未通过的、过旧的草稿。"""


def _dir_option(func):
    return click.option("--dir", "folder", default=".dslgen/drafts", show_default=True,
                        type=click.Path(file_okay=False, path_type=Path), help="草稿所在的文件夹。")(func)


@command.command("list")
@_dir_option
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：[{name, id, title, verdict, created, rejected, path}]。")
def list_command(folder: Path, as_json: bool) -> None:
    """列出草稿：名称、玩法、结论（规则文件改过则为“需重新判定”）、生成时间、是否已驳回。"""
    from rich.table import Table

    from dslgen.output import console, print_json

    rows = draft_rows(folder)
    if as_json:
        print_json(rows)
        return
    if not rows:
        console().print(f"{folder} 下没有草稿。", markup=False)
        return
    table = Table(header_style="bold")
    for col in ("草稿", "玩法", "结论", "生成时间", "驳回"):
        table.add_column(col, overflow="fold")
    for r in rows:
        when = r["created"][:16].replace("T", " ")
        table.add_row(r["name"], r["title"] or r["id"], VERDICT_ZH[r["verdict"]], when, "是" if r["rejected"] else "")
    console().print(table)


@command.command("clean")
@_dir_option
@click.option("--rejected", is_flag=True, help="也删除已驳回的草稿。")
@click.option("--failed", is_flag=True, help="也删除未通过关卡（或无法读取）的草稿。")
@click.option("--older-than", "older", type=click.IntRange(min=0), metavar="DAYS", help="也删除生成超过 DAYS 天的草稿。")
@click.option("--dry-run", is_flag=True, help="只列出会删除的，不删除。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：{removed: [...], dry_run}。")
def clean_command(folder: Path, rejected: bool, failed: bool, older: int | None, dry_run: bool, as_json: bool) -> None:
    """清理草稿：总是删除中断的 new 留下的空文件夹与临时文件（其进程已不在）；--rejected、--failed、--older-than 另外删除这些草稿。"""
    from dslgen.generate.draft import sweep
    from dslgen.output import console, print_json

    now = _dt.datetime.now(_dt.timezone.utc)
    doomed = []
    for r in draft_rows(folder):
        try:
            age = (now - _dt.datetime.fromisoformat(r["created"])).total_seconds() / 86400
        except ValueError:
            age = 0.0
        if (rejected and r["rejected"]) or (failed and r["verdict"] in ("fail", "unreadable")) or \
                (older is not None and age > older):
            doomed.append(r["path"])
    removed = [str(p) for p in sweep(folder)] if not dry_run and folder.is_dir() else []
    for path in doomed:
        if not dry_run:
            shutil.rmtree(path, ignore_errors=True)
    removed += doomed
    if as_json:
        print_json({"removed": removed, "dry_run": dry_run})
        return
    verb = "将删除" if dry_run else "已删除"
    for path in removed:
        console().print(f"{verb} {path}", markup=False)
    if not removed:
        console().print("没有要清理的草稿。")


@command.command("edit")
@click.argument("draft", type=click.Path(file_okay=False, path_type=Path))
@click.argument("changes", nargs=-1, required=True, metavar="PATH=VALUE...")
@click.option("--jobs", default="auto", show_default=True, help="重新模拟的进程数，或 auto。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出新的 result.json。")
@click.pass_context
def edit_command(ctx: click.Context, draft: Path, changes: tuple[str, ...], jobs: str, as_json: bool) -> None:
    """改草稿中的值并重新判定：dslgen drafts edit 草稿目录 scoring.discard_win_multiplier=1（改动记入草稿的 history）。"""
    from dslgen.errors import EXIT_FINDINGS, EXIT_OK
    from dslgen.output import console, print_json
    from dslgen.generate.overrides import shown
    from dslgen.review.edit import edit_draft
    from dslgen.simulation import resolve_jobs

    result = edit_draft(draft, list(changes), jobs=resolve_jobs(jobs))
    if as_json:
        print_json(result)
    else:
        out = console()
        for change in result["history"][-1]["changes"]:
            out.print(f"已修改 {change['path']}：{shown(change['before'])} → {shown(change['after'])}", markup=False)
        out.print(f"重新判定：{'通过' if result['verdict'] == 'pass' else '未通过'}（"
                  + "  ".join(f"{g['label']} {'✓' if g['status'] == 'pass' else '✗'}"
                              for g in result["judgement"]["gates"].values()) + "）", markup=False)
        out.print(f"下一步：dslgen review {draft}", markup=False)
    ctx.exit(EXIT_OK if result["verdict"] == "pass" else EXIT_FINDINGS)
