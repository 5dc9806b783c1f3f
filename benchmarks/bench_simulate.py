"""Simulation throughput: dslgen's engine vs RLCard's mahjong environment, in one run.

dslgen: N games of ``dsl-examples/sichuan_xuezhan.yaml`` with greedy bots through
``dslgen.simulation.run`` (``--jobs auto`` and, for reference, one process).
RLCard: ``rlcard.make('mahjong')`` with four ``RandomAgent`` players, one process
(that is how RLCard runs). Each measurement is repeated and the median is
reported, with the ratio of games per second.

The target (issue 14: at least 3x RLCard) is read on the per-CPU-second ratio of one
process each (dslgen ``--jobs 1`` against RLCard): it does not depend on how many
cores are free. The wall ratios are printed beside it; on a shared machine they
move with the load (printed at the start and at the end).

``--catalog`` also simulates every catalog variant (default 1,000 games each) and
prints its errors and draw rates.

``--rules`` measures another rule file the same way (e.g. ``dsl-examples/guobiao.yaml``).

    python benchmarks/bench_simulate.py [--games 1000] [--rlcard-games 200] [--repeats 3] [--rules FILE] [--catalog]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dslgen.rulefile import load_rules  # noqa: E402
from dslgen.simulation import resolve_jobs, run  # noqa: E402


def time_dslgen(rules, games: int, seed: int, jobs) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of this process — meaningful for jobs=1 only, result)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run(rules, games, seed, "greedy", jobs)
    return time.perf_counter() - start, time.process_time() - cpu, result


def time_rlcard(games: int, seed: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) for ``games`` RLCard games."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return time.perf_counter() - start, time.process_time() - cpu


def main(argv=None) -> int:
    """Run the comparison (and, with ``--catalog``, every variant) and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--rlcard-games", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default=str(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"),
                    help="the rule file to simulate (default: the catalog's sichuan_xuezhan.yaml)")
    ap.add_argument("--catalog", action="store_true", help="also run every catalog variant")
    ap.add_argument("--catalog-games", type=int, default=1000)
    args = ap.parse_args(argv)

    load_start = os.getloadavg()[0]
    rules = load_rules(Path(args.rules)).rules
    name = Path(args.rules).stem
    jobs = resolve_jobs("auto")
    ours, ours1, theirs, ours_cpu, theirs_cpu = [], [], [], [], []
    result = None
    small = max(1, args.games // 4)
    for r in range(args.repeats):
        # Fresh seeds for every measurement: the per-process memo of hands must not see a game twice.
        dt, _, result = time_dslgen(rules, args.games, args.seed + 2 * r, "auto")
        ours.append(args.games / dt)
        dt1, cpu1, _ = time_dslgen(rules, small, args.seed + 2 * r + 1, 1)
        ours1.append(small / dt1)
        ours_cpu.append(small / cpu1)
        rdt, rcpu = time_rlcard(args.rlcard_games, args.seed + r)
        theirs.append(args.rlcard_games / rdt)
        theirs_cpu.append(args.rlcard_games / rcpu)
    med, med1, rl = statistics.median(ours), statistics.median(ours1), statistics.median(theirs)
    cpu_ours, cpu_rl = statistics.median(ours_cpu), statistics.median(theirs_cpu)
    print(f"load average: {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} CPUs")
    print(f"dslgen {name} greedy, --jobs auto ({jobs}): {med:8.1f} games/s "
          f"({args.games} games in {args.games / med:.2f} s wall, median of {args.repeats})")
    print(f"dslgen {name} greedy, --jobs 1:        {med1:8.1f} games/s wall, {cpu_ours:8.1f} per CPU-second")
    print(f"RLCard mahjong, random agents, 1 process:      {rl:8.1f} games/s wall, {cpu_rl:8.1f} per CPU-second")
    print(f"ratio dslgen(auto) / RLCard: {med / rl:.2f}x wall;  dslgen(1 job) / RLCard: {med1 / rl:.2f}x wall, "
          f"{cpu_ours / cpu_rl:.2f}x per CPU-second")
    if name == "sichuan_xuezhan":
        print(f"target >= 3x RLCard, read on the per-CPU-second ratio (one process each): {cpu_ours / cpu_rl:.2f}x "
              f"({'met' if cpu_ours / cpu_rl >= 3 else 'NOT met'})")
    print(f"{name}: errors {len(result['errors'])}, draw rate {result['draw_rate']:.3f}, "
          f"wall exhausted {result['exhausted_rate']:.3f}, avg fan {result['avg_fan']}")
    if args.catalog:
        print()
        print(f"{'variant':24} {'games':>6} {'errors':>6} {'draw':>7} {'exhausted':>9} {'win rate':>8} {'time s':>7}")
        for path in sorted((ROOT / "dsl-examples").glob("*.yaml")):
            crules = load_rules(path).rules
            start = time.perf_counter()
            res = run(crules, args.catalog_games, args.seed, "greedy", "auto")
            dt = time.perf_counter() - start
            print(f"{path.stem:24} {res['games']:>6} {len(res['errors']):>6} {res['draw_rate']:>7.3f} "
                  f"{res['exhausted_rate']:>9.3f} {res['win_rate']:>8.3f} {dt:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
