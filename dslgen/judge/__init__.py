"""The judge: one place where a rule file's verdict is reached.

``new``, ``review``, ``approve`` and ``batch`` all ask :func:`judge_bytes` (or read a
verdict it wrote, bound to the sha256 of the bytes it judged). The gates are a
registry (:mod:`dslgen.judge.registry`); their names and labels are defined there once.
"""

from dslgen.judge.evidence import Evidence, gather, sha256_bytes
from dslgen.judge.registry import Decision, Gate, gates, label, names, register_gate
from dslgen.judge.judge import Judgement, judge, judge_bytes, run_simulation
from dslgen.judge.simulation import GameFailure, Simulation
from dslgen.judge.verdict import FAIL, PASS, SKIPPED, GateResult, Verdict, VerdictError

__all__ = ["FAIL", "PASS", "SKIPPED", "Decision", "Evidence", "GameFailure", "Gate", "GateResult", "Judgement",
           "Simulation", "Verdict", "VerdictError", "gather", "gates", "judge", "judge_bytes", "label", "names",
           "register_gate", "run_simulation", "sha256_bytes"]
