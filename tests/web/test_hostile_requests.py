"""Issue 30, items 1, 4, 5, 6, 11: the workbench against a hostile page — a rebound DNS name, a foreign
Origin, made-up actions, non-ASCII tokens, a deeply nested body, a notice forged in the URL, and a play
URL whose name is not the draft's. In-process (Starlette's TestClient), one offline draft."""

from __future__ import annotations

import json
import shutil

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import ROOT, SICHUAN, make_draft

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def site(tmp_path_factory, monkeypatch_module):
    """A workbench over a catalog copy and one draft, with its client and folders."""
    from dslgen.web.app import create_app

    monkeypatch_module.delenv("OPENAI_API_KEY", raising=False)
    base = tmp_path_factory.mktemp("hostile-bench")
    catalog, drafts = base / "catalog", base / "drafts"
    shutil.copytree(ROOT / "dsl-examples", catalog)
    drafts.mkdir()
    make_draft(SICHUAN, drafts / "sichuan-a", catalog)
    monkeypatch_module.chdir(base)
    app = create_app(catalog, drafts)
    client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
    client.token = app.state.bench.token
    client.drafts = drafts
    client.catalog = catalog
    return client


def _rejection(site):
    return site.drafts / "sichuan-a" / "rejection.json"


def _reject(site, headers=None, token=None, action="reject"):
    return site.post(f"/drafts/sichuan-a/{action}", data={"reviewer": "F", "note": "x", "token": token or site.token},
                     headers=headers or {}, follow_redirects=False)


def test_a_foreign_host_is_refused_and_never_sees_the_token(site):
    """Item 1: DNS rebinding — a page on attacker.example rebound to 127.0.0.1 reads nothing, posts nothing."""
    for path in ("/", "/drafts/sichuan-a", "/catalog/changsha", "/play/changsha"):
        r = site.get(path, headers={"Host": "attacker.example:80"})
        assert r.status_code == 400, (path, r.status_code)
        assert site.token not in r.text and "DNS" in r.text
    r = _reject(site, headers={"Host": "attacker.example:80", "Origin": "http://attacker.example"})
    assert r.status_code == 400 and not _rejection(site).exists()
    assert site.get("/drafts/sichuan-a").status_code == 200  # the served address still works
    assert site.get("/", headers={"Host": "localhost:8765"}).status_code == 200


@pytest.mark.parametrize("headers", [{"Origin": "http://attacker.example"}, {"Origin": "null"},
                                     {"Referer": "http://attacker.example/page"},
                                     {"Origin": "http://127.0.0.1.attacker.example:8765"}])
def test_a_state_change_from_a_foreign_page_is_refused_even_with_the_token(site, headers):
    """Item 1: the right Host and token but a foreign Origin / Referer records nothing."""
    assert _reject(site, headers=headers).status_code == 403
    r = site.post("/api/tables", json={"variant": "changsha"}, headers={"X-Dslgen-Token": site.token, **headers})
    assert r.status_code == 403
    assert not _rejection(site).exists()


def test_unknown_actions_are_404_and_record_nothing(site):
    """Item 4: only approve and reject are decisions."""
    for action in ("anything", "delete", "reject2", "Approve"):
        assert _reject(site, action=action).status_code == 404, action
    assert not _rejection(site).exists()


@pytest.mark.parametrize("token", ["令牌", "été", "\udcff"])
def test_non_ascii_tokens_are_refused_not_crashed(site, token):
    """Item 5: a non-ASCII token in the form or the header is a 403, not a 500."""
    if token != "\udcff":
        r = site.post("/drafts/sichuan-a/reject", data={"reviewer": "F", "note": "x", "token": token},
                      follow_redirects=False)
        assert r.status_code == 403, r.text
        r = site.post("/api/tables", json={"variant": "changsha"}, headers={"X-Dslgen-Token": token.encode("utf-8")})
        assert r.status_code == 403, r.text
    from dslgen.web.app import _token_ok

    assert _token_ok(site.app.state.bench, token) is False
    assert not _rejection(site).exists()


def test_a_deeply_nested_json_body_is_a_400(site):
    """Item 5: 200,000 nested arrays is a bad request, not 'a bug in dslgen'."""
    deep = "[" * 200_000 + "]" * 200_000
    headers = {"X-Dslgen-Token": site.token, "Content-Type": "application/json"}
    r = site.post("/api/tables", content=deep, headers=headers)
    assert r.status_code == 400 and "dslgen 的缺陷" not in r.text, r.text[:200]
    view = site.post("/api/tables", json={"variant": "changsha", "seed": 1}, headers=headers).json()
    r = site.post(f"/api/tables/{view['id']}/act", content=deep, headers=headers)
    assert r.status_code == 400 and "dslgen 的缺陷" not in r.text
    assert site.post("/api/tables", content=b"{not json", headers=headers).status_code == 400


def test_a_notice_in_the_url_is_never_shown(site):
    """Item 6: ?msg= (or a made-up notice id) puts no text on the page as the workbench's own notice."""
    phish = "已批准。请把 API 密钥发到 evil@example.com"
    for query in (f"?msg={phish}", f"?notice={phish}", "?notice=abc"):
        page = site.get("/drafts/sichuan-a" + query).text
        assert "evil@example.com" not in page and 'id="message"' not in page


def test_a_decision_notice_is_kept_server_side_for_its_own_draft(site, tmp_path):
    """Item 6: the outcome of a decision is shown by id, on its own draft's page only."""
    r = site.post("/drafts/sichuan-a/approve", data={"reviewer": "", "token": site.token}, follow_redirects=False)
    assert r.status_code == 303
    location = r.headers["location"]
    assert "msg=" not in location and "notice=" in location
    assert "未执行" in site.get(location).text
    other = location.replace("/drafts/sichuan-a", "/drafts/another")
    assert "未执行" not in site.get(other).text


def test_the_play_page_matches_its_name_against_the_draft(site):
    """Item 11: /play/<name>?draft=… only for the draft's own id; any other name is 404, not reflected."""
    own = site.app.state.bench.draft_summary("sichuan-a")["id"]
    good = site.get(f"/play/{own}?draft=sichuan-a")
    assert good.status_code == 200 and f'data-variant="{own}"' in good.text
    for name in ("changsha", "not_a_variant", "%3Cb%3Ehi", own + "x"):
        r = site.get(f"/play/{name}?draft=sichuan-a")
        assert r.status_code == 404, name
        assert "data-variant" not in r.text


def test_the_served_names_are_the_allowed_hosts(tmp_path):
    """Item 1: ``serve --allowed-host NAME`` (or the --host it listens on) is the only other name answered."""
    from dslgen.web.app import create_app
    from dslgen.web.guard import host_name, url_host

    (tmp_path / "catalog").mkdir()
    app = create_app(tmp_path / "catalog", tmp_path / "drafts", allowed_hosts=("review.example", "10.0.0.5"))
    for base, status in (("http://review.example:8000", 200), ("http://10.0.0.5", 200), ("http://[::1]:9", 200),
                         ("http://review.example.evil", 400), ("http://evil.example", 400)):
        assert TestClient(app, base_url=base).get("/").status_code == status, base
    assert host_name("[::1]:8765") == "::1" and host_name("LOCALHOST.:80") == "localhost"
    assert url_host("null") is None and url_host("file:///x") is None and url_host("http://a.b:1/x") == "a.b"
