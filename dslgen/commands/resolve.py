"""``dslgen resolve``: resolve what a draft leaves open (sentences, open questions, values) and judge it again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

STATUS_ZH = {"carried": "已落实", "gapped": "列为缺口", "unhandled": "未处理", "not_rule": "不是规则"}


@click.command("resolve")
@click.argument("draft", type=click.Path(file_okay=False, path_type=Path))
@click.option("--list", "listing", is_flag=True, help="只列出还剩什么（带编号的句子、问题、其他未通过的关卡）和已有的处理，不改动草稿。")
@click.option("--all", "show_all", is_flag=True, help="与 --list 一起：列出描述的每一句（含已落实的），不只是待处理的。")
@click.option("--sentence", metavar="N", help="要处理的句子编号（见 --list）；几句一起：3,5 或 5-8。与 --as 一起用。")
@click.option("--as", "as_", metavar="处理", help="这句怎样处理：not-rule（不是规则）、field=字段路径（由这个字段落实）、gap=\"原因\"（DSL 无法表达，列为缺口）。")
@click.option("--question", metavar="N", help="要回答的问题编号（见 --list）。与 --answer 一起用。")
@click.option("--answer", metavar="回答", help="对问题的回答（这条规则定下来是什么）；需要改值时同时给 --set。")
@click.option("--set", "sets", multiple=True, metavar="PATH=VALUE", help="修改一个值（可重复），例如 --set scoring.base_points=1 或 --set fan_types[七对].base_fan=4。")
@click.option("--withdraw", type=int, metavar="N", help="撤回第 N 条处理记录（修改取值不能撤回，请用 --set 改回）。")
@click.option("--by", "reviewer", metavar="姓名", help="处理人（写入处理记录；默认取配置中的 reviewer）。")
@click.option("--why", default="", metavar="理由", help="为什么这样处理（写入处理记录，审核报告与批准记录中显示）。")
@click.option("--jobs", default="auto", show_default=True, help="重新模拟的进程数，或 auto。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：--list 时为待处理清单，否则为新的 result.json（另含 added：本次写入的处理记录）。")
@click.pass_context
def command(ctx: click.Context, draft: Path, listing: bool, show_all: bool, sentence: str | None, as_: str | None,
            question: str | None, answer: str | None, sets: tuple[str, ...], withdraw: int | None,
            reviewer: str | None, why: str, jobs: str, as_json: bool) -> None:
    """处理草稿中余下的问题：把句子标为不是规则、由某个字段落实或列为缺口，回答读者的问题，修改取值；每次处理后重新判定。

    \b
    dslgen resolve 草稿目录 --list                      # 还剩什么（带编号）
    dslgen resolve 草稿目录 --sentence 3 --as not-rule --by 张三 --why "页面广告"
    dslgen resolve 草稿目录 --sentence 5 --as field=game.seating.next_dealer --by 张三
    dslgen resolve 草稿目录 --sentence 7 --as gap="DSL 没有离座重开的规则" --by 张三
    dslgen resolve 草稿目录 --question 1 --answer "四人" --set game.players.max=4 --by 张三
    dslgen resolve 草稿目录 --set scoring.base_points=1 --by 张三 --why "每局底分 1"

    每条处理都记入草稿的 resolutions.json（谁、什么时候、处理了什么、为什么），审核报告与批准记录都会列出。

    退出码：0 草稿已通过，1 仍未通过（--list 时 0），2 用法错误（编号不存在、字段路径不对、值不合法），什么也不写。
    """
    from dslgen.errors import EXIT_FINDINGS, EXIT_OK, UsageError
    from dslgen.output import print_json
    from dslgen.review.resolve import resolve, status
    from dslgen.simulation import resolve_jobs

    acting = sentence is not None or as_ is not None or question is not None or answer is not None or sets \
        or withdraw is not None
    if listing and acting:
        raise UsageError("--list 只列出，不能与处理选项一起用", where="--list", hint="先 --list 看编号，再单独运行处理")
    if show_all and not listing:
        raise UsageError("--all 只与 --list 一起用", where="--all", hint="dslgen resolve 草稿目录 --list --all")
    if listing or not acting:
        info = status(draft)
        if as_json:
            print_json(info)
        else:
            _print_status(info, show_all)
        ctx.exit(EXIT_OK)
    result = resolve(draft, by=reviewer or "", sentence=sentence, as_=as_, question=question, answer=answer,
                     sets=list(sets), withdraw=withdraw, why=why, jobs=resolve_jobs(jobs))
    if as_json:
        print_json(result)
    else:
        _print_result(draft, result)
    ctx.exit(EXIT_OK if result["verdict"] == "pass" else EXIT_FINDINGS)


def _print_result(draft: Path, result: dict[str, Any]) -> None:
    from dslgen.output import console
    from dslgen.review.resolve import describe, status

    out = console()
    for entry in result["added"]:
        out.print(f"已记录第 {entry['n']} 条处理：{describe(entry)}（{entry['by']}）", markup=False)
    out.print(f"重新判定：{'通过' if result['verdict'] == 'pass' else '未通过'}（"
              + "  ".join(f"{g['label']} {'✓' if g['status'] == 'pass' else '✗'}"
                          for g in result["judgement"]["gates"].values()) + "）", markup=False)
    if result["verdict"] == "pass":
        out.print(f"下一步：dslgen review {draft}，再 dslgen approve {draft} --reviewer 姓名", markup=False)
        return
    info = status(draft)
    left = len(info["pending"]) + len(info["pending_questions"])
    out.print(f"还剩 {left} 条待处理" + (f"，{len(info['other_gates'])} 个其他关卡未通过" if info["other_gates"] else "")
              + f"：dslgen resolve {draft} --list", markup=False)


def _print_status(info: dict[str, Any], show_all: bool) -> None:
    from dslgen.output import console

    out = console()
    verdict = {"pass": "通过", "fail": "未通过"}.get(info["verdict"], "需重新判定")
    out.print(f"草稿 {info['draft']}：{verdict}", markup=False)
    shown = info["sentences"] if show_all else info["pending"]
    title = "描述的每一句" if show_all else "待处理的句子"
    out.print(f"{title}（{len(shown)} 条；--sentence 编号 --as not-rule | field=字段路径 | gap=\"原因\"）：", markup=False)
    for s in shown:
        state = "待处理" if s["pending"] else STATUS_ZH.get(s["status"], s["status"])
        done = f" — {s['resolution']['text']}（{s['resolution']['by']}）" if s["resolution"] else ""
        out.print(f"  [{s['number']}] {s['text']}（{state}）{done}", markup=False)
    if not shown:
        out.print("  没有。", markup=False)
    if info["questions"]:
        out.print(f"读者的问题（{len(info['pending_questions'])} 个待回答；--question 编号 --answer \"…\"）：", markup=False)
        for q in info["questions"]:
            done = f" — 已回答：{q['answer']['answer']}（{q['answer']['by']}）" if q["answer"] else ""
            out.print(f"  [Q{q['number']}] {q['message']}（{q['sentence']}）{done}", markup=False)
    for g in info["other_gates"]:
        out.print(f"其他未通过的关卡：{g['label']}：{g['detail']}（需要时用 --set 字段路径=值 修改取值）", markup=False)
        for message in g["findings"]:
            out.print(f"  · {message}", markup=False)
    for f in info["unresolvable"]:
        out.print(f"无法在审核中处理：{f['code']} {f['message']}", markup=False)
    if info["resolutions"]:
        out.print(f"已有的处理（{len(info['resolutions'])} 条，记在 {info['record']}）：", markup=False)
        for r in info["resolutions"]:
            out.print(f"  #{r['n']} {r['text']} — {r['by']}，{r['at']}" + (f"：{r['why']}" if r["why"] else ""),
                      markup=False)
