"""``dslgen resolve``: from a failing draft of a real page to an approved one (issue 29 item 4).

The drafts are the offline drafter's on a real game-client help page of the reader's development set and on a
short description with an open question; which sentences are left is read from ``resolve --list --json``, never
assumed, so the tests hold whatever the reader learns — as long as the page still leaves something to resolve.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]
REAL_PAGE = ROOT / "tests" / "generate" / "unseen" / "set1" / "hebei_qq_help" / "page.md"
#: Three or four players: an open question (D007) the designer answers; its wins pay nothing until 底分 is set.
OPEN = "四川麻将：108张牌，只有万条筒，可以碰杠不能吃。三个人或者四个人都能打。番型：平胡1番，清一色4番。"


def run(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The drafts, made once; each test works on its own copy."""
    from dslgen.generate.pipeline import NewOptions, run_new

    base = tmp_path_factory.mktemp("resolve")
    run_new(NewOptions(description=REAL_PAGE.read_text(encoding="utf-8"), provider="offline", games=12, jobs=1,
                       out=str(base / "page")))
    run_new(NewOptions(description=OPEN, provider="offline", games=20, jobs=1, out=str(base / "open")))
    return base


@pytest.fixture
def page(made, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(made / "page", tmp_path / "page")
    return tmp_path / "page"


@pytest.fixture
def open_draft(made, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(made / "open", tmp_path / "open")
    return tmp_path / "open"


def listing(draft: Path) -> dict:
    done = run("resolve", draft, "--list", "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def result(draft: Path) -> dict:
    return json.loads((draft / "result.json").read_text(encoding="utf-8"))


def resolve_everything(draft: Path, by: str = "张三") -> list[int]:
    """Mark every pending sentence: a gap when it speaks of leaving or dissolving the table, else not a rule."""
    codes = []
    for item in listing(draft)["pending"]:
        if any(w in item["text"] for w in ("离开", "解散", "新一局", "新的一局")):
            done = run("resolve", draft, "--sentence", item["number"], "--as", "gap=DSL 没有离座后重开一局的规则",
                       "--by", by, "--why", "逐句确认")
        else:
            done = run("resolve", draft, "--sentence", item["number"], "--as", "not-rule", "--by", by)
        assert done.exit_code in (0, 1), done.output
        codes.append(done.exit_code)
    return codes


def test_the_real_page_fails_and_lists_numbered_sentences(page):
    assert result(page)["verdict"] == "fail"
    info = listing(page)
    assert info["verdict"] == "fail" and len(info["pending"]) >= 3
    numbers = [s["number"] for s in info["sentences"]]
    assert numbers == list(range(1, len(numbers) + 1))
    for item in info["pending"]:  # a pending sentence is one the judge named as not carried
        assert any(item["text"] in f["message"] for f in result(page)["findings"] if f["code"] == "D002")
    text = run("resolve", page, "--list")
    assert text.exit_code == 0 and f"[{info['pending'][0]['number']}] {info['pending'][0]['text']}" in text.output


def test_resolving_everything_passes_records_who_and_approves(page, tmp_path):
    info = listing(page)
    dealer = next((s for s in info["pending"] if "庄家胡牌" in s["text"]), None)
    if dealer is not None:  # a value the text states, then the sentence carried by it
        done = run("resolve", page, "--set", "game.seating.next_dealer=stay_on_win", "--sentence", dealer["number"],
                   "--as", "field=game.seating.next_dealer", "--by", "李四", "--why", "庄家胡牌连庄")
        assert done.exit_code in (0, 1), done.output
        assert "修改取值 game.seating.next_dealer：无 → stay_on_win" in done.output
    codes = resolve_everything(page)
    assert codes[-1] == 0 and set(codes[:-1]) <= {1}  # fails until the last one, then passes
    after = result(page)
    assert after["verdict"] == "pass" and after["coverage"]["unhandled"] == 0
    assert after["coverage"]["resolved"] == len(info["pending"])
    record = json.loads((page / "resolutions.json").read_text(encoding="utf-8"))
    assert record["format"] == "dslgen-resolutions/1"
    assert all(e["by"] in ("张三", "李四") and e["at"] for e in record["resolutions"])
    assert {e["kind"] for e in record["resolutions"]} >= {"not_rule"}
    assert listing(page)["pending"] == []
    review = run("review", page, "--json", "--markdown", tmp_path / "r.md")
    assert review.exit_code == 0, review.output
    report = json.loads(review.output)
    assert report["verdict"] == "pass" and len(report["resolutions"]) == len(record["resolutions"])
    assert "审核中的处理" in (tmp_path / "r.md").read_text(encoding="utf-8")
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    approved = run("approve", page, "--reviewer", "王五", "--catalog", catalog, "--id", "hebei_page", "--json")
    assert approved.exit_code == 0, approved.output
    stored = json.loads((catalog / "approvals" / "hebei_page.json").read_text(encoding="utf-8"))
    assert not stored["forced"] and stored["verdict"]["status"] == "pass"
    assert [r["n"] for r in stored["resolutions"]] == [r["n"] for r in report["resolutions"]]
    assert all(r["by"] and r["at"] and r["text"] for r in stored["resolutions"])
    assert run("catalog", "verify", "--catalog", catalog).exit_code == 0


def test_withdrawing_a_resolution_fails_the_draft_again(page):
    resolve_everything(page)
    assert result(page)["verdict"] == "pass"
    first = json.loads((page / "resolutions.json").read_text(encoding="utf-8"))["resolutions"][0]
    done = run("resolve", page, "--withdraw", first["n"], "--by", "张三", "--why", "再看一下")
    assert done.exit_code == 1, done.output
    assert first["sentence"] in [s["text"] for s in listing(page)["pending"]]
    entries = json.loads((page / "resolutions.json").read_text(encoding="utf-8"))["resolutions"]
    assert entries[-1]["kind"] == "withdraw" and entries[-1]["of"] == first["n"]  # the file keeps them all


def test_a_hand_edited_record_is_judged_again_and_blocks_approval(page, tmp_path):
    resolve_everything(page)
    path = page / "resolutions.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["resolutions"] = record["resolutions"][1:]
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    review = run("review", page, "--json")
    report = json.loads(review.output)
    assert report["verdict"] == "fail" and any("处理记录" in n for n in report["notes"])
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    refused = run("approve", page, "--reviewer", "王五", "--catalog", catalog, "--id", "hebei_page")
    assert refused.exit_code == 1 and "未通过关卡" in refused.output


def test_answering_an_open_question_and_setting_values(open_draft):
    info = listing(open_draft)
    assert info["pending_questions"] and info["other_gates"]
    q = info["pending_questions"][0]
    assert q["code"] == "D007" and q["path"] == "game.players"
    done = run("resolve", open_draft, "--question", q["number"], "--answer", "四个人打", "--set", "game.players.max=4",
               "--by", "设计者", "--why", "我们这边四人桌")
    assert done.exit_code == 1, done.output  # the question is answered; the wins still pay nothing
    assert "回答问题" in done.output and not listing(open_draft)["pending_questions"]
    assert result(open_draft)["gates"]["consistency"] is True
    paid = run("resolve", open_draft, "--set", "scoring.base_points=1", "--by", "设计者", "--why", "每次胡牌底分 1")
    assert paid.exit_code == 0, paid.output
    after = result(open_draft)
    assert after["verdict"] == "pass"
    rows = {r["field"]: r for r in after["value_sources"]["rows"]}
    assert any(r["source"] == "set" and "设计者" in r["from"] for r in rows.values())
    kinds = [e["kind"] for e in json.loads((open_draft / "resolutions.json").read_text(encoding="utf-8"))["resolutions"]]
    assert kinds == ["set", "answer", "set"]


@pytest.mark.parametrize("args, where, says", [
    (["--sentence", "999", "--as", "not-rule", "--by", "张三"], "--sentence", "没有第 999 句"),
    (["--sentence", "一", "--as", "not-rule", "--by", "张三"], "--sentence", "编号写法不对"),
    (["--sentence", "1", "--as", "field=game.no_such_field", "--by", "张三"], "--as field=", "规则文件中没有字段 game.no_such_field"),
    (["--sentence", "1", "--as", "field=fan_types[不存在的番].base_fan", "--by", "张三"], "--as field=", "规则文件中没有字段"),
    (["--sentence", "1", "--as", "maybe", "--by", "张三"], "--as", "--as 的写法不对"),
    (["--sentence", "1", "--as", "gap=", "--by", "张三"], "--as", "--as 的写法不对"),
    (["--sentence", "1", "--by", "张三"], "--as", "--sentence 与 --as 要一起给出"),
    (["--sentence", "1", "--as", "not-rule"], "--by", "必须写明是谁处理的"),
    (["--question", "5", "--answer", "四人", "--by", "张三"], "--question", "没有问题 5"),
    (["--question", "1", "--by", "张三"], "--answer", "--question 与 --answer 要一起给出"),
    (["--withdraw", "42", "--by", "张三"], "--withdraw", "没有第 42 条处理记录"),
    (["--set", "fan_types[不存在的番].base_fan=3", "--by", "张三"], "--set", "列表中没有"),
    (["--list", "--sentence", "1"], "--list", "--list 只列出"),
])
def test_errors_are_clear_exit_2_and_write_nothing(page, args, where, says):
    before = (page / "result.json").read_bytes()
    done = run("resolve", page, *args)
    assert done.exit_code == 2, done.output
    assert says in done.output and where in done.output
    assert "Traceback" not in done.output
    assert (page / "result.json").read_bytes() == before and not (page / "resolutions.json").exists()


def test_not_a_draft_is_a_usage_error(tmp_path):
    done = run("resolve", tmp_path, "--list")
    assert done.exit_code == 2 and "result.json" in done.output
