"""Batch regeneration over a copy of the catalog with the offline provider."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.review import batch as batch_mod
from dslgen.review.approvals import sha256_file, write_approval


def _seed_approvals(catalog):
    for path in sorted(catalog.glob("*.yaml")):
        write_approval(catalog, path.stem, path.name, path.read_bytes(), reviewer="测试")


def _snapshot(catalog):
    return {p.relative_to(catalog).as_posix(): sha256_file(p) for p in catalog.rglob("*") if p.is_file()}


def _leftovers(folder):
    return [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_batch_regenerates_everything_and_touches_no_approved_file(catalog, workdir):
    _seed_approvals(catalog)
    before = _snapshot(catalog)
    out = workdir / "batch"
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--provider", "offline", "--games", "10",
                                      "--jobs", "2", "--out", str(out), "--json"])
    assert result.exit_code in (0, 1), result.output
    summary = json.loads(result.stdout)
    ids = [v["id"] for v in summary["variants"]]
    assert ids == sorted(p.stem for p in catalog.glob("*.yaml"))
    for row in summary["variants"]:
        assert set(row) >= {"id", "verdict", "changed", "semantic_changes", "gaps", "errors"}
        assert row["changed"] == bool(row["semantic_changes"])
        assert (out / row["id"] / "draft" / "result.json").is_file()
    assert result.exit_code == (0 if all(v["verdict"] == "pass" for v in summary["variants"]) else 1)
    assert _snapshot(catalog) == before
    assert CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(catalog)]).exit_code == 0
    assert json.loads((out / "summary.json").read_text(encoding="utf-8"))["variants"] == summary["variants"]
    assert "| 玩法 | 结论 |" in (out / "summary.md").read_text(encoding="utf-8")
    assert _leftovers(out) == []


def test_interrupted_batch_resumes(catalog, workdir, monkeypatch):
    out = workdir / "batch"
    args = ["batch", "--catalog", str(catalog), "--only", "hongzhong_laizi,changsha", "--provider", "offline",
            "--games", "10", "--out", str(out), "--json"]
    real = batch_mod.regenerate
    calls = []

    def interrupted(variant, *rest):
        calls.append(variant)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(variant, *rest)

    monkeypatch.setattr(batch_mod, "regenerate", interrupted)
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 130
    assert calls == ["changsha", "hongzhong_laizi"]
    assert (out / "changsha" / "done.json").is_file() and not (out / "hongzhong_laizi" / "done.json").exists()
    assert not (out / "summary.json").exists()
    done_before = (out / "changsha" / "done.json").read_bytes()

    calls.clear()
    second = CliRunner().invoke(cli, args)
    assert second.exit_code in (0, 1), second.output
    assert calls == ["hongzhong_laizi"]  # changsha was done: skipped
    rows = {v["id"]: v for v in json.loads(second.stdout)["variants"]}
    assert rows["changsha"]["resumed"] is True and rows["hongzhong_laizi"]["resumed"] is False
    assert (out / "changsha" / "done.json").read_bytes() == done_before
    assert _leftovers(out) == []



def test_changed_inputs_are_not_resumed(catalog, workdir):
    doc = batch_mod.read_rule_doc(catalog / "hongzhong_laizi.yaml")
    opts = batch_mod.BatchOptions(catalog=str(catalog), out=str(workdir / "b"), games=10)
    same = batch_mod._fingerprint(doc, opts)
    assert batch_mod._fingerprint(doc, opts) == same
    assert batch_mod._fingerprint(doc, batch_mod.BatchOptions(**{**opts.__dict__, "games": 11})) != same
    edited = catalog / "hongzhong_laizi.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("max_fan: 16", "max_fan: 32"), encoding="utf-8")
    assert batch_mod._fingerprint(batch_mod.read_rule_doc(edited), opts) != same


def test_unknown_variant_is_a_usage_error(catalog, workdir):
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--only", "nowhere", "--out",
                                      str(workdir / "b")])
    assert result.exit_code == 2 and "nowhere" in result.output


@pytest.mark.parametrize("out_is_catalog", [True])
def test_output_cannot_be_the_catalog(catalog, out_is_catalog):
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--out", str(catalog)])
    assert result.exit_code == 2


def test_unreadable_catalog_file_is_a_failed_row_not_a_crash(catalog, workdir):
    (catalog / "broken.yaml").write_text("game: [\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--only", "broken", "--out",
                                      str(workdir / "b"), "--json"])
    assert result.exit_code == 1, result.output
    row = json.loads(result.stdout)["variants"][0]
    assert row["id"] == "broken" and row["verdict"] == "fail" and "无法读取" in row["errors"][0]


def test_offline_batch_of_an_unchanged_catalog_reports_almost_nothing(tmp_path):
    """The offline drafter starts from the variant's approved version, so only description-vs-file
    disagreements show; and it never leaks internal keys (a schema error would fail the gate)."""
    import json
    import shutil
    from pathlib import Path

    from click.testing import CliRunner

    from dslgen.cli import cli

    catalog = tmp_path / "catalog"
    shutil.copytree(Path(__file__).resolve().parents[2] / "dsl-examples", catalog)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["batch", "--catalog", str(catalog), "--provider", "offline",
                                      "--games", "20", "--jobs", "1", "--out", str(out), "--json"])
    assert result.exit_code in (0, 1), result.output
    rows = {r["id"]: r for r in json.loads(result.output)["variants"]}
    pending = {k: rows.pop(k) for k in READER_PENDING}
    for name, fan in READER_DROPS.items():  # shown to the reviewer as a semantic change, never dropped unseen
        assert any(fan in change for change in rows.pop(name)["semantic_changes"]), (name, "reads back now: drop it")
    assert all(r["verdict"] == "pass" and not r["errors"] for r in rows.values())
    assert sum(len(r["semantic_changes"]) for r in rows.values()) <= 2, rows
    for name, row in pending.items():  # not silent: every such draft fails with the sentences it could not carry
        assert row["verdict"] == "fail" and row["errors"], (name, "reads back now: drop it from READER_PENDING")


#: catalog variants (issue 28) whose descriptions the offline reader cannot read back yet: their own fans
#: (``when:``), the declared 鸡胡 win condition, 十三烂, the 84-tile deck … are reported as findings (D002, C406)
#: by the drafted copy, never passed silently. The reader's part of issue 28 item 5.
READER_PENDING = ("guangdong_jipinghu", "nanchang", "zung_jung", "hongkong", "hefei", "riichi",
                  # catB: the reader misses 报听 / 天听 (locks: hand), 留 16 张, 17-tile wins, flower 台, 拉庄, 鸡 and 翻鸡,
                  # 爆头 / 财飘 / 谁胡谁坐庄 (findings D002, D007 in the drafted copy)
                  "taiwan", "guiyang", "hangzhou",
                  # catA: 金 / 混儿 / 百搭 by reveal, 抢金, 杠钱, ×5 multipliers
                  "fuzhou", "tianjin", "ningbo",
                  # catalog: payments the reader does not draft (长沙 大胡点炮三家付 / 小胡庄家加倍, D002)
                  "changsha")

#: catalog variants whose drafted copy passes but leaves out one of the file's own fans (``when:``), which the
#: offline reader does not write from a description: the review diff shows it as 删除番型 (issue 29)
READER_DROPS = {"wuhan": "暗杠翻"}
