"""Run many engine games on a backend (local processes or a Ray cluster) and merge their statistics.

Game ``k`` always uses the seed :func:`engine.game.game_seed` ``(seed, k)``; the
games are cut into chunks that depend only on the number of games, and the
statistics are sums, counters and a bounded list of failing games, so the
result is byte-identical for any backend and any number of workers. Memory
stays bounded however many games run: only ``2 × workers`` chunks are in flight
and each chunk's statistics are folded in as it finishes.
"""

from __future__ import annotations

import os
import shlex
from typing import Callable

from engine.simulation import Stats
from engine.simulation.games import SERIES, series_games
from engine.simulation.bots import BOTS
from engine.rules import Rules

from dslgen import backends
from dslgen.errors import UsageError
from dslgen.points import PointStats

#: Games per task: small enough for smooth progress and balance, large enough to amortise a task.
CHUNK = 50


#: At most this many worker processes per CPU, whatever ``--jobs`` asks (more only adds overhead).
MAX_JOBS_PER_CPU = 4


def resolve_jobs(jobs: int | str | None) -> int:
    """``auto`` (or None) → the number of CPUs; otherwise a positive integer, capped at
    :data:`MAX_JOBS_PER_CPU` × CPUs (the runner further caps it at the number of games)."""
    cpus = max(1, os.cpu_count() or 1)
    if jobs in (None, "auto"):
        return cpus
    try:
        n = int(jobs)
    except (TypeError, ValueError):
        raise UsageError(f"--jobs 的值 {jobs!r} 不是正整数或 auto", hint="例如 --jobs 2 或 --jobs auto") from None
    if n < 1:
        raise UsageError(f"--jobs 必须至少为 1（收到 {n}）", hint="例如 --jobs 2 或 --jobs auto")
    return min(n, MAX_JOBS_PER_CPU * cpus)


def replay_command(rules_path: str, seed: int, game: int, bot: str = "greedy") -> str:
    """The command that replays game ``game`` of a run seeded ``seed``."""
    extra = "" if bot == "greedy" else f" --bot {bot}"
    return f"dslgen replay {shlex.quote(str(rules_path))} --seed {seed} --game {game}{extra}"


def chunks(games: int) -> list[tuple[int, int]]:
    """The ``[start, stop)`` game ranges of a run: a function of ``games`` alone; every chunk starts on a
    series boundary (:data:`engine.simulation.games.SERIES`: the dealer and 连庄 carry over inside a series)."""
    size = min(CHUNK, max(1, games // 16))
    size = -(-size // SERIES) * SERIES
    return [(i, min(games, i + size)) for i in range(0, games, size)]


def _chunk_task(rules: Rules, seed: int, start: int, stop: int, bot: str) -> tuple[Stats, PointStats]:
    """One chunk of games (the unit a backend runs); ``rules`` is the worker's shared value.

    The same records feed the engine's statistics (exactly what :func:`engine.simulation.run_chunk`
    computes) and the point statistics (:mod:`dslgen.points`)."""
    from dslgen.backends.faults import maybe_die

    maybe_die(start)
    stats, points = Stats(), PointStats()
    for rec in series_games(rules, seed, start, stop, bot):
        stats.add(rec)
        points.add(rec)
    return stats, points


def run(rules: Rules, games: int, seed: int, bot: str = "greedy", jobs: int | str = 1,
        progress: Callable[[int, int], None] | None = None, rules_path: str | None = None) -> dict:
    """Simulate ``games`` games and return the statistics (the ``dslgen simulate --json`` object): the
    engine's statistics plus ``points`` (:class:`dslgen.points.PointStats`).

    The games run on the backend in force (:func:`dslgen.backends.use`; local
    processes by default). ``progress(done, total)`` is called as chunks finish.
    With ``rules_path`` every error carries the ``dslgen replay`` command that
    reproduces it.
    """
    if bot not in BOTS:
        raise UsageError(f"未知的机器人 {bot!r}", hint="可选：" + "、".join(sorted(BOTS)))
    if games < 0:
        raise UsageError("--games 不能为负数")
    parts = chunks(games)
    n_jobs = min(resolve_jobs(jobs), max(1, len(parts)))
    stats, points = Stats(), PointStats()
    done = 0
    for i, (part, part_points) in backends.run_all(_chunk_task, rules, [(seed, a, b, bot) for a, b in parts],
                                                  jobs=n_jobs):
        stats.merge(part)
        points.merge(part_points)
        done += parts[i][1] - parts[i][0]
        if progress:
            progress(done, games)
    result = stats.to_dict([f.name for f in rules.fans])
    result["points"] = points.to_dict()
    result["seed"] = seed
    result["bot"] = bot
    if rules_path is not None:
        for e in result["errors"]:
            e["replay"] = replay_command(rules_path, seed, e["game"], bot)
    return result
