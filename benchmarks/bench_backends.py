"""Backends side by side: local processes vs a local Ray cluster on the same cores, in one run.

Simulates N games of ``dsl-examples/sichuan_xuezhan.yaml`` (greedy bots, seed 0)
on ``--backend local`` and on ``--backend ray`` (a private Ray cluster started
with the same number of CPUs), checks the statistics are byte-identical, and
prints the wall time of each, the median over ``--repeats``, and Ray's overhead
as a ratio. Ray's start-up is measured separately and left out of the overhead.

``--memory`` also runs each backend in a fresh process for ``--memory-games``
games and prints the peak resident memory of the driver and of its workers,
to show memory does not grow with the number of games.

    python benchmarks/bench_backends.py [--games 100000] [--jobs 2] [--repeats 3] [--memory --memory-games 1000000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dslgen import backends, simulation  # noqa: E402
from dslgen.backends import BackendSpec  # noqa: E402
from dslgen.rulefile import load_rules  # noqa: E402

RULES = ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"

_MEMORY_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from dslgen import backends, simulation
from dslgen.backends import BackendSpec
from dslgen.rulefile import load_rules
rules = load_rules({rules!r}).rules
start = time.perf_counter()
with backends.use(BackendSpec({backend!r})):
    stats = simulation.run(rules, {games}, 0, jobs={jobs})
wall = time.perf_counter() - start
self_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
child_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({{"wall": wall, "driver_mib": self_kib / 1024, "worker_mib": child_kib / 1024,
                  "games": stats["games"], "errors": stats["error_count"]}}))
"""


def timed(backend: str, rules, games: int, jobs: int) -> tuple[float, str]:
    """(wall seconds, statistics as canonical JSON) of one run on ``backend``."""
    start = time.perf_counter()
    with backends.use(BackendSpec(backend)):
        stats = simulation.run(rules, games, 0, jobs=jobs)
    return time.perf_counter() - start, json.dumps(stats, sort_keys=True, ensure_ascii=False)


def memory(backend: str, games: int, jobs: int) -> dict:
    """Peak memory of a fresh process that simulates ``games`` games on ``backend``."""
    code = _MEMORY_CHILD.format(root=str(ROOT), rules=str(RULES), backend=backend, games=games, jobs=jobs)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    """Run the comparison and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--memory", action="store_true")
    ap.add_argument("--memory-games", type=int, default=1_000_000)
    args = ap.parse_args(argv)

    import ray

    rules = load_rules(str(RULES)).rules
    t0 = time.perf_counter()
    ray.init(address="local", num_cpus=args.jobs, include_dashboard=False, log_to_driver=False)
    startup = time.perf_counter() - t0
    local_times, ray_times, outputs = [], [], set()
    for _ in range(args.repeats):
        for backend, times in (("local", local_times), ("ray", ray_times)):
            wall, out = timed(backend, rules, args.games, args.jobs)
            times.append(wall)
            outputs.add(out)
    ray.shutdown()
    lm, rm = statistics.median(local_times), statistics.median(ray_times)
    print(f"{args.games:,} games of {RULES.name}, {args.jobs} CPUs, median of {args.repeats}:")
    print(f"  local processes : {lm:8.2f} s  ({args.games / lm:,.0f} games/s)  runs {', '.join(f'{t:.2f}' for t in local_times)}")
    print(f"  local Ray       : {rm:8.2f} s  ({args.games / rm:,.0f} games/s)  runs {', '.join(f'{t:.2f}' for t in ray_times)}")
    print(f"  Ray overhead    : {(rm / lm - 1) * 100:+.1f}%  (Ray start-up {startup:.1f} s, not included)")
    print(f"  statistics identical on both backends: {'yes' if len(outputs) == 1 else 'NO'}")
    if args.memory:
        for backend in ("local", "ray"):
            m = memory(backend, args.memory_games, args.jobs)
            print(f"  peak memory, {m['games']:,} games on {backend}: driver {m['driver_mib']:.0f} MiB, "
                  f"largest worker {m['worker_mib']:.0f} MiB ({m['wall']:.0f} s)")
    return 0 if len(outputs) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
