"""The fan registry covers the reference's recognised names; units are documented; docs are current."""

import re
from pathlib import Path

from click.testing import CliRunner

import engine.fans as F
from engine.capabilities import registry
from engine.fans.registry import KINDS

REFERENCE_NAMES = """
清一色 混一色 字一色 对对胡 碰碰胡 碰碰和 暗七对 七对 将一色 带幺九 全带幺 混幺九 缺一门 无字 平胡 平和 断幺九
全大 全中 全小 全双 大于五 小于五 大四喜 大三元 小四喜 小三元 一色四同顺 五门齐
十三幺 全不靠 一色双龙会 连七对 全求人 门前清 杠上开花 海底捞月 抢杠胡 天胡 地胡 癞子胡 鸡胡
""".split()

#: 川麻 fans added by issue 14 (engine/fans/sichuan.py), synonyms included.
SICHUAN_NAMES = set("根 带根 金钩钓 金钩胡 杠上炮 杠上放炮 海底炮 素胡 素番 基本胡".split())
#: Names rule tables print for fans of the reference (registered as synonyms when the drafter's word list
#: stopped being a second synonym table, issue 12).
PRINTED_NAMES = set("鸡和 对对和 大对子 七小对 小七对 七对子 清一门 混一门 凑一色 全将 断一九 国士无双 门清 杠上花".split())

SYNONYMS = [("对对胡", "碰碰胡", "碰碰和", "对对和", "大对子"), ("七对", "七小对", "小七对", "七对子"), ("门前清", "门清"), ("平胡", "平和"), ("七对", "暗七对"), ("带幺九", "全带幺"), ("抢杠胡", "抢杠和")]


def test_every_reference_name_is_recognised():
    assert set(REFERENCE_NAMES) <= F.recognized_names()
    guobiao = {n for u in F.FANS.values() if u.guobiao for n in u.names}
    hubei = {"卡五星", "夹五星", "明四归一", "暗四归一", "开口", "开口翻"}
    assert F.recognized_names() - set(REFERENCE_NAMES) - SICHUAN_NAMES - PRINTED_NAMES - guobiao == \
        {"将将胡"} | hubei


def test_synonyms_resolve_to_one_unit():
    for group in SYNONYMS:
        units = {F.lookup(n).name for n in group}
        assert len(units) == 1, group


def test_every_unit_has_a_definition_and_a_kind():
    for unit in F.FANS.values():
        assert unit.kind in KINDS
        assert len(unit.doc) >= 6, unit.name


def test_lai_zi_hu_carries_its_condition():
    assert F.lookup("癞子胡").condition == "hand_contains_wildcard"
    assert "hand_contains_wildcard" in F.FAN_CONDITIONS


def test_capabilities_are_registered_by_their_modules():
    caps = registry()
    assert caps["scoring.fan_table"].module == "engine.fans"
    assert caps["scoring.fan_exclusion"].module == "engine.fans"
    assert caps["scoring.pre_hooks"].module == "engine.settlement"


def test_generated_docs_are_current():
    from dslgen.cli import cli

    result = CliRunner().invoke(cli, ["docs", "build", "--check"])
    assert result.exit_code == 0, result.output


def test_docs_check_fails_on_a_stale_file(tmp_path):
    from dslgen import docgen

    statuses = docgen.build(check=True, root=tmp_path)
    assert any(s.path == "docs/fans.md" and s.stale for s in statuses)
    docgen.build(check=False, root=tmp_path)
    text = (tmp_path / "docs/fans.md").read_text(encoding="utf-8")
    for name in REFERENCE_NAMES:
        assert re.search(rf"\b{name}\b|{name}", text)
    assert all(not s.stale for s in docgen.build(check=True, root=tmp_path))


def test_every_fan_is_a_library_definition_and_none_is_python():
    """One home: each fan's definition is the library's expression (a combination fan's included); no fan
    predicate is registered from Python."""
    import engine.fans.registry as R

    assert all(u.definition and u.source == "library" for u in F.FANS.values())
    assert not hasattr(R, "PRIMITIVES")
    combined = [u.name for u in F.FANS.values() if u.definition.startswith("combine:")]
    assert len(combined) == 23 and {"一般高", "清龙", "大三元", "一色四节高"} <= set(combined)
