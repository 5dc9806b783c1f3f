"""One judge: new, review, approve and batch reach the same verdict, and the verdict round-trips exactly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.checks.finding import Finding
from dslgen.cli import cli
from dslgen.judge import Decision, GateResult, Simulation, Verdict, VerdictError, gates, judge_bytes, names
from dslgen.judge import registry as gate_registry

from pathlib import Path

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"

GAMES = "12"


@pytest.fixture
def zero_win_text(sichuan_text):
    """四川血战 with ``win_min_fan: 15`` (its description says so too): nobody wins (0 of 30 games; 12 here)."""
    assert "\nwin_min_fan: 0\n" in sichuan_text and "5 番封顶。" in sichuan_text
    return (sichuan_text.replace("\nwin_min_fan: 0\n", "\nwin_min_fan: 15\n")
            .replace("5 番封顶。", "5 番封顶，15 番起胡。"))


def _run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_zero_win_file_is_refused_by_new_review_approve_and_batch(catalog, workdir, zero_win_text, monkeypatch):
    path = workdir / "zero.yaml"
    path.write_text(zero_win_text, encoding="utf-8")

    review = _run("review", path, "--catalog", catalog, "--games", GAMES, "--jobs", "1", "--json")
    assert review.exit_code == 1, review.output
    report = json.loads(review.stdout)
    assert report["verdict"] == "fail" and report["failed_gates"] == ["simulation", "economics"]
    assert report["gates"]["economics"]["status"] == "skipped"
    assert report["gates"]["simulation"]["figures"]["games_with_win"] == 0

    before = (catalog / "sichuan_xuezhan.yaml").read_bytes()
    approve = _run("approve", path, "--reviewer", "张三", "--catalog", catalog, "--id", "sichuan_xuezhan",
                   "--games", GAMES, "--jobs", "1")
    assert approve.exit_code == 1 and "模拟对局" in approve.output, approve.output
    assert (catalog / "sichuan_xuezhan.yaml").read_bytes() == before

    monkeypatch.setenv("DSLGEN_CATALOG", str(catalog))
    description = zero_win_text.split("description: >-\n", 1)[1].split("\n  provenance:", 1)[0]
    new = _run("new", " ".join(description.split()), "--provider", "offline", "--name", "sichuan_xuezhan",
               "--games", GAMES, "--jobs", "1", "--out", workdir / "draft", "--json")
    assert new.exit_code == 1, new.output
    result = json.loads(new.stdout)
    assert result["verdict"] == "fail" and "simulation" in result["judgement"]["failed_gates"]
    assert result["judgement"]["gates"]["simulation"]["figures"]["games_with_win"] == 0
    # the draft it wrote is refused by approve and review on the stored verdict
    refused = _run("approve", workdir / "draft", "--reviewer", "张三", "--catalog", catalog, "--jobs", "1")
    assert refused.exit_code == 1 and "模拟对局" in refused.output, refused.output
    assert _run("review", workdir / "draft", "--catalog", catalog, "--jobs", "1", "--json").exit_code == 1

    (catalog / "sichuan_xuezhan.yaml").write_text(zero_win_text, encoding="utf-8")
    batch = _run("batch", "--catalog", catalog, "--only", "sichuan_xuezhan", "--provider", "offline",
                 "--games", GAMES, "--out", workdir / "batch", "--json")
    assert batch.exit_code == 1, batch.output
    row = json.loads(batch.stdout)["variants"][0]
    assert row["verdict"] == "fail" and any("S002" in e for e in row["errors"])


def test_verdict_and_simulation_round_trip_exactly(workdir):
    text = (CATALOG / "hongzhong_laizi.yaml").read_bytes()
    for content in (text, text.replace(b"name:", b"nam:", 1), b"a: [", b"\xff\xfe"):
        judgement = judge_bytes(content, "x.yaml", games=3, seed=1, jobs=1, cache=False)
        data = json.loads(json.dumps(judgement.verdict.to_json(), ensure_ascii=False))
        assert Verdict.from_json(data) == judgement.verdict
        assert Verdict.from_json(data).to_json() == data
        sim = json.loads(json.dumps(judgement.simulation.to_json(), ensure_ascii=False))
        assert Simulation.from_json(sim) == judgement.simulation and Simulation.from_json(sim).to_json() == sim
    assert tuple(judgement.verdict.statuses()) == names()


def test_positions_are_numbers_from_the_reader(workdir):
    verdict = judge_bytes(b"game:\n  name: x\n  bad: [\n", "x.yaml", games=1, seed=0, cache=False).verdict
    finding = verdict.gate("schema").findings[0]
    assert finding.code == "C001" and (finding.line, finding.column) == (4, 1)


def test_tampered_verdicts_are_refused():
    verdict = judge_bytes(b"a: [", "x.yaml", games=1, seed=0, cache=False).verdict
    good = verdict.to_json()
    for bad in ({**good, "status": "pass"}, {**good, "failed_gates": []}, {**good, "format": "x"},
                {**good, "sha256": "0"}, {**good, "gates": {"schema": {"status": "maybe", "label": "x"}}}, [], None):
        with pytest.raises(VerdictError):
            Verdict.from_json(bad)


def test_the_consistency_gate_is_registered_and_judges_plain_files():
    assert names() == ("schema", "capabilities", "compliance", "consistency", "simulation", "economics")
    assert [g.label for g in gates()][3] == "描述一致性"
    text = (CATALOG / "sichuan_xuezhan.yaml").read_text(encoding="utf-8")
    text = text.replace("5 番封顶。", "5 番封顶，15 番起胡。")
    verdict = judge_bytes(text.encode(), "x.yaml", games=2, seed=0, cache=False).verdict
    assert verdict.failed_gates == ["consistency"] and verdict.gate("consistency").errors[0].code == "D001"
    assert verdict.gate("simulation").passed  # consistency is not a prerequisite of the games
    assert Verdict.from_json(verdict.to_json()) == verdict


def test_a_registered_gate_joins_every_verdict(monkeypatch):
    """A gate is one registration: every command's verdict then has it, in its order."""
    monkeypatch.setattr(gate_registry, "_GATES", dict(gate_registry._GATES))

    @gate_registry.register_gate("house", "门规", order=45, owns=("H",))
    def house(evidence, own):
        """门规（测试用）：最多 16 番。"""
        wrong = evidence.data.get("max_fan") != 16
        extra = (Finding("H001", "error", ("max_fan",), "最多 16 番"),) if wrong else ()
        return Decision(findings=own + extra, figures={"checked": 1})

    assert names() == ("schema", "capabilities", "compliance", "consistency", "house", "simulation", "economics")
    text = (CATALOG / "sichuan_xuezhan.yaml").read_text(encoding="utf-8").replace("\nmax_fan: 16\n", "\nmax_fan: 8\n")
    verdict = judge_bytes(text.encode(), "x.yaml", games=2, seed=0, cache=False).verdict
    assert "house" in verdict.failed_gates and verdict.gate("house").errors[0].code == "H001"
    assert verdict.gate("house").figures == {"checked": 1}
    assert Verdict.from_json(verdict.to_json()) == verdict


def test_gate_results_are_immutable():
    gate = GateResult("schema", "规范校验", "pass", figures={"n": 1})
    with pytest.raises(TypeError):
        gate.figures["n"] = 2  # type: ignore[index]
