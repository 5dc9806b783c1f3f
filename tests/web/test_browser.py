"""The workbench in headless Chromium (Debian's package, driven by Playwright): read, play, approve.

CI installs ``chromium`` with apt-get before the suite (see ``.ci/run``).
"""

from __future__ import annotations

import os
import shutil

import pytest
from click.testing import CliRunner

CHROMIUM = os.environ.get("DSLGEN_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
if not CHROMIUM and os.environ.get("DSLGEN_REQUIRE_BROWSER"):
    raise RuntimeError("DSLGEN_REQUIRE_BROWSER is set but no chromium was found: apt-get install chromium")
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="needs Debian's chromium (apt-get install chromium)")

#: Flags a sandboxed machine without network needs (see the environment notes).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def page(bench):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        pg.set_default_timeout(180_000)  # the report builds a baseline simulation; shared machines are slow
        yield pg
        browser.close()


def _shot(page, name):
    folder = os.environ.get("DSLGEN_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name), full_page=False)


def test_open_a_draft_and_read_its_report(bench, page):
    page.goto(bench.url + "/")
    _shot(page, "workbench-index.png")
    page.click("text=sichuan-draft")
    page.wait_for_selector("#verdict")
    assert page.locator("#contradictions h2").inner_text() == "与描述矛盾"
    assert page.locator("#assumptions h2").inner_text() == "需要确认的假设"
    frame = page.frame_locator("#report")
    frame.locator("h1").wait_for()
    assert frame.locator("svg").count() >= 2
    assert "审核报告" in frame.locator("h1").inner_text()
    _shot(page, "workbench-draft.png")


def test_description_with_script_shows_as_text(bench, page):
    page.goto(bench.url + "/drafts/hostile-draft")
    page.wait_for_selector("#description")
    assert "<script>window.__xss=1</script>" in page.locator("#description").inner_text()
    assert page.evaluate("window.__xss") is None
    page.frame_locator("#report").locator("h1").wait_for()
    assert page.evaluate("window.__xss") is None


def test_play_a_full_game_by_clicking(bench, page):
    page.goto(bench.url + "/play/changsha?seed=21")
    page.wait_for_selector('#table[data-busy="0"]')
    _shot(page, "workbench-play.png")
    for _ in range(400):
        if page.get_attribute("#table", "data-over") == "1":
            break
        win = page.locator('#actions button[data-kind="win"]')
        buttons = page.locator("#actions button")
        if win.count():
            win.first.click()
        elif page.locator('#actions button[data-kind="pass"]').count():
            page.locator('#actions button[data-kind="pass"]').first.click()
        elif page.locator("#hand button.tile").count():
            page.locator("#hand button.tile").last.click()
        elif buttons.count():
            buttons.first.click()
        page.wait_for_selector('#table[data-busy="0"]')
    assert page.get_attribute("#table", "data-over") == "1"
    assert "本局结束" in page.locator("#status").inner_text()
    assert "净输赢" in page.locator("#final").inner_text()
    assert page.locator("#log li").count() > 10
    _shot(page, "workbench-play-end.png")


def test_approve_in_the_browser_then_catalog_verify(bench, page):
    from dslgen.cli import cli

    page.goto(bench.url + "/drafts/sichuan-draft")
    page.fill("#reviewer", "浏览器审核人")
    page.fill("#note", "在页面上批准")
    page.check("#force")
    page.check("#replace")
    page.click("#approve")
    page.wait_for_selector("#message")
    assert "已批准" in page.locator("#message").inner_text()
    verify = CliRunner().invoke(cli, ["catalog", "verify", "--catalog", str(bench.catalog)])
    assert verify.exit_code == 0, verify.output
    assert "sichuan" in verify.output
