"""Hostile expressions in rule files: every command answers with findings or plays on, never an internal error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

BASE = (Path(__file__).parent / "rules" / "sanjindao.yaml").read_text(encoding="utf-8")
FAN = '  - {name: 三金倒, base_fan: 30, when: "count(held, wild) >= 3", excludes: [鸡胡]}\n'


def _file(tmp_path: Path, fan: str = FAN, extra: str = "") -> Path:
    text = BASE.replace(FAN, fan).replace("fan_stacking: add\n", extra + "fan_stacking: add\n")
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return path


#: (fan row, extra top-level text, the code check must report, or "" when the file is valid)
CASES = {
    "too_long": ('  - {name: 长, base_fan: 1, when: "' + "self_drawn or " * 300 + 'self_drawn"}\n', "", "C002"),
    "too_deep": ('  - {name: 深, base_fan: 1, when: "' + "(" * 80 + "self_drawn" + ")" * 80 + '"}\n', "", "C205"),
    "ill_typed": ('  - {name: 错, base_fan: 1, when: "count(dragon, hand) > 1"}\n', "", "C205"),
    "bad_per": ('  - {name: 次, base_fan: 1, when: "true", per: "self_drawn"}\n', "", "C205"),
    "bad_restriction": (FAN, "tile_restrictions:\n  - {tiles: \"count(hand) > 1\", actions: [pung]}\n", "C205"),
    "every_shape_wins": (FAN, "win_condition:\n  shapes:\n    - {name: 都胡, when: \"true\"}\n", ""),
    "nobody_can_win": (FAN, "win_condition:\n  require: [\"false\"]\n", ""),
    "no_tile_may_be_discarded": (FAN, "tile_restrictions:\n  - {tiles: any, actions: [discard, pung, kong, win]}\n", ""),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_check_simulate_and_hand_never_crash(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    fan, extra, code = CASES[case]
    path = _file(tmp_path, fan, extra)
    result = CliRunner().invoke(cli, ["check", "--json", str(path)])
    assert "内部错误" not in result.output, result.output
    codes = {f["code"] for f in json.loads(result.stdout)[0]["findings"]}
    if code:
        assert result.exit_code == 1 and code in codes, codes
    for args in (["simulate", str(path), "--games", "4", "--jobs", "1"],
                 ["hand", str(path), "123m456m789s55p中中中"],
                 ["hand", str(path), "147m258s369p东南西北发"]):
        out = CliRunner().invoke(cli, args)
        assert out.exit_code in (0, 1, 2) and "内部错误" not in out.output, (args, out.output)
