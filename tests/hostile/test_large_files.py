"""Issue 19.24, second half: a 1 MiB rule file with ~28,000 fans gets a clear outcome in seconds.

Before: ``validate`` took 124 s and ``check`` 233 s on it (two full round-trip parses of 142,000 nodes, a
"did you mean" search and a printed line per unknown fan). Now the first, cheap pass over the parser's
events stops at :data:`dslgen.rulefile.yamlio.MAX_NODES` with the line where the limit was crossed; a file under the
limit with thousands of unknown fans is checked with at most 50 suggestions and a text report that lists
20 findings of a code and counts the rest.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.rulefile import yamlio
from dslgen.checks import reporters
from dslgen.checks.fans import MAX_SUGGESTIONS
from dslgen.cli import cli

SICHUAN = Path(__file__).resolve().parents[2] / "dsl-examples" / "sichuan_xuezhan.yaml"


def _with_fans(tmp_path: Path, n: int, name: str = "fans.yaml") -> Path:
    head, tail = SICHUAN.read_text(encoding="utf-8").split("fan_types:\n", 1)
    rows = "".join(f"  - {{name: 番{i}, base_fan: 1}}\n" for i in range(n))
    path = tmp_path / name
    path.write_text(head + "fan_types:\n" + rows + tail, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def huge(tmp_path_factory) -> Path:
    path = _with_fans(tmp_path_factory.mktemp("huge"), 28_400)
    assert 900_000 < path.stat().st_size <= yamlio.MAX_BYTES
    return path


@pytest.mark.parametrize("command", [["validate"], ["check"], ["check", "--json"], ["validate", "--json"]])
def test_a_28000_fan_file_is_refused_quickly_at_the_node_limit(huge, command):
    start = time.monotonic()
    result = CliRunner().invoke(cli, [*command, str(huge)])
    elapsed = time.monotonic() - start
    assert result.exit_code == 1, result.output
    assert "超过 20000 个节点" in result.output and "Traceback" not in result.output
    assert elapsed < 30, elapsed  # about 2 s on a loaded 2-core machine (was 124 s / 233 s)
    if "--json" not in command:  # the line where the limit was crossed: inside the fan rows, as the parser saw it
        with pytest.raises(yamlio.YamlError) as err:
            yamlio.load_yaml_text(huge.read_text(encoding="utf-8"), str(huge))
        head = SICHUAN.read_text(encoding="utf-8").split("fan_types:\n", 1)[0].count("\n") + 1
        assert head < err.value.line <= head + 28_400
        assert f"{huge}:{err.value.line}:" in result.output


def test_the_node_limit_counts_every_node_and_keeps_the_alias_message(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_NODES", 50)
    with pytest.raises(yamlio.YamlError) as err:
        yamlio.load_yaml_text("a: 1\nb:\n  - [" + ", ".join(["1"] * 50) + "]\n", "x.yaml")
    assert "超过 50 个节点" in err.value.message and (err.value.line, err.value.column) == (3, 138)  # the 45th item is node 51
    ok = yamlio.load_yaml_text("a: [" + ", ".join(["1"] * 45) + "]\n", "x.yaml")
    assert len(ok.data["a"]) == 45
    with pytest.raises(yamlio.YamlError) as err:
        yamlio.load_yaml_text("a: &a [" + ", ".join(["1"] * 10) + "]\nb: [" + ", ".join(["*a"] * 5) + "]\n")
    assert "别名" in err.value.message


def test_thousands_of_unknown_fans_under_the_limit_read_clearly(tmp_path):
    path = _with_fans(tmp_path, 1_000)
    text = CliRunner().invoke(cli, ["check", str(path)])
    assert text.exit_code == 1
    assert text.stdout.count("C201 错误") == reporters.MAX_PER_CODE
    assert "C201 另有 980 条未列出（共 1000 条；--json 列出全部）" in text.stdout
    (report,) = json.loads(CliRunner().invoke(cli, ["check", "--json", str(path)]).stdout)
    c201 = [f for f in report["findings"] if f["code"] == "C201"]
    assert len(c201) == 1_000 and all(f["line"] > 0 for f in c201)
    assert sum("是否想写" in f["hint"] for f in c201) <= MAX_SUGGESTIONS
