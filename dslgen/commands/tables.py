"""``dslgen tables build [--check]``: regenerate the solver's shipped suit tables."""

from __future__ import annotations

from pathlib import Path

import click

from dslgen.errors import EXIT_FINDINGS
from dslgen.output import console, print_json


@click.group(name="tables")
def command() -> None:
    """生成求解器随包发布的数据表（engine/solver/suit_profiles.bin：每种单门花色牌型的向听轮廓；
    engine/solver/exact_parts.py：每种能拆成整组的单门/字牌牌型及其拆法）。"""


@command.command(name="build")
@click.option("--check", is_flag=True, help="只检查已提交的数据表是否与重新计算的一致，不写文件；不一致时退出码为 1。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出结果。")
@click.pass_context
def build(ctx: click.Context, check: bool, as_json: bool) -> None:
    """用求解器自身的递归重新计算全部单门牌型（每门至多 14 张）的向听轮廓（约需 20 CPU 秒）。"""
    from engine.solver import suit_data, tables

    path = Path(suit_data.__file__).with_name(suit_data.DATA_FILE)
    fresh = tables.build_shipped()
    old = path.read_bytes() if path.exists() else None
    stale = old is None or suit_data.decode(old) != suit_data.decode(fresh)
    if not check and stale:
        path.write_bytes(fresh)
    exact_path, exact_stale = _exact_parts(check)
    if as_json:
        print_json({"check": check, "path": str(path), "patterns": suit_data.PATTERNS, "stale": stale,
                    "exact_parts": {"path": str(exact_path), "stale": exact_stale}})
    elif check:
        for p, bad in ((path, stale), (exact_path, exact_stale)):
            if bad:
                console(stderr=True).print(f"{p}: 与重新计算的结果不一致")
        if stale or exact_stale:
            console(stderr=True).print("  提示：运行 dslgen tables build 重新生成，并提交这些文件")
        else:
            console().print(f"数据表与重新计算的结果一致（{suit_data.PATTERNS} 种牌型；{exact_path.name}）。")
    else:
        written = [p for p, bad in ((path, stale), (exact_path, exact_stale)) if bad]
        for p in written:
            console().print(f"已写入 {p}")
        if not written:
            console().print("数据表已是最新，无需写入。")
    if check and (stale or exact_stale):
        ctx.exit(EXIT_FINDINGS)


def _exact_parts(check: bool) -> tuple[Path, bool]:
    """engine/solver/exact_parts.py: every suit/honor pattern that splits into whole groups, with its
    readings, recomputed by the search (a few CPU seconds); written unless ``check``. Returns the
    path and whether the committed file differed."""
    from engine.solver import tables

    path = Path(tables.__file__).with_name("exact_parts.py")
    text = tables.exact_parts_source()
    stale = not path.exists() or path.read_text(encoding="utf-8") != text
    if not check and stale:
        from dslgen.rulefile.yamlio import write_atomic

        write_atomic(path, text)
    return path, stale
