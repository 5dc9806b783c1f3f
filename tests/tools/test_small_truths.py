"""Small truths: the README's hand --batch example runs; the Markdown report holds no absolute local paths."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.review.render_markdown import without_local_paths

ROOT = Path(__file__).resolve().parents[2]


def test_readme_hand_batch_example_is_the_real_format(tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"`dslgen hand --batch hands\.txt`.*?e\.g\. `([^`]+)`", readme)
    assert m, "README 的 hand --batch 说明应给出一行示例"
    monkeypatch.chdir(ROOT)
    batch = tmp_path / "hands.txt"
    batch.write_text(f"# 注释行\n{m.group(1)}\n\ndsl-examples/guobiao.yaml 1m --win\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["hand", "--batch", str(batch)])
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [entry["line"] for entry in lines] == [2, 4]
    assert lines[0]["win"] is True and "error" not in lines[0]
    assert set(lines[1]) == {"line", "error", "where", "hint"} and result.exit_code == 1


def test_paths_in_markdown_are_made_shareable(tmp_path):
    home = str(Path("~").expanduser())
    text = (f"`{tmp_path}/drafts/x/nanchang.yaml` and dslgen replay {home}/w/r.yaml --seed 3 and /opt/a/b/c.yaml "
            "— https://example.org/a/b </details> 1/2 自摸/点炮")
    out = without_local_paths(text, cwd=tmp_path)
    assert "`drafts/x/nanchang.yaml`" in out and "~/w/r.yaml" in out and "…/b/c.yaml" in out
    assert str(tmp_path) not in out and "/opt/" not in out
    assert "https://example.org/a/b </details> 1/2 自摸/点炮" in out


def test_review_markdown_of_a_file_outside_the_working_folder_has_no_absolute_paths(tmp_path, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    outside = tmp_path / "elsewhere" / "my_variant.yaml"
    outside.parent.mkdir()
    text = (ROOT / "dsl-examples" / "hongzhong_laizi.yaml").read_text(encoding="utf-8").replace("id: hongzhong_laizi", "id: my_variant")
    outside.write_text(text, encoding="utf-8")
    monkeypatch.chdir(work)
    md = work / "review.md"
    result = CliRunner().invoke(cli, ["review", str(outside), "--catalog", str(ROOT / "dsl-examples"),
                                      "--games", "10", "--jobs", "1", "--markdown", str(md)])
    assert result.exit_code == 0, result.output
    body = md.read_text(encoding="utf-8")
    assert "my_variant.yaml" in body
    assert str(tmp_path) not in body and str(ROOT) not in body and str(Path.home()) not in body
