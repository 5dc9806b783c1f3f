"""``dslgen hand --batch`` lines (and ``fan_types[].example``, which are read the same way) take the
flipped tiles (``--revealed``) and the winner's discards (``--discards``) like the command line does."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

RULES = Path(__file__).parent / "rules"
JIN = RULES / "fuzhou_jin.yaml"


def _batch(tmp_path, *lines: str) -> list[dict]:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["hand", "--batch", str(path)])
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_a_batch_line_reads_the_revealed_jin(tmp_path):
    with_jin, without = _batch(tmp_path, f"{JIN} 123m456m789m123s456s9p5p --revealed after_flowers=5p",
                               f"{JIN} 123m456m789m123s456s9p5p")
    assert "error" not in with_jin, with_jin
    assert with_jin["win"] and with_jin["legal"] and "5筒" in with_jin["wild_tiles"]
    assert not without["win"]


def test_a_batch_line_reads_the_discards(tmp_path):
    base = f"{JIN} 123m456m789m123s456s9p9p --revealed after_flowers=5p --from 2"
    allowed, refused = _batch(tmp_path, base, base + " --discards 5p")
    assert allowed["legal"]
    assert not refused["legal"] and "tagged(金)" in refused["reason"]


def test_a_fan_example_may_name_the_revealed_tile(tmp_path):
    text = JIN.read_text(encoding="utf-8").replace(
        '{name: 三金倒, base_fan: 30, when: "count(held, tagged(金)) >= 3", excludes: [鸡胡]}',
        '{name: 三金倒, base_fan: 30, when: "count(held, tagged(金)) >= 3", excludes: [鸡胡], '
        'example: "123m456m789m123s5p5p5p11s --win 1s --revealed after_flowers=5p"}')
    assert "example:" in text
    path = tmp_path / "jin_example.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    findings = json.loads(result.output)[0]["findings"]
    assert not [f for f in findings if f["code"] == "C207"], findings
