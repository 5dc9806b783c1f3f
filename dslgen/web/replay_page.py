"""``dslgen replay --html``: one recorded game as a self-contained page to step through.

The page carries every step as data (each seat's hand, melds, discards and
flowers after the step, and the game log up to it) and a few lines of script to
move between steps; it loads nothing from elsewhere. The game is replayed with
the same seeds as the simulation, so the page shows the very game that
``dslgen replay`` narrates.
"""

from __future__ import annotations

import html
import json
from typing import Any

from engine import tiles as T
from engine.simulation.games import replay_game
from engine.simulation.narrate import narrate, seat_label
from engine.rules import Rules

_SCRIPT = """
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const slider = document.getElementById("step");
  slider.max = data.steps.length - 1;
  function el(tag, text, cls) { const e = document.createElement(tag); if (cls) e.className = cls; e.textContent = text; return e; }
  function show(k) {
    const s = data.steps[k];
    slider.value = k;
    document.getElementById("where").textContent = `第 ${k} / ${data.steps.length - 1} 步 · 牌墙剩余 ${s.wall}`;
    const seats = document.getElementById("seats");
    seats.replaceChildren();
    s.players.forEach((p) => {
      const box = el("div", "", "player" + (p.won ? " won" : ""));
      box.append(el("strong", p.label + (p.won ? " 已胡" : "")));
      box.append(el("div", "手牌：" + p.hand.join(" ")));
      if (p.melds.length) box.append(el("div", "副露：" + p.melds.join("  ")));
      if (p.flowers.length) box.append(el("div", "花牌：" + p.flowers.join(" ")));
      box.append(el("div", "弃牌：" + p.discards.join(" "), "dim"));
      seats.append(box);
    });
    const log = document.getElementById("log");
    log.replaceChildren();
    data.log.slice(0, s.lines).forEach((line, i) => log.append(el("li", line, i >= s.from ? "new" : "")));
    log.scrollTop = log.scrollHeight;
  }
  document.getElementById("prev").addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
  document.getElementById("next").addEventListener("click", () => show(Math.min(data.steps.length - 1, Number(slider.value) + 1)));
  document.getElementById("last").addEventListener("click", () => show(data.steps.length - 1));
  document.getElementById("first").addEventListener("click", () => show(0));
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") document.getElementById("next").click();
    if (e.key === "ArrowLeft") document.getElementById("prev").click();
  });
  show(0);
})();
"""

_CSS = """
body { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif, "Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"; margin: 1em 1.5em; color: #222; }
.player { border: 1px solid #ddd; padding: .4em .6em; margin: .4em 0; } .player.won { background: #eef8ee; }
.dim { color: #777; } #log { max-height: 24em; overflow: auto; font-size: .9em; } #log li.new { font-weight: bold; }
#step { width: 60%; } button { font-size: 1em; margin-right: .3em; }
"""


def _names(codes) -> list[str]:
    return [T.tile_name(t) for t in codes]


def _snapshot(game: Any) -> dict[str, Any]:
    players = []
    for p in game.players:
        players.append({"label": seat_label(p.seat, game.dealer), "hand": _names(sorted(p.hand)),
                        "melds": ["".join(_names(m.tiles)) for m in p.melds], "discards": _names(p.discards),
                        "flowers": _names(p.flowers), "won": bool(p.won)})
    return {"wall": len(game.wall), "events": len(game.events), "players": players}


def replay_data(rules: Rules, seed: int, game_index: int, bot: str) -> dict[str, Any]:
    """Every step of game ``game_index`` of the run seeded ``seed``: the table after it and the log so far."""
    snaps: list[dict[str, Any]] = []
    record = replay_game(rules, seed, game_index, bot, observer=lambda g: snaps.append(_snapshot(g)))
    events = record.events or []
    log = narrate(events)
    previous = 0
    for snap in snaps:
        snap["lines"] = len(narrate(events[: snap.pop("events")]))
        snap["from"] = previous
        previous = snap["lines"]
    if snaps:
        snaps[-1]["lines"] = len(log)
    return {"seed": seed, "game": game_index, "bot": bot, "steps": snaps or [{"wall": 0, "players": [], "lines": len(log), "from": 0}],
            "log": log, "error": record.error}


def render_replay_html(title: str, data: dict[str, Any], rules_path: str = "规则文件") -> str:
    """A complete, self-contained HTML page that steps through ``data`` (from :func:`replay_data`); the
    replay command it shows names ``rules_path``."""
    from dslgen.simulation import replay_command

    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    error = data.get("error")
    head = f"{title}：种子 {data['seed']} 第 {data['game']} 局（机器人 {data['bot']}）"
    return "\n".join([
        "<!DOCTYPE html>", '<html lang="zh-CN"><head><meta charset="utf-8">',
        f"<title>{html.escape(head)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{html.escape(head)}</h1>",
        f'<p class="dim">复现：{html.escape(replay_command(rules_path, data["seed"], data["game"], data["bot"]))}</p>',
        f'<p style="color:#b3261e">出错：第 {error["action_index"]} 个动作：{html.escape(error["message"])}</p>' if error else "",
        '<p><button id="first">⏮ 开局</button><button id="prev">◀ 上一步</button>'
        '<button id="next">下一步 ▶</button><button id="last">结局 ⏭</button> <input type="range" id="step" min="0" value="0"></p>',
        '<p id="where"></p><div id="seats"></div><h2>对局记录</h2><ol id="log"></ol>',
        f'<script type="application/json" id="replay-data">{payload}</script>',
        f"<script>{_SCRIPT}</script>", "</body></html>", ""])
