"""Fixtures for the review tests: a copy of the catalog and draft folders in ``dslgen new``'s layout."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dslgen.judge import GateResult, Verdict, label, names, sha256_bytes
from dslgen.review.report import simulate_rules
from dslgen.rulefile.yamlio import load_yaml_text

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"
GAMES = 30


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """Run in a fresh directory so the simulation cache and drafts stay out of the repository."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def catalog(workdir):
    """A private copy of the catalog's rule files."""
    folder = workdir / "catalog"
    folder.mkdir()
    for path in CATALOG.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    return folder


def stored_verdict(text: str, gates: dict[str, str]) -> Verdict:
    """A verdict with the given gate statuses, bound to ``text``'s bytes (as ``dslgen new`` would store it)."""
    return Verdict(sha256_bytes(text.encode("utf-8")),
                   tuple(GateResult(g, label(g), gates.get(g, "pass")) for g in names()))


def make_draft(root: Path, variant: str, text: str, *, gates: dict | None = None, simulate: bool = True,
               gaps: list | None = None, mapping: list | None = None) -> Path:
    """Write a draft folder the way ``dslgen new`` does (``<id>.yaml``, description, transcript, result.json).

    ``gates`` forges the stored verdict's statuses (bound to ``text``, so review and approve trust it).
    """
    folder = root / ".dslgen" / "drafts" / f"{variant}-20260101T000000"
    folder.mkdir(parents=True)
    yaml_path = folder / f"{variant}.yaml"
    yaml_path.write_text(text, encoding="utf-8")
    data = load_yaml_text(text).data
    description = str((data.get("meta") or {}).get("description") or "")
    (folder / "description.md").write_text(description, encoding="utf-8")
    (folder / "transcript.jsonl").write_text("", encoding="utf-8")
    sim = simulate_rules(data, games=GAMES, seed=7) if simulate else {"ran": False, "reason": "测试未模拟"}
    gates = gates or {"schema": "pass", "capabilities": "pass", "compliance": "pass",
                      "simulation": "pass" if sim.get("ran") and not sim["errors"] else "fail"}
    verdict = stored_verdict(text, gates)
    result = {
        "draft": str(folder), "yaml": str(yaml_path), "id": variant,
        "verdict": verdict.status, "gates": {g.name: g.passed for g in verdict.gates},
        "judgement": verdict.to_json(), "gaps": gaps or [], "unmapped_sentences": [], "mapping": mapping or [],
        "findings": [], "simulation": sim, "rounds": 1, "usage": {},
        "provenance": {"provider": "offline", "model": "offline", "prompt_version": "1", "spec_version": "1.0.0",
                       "engine_version": "0.1.0", "created": "2026-01-01T00:00:00+00:00", "seed": 7, "games": GAMES},
    }
    (folder / "result.json").write_text(json.dumps(result, ensure_ascii=False), encoding="utf-8")
    return folder


def chi_and_double_qingyise(text: str) -> str:
    """四川血战 with chi allowed and 清一色 doubled (2 → 4 番)."""
    assert "  - {name: 清一色, base_fan: 2}\n" in text
    text = text.replace("  - {name: 清一色, base_fan: 2}\n", "  - {name: 清一色, base_fan: 4}\n")
    pung = "          - {action: pung, priority: 2, condition: has_two_same}\n"
    assert pung in text
    return text.replace(pung, "          - {action: chi, priority: 1, condition: can_chi}\n" + pung)


@pytest.fixture
def draft_factory(workdir):
    """``make(variant, text, **kw)`` writing a draft folder under the working directory."""
    return lambda variant, text, **kw: make_draft(workdir, variant, text, **kw)


@pytest.fixture
def sichuan_text():
    """The catalog's 四川血战 rule file as text."""
    return (CATALOG / "sichuan_xuezhan.yaml").read_text(encoding="utf-8")


@pytest.fixture
def chi_variant(sichuan_text):
    """四川血战 with chi allowed and 清一色 doubled."""
    return chi_and_double_qingyise(sichuan_text)
