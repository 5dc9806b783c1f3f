"""Issue 30 item 14: a type fuzz of the catalog files. A few thousand seeded mutations (a value replaced by
one of another type or an extreme one, a key dropped, a list item doubled, a number scaled) go through
``check`` (whose first stage is ``validate``'s schema validation); each that passes is loaded by the rule
loader and played for two games. Wanted: no internal error, no hang,
no file that passes ``check`` and then crashes the engine."""

from __future__ import annotations

import copy
import os
import random
import signal
from pathlib import Path

import pytest

from dslgen.checks.runner import check_data
from dslgen.rulefile.load import RuleFileError, rules_from_loaded
from dslgen.rulefile.yamlio import load_yaml_file

ROOT = Path(__file__).resolve().parents[2]
#: Enough to reach every file's every section many times; ``DSLGEN_FUZZ_MUTATIONS`` runs more.
MUTATIONS = int(os.environ.get("DSLGEN_FUZZ_MUTATIONS", "2000"))
SEED = 30
#: A mutation still running after this long is a hang (a bound for CI, not a speed requirement).
HANG_SECONDS = 120
JUNK = (None, True, False, 0, 1, -1, 2, 3, 7, 13, 14, 100, 10**6, 10**18, -10**9, 0.5, 1e308, float("nan"),
        float("inf"), "", "x", "0", "true", "万", "1m", "东", [], [1], ["x"], [None], [[]], {}, {"a": 1},
        {"name": "x"})


class _Hang(Exception):
    """A mutation ran past :data:`HANG_SECONDS`."""


class _Located:
    """A mutated mapping posing as a loaded file (positions unknown), for the rule loader."""

    path = "<fuzz>"

    def __init__(self, data):
        self.data = data

    def locate(self, path):
        return (0, 0)

    def where(self, steps):
        return f"<fuzz>:{'.'.join(map(str, steps))}"


def _paths(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


def mutate(rng: random.Random, base: dict) -> tuple[dict, list[str]]:
    """A copy of ``base`` with one to three seeded mutations outside ``meta``, and what they were."""
    doc = copy.deepcopy(base)
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = [p for p in _paths(doc) if p[0] != "meta"]
        if not paths:
            break
        path = rng.choice(paths)
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        key, op = path[-1], rng.random()
        if op < 0.75:
            parent[key] = copy.deepcopy(rng.choice(JUNK))
            done.append(f"{path} = {parent[key]!r}")
        elif op < 0.85 and isinstance(parent, dict):
            del parent[key]
            done.append(f"del {path}")
        elif op < 0.95 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
            done.append(f"dup {path}")
        elif isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool):
            parent[key] = -parent[key] if rng.random() < 0.5 else parent[key] * 1000
            done.append(f"{path} = {parent[key]!r}")
    return doc, done


def _probe(doc: dict) -> tuple[str, bool]:
    """('' , played) when the mutated file is refused cleanly or plays; otherwise what went wrong."""
    from dslgen import simulation

    try:  # check's first stage is validate's own schema validation (validate_data), run once here
        report = check_data(doc)
    except Exception as exc:  # noqa: BLE001 - any exception here is the defect being looked for
        return f"validate/check raised {type(exc).__name__}: {exc}", False
    if report.errors:
        return "", False
    try:
        rules = rules_from_loaded(_Located(doc)).rules
    except RuleFileError as exc:
        return f"passes check, the rule loader refuses it: {exc.message[:200]}", False
    try:
        stats = simulation.run(rules, 2, 1, jobs=1)
    except Exception as exc:  # noqa: BLE001
        return f"passes check, the engine raised {type(exc).__name__}: {exc}", True
    if stats["error_count"]:
        return f"passes check, the engine failed a game: {stats['errors'][0]}", True
    return "", True


@pytest.mark.slow
def test_type_fuzz_of_the_catalog_files():
    bases = {p.name: load_yaml_file(p).data for p in sorted((ROOT / "dsl-examples").glob("*.yaml"))}
    rng = random.Random(SEED)

    def hang(signum, frame):
        raise _Hang()

    previous = signal.signal(signal.SIGALRM, hang)
    problems, played = [], 0
    try:
        for i in range(MUTATIONS):
            name = rng.choice(sorted(bases))
            doc, done = mutate(rng, bases[name])
            signal.alarm(HANG_SECONDS)
            try:
                problem, simulated = _probe(doc)
            except _Hang:
                problem, simulated = f"no answer within {HANG_SECONDS} s", False
            finally:
                signal.alarm(0)
            played += simulated
            if problem:
                problems.append(f"#{i} {name} {'; '.join(done)}: {problem}")
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert problems == [], "\n".join(problems[:20])
    assert played >= MUTATIONS // 50, f"only {played} mutations passed check and were played: the fuzz is too blunt"
