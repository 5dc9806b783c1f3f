"""riichi.yaml against the ``mahjong`` package (PyPI 2.1.0) HandCalculator on random winning hands:
disagreements (han, fu, yaku with their han, payments) and hands scored per second by each, in the same run.

The hands come from ``tests/riichi/riichi_hands.py`` (concealed and open, closed kongs, tsumo and ron,
riichi / double riichi / ippatsu, haitei / houtei / rinshan / chankan, tenhou / chiihou, dora and ura,
red fives, every seat and round wind, honba), the package's optional rules set to the readings the rule
file declares. Each engine scores every hand once per repetition; the figures are medians over
``--repeat`` repetitions of the timing pass (the comparison pass runs once).

    python benchmarks/bench_riichi.py [--hands 100000] [--seed 0] [--repeat 3] [--timing-hands 5000] [--json]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "riichi"))  # the random riichi hand generator the tests use
sys.path.insert(0, str(ROOT))

import riichi_hands as H  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timing-hands", type=int, default=5000)
    ap.add_argument("--show", type=int, default=20, help="disagreements printed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    rules = H.load_rules()
    rng = random.Random(args.seed)
    cases = [H.random_case(rng) for _ in range(args.hands)]
    bad = []
    fans: collections.Counter = collections.Counter()
    illegal = 0
    for i, case in enumerate(cases):
        mine, pkg = H.ours(rules, case), H.theirs(case)
        diff = H.compare(case, mine, pkg)
        if diff:
            bad.append((i, case.describe(), diff))
        if mine is not None and mine.legal:
            fans.update(name for name, _ in mine.fans)
        else:
            illegal += 1
    timed = cases[:args.timing_hands]
    ours_t, theirs_t = [], []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        for case in timed:
            H.ours(rules, case)
        ours_t.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for case in timed:
            H.theirs(case)
        theirs_t.append(time.perf_counter() - t0)
    ours_rate = len(timed) / statistics.median(ours_t)
    theirs_rate = len(timed) / statistics.median(theirs_t)
    never = [f.name for f in rules.fans if f.name not in fans]
    report = {"hands": args.hands, "seed": args.seed, "disagreements": len(bad), "no_yaku": illegal,
              "fans": dict(fans.most_common()), "never_seen": never,
              "hands_per_second": {"riichi.yaml": round(ours_rate), "mahjong": round(theirs_rate),
                                   "ratio": round(ours_rate / theirs_rate, 3)},
              "examples": [{"index": i, "hand": d, "diff": x} for i, d, x in bad[:args.show]]}
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(f"{args.hands} hands (seed {args.seed}): {len(bad)} disagreements with the mahjong package; "
              f"{illegal} hands without a yaku (both agree)")
        for i, d, x in bad[:args.show]:
            print(f"  #{i} {d}\n     {x}")
        print("fans counted: " + ", ".join(f"{k} {v}" for k, v in fans.most_common()))
        if never:
            print("never counted: " + ", ".join(never))
        print(f"hands/s (median of {args.repeat}, {len(timed)} hands): riichi.yaml {ours_rate:.0f}, "
              f"mahjong {theirs_rate:.0f}, ratio {ours_rate / theirs_rate:.2f}x")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
