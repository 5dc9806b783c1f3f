"""Score the offline drafter on the fidelity suite (``tests/generate/fidelity/*.yaml``).

For every case: the stated facts and fan values the draft carries, the gaps it surfaces, fans the
text rules out that the draft still has, and *silent misses* — a stated fact or fan value the draft
does not carry and that no contradiction finding, assumption or gap mentions. Non-descriptions must
give a failing verdict.

``python -m tests.generate.score_fidelity [--set tuning|heldout] [-v]`` prints the report.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples

SUITE = Path(__file__).parent / "fidelity"


def load_cases(which: str | None = None) -> list[dict[str, Any]]:
    """Every case of the suite (or of one ``set``), in file order."""
    cases = []
    for path in sorted(SUITE.glob("*.yaml")):
        if path.name == "non_descriptions.yaml":
            continue
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            case.setdefault("gaps", [])
            case.setdefault("fans", {})
            case.setdefault("facts", {})
            if which is None or case.get("set") == which:
                cases.append(case)
    return cases


def non_descriptions() -> list[str]:
    """Texts with no rules in them."""
    return list(yaml.safe_load((SUITE / "non_descriptions.yaml").read_text(encoding="utf-8")))


@dataclass
class CaseScore:
    """What one case scored."""

    id: str
    facts: tuple[int, int] = (0, 0)
    fans: tuple[int, int] = (0, 0)
    gaps: tuple[int, int] = (0, 0)
    misses: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)


def _accounted(draft, key: str, words: list[str]) -> bool:
    """True when a finding, an assumption or a gap of the draft names ``key`` or one of ``words``."""
    text = " ".join(f"{g.get('text', '')} {g.get('reason', '')}" for g in draft.facts.gaps)
    report = getattr(draft, "consistency", None)
    if report is not None:
        text += " ".join(str(x) for x in report.mentions())
    for row in getattr(draft, "assumed", []):
        text += f" {row['field']} {row['label']}"
    return any(w and w in text for w in [key, *words])


def score_case(case: dict[str, Any], pool) -> CaseScore:
    """Score one case."""
    draft = draft_offline(case["text"], pool)
    try:
        from dslgen.generate.consistency import judge_offline
    except ImportError:  # before the consistency gate existed
        judge_offline = None
    if judge_offline is not None:
        draft.consistency = judge_offline(case["text"], draft)
        from dslgen.generate.provenance import FIELDS, value_sources

        rows = value_sources(draft.data, draft.facts, case["text"], assumed_from=draft.base)["rows"]
        draft.assumed = [r for r in rows if r["source"] == "assumed"]
        keys = {v: k for k, v in FIELDS.items()}
        for r in draft.assumed:
            r["field"] = keys.get(r["field"], r["field"])
    got = facts_of(draft.data)
    s = CaseScore(case["id"])
    ok = 0
    for key, want in case["facts"].items():
        if got.get(key) == want:
            ok += 1
        else:
            s.misses.append(f"{key}: want {want!r}, got {got.get(key)!r}")
            if not _accounted(draft, key, []):
                s.silent.append(key)
    s.facts = (ok, len(case["facts"]))
    ok = 0
    for name, value in case["fans"].items():
        if got["fans"].get(name) == value:
            ok += 1
        else:
            s.misses.append(f"fan {name}: want {value}, got {got['fans'].get(name)}")
            if not _accounted(draft, f"fan_types[{name}]", [name]):
                s.silent.append(f"fan {name}")
    for name in case.get("absent_fans") or []:
        if name in got["fans"]:
            s.misses.append(f"fan {name}: ruled out, still in the draft")
            s.silent.append(f"fan {name} (ruled out)")
    s.fans = (ok, len(case["fans"]))
    gap_text = " ".join([f"{g['text']} {g['reason']}" for g in draft.facts.gaps] + draft.facts.unmapped)
    ok = 0
    for word in map(str, case["gaps"]):
        if word in gap_text:
            ok += 1
        else:
            s.misses.append(f"gap {word!r} not surfaced")
    s.gaps = (ok, len(case["gaps"]))
    return s


def _ratio(pairs) -> tuple[int, int, float]:
    pairs = list(pairs)
    a = sum(p[0] for p in pairs)
    b = sum(p[1] for p in pairs)
    return a, b, (a / b if b else 1.0)


def non_description_verdicts() -> list[tuple[str, str]]:
    """(text, verdict) for every non-description, through the offline pipeline (3 games)."""
    import tempfile

    from dslgen.errors import DslgenError
    from dslgen.generate.pipeline import NewOptions, run_new

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, text in enumerate(non_descriptions()):
            try:
                result = run_new(NewOptions(description=text, provider="offline", games=3, jobs=1,
                                            out=str(Path(tmp) / f"d{i}")))
                out.append((text, result["verdict"]))
            except DslgenError as exc:
                out.append((text, f"error: {exc.message}"))
    return out


def report(which: str | None = None, verbose: bool = False, with_non: bool = True) -> dict[str, Any]:
    """Score the suite; returns the totals (and prints them)."""
    pool = load_examples()
    scores = [score_case(c, pool) for c in load_cases(which)]
    facts = _ratio(s.facts for s in scores)
    fans = _ratio(s.fans for s in scores)
    gaps = _ratio(s.gaps for s in scores)
    silent = sum(len(s.silent) for s in scores)
    if verbose:
        for s in scores:
            if s.misses:
                print(s.id, *s.misses, *(f"SILENT {x}" for x in s.silent), sep="\n  ")
    result = {"cases": len(scores), "facts": facts, "fans": fans, "gaps": gaps, "silent": silent}
    print(f"set={which or 'all'} cases={len(scores)} facts {facts[0]}/{facts[1]} ({facts[2]:.1%}) "
          f"fans {fans[0]}/{fans[1]} ({fans[2]:.1%}) gaps {gaps[0]}/{gaps[1]} ({gaps[2]:.1%}) silent misses {silent}")
    if with_non:
        verdicts = non_description_verdicts()
        failed = sum(1 for _, v in verdicts if v != "pass")
        result["non_descriptions"] = (failed, len(verdicts))
        print(f"non-descriptions failing: {failed}/{len(verdicts)}",
              *(f"  {t!r}: {v}" for t, v in verdicts if v == "pass"), sep="\n")
    return result


if __name__ == "__main__":
    args = sys.argv[1:]
    which = args[args.index("--set") + 1] if "--set" in args else None
    report(which, verbose="-v" in args)
