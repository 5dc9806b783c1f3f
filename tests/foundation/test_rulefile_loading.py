"""dslgen.rulefile.load_rules: one call from a path to engine rules, or a located user error."""

from __future__ import annotations

from pathlib import Path

import pytest

from dslgen.errors import DslgenError
from dslgen.rulefile import load_rules, load_rules_text

from .conftest import FIXTURES


def test_loads_rules():
    rf = load_rules(FIXTURES / "minimal_valid.yaml")
    assert rf.rules.name == "最小玩法" and rf.rules.deck_total == 108
    assert rf.data["game"]["type"] == "mahjong"


def test_schema_errors_are_listed():
    with pytest.raises(DslgenError) as info:
        load_rules(FIXTURES / "wrong_types.yaml")
    err = info.value
    assert err.exit_code == 1
    assert "3 个错误" in err.message and "deck.include_honors" in err.message and "fan_stacking" in err.message
    assert len(err.findings) == 3


def test_yaml_and_io_errors():
    with pytest.raises(DslgenError) as info:
        load_rules(FIXTURES / "tag_os_system.yaml")
    assert info.value.exit_code == 1
    with pytest.raises(DslgenError) as info:
        load_rules(FIXTURES / "does_not_exist.yaml")
    assert info.value.exit_code == 2


def test_text_entry_point():
    text = (FIXTURES / "minimal_valid.yaml").read_text(encoding="utf-8")
    assert load_rules_text(text, "draft.yaml").rules.fan_stacking == "add"
    with pytest.raises(DslgenError) as info:
        load_rules_text(text.replace("fan_stacking: add", "fan_stacking: sum"), "draft.yaml")
    assert "draft.yaml:17:1" in info.value.message


def test_engine_problems_are_located_from_their_steps(tmp_path):
    """The loader places each engine problem at its field's line from the problem's steps (no text parsing)."""
    from dslgen.rulefile import RuleFileError, load_rules

    src = Path(__file__).resolve().parents[2] / "dsl-examples" / "sichuan_xuezhan.yaml"
    text = src.read_text(encoding="utf-8").replace("next: void", "next: nowhere", 1)
    p = tmp_path / "r.yaml"
    p.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "next: nowhere" in l)
    with pytest.raises(RuleFileError) as info:
        load_rules(p)
    assert "nowhere" in info.value.message and info.value.where.startswith(f"{p}:{line}:")
