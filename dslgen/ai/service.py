"""The decision service behind ``POST /ai/decide``: one request in, one legal action out, at a difficulty.

Request (JSON; the plan's shape, with the engine's observation as the state)::

    {"rules": {"id": "sichuan_xuezhan", "version": "<sha256>"}   # or {"inline": "<YAML text>"}
     "observation": {...},          # Game.observation(seat): the seat's hand, the table, legal_actions
     "legal_actions": [...],        # optional: the engine's legal actions (default: the observation's)
     "difficulty": 2,               # 1 legal-random with heuristics, 2 MCTS, 3 model on key turns
     "deadline_ms": 800,            # optional, at most the server's; after it level 1 answers
     "game_id": "table-7-hand-3",   # level 3: model calls are capped per game
     "key_turn": false,             # level 3: the caller marks a key turn (the server also judges)
     "seed": 0,                     # optional: the search's seed (default: derived from the request)
     "game_context": {...}}         # optional: round, scores… passed to the model's prompt

Response: ``chosen_action`` (an action mapping from ``legal_actions``), ``confidence`` (0–1),
``thinking_time_ms``, ``difficulty``, ``answered_by`` (the level whose choice it is), ``fallback``
(why a lower level answered, or null), ``rules`` (id and version used), ``search`` and ``advice``.

Level 2 searches with ``mcts`` under an iteration budget and the time left; level 3 runs level 2
first, then asks the model with the time that remains when the turn is key and the game has calls
left, and keeps level 2's choice on any failure. The work runs in a thread; when the hard deadline
passes first, the ``random`` strategy (level 1) answers at once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from dataclasses import dataclass

from engine.ai import make_strategy
from engine.ai.observation import ObservationError, view_from_observation
from engine.game.actions import Action, IllegalAction

from dslgen.ai.advisor import NOT_ASKED, AdviceFailed, Advisor, key_turn
from dslgen.ai.rulestore import RuleStore
from dslgen.errors import DslgenError, EXIT_FINDINGS

#: Server defaults.
DEFAULT_DEADLINE_MS = 1500
MAX_DEADLINE_MS = 30000
DEFAULT_ITERATIONS = 48
#: Level 3: the share of the deadline the search may use before the model is asked.
SEARCH_SHARE = 0.4
#: Time kept back from the deadline for the answer itself.
MARGIN_S = 0.05
#: Level 3: time kept back from the model's share, so its timeout fires before the hard deadline.
MODEL_MARGIN_S = 0.25


class BadRequest(DslgenError):
    """A request that is not a decision request (HTTP 400 / 422); ``where`` is the field path."""

    exit_code = EXIT_FINDINGS
    status = 400


@dataclass
class Settings:
    """How the service decides: default and maximum deadlines, the search budget, the model advisor."""

    deadline_ms: int = DEFAULT_DEADLINE_MS
    max_deadline_ms: int = MAX_DEADLINE_MS
    iterations: int = DEFAULT_ITERATIONS
    horizon: int | None = None


@dataclass
class Parsed:
    """A validated request."""

    version: object
    view: object
    legal: list
    difficulty: int
    deadline_s: float
    game_id: str
    marked: bool
    seed: int
    context: dict | None


def _seed_of(body: dict) -> int:
    raw = json.dumps(body.get("observation"), sort_keys=True, ensure_ascii=False).encode("utf-8")
    return int.from_bytes(hashlib.sha256(raw).digest()[:8], "big")


class DecisionService:
    """Decides for requests against a :class:`RuleStore`; ``advisor`` answers level 3's key turns."""

    def __init__(self, store: RuleStore, settings: Settings | None = None, advisor: Advisor | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.advisor = advisor or Advisor()

    # -- parsing ---------------------------------------------------------------
    def parse(self, body) -> Parsed:
        """Validate a request body; :class:`BadRequest` / rule-store errors name the field."""
        if not isinstance(body, dict):
            raise BadRequest("请求体应为 JSON 对象", where="(body)", hint="见 docs/ai.md 的请求格式")
        rules = body.get("rules")
        if not isinstance(rules, dict) or not (rules.get("id") or rules.get("inline")):
            raise BadRequest("缺少规则：rules 应为 {\"id\": 玩法, \"version\": sha256} 或 {\"inline\": YAML 文本}",
                             where="rules", hint="玩法 id 即目录中的文件名（如 sichuan_xuezhan）；GET /ai/rules 列出可用的版本")
        if rules.get("inline"):
            if not isinstance(rules["inline"], str):
                raise BadRequest("rules.inline 应为规则文件的 YAML 文本", where="rules.inline")
            version = self.store.inline(rules["inline"])
        else:
            v = rules.get("version")
            if v is not None and not isinstance(v, str):
                raise BadRequest("rules.version 应为 sha256 字符串", where="rules.version")
            version = self.store.get(str(rules["id"]), v or None)
        difficulty = body.get("difficulty", 2)
        if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
            raise BadRequest(f"难度应为 1、2 或 3，收到 {difficulty!r}", where="difficulty",
                             hint="1 合法随机（最快），2 MCTS 搜索，3 关键回合问模型")
        legal = body.get("legal_actions")
        if legal is not None and not isinstance(legal, list):
            raise BadRequest("legal_actions 应为动作列表", where="legal_actions")
        try:
            view = view_from_observation(version.rules, body.get("observation"), legal)
        except ObservationError as exc:
            where = exc.path if exc.path.startswith("legal_actions") or exc.path == "observation" else f"observation.{exc.path}"
            raise BadRequest(f"局面无法读取：{exc.message}", where=where,
                             hint="observation 用引擎的 Game.observation(seat) 的形式（见 docs/ai.md）") from None
        deadline = body.get("deadline_ms", self.settings.deadline_ms)
        if isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or deadline <= 0:
            raise BadRequest(f"deadline_ms 应为正数（毫秒），收到 {deadline!r}", where="deadline_ms")
        deadline = min(float(deadline), float(self.settings.max_deadline_ms))
        seed = body.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BadRequest("seed 应为整数", where="seed")
        context = body.get("game_context")
        return Parsed(version, view, list(view.legal_actions), int(difficulty), deadline / 1000.0,
                      str(body.get("game_id") or ""), bool(body.get("key_turn")),
                      _seed_of(body) if seed is None else seed & 0xFFFFFFFFFFFFFFFF,
                      context if isinstance(context, dict) else None)

    # -- deciding --------------------------------------------------------------
    def level1(self, req: Parsed) -> Action:
        """The legal-random choice with simple heuristics (win, usually kong)."""
        return make_strategy("random", req.seed).choose(req.view, req.view.seat, req.legal)

    def work(self, req: Parsed, started: float) -> dict:
        """Level 2 (and 3): the answer without the outer deadline (the search stops in time itself)."""
        stop = started + req.deadline_s - MARGIN_S
        share = stop if req.difficulty == 2 else started + req.deadline_s * SEARCH_SHARE
        bot = make_strategy("mcts", req.seed, iterations=self.settings.iterations,
                            **({"horizon": self.settings.horizon} if self.settings.horizon else {}))
        bot.deadline = share
        decision = bot.decide(req.view, req.legal)
        out = {"action": decision.action, "confidence": decision.confidence, "answered_by": 2, "fallback": None,
               "search": decision.to_dict()}
        if req.difficulty != 3:
            return out
        reason = key_turn(req.view, req.marked)
        advice = {"key_turn": reason, "asked": False, "calls_left": self.advisor.calls_left(req.game_id)}
        out["advice"] = advice
        if reason is None or len(req.legal) == 1 or decision.reason == "win":
            advice["reason"] = "不是关键回合，由难度 2 作答" if reason is None else "只有一个合理动作，未问模型"
            return out
        try:
            action, why = self.advisor.advise(req.game_id, req.version, req.view, req.legal, decision.searched,
                                              stop - time.perf_counter() - MODEL_MARGIN_S, req.context)
        except AdviceFailed as exc:
            advice["asked"] = exc.kind not in NOT_ASKED
            advice.update(reason=exc.reason, failure=exc.kind)
            out["fallback"] = f"model:{exc.kind}"
            advice["calls_left"] = self.advisor.calls_left(req.game_id)
            return out
        advice.update(asked=True, reason=why, calls_left=self.advisor.calls_left(req.game_id))
        out.update(action=action, answered_by=3, confidence=max(decision.confidence, 0.5))
        return out

    async def decide(self, body) -> dict:
        """Answer one request (async: the work runs in a thread under the hard deadline)."""
        started = time.perf_counter()
        req = self.parse(body)
        if req.difficulty == 1:
            result = {"action": self.level1(req), "confidence": 1.0 / len(req.legal), "answered_by": 1,
                      "fallback": None}
        else:
            remaining = req.deadline_s - (time.perf_counter() - started)
            try:
                result = await asyncio.wait_for(asyncio.to_thread(self.work, req, started), max(0.0, remaining))
            except asyncio.TimeoutError:
                result = {"action": self.level1(req), "confidence": 1.0 / len(req.legal), "answered_by": 1,
                          "fallback": "deadline"}
        action = result["action"]
        if action not in req.legal:  # never happens for a correct strategy; the caller must never get one
            raise IllegalAction(f"策略选出了不合法的动作 {action}")
        answer = {"chosen_action": action.to_dict(), "label": action.label(),
                  "confidence": round(float(result["confidence"]), 4),
                  "thinking_time_ms": round((time.perf_counter() - started) * 1000.0, 1),
                  "difficulty": req.difficulty, "answered_by": result["answered_by"], "fallback": result["fallback"],
                  "rules": req.version.ref()}
        for key in ("search", "advice"):
            if key in result:
                answer[key] = result[key]
        return answer
