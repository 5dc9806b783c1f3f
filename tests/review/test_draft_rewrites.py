"""Issue 30 items 3 and 10: rewriting a draft with ``new --out`` never loses the draft or its rejection,
and replaces the draft's own files (under any id) while carrying over only the reviewer's."""

from __future__ import annotations

import json
import signal

import pytest

from tests.review.test_approval_safety import _run, _spawn, _wait_for

DESC = "四川麻将：108张万条筒，可以碰杠，不能吃。"


def _new(out, *extra):
    return _run("new", DESC, "--provider", "offline", "--games", "3", "--jobs", "1", "--out", out, *extra)


@pytest.mark.parametrize("kind", ["new", "approve"])
def test_a_crash_between_the_two_renames_restores_the_draft_and_its_rejection(catalog, workdir, monkeypatch, kind):
    """Item 3: ``new --out d`` killed after moving the old draft aside and before renaming the new one in;
    the next run puts the old draft back (its rejection with it), and the rejection still holds."""
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    draft = workdir / "d"
    assert _new(draft, "--name", "sichuan_xuezhan").exit_code in (0, 1)
    assert _run("reject", draft, "--reviewer", "张三", "--reason", "不对").exit_code == 0
    (draft / "审核笔记.md").write_text("第二轮再看", encoding="utf-8")
    marker = workdir / "paused"
    proc = _spawn(["new", DESC, "--provider", "offline", "--name", "sichuan_xuezhan", "--games", "3", "--jobs", "1",
                   "--out", draft], workdir, pause="draft-swap", marker=marker, release=workdir / "never")
    _wait_for(marker, proc, timeout=240)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    assert not draft.exists(), "the process was not killed inside the swap: the test proves nothing"
    assert list(workdir.glob(".d.*.old"))
    if kind == "approve":  # the next command only reads the draft: it is put back all the same
        refused = _run("approve", draft, "--reviewer", "李四", "--catalog", catalog, "--replace", "--jobs", "1")
        assert refused.exit_code == 1 and "驳回" in refused.output, refused.output
    again = _new(workdir / "other", "--name", "sichuan_xuezhan")  # any later write in the folder sweeps it
    assert again.exit_code in (0, 1), again.output
    assert (draft / "rejection.json").is_file() and (draft / "sichuan_xuezhan.yaml").is_file()
    assert (draft / "审核笔记.md").read_text(encoding="utf-8") == "第二轮再看"
    assert not list(workdir.glob(".d.*"))
    refused = _run("approve", draft, "--reviewer", "李四", "--catalog", catalog, "--replace", "--jobs", "1")
    assert refused.exit_code == 1 and "驳回" in refused.output, refused.output


def test_a_moved_aside_draft_is_kept_while_its_place_is_taken_by_something_else(tmp_path):
    """Item 3: a moved-aside draft whose place is occupied is carried over already; one whose place cannot
    be restored is never deleted."""
    import subprocess
    import sys

    from dslgen.generate.draft import sweep

    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    parent = tmp_path / "drafts"
    parent.mkdir()
    aside = parent / f".d.{dead.pid}.abc123.old"
    (aside / "draft").mkdir(parents=True)
    (aside / "draft" / "rejection.json").write_text("{}", encoding="utf-8")
    assert sweep(parent) == [aside]
    assert (parent / "d" / "rejection.json").is_file() and not aside.exists()


def test_regenerating_under_another_id_replaces_the_old_rule_file(catalog, workdir, monkeypatch):
    """Item 10: ``new --out d --name a`` then ``--name b``: ``a.yaml`` goes, the reviewer's files stay."""
    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    draft = workdir / "d"
    assert _new(draft, "--name", "sichuan_a").exit_code in (0, 1)
    assert _run("reject", draft, "--reviewer", "张三", "--reason", "不对").exit_code == 0
    (draft / "审核笔记.md").write_text("笔记", encoding="utf-8")
    assert _new(draft, "--name", "sichuan_b").exit_code in (0, 1)
    names = sorted(p.name for p in draft.iterdir())
    assert "sichuan_a.yaml" not in names and "sichuan_b.yaml" in names, names
    assert {"rejection.json", "审核笔记.md", "result.json", "description.md", "transcript.jsonl"} <= set(names)
    assert json.loads((draft / "result.json").read_text(encoding="utf-8"))["id"] == "sichuan_b"
    assert len([n for n in names if n.endswith(".yaml")]) == 1
