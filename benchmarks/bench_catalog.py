"""The catalog's bill: every catalog file drafted offline and simulated, beside RLCard, in one run.

Per catalog file (``dsl-examples/*.yaml``):

* ``dslgen new --provider offline`` on the file's own description (``meta.description``) with
  ``--games`` games: wall seconds (median of ``--repeats``; goal <= 20 s on a quiet 2-core machine);
* ``dslgen simulate --games N --jobs 1``: games per CPU-second of that process, beside RLCard's
  mahjong environment (four random agents, one process) measured in the same run, and their ratio.

Then the whole ``dslgen batch --provider offline`` over the catalog (wall seconds, once). The load
average is printed at the start and at the end: on a shared machine wall figures move with it, the
per-CPU-second ratios much less.

    python benchmarks/bench_catalog.py [--games 1000] [--repeats 3] [--rlcard-games 200] [--only guobiao,erren]
        [--no-batch]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_simulate import time_rlcard  # noqa: E402

try:  # the peer is optional: without it the table is printed without its ratio column
    import rlcard  # noqa: E402, F401

    HAVE_RLCARD = True
except ImportError:
    HAVE_RLCARD = False

DSLGEN = [sys.executable, "-c", "import sys; from dslgen.cli import main; sys.exit(main())"]


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_dslgen(args: list[str]) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, exit code) of one ``dslgen`` command (output discarded)."""
    cpu, start = children_cpu(), time.perf_counter()
    rc = subprocess.run(DSLGEN + args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    return time.perf_counter() - start, children_cpu() - cpu, rc


def description(path: Path) -> str:
    """The catalog file's own description (``meta.description``)."""
    from ruamel.yaml import YAML

    return str(YAML(typ="safe").load(path.read_text(encoding="utf-8"))["meta"]["description"])


def main(argv=None) -> int:
    """Measure every catalog file and print the table with medians, load and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--rlcard-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default="", help="comma-separated catalog ids (default: all)")
    ap.add_argument("--no-batch", action="store_true", help="skip the whole-catalog batch")
    args = ap.parse_args(argv)
    only = {x for x in args.only.split(",") if x}
    files = [p for p in sorted((ROOT / "dsl-examples").glob("*.yaml")) if not only or p.stem in only]
    load_start = os.getloadavg()[0]
    rl_cpu: list[float] = []
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-catalog-") as tmp:
        for path in files:
            desc = Path(tmp) / f"{path.stem}.md"
            desc.write_text(description(path), encoding="utf-8")
            new_wall, sim_rate, rcs = [], [], set()
            for r in range(args.repeats):
                out = Path(tmp) / f"{path.stem}-{r}"
                wall, _, rc = run_dslgen(["new", "--file", str(desc), "--name", path.stem, "--provider", "offline",
                                          "--games", str(args.games), "--seed", str(args.seed), "--out", str(out),
                                          "--quiet", "--json"])
                new_wall.append(wall)
                rcs.add(rc)
                _, cpu, rc = run_dslgen(["simulate", str(path), "--games", str(args.games), "--seed",
                                         str(args.seed), "--jobs", "1", "--json"])
                sim_rate.append(args.games / cpu)
                rcs.add(rc)
                # the peer, interleaved with our runs so both see the same load
                if HAVE_RLCARD:
                    _, rcpu = time_rlcard(args.rlcard_games, args.seed + r)
                    rl_cpu.append(args.rlcard_games / rcpu)
            rows.append((path.stem, statistics.median(new_wall), max(new_wall), statistics.median(sim_rate),
                         sorted(rcs)))
        batch = None
        if not args.no_batch and not only:
            wall, _, rc = run_dslgen(["batch", "--provider", "offline", "--games", str(args.games), "--seed",
                                      str(args.seed), "--out", str(Path(tmp) / "batch")])
            batch = (wall, rc)
    rl = statistics.median(rl_cpu) if rl_cpu else None
    print(f"load average: {load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end, on {os.cpu_count()} CPUs")
    if rl is None:
        print(f"{args.games} games per run, median of {args.repeats}; RLCard is not installed: no ratio "
              "(pip install rlcard to compare)")
    else:
        print(f"{args.games} games per run, median of {args.repeats}; RLCard mahjong (random agents, 1 process): "
              f"{rl:.1f} games per CPU-second (median of {len(rl_cpu)}, interleaved)")
    print(f"{'variant':24} {'new s':>7} {'max s':>7} {'<=20s':>6} {'sim g/CPU-s':>12} {'x RLCard':>9} {'exit':>6}")
    for name, wall, worst, rate, rcs in rows:
        print(f"{name:24} {wall:7.1f} {worst:7.1f} {'yes' if wall <= 20 else 'no':>6} {rate:12.1f} "
              f"{(f'{rate / rl:9.2f}' if rl else '        -')} {','.join(map(str, rcs)):>6}")
    if batch is not None:
        print(f"dslgen batch --provider offline over {len(files)} files: {batch[0]:.1f} s wall (exit {batch[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
