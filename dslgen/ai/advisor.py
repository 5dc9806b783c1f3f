"""Level 3: the configured model advises on key turns, a few times per game.

:func:`key_turn` says whether a decision is worth a model call (the caller marked it, or the hand is
ready, an opponent looks dangerous, or the hand leans to a big fan). :class:`Advisor` builds the prompt
(the rules' fan table, the seat's tiles, the table, the legal actions numbered, the search's view of
them), asks the provider ``dslgen`` is configured with (``dslgen config show``: provider, model,
base URL, ``OPENAI_API_KEY``) and reads back one legal action. Every failure — no model configured,
a timeout, an HTTP error, an answer that is not JSON, an action that is not legal, the per-game cap
reached — is an :class:`AdviceFailed` with a Chinese reason; the service then answers level 2's choice.
"""

from __future__ import annotations

import dataclasses
import json
import re
import threading
import time
from collections import OrderedDict

from engine import tiles as T
from engine.ai import value
from engine.game.actions import Action

#: Model calls per game at most (the plan: 3–5).
DEFAULT_CAP = 4
#: Games whose call counts are remembered.
GAMES_KEPT = 4096
#: A hand holding this many tiles of one suit (wild tiles included) leans to 清一色 / 混一色.
FLUSH_TILES = 10
#: An opponent with this many exposed melds is treated as close to winning.
DANGER_MELDS = 3


#: Failures that happen before any call: the model was not asked.
NOT_ASKED = ("no_game", "no_time", "config", "cap")


class AdviceFailed(Exception):
    """The model gave no usable advice; ``reason`` is Chinese, ``kind`` a stable English tag."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def key_turn(view, marked: bool = False) -> str | None:
    """Why this decision is a key turn (``marked`` / ``ready`` / ``defence`` / ``big_hand``), or None."""
    if marked:
        return "marked"
    me = view.players[view.seat]
    discards = [a.tile for a in view.legal_actions if a.kind == "discard"]
    if discards and min(value.shanten_after(view, t) for t in set(discards)) == 0:
        return "ready"
    for p in view.players:
        if p.seat != view.seat and not p.won and (p.declared or len(p.melds) >= DANGER_MELDS):
            return "defence"
    counts = [0, 0, 0]
    wild = sum(1 for t in me.hand if t in view.wild_codes)
    for t in list(me.hand) + [x for m in me.melds for x in m.tiles]:
        if T.is_suited(t) and t not in view.wild_codes:
            counts[T.suit_of(t)] += 1
    if max(counts) + wild >= FLUSH_TILES:
        return "big_hand"
    return None


def _tiles(tiles) -> str:
    return "".join(T.tile_name(t) for t in sorted(tiles)) or "（无）"


def prompt(version, view, legal: list[Action], searched: list, context: dict | None) -> str:
    """The user message: rules' fans, the seat's tiles, the table, the numbered legal actions and the
    search's statistics, and the answer format (one JSON object)."""
    me = view.players[view.seat]
    lines = [f"玩法：{version.name}（{view.rules.players} 人）。番型表：" +
             "；".join(f"{n} {f} 番" for n, f in version.fans) + "。",
             f"你是座位 {view.seat}（庄家是座位 {view.dealer}），牌墙还剩 {view.wall_remaining} 张。",
             f"你的手牌：{_tiles(me.hand)}；你的副露：" + ("、".join(_tiles(m.tiles) for m in me.melds) or "（无）") + "。"]
    if view.wild_codes:
        lines.append(f"癞子（万能牌）：{_tiles(view.wild_codes)}。")
    if view.voids and view.voids[view.seat] is not None:
        lines.append(f"你定缺 {T.SUIT_NAMES[view.voids[view.seat]]}。")
    for p in view.players:
        if p.seat == view.seat:
            continue
        extra = "，已胡" if p.won else ""
        if p.declared:
            extra += f"，已亮倒，听 {_tiles(p.waits)}"
        lines.append(f"座位 {p.seat}：{p.hand_size} 张暗牌，副露 " + ("、".join(_tiles(m.tiles) for m in p.melds) or "无")
                     + f"，弃牌 {_tiles(p.discards)}{extra}。")
    if view.claim_tile is not None:
        lines.append(f"座位 {view.claim_from} 刚打出 {T.tile_name(view.claim_tile)}。")
    if context:
        lines.append("牌局信息：" + json.dumps(context, ensure_ascii=False)[:500])
    stats = {a: (n, m) for a, n, m in searched}
    lines.append("可选动作（编号: 动作）：")
    for i, a in enumerate(legal):
        hint = f"（搜索 {stats[a][0]} 次，平均收益 {stats[a][1]:.2f}）" if a in stats else ""
        lines.append(f"{i}: {a.label()}{hint}")
    lines.append('只回答一个 JSON 对象：{"choice": 编号, "reason": "一句话理由"}。')
    return "\n".join(lines)


def parse_choice(text: str, legal: list[Action]) -> Action:
    """The legal action a model's answer names; :class:`AdviceFailed` for anything else."""
    match = re.search(r"\{.*\}", text or "", re.S)
    if not match:
        raise AdviceFailed("garbage", "模型的回答里没有 JSON 对象")
    try:
        data = json.loads(match.group(0))
    except ValueError:
        raise AdviceFailed("garbage", "模型的回答不是合法的 JSON") from None
    choice = data.get("choice") if isinstance(data, dict) else None
    if isinstance(choice, bool) or not isinstance(choice, int):
        raise AdviceFailed("garbage", f"模型的回答没有整数 choice：{str(choice)[:40]}")
    if not 0 <= choice < len(legal):
        raise AdviceFailed("illegal", f"模型选了不存在的动作编号 {choice}（共 {len(legal)} 个合法动作）")
    return legal[choice]


class Advisor:
    """Asks the configured model, at most ``cap`` times per game id; thread-safe."""

    SYSTEM = "你是麻将高手，为陪打 AI 在关键回合选择动作。只从给出的合法动作中选择。"

    def __init__(self, provider: str | None = None, model: str | None = None, cap: int = DEFAULT_CAP):
        self.provider_name = provider
        self.model = model
        self.cap = cap
        self._calls: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()

    def calls_left(self, game_id: str) -> int:
        """Model calls game ``game_id`` may still make."""
        with self._lock:
            return max(0, self.cap - self._calls.get(game_id, 0))

    def _take(self, game_id: str) -> None:
        with self._lock:
            used = self._calls.get(game_id, 0)
            if used >= self.cap:
                raise AdviceFailed("cap", f"本局已问过模型 {used} 次，达到每局上限 {self.cap}")
            self._calls[game_id] = used + 1
            self._calls.move_to_end(game_id)
            while len(self._calls) > GAMES_KEPT:
                self._calls.popitem(last=False)

    def _provider(self, seconds: float):
        from dslgen.errors import DslgenError
        from dslgen.generate import config, providers

        try:
            name, settings = config.resolve(self.provider_name, self.model)
        except DslgenError as exc:
            raise AdviceFailed("config", f"模型配置有误：{exc.message}") from None
        if name != "openai":
            raise AdviceFailed("config", "没有配置模型（需要 OPENAI_API_KEY 与模型名称），难度 3 以难度 2 作答")
        settings = dataclasses.replace(settings, timeout=max(0.1, seconds), max_retries=0,
                                       extra={**settings.extra, "structured_output": "off"})
        provider = providers.get(name)(settings)
        try:
            provider.check_config()
        except DslgenError as exc:
            raise AdviceFailed("config", exc.message) from None
        provider.deadline_at = time.monotonic() + max(0.1, seconds)
        return provider

    def advise(self, game_id: str, version, view, legal: list[Action], searched: list, seconds: float,
               context: dict | None = None) -> tuple[Action, str]:
        """The model's choice and its reason, within ``seconds``; :class:`AdviceFailed` otherwise."""
        from dslgen.errors import DslgenError
        from dslgen.generate.providers import Message, Request

        if not game_id:
            raise AdviceFailed("no_game", "请求没有 game_id，无法按局限制模型调用次数，未问模型")
        if seconds <= 0.05:
            raise AdviceFailed("no_time", "剩余时间不足，未问模型")
        provider = self._provider(seconds)
        self._take(game_id)
        text = prompt(version, view, legal, searched, context)
        try:
            reply = provider.complete(Request(messages=[Message("system", self.SYSTEM), Message("user", text)],
                                              description=""))
        except DslgenError as exc:
            raise AdviceFailed(getattr(exc, "kind", "error"), f"模型调用失败：{exc.message}") from None
        action = parse_choice(reply.text, legal)
        match = re.search(r'"reason"\s*:\s*"([^"]{0,200})', reply.text)
        return action, match.group(1) if match else ""
