"""Typed results end to end (issue 12 item 3): one finding shape for schema errors, checks, consistency findings
and simulation failures, whose JSON form round-trips exactly and whose position is never parsed back from text."""

from __future__ import annotations

import json
import re
from pathlib import Path

from dslgen.checks.finding import Finding
from dslgen.judge import GateResult, Simulation, Verdict, judge_bytes
from dslgen.judge.builtin import SIM_GAME_FAILED, simulation
from dslgen.judge.evidence import Evidence

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"
SHAPE = {"code", "severity", "path", "steps", "line", "column", "message", "hint"}


def _through_json(finding: Finding) -> Finding:
    data = json.loads(json.dumps(finding.to_json(), ensure_ascii=False))
    back = Finding.from_json(data)
    assert back == finding and back.extra == finding.to_json().get("extra", {})
    assert back.to_json() == finding.to_json() == data
    return back


def test_a_finding_keeps_its_path_steps_and_extra_through_json():
    # a seat key written as text ("1") and a list index (3) stay what they were: no text is parsed back
    finding = Finding("C999", "warning", ("flower_rules", "scoring", "matching", "mapping", "1", 3), "本命花",
                      "改一下", 12, 5, {"tiles": ("春", "梅"), "seat": 1})
    back = _through_json(finding)
    assert back.path == ("flower_rules", "scoring", "matching", "mapping", "1", 3)
    assert back.extra == {"tiles": ["春", "梅"], "seat": 1}
    # a finding stored before ``steps`` existed is still read (its path text is the only position it has)
    old = {k: v for k, v in finding.to_json().items() if k not in ("steps", "extra")}
    assert Finding.from_json(old).path == ("flower_rules", "scoring", "matching", "mapping", 1, 3)


def test_schema_errors_checks_and_consistency_findings_share_one_shape():
    text = (CATALOG / "sichuan_xuezhan.yaml").read_text(encoding="utf-8")
    assert "\n  description: >-\n" in text and re.search(r"^fan_stacking: ", text, re.M)
    # D001: the description says 15 番起胡 where the rules start at 0; C002: a value the schema refuses
    text = text.replace("\n  description: >-\n", "\n  description: >-\n    15 番起胡。\n", 1)
    text = re.sub(r"^fan_stacking: .*$", "fan_stacking: addd", text, count=1, flags=re.M)
    text = re.sub(r"^win_min_fan: .*$", "win_min_fan: 0", text, count=1, flags=re.M)
    judgement = judge_bytes(text.encode(), "x.yaml", games=0, seed=0, cache=False)
    verdict = judgement.verdict
    codes = {f.code for f in verdict.findings}
    assert {"C002", "D001"} <= codes, codes
    for finding in verdict.findings:
        assert SHAPE <= set(finding.to_json()), finding
        _through_json(finding)
    schema_error = next(f for f in verdict.findings if f.code == "C002" and f.path == ("fan_stacking",))
    assert schema_error.line > 0 and schema_error.column > 0
    contradiction = next(f for f in verdict.findings if f.code == "D001")
    assert contradiction.extra.get("sentence")  # what the description said travels as data
    assert Verdict.from_json(json.loads(json.dumps(verdict.to_json()))).to_json() == verdict.to_json()


def test_a_failed_game_is_a_finding_that_carries_what_replays_it():
    sim = Simulation.from_json({"games": 3, "seed": 7, "errors": [
        {"game": 2, "seed": 7, "game_seed": 12345, "action_index": 40, "message": "only_legal_actions: 座位 1",
         "replay": "dslgen replay x.yaml --seed 7 --game 2"}], "games_with_win": 1, "wins": 1})
    decision = simulation(Evidence(b"", "x.yaml", games=3, simulation=sim), ())
    failed = next(f for f in decision.findings if f.code == SIM_GAME_FAILED)
    assert failed.extra == {"game": 2, "seed": 7, "game_seed": 12345, "action_index": 40,
                            "replay": "dslgen replay x.yaml --seed 7 --game 2"}
    assert SHAPE <= set(failed.to_json())
    _through_json(failed)
    gate = GateResult("simulation", "模拟对局", "fail", "", decision.findings, decision.figures)
    stored = json.loads(json.dumps(gate.to_json(), ensure_ascii=False))
    assert GateResult.from_json("simulation", stored).findings[0].extra["game_seed"] == 12345
