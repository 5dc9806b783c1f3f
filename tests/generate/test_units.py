"""Units of the generation package: wordings, answers, similarity, secrets, usage, config, registry."""

from __future__ import annotations

import pytest

from dslgen.errors import UsageError
from dslgen.generate import config, providers
from dslgen.generate.answer import parse_answer
from dslgen.generate.examples import load_examples
from dslgen.generate.description_facts import cn_number, read_facts
from dslgen.generate.prompt import build_messages, fence_safe, select_examples
from dslgen.secrets import redact
from dslgen.generate.similarity import rank, similarity
from dslgen.generate.usage import Usage

# --- the many ways designers write the same rule --------------------------------------------


@pytest.mark.parametrize("word", ["癞子", "赖子", "混子", "鬼牌", "鬼", "财神", "百搭", "会牌"])
def test_fixed_wildcard_words(word):
    facts = read_facts(f"红中当{word}。")
    assert facts.values["wildcard"] == {"type": "fixed", "tiles": ["红中"]}


@pytest.mark.parametrize("text, count", [
    ("翻一张牌定精，下一张是正精，再下一张是副精。", 2),
    ("开局翻牌，翻出的下一张为癞子，只有一种癞子。", 1),
    ("骰子翻鬼，正精和副精都能当任何牌。", 2),
    ("翻精：只要正精，不要副精。", 1),
])
def test_random_wildcards(text, count):
    assert read_facts(text).values["wildcard"] == {"type": "random", "random_count": count}


@pytest.mark.parametrize("text, chi", [
    ("不能吃。", False), ("只碰不吃。", False), ("只能碰不能吃。", False), ("禁止吃牌。", False),
    ("可以吃碰杠。", True), ("能吃能碰。", True), ("碰、吃都行。", True),
])
def test_chi_wordings(text, chi):
    assert read_facts(text).values["chi"] is chi


def test_eat_win_is_not_chow():
    values = read_facts("可以吃胡。").values
    assert "chi" not in values and values["discard_win"] is True
    assert read_facts("不能吃胡，只能自摸。").values["discard_win"] is False


@pytest.mark.parametrize("text, key, value", [
    ("封顶16番。", "max_fan", 16), ("最高十六番。", "max_fan", 16), ("20番封顶。", "max_fan", 20),
    ("上不封顶。", "max_fan", None), ("8番起胡。", "min_fan", 8), ("起胡2番。", "min_fan", 2),
    ("至少三番才能胡。", "min_fan", 3), ("自摸加倍。", "self_draw_multiplier", 2),
    ("自摸翻倍。", "self_draw_multiplier", 2), ("庄家翻倍。", "dealer_multiplier", 2),
    ("庄家输赢3倍。", "dealer_multiplier", 3), ("点炮包三家。", "discard_win_multiplier", 3),
    ("将必须是258。", "pair_258", True), ("二五八做将。", "pair_258", True), ("乱将。", "pair_258", False),
    ("血战到底。", "xuezhan", True), ("打缺一门。", "miss_suit", True), ("一炮多响。", "multi_win", True),
    ("108张牌。", "honors", False), ("带风牌。", "honors", True), ("不带字牌。", "honors", False),
    ("有花牌。", "flowers", True), ("不要花。", "flowers", False), ("鸡胡只能自摸。", "ji_hu_self_draw_only", True),
    ("番数相加。", "fan_stacking", "add"), ("只算最大的番。", "fan_stacking", "max_level"),
])
def test_rule_wordings(text, key, value):
    assert read_facts(text).values[key] == value


@pytest.mark.parametrize("text, name, value", [
    ("屁胡1番", "鸡胡", 1), ("小胡算1番", "鸡胡", 1), ("平和 2 番", "平胡", 2), ("没有其他番的普通胡牌算平胡 1 番", "鸡胡", 1), ("七小对4翻", "七对", 4), ("碰碰胡算3番", "对对胡", 3),
    ("大对子：2番", "对对胡", 2), ("门清1番", "门前清", 1), ("杠开2番", "杠上开花", 2), ("将将胡六番", "将一色", 6),
    ("清一色十二番", "清一色", 12), ("国士无双 13", "十三幺", 13),
])
def test_fan_names_and_values(text, name, value):
    assert read_facts(text).fans == {name: value}


@pytest.mark.parametrize("text, word", [
    ("双豪华七对8番。", "双豪华七对"), ("十八罗汉3番。", "十八罗汉"),
])
def test_unsupported_rules_surface_as_gaps(text, word):
    gaps = read_facts(text).gaps
    assert any(word in g["text"] or word in g["reason"] for g in gaps), gaps


#: The audit's 长沙 description (s4-docsaudit): four 起手小胡 with their points after a plain fan list.
CHANGSHA_OPENING = ("长沙麻将：108张牌，不带字牌。可以碰、杠，不能吃，可以自摸也可以点炮胡。将牌必须是2、5、8。"
                    "番型：平胡1番，碰碰胡6番，清一色6番，七对6番。起手小胡：板板胡2番，六六顺2番，缺一色2番，四喜2番。")
_UNKNOWN_FAN = "没有识别为规范中的番型"


def _opening_names() -> list[tuple[str, str]]:
    from engine.game.opening import OPENING_HANDS

    return [(word, unit.name) for unit in OPENING_HANDS.values() for word in unit.names]


@pytest.mark.parametrize("word, name", _opening_names())
@pytest.mark.parametrize("sep", ["，", "、"])
def test_carried_opening_hand_is_not_an_unknown_fan(word, name, sep):
    """Every name the opening-hand registry lists, with its points in a 起手小胡 list: carried, not a gap."""
    facts = read_facts(f"番型：平胡1番。起手小胡：缺一色3番{sep}{word}2番。")
    assert facts.values["opening_hands"][name] == 2
    assert not [g for g in facts.gaps if _UNKNOWN_FAN in g["reason"]], facts.gaps


def test_changsha_opening_list_drafts_without_a_false_gap():
    from dslgen.generate.consistency import judge_offline
    from dslgen.generate.drafter import draft_offline
    from dslgen.generate.opening_reader import opening_of

    draft = draft_offline(CHANGSHA_OPENING, load_examples())
    assert opening_of(draft.data) == {"板板胡": 2, "六六顺": 2, "缺一色": 2, "四喜": 2}
    assert draft.facts.gaps == []
    report = judge_offline(CHANGSHA_OPENING, draft)
    assert report.passed and report.coverage()["gapped"] == 0, report.findings


def test_sixi_in_a_plain_fan_list_stays_a_gap():
    """Outside a 起手 context 四喜 is no opening hand: still reported (as before the opening fix)."""
    facts = read_facts("番型：平胡1番，四喜2番，碰碰胡6番。")
    assert "opening_hands" not in facts.values
    assert [g["text"] for g in facts.gaps if _UNKNOWN_FAN in g["reason"]] == ["四喜2番"]


def test_unmapped_sentences_are_kept():
    facts = read_facts("武汉麻将。红中当癞子。每局开始前大家先喝一杯茶。")
    assert facts.unmapped == ["每局开始前大家先喝一杯茶"]
    assert facts.name == "武汉麻将"


def test_cn_number():
    assert [cn_number(s) for s in ("8", "十", "十二", "二十", "两", "一百", "十六")] == [8, 10, 12, 20, 2, 100, 16]


# --- answers ---------------------------------------------------------------------------------


def test_single_fenced_yaml_block_is_enough():
    answer = parse_answer("```yaml\ngame:\n  name: x\n```")
    assert answer.ok and answer.loaded.data == {"game": {"name": "x"}} and answer.gaps == []


def test_gaps_block_and_plain_yaml():
    answer = parse_answer("```yaml\ngame: {name: x}\n```\n```gaps\ngaps:\n  - {text: 冲关, reason: 不支持}\n"
                          "mapping:\n  - {section: deck, sentence: 108张}\nunmapped: [喝茶]\n```")
    assert answer.gaps == [{"text": "冲关", "reason": "不支持"}]
    assert answer.mapping == [{"sentence": "108张", "section": "deck"}] and answer.unmapped == ["喝茶"]
    assert parse_answer("game:\n  name: x\n").ok  # no fence at all, but clearly the rule file


@pytest.mark.parametrize("text, code", [
    ("对不起，我做不到。", "G001"),
    ("```yaml\ngame:\n  name: [x\n```", "G003"),
    ("```yaml\ngame: !!python/object/apply:os.system [ls]\n```", "G003"),
    ("```yaml\na: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
     "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
     "g: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nh: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\ni: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
     "j: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nk: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nl: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n```", "G003"),
    ("```yaml\ngame:\n  name: x\n", "G002"),
])
def test_bad_answers_become_findings(text, code):
    answer = parse_answer(text)
    assert not answer.ok and answer.problems[0].code == code


# --- prompting and similarity ----------------------------------------------------------------


def test_selector_picks_the_closest_variants():
    pool = load_examples()
    assert select_examples("红中癞子，将要258", pool, k=1)[0].id == "hongzhong_laizi"
    assert select_examples("血战到底，缺一门，查花猪", pool, k=1)[0].id == "sichuan_xuezhan"
    assert rank("十三幺 全不靠 组合龙 8番起和", [e.description for e in pool])[0] == [e.id for e in pool].index("guobiao")
    assert similarity("红中癞子", "红中癞子") == pytest.approx(1.0) and similarity("", "x") == 0.0


def test_messages_hold_spec_examples_and_fenced_description():
    pool = load_examples()
    messages = build_messages("武汉红中癞子。<<<描述开始>>>", "hongzhong_laizi", pool, "SPEC-TEXT {braces}", "9.9", k=2)
    assert [m.role for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "SPEC-TEXT {braces}" in messages[0].content and "9.9" in messages[0].content
    assert messages[2].content.startswith("```yaml") and "```gaps" in messages[2].content
    assert messages[-1].content.count("<<<描述开始>>>") == 2  # the template's mention and the real fence
    assert fence_safe("a<<<描述结束>>>b>>>>c\x00") == "abc"


# --- secrets, usage, config, registry --------------------------------------------------------


def test_redact_masks_configured_keys_only(monkeypatch):
    """Only configured values are masked: a user's own key-shaped words (sk-…, key-mahjong2024) stay as written."""
    monkeypatch.setenv("OPENAI_API_KEY", "plainsecretvalue")
    monkeypatch.setenv("OTHER_API_KEY", "another-secret-1")
    monkeypatch.setenv("SHORT_API_KEY", "abc")
    text = "key plainsecretvalue, Bearer another-secret-1, sk-abcdef123456, key-mahjong2024, abc"
    assert redact(text) == "key REDACTED, Bearer REDACTED, sk-abcdef123456, key-mahjong2024, abc"


def test_usage_sums_and_costs():
    usage = Usage()
    usage.add("gpt-4o-mini", 1_000_000, 0)
    usage.add("gpt-4o-mini-2024-07-18", 0, 1_000_000)
    assert usage.to_dict() == {"prompt_tokens": 1_000_000, "completion_tokens": 1_000_000,
                               "total_tokens": 2_000_000, "cost_usd": 0.75, "cost_estimated": True}
    usage.add("my-local-llama", 10, 10)
    assert usage.to_dict()["cost_estimated"] is False


def test_config_precedence(isolated, monkeypatch):
    home_conf = isolated / "home" / ".config" / "dslgen"
    home_conf.mkdir(parents=True)
    (home_conf / "config.toml").write_text('provider = "openai"\nmodel = "from-home"\napi_key = "sk-never-read"\n')
    name, settings = config.resolve(None, None)
    assert (name, settings.model, settings.api_key) == ("openai", "from-home", "")
    (isolated / "dslgen.toml").write_text('[generate]\nmodel = "from-project"\ntimeout = 7\n')
    assert config.resolve(None, None)[1].model == "from-project"
    assert config.resolve(None, None)[1].timeout == 7
    monkeypatch.setenv("DSLGEN_MODEL", "from-env")
    assert config.resolve(None, None)[1].model == "from-env"
    assert config.resolve("offline", "from-flag") == ("offline", config.resolve("offline", "from-flag")[1])
    assert config.resolve(None, "from-flag")[1].model == "from-flag"
    (isolated / "dslgen.toml").write_text("model = [broken")
    with pytest.raises(UsageError, match="配置文件"):
        config.resolve(None, None)


def test_default_provider_follows_the_key(isolated, monkeypatch):
    assert config.resolve(None, None)[0] == "offline"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-something-long")
    # issue 35.6: a key without a model (exported for another tool) is no request for a model
    name, settings = config.resolve(None, None)
    assert name == "offline" and "没有指定模型" in settings.notice
    monkeypatch.setenv("DSLGEN_MODEL", "gpt-4o-mini")
    assert config.resolve(None, None)[0] == "openai"
    assert "sk-something-long" not in repr(config.resolve(None, None)[1])


def test_provider_registry():
    assert {"openai", "offline", "replay"} <= set(providers.names())
    with pytest.raises(UsageError) as info:
        providers.get("nosuch")
    assert info.value.exit_code == 2 and "offline" in info.value.hint
