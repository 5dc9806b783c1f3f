"""Typed simulation results: the statistics of a run, or why it did not run.

The JSON form is the ``dslgen simulate --json`` object plus ``ran`` (and
``reason`` when the games did not run); :meth:`Simulation.from_json` reads it
back exactly, so ``result.json`` and the review report keep one shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from dslgen.judge.verdict import VerdictError

#: Keys of a game failure the engine writes; anything else is kept in ``extra``.
_FAILURE_KEYS = ("game", "seed", "game_seed", "action_index", "message", "replay")


@dataclass(frozen=True)
class GameFailure:
    """One game that broke an invariant or crashed, with what replays it."""

    game: int
    seed: int
    message: str
    game_seed: int | None = None
    action_index: int | None = None
    replay: str = ""
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def to_json(self) -> dict[str, Any]:
        """The failure as the simulation's ``errors`` list holds it."""
        out: dict[str, Any] = {"game": self.game, "seed": self.seed, "game_seed": self.game_seed,
                               "action_index": self.action_index, "message": self.message}
        if self.replay:
            out["replay"] = self.replay
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, data: Any) -> "GameFailure":
        """The failure :meth:`to_json` (or the engine) wrote."""
        if not isinstance(data, Mapping) or not isinstance(data.get("game"), int):
            raise VerdictError("模拟错误记录缺少局号 game")
        return cls(game=data["game"], seed=int(data.get("seed") or 0), message=str(data.get("message") or ""),
                   game_seed=data.get("game_seed"), action_index=data.get("action_index"),
                   replay=str(data.get("replay") or ""),
                   extra=MappingProxyType({k: v for k, v in data.items() if k not in _FAILURE_KEYS}))


@dataclass(frozen=True)
class Simulation:
    """A simulation run: ``ran`` with statistics, or not run with ``reason``."""

    ran: bool
    games: int = 0
    seed: int = 0
    bot: str = "greedy"
    errors: tuple[GameFailure, ...] = ()
    reason: str = ""
    #: Every other statistic of ``dslgen simulate --json`` (wins, rates, histograms…), as written.
    stats: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def not_run(cls, reason: str) -> "Simulation":
        """A simulation that did not run, and why."""
        return cls(ran=False, reason=reason)

    @property
    def games_with_win(self) -> int:
        """Games in which somebody won."""
        return int(self.stats.get("games_with_win") or 0)

    @property
    def wins(self) -> int:
        """Wins over all games (血战 games can have several)."""
        return int(self.stats.get("wins") or 0)

    @property
    def completed(self) -> int:
        """Games that finished without an error."""
        return int(self.stats.get("completed", self.games - len(self.errors)))

    def to_json(self) -> dict[str, Any]:
        """The ``dslgen simulate --json`` object with ``ran`` (and ``reason``)."""
        if not self.ran:
            return {"ran": False, "reason": self.reason}
        out: dict[str, Any] = {"ran": True, "games": self.games, "errors": [e.to_json() for e in self.errors]}
        out.update(self.stats)
        out["seed"], out["bot"] = self.seed, self.bot
        if self.reason:
            out["reason"] = self.reason
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Simulation":
        """The simulation :meth:`to_json` (or ``simulation.run``) wrote; ``ran`` defaults to True with games."""
        if not isinstance(data, Mapping):
            raise VerdictError("模拟结果不是映射")
        if data.get("ran") is False or "games" not in data:
            return cls.not_run(str(data.get("reason") or "没有模拟结果"))
        errors = data.get("errors") or []
        if not isinstance(errors, list) or not isinstance(data.get("games"), int):
            raise VerdictError("模拟结果的 games / errors 形式不对")
        stats = {k: v for k, v in data.items() if k not in ("ran", "games", "errors", "seed", "bot", "reason")}
        return cls(ran=True, games=data["games"], seed=int(data.get("seed") or 0), bot=str(data.get("bot") or "greedy"),
                   errors=tuple(GameFailure.from_json(e) for e in errors), reason=str(data.get("reason") or ""),
                   stats=MappingProxyType(stats))
