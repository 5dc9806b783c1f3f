"""Run many engine games across processes and merge their statistics.

Game ``k`` always uses the seed :func:`engine.game.game_seed` ``(seed, k)`` and
the statistics are sums and counters, so the result is identical for any
``jobs``.
"""

from __future__ import annotations

import multiprocessing
import os
import shlex
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

from engine.game import Stats, run_chunk
from engine.game.bots import BOTS
from engine.rules import Rules

from dslgen.errors import UsageError

#: At most this many games per task, so progress stays smooth and work balances.
MAX_CHUNK = 50

_WORKER_RULES: Rules | None = None


def resolve_jobs(jobs: int | str | None) -> int:
    """``auto`` (or None) → the number of CPUs; otherwise a positive integer."""
    if jobs in (None, "auto"):
        return max(1, os.cpu_count() or 1)
    try:
        n = int(jobs)
    except (TypeError, ValueError):
        raise UsageError(f"--jobs 的值 {jobs!r} 不是正整数或 auto", hint="例如 --jobs 2 或 --jobs auto") from None
    if n < 1:
        raise UsageError(f"--jobs 必须至少为 1（收到 {n}）", hint="例如 --jobs 2 或 --jobs auto")
    return n


def replay_command(rules_path: str, seed: int, game: int, bot: str = "greedy") -> str:
    """The command that replays game ``game`` of a run seeded ``seed``."""
    extra = "" if bot == "greedy" else f" --bot {bot}"
    return f"dslgen replay {shlex.quote(str(rules_path))} --seed {seed} --game {game}{extra}"


def _init_worker(rules: Rules) -> None:
    global _WORKER_RULES
    _WORKER_RULES = rules


def _work(seed: int, start: int, stop: int, bot: str) -> tuple[int, Stats]:
    return stop - start, run_chunk(_WORKER_RULES, seed, start, stop, bot)


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    size = max(1, min(MAX_CHUNK, games // (jobs * 4) or 1))
    return [(i, min(games, i + size)) for i in range(0, games, size)]


def run(rules: Rules, games: int, seed: int, bot: str = "greedy", jobs: int | str = 1,
        progress: Callable[[int, int], None] | None = None, rules_path: str | None = None) -> dict:
    """Simulate ``games`` games and return the statistics (the ``dslgen simulate --json`` object).

    ``progress(done, total)`` is called as games finish. With ``rules_path`` every
    error carries the ``dslgen replay`` command that reproduces it.
    """
    if bot not in BOTS:
        raise UsageError(f"未知的机器人 {bot!r}", hint="可选：" + "、".join(sorted(BOTS)))
    if games < 0:
        raise UsageError("--games 不能为负数")
    n_jobs = min(resolve_jobs(jobs), max(1, games))
    stats = Stats()
    done = 0
    if n_jobs == 1 or games <= 1:
        for start, stop in _chunks(games, 1):
            stats.merge(run_chunk(rules, seed, start, stop, bot))
            done += stop - start
            if progress:
                progress(done, games)
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ProcessPoolExecutor(n_jobs, mp_context=ctx, initializer=_init_worker, initargs=(rules,)) as pool:
            futures = [pool.submit(_work, seed, a, b, bot) for a, b in _chunks(games, n_jobs)]
            for fut in as_completed(futures):
                count, part = fut.result()
                stats.merge(part)
                done += count
                if progress:
                    progress(done, games)
    result = stats.to_dict([f.name for f in rules.fans])
    result["seed"] = seed
    result["bot"] = bot
    if rules_path is not None:
        for e in result["errors"]:
            e["replay"] = replay_command(rules_path, seed, e["game"], bot)
    return result
