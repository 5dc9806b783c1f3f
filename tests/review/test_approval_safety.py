"""Approvals that re-check what they copy, never overwrite silently, keep every decision, and survive
concurrent runs and interruptions (issue 12 item 6; issue 19 items 2, 6-9, 15, 20, 21)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.generate.draft import reserve_folder, sweep
from dslgen.review.approvals import sha256_file, write_approval

ROOT = Path(__file__).resolve().parents[2]
ALL_PASS = {"schema": "pass", "capabilities": "pass", "compliance": "pass", "consistency": "pass",
            "simulation": "pass"}


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _verify(catalog):
    result = _run("catalog", "verify", "--catalog", catalog, "--json")
    return result.exit_code, {v["id"]: v for v in json.loads(result.stdout)["variants"]}


def _spawn(args, cwd, pause=None, marker=None, release=None):
    """Start ``python -m dslgen ARGS`` as a real process, optionally pausing at a named point."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for key in ("DSLGEN_PAUSE_AT", "DSLGEN_PAUSE_FILE", "DSLGEN_PAUSE_RELEASE"):
        env.pop(key, None)
    if pause:
        env.update(DSLGEN_PAUSE_AT=pause, DSLGEN_PAUSE_FILE=str(marker), DSLGEN_PAUSE_RELEASE=str(release))
    return subprocess.Popen([sys.executable, "-m", "dslgen", *map(str, args)], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for(path, proc, timeout=60):
    deadline = time.monotonic() + timeout
    while not Path(path).exists():
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the process never reached its pause point"
        time.sleep(0.05)


@pytest.fixture
def approved_catalog(catalog):
    """The catalog copy with every file approved as it is (records bound to the current bytes)."""
    for path in sorted(catalog.glob("*.yaml")):
        write_approval(catalog, path.stem, path.name, path.read_bytes(), reviewer="基线")
    assert _verify(catalog)[0] == 0
    return catalog


# --- 19.2: the verdict is bound to the bytes it judged ---------------------------------------------

@pytest.mark.parametrize("edit", ["unparseable", "tag", "rules"])
def test_approve_rejudges_bytes_the_stored_verdict_was_not_reached_on(catalog, draft_factory, chi_variant, edit):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    yaml_path = draft / "sichuan_xuezhan.yaml"
    stamp = yaml_path.stat()
    text = {"unparseable": chi_variant + "\n  : [\n",
            "tag": chi_variant.replace("max_fan: 5", "max_fan: !!python/object:os.system 5"),
            "rules": chi_variant.replace("name: 清一色", "name: 不存在的番")}[edit]
    yaml_path.write_text(text, encoding="utf-8")
    os.utime(yaml_path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # cp -p / touch -r: the old mtime restored
    before = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    refused = _run("approve", draft, "--reviewer", "张三", "--catalog", catalog, "--replace", "--games", "3",
                   "--jobs", "1")
    assert refused.exit_code == 1, refused.output
    assert (catalog / "sichuan_xuezhan.yaml").read_bytes() == before
    report = json.loads(_run("review", draft, "--catalog", catalog, "--games", "3", "--jobs", "1", "--json").stdout)
    assert report["verdict"] == "fail" and report["notes"]
    assert report["sha256"] == sha256_file(yaml_path)


# --- 12.6: never overwrite silently; every approval and rejection kept -----------------------------

def test_history_keeps_every_approval_and_rejection(approved_catalog, draft_factory, chi_variant):
    catalog = approved_catalog
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    first = _run("reject", draft, "--reviewer", "张三", "--reason", "吃牌不符合四川规则", "--catalog", catalog, "--json")
    assert first.exit_code == 0 and json.loads(first.stdout)["notes"] == []
    second = _run("reject", draft, "--reviewer", "李四", "--reason", "清一色翻倍没有依据", "--catalog", catalog)
    assert second.exit_code == 0 and "吃牌不符合四川规则" in second.output and "两次驳回" in second.output
    stored = json.loads((draft / "rejection.json").read_text(encoding="utf-8"))
    assert stored["reason"] == "清一色翻倍没有依据" and stored["history"][0]["reason"] == "吃牌不符合四川规则"

    forced = _run("approve", draft, "--reviewer", "王五", "--catalog", catalog, "--force", "--replace", "--json")
    assert forced.exit_code == 0, forced.output
    record = json.loads((catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))
    events = [(h["event"], h["reviewer"]) for h in record["history"]]
    assert events == [("approved", "基线"), ("rejected", "张三"), ("rejected", "李四")]
    assert record["replaced"]["changes"] == ["清一色：2 番 → 4 番", "可以吃：否 → 是"]

    late = _run("reject", catalog / "sichuan_xuezhan.yaml", "--reviewer", "赵六", "--reason", "上线后发现番数不对",
                "--catalog", catalog)
    assert late.exit_code == 0 and "王五" in late.output and "批准" in late.output, late.output
    code, entries = _verify(catalog)
    assert code == 1 and entries["sichuan_xuezhan"]["status"] == "rejected"
    record = json.loads((catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))
    assert record["reviewer"] == "王五" and record["history"][-1]["reason"] == "上线后发现番数不对"
    again = _run("approve", catalog / "sichuan_xuezhan.yaml", "--reviewer", "钱七", "--catalog", catalog,
                 "--games", "3", "--jobs", "1")
    assert again.exit_code == 1 and "驳回" in again.output


@pytest.mark.parametrize("kind", ["draft", "file"])
def test_reject_finds_content_approved_under_another_id(approved_catalog, draft_factory, chi_variant, workdir, kind):
    """Audit s4: ``approve X --id nanchang_test`` then ``reject X`` must reach nanchang_test's approval
    (matched by the approved content's sha256, not only by the draft's id)."""
    catalog = approved_catalog
    if kind == "draft":
        target = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
        extra = ()
    else:
        target = workdir / "draft.yaml"
        target.write_text(chi_variant, encoding="utf-8")
        extra = ("--games", "3", "--jobs", "1", "--force")
    approved = _run("approve", target, "--reviewer", "王五", "--catalog", catalog, "--id", "nanchang_test", *extra)
    assert approved.exit_code == 0, approved.output
    assert _verify(catalog)[0] == 0
    rejected = _run("reject", target, "--reviewer", "赵六", "--reason", "番数不对", "--catalog", catalog, "--json")
    assert rejected.exit_code == 0, rejected.output
    notes = json.loads(rejected.stdout)["notes"]
    assert len(notes) == 1 and "nanchang_test" in notes[0] and "王五" in notes[0]
    record = json.loads((catalog / "approvals" / "nanchang_test.json").read_text(encoding="utf-8"))
    assert record["rejection"]["reason"] == "番数不对"
    assert [(h["event"], h["reviewer"]) for h in record["history"]][-1] == ("rejected", "赵六")
    code, entries = _verify(catalog)
    assert code == 1 and entries["nanchang_test"]["status"] == "rejected"
    assert entries["sichuan_xuezhan"]["status"] == "ok"  # the draft's own id was not approved with this content
    assert "rejection" not in json.loads((catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))


def test_in_place_reapproval_of_unchanged_rules_needs_no_replace(approved_catalog):
    path = approved_catalog / "hongzhong_laizi.yaml"
    again = ("approve", path, "--catalog", approved_catalog, "--games", "3", "--jobs", "1", "--force")
    assert _run(*again, "--reviewer", "甲").exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace("max_fan: 16", "max_fan: 32"), encoding="utf-8")
    refused = _run(*again, "--reviewer", "乙")
    assert refused.exit_code == 1 and "单局最高番数：16 番 → 32 番" in refused.output and "--replace" in refused.output
    replaced = _run(*again, "--reviewer", "乙", "--replace")
    assert replaced.exit_code == 0 and "单局最高番数：16 番 → 32 番" in replaced.output


# --- 19.6 / 19.7 / 19.20: draft folders ---------------------------------------------------------------

def test_two_new_runs_in_the_same_second_never_share_a_folder(workdir):
    import datetime as dt

    from dslgen.generate.pipeline import NewOptions, run_new

    when = dt.datetime(2026, 11, 29, 12, 0, 0, tzinfo=dt.timezone.utc)
    results, errors = [], []
    start = threading.Barrier(2)

    def one():
        start.wait()
        try:
            results.append(run_new(NewOptions(description="南昌麻将：136张牌，可以吃碰杠。", provider="offline",
                                              games=2, jobs=1, now=when)))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=one) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    folders = {r["draft"] for r in results}
    assert len(folders) == 2
    for folder in folders:
        assert json.loads((Path(folder) / "result.json").read_text(encoding="utf-8"))["draft"] == folder


def test_reserving_is_exclusive(tmp_path):
    base = tmp_path / "drafts" / "x-20260101-000000"
    assert [reserve_folder(base).name for _ in range(3)] == [base.name, f"{base.name}-2", f"{base.name}-3"]


def test_new_out_existing_draft_keeps_the_reviewers_files_and_the_rejection_holds(catalog, workdir, monkeypatch):
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    args = ("new", "四川麻将：108张万条筒，可以碰杠，不能吃。", "--provider", "offline", "--name", "sichuan_xuezhan",
            "--games", "3", "--jobs", "1", "--out", workdir / "d")
    assert _run(*args).exit_code in (0, 1)
    assert _run("reject", workdir / "d", "--reviewer", "张三", "--reason", "不对").exit_code == 0
    (workdir / "d" / "审核笔记.md").write_text("第二轮再看", encoding="utf-8")
    time.sleep(1.1)  # a new provenance timestamp: different bytes, same rules
    assert _run(*args).exit_code in (0, 1)
    assert (workdir / "d" / "rejection.json").is_file()
    assert (workdir / "d" / "审核笔记.md").read_text(encoding="utf-8") == "第二轮再看"
    refused = _run("approve", workdir / "d", "--reviewer", "李四", "--catalog", catalog, "--replace", "--jobs", "1")
    assert refused.exit_code == 1 and "驳回" in refused.output, refused.output


def test_temp_folders_of_killed_writes_are_swept(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    parent = tmp_path / "drafts"
    parent.mkdir()
    stale = parent / f".x-1.{dead.pid}.abc123.tmp"
    stale.mkdir()
    (stale / "result.json").write_text("{}", encoding="utf-8")
    reserved = parent / "y-20260101-000000"
    reserved.mkdir()
    (reserved / f".reserved-{dead.pid}").touch()
    live = parent / f".z-1.{os.getpid()}.abc123.tmp"
    live.mkdir()
    assert set(sweep(parent)) == {stale, reserved}
    assert live.is_dir()


# --- 19.8 / 19.9: locks and an atomic commit -------------------------------------------------------

def test_concurrent_approvals_lose_nothing(approved_catalog, draft_factory, chi_variant, workdir):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    marker, release = workdir / "paused", workdir / "go"
    first = _spawn(["approve", draft, "--reviewer", "甲", "--catalog", approved_catalog, "--replace"], workdir,
                   pause="approve-locked", marker=marker, release=release)
    _wait_for(marker, first)
    second = _spawn(["approve", draft, "--reviewer", "乙", "--catalog", approved_catalog, "--replace"], workdir)
    time.sleep(1.0)  # the second waits for the lock the first holds
    assert second.poll() is None
    release.touch()
    assert first.wait(60) == 0, first.communicate()
    assert second.wait(60) == 0, second.communicate()
    record = json.loads((approved_catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))
    assert record["reviewer"] == "乙" and [h["reviewer"] for h in record["history"]] == ["基线", "甲"]
    assert record["sha256"] == sha256_file(approved_catalog / "sichuan_xuezhan.yaml")
    assert _verify(approved_catalog)[0] == 0


@pytest.mark.parametrize("point, new_state", [("approve-locked", False), ("approve-journal", True),
                                              ("approve-between-writes", True)])
def test_an_interrupted_approval_leaves_the_old_or_the_new_state(approved_catalog, draft_factory, chi_variant,
                                                                 workdir, point, new_state):
    catalog = approved_catalog
    old = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    marker = workdir / "paused"
    proc = _spawn(["approve", draft, "--reviewer", "甲", "--catalog", catalog, "--replace"], workdir,
                  pause=point, marker=marker, release=workdir / "never")
    _wait_for(marker, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    code, entries = _verify(catalog)
    assert code == 0 and entries["sichuan_xuezhan"]["status"] == "ok", entries["sichuan_xuezhan"]
    record = json.loads((catalog / "approvals" / "sichuan_xuezhan.json").read_text(encoding="utf-8"))
    now = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    assert record["sha256"] == sha256_file(catalog / "sichuan_xuezhan.yaml")
    if new_state:
        assert now != old and "{name: 清一色, base_fan: 4}".encode() in now and record["reviewer"] == "甲"
    else:
        assert now == old and record["reviewer"] == "基线"
    assert not list((catalog / "approvals").glob(".pending-*"))


# --- 19.15: verify is truthful about files that are gone ---------------------------------------------

def test_verify_fails_for_a_deleted_or_dangling_approved_file(approved_catalog):
    (approved_catalog / "hongzhong_laizi.yaml").unlink()
    code, entries = _verify(approved_catalog)
    assert code == 1 and entries["hongzhong_laizi"]["status"] == "missing"
    (approved_catalog / "hongzhong_laizi.yaml").symlink_to(approved_catalog / "nowhere.yaml")
    code, entries = _verify(approved_catalog)
    assert code == 1 and entries["hongzhong_laizi"]["status"] == "unreadable"
    text = _run("catalog", "verify", "--catalog", approved_catalog)
    assert text.exit_code == 1 and "全部" not in text.output


# --- 19.21: corrupt files are the user's error, said clearly ---------------------------------------

@pytest.mark.parametrize("content, words", [
    ("{", "已损坏"), ("[]", "缺少 id"), ('{"id": "../../evil"}', "不合法"),
])
def test_a_corrupt_or_tampered_result_json_is_a_clear_user_error(catalog, draft_factory, chi_variant, content, words):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    (draft / "result.json").write_text(content, encoding="utf-8")
    for args in (("review", draft, "--catalog", catalog, "--jobs", "1"),
                 ("approve", draft, "--reviewer", "甲", "--catalog", catalog, "--jobs", "1"),
                 ("reject", draft, "--reviewer", "甲", "--reason", "x")):
        result = _run(*args)
        assert result.exit_code == 1 and words in result.output and "缺陷" not in result.output, result.output
    assert not (catalog.parent / "evil.yaml").exists()


def test_a_result_json_of_the_wrong_shape_is_judged_again(catalog, draft_factory, chi_variant):
    draft = draft_factory("sichuan_xuezhan", chi_variant, gates=ALL_PASS, simulate=False)
    (draft / "result.json").write_text(json.dumps({"id": "sichuan_xuezhan", "judgement": [], "gaps": "x",
                                                   "provenance": "p", "rounds": "r", "simulation": 5,
                                                   "mapping": {"a": 1}}), encoding="utf-8")
    result = _run("review", draft, "--catalog", catalog, "--games", "3", "--jobs", "1", "--json")
    assert result.exit_code in (0, 1) and "缺陷" not in result.output
    report = json.loads(result.stdout)
    assert report["notes"] and report["sha256"] == sha256_file(draft / "sichuan_xuezhan.yaml")


@pytest.mark.parametrize("line", ['{"round": "x", "answer": "a"}', '{"round": 1, "answer": "a", "usage": "abc"}',
                                  '{"round": 1e999, "answer": "a"}', "{"])
def test_a_corrupt_replay_transcript_is_a_clear_user_error(workdir, monkeypatch, line):
    (workdir / "t.jsonl").write_text(line + "\n", encoding="utf-8")
    monkeypatch.setenv("DSLGEN_REPLAY", str(workdir / "t.jsonl"))
    result = _run("new", "四川麻将：108张，可以碰杠。", "--provider", "replay", "--games", "2", "--out", workdir / "d")
    assert result.exit_code in (1, 2) and "对话记录第 1 行" in result.output and "缺陷" not in result.output, result.output
