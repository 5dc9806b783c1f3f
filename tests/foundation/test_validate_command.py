"""``dslgen validate``: every bad input exits 1 with a located Chinese message; JSON shape; exit codes."""

from __future__ import annotations

import json

import pytest

from .conftest import CATALOG, FIXTURES

BAD_INPUTS = [
    # fixture, expected "line:col", expected field path, words the message must contain
    ("syntax_error.yaml", "4:5", "(文件)", "YAML 语法错误"),
    ("duplicate_key.yaml", "6:1", "(文件)", "重复的键 “deck”"),
    ("empty.yaml", "1:1", "(文件)", "文件为空"),
    ("top_level_list.yaml", "1:1", "(文件)", "顶层必须是映射"),
    ("tag_os_system.yaml", "2:9", "(文件)", "不允许使用 YAML 标签"),
    ("alias_bomb.yaml", "5:12", "(文件)", "别名炸弹"),
    ("wrong_types.yaml", "9:3", "deck.include_honors", "类型错误：应当是布尔值"),
    ("unknown_keys.yaml", "15:3", "deal.dealer_extar", "未知字段 “dealer_extar”"),
    ("deck_total_mismatch.yaml", "11:3", "deck.total", "total 必须是 144"),
]


@pytest.mark.parametrize("name,pos,path,words", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_bad_input_exit_1_with_location(dslgen, name, pos, path, words):
    f = FIXTURES / name
    result = dslgen("validate", f)
    assert result.exit_code == 1
    assert f"{f}:{pos}: {path}: " in result.output
    assert words in result.output
    assert "提示：" in result.output


def test_non_utf8_and_oversized_generated(dslgen, tmp_path):
    gbk = tmp_path / "gbk.yaml"
    gbk.write_bytes("game:\n  name: 长沙麻将\n".encode("gbk"))
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: '" + b"x" * (1024 * 1024 + 10) + b"'\n")
    result = dslgen("validate", gbk, big)
    assert result.exit_code == 1
    assert f"{gbk}:2:9: (文件): 文件不是 UTF-8 编码" in result.output
    assert f"{big}:1:1: (文件): 文件过大" in result.output


def test_every_error_of_a_file_is_listed(dslgen):
    result = dslgen("validate", FIXTURES / "wrong_types.yaml")
    lines = [l for l in result.output.splitlines() if "wrong_types.yaml:" in l]
    assert [l.split(": ")[1] for l in lines] == ["deck.include_honors", "fan_types[0].base_fan", "fan_stacking"]
    assert "应当是整数，这里是字符串 一" in result.output


def test_did_you_mean_for_misspelt_keys_and_values(dslgen):
    out = dslgen("validate", FIXTURES / "unknown_keys.yaml").output
    assert "是否想写 “dealer_extra”？" in out
    assert "fan_stackin: 未知字段 “fan_stackin”" in out and "是否想写 “fan_stacking”？" in out


def _variant(tmp_path, old: str, new: str, name: str = "v.yaml"):
    text = (FIXTURES / "minimal_valid.yaml").read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / name
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "old,new,path,words",
    [
        ("fan_stacking: add\n", "fan_stacking: max_levl\n", "fan_stacking", "是否想写 “max_level”？"),
        ("  total: 108\n", "  total: 136\n", "deck.total", "不含字牌、没有固定癞子时 total 必须是 108"),
        ("scoring:\n  mode: fan_table\n", "scoring:\n  mode: fan_table\n  max_cap: 0\n", "scoring.max_cap", "不能小于 1"),
        ("fan_stacking: add\n", "fan_stacking: add\nwildcard_rules: {type: fixed}\n", "wildcard_rules", "缺少必填字段 “tiles”"),
        ("fan_stacking: add\n", "fan_stacking: add\nwildcard_rules: {type: random}\n", "wildcard_rules", "缺少必填字段 “random_count”"),
        ("fan_stacking: add\n", "fan_stacking: add\nwin_condition: {pair_258_exempt_fans: [七对]}\n", "win_condition", "缺少必填字段 “pair_must_be_258”"),
        ("  - {name: deal, type: auto, action: deal_cards, next: play}\n", "  - {name: deal, type: auto, next: play}\n", "phases[0]", "缺少必填字段 “action”"),
        ("requires: [deck.generator_mahjong,", "requires: [deck.generator_mahjong, deck.generator_mahjong,", "requires", "重复项"),
    ],
)
def test_schema_rules(dslgen, tmp_path, old, new, path, words):
    p = _variant(tmp_path, old, new)
    result = dslgen("validate", p)
    assert result.exit_code == 1
    line = next(l for l in result.output.splitlines() if l.startswith(str(p)))
    assert f": {path}: " in line
    assert words in result.output


def test_wildcard_tile_adds_four_to_deck(dslgen, tmp_path):
    wild = "fan_stacking: add\nwildcard_rules: {type: fixed, tiles: [红中]}\n"
    p = _variant(tmp_path, "fan_stacking: add\n", wild)
    result = dslgen("validate", p)
    assert result.exit_code == 1 and "total 必须是 112" in result.output
    text = p.read_text(encoding="utf-8").replace("  total: 108\n", "  total: 112\n")
    p.write_text(text, encoding="utf-8")
    assert dslgen("validate", p).exit_code == 0


def test_json_output(dslgen, tmp_path):
    good = FIXTURES / "minimal_valid.yaml"
    result = dslgen("validate", "--json", good, FIXTURES / "unknown_keys.yaml")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data[0] == {"file": str(good), "valid": True, "errors": []}
    assert data[1]["valid"] is False
    first = data[1]["errors"][0]
    assert set(first) == {"code", "severity", "path", "steps", "line", "column", "message", "hint"}
    assert (first["line"], first["column"], first["path"], first["steps"]) == (15, 3, "deal.dealer_extar", ["deal", "dealer_extar"])
    assert (first["code"], first["severity"]) == ("C002", "error") and "未知字段" in first["message"]


def test_json_errors_are_the_shared_finding_shape_and_round_trip(dslgen, tmp_path):
    """validate --json writes each error as ``Finding.to_json``: check --json's shape, read back exactly."""
    from dslgen.checks.finding import Finding

    bad = FIXTURES / "wrong_types.yaml"
    broken = FIXTURES / "syntax_error.yaml"
    data = json.loads(dslgen("validate", "--json", bad, broken).stdout)
    errors = data[0]["errors"] + data[1]["errors"]
    for raw in errors:
        assert Finding.from_json(raw).to_json() == raw
    assert data[1]["errors"][0]["code"] == "C001" and data[1]["errors"][0]["steps"] == []
    assert (data[1]["errors"][0]["line"], data[1]["errors"][0]["column"]) == (4, 5)
    checked = json.loads(dslgen("check", "--json", bad).stdout)
    schema = [f for f in checked[0]["findings"] if f["code"] == "C002"]
    assert schema == data[0]["errors"]


def test_exit_codes(dslgen, tmp_path):
    assert dslgen("validate", CATALOG).exit_code == 0
    assert dslgen("validate", FIXTURES / "minimal_valid.yaml").exit_code == 0
    missing = dslgen("validate", FIXTURES / "minimal_valid.yaml", tmp_path / "nope.yaml")
    assert missing.exit_code == 2 and "文件不存在" in missing.output
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    none = dslgen("validate", empty_dir)
    assert none.exit_code == 2 and "没有 .yaml" in none.stderr
    assert dslgen("validate").exit_code == 2  # no arguments: usage error


def test_directory_is_expanded(dslgen):
    result = dslgen("validate", CATALOG)
    assert result.exit_code == 0
    assert result.output.count(": 通过") == len(list(CATALOG.glob("*.yaml")))
