"""Structure of the unseen real-page cases (tests/generate/unseen/): gold files load and cite their own page.

Only the case files are checked here; how well the drafter does on them is a benchmark
(benchmarks/score_unseen.py), not a test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parent / "unseen"
CASES = sorted(p for s in ("set1", "set2", "set3", "set4") for p in (ROOT / s).glob("*/") if p.is_dir())
FIELDS = {"id", "source", "region", "region_in_catalog", "layout", "script", "fan_unit", "facts", "fans",
          "not_stated", "rule_sentences", "non_rule_sentences", "notes"}
UNITS = {None, "番", "台", "分", "倍"}
SET4_SIZE = 10


def test_sets_have_the_promised_size():
    """Set 1 holds 20 pages, set 2 holds 10, set 3 holds 12; each has enough regions outside the catalog."""
    set1 = [p for p in CASES if p.parent.name == "set1"]
    set2 = [p for p in CASES if p.parent.name == "set2"]
    set3 = [p for p in CASES if p.parent.name == "set3"]
    assert (len(set1), len(set2), len(set3)) == (20, 10, 12)
    for cases, least in ((set1, 10), (set2, 5), (set3, 7)):
        golds = [yaml.safe_load((p / "gold.yaml").read_text(encoding="utf-8")) for p in cases]
        fresh = {g["region"] for g in golds if not g["region_in_catalog"]}
        assert len(fresh) >= least, fresh
        assert any(g["script"] == "traditional" for g in golds)
    golds3 = [yaml.safe_load((p / "gold.yaml").read_text(encoding="utf-8")) for p in set3]
    assert sum(g["script"] == "traditional" for g in golds3) >= 2
    units = {g["fan_unit"] for g in golds3} | {f.get("unit") for g in golds3 for f in g["fans"]}
    assert {"番", "台", "分", "倍"} <= units, units


def test_set4_has_its_size():
    """Set 4 (sealed, made without reading the reader or sets 1-3) holds 10 pages, 6+ regions outside the catalog."""
    set4 = [p for p in CASES if p.parent.name == "set4"]
    assert len(set4) == SET4_SIZE
    golds = [yaml.safe_load((p / "gold.yaml").read_text(encoding="utf-8")) for p in set4]
    fresh = {g["region"] for g in golds if not g["region_in_catalog"]}
    assert len(fresh) >= 6, fresh
    units = {g["fan_unit"] for g in golds} | {f.get("unit") for g in golds for f in g["fans"]}
    assert "番" in units, units


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_is_well_formed(case: Path):
    """gold.yaml loads, names its page, and every cited sentence occurs verbatim in page.md."""
    page = (case / "page.md").read_text(encoding="utf-8")
    gold = yaml.safe_load((case / "gold.yaml").read_text(encoding="utf-8"))
    assert set(gold) <= FIELDS, set(gold) - FIELDS
    assert gold["id"] == case.name
    assert gold["source"] and gold["region"] and gold["layout"]
    assert gold["script"] in ("simplified", "traditional")
    assert gold["fan_unit"] in UNITS
    assert gold["facts"] or gold["fans"], "a case states something"
    lines = [line.strip() for line in page.splitlines() if line.strip()]
    for fact in gold["facts"]:
        assert set(fact) == {"field", "value", "sentence"}, fact
        assert fact["sentence"] in page, fact
    for fan in gold["fans"]:
        assert {"name", "value", "sentence"} <= set(fan) <= {"name", "value", "sentence", "unit"}, fan
        assert isinstance(fan["value"], (int, float)) and fan.get("unit", gold["fan_unit"]) in UNITS - {None}
        assert fan["sentence"] in page, fan
    for trap in gold["not_stated"]:
        assert {"field", "sentence", "why"} <= set(trap) <= {"field", "sentence", "why", "value"}, trap
        assert trap["sentence"] in page, trap
    listed = gold["rule_sentences"] + gold["non_rule_sentences"]
    assert sorted(listed) == sorted(lines), "every page line is listed once, as a rule or as not a rule"
    stated = {(f["field"], repr(f["value"])) for f in gold["facts"]}
    for trap in gold["not_stated"]:
        if "value" in trap:
            assert (trap["field"], repr(trap["value"])) not in stated, f"a trap contradicts a stated fact: {trap}"
