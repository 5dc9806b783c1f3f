"""The model path over real HTTP against the scripted local server: every failure kind classified by what
the server said, the context check before the call, ``max_tokens``, the compact prompt, field-only repair
rounds, per-request transcript entries, and drafts of runs in which no answer came."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.generate.examples import load_examples
from dslgen.generate.prompt import compact_messages
from dslgen.generate.tokens import count_messages
from dslgen.rulefile.spec import spec_text, spec_version

from .conftest import SECRET
from .test_openai_http import WUHAN_DESC, _answer, _bad_yaml, _good_yaml

README_NANCHANG = ("南昌麻将：用万、条、筒和东南西北中发白共136张牌，不带花。可以吃、碰、杠，可以自摸也可以点炮胡，一炮多响。"
                   "开局翻一张牌定精：翻出的牌的下一张是正精，再下一张是副精，精可以当任何牌用。庄家输赢翻倍。"
                   "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，天胡8番，地胡8番，封顶16番。冲关、德国另算。")


def _run(tmp: Path, *args: str, description: str = WUHAN_DESC) -> tuple[int, dict, str]:
    result = CliRunner().invoke(cli, ["new", description, "--games", "10", "--jobs", "1", "--out", str(tmp / "draft"),
                                      "--json", *args])
    payload = json.loads(result.stdout) if result.stdout.strip().startswith("{") else {}
    return result.exit_code, payload, result.stdout + result.stderr


def _error(status: int, message: str, code: str = "") -> dict:
    return {"status": status, "raw": json.dumps({"error": {"message": message, "type": "invalid_request_error",
                                                           "code": code or None}})}


def _transcript(tmp: Path) -> list[dict]:
    return [json.loads(line) for line in (tmp / "draft" / "transcript.jsonl").read_text(encoding="utf-8").splitlines()]


def _assert_no_answer_draft(tmp: Path, result: dict, kind: str) -> None:
    """Only the failure, the request and the fix: no rule file, no gates, the fix as the next step."""
    assert result["failure"]["kind"] == kind
    assert result["gates"] == {} and result["verdict"] == "fail" and result["findings"] == []
    assert result["next"] == result["failure"]["hint"] and "review" not in result["next"]
    assert result["request"]["model"] == "gpt-4o-mini" and result["request"]["rounds"] == 1
    assert sorted(p.name for p in (tmp / "draft").iterdir()) == ["description.md", "result.json", "transcript.jsonl"]
    entry = _transcript(tmp)[0]
    assert entry["answer"] is None and entry["error"]["kind"] == kind and entry["attempts"]


def test_context_length_is_not_taken_for_a_refused_format(fake_openai, isolated):
    said = "This model's maximum context length is 8192 tokens. However, your messages resulted in 47070 tokens."
    fake_openai.script = [_error(400, said, "context_length_exceeded")]
    code, result, _ = _run(isolated)
    assert code == 1 and len(fake_openai.requests) == 1  # no fallback to fenced YAML
    assert "8192" in result["failure"]["message"] and "47070" in result["failure"]["message"]
    assert "context_window" in result["failure"]["hint"]
    _assert_no_answer_draft(isolated, result, "context_length")
    assert _transcript(isolated)[0]["attempts"][0]["status"] == 400


def test_a_refused_format_falls_back_and_the_transcript_shows_both_requests(fake_openai, isolated):
    fake_openai.script = [_error(400, "response_format json_schema is not supported"), {"content": _answer(_good_yaml())}]
    code, result, _ = _run(isolated)
    assert code == 0, result
    attempts = _transcript(isolated)[0]["attempts"]
    assert [(a["structured"], a["outcome"], a["status"]) for a in attempts] == [(True, "fallback", 400), (False, "answer", 200)]
    assert attempts[0]["kind"] == "format_refused" and "not supported" in attempts[0]["said"]
    assert attempts[0]["usage"]["prompt_tokens"] > 0 and attempts[1]["usage"]["source"] == "reported"


def test_the_fenced_request_failing_too_keeps_the_servers_words(fake_openai, isolated):
    fake_openai.script = [_error(400, "response_format is unsupported"), _error(400, "messages[3].content: too weird")]
    code, result, _ = _run(isolated)
    assert code == 1 and result["failure"]["kind"] == "bad_request"
    assert "too weird" in result["failure"]["message"]


def test_model_not_found(fake_openai, isolated):
    fake_openai.script = [_error(404, "The model `gpt-4o-mini` does not exist", "model_not_found")]
    code, result, _ = _run(isolated)
    assert code == 1 and len(fake_openai.requests) == 1
    assert "does not exist" in result["failure"]["message"] and "DSLGEN_MODEL" in result["failure"]["hint"]
    _assert_no_answer_draft(isolated, result, "model_not_found")


def test_auth_keeps_the_servers_message_masked(fake_openai, isolated):
    fake_openai.script = [_error(401, f"Incorrect API key provided: {SECRET}", "invalid_api_key")]
    code, result, output = _run(isolated)
    assert code == 1 and "Incorrect API key provided" in result["failure"]["message"]
    assert SECRET not in output and SECRET not in (isolated / "draft" / "transcript.jsonl").read_text(encoding="utf-8")
    _assert_no_answer_draft(isolated, result, "auth")


def test_rate_limit_retries_are_each_recorded(fake_openai, isolated, monkeypatch):
    monkeypatch.setenv("DSLGEN_MAX_RETRIES", "1")
    fake_openai.script = [{"status": 429, "headers": {"Retry-After": "0"}, "message": "slow down"}] * 2
    code, result, _ = _run(isolated)
    assert code == 1 and "slow down" in result["failure"]["message"]
    _assert_no_answer_draft(isolated, result, "rate_limit")
    assert [a["outcome"] for a in _transcript(isolated)[0]["attempts"]] == ["retry", "error"]


def test_quota_is_not_retried(fake_openai, isolated):
    fake_openai.script = [_error(429, "You exceeded your current quota", "insufficient_quota")]
    code, result, _ = _run(isolated)
    assert code == 1 and len(fake_openai.requests) == 1
    _assert_no_answer_draft(isolated, result, "quota")


def test_server_error_keeps_what_the_server_said(fake_openai, isolated):
    fake_openai.script = [_error(500, "CUDA out of memory while evaluating the prompt")]
    code, result, _ = _run(isolated)
    assert code == 1 and "CUDA out of memory" in result["failure"]["message"]
    _assert_no_answer_draft(isolated, result, "server")


def test_a_local_timeout_hints_at_the_local_server(fake_openai, isolated, monkeypatch):
    monkeypatch.setenv("DSLGEN_TIMEOUT", "0.5")
    fake_openai.script = [{"delay": 2, "content": _answer(_good_yaml())}]
    code, result, output = _run(isolated)
    assert code == 1 and "本地模型服务" in result["failure"]["hint"] and "DSLGEN_TIMEOUT" in result["failure"]["hint"]
    assert "检查网络" not in result["failure"]["hint"]
    _assert_no_answer_draft(isolated, result, "timeout")
    fake_openai.script = [{"delay": 2, "content": _answer(_good_yaml())}]
    human = CliRunner().invoke(cli, ["new", WUHAN_DESC, "--games", "10", "--out", str(isolated / "again")])
    assert "下一步：本地模型服务" in human.output and "关卡" not in human.output and "dslgen review" not in human.output


def test_a_prompt_that_cannot_fit_is_a_usage_error_before_the_call(fake_openai, isolated):
    (isolated / "dslgen.toml").write_text('[models."gpt-4o-mini"]\ncontext_window = 3000\nmax_tokens = 1000\n',
                                          encoding="utf-8")
    code, result, output = _run(isolated)
    assert code == 2 and fake_openai.requests == []
    assert "3000" in output and "max_tokens 1000" in output and "tokens" in output
    assert not (isolated / "draft").exists()


def test_max_tokens_is_sent_and_the_first_call_is_printed_with_v(fake_openai, isolated):
    (isolated / "dslgen.toml").write_text('[models."gpt-4o-mini"]\ncontext_window = 128000\nmax_tokens = 4096\n',
                                          encoding="utf-8")
    fake_openai.script = [{"content": _answer(_good_yaml())}]
    result = CliRunner().invoke(cli, ["-v", "new", README_NANCHANG, "--games", "10", "--jobs", "1",
                                      "--out", str(isolated / "draft")])
    assert fake_openai.requests[0]["max_tokens"] == 4096
    line = next(x for x in result.output.splitlines() if x.startswith("提示词：第一次调用输入约"))
    assert int(line.split("约 ")[1].split(" tokens")[0]) <= 6000 and "上下文 128000" in line


def test_unknown_model_table_keys_are_usage_errors(fake_openai, isolated):
    (isolated / "dslgen.toml").write_text('[models."gpt-4o-mini"]\ncontext = 3000\n', encoding="utf-8")
    code, _, output = _run(isolated)
    assert code == 2 and "context_window" in output


def test_the_readme_description_fits_six_thousand_tokens():
    messages = compact_messages(README_NANCHANG, "nanchang", load_examples(), spec_text(), spec_version())
    assert count_messages(messages) <= 6000
    system = messages[0].content
    assert "《DSL 规范》节选" in system and "七对" in system and "wildcard_rules" in system
    assert "三金倒" not in system  # a fan the description never names is not in the fan table excerpt
    assert [m.role for m in messages] == ["system", "user", "assistant", "user"]


def test_repair_rounds_send_only_the_findings_and_their_fields(fake_openai, isolated):
    fake_openai.script = [{"content": _answer(_bad_yaml())}, {"content": _answer(_good_yaml())}]
    code, result, _ = _run(isolated)
    assert code == 0, result
    first, second = (r["messages"] for r in fake_openai.requests)
    assert len(second) == 4 and second[0] == first[0] and second[1] == first[-1] | {"content": second[1]["content"]}
    shown = second[2]["content"]
    assert second[2]["role"] == "assistant" and "超级大胡" in shown and "deck:" not in shown and "phases:" not in shown
    assert "C201" in second[3]["content"] and "fan_types" in second[3]["content"]
    assert count_messages(second) < count_messages(first)
    assert _transcript(isolated)[1]["patch_keys"] == ["fan_types"]


def test_a_patch_answer_is_merged_onto_the_previous_rule_file(fake_openai, isolated):
    from dslgen.rulefile.yamlio import dump_yaml, load_yaml_text

    fans = load_yaml_text(_good_yaml(), "w.yaml").data["fan_types"]
    fake_openai.script = [{"content": _answer(_bad_yaml())}, {"content": _answer(dump_yaml({"fan_types": fans}))}]
    code, result, _ = _run(isolated)
    assert code == 0, result
    assert result["rounds"] == 2 and result["verdict"] == "pass"


def test_usage_is_counted_when_the_server_reports_none(fake_openai, isolated):
    fake_openai.script = [{"content": _answer(_good_yaml()), "usage": (0, 0)}]
    code, result, _ = _run(isolated)
    assert code == 0
    entry = _transcript(isolated)[0]
    assert entry["usage"]["counted"]["source"] == "counted" and entry["usage"]["counted"]["prompt_tokens"] > 1000
