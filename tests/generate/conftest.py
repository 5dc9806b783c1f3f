"""Fixtures for the generation tests: an isolated environment and a fake OpenAI-compatible server
(:mod:`tests.fake_openai`)."""

from __future__ import annotations

import pytest

from tests.fake_openai import FakeOpenAI


SECRET = "sk-test-DO-NOT-LEAK-7f3a9c"


@pytest.fixture
def isolated(tmp_path, monkeypatch):
    """No real key or config: HOME and cwd in a temp folder, provider variables cleared."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "DSLGEN_MODEL", "DSLGEN_PROVIDER", "DSLGEN_TIMEOUT",
                 "DSLGEN_MAX_RETRIES", "DSLGEN_RETRY_CAP", "DSLGEN_REPLAY", "DSLGEN_CATALOG", "DSLGEN_DEADLINE",
                 "DSLGEN_CONTEXT", "DSLGEN_MAX_OUTPUT", "DSLGEN_SPEC_BUDGET", "DSLGEN_STRUCTURED"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def fake_openai(isolated, monkeypatch):
    """A running fake server, with OPENAI_* pointing at it and a short timeout."""
    server = FakeOpenAI().start()
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("DSLGEN_MODEL", "gpt-4o-mini")
    monkeypatch.setenv("DSLGEN_TIMEOUT", "5")
    yield server
    server.stop()
