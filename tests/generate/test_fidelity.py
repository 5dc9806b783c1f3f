"""Offline drafter fidelity: facts correctly set, unsupported rules surfaced, drafts that pass every gate."""

from __future__ import annotations

import pytest

from dslgen.generate.drafter import draft_offline, facts_of
from dslgen.generate.examples import load_examples

from dslgen.generate.pipeline import NewOptions, run_new
from dslgen.review.semantic_diff import semantic_changes

from .fidelity_cases import CASES, HELDOUT, HELDOUT_FINAL

#: The drafter must set at least this fraction of all stated facts (and surface every listed gap).
MIN_ACCURACY = 0.95


def score(case: dict, pool) -> tuple[int, int, list[str]]:
    """(correct, total, misses) for one case."""
    draft = draft_offline(case["text"], pool)
    got = facts_of(draft.data)
    misses = []
    total = correct = 0
    for key, want in case["facts"].items():
        total += 1
        if got[key] == want:
            correct += 1
        else:
            misses.append(f"{key}: want {want!r}, got {got[key]!r}")
    for name, value in case["fans"].items():
        total += 1
        if got["fans"].get(name) == value:
            correct += 1
        else:
            misses.append(f"fan {name}: want {value}, got {got['fans'].get(name)}")
    gap_text = " ".join([f"{g['text']} {g['reason']}" for g in draft.facts.gaps] + draft.facts.unmapped)
    for word in case["gaps"]:
        total += 1
        if word in gap_text:
            correct += 1
        else:
            misses.append(f"gap {word!r} not surfaced")
    return correct, total, misses


def accuracy(pool=None, cases=CASES) -> tuple[float, dict[str, list[str]]]:
    """Overall fraction of facts set correctly, and the misses per case."""
    pool = pool or load_examples()
    correct = total = 0
    misses = {}
    for case in cases:
        c, t, m = score(case, pool)
        correct, total = correct + c, total + t
        if m:
            misses[case["id"]] = m
    return correct / total, misses


def test_suite_is_big_and_varied():
    assert len(CASES) >= 15
    catalog = {e.description for e in load_examples()}
    assert not any(case["text"] in catalog for case in CASES)


def test_offline_fidelity():
    value, misses = accuracy()
    assert value >= MIN_ACCURACY, (value, misses)


def test_offline_fidelity_heldout():
    value, misses = accuracy(cases=HELDOUT)
    assert value >= MIN_ACCURACY, (value, misses)


def test_offline_fidelity_final_heldout():
    """Scored once before any tuning (94.1% then, see fidelity_cases); it must not regress below the bar."""
    value, misses = accuracy(cases=HELDOUT_FINAL)
    assert value >= 0.85, (value, misses)


ALL = CASES + HELDOUT + HELDOUT_FINAL


@pytest.mark.parametrize("case", ALL, ids=[c["id"] for c in ALL])
def test_draft_passes_every_gate(case, tmp_path):
    """Every description gives a draft that validates, checks clean, plays (a few games here) and never
    contradicts its description; the verdict is pass exactly when every sentence is accounted for."""
    result = run_new(NewOptions(description=case["text"], provider="offline", games=3, jobs=1,
                                out=str(tmp_path / "draft")))
    assert all(result["gates"][g] for g in ("schema", "capabilities", "compliance", "simulation")), \
        [f for f in result["findings"] if f["severity"] == "error"]
    assert not [f for f in result["findings"] if f["code"] == "D001"]
    structural = [f for f in result["findings"] if f["code"] == "D005"]  # 2/3 players, partial decks
    assert result["gates"]["consistency"] == (result["coverage"]["unhandled"] == 0 and not structural)
    # the economics gate (issue 35) also decides: 「三人血流……清一色4番，七对4番」 has no base win, so almost every
    # win pays nothing (E001) — a draft nobody would play, whatever its fidelity to the words
    economics = result["judgement"]["gates"]["economics"]
    assert economics["status"] == "pass" or {f["code"] for f in economics["findings"] if f["severity"] == "error"} == {"E001"}
    assert (result["verdict"] == "pass") == (result["gates"]["consistency"] and result["gates"]["economics"])
    assert result["rounds"] == 1
    gap_text = " ".join([f"{g['text']} {g['reason']}" for g in result["gaps"]] + result["unmapped_sentences"])
    assert all(word in gap_text for word in case["gaps"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_case_mostly_right(case):
    correct, total, misses = score(case, load_examples())
    assert correct / total >= 0.8, misses


if __name__ == "__main__":  # python -m tests.generate.test_fidelity: print the report
    for label, cases in (("cases", CASES), ("held-out", HELDOUT), ("final held-out", HELDOUT_FINAL)):
        value, misses = accuracy(cases=cases)
        for case_id, items in misses.items():
            print(case_id, *items, sep="\n  ")
        print(f"{label}: accuracy {value:.3f}")


def test_catalog_descriptions_redraft_without_their_own_file():
    """What ``dslgen batch`` does offline: each catalog description, drafted with the others as the pool,
    must give back the same facts as the approved file."""
    from tests.review.test_batch import READER_DROPS, READER_PENDING

    # the issue-28 files the reader cannot read back yet (test_batch: they fail loudly) are neither redrafted
    # nor bases here: with them as bases 国标 inherits 香港's exclusions (issue 28 item 5, open)
    pool = [e for e in load_examples() if e.id not in READER_PENDING and e.id not in READER_DROPS]
    for example in pool:
        others = [e for e in pool if e.id != example.id]
        draft = draft_offline(example.description, others).data
        assert facts_of(example.data) == facts_of(draft), example.id
        # what a reviewer of a batch run would see: at most a name or one inherited exclusion differs
        assert len(semantic_changes(example.data, draft)) <= 2, (example.id, semantic_changes(example.data, draft))


def test_any_word_salad_gives_a_check_clean_draft():
    """Whatever mix of rule words a description has, the offline draft checks clean (errors are the
    drafter's bugs, never the designer's)."""
    import random

    from dslgen.checks.runner import check_data
    from dslgen.generate.description_facts import FAN_ALIASES

    words = list(FAN_ALIASES) + ["癞子", "红中", "白板", "翻", "精", "副精", "不能", "吃", "碰", "杠", "点炮", "自摸",
                                 "封顶", "番", "起胡", "2", "5", "8", "将", "血战", "缺一门", "花", "字牌", "，", "。",
                                 "、", "：", "108张", "136张", "144张", "庄家", "翻倍", "不计", "各", "6", "一级",
                                 "只取最大", "相加", "（", "）", "冲关", "两人", "过水", "查花猪", "一炮多响"]
    rng = random.Random(7)
    pool = load_examples()
    for _ in range(60):
        text = "".join(rng.choice(words) for _ in range(rng.randint(1, 60)))
        errors = [f for f in check_data(draft_offline(text, pool).data).findings if f.is_error]
        assert not errors, (text, [(f.code, f.message) for f in errors])
