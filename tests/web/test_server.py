"""The workbench over HTTP: pages, escaping, the token, path confinement, the table API, approve and reject."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import httpx
import pytest

#: Generous: a report builds a baseline simulation, and CI machines are shared and slow.
HTTP = httpx.Client(timeout=180)

from tests.web.conftest import ROOT


def test_index_lists_drafts_and_catalog(bench):
    page = HTTP.get(bench.url + "/").text
    assert "sichuan-draft" in page and "hostile-draft" in page
    for name in ("changsha", "guobiao", "sichuan_xuezhan"):
        assert f'href="/catalog/{name}"' in page


def test_draft_page_shows_verdict_gates_and_the_report(bench):
    page = HTTP.get(bench.url + "/drafts/sichuan-draft").text
    assert 'id="verdict"' in page and "关卡" in page and 'id="assumptions"' in page and 'id="contradictions"' in page
    assert 'src="/drafts/sichuan-draft/report"' in page
    assert 'id="current"' in page or "批准后新增" in page
    report = HTTP.get(bench.url + "/drafts/sichuan-draft/report")
    assert report.status_code == 200
    assert "审核报告" in report.text and report.text.count("<svg") >= 2
    assert not re.search(r'(src|href)="https?:', report.text), "the report must load nothing from elsewhere"


def test_model_and_description_text_is_escaped(bench):
    page = HTTP.get(bench.url + "/drafts/hostile-draft").text
    assert "<script>window.__xss" not in page and "<img src=x" not in page
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in page
    index = HTTP.get(bench.url + "/").text
    assert "<script>window" not in index
    report = HTTP.get(bench.url + "/drafts/hostile-draft/report").text
    assert "<script>window" not in report and "<img src=x" not in report


@pytest.mark.parametrize("path", ["/drafts/..%2F..%2Fetc", "/drafts/.dslgen", "/catalog/..%2Fcatalog%2Fchangsha",
                                  "/catalog/approvals", "/play/changsha?draft=..%2F..", "/drafts/nope/report",
                                  "/static/..%2Fapp.py", "/catalog/Changsha"])
def test_no_path_outside_the_folders(bench, path):
    r = HTTP.get(bench.url + path)
    assert r.status_code == 404
    assert "import " not in r.text and "approvals" not in r.text.split("没有这个")[0][-20:]


def _approve(bench, name, token, **form):
    data = {"reviewer": "李四", "note": "看过了", **form}
    if token is not None:
        data["token"] = token
    return HTTP.post(f"{bench.url}/drafts/{name}/approve", data=data, follow_redirects=False)


def test_state_changes_need_the_session_token(bench):
    before = sorted(p.name for p in bench.catalog.rglob("*"))
    for token in (None, "wrong-token"):
        assert _approve(bench, "sichuan-draft", token).status_code == 403
        assert HTTP.post(bench.url + "/api/tables", json={"variant": "changsha"},
                          headers={} if token is None else {"X-Dslgen-Token": token}).status_code == 403
    assert sorted(p.name for p in bench.catalog.rglob("*")) == before


def _start(bench, variant="changsha", seed=11, **extra):
    r = HTTP.post(bench.url + "/api/tables", json={"variant": variant, "seed": seed, **extra},
                   headers={"X-Dslgen-Token": bench.token})
    assert r.status_code == 200, r.text
    return r.json()


def _play_to_end(bench, view, choose=lambda legal: legal[0]):
    for _ in range(2000):
        if view["over"]:
            return view
        assert view["legal"], "the person must have a decision while the game is not over"
        r = HTTP.post(f"{bench.url}/api/tables/{view['id']}/act", json={"index": choose(view["legal"])["index"]},
                       headers={"X-Dslgen-Token": bench.token})
        assert r.status_code == 200, r.text
        view = r.json()
    raise AssertionError("the game did not end")


def test_table_plays_a_whole_game_through_legal_actions_only(bench):
    view = _start(bench)
    assert view["seed"] == 11 and len(view["players"]) == 4
    assert all(set(p) >= {"hand_size", "melds", "discards"} and "hand" not in p for p in view["players"])
    end = _play_to_end(bench, view, choose=lambda legal: next((a for a in legal if a["kind"] == "win"), legal[-1]))
    assert end["end"] is not None and sum(end["end"]["payments"]) == 0
    for w in end["wins"]:
        assert w["fans"] and sum(w["payments"]) == 0


def test_play_page_carries_variant_seed_and_token(bench):
    page = HTTP.get(bench.url + "/play/changsha?seed=42").text
    assert 'data-variant="changsha"' in page and 'data-seed="42"' in page
    assert f'content="{bench.token}"' in page and "/static/play.js" in page
    assert HTTP.get(bench.url + "/static/play.js").status_code == 200


def test_same_seed_same_table_and_illegal_index_is_refused(bench):
    a, b = _start(bench, seed=5), _start(bench, seed=5)
    assert a["hand"] == b["hand"] and a["legal"] == b["legal"]
    r = HTTP.post(f"{bench.url}/api/tables/{a['id']}/act", json={"index": 999}, headers={"X-Dslgen-Token": bench.token})
    assert r.status_code == 409 and "不合法" in r.json()["error"]


def test_the_log_hides_other_players_tiles(bench):
    from engine.simulation.narrate import narrate
    from dslgen.web.table import public_events

    events = [{"type": "deal", "seat": 1, "tiles": [1, 2, 3]}, {"type": "draw", "seat": 1, "tile": 5},
              {"type": "draw", "seat": 0, "tile": 7}, {"type": "discard", "seat": 1, "tile": 5}]
    seen = public_events(events, 0)
    assert seen[0]["tiles"] == [] and seen[1]["tile"] is None and seen[2]["tile"] == 7 and seen[3]["tile"] == 5
    assert "1万" not in narrate(seen)[0]


def test_draft_rules_can_be_played(bench):
    view = _start(bench, variant="sichuan", draft="sichuan-draft", seed=3)
    assert len(view["hand"]) in (13, 14)


def test_approve_and_reject_go_through_the_approvals_code(bench):
    from click.testing import CliRunner

    from dslgen.cli import cli

    r = _approve(bench, "sichuan-draft", bench.token, force="on", replace="on")
    assert r.status_code == 303
    message = HTTP.get(bench.url + r.headers["location"]).text
    assert "已批准" in message, message
    verify = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(bench.catalog)])
    assert verify.exit_code == 0, verify.output
    records = [json.loads(p.read_text(encoding="utf-8")) for p in (bench.catalog / "approvals").glob("*.json")]
    assert any("李四" in json.dumps(rec, ensure_ascii=False) for rec in records)
    r = HTTP.post(f"{bench.url}/drafts/hostile-draft/reject",
                   data={"reviewer": "王五", "note": "不对", "token": bench.token}, follow_redirects=True)
    assert "已驳回" in r.text
    assert (bench.drafts / "hostile-draft" / "rejection.json").is_file()


def test_rejecting_an_approved_draft_reaches_its_catalog_approval(bench):
    """The workbench's reject is the CLI's: rejecting content the catalog approved records the rejection in
    that approval's history, and ``catalog verify`` reports it until it is approved again."""
    from click.testing import CliRunner

    from dslgen.cli import cli

    r = _approve(bench, "sichuan-draft", bench.token, force="on", replace="on")
    assert r.status_code == 303 and "已批准" in HTTP.get(bench.url + r.headers["location"]).text
    r = HTTP.post(f"{bench.url}/drafts/sichuan-draft/reject",
                  data={"reviewer": "赵六", "note": "番数不对", "token": bench.token}, follow_redirects=True)
    assert "已驳回" in r.text and "批准历史" in r.text, r.text
    approvals = [json.loads(p.read_text(encoding="utf-8")) for p in (bench.catalog / "approvals").glob("*.json")]
    rejected = [a for a in approvals if (a.get("rejection") or {}).get("reviewer") == "赵六"]
    assert len(rejected) == 1 and rejected[0]["history"][-1]["reason"] == "番数不对"
    verify = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(bench.catalog), "--json"])
    assert verify.exit_code == 1, verify.output
    again = _approve(bench, "sichuan-draft", bench.token, force="on", replace="on")
    assert again.status_code == 303
    assert CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(bench.catalog)]).exit_code == 0


def test_serve_command_binds_localhost_and_prints_its_address(tmp_path):
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "dslgen", "serve", "--port", "0", "--drafts", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        page = HTTP.get(match.group(0), timeout=30)
        assert page.status_code == 200 and "玩法目录" in page.text
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_replay_html_is_self_contained_and_steps_through_the_game(tmp_path):
    from click.testing import CliRunner

    from dslgen.cli import cli

    out = tmp_path / "replay.html"
    r = CliRunner().invoke(cli, ["replay", str(ROOT / "dsl-examples" / "sichuan_xuezhan.yaml"), "--seed", "0",
                                 "--game", "3", "--html", str(out)])
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    assert "http://" not in page and "https://" not in page and "src=" not in page
    data = json.loads(re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["steps"]) > 10
    assert data["steps"][-1]["lines"] == len(data["log"])
    assert all(len(s["players"]) == 4 for s in data["steps"])


def test_contradictions_are_apart_from_unsettled_sentences_and_paths_read_as_text(bench):
    """Issue 35 item 5: 「与描述矛盾」 lists only contradictions (D001), with field paths as text, never a Python
    tuple; the page title names the variant."""
    from dslgen.generate.pipeline import NewOptions, run_new

    run_new(NewOptions(description="南昌麻将：可以吃碰杠，屁胡1番，七对2番。听牌后报听。", provider="offline", games=12,
                       jobs=1, out=str(bench.drafts / "contradicted"), catalog=str(bench.catalog),
                       overrides=("fan_types[七对].base_fan=4",)))
    page = HTTP.get(bench.url + "/drafts/contradicted").text
    contradictions = page.split('id="contradictions"', 1)[1].split("</section>", 1)[0]
    assert "D001" in contradictions and "('" not in page and "',)" not in page
    assert all(code not in contradictions for code in ("D002", "D004", "D007"))
    assert re.search(r"<title>南昌麻将 · 草稿 contradicted</title>", page)
    assert 'id="economics"' in page and 'id="rule-sheet"' in page and "南昌麻将 玩法说明" in page


def test_edit_a_value_in_the_workbench_rejudges_in_place(bench):
    """Issue 35 item 4: 修改取值 applies one change, judges the draft again and shows it in the history."""
    from dslgen.generate.draft import load_draft
    from dslgen.generate.pipeline import NewOptions, run_new

    run_new(NewOptions(description="南昌麻将：可以吃碰杠，可以点炮，屁胡1番，七对2番。", provider="offline", games=12,
                       jobs=1, out=str(bench.drafts / "editable"), catalog=str(bench.catalog)))
    refused = HTTP.post(bench.url + "/drafts/editable/edit", data={"path": "scoring.base_points", "value": "5"})
    assert refused.status_code == 403
    done = HTTP.post(bench.url + "/drafts/editable/edit", follow_redirects=True,
                     data={"token": bench.token, "path": "scoring.base_points", "value": "5"})
    assert done.status_code == 200 and "已修改 scoring.base_points" in done.text
    assert 'id="history"' in done.text and "scoring.base_points" in done.text.split('id="history"', 1)[1]
    draft = load_draft(bench.drafts / "editable")
    assert draft.judged_current and "base_points: 5" in draft.yaml_text
    bad = HTTP.post(bench.url + "/drafts/editable/edit", follow_redirects=True,
                    data={"token": bench.token, "path": "fan_types[九莲].base_fan", "value": "4"})
    assert "未修改" in bad.text and "九莲" in bad.text


def test_resolve_forms_need_the_token_a_name_and_known_numbers(bench):
    """Issue 29 item 4 over HTTP: 处理 posts go through ``dslgen resolve``'s code; a missing token is refused, a
    missing name, an unknown sentence number or a field not in the file is a notice and nothing is recorded,
    and a valid one is recorded with its name and shown on the page."""
    from dslgen.generate.pipeline import NewOptions, run_new

    page_md = (ROOT / "tests" / "generate" / "unseen" / "set1" / "hebei_qq_help" / "page.md").read_text(encoding="utf-8")
    run_new(NewOptions(description=page_md, provider="offline", games=12, jobs=1,
                       out=str(bench.drafts / "resolvable"), catalog=str(bench.catalog)))
    url = bench.url + "/drafts/resolvable/resolve"
    page = HTTP.get(bench.url + "/drafts/resolvable").text
    numbers = re.findall(r'<li class="pending" data-number="(\d+)"', page)
    assert numbers, "the real page leaves sentences to resolve"
    assert HTTP.post(url, data={"kind": "not_rule", "sentence": numbers[0], "by": "甲"}).status_code == 403
    record = bench.drafts / "resolvable" / "resolutions.json"
    for form, says in (({"kind": "not_rule", "sentence": numbers[0]}, "必须写明是谁处理的"),
                       ({"kind": "not_rule", "sentence": "999", "by": "甲"}, "没有第 999 句"),
                       ({"kind": "field", "sentence": numbers[0], "field": "game.nope", "by": "甲"}, "没有字段 game.nope"),
                       ({"kind": "answer", "question": "3", "answer": "四人", "by": "甲"}, "没有问题 3")):
        bad = HTTP.post(url, follow_redirects=True, data={"token": bench.token, **form})
        assert bad.status_code == 200 and "未处理" in bad.text and says in bad.text, says
        assert not record.exists()
    assert HTTP.post(url, data={"token": bench.token, "kind": "delete", "by": "甲"}).status_code == 400
    done = HTTP.post(url, follow_redirects=True, data={"token": bench.token, "kind": "not_rule", "sentence": numbers[0],
                                                       "by": "甲", "why": "页面宣传语"})
    assert "已处理：不是规则" in done.text and 'id="resolutions"' in done.text
    assert "甲" in done.text.split('id="resolutions"', 1)[1] and "页面宣传语" in done.text.split('id="resolutions"', 1)[1]
    entries = json.loads(record.read_text(encoding="utf-8"))["resolutions"]
    assert [(e["kind"], e["by"], e["why"]) for e in entries] == [("not_rule", "甲", "页面宣传语")]
    assert f'data-number="{numbers[0]}"' not in done.text.split('id="pending"', 1)[-1].split("</ul>", 1)[0]
