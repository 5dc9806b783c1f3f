"""``dslgen new`` with no key (offline drafter), the draft folder, replay, and usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.errors import UsageError
from dslgen.generate.draft import load_draft
from dslgen.rulefile.yamlio import load_yaml_file

NANCHANG = ("南昌麻将：用万、条、筒和东南西北中发白共136张牌，不带花。可以吃、碰、杠，可以自摸也可以点炮胡，一炮多响。"
            "开局翻一张牌定精：翻出的牌的下一张是正精，再下一张是副精，精可以当任何牌用。庄家输赢翻倍。"
            "番型：屁胡1番，七对2番，碰碰胡2番，清一色4番，杠上开花2番，天胡8番，地胡8番，封顶16番。冲关、德国另算。")


def _new(*args: str):
    return CliRunner().invoke(cli, ["new", *args])


def test_main_command_works_without_a_key(isolated):
    result = _new(NANCHANG, "--games", "20", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "结论：通过" in result.stdout and "dslgen review .dslgen/drafts/nanchang-" in result.stdout
    assert "冲关" in result.stdout and "德国" in result.stdout  # the assumed 冲关 / 德国 values are shown
    folders = list((isolated / ".dslgen" / "drafts").iterdir())
    assert len(folders) == 1 and folders[0].name.startswith("nanchang-")
    draft = load_draft(folders[0])
    assert draft.passed and draft.id == "nanchang" and draft.provenance["provider"] == "offline"
    data = load_yaml_file(draft.yaml_path).data
    assert data["meta"]["id"] == "nanchang" and data["meta"]["description"] == NANCHANG
    prov = data["meta"]["provenance"]
    assert {"provider", "model", "prompt_version", "spec_version", "engine_version", "created", "seed", "games"} <= set(prov)
    assert data["wildcard_rules"]["type"] == "random" and data["wildcard_rules"]["random_count"] == 2
    assert data["scoring"]["dealer_multiplier"] == 2 and data["deck"]["total"] == 136
    fans = {f["name"]: f["base_fan"] for f in data["fan_types"]}
    assert fans["七对"] == 2 and fans["鸡胡"] == 1 and fans["碰碰胡"] == 2
    assert not draft.gaps  # 冲关 and 德国 are settlement items now (issue 15)
    items = {i["item"]: i for i in data["settlement_items"]}
    assert items["jing_points"]["chong_guan_threshold"] == 5 and items["de_guo"]["mode"] == "multiply"
    assert {m["section"] for m in draft.mapping} >= {"wildcard_rules", "scoring.dealer_multiplier", "deck"}


def test_json_output_and_result_file(isolated):
    result = _new(NANCHANG, "--games", "20", "--jobs", "1", "--out", "mine", "--json", "--seed", "7")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert {"draft", "yaml", "verdict", "gaps", "findings", "simulation", "rounds", "usage"} <= set(payload)
    stored = json.loads((isolated / "mine" / "result.json").read_text(encoding="utf-8"))
    assert stored["gates"] == payload["gates"] and stored["simulation"]["seed"] == 7
    assert set(stored["usage"]) >= {"prompt_tokens", "completion_tokens", "cost_usd"}
    assert load_draft(isolated / "mine" / "result.json").id == "nanchang"


def test_replay_reproduces_a_recorded_draft(isolated, monkeypatch):
    assert _new(NANCHANG, "--games", "20", "--jobs", "1", "--out", "first").exit_code == 0
    monkeypatch.setenv("DSLGEN_REPLAY", str(isolated / "first"))
    result = _new(NANCHANG, "--provider", "replay", "--games", "20", "--jobs", "1", "--out", "second", "--json")
    assert result.exit_code == 0, result.output
    first = load_yaml_file(isolated / "first" / "nanchang.yaml").data
    second = load_yaml_file(isolated / "second" / "nanchang.yaml").data
    first.pop("meta"), second.pop("meta")
    assert first == second
    assert json.loads(result.stdout)["provenance"]["provider"] == "replay"


def test_replay_without_a_recording_fails_clearly(isolated):
    result = _new(NANCHANG, "--provider", "replay", "--games", "20", "--out", "d")
    assert result.exit_code == 1 and "DSLGEN_REPLAY" in result.output


def test_description_from_file_and_name(isolated):
    Path("desc.md").write_text("武汉麻将：红中当癞子，不带字牌，将要二五八，可以吃。\n胡牌要有8个人同意。", encoding="utf-8")
    result = _new("--file", "desc.md", "--name", "wuhan_test", "--games", "20", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code == 1, result.output  # a rule sentence nobody carried: not a pass
    payload = json.loads(result.stdout)
    assert payload["id"] == "wuhan_test" and Path("d/wuhan_test.yaml").exists()
    assert "胡牌要有8个人同意" in payload["unmapped_sentences"]
    assert payload["gates"]["consistency"] is False and payload["verdict"] == "fail"
    assert payload["consistency"]["unhandled"] == ["胡牌要有8个人同意"]
    assert payload["coverage"]["unhandled"] == 1


@pytest.mark.parametrize("args, message", [
    ([], "缺少玩法描述"),
    (["x", "--file", "a.md"], "只能给一种"),
    (["南昌麻将", "--name", "Bad-Name"], "id 不合法"),
    (["南昌麻将", "--jobs", "zero"], "--jobs"),
    (["南昌麻将", "--games", "0"], "--games"),
    (["--file", "missing.md"], "不存在"),
    (["南昌麻将", "--provider", "nosuch"], "未知的模型提供方"),
])
def test_usage_errors_exit_2(isolated, args, message):
    result = _new(*args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_load_draft_refuses_other_folders(tmp_path):
    with pytest.raises(UsageError, match="result.json"):
        load_draft(tmp_path)


def test_rerun_into_the_same_out_replaces_the_draft(isolated):
    assert _new(NANCHANG, "--games", "20", "--jobs", "1", "--out", "d").exit_code == 0
    # the second description is a game nobody can win (100 番起胡): written, and honestly failed
    assert _new("武汉麻将：红中当癞子，不带字牌，100番起胡，番型：平胡1番，清一色4番，对对胡2番。", "--name", "nanchang",
                "--games", "20", "--jobs", "1", "--out", "d").exit_code == 1
    assert "100番起胡" in Path("d/description.md").read_text(encoding="utf-8")
    assert not [p for p in Path(".").iterdir() if p.name.startswith(".d.")]  # no temp folders left behind


def test_a_variant_nobody_can_win_fails_the_simulation_gate(isolated):
    result = _new("武汉麻将：红中当癞子，不带字牌，100番起胡，番型：平胡1番，清一色4番，对对胡2番。",
                  "--games", "10", "--jobs", "1", "--out", "d", "--json")
    assert result.exit_code == 1, result.output
    payload = json.loads(result.stdout)
    assert payload["gates"] == {"schema": True, "capabilities": True, "compliance": True, "consistency": True,
                                "simulation": False, "economics": False}
    assert payload["judgement"]["gates"]["economics"]["status"] == "skipped"  # it needs the simulation
    gate = payload["judgement"]["gates"]["simulation"]
    assert gate["figures"]["games_with_win"] == 0
    assert any(f["code"] == "S002" and "没有任何一局有人胡牌" in f["message"] for f in gate["findings"])


def test_two_drafts_in_the_same_second_do_not_collide(isolated):
    import datetime as dt

    from dslgen.generate.pipeline import NewOptions, run_new

    when = dt.datetime(2026, 11, 29, 12, 0, 0, tzinfo=dt.timezone.utc)
    first = run_new(NewOptions(description=NANCHANG, provider="offline", games=3, jobs=1, now=when))
    second = run_new(NewOptions(description=NANCHANG, provider="offline", games=3, jobs=1, now=when))
    assert first["draft"].endswith("nanchang-20261129-120000")
    assert second["draft"].endswith("nanchang-20261129-120000-2")
