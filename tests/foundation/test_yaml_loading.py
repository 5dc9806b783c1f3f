"""dslgen.rulefile.yamlio: positions, plain data, and every kind of bad YAML refused with a located message."""

from __future__ import annotations

import os

import pytest

from dslgen.rulefile import yamlio
from dslgen.rulefile.yamlio import YamlError, dump_yaml, load_yaml_bytes, load_yaml_file, load_yaml_text, write_atomic

from .conftest import FIXTURES


def test_plain_data_and_positions():
    text = "game:\n  name: 测试\n  players: {min: 4, max: 4}\nlist:\n  - a: 1\n    when: 2024-05-01\n  - 2.5\n1: [春]\n"
    y = load_yaml_text(text, "t.yaml")
    assert y.data == {
        "game": {"name": "测试", "players": {"min": 4, "max": 4}},
        "list": [{"a": 1, "when": "2024-05-01"}, 2.5],
        "1": ["春"],
    }
    assert type(y.data["game"]) is dict and type(y.data["list"]) is list
    assert y.locate(("game", "name")) == (2, 3)
    assert y.locate(("game", "players", "max")) == (3, 21)
    assert y.locate(("list", 1)) == (7, 5)
    assert y.locate(("list", 0, "when")) == (6, 5)
    assert y.locate(("1", 0)) == (8, 5)
    # a missing node falls back to its nearest existing ancestor
    assert y.locate(("game", "nope", "deeper")) == (1, 1)
    assert y.locate(("list", 9)) == (4, 1)
    assert y.where(("game", "name")) == "t.yaml:2:3"


def _refused(path_or_text, *, text=False) -> YamlError:
    with pytest.raises(YamlError) as info:
        if text:
            load_yaml_text(path_or_text, "x.yaml")
        else:
            load_yaml_file(path_or_text)
    return info.value


def test_syntax_error_names_line():
    err = _refused(FIXTURES / "syntax_error.yaml")
    assert err.exit_code == 1
    assert "YAML 语法错误" in err.message
    assert err.where.endswith("syntax_error.yaml:4:5")
    assert "第 3 行" in err.message  # where the unclosed flow mapping started


def test_duplicate_key():
    err = _refused(FIXTURES / "duplicate_key.yaml")
    assert "重复的键 “deck”" in err.message
    assert err.where.endswith(":6:1")


def test_non_utf8(tmp_path):
    p = tmp_path / "gbk.yaml"
    p.write_bytes("game:\n  name: 四川\n".encode("gbk"))
    err = _refused(p)
    assert err.exit_code == 1 and "UTF-8" in err.message
    assert err.where == f"{p}:2:9"


def test_bom_is_accepted():
    assert load_yaml_bytes("\ufeffa: 1\n".encode("utf-8")).data == {"a": 1}


def test_empty_and_blank():
    assert "文件为空" in _refused(FIXTURES / "empty.yaml").message
    assert "文件为空" in _refused("# only a comment\n\n", text=True).message


def test_top_level_must_be_mapping():
    assert "顶层必须是映射" in _refused(FIXTURES / "top_level_list.yaml").message
    assert "标量" in _refused("just text\n", text=True).message


def test_tag_is_refused_and_never_constructed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    err = _refused(FIXTURES / "tag_os_system.yaml")
    assert "!!python/object/apply:os.system" in err.message
    assert err.where.endswith(":2:9")
    assert not (tmp_path / "DSLGEN_TAG_EXECUTED").exists()
    for tagged in ("a: !custom 1\n", "a: !!binary aGk=\n", "a: !!set {x}\n"):
        assert "标签" in _refused(tagged, text=True).message
    assert load_yaml_text("a: !!str 5\n").data == {"a": "5"}


def test_alias_bomb_refused():
    err = _refused(FIXTURES / "alias_bomb.yaml")
    assert "别名" in err.message and err.exit_code == 1
    # a few ordinary aliases are fine
    ok = load_yaml_text("base: &b {x: 1}\nother: *b\n")
    assert ok.data == {"base": {"x": 1}, "other": {"x": 1}}


def test_too_many_aliases(tmp_path):
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (yamlio.MAX_ALIASES + 1)) + "]\n"
    assert "别名" in _refused(text, text=True).message


def test_size_limit(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text("a: '" + "x" * yamlio.MAX_BYTES + "'\n", encoding="utf-8")
    err = _refused(p)
    assert "文件过大" in err.message and err.exit_code == 1


def test_missing_file_and_directory_are_io_errors(tmp_path):
    assert _refused(tmp_path / "nope.yaml").exit_code == 2
    assert _refused(tmp_path).exit_code == 2


def test_dump_keeps_order_and_chinese():
    text = dump_yaml({"b": {"名字": "红中", "l": [1, {"x": 2}]}, "a": True})
    assert text.splitlines()[0] == "b:"
    assert "名字: 红中" in text and "\\u" not in text
    assert load_yaml_text(text).data == {"b": {"名字": "红中", "l": [1, {"x": 2}]}, "a": True}


def test_write_atomic(tmp_path):
    target = tmp_path / "sub" / "out.yaml"
    write_atomic(target, "a: 1\n")
    write_atomic(target, b"a: 2\n")
    assert target.read_text() == "a: 2\n"
    assert os.listdir(target.parent) == ["out.yaml"]  # no temp files left behind


def test_deep_nesting_refused():
    err = _refused("a: " + "[" * 500 + "]" * 500 + "\n", text=True)
    assert "嵌套层数超过" in err.message and err.where == "x.yaml:1:103"


@pytest.mark.parametrize(
    "text,where,words",
    [
        ("a: 1\n\tb: 2\n", "x.yaml:2:1", "制表符"),
        ("a: b: c\n", "x.yaml:1:5", "值里含冒号"),
        ("a: 1\n---\nb: 2\n", "x.yaml:2:1", "只能有一个 YAML 文档"),
        ("a: \"open\n", "x.yaml:2:1", "引号"),
    ],
)
def test_common_syntax_errors_explained_in_chinese(text, where, words):
    err = _refused(text, text=True)
    assert err.where == where and words in err.message


def test_dump_multiline_and_null_round_trip():
    from .conftest import CATALOG

    data = {"meta": {"description": "第一行。\n第二行：带冒号。\n"}, "next": None, "l": [None, "a: b"]}
    text = dump_yaml(data)
    assert "description: |" in text and "next: null" in text
    assert load_yaml_text(text).data == data
    for path in sorted(CATALOG.glob("*.yaml")):
        original = load_yaml_file(path).data
        assert load_yaml_text(dump_yaml(original)).data == original
