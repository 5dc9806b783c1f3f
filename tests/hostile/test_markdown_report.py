"""Issue 19.17: the Markdown report never passes HTML or Markdown from descriptions, rule files or models."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

HOSTILE = "<script>alert(1)</script> <img src=x onerror=alert(2)> <!-- hidden ![t](http://e.invalid/p.png) | x"


def test_markdown_report_escapes_html_and_markdown(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = (Path(__file__).parents[2] / "dsl-examples" / "hongzhong_laizi.yaml").read_text(encoding="utf-8")
    text = text.replace("  name: 武汉麻将（红中癞子）", f"  name: '{HOSTILE}'", 1)
    text = text.replace("  description: >-\n", f"  description: >-\n    {HOSTILE}\n    ```\n", 1)
    (tmp_path / "w.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["review", "w.yaml", "--games", "3", "--jobs", "1", "--markdown", "r.md"])
    assert result.exit_code in (0, 1), result.output
    md = (tmp_path / "r.md").read_text(encoding="utf-8")
    md, _, diff = md.partition("<details><summary>YAML 差异</summary>")
    fence = diff.split("\n")[2].removesuffix("diff")
    assert len(fence) >= 4 and diff.rstrip().endswith(f"{fence}\n\n</details>")  # longer than the ``` inside
    for raw in ("<script", "<img", "<!--", "![t]("):
        assert raw not in md, raw
    assert "&lt;script&gt;" in md and "&lt;\\!--" in md
