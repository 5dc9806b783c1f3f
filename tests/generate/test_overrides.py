"""Issue 35 item 4: ``dslgen new … --set PATH=VALUE`` changes a value without starting over; the draft is judged
on the changed bytes and the change is recorded."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.errors import UsageError
from dslgen.generate.overrides import apply_overrides, parse_override

NANCHANG = "南昌麻将：可以吃碰杠，可以点炮，屁胡1番，七对2番。"


def _new(tmp_path, *args):
    return CliRunner().invoke(cli, ["new", NANCHANG, "--provider", "offline", "--games", "60", "--jobs", "1",
                                    "--json", *map(str, args)])


def test_parse_and_apply():
    data = {"scoring": {"discard_win_multiplier": 3}, "fan_types": [{"name": "七对", "base_fan": 2}],
            "settlement_items": [{"item": "de_guo", "value": 2}]}
    changed, changes = apply_overrides(data, [parse_override("scoring.discard_win_multiplier=1"),
                                              parse_override("fan_types[七对].base_fan=4"),
                                              parse_override("fan_types[0].toward_min_fan=false"),
                                              parse_override("settlement_items[de_guo].value=3"),
                                              parse_override("scoring.base_points = 8")])
    assert data["scoring"]["discard_win_multiplier"] == 3  # the input is not touched
    assert changed["scoring"] == {"discard_win_multiplier": 1, "base_points": 8}
    assert changed["fan_types"][0] == {"name": "七对", "base_fan": 4, "toward_min_fan": False}
    assert changed["settlement_items"][0]["value"] == 3
    assert [(c["path"], c["before"], c["after"]) for c in changes][:2] == [
        ("scoring.discard_win_multiplier", 3, 1), ("fan_types[七对].base_fan", 2, 4)]
    for bad in ("=1", "scoring", "meta.id=x", "scoring.x=[1"):
        with pytest.raises(UsageError):
            parse_override(bad)
    with pytest.raises(UsageError, match="九莲"):
        apply_overrides(data, [parse_override("fan_types[九莲].base_fan=4")])


def test_new_set_changes_the_judged_bytes_and_records_the_change(isolated, tmp_path):
    plain = json.loads(_new(tmp_path, "--out", tmp_path / "a").stdout)
    result = _new(tmp_path, "--out", tmp_path / "b", "--set", "scoring.discard_win_multiplier=1")
    assert result.exit_code == 0, result.output
    changed = json.loads(result.stdout)
    assert changed["overrides"] == [{"path": "scoring.discard_win_multiplier", "before": 3, "after": 1,
                                     "set": "scoring.discard_win_multiplier=1"}]
    assert "discard_win_multiplier: 1" in (tmp_path / "b" / "nanchang.yaml").read_text(encoding="utf-8")
    row = next(r for r in changed["value_sources"]["rows"] if r["field"] == "scoring.discard_win_multiplier")
    assert row["source"] == "set" and row["from"] == "命令行 --set scoring.discard_win_multiplier=1"
    # judged on the changed bytes: a discard win now pays a third
    before, after = plain["simulation"]["points"], changed["simulation"]["points"]
    assert after["gain_per_win"] < before["gain_per_win"]
    stored = json.loads((tmp_path / "b" / "result.json").read_text(encoding="utf-8"))
    assert stored["overrides"] == changed["overrides"]
    text = CliRunner().invoke(cli, ["new", NANCHANG, "--provider", "offline", "--games", "20", "--jobs", "1",
                                    "--out", tmp_path / "c", "--set", "scoring.discard_win_multiplier=1"])
    assert "命令行修改：scoring.discard_win_multiplier：3 → 1" in text.output


def test_a_set_contradicting_the_description_is_caught_and_a_bad_set_writes_nothing(isolated, tmp_path):
    result = _new(tmp_path, "--out", tmp_path / "a", "--set", "fan_types[七对].base_fan=4")
    assert result.exit_code == 1
    assert any(f["code"] == "D001" for f in json.loads(result.stdout)["findings"])  # the description says 2
    bad = _new(tmp_path, "--set", "fan_types[九莲].base_fan=4")
    assert bad.exit_code == 2 and "九莲" in bad.output
    assert not list((isolated / ".dslgen" / "drafts").iterdir())  # the reserved folder was released


def test_drafts_edit_judges_in_place_and_records_the_history(isolated, tmp_path):
    from dslgen.generate.draft import load_draft

    assert _new(tmp_path, "--out", tmp_path / "d").exit_code == 0
    before = load_draft(tmp_path / "d")
    result = CliRunner().invoke(cli, ["drafts", "edit", str(tmp_path / "d"), "scoring.discard_win_multiplier=1",
                                      "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    after = load_draft(tmp_path / "d")
    assert after.judged_current and after.verdict.sha256 != before.verdict.sha256  # judged on the new bytes
    assert "discard_win_multiplier: 1" in after.yaml_text and after.description == before.description
    (entry,) = after.result["history"]
    assert entry["event"] == "edit" and entry["changes"][0]["before"] == 3 and entry["changes"][0]["after"] == 1
    assert after.simulation.to_json()["points"]["gain_per_win"] < before.simulation.to_json()["points"]["gain_per_win"]
    review = json.loads(CliRunner().invoke(cli, ["review", str(tmp_path / "d"), "--jobs", "1", "--json"]).stdout)
    assert not review["notes"]  # the stored verdict is bound to the edited bytes: trusted, not judged again
    bad = CliRunner().invoke(cli, ["drafts", "edit", str(tmp_path / "d"), "fan_types[九莲].base_fan=4"])
    assert bad.exit_code == 2 and load_draft(tmp_path / "d").yaml_text == after.yaml_text
