"""C901: ``win_condition.must_open`` with no claim that opens a hand (no chi, pung or ming_kong)."""

from __future__ import annotations

import copy

import pytest

from dslgen.checks.runner import check_data
from dslgen.rulefile.yamlio import load_yaml_file

from .conftest import BASE, CATALOG


@pytest.fixture(scope="module")
def base_data():
    data = load_yaml_file(BASE).data
    data["requires"].append("scoring.must_open")
    data["win_condition"] = {"must_open": True}
    return data


def _with_reactions(base_data, actions: list[str], must_open: bool = True) -> dict:
    data = copy.deepcopy(base_data)
    data["win_condition"]["must_open"] = must_open
    data["phases"][1]["sub_phases"]["others_reaction"]["options"] = [{"action": a, "priority": i} for i, a in enumerate(actions)]
    return data


def _c901(data) -> list:
    return [f for f in check_data(data).findings if f.code == "C901"]


def test_fires_when_no_claim_opens_a_hand(base_data):
    (finding,) = _c901(_with_reactions(base_data, ["win", "pass"]))
    assert finding.severity == "warning" and finding.path_text == "win_condition.must_open"
    assert "must_open" in finding.message and "chi、pung、ming_kong" in finding.message and finding.hint


@pytest.mark.parametrize("claim", ["chi", "pung", "ming_kong"])
def test_any_opening_claim_is_enough(base_data, claim):
    assert _c901(_with_reactions(base_data, [claim, "win", "pass"])) == []


def test_silent_without_must_open(base_data):
    assert _c901(_with_reactions(base_data, ["win", "pass"], must_open=False)) == []


def test_wuhan_catalog_file_is_clean():
    report = check_data(load_yaml_file(CATALOG / "wuhan.yaml").data)
    assert report.findings == [] and report.supported == report.total
