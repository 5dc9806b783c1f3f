"""``dslgen simulate``: play N games of a rule file with bots and report statistics."""

from __future__ import annotations

import click

from dslgen.commands.backend_option import backend_options

from dslgen.errors import EXIT_FINDINGS, EXIT_OK


@click.command("simulate")
@click.argument("rules_file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--games", default=1000, show_default=True, type=click.IntRange(min=1), help="模拟局数。")
@click.option("--seed", default=0, show_default=True, type=int, help="随机种子；相同种子得到相同统计。")
@click.option("--jobs", default="auto", show_default=True, help="并行进程数：正整数或 auto（CPU 核数）。")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(["greedy", "random", "mix", "mcts"]),
              help="机器人：greedy（向听数最小化）、random（随机）、mix（每个座位一种打法习惯，能走到过水、查花猪等规则）或 mcts（信息集蒙特卡洛树搜索，慢）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出统计（不显示进度条）。")
@click.pass_context
@backend_options
def command(ctx: click.Context, rules_file: str, games: int, seed: int, jobs: str, bot: str, as_json: bool) -> None:
    """用机器人模拟 N 局，检查每一步的不变量并统计胡牌率、流局率、番型频率与支付分布。

    每个错误都附带可复现它的 dslgen replay 命令。退出码：0 无错误，1 有对局出错或规则无法开局，2 用法错误。
    """
    from dslgen import simulation
    from dslgen.output import print_json
    from dslgen.rulefile import load_playable

    rf = load_playable(rules_file)
    from dslgen.terminal import show_progress

    n_jobs = simulation.resolve_jobs(jobs)
    if as_json or not show_progress():
        result = simulation.run(rf.rules, games, seed, bot, n_jobs, rules_path=rules_file)
    else:
        result = _run_with_progress(simulation, rf.rules, games, seed, bot, n_jobs, rules_file)
    if as_json:
        print_json(result)
    else:
        render(result, rf.rules.name or rules_file)
    ctx.exit(EXIT_FINDINGS if result["errors"] else EXIT_OK)


def _run_with_progress(simulation, rules, games, seed, bot, jobs, path):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
    from rich.progress import TimeRemainingColumn
    from rich.text import Text

    from dslgen.output import console

    class GamesPerSecond(ProgressColumn):
        """The recent speed in games per second."""

        def render(self, task) -> Text:
            return Text(f"{task.speed:,.0f} 局/秒" if task.speed else "… 局/秒")

    with Progress(TextColumn("模拟对局"), BarColumn(), MofNCompleteColumn(), GamesPerSecond(), TimeElapsedColumn(),
                  TextColumn("预计剩余"), TimeRemainingColumn(), console=console(stderr=True), transient=True) as bar:
        task = bar.add_task("simulate", total=games)
        return simulation.run(rules, games, seed, bot, jobs,
                              progress=lambda done, total: bar.update(task, completed=done), rules_path=path)


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def render(r: dict, title: str) -> None:
    """Print the statistics as rich tables."""
    from rich.table import Table
    from rich.text import Text

    from dslgen.output import console

    out = console()
    t = Table(title=f"{title}：模拟 {r['games']} 局（种子 {r['seed']}，机器人 {r['bot']}）", show_header=False)
    t.add_column("项目")
    t.add_column("数值", justify="right")
    t.add_row("对局数", str(r["games"]))
    t.add_row("出错局数", Text(str(r['error_count']), style="red") if r["errors"] else "0")
    t.add_row("有人胡牌的局", f"{r['games_with_win']}（{_pct(r['win_rate'])}）")
    t.add_row("胡牌次数", f"{r['wins']}（自摸 {r['self_draw_wins']}，点炮 {r['discard_wins']}，抢杠 {r['robbing_kong_wins']}）")
    t.add_row("流局率（无人胡）", _pct(r["draw_rate"]))
    t.add_row("牌墙摸完率", _pct(r["exhausted_rate"]))
    t.add_row("各座位胡牌率", " / ".join(_pct(x) for x in r["seat_win_rate"]))
    t.add_row("庄家胡牌率", _pct(r["dealer_win_rate"]))
    t.add_row("番数 平均 / 中位 / 最大", f"{r['avg_fan']} / {r['median_fan']} / {r['max_fan']}")
    t.add_row("平均对局长度（动作数）", str(r["avg_length"]))
    pay = r["payments"]
    t.add_row("每次胡牌平均收入 / 最大", f"{pay['avg_gain_per_win']} / {pay['max_gain']}")
    t.add_row("胡牌收入分布", "  ".join(f"{k}:{v}" for k, v in pay["gain_histogram"].items()) or "-")
    t.add_row("各座位平均净输赢", " / ".join(str(x) for x in pay["seat_net_avg"]))
    if pay["hooks_with_payments"]:
        t.add_row("结算钩子发生支付的局", "，".join(f"{k} {v}" for k, v in pay["hooks_with_payments"].items()))
    if pay.get("kongs_paid_per_game"):
        t.add_row("杠分（刮风下雨）每局", f"{pay['kongs_paid_per_game']} 个杠，{pay['kong_points_per_game']} 分；呼叫转移 {pay['kong_transfers']} 次")
    if r.get("passed_wins"):
        t.add_row("过水（能胡不胡）", str(r["passed_wins"]))
    lz = r.get("lian_zhuang")
    if lz:
        from engine.simulation.games import SERIES

        t.add_row(f"连庄（每 {SERIES} 局一组，庄家与连庄次数接续）",
                  f"留庄 {_pct(lz['dealer_kept_rate'])}；连庄局 {_pct(lz['streak_rate'])}，最长连庄 {lz['max_streak']} 次，"
                  f"连庄中庄家胡 {lz['streak_dealer_wins']} 局")
    ld = r.get("liang_dao") or {}
    if ld.get("declarations"):
        t.add_row("锁定手牌的声明（亮倒、报听…）局占比 / 次数 / 声明者胡牌率",
                  f"{_pct(ld['rate'])} / {ld['declarations']} / {_pct(ld['declarer_win_rate'])}")
    for name, d in (r.get("declarations") or {}).items():
        chosen = "，".join(f"{v} 选了 {n} 次" for v, n in (d.get("values") or {}).items())
        t.add_row(f"声明 {name} 局占比 / 次数 / 声明者胡牌率",
                  f"{_pct(d['rate'])} / {d['made']} / {_pct(d['declarer_win_rate'])}" + (f"（{chosen}）" if chosen else ""))
    if pay.get("items_with_payments"):
        t.add_row("结算项发生支付的局（平均每局转移）",
                  "，".join(f"{k} {v['games']}（{v['avg_moved']}）" for k, v in pay["items_with_payments"].items()))
    from dslgen.review.present import points_rows

    for label, value in points_rows(r):  # the money, each mean with its 95% interval
        t.add_row(label, value)
    out.print(t)
    f = Table(title="番型频率（占胡牌次数）")
    f.add_column("番型")
    f.add_column("次数", justify="right")
    f.add_column("频率", justify="right")
    for name, freq in r["fan_frequency"].items():
        never = name in r["never_scored"]
        f.add_row(Text(f"{name}（从未出现）", style="yellow") if never else name, str(r["fan_counts"][name]), _pct(freq))
    out.print(f)
    if r["errors"]:
        out.print(f"{r['error_count']} 局出错：", style="red")
        for e in r["errors"][:20]:
            out.print(f"  第 {e['game']} 局，第 {e['action_index']} 个动作：{e['message']}")
            out.print(f"    复现：{e.get('replay', '')}")
        if r["error_count"] > 20:
            kept = len(r["errors"])
            out.print(f"  ……另有 {r['error_count'] - 20} 局（--json 列出前 {kept} 局）")
