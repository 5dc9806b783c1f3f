"""国标 scores exactly as PyMahjongGB's MahjongFanCalculator: total and fan list (with counts).

Random winning hands of every shape (concealed and with chows, pungs, exposed and concealed
kongs), won by self-draw or on a discard, with 和绝张, the last tile, a kong replacement or a
robbed kong, every seat and prevalent wind and 0-8 flowers. Inputs never hold a fifth copy.
The suite compares 100,000 hands, in ten chunks of their own seed (a failure names its chunk);
``DSLGEN_GB_ORACLE_HANDS`` sets another total (e.g. a quick local run).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

MahjongGB = pytest.importorskip("MahjongGB")

from dslgen.rulefile import load_rules  # noqa: E402
from engine.fans import WinContext, lookup, score_win  # noqa: E402

import gb_hands  # noqa: E402
from fan_helpers import CATALOG  # noqa: E402

N_HANDS = int(os.environ.get("DSLGEN_GB_ORACLE_HANDS", "100000"))
CHUNKS = 10


@pytest.fixture(scope="module")
def guobiao():
    return load_rules(CATALOG / "guobiao.yaml").rules


def cases(n: int, seed: int):
    """(hand, seat wind, prevalent wind, flowers, 和绝张) for ``n`` random wins."""
    rng = random.Random(seed)
    for h in gb_hands.random_hands(n, seed):
        yield h, rng.randrange(4), rng.randrange(4), rng.choice((0, 0, 0, 1, 2, 3, 5, 8)), rng.random() < 0.15


def theirs(h, seat: int, prevalent: int, flowers: int, fourth: bool) -> tuple[int, Counter]:
    args = list(gb_hands.to_gb(h))
    args[3], args[5], args[8], args[9] = flowers, fourth, seat, prevalent
    out = MahjongGB.MahjongFanCalculator(*args, verbose=True)
    return sum(p * c for p, c, _, _ in out), Counter({name: c for _, c, name, _ in out})


def ours(rules, h, seat: int, prevalent: int, flowers: int, fourth: bool) -> tuple[int, Counter]:
    ctx = WinContext(h.concealed, h.melds, h.win_tile, frozenset(), h.self_drawn, h.kong_replacement,
                     h.last_tile, h.robbing_kong, flowers=tuple(range(41, 41 + flowers)), seat_wind=seat,
                     round_wind=prevalent, fourth_tile=fourth)
    res = score_win(rules, ctx)
    fans = Counter()
    for name, _ in res.fans:
        fans[lookup(name).guobiao[0]] += res.counts.get(name, 1)
    return res.total, fans


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_total_and_fan_list_agree_with_pymahjonggb(guobiao, chunk):
    seen: Counter = Counter()
    problems = []
    for i, (h, seat, prevalent, flowers, fourth) in enumerate(cases(N_HANDS // CHUNKS, 20261130 + chunk)):
        want = theirs(h, seat, prevalent, flowers, fourth)
        got = ours(guobiao, h, seat, prevalent, flowers, fourth)
        seen.update(want[1].keys())
        if got != want:
            problems.append(f"块{chunk} #{i} {h} 门风{seat} 圈风{prevalent} 花{flowers} 绝张{fourth}: PyMahjongGB={want} 本引擎={got}")
    assert not problems, f"{len(problems)} 手不一致:\n" + "\n".join(problems[:10])
    # the sample really exercises the table: most of the 83 names PyMahjongGB can report occur
    assert len(seen) >= 60, sorted(seen)


def test_every_declared_fan_has_its_pymahjonggb_name(guobiao):
    names = [lookup(f.name).guobiao[0] for f in guobiao.fans]
    assert len(names) == len(set(names)) == 82  # the 81 fans and 明暗杠
