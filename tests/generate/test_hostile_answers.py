"""Hostile model answers and endpoints (issue 19): keys echoed back, key-shaped names, surrogates, huge
answers, trickled bodies — ``new`` never crashes, never loses the paid answer, never prints the key."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hypothesis_profile import SUPPRESSED

from dslgen.cli import cli
from dslgen.generate.draft import load_draft
from dslgen.rulefile.yamlio import load_yaml_file

from .conftest import SECRET
from .test_openai_http import WUHAN_DESC, _answer, _good_yaml


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def _files_text(folder: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())


def test_key_echoed_by_the_endpoint_reaches_no_output(fake_openai, isolated):
    """Issue 19.3: an endpoint echoing the Authorization header into its answer, the game name and the gaps."""
    def echo(headers):
        auth = headers.get("Authorization") or headers.get("authorization")
        assert SECRET in auth
        yaml_text = _good_yaml().replace("name: 红中癞子麻将", f"name: {SECRET} 武汉麻将 {auth}", 1)
        return _answer(yaml_text, f"gaps:\n  - {{text: '{auth}', reason: '回显 {SECRET}'}}\nmapping: []\nunmapped: ['{auth}']")

    fake_openai.script = [{"content": echo}]
    text = _invoke("new", WUHAN_DESC + SECRET, "--games", "10", "--jobs", "1", "--out", "d")
    fake_openai.script = [{"content": echo}]
    as_json = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", "e", "--json")
    for result in (text, as_json):
        assert result.exit_code in (0, 1), result.output
        assert SECRET not in result.stdout + result.stderr
    assert "REDACTED" in text.stdout
    for folder in (isolated / "d", isolated / "e"):
        assert SECRET not in _files_text(folder)
        draft = load_draft(folder)
        data = load_yaml_file(draft.yaml_path).data  # still a valid rule file after masking
        assert data["game"]["name"].startswith("REDACTED 武汉麻将 Bearer REDACTED")
    review_out = isolated / "r"
    review = _invoke("review", "d", "--html", str(review_out / "r.html"), "--markdown", str(review_out / "r.md"))
    review_json = _invoke("review", "d", "--json")
    assert SECRET not in review.stdout + review.stderr + review_json.stdout + review_json.stderr
    assert SECRET not in _files_text(review_out)
    approve = _invoke("approve", "d", "--reviewer", f"审核人 {SECRET}", "--catalog", "cat", "--force", "--json",
                      "--games", "10", "--jobs", "1")
    assert approve.exit_code == 0, approve.output
    assert SECRET not in approve.stdout + approve.stderr and SECRET not in _files_text(isolated / "cat")


def test_key_shaped_game_name_is_kept_and_parses(fake_openai, isolated):
    """Issue 19.1: a model naming a game ``key-mahjong2024 四川`` (no secret at all) is not rewritten into an alias."""
    yaml_text = _good_yaml().replace("name: 红中癞子麻将", "name: key-mahjong2024 四川", 1)
    fake_openai.script = [{"content": _answer(yaml_text)}]
    result = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code == 0, result.output
    data = load_yaml_file(isolated / "d" / "wuhan.yaml").data
    assert data["game"]["name"].startswith("key-mahjong2024 四川")


def test_configuration_errors_exit_2_before_any_call(fake_openai, isolated, monkeypatch):
    """Issue 12.7: no model name, a malformed base URL — exit 2, nothing sent, no placeholder draft."""
    monkeypatch.delenv("DSLGEN_MODEL")
    no_model = _invoke("new", WUHAN_DESC, "--provider", "openai", "--out", "a")
    monkeypatch.setenv("DSLGEN_MODEL", "gpt-4o-mini")
    monkeypatch.setenv("OPENAI_BASE_URL", "htp:/127.0.0.1:99999/v1")
    bad_url = _invoke("new", WUHAN_DESC, "--provider", "openai", "--out", "b")
    for result, where in ((no_model, "--model"), (bad_url, "OPENAI_BASE_URL")):
        assert result.exit_code == 2 and where in result.stderr, result.output
    assert fake_openai.requests == [] and not (isolated / "a").exists() and not (isolated / "b").exists()


def test_output_folder_problems_are_found_before_the_model_call(fake_openai, isolated):
    """Issue 19.13: --out a file, --out /, a 300-character --name — exit 2 before anything is sent."""
    (isolated / "afile").write_text("x", encoding="utf-8")
    (isolated / "notes").mkdir()
    (isolated / "notes" / "keep.txt").write_text("mine", encoding="utf-8")
    cases = [["--out", "afile"], ["--out", "/"], ["--name", "a" * 300], ["--out", "afile/sub"], ["--out", "notes"],
             ["--out", "x" * 300]]
    for extra in cases:
        result = _invoke("new", WUHAN_DESC, "--games", "10", *extra)
        assert result.exit_code == 2 and "内部错误" not in result.output, (extra, result.output)
    assert fake_openai.requests == []
    assert (isolated / "notes" / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_an_oversized_answer_is_not_sent_back(fake_openai, isolated):
    """Issue 19.10: a >1 MiB answer is not re-sent; repair rounds send the findings, not it (issue 30.13: nor
    is it kept whole — its start and its size are)."""
    huge = "```yaml\ngame:\n  name: x\n" + "# " + "填" * 400_000 + "\n```\n"
    fake_openai.script = [{"content": huge}, {"content": _answer(_good_yaml())}]
    result = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code == 0, result.output
    second = json.dumps(fake_openai.requests[1], ensure_ascii=False)
    assert len(second) < 500_000 and "没有重发" in second
    first = json.loads((isolated / "d" / "transcript.jsonl").read_text(encoding="utf-8").split("\n")[0])
    assert first["answer_bytes"] == len(huge.encode("utf-8")) and huge.startswith(first["answer"])


def test_a_huge_answer_is_refused_as_a_finding_and_stored_capped(fake_openai, isolated):
    """Issue 30.13: a 9.9 MB answer is a G005 finding, never parsed; the draft keeps its first 64 KiB with the
    size noted — not a 9.9 MB rule file and a 30 MB transcript."""
    MAX_ANSWER_BYTES, STORED_ANSWER_BYTES = 1024 * 1024, 64 * 1024  # dslgen.generate.answer's limits

    huge = "```yaml\ngame:\n  name: x\n" + "# " + "填" * 3_300_000 + "\n```\n"
    size = len(huge.encode("utf-8"))
    assert size > 9_900_000
    fake_openai.script = [{"content": huge}]
    result = _invoke("new", WUHAN_DESC, "--games", "4", "--jobs", "1", "--out", "d", "--json", "--max-rounds", "1")
    assert result.exit_code == 1 and "内部错误" not in result.output, result.output[-500:]
    folder = isolated / "d"
    stored = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    g005 = [f for f in stored["findings"] if f["code"] == "G005"]
    assert g005 and str(size) in g005[0]["message"], stored["findings"]
    assert stored["verdict"] == "fail"
    entry = json.loads((folder / "transcript.jsonl").read_text(encoding="utf-8").split("\n")[0])
    assert entry["answer_bytes"] == size and entry["answer_stored_bytes"] == STORED_ANSWER_BYTES
    assert huge.startswith(entry["answer"]) and len(entry["answer"].encode("utf-8")) <= STORED_ANSWER_BYTES
    for path in folder.iterdir():
        assert path.stat().st_size < MAX_ANSWER_BYTES, (path.name, path.stat().st_size)
    rule_file = (folder / "wuhan.yaml").read_text(encoding="utf-8")
    assert str(size) in rule_file.splitlines()[0]


def test_a_trickling_endpoint_is_cut_at_the_call_deadline(fake_openai, isolated, monkeypatch):
    """Issue 19.14: one byte every 0.5 s — the per-read timeout never fires, the total deadline does."""
    import time

    monkeypatch.setenv("DSLGEN_TIMEOUT", "2")
    fake_openai.script = [{"content": _answer(_good_yaml()), "trickle": 0.5}]
    started = time.monotonic()
    result = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert time.monotonic() - started < 15
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout)["failure"]["kind"] == "timeout"
    assert (isolated / "d" / "transcript.jsonl").read_text(encoding="utf-8").strip()  # the draft is complete


def test_the_run_deadline_bounds_all_calls(fake_openai, isolated, monkeypatch):
    import time

    monkeypatch.setenv("DSLGEN_TIMEOUT", "60")
    monkeypatch.setenv("DSLGEN_DEADLINE", "2")
    fake_openai.script = [{"content": _answer(_good_yaml()), "trickle": 0.5}]
    started = time.monotonic()
    result = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert time.monotonic() - started < 15 and result.exit_code == 1, result.output


def _chain_answer(n: int) -> str:
    base = _good_yaml()
    lines = "".join(f"  - {{name: F{k}, base_fan: 1, excludes: [F{k + 1}]}}\n" for k in range(n)) + f"  - {{name: F{n}, base_fan: 1}}\n"
    return _answer(base.replace("fan_types:\n", "fan_types:\n" + lines, 1))


def test_answers_built_to_break_the_parser_never_lose_the_draft(fake_openai, isolated):
    """Issue 19.4: a lone surrogate, a 5,000-digit integer, a long excludes chain — each answer is
    a failed (or repaired) draft with its transcript, never a crash."""
    raw_surrogate = ('{"id":"x","object":"chat.completion","created":0,"model":"m","choices":[{"index":0,'
                     '"message":{"role":"assistant","content":"```yaml\\ngame:\\n  name: \\"\\\\ud800\\"\\n```\\n\\ud800"},'
                     '"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}')
    answers = {
        "surrogate": [{"raw": raw_surrogate}],
        "digits": [{"content": _answer(_good_yaml().replace("base_fan: 1\n", "base_fan: " + "9" * 5000 + "\n", 1))}],
        "chain": [{"content": _chain_answer(1500)}],  # past the recursion limit; the 3,000 file is in tests/hostile
    }
    for name, script in answers.items():
        fake_openai.script = list(script)
        result = _invoke("new", WUHAN_DESC, "--games", "10", "--jobs", "1", "--out", name, "--json",
                         "--max-rounds", "1")
        assert result.exit_code == 1 and "内部错误" not in result.output, (name, result.output)
        folder = isolated / name
        assert (folder / "transcript.jsonl").read_text(encoding="utf-8").strip(), name
        assert json.loads((folder / "result.json").read_text(encoding="utf-8"))["verdict"] == "fail"


def test_a_form_feed_in_a_pasted_description_is_kept(isolated):
    """Issue 19.4: a form feed in the description no longer breaks the draft after the call."""
    desc = "四川血战到底：108张牌，\x0c只有万条筒，可以碰杠不能吃。\n第二行"
    result = _invoke("new", desc, "--provider", "offline", "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code in (0, 1) and "内部错误" not in result.output, result.output
    data = load_yaml_file(json.loads(result.stdout)["yaml"]).data
    assert data["meta"]["description"] == desc.strip()


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
_ANSWERS = st.one_of(
    _TEXT,
    _TEXT.map(lambda t: f"```yaml\n{t}\n```"),
    _TEXT.map(lambda t: _answer(_good_yaml().replace("红中癞子麻将", t.replace("\n", " ") or "x", 1))),
    st.sampled_from(["```yaml\n", "```yaml\n&a [*a]\n```", "```yaml\n!!python/object:os.system x\n```",
                     "```yaml\ngame: {name: '\\ud800'}\n```", "```gaps\n- 1\n```"]),
)


@settings(max_examples=8, deadline=None, suppress_health_check=[*SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(answer=_ANSWERS)
def test_property_any_answer_gives_a_complete_draft(fake_openai, isolated, answer):
    """Whatever the model answers, ``new`` writes a complete draft folder with its transcript."""
    fake_openai.script = [{"content": answer}]
    out = isolated / f"p{len(fake_openai.requests)}"
    result = _invoke("new", WUHAN_DESC, "--games", "2", "--jobs", "1", "--out", str(out), "--json",
                     "--max-rounds", "1")
    assert result.exit_code in (0, 1) and "内部错误" not in result.output, result.output
    assert sorted(p.name for p in out.iterdir()) >= ["description.md", "result.json", "transcript.jsonl"]
    # JSON lines end at "\n" only: str.splitlines() would also split inside an answer holding U+0085 or U+2028
    first_call = json.loads((out / "transcript.jsonl").read_text(encoding="utf-8").split("\n")[0])
    assert first_call["answer"] == answer  # the paid answer is kept exactly
