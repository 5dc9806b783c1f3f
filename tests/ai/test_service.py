"""``POST /ai/decide``: the three levels, the hard deadline, the model's fall-backs, rule versions and errors."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from dslgen.ai.advisor import Advisor
from dslgen.ai.app import create_app
from dslgen.ai.rulestore import RuleStore, sha256_text
from dslgen.ai.service import DecisionService, Settings
from engine.game.actions import Action

from .conftest import ROOT, catalog_rules, decision_points
from tests.fake_openai import FakeOpenAI

VARIANTS = ("erren", "guangdong_jipinghu")


@pytest.fixture
def catalog(tmp_path):
    """A catalog of two approved variants (their files and approval records)."""
    folder = tmp_path / "catalog"
    (folder / "approvals").mkdir(parents=True)
    for stem in VARIANTS:
        shutil.copy(ROOT / "dsl-examples" / f"{stem}.yaml", folder / f"{stem}.yaml")
        shutil.copy(ROOT / "dsl-examples" / "approvals" / f"{stem}.json", folder / "approvals" / f"{stem}.json")
    return folder


@pytest.fixture
def model_env(monkeypatch, tmp_path):
    """No real key or config; returns a started fake model the advisor is pointed at."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "DSLGEN_MODEL", "DSLGEN_PROVIDER", "DSLGEN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    fake = FakeOpenAI().start()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-key")
    monkeypatch.setenv("OPENAI_BASE_URL", fake.url)
    monkeypatch.setenv("DSLGEN_MODEL", "test-model")
    yield fake
    fake.stop()


def _client(catalog, **advisor) -> TestClient:
    service = DecisionService(RuleStore(catalog), Settings(iterations=6, horizon=8), Advisor(**advisor))
    return TestClient(create_app(service), base_url="http://127.0.0.1")


def _point(stem="guangdong_jipinghu", k=2):
    game, seat = decision_points(catalog_rules(stem), seed=4, limit=k + 1)[k]
    return game, seat


def _body(game, seat, stem="guangdong_jipinghu", **extra) -> dict:
    return {"rules": {"id": stem}, "observation": game.observation(seat), "seed": 7, "deadline_ms": 30000} | extra


@pytest.mark.parametrize("difficulty", [1, 2])
def test_levels_answer_a_legal_action(catalog, difficulty):
    client = _client(catalog)
    game, seat = _point()
    r = client.post("/ai/decide", json=_body(game, seat, difficulty=difficulty))
    assert r.status_code == 200, r.text
    answer = r.json()
    assert game.is_legal(Action.from_dict(answer["chosen_action"]))
    assert answer["difficulty"] == difficulty and answer["answered_by"] == difficulty and answer["fallback"] is None
    assert 0 < answer["confidence"] <= 1 and answer["thinking_time_ms"] >= 0
    assert answer["rules"]["id"] == "guangdong_jipinghu"
    assert answer["rules"]["version"] == sha256_text((catalog / "guangdong_jipinghu.yaml").read_text(encoding="utf-8"))
    again = client.post("/ai/decide", json=_body(game, seat, difficulty=difficulty)).json()
    assert again["chosen_action"] == answer["chosen_action"]
    if difficulty == 2:
        assert answer["search"]["reason"] == "search" and answer["search"]["iterations"] == 6 and answer["search"]["failed"] == 0


def test_explicit_legal_actions_restrict_the_choice(catalog):
    game, seat = _point()
    legal = game.observation(seat)["legal_actions"]
    only = [legal[-1], legal[0]]
    answer = _client(catalog).post("/ai/decide", json=_body(game, seat, legal_actions=only)).json()
    assert answer["chosen_action"] in only


def test_the_hard_deadline_lets_level_1_answer(catalog, monkeypatch):
    client = _client(catalog)
    service = client.app.state.service
    gate = threading.Event()
    started = threading.Event()

    def stuck(req, at):
        started.set()
        gate.wait(30)
        raise AssertionError("the search outlived the deadline")

    monkeypatch.setattr(service, "work", stuck)
    game, seat = _point()
    try:
        answer = client.post("/ai/decide", json=_body(game, seat, difficulty=2, deadline_ms=200)).json()
    finally:
        gate.set()
    assert started.is_set()
    assert answer["answered_by"] == 1 and answer["fallback"] == "deadline"
    assert game.is_legal(Action.from_dict(answer["chosen_action"]))


def _level3(client, game, seat, **extra):
    fields = {"difficulty": 3, "key_turn": True, "game_id": "g1", "deadline_ms": 20000, **extra}
    return client.post("/ai/decide", json=_body(game, seat, **fields)).json()


def test_level_3_takes_the_models_legal_choice(catalog, model_env):
    game, seat = _point()
    legal = game.observation(seat)["legal_actions"]
    model_env.script = [{"content": '好的 {"choice": 1, "reason": "留下好型"}'}]
    answer = _level3(_client(catalog), game, seat)
    assert answer["answered_by"] == 3 and answer["fallback"] is None
    assert answer["chosen_action"] == legal[1]
    assert answer["advice"]["asked"] and answer["advice"]["reason"] == "留下好型"
    prompt = model_env.requests[0]["messages"][-1]["content"]
    assert "番型表" in prompt and "鸡胡" in prompt and "1: " in prompt


@pytest.mark.parametrize("item, failure", [
    ({"content": "我觉得打五万比较好"}, "garbage"),
    ({"content": '{"choice": 999}'}, "illegal"),
    ({"content": '{"choice": "二"}'}, "garbage"),
    ({"status": 500}, "server"),
    ({"hang": True}, "timeout"),
])
def test_level_3_falls_back_to_level_2(catalog, model_env, item, failure):
    game, seat = _point()
    model_env.script = [item]
    client = _client(catalog)
    level2 = client.post("/ai/decide", json=_body(game, seat, difficulty=2)).json()
    deadline = 3000 if item.get("hang") else 20000
    answer = _level3(client, game, seat, deadline_ms=deadline)
    model_env.release.set()
    assert answer["answered_by"] == 2 and answer["fallback"] == f"model:{failure}", answer
    assert answer["advice"]["failure"] == failure and answer["advice"]["asked"]
    if not item.get("hang"):  # same seed, same budget: level 2's own choice
        assert answer["chosen_action"] == level2["chosen_action"]
    assert game.is_legal(Action.from_dict(answer["chosen_action"]))


def test_level_3_is_capped_per_game_and_needs_a_game_id(catalog, model_env):
    game, seat = _point()
    model_env.script = [{"content": '{"choice": 0}'}, {"content": '{"choice": 0}'}]
    client = _client(catalog, cap=1)
    assert _level3(client, game, seat)["answered_by"] == 3
    capped = _level3(client, game, seat)
    assert capped["answered_by"] == 2 and capped["fallback"] == "model:cap" and not capped["advice"]["asked"]
    assert _level3(client, game, seat, game_id="g2")["answered_by"] == 3
    anonymous = client.post("/ai/decide", json=_body(game, seat, difficulty=3, key_turn=True)).json()
    assert anonymous["fallback"] == "model:no_game"
    assert len(model_env.requests) == 2


def test_level_3_asks_nothing_on_an_ordinary_turn(catalog, model_env):
    rules = catalog_rules("guangdong_jipinghu")
    from dslgen.ai.advisor import key_turn

    game, seat = next((g, s) for g, s in decision_points(rules, seed=4, limit=30) if key_turn(g.view(s)) is None)
    answer = _client(catalog).post("/ai/decide", json=_body(game, seat, difficulty=3, game_id="g")).json()
    assert answer["answered_by"] == 2 and answer["advice"]["key_turn"] is None and not answer["advice"]["asked"]
    assert model_env.requests == []


def test_level_3_without_a_model_answers_level_2(catalog, monkeypatch, tmp_path):
    for name in ("OPENAI_API_KEY", "DSLGEN_MODEL", "DSLGEN_PROVIDER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    game, seat = _point()
    answer = _level3(_client(catalog), game, seat)
    assert answer["answered_by"] == 2 and answer["fallback"] == "model:config"


def test_a_new_approval_is_picked_up_and_old_versions_stay(catalog):
    from dslgen.review.approvals import write_approval

    client = _client(catalog)
    game, seat = _point("erren", 1)
    old = client.post("/ai/decide", json=_body(game, seat, "erren")).json()["rules"]["version"]
    path = catalog / "erren.yaml"
    text = path.read_text(encoding="utf-8")
    changed = text.replace("{name: 七对, base_fan: 4", "{name: 七对, base_fan: 6")
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    # edited but not approved: nothing changes for new requests
    assert client.post("/ai/reload").json()["current"]["erren"] == old
    assert client.post("/ai/decide", json=_body(game, seat, "erren")).json()["rules"]["version"] == old
    write_approval(catalog, "erren", "erren.yaml", changed.encode("utf-8"), reviewer="测试")
    reloaded = client.post("/ai/reload").json()
    new = sha256_text(changed)
    assert reloaded["current"]["erren"] == new and ["erren", new] in reloaded["added"]
    assert client.post("/ai/decide", json=_body(game, seat, "erren")).json()["rules"]["version"] == new
    pinned = _body(game, seat, "erren")
    pinned["rules"]["version"] = old
    assert client.post("/ai/decide", json=pinned).json()["rules"]["version"] == old
    store = client.app.state.service.store
    assert store.get("erren", old).rules != store.get("erren", new).rules
    assert dict(store.get("erren", old).fans)["七对"] == 4 and dict(store.get("erren", new).fans)["七对"] == 6
    listed = {(v["id"], v["version"]): v["current"] for v in client.get("/ai/rules").json()["versions"]}
    assert listed[("erren", old)] is False and listed[("erren", new)] is True


def test_inline_rules(catalog):
    text = (ROOT / "dsl-examples" / "erren.yaml").read_text(encoding="utf-8")
    game, seat = _point("erren", 1)
    body = _body(game, seat, "erren")
    body["rules"] = {"inline": text}
    answer = _client(catalog).post("/ai/decide", json=body).json()
    assert answer["rules"]["source"] == "inline" and answer["rules"]["version"] == sha256_text(text)


@pytest.mark.parametrize("change, status, code, where", [
    (lambda b: b.__setitem__("rules", {"id": "nowhere"}), 404, "rules_not_found", "rules.id"),
    (lambda b: b["rules"].__setitem__("version", "0" * 64), 404, "rules_not_found", "rules.version"),
    (lambda b: b.__setitem__("rules", {"inline": "game: [1, 2"}), 422, "rules_invalid", None),
    (lambda b: b.__setitem__("difficulty", 4), 400, "bad_request", "difficulty"),
    (lambda b: b.__setitem__("deadline_ms", -5), 400, "bad_request", "deadline_ms"),
    (lambda b: b["observation"].__setitem__("hand", [1, 2, 99]), 400, "bad_request", "observation.hand[2]"),
    (lambda b: b.pop("rules"), 400, "bad_request", "rules"),
])
def test_errors_are_json_in_chinese(catalog, change, status, code, where):
    game, seat = _point()
    body = _body(game, seat)
    change(body)
    r = _client(catalog).post("/ai/decide", json=body)
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["code"] == code and err["message"] and any("\u4e00" <= c <= "\u9fff" for c in err["message"])
    if where:
        assert err["where"] == where


def test_not_json_and_foreign_hosts_are_refused(catalog):
    client = _client(catalog)
    r = client.post("/ai/decide", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    assert client.get("/ai/health", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/ai/health").json()["ok"] is True


def test_decide_command_json(catalog, tmp_path):
    import json

    from click.testing import CliRunner

    from dslgen.cli import cli

    game, seat = _point()
    request = tmp_path / "req.json"
    request.write_text(json.dumps(_body(game, seat, difficulty=1)), encoding="utf-8")
    result = CliRunner().invoke(cli, ["ai", "decide", str(request), "--catalog", str(catalog), "--json"])
    assert result.exit_code == 0, result.output
    assert game.is_legal(Action.from_dict(json.loads(result.stdout)["chosen_action"]))
    request.write_text(json.dumps({"rules": {"id": "nowhere"}}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["ai", "decide", str(request), "--catalog", str(catalog), "--json"])
    assert result.exit_code == 1 and json.loads(result.stdout)["error"]["where"] == "rules.id"
    result = CliRunner().invoke(cli, ["ai", "decide", str(Path(tmp_path) / "missing.json"), "--catalog", str(catalog)])
    assert result.exit_code == 2 and "无法读取请求文件" in result.output
