"""Golden playthroughs: the Chinese replay log of one greedy game per catalog variant.

Regenerate after an intended change with ``DSLGEN_REGEN_GOLDEN=1 pytest tests/game``
and review the diff.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine.simulation import game_seed, play_game
from engine.simulation.narrate import narrate

from tests.game.conftest import CATALOG

GOLDEN = Path(__file__).with_name("golden")
SEED, GAME = 1, 0


def playthrough(path: Path) -> str:
    """The replay text ``dslgen replay PATH --seed 1 --game 0`` prints (without the title line)."""
    from dslgen.rulefile import load_rules

    rules = load_rules(path).rules
    rec = play_game(rules, game_seed(SEED, GAME), "greedy", index=GAME, run_seed=SEED, keep_events=True)
    assert rec.error is None, rec.error
    return "\n".join(narrate(rec.events)) + "\n"


@pytest.mark.parametrize("path", CATALOG, ids=lambda p: p.stem)
def test_golden_playthrough(path):
    text = playthrough(path)
    golden = GOLDEN / f"{path.stem}.txt"
    if os.environ.get("DSLGEN_REGEN_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"缺少 {golden.name}：运行 DSLGEN_REGEN_GOLDEN=1 pytest tests/game 生成"
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now"))
    assert text == expected, diff


def test_every_golden_file_belongs_to_a_catalog_variant():
    stems = {p.stem for p in CATALOG}
    assert {g.stem for g in GOLDEN.glob("*.txt")} <= stems
