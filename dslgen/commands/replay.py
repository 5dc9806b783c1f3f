"""``dslgen replay``: one simulated game, turn by turn, in Chinese."""

from __future__ import annotations

import click


@click.command("replay")
@click.argument("rules_file", type=click.Path(dir_okay=False, path_type=str))
@click.option("--seed", required=True, type=int, help="模拟时用的种子（dslgen simulate --seed）。")
@click.option("--game", "game_index", default=0, show_default=True, type=click.IntRange(min=0), help="第几局（从 0 开始）。")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(["greedy", "random", "mix", "mcts"]),
              help="模拟时用的机器人（与 dslgen simulate --bot 相同）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出事件日志与结果。")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=str),
              help="另存一份可逐步翻看这一局的自包含 HTML 页面。")
@click.pass_context
def command(ctx: click.Context, rules_file: str, seed: int, game_index: int, bot: str, as_json: bool,
            html_path: str | None) -> None:
    """重放 dslgen simulate 的某一局：逐步列出摸牌、打牌、吃碰杠、胡牌（番型）与支付。

    与模拟使用相同的种子推导，因此能精确复现出错的那一局。退出码：0 对局正常，1 该局违反不变量或出错。
    """
    from engine.simulation import game_seed
    from engine.simulation.games import replay_game  # the series-chained game, as the run played it
    from engine.simulation.narrate import narrate

    from dslgen.output import console, print_json
    from dslgen.rulefile import load_playable

    rf = load_playable(rules_file)
    record = replay_game(rf.rules, seed, game_index, bot)
    if html_path:
        from dslgen.web.replay_page import render_replay_html, replay_data
        from dslgen.rulefile.yamlio import write_atomic

        page = render_replay_html(rf.rules.name or rules_file, replay_data(rf.rules, seed, game_index, bot),
                                  rules_path=rules_file)
        write_atomic(html_path, page)
    if as_json:
        print_json({
            "seed": seed, "game": game_index, "game_seed": game_seed(seed, game_index), "bot": bot,
            "dealer": record.dealer, "end_reason": record.end_reason, "length": record.length,
            "wins": record.wins, "payments": record.payments, "hooks": record.hooks,
            "error": record.error, "events": record.events or [], "log": narrate(record.events or []),
        })
    else:
        out = console()
        if html_path:  # the page is the replay: the terminal only says where it is
            out.print(f"{rf.rules.name or rules_file}：种子 {seed} 第 {game_index} 局的 HTML 页面已写入 {html_path}",
                      markup=False)
        else:
            out.print(f"{rf.rules.name or rules_file}：种子 {seed} 第 {game_index} 局（机器人 {bot}）")
            for line in narrate(record.events or []):
                out.print(line, markup=False)
        if record.error:
            out.print(f"出错：第 {record.error['action_index']} 个动作：{record.error['message']}", style="red")
    ctx.exit(1 if record.error else 0)
