"""``dslgen new``: draft a rule file from a plain-language description and prove it."""

from __future__ import annotations

import contextlib
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Iterator

import click

from dslgen.commands.backend_option import backend_options
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from dslgen.errors import EXIT_FINDINGS, EXIT_OK, UsageError
from dslgen.output import console, print_json

#: At most this many lines per list (gaps, unhandled sentences, assumptions); the rest is in result.json.
_LIST_LIMIT = 12


class _RichProgress:
    """Stages and the simulation bar on stderr (the pipeline's ``Progress`` interface)."""

    def __init__(self, enabled: bool = True) -> None:
        from dslgen.terminal import quiet, show_progress

        #: Step lines unless --json / -q; the bar only on a terminal.
        self.lines = enabled and not quiet()
        self.show_bar = enabled and show_progress()
        self.bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=console(stderr=True), transient=True)
        self.task = None

    def stage(self, text: str) -> None:
        """Print a step line."""
        if self.lines:
            console(stderr=True).print(Text.assemble(("·", "dim"), f" {text}"))

    def games(self, done: int, total: int) -> None:
        """Advance the simulation bar."""
        if not self.show_bar:
            return
        if self.task is None:
            self.bar.start()
            self.task = self.bar.add_task("模拟对局", total=total)
        self.bar.update(self.task, completed=done)
        if done >= total:
            self.bar.stop()

    def close(self) -> None:
        """Stop the bar if it is still running."""
        if self.task is not None:
            self.bar.stop()


def _jobs(value: str) -> int | str:
    if value == "auto":
        return value
    try:
        n = int(value)
    except ValueError:
        raise UsageError(f"--jobs 应为正整数或 auto：{value}", where="--jobs") from None
    if n < 1:
        raise UsageError("--jobs 至少为 1", where="--jobs")
    return n


def _read_description(text: str | None, file: str | None) -> str:
    if text and file:
        raise UsageError("描述只能给一种：直接写在命令里，或用 --file", where="DESCRIPTION")
    if text and re.fullmatch(r"--?[A-Za-z][\w-]*(?:=\S*)?", text):
        raise UsageError(f"没有选项：{text}", where=text, hint="dslgen new --help 列出所有选项")
    if text == "-" or file == "-":
        stdin = sys.stdin
        data = stdin.buffer.read() if hasattr(stdin, "buffer") else stdin.read().encode("utf-8")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UsageError("标准输入不是 UTF-8 编码", where="-", hint="请用 UTF-8 输入描述") from None
    if file:
        try:
            return Path(file).read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise UsageError("描述文件不存在", where=file, hint="检查 --file 的路径") from None
        except UnicodeDecodeError:
            raise UsageError("描述文件不是 UTF-8 编码", where=file, hint="请用 UTF-8 保存") from None
        except OSError as exc:
            raise UsageError(f"描述文件无法读取：{exc.strerror or exc}", where=file) from None
    if not text:
        raise UsageError("缺少玩法描述", where="DESCRIPTION", hint='用法：dslgen new "南昌麻将：……" 或 dslgen new --file 描述.md')
    return text


def _print_limited(out, lines: list[str]) -> None:
    for line in lines[:_LIST_LIMIT]:
        out.print(f"  - {line}", markup=False)
    if len(lines) > _LIST_LIMIT:
        out.print(f"  ……另有 {len(lines) - _LIST_LIMIT} 条，见 result.json", markup=False)


def _print_points(out, sim: dict, verdict) -> None:
    """The money line of the simulation and the economics gate's warnings (its errors are listed with the others)."""
    from dslgen.points import points_of

    points = points_of(sim)
    if points:
        out.print(f"输赢：零分胡牌 {points['zero_point_win_share']:.1%}（{points['wins']} 次中 {points['zero_point_wins']} 次），"
                  f"每局易手 {points['moved_per_game']:.2f} 分，每次胡牌赢家得 {points['gain_per_win']:.2f} 分，"
                  f"单局最大输 {points['max_loss']} 分", markup=False)
    gate = verdict.gate("economics")
    warnings = [f for f in gate.findings if not f.is_error] if gate else []
    if warnings:
        out.print(f"输赢检查的警告（{len(warnings)} 条）：")
        _print_limited(out, [f"[{f.code}] {f.message}" for f in warnings])


@contextlib.contextmanager
def _terminate_like_interrupt() -> Iterator[None]:
    """While ``new`` runs, SIGTERM ends it the way Ctrl-C does (exit 143 instead of 130): the pipeline's
    cleanup runs and the reserved draft folder is released instead of staying behind empty."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):  # noqa: ARG001 - the signal handler's signature
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _print_prompt(result: dict) -> None:
    """With -v: the first call's input tokens, the meter, and the model's limits when configured."""
    from dslgen.terminal import verbose

    prompt = result.get("prompt") or {}
    if not verbose() or not prompt.get("first_call_tokens"):
        return
    limits = ""
    if prompt.get("context_window"):
        limits = f"；上下文 {prompt['context_window']} tokens"
    if prompt.get("max_tokens"):
        limits += f"；回答上限 max_tokens {prompt['max_tokens']}"
    console(stderr=True).print(f"提示词：第一次调用输入约 {prompt['first_call_tokens']} tokens（{prompt.get('meter')}，"
                               f"{prompt.get('messages')} 条消息）{limits}", markup=False)


def _print_no_answer(result: dict) -> None:
    """A run in which the model never answered: the failure, the request and the fix, nothing else."""
    out = console()
    failure, request = result["failure"], result.get("request") or {}
    out.print(f"草稿：{result['draft']}（只记录了失败，没有规则文件）", markup=False)
    out.print(f"模型调用失败：{failure['message']}", style="red", markup=False)
    where = f"{request.get('model', '')} @ {request.get('base_url') or '默认地址'}"
    size = f"，提示词约 {request['prompt_tokens']} tokens" if request.get("prompt_tokens") else ""
    out.print(f"请求：{where}，第 {request.get('rounds', 1)} 轮{size}", markup=False)
    out.print(f"下一步：{result['next']}", markup=False)


def _print_summary(result: dict) -> None:
    from dslgen.judge import Simulation, Verdict

    out = console()
    if result.get("notice"):
        out.print(f"说明：{result['notice']}", style="yellow", markup=False)
    _print_prompt(result)
    if result.get("failure") and not result.get("yaml"):
        _print_no_answer(result)
        return
    verdict = Verdict.from_json(result["judgement"])
    out.print(f"草稿：{result['draft']}", markup=False)
    out.print(f"规则文件：{result['yaml']}", markup=False)
    mark = Text("通过", style="green") if verdict.passed else Text("未通过", style="red")
    out.print(Text.assemble("结论：", mark, f"（{result['rounds']} 轮）"))
    from dslgen.generate.overrides import shown

    for change in result.get("overrides") or []:
        out.print(f"命令行修改：{change['path']}：{shown(change['before'])} → {shown(change['after'])}（--set {change['set']}）",
                  markup=False)
    if result.get("overrides_unapplied"):
        out.print("规则文件无法读取，--set 没有应用：" + "、".join(result["overrides_unapplied"]), style="red", markup=False)
    out.print("关卡：" + "  ".join(f"{g.label} {'✓' if g.passed else '✗'}" for g in verdict.gates), markup=False)
    consistency = result.get("consistency") or {}
    if consistency.get("no_rules"):
        no_rules = next((f for f in consistency.get("findings") or [] if f.get("code") == "D003"), {})
        out.print(no_rules.get("message", "描述中没有任何规则"), style="red", markup=False)
        if no_rules.get("hint"):
            out.print(f"  提示：{no_rules['hint']}", markup=False)
    cov = result.get("coverage") or {}
    if cov:
        from dslgen.generate.consistency import coverage_line

        out.print(coverage_line(cov), markup=False)
    counts = (result.get("value_sources") or {}).get("counts") or {}
    if any(counts.values()):
        out.print(f"取值来源：描述写明 {counts.get('stated', 0)} 项 / 规范默认 {counts.get('default', 0)} 项 / "
                  f"假设待确认 {counts.get('assumed', 0)} 项")
    stopped = (result.get("budget") or {}).get("stopped")
    if stopped:
        out.print(f"用量上限：{stopped}", style="yellow", markup=False)
        out.print("  提示：用 --max-tokens / --max-cost 放宽上限后重新运行", markup=False)
    if result.get("failure"):
        failure = result["failure"]
        out.print(f"模型调用失败：{failure['message']}", style="red", markup=False)
        if failure.get("hint"):
            out.print(f"  提示：{failure['hint']}", markup=False)
    contradictions = [f for f in consistency.get("findings") or [] if f.get("code") == "D001"]
    if contradictions:
        out.print(f"与描述矛盾（{len(contradictions)} 处）：", style="red", markup=False)
        from dslgen.review.description_view import contradiction_text

        for f in contradictions[:_LIST_LIMIT]:
            out.print(f"  - {contradiction_text(f)}", markup=False)
    errors = [f for f in verdict.findings if f.is_error and f.code not in ("D001", "D002", "D003")]
    for f in errors[:10]:
        where = f" {f.path_text}" if f.path else ""
        hint = f"（{f.hint}）" if f.hint and f.code.startswith("S") else ""
        out.print(f"  [{f.code}]{where}：{f.message}{hint}", markup=False)
    if len(errors) > 10:
        out.print(f"  ……另有 {len(errors) - 10} 个问题，见 result.json")
    sim = Simulation.from_json(result.get("simulation") or {})
    if sim.ran:
        out.print(f"模拟：{sim.games} 局，错误 {len(sim.errors)}，有人胡牌 {sim.games_with_win} 局，"
                  f"流局率 {float(sim.stats.get('draw_rate', 0)):.1%}", markup=False)
        _print_points(out, sim.to_json(), verdict)
    else:
        out.print(f"模拟：{sim.reason}", markup=False)
    assumed = [r for r in (result.get("value_sources") or {}).get("rows") or [] if r.get("source") == "assumed"]
    if assumed:
        out.print(f"假设的取值（{len(assumed)} 项，描述没有写，请确认）：")
        from dslgen.review.description_view import assumption_text

        _print_limited(out, [assumption_text(r) for r in assumed])
    from dslgen.review.description_view import payment_default_text, payment_defaults

    payments = payment_defaults(result.get("value_sources"))
    if payments:
        out.print(f"影响输赢的规范默认值（{len(payments)} 项，描述没有写，按规范默认）：")
        _print_limited(out, [payment_default_text(r) for r in payments])
    gaps = result.get("gaps") or []
    if gaps:
        out.print(f"DSL 无法表达的规则（{len(gaps)} 条，草稿中没有）：")
        _print_limited(out, [f"{g.get('reason')}：{g.get('text')}" for g in gaps])
    unhandled = (result.get("consistency") or {}).get("unhandled") or []
    if unhandled and not consistency.get("no_rules"):
        out.print(f"未处理的规则句（{len(unhandled)} 条，既没有落实也没有列为缺口）：")
        _print_limited(out, unhandled)
    not_rules = (result.get("consistency") or {}).get("not_rules") or []
    if not_rules:
        out.print(f"读作不是规则的句子（{len(not_rules)} 条：标题、广告、背景介绍、界面说明、举例，请审核时确认）：")
        _print_limited(out, [f"{n.get('text')}（{n.get('reason')}）" for n in not_rules])
    usage = result.get("usage") or {}
    if usage.get("prompt_tokens") or usage.get("completion_tokens"):
        out.print(f"用量：输入 {usage['prompt_tokens']} / 输出 {usage['completion_tokens']} tokens，"
                  f"估算 ${usage['cost_usd']:.4f}")
    out.print(f"下一步：{result['next']}")


@click.command("new", context_settings={"ignore_unknown_options": True})
@click.argument("description", required=False)
@click.option("--file", "file", metavar="DESC.md", help="从文件读取玩法描述（UTF-8；- 表示标准输入）")
@click.option("--name", default="", metavar="ID", help="玩法 id（小写字母、数字、下划线），默认按描述中的地名生成")
@click.option("--provider", default=None, metavar="NAME", help="模型提供方：openai / offline / replay；默认有 OPENAI_API_KEY 用 openai，否则 offline（replay 回放 DSLGEN_REPLAY 指定的草稿目录）")
@click.option("--model", default=None, metavar="M", help="模型名称（也可用环境变量 DSLGEN_MODEL 或配置文件）")
@click.option("--games", default=1000, show_default=True, type=int, help="模拟对局数")
@click.option("--seed", default=0, show_default=True, type=int, help="模拟的随机种子")
@click.option("--jobs", default="auto", show_default=True, help="模拟进程数（正整数或 auto）")
@click.option("--out", default=None, metavar="DIR", help="草稿目录（默认 .dslgen/drafts/<id>-<时间>/）")
@click.option("--max-rounds", default=3, show_default=True, type=int, help="修正循环最多轮数")
@click.option("--max-tokens", type=click.IntRange(1, None), default=None, metavar="N",
              help="这份草稿的模型调用最多用多少 tokens（输入加输出）；预计会超出的一轮不再调用")
@click.option("--max-cost", type=click.FloatRange(0, None, min_open=True), default=None, metavar="USD",
              help="这份草稿的模型调用最多花多少美元（按已知价格估算，需要模型服务报告用量）")
@click.option("--set", "overrides", multiple=True, metavar="PATH=VALUE",
              help="起草后改一个值再判定，可重复：--set scoring.discard_win_multiplier=1、--set fan_types[七对].base_fan=4")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出结果")
@backend_options
def command(description, file, name, provider, model, games, seed, jobs, out, max_rounds, max_tokens, max_cost,
            overrides, as_json):
    """从中文玩法描述起草规则文件，并校验、检查、模拟，写出待审核的草稿。

    --max-tokens / --max-cost 给模型调用设上限：达到上限、或下一轮预计会超出时不再调用，草稿中写明在哪一轮、为什么停止。
    """
    from dslgen.generate.budget import Budget
    from dslgen.generate.pipeline import NewOptions, run_new

    text = _read_description(description, file)
    progress = _RichProgress(enabled=not as_json)
    try:
        with _terminate_like_interrupt():
            result = run_new(NewOptions(description=text, name=name, provider=provider, model=model, games=games,
                                        seed=seed, jobs=_jobs(jobs), out=out, max_rounds=max_rounds,
                                        budget=Budget(max_tokens, max_cost), overrides=tuple(overrides)), progress)
    finally:
        progress.close()
    if as_json:
        print_json(result)
    else:
        _print_summary(result)
    click.get_current_context().exit(EXIT_OK if result["verdict"] == "pass" else EXIT_FINDINGS)
