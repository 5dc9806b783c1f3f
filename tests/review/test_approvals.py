"""Approve, reject and ``catalog verify``: records bound to the approved content's sha256."""

from __future__ import annotations

import json

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.review.approvals import sha256_file
from dslgen.review.baseline import SCHEMA_LINE
from dslgen.rulefile.yamlio import load_yaml_file


def _verify(catalog):
    result = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(catalog), "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_approve_draft_then_verify_then_edit_fails(catalog, draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant)
    before = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    refused = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "张三", "--catalog", str(catalog)])
    assert refused.exit_code == 1 and "--replace" in refused.output, refused.output
    assert "清一色：2 番 → 4 番" in refused.output and "可以吃：否 → 是" in refused.output
    assert (catalog / "sichuan_xuezhan.yaml").read_bytes() == before
    result = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "张三", "--note", "开吃试点",
                                      "--catalog", str(catalog), "--replace", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    target = catalog / "sichuan_xuezhan.yaml"
    assert record["sha256"] == sha256_file(target)
    assert record["forced"] is False and record["reviewer"] == "张三"
    assert record["provenance"]["provider"] == "offline" and record["provenance"]["description"]
    assert record["simulation"]["games"] == 30 and record["simulation"]["errors"] == 0
    text = target.read_text(encoding="utf-8")
    assert text.splitlines()[0] == SCHEMA_LINE
    data = load_yaml_file(target).data
    assert data["meta"]["approval"]["reviewer"] == "张三"
    assert data["meta"]["provenance"]["simulation"]["games"] == 30
    assert data["fan_types"] == load_yaml_file(draft / "sichuan_xuezhan.yaml").data["fan_types"]
    # the rule lines are copied byte for byte; only the meta block is restamped
    assert "  - {name: 清一色, base_fan: 4}\n" in text

    code, report = _verify(catalog)
    statuses = {v["id"]: v["status"] for v in report["variants"]}
    assert statuses["sichuan_xuezhan"] == "ok"
    assert code == 1  # the other catalog files have no approval yet
    others = {p.stem for p in catalog.glob("*.yaml")} - {"sichuan_xuezhan"}  # every other catalog file
    assert {k for k, v in statuses.items() if v == "unapproved"} == others and {"changsha", "hongzhong_laizi"} <= others

    for other in others:
        catalog.joinpath(other + ".yaml").unlink()
    assert _verify(catalog)[0] == 0

    target.write_text(text.replace("{name: 清一色, base_fan: 4}", "{name: 清一色, base_fan: 16}"), encoding="utf-8")
    code, report = _verify(catalog)
    assert code == 1
    assert report["variants"][0]["status"] == "modified"
    assert report["variants"][0]["changes"] == ["清一色：4 番 → 16 番"]
    text_out = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(catalog)])
    assert text_out.exit_code == 1 and "sichuan_xuezhan" in text_out.output and "批准后被修改" in text_out.output


def test_failing_draft_needs_force_and_force_is_recorded(catalog, draft_factory, chi_variant):
    gates = {"schema": "pass", "capabilities": "pass", "compliance": "fail", "simulation": "pass"}
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=gates, simulate=False)
    before = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    refused = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "李四", "--catalog", str(catalog)])
    assert refused.exit_code == 1 and "--force" in refused.output
    assert (catalog / "sichuan_xuezhan.yaml").read_bytes() == before
    forced = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "李四", "--catalog", str(catalog),
                                      "--force", "--replace", "--json"])
    assert forced.exit_code == 0, forced.output
    record = json.loads(forced.stdout)
    assert record["forced"] is True and record["failed_gates"] == ["compliance"]
    stored = json.loads((catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))
    assert stored["forced"] is True and stored["sha256"] == record["sha256"]
    assert load_yaml_file(catalog / "sichuan_xuezhan.yaml").data["meta"]["approval"]["forced"] is True


def test_approve_plain_catalog_file_in_place(catalog):
    target = catalog / "hongzhong_laizi.yaml"
    rules_before = {k: v for k, v in load_yaml_file(target).data.items() if k != "meta"}
    result = CliRunner().invoke(cli, ["approve", str(target), "--reviewer", "王五", "--catalog", str(catalog),
                                      "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    after = load_yaml_file(target).data
    assert {k: v for k, v in after.items() if k != "meta"} == rules_before
    assert after["meta"]["approval"]["status"] == "approved"
    code, report = _verify(catalog)
    assert {v["id"]: v["status"] for v in report["variants"]}["hongzhong_laizi"] == "ok"
    history = CliRunner().invoke(cli, ["approve", str(target), "--reviewer", "赵六", "--catalog", str(catalog),
                                       "--games", "20", "--json"])
    assert history.exit_code == 0, history.output
    stored = json.loads((catalog / "approvals" / "hongzhong_laizi.json").read_text(encoding="utf-8"))
    assert stored["reviewer"] == "赵六" and stored["history"][0]["reviewer"] == "王五"


def test_reject_records_beside_the_draft(draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant, simulate=False)
    result = CliRunner().invoke(cli, ["reject", str(draft), "--reviewer", "张三", "--reason", "吃牌不符合四川规则"])
    assert result.exit_code == 0, result.output
    record = json.loads((draft / "rejection.json").read_text(encoding="utf-8"))
    assert record["reason"] == "吃牌不符合四川规则" and record["reviewer"] == "张三"
    assert record["sha256"] == sha256_file(draft / "sichuan_xuezhan.yaml")
    empty = CliRunner().invoke(cli, ["reject", str(draft), "--reviewer", "张三", "--reason", " "])
    assert empty.exit_code == 1 and "Traceback" not in empty.output


def test_rejected_content_is_not_approved_without_force(catalog, draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant, simulate=False,
                          gates={"schema": "pass", "capabilities": "pass", "compliance": "pass", "simulation": "pass"})
    CliRunner().invoke(cli, ["reject", str(draft), "--reviewer", "张三", "--reason", "吃牌不符合四川规则"])
    refused = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "李四", "--catalog", str(catalog)])
    assert refused.exit_code == 1 and "驳回" in refused.output


def test_draft_edited_after_generation_is_rechecked(catalog, draft_factory, chi_variant):
    import os
    import time

    gates = {"schema": "pass", "capabilities": "pass", "compliance": "pass", "simulation": "pass"}
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=gates, simulate=False)
    yaml_path = draft / "sichuan_xuezhan.yaml"
    yaml_path.write_text(chi_variant.replace("name: 清一色", "name: 不存在的番"), encoding="utf-8")
    later = time.time() + 5
    os.utime(yaml_path, (later, later))
    refused = CliRunner().invoke(cli, ["approve", str(draft), "--reviewer", "张三", "--catalog", str(catalog)])
    assert refused.exit_code == 1 and "compliance" in refused.output
    report = CliRunner().invoke(cli, ["review", str(draft), "--catalog", str(catalog), "--json"])
    data = json.loads(report.stdout)
    assert data["notes"] and data["gates"]["compliance"]["status"] == "fail"
    assert any("不存在的番" in f["message"] for f in data["findings"])


def test_catalog_list_json(catalog):
    result = CliRunner().invoke(cli, ["catalog", "list", "--catalog", str(catalog), "--json"])
    assert result.exit_code == 0
    variants = {v["id"]: v for v in json.loads(result.stdout)["variants"]}
    assert set(variants) == {p.stem for p in catalog.glob("*.yaml")}
    assert {"changsha", "guangdong_jipinghu", "guobiao", "nanchang", "sichuan_xuezhan", "hongzhong_laizi", "zhuanzhuan"} <= set(variants)
    assert variants["hongzhong_laizi"]["status"] == "unapproved" and variants["hongzhong_laizi"]["name"].startswith("红中癞子")


def test_new_review_approve_verify_end_to_end(catalog, workdir, monkeypatch):
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    runner = CliRunner()
    description = "红中癞子麻将：108 张万条筒再加 4 张红中，红中是癞子。可以吃、碰、杠，将牌要 2、5、8。清一色 8 番，七对 4 番，封顶 16 番。"
    made = runner.invoke(cli, ["new", description, "--name", "hongzhong_laizi", "--provider", "offline", "--games", "20",
                               "--jobs", "1", "--out", str(workdir / "draft"), "--json"])
    assert made.exit_code in (0, 1), made.output
    review = runner.invoke(cli, ["review", str(workdir / "draft"), "--json"])
    report = json.loads(review.stdout)
    assert report["baseline"]["reason"] == "previous" and report["baseline"]["id"] == "hongzhong_laizi"
    assert "清一色：4 番 → 8 番" in report["semantic_changes"]
    approved = runner.invoke(cli, ["approve", str(workdir / "draft"), "--reviewer", "张三", "--force", "--replace"])
    assert approved.exit_code == 0, approved.output
    verify = runner.invoke(cli, ["catalog", "verify", "--json"])
    statuses = {v["id"]: v["status"] for v in json.loads(verify.stdout)["variants"]}
    assert statuses["hongzhong_laizi"] == "ok"


def test_review_of_an_edited_catalog_file_compares_with_its_approved_version(catalog):
    target = catalog / "hongzhong_laizi.yaml"
    runner = CliRunner()
    assert runner.invoke(cli, ["approve", str(target), "--reviewer", "王五", "--catalog", str(catalog),
                               "--games", "10"]).exit_code == 0
    target.write_text(target.read_text(encoding="utf-8").replace("max_fan: 16", "max_fan: 32"), encoding="utf-8")
    result = runner.invoke(cli, ["review", str(target), "--catalog", str(catalog), "--games", "10", "--json"])
    report = json.loads(result.stdout)
    assert report["baseline"]["reason"] == "approved"
    assert report["semantic_changes"] == ["单局最高番数：16 番 → 32 番"]
