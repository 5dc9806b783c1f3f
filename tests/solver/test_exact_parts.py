"""The shipped exact-split table (engine/solver/exact_parts.py) is generated, complete and exact."""

from __future__ import annotations

import random
from pathlib import Path

from engine import clear_caches
from engine.solver import tables

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_table_is_what_the_generator_writes():
    text = (ROOT / "engine" / "solver" / "exact_parts.py").read_text(encoding="utf-8")
    assert text == tables.exact_parts_source(), "run `python -m dslgen tables build`"


def test_exact_bits_equal_the_search_on_random_patterns():
    rng = random.Random(5)
    clear_caches()
    for _ in range(4000):
        width = rng.choice((9, 7))
        top = rng.choice((2, 4, 4, 5))  # a fifth copy (wild tiles, the wait test) is answered by the search
        p = bytes(rng.randint(0, top) if rng.random() < 0.45 else 0 for _ in range(width))
        assert tables.exact_bits(p) == tables._compute_exact_bits(p, {}), p


def test_clear_caches_keeps_the_shipped_table():
    assert tables.exact_bits(bytes((1, 1, 1, 0, 0, 0, 0, 0, 2))) == 2  # 123 + 99: sets and a pair
    clear_caches()
    assert tables._EXACT_SHIPPED  # static data, not a memo
    assert tables.exact_bits(bytes((1,) * 9)) == 1  # 123 456 789
    assert tables.exact_bits(bytes((3, 1, 1, 1, 2, 1, 1, 1, 3))) == 6  # 111 234 55 678 999: a 2/5/8 pair
    assert tables.exact_bits(bytes((1, 0, 1, 0, 0, 0, 0, 0, 0))) == 0
