"""Units of the compact prompt: the specification excerpt, the example trim, repair patches, the meter and
the error classifier (the HTTP paths are in test_model_errors.py)."""

from __future__ import annotations

from dslgen.generate import tokens
from dslgen.generate.examples import load_examples
from dslgen.generate.prompt import concerned_keys, merge_patch, trimmed_example
from dslgen.generate.providers.errors import classify, is_local
from dslgen.generate.spec_retrieval import select, split_blocks
from dslgen.rulefile.spec import spec_text

SPEC = """# 标题

## 4. deck（必填）

| 字段 | 类型 | 含义 |
|---|---|---|
| `total` | 整数 | 总张数 |
| `suits` | 列表 | 花色 |

牌库里有花牌时 include_flowers 为 true，春夏秋冬梅兰竹菊。

## 16. 枚举表

```yaml enum=fans
items:
  - {name: 七对, 类别: 结构, 同义: [七小对]}
  - {name: 十三幺, 类别: 结构}
```

## 18. 川麻：换三张

换三张写在 phases 里，开局每家换出三张牌。
"""


def test_blocks_keep_the_specification_order_and_leads():
    blocks = split_blocks(SPEC)
    assert [b.section for b in blocks] == ["4", "4", "16", "18"]
    assert blocks[0].lead and blocks[0].text.startswith("## 4. deck") and "| `total`" in blocks[0].text


def test_the_excerpt_takes_leads_the_named_rows_and_what_the_description_touches():
    text = select(SPEC, "用七小对，有花牌：春夏秋冬", {"deck"}, 500, used={"total"})
    assert "`total`" in text and "`suits`" not in text  # the lead keeps the rows of the fields used
    assert "七对" in text and "十三幺" not in text  # the fan table cut to the fans named (synonyms count)
    assert "春夏秋冬" in text and "换三张" not in text
    assert text.index("deck") < text.index("七对")


def test_the_budget_is_kept_on_the_real_specification():
    text = select(spec_text(), "四川血战到底，换三张，定缺，刮风下雨", {"phases", "scoring"}, 1500)
    assert tokens.count_text(text) <= 1500 + 900  # leads are always kept; the rest fits the budget
    assert "换三张" in text


def test_the_example_keeps_only_the_named_fans():
    nanchang = next(e for e in load_examples() if e.id == "nanchang")
    names = [f["name"] for f in trimmed_example(nanchang, "七对2番，碰碰胡2番")["fan_types"]]
    assert sorted(names) == ["七对", "碰碰胡"]  # 南昌's published table has no 清一色
    assert len(trimmed_example(nanchang, "没有番型")["fan_types"]) == 1


def test_repair_patches():
    assert concerned_keys([{"path": "fan_types[3].name"}, {"path": "max_fan"}, {"path": "fan_types[0]"}]) == ["fan_types", "max_fan"]
    assert concerned_keys([{"path": "max_fan"}, {"path": ""}]) == []  # one finding about the whole answer
    previous = {"game": {"name": "x"}, "deck": {"total": 136}, "max_fan": 8}
    assert merge_patch(previous, {"max_fan": 16}, ["max_fan"]) == {**previous, "max_fan": 16}
    whole = {"game": {"name": "y"}, "deck": {"total": 112}}
    assert merge_patch(previous, whole, ["max_fan"]) == whole


def test_the_meter_counts_chat_overhead():
    assert tokens.count_messages([{"role": "user", "content": ""}]) == tokens.PER_MESSAGE + tokens.PER_REPLY
    assert tokens.count_text("南昌麻将") >= 2


def test_the_classifier_reads_what_the_server_said():
    def kind(status, message, code="", structured=True):
        return classify(status, {"error": {"message": message, "code": code}}, structured=structured,
                        model="m", base_url="http://127.0.0.1:1/v1").kind

    assert kind(400, "maximum context length is 8192 tokens", "context_length_exceeded") == "context_length"
    assert kind(400, "your prompt is too long") == "context_length"
    assert kind(400, "response_format is not supported") == "format_refused"
    assert kind(400, "response_format is not supported", structured=False) == "bad_request"
    assert kind(404, "The model `m` does not exist") == "model_not_found"
    assert kind(400, "unknown model m") == "model_not_found"
    assert kind(401, "bad key") == "auth" and kind(429, "slow") == "rate_limit"
    assert kind(429, "exceeded your current quota", "insufficient_quota") == "quota"
    assert kind(502, "bad gateway") == "server"
    assert is_local("http://127.0.0.1:8080/v1") and is_local("http://localhost:11434/v1")
    assert not is_local("https://api.deepseek.com")
