"""Input tokens of a draft's first model call: the compact prompt beside the full one (the whole
specification, the expression reference and two catalog pairs), as a ratio.

Measured with the token meter (:mod:`dslgen.generate.tokens`: tiktoken ``cl100k_base``) for the README's 南昌
description and the reference designer descriptions (``tests/generate/fidelity/designer.yaml``). The
structured instruction riding on the last message is counted; the ``response_format`` schema is printed
apart (a grammar on local servers, not prompt text). Goal: the README description's first call ≤ 6,000.

    python benchmarks/bench_prompt.py [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

README = ("南昌麻将：用万、条、筒和东南西北中发白共136张牌，不带花。可以吃、碰、杠，可以自摸也可以点炮胡，一炮多响。"
          "开局翻一张牌定精：翻出的牌的下一张是正精，再下一张是副精，精可以当任何牌用。庄家输赢翻倍。"
          "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，天胡8番，地胡8番，封顶16番。冲关、德国另算。")
GOAL = 6000


def main() -> int:
    """Print one row per description and the README's verdict against the goal."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import yaml

    from dslgen.generate.examples import load_examples
    from dslgen.generate.prompt import build_messages, compact_messages
    from dslgen.generate.structured import INSTRUCTION, response_format
    from dslgen.generate.tokens import count_messages, count_text, meter
    from dslgen.rulefile.spec import spec_text, spec_version

    pool = load_examples()
    spec, version = spec_text(), spec_version()
    cases = [("readme_nanchang", README)]
    designer = yaml.safe_load((ROOT / "tests/generate/fidelity/designer.yaml").read_text(encoding="utf-8"))
    cases += [(c["id"], c["text"]) for c in designer]
    extra = count_text(INSTRUCTION)
    rows = []
    for name, text in cases:
        compact = count_messages(compact_messages(text, "variant", pool, spec, version)) + extra
        full = count_messages(build_messages(text, "variant", pool, spec, version)) + extra
        rows.append({"case": name, "compact": compact, "full": full, "ratio": round(compact / full, 3)})
    schema = count_text(json.dumps(response_format(), ensure_ascii=False))
    readme = rows[0]["compact"]
    summary = {"meter": meter(), "rows": rows, "response_format_tokens": schema, "goal": GOAL,
               "readme_first_call": readme, "within_goal": readme <= GOAL}
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        print(f"meter: {meter()}   (response_format schema: {schema} tokens, sent apart)")
        print(f"{'case':40} {'compact':>8} {'full':>8} {'ratio':>7}")
        for r in rows:
            print(f"{r['case']:40} {r['compact']:>8} {r['full']:>8} {r['ratio']:>7.3f}")
        print(f"README 南昌 first call: {readme} tokens ({'≤' if readme <= GOAL else '>'} {GOAL})")
    return 0 if readme <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
