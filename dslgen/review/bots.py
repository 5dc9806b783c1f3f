"""What the report says about the players behind its statistics: bots, what each kind does, and how they
differ from people (a reviewer who sees a 0% draw rate should know it comes from bots that never defend).

The bots themselves are the engine's (:data:`engine.simulation.BOTS`); this module only words them for a
reviewer. A bot registered in the engine without words here is still named, with a generic sentence.
"""

from __future__ import annotations

from typing import Any, Mapping

#: How each registered bot plays, for a reviewer.
HOW = {
    "greedy": "greedy（默认）：能胡就胡；每次打出让手牌离听牌最近（向听数最小）的牌，同样近时留下还能摸到的有效牌多的；"
              "吃、碰、杠只在让手牌更近听牌时才要；听牌时选能合法胡的牌最多的听法；起胡 8 番以上（国标）时朝凑得够番的牌型打。",
    "random": "random：能胡就胡，多半开杠，其余随机出牌或反应——相当于完全不会打的新手，用来检验规则在乱打时也不出错。",
    "mix": "mix：以 greedy 为底，每个座位带一种习惯——四成照常，两成有一半时候放过点炮胡（过水），一成半死留定缺的牌（成花猪），"
           "一成半专做清一色，一成见碰就碰做对对胡——用来走到完美玩家会避开的规则。",
    "mcts": "mcts：信息集蒙特卡洛树搜索——把看不见的牌按自己看到的局面随机补齐，用引擎自己的规则往下推演若干步"
            "（推演时四家按 greedy 的向听数最小打法），只有明显（2 个标准误）好于 greedy 的选择时才换掉它；"
            "能胡就胡，换三张、定缺同 greedy。比 greedy 慢得多。",
}
#: How the bots differ from people, whatever their kind.
DIFFERENCE = ("和真人的区别：机器人不防守（不看别人在听什么，照打危险牌），不为大番放弃快胡，不记牌也不猜牌。"
              "所以它们胡得比真人快、流局比真人少（常常是 0%）、点炮更多、大番更少；统计反映的是这套规则在这种打法下的结果，"
              "适合比较两版规则的差别，不是真实牌桌上的精确数字。换一种机器人：dslgen review … --bot mix（或 random）。")


def about_bots(sim: Mapping[str, Any]) -> dict[str, str]:
    """``{"bot", "how", "difference"}`` for a simulation's JSON form ({} when no games ran)."""
    if not sim or sim.get("ran") is False or "games" not in sim:
        return {}
    bot = str(sim.get("bot") or "greedy")
    how = HOW.get(bot, f"{bot}：引擎注册的机器人（见 engine/simulation/bots.py）。")
    return {"bot": bot, "how": f"统计来自 {sim['games']} 局机器人对局（四家都是机器人）。{how}", "difference": DIFFERENCE}
