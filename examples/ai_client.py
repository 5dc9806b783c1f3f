"""A game server's side of the companion AI: play one game where every seat asks ``dslgen ai serve``.

Run the service, then this client (it plays the game with the engine and sends each decision over HTTP)::

    dslgen ai serve --port 5000 &
    python examples/ai_client.py --url http://127.0.0.1:5000 --rules erren --difficulty 2

Each turn the client sends the acting seat's observation (``Game.observation(seat)``: its hand, the
table and the legal actions the engine computed) with the rule file's catalog id and the version
(sha256) the game started on, applies the chosen action, and prints it. When the service does not
answer in time the client picks a legal action itself (difficulty 1), so the game never stalls.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import urllib.error
import urllib.request

from dslgen.rulefile import load_rules
from engine.game import Action, Game


def ask(url: str, body: dict, timeout: float) -> dict | None:
    """POST one decision request; None when the service fails or is too slow."""
    request = urllib.request.Request(f"{url}/ai/decide", data=json.dumps(body).encode("utf-8"),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.load(response)
    except urllib.error.HTTPError as exc:
        print("服务返回错误：", json.load(exc).get("error"), file=sys.stderr)
    except (urllib.error.URLError, TimeoutError) as exc:
        print(f"服务无响应：{exc}", file=sys.stderr)
    return None


def main(argv: list[str] | None = None) -> int:
    """Play one game; returns 0 when it ended and every answer was legal."""
    p = argparse.ArgumentParser(description="陪打 AI 决策服务的示例客户端：整局每个座位都问服务。")
    p.add_argument("--url", default="http://127.0.0.1:5000")
    p.add_argument("--rules", default="erren", help="玩法 id（目录中的文件名）")
    p.add_argument("--difficulty", type=int, default=2, choices=(1, 2, 3))
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--deadline-ms", type=int, default=1000)
    p.add_argument("--max-decisions", type=int, default=0, help="最多问几次（0 表示整局）")
    args = p.parse_args(argv)

    rules = load_rules(args.rules).rules
    game = Game(rules, args.seed)
    version = None  # the version the game starts on; every later request names it (hot switch safe)
    fallback = random.Random(args.seed)
    asked = 0
    while not game.over and (not args.max_decisions or asked < args.max_decisions):
        seat = game.to_act()[0]
        observation = game.observation(seat)
        body = {"rules": {"id": args.rules, **({"version": version} if version else {})},
                "observation": observation, "difficulty": args.difficulty, "deadline_ms": args.deadline_ms,
                "game_id": f"{args.rules}-{args.seed}"}
        answer = ask(args.url, body, timeout=args.deadline_ms / 1000 + 2)
        asked += 1
        if answer is None:
            choice = fallback.choice(observation["legal_actions"])  # difficulty 1 on our side
            print(f"座位 {seat}：服务无回答，随机选 {Action.from_dict(choice).label()}")
        else:
            version = version or answer["rules"]["version"]
            choice = answer["chosen_action"]
            print(f"座位 {seat}：{answer['label']}（置信度 {answer['confidence']:.2f}，"
                  f"{answer['thinking_time_ms']:.0f} 毫秒，难度 {answer['answered_by']} 作答）")
        action = Action.from_dict(choice)
        if not game.is_legal(action):
            print(f"服务给出了不合法的动作：{choice}", file=sys.stderr)
            return 1
        game.apply(action)
    if game.over:
        print("结算：", game.payments, "胡牌：", [(w.seat, w.total, w.fans) for w in game.wins])
    return 0


if __name__ == "__main__":
    sys.exit(main())
