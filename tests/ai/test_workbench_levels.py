"""The workbench's table lets the person choose the bots' difficulty (for every seat, or per seat)."""

from __future__ import annotations

import shutil

import pytest
from starlette.testclient import TestClient

from dslgen.web.app import create_app
from engine.ai import MctsBot
from engine.simulation.bots import GreedyBot, RandomBot

from .conftest import ROOT


@pytest.fixture
def bench(tmp_path):
    folder = tmp_path / "catalog"
    (folder / "approvals").mkdir(parents=True)
    for stem in ("erren", "kawuxing"):
        shutil.copy(ROOT / "dsl-examples" / f"{stem}.yaml", folder / f"{stem}.yaml")
    app = create_app(folder, tmp_path / "drafts")
    client = TestClient(app, base_url="http://127.0.0.1")
    client.headers["X-Dslgen-Token"] = app.state.bench.token
    return client, app.state.bench


def test_one_level_for_every_bot(bench):
    client, wb = bench
    r = client.post("/api/tables", json={"variant": "erren", "seed": 3, "difficulty": 1})
    assert r.status_code == 200, r.text
    view = r.json()
    assert view["levels"] == [1]
    table = wb.tables[view["id"]]
    assert all(type(b) is RandomBot for b in table.bots)
    default = client.post("/api/tables", json={"variant": "erren", "seed": 3}).json()
    assert default["levels"] == [] and all(type(b) is GreedyBot for b in wb.tables[default["id"]].bots)


def test_a_level_per_seat(bench):
    client, wb = bench
    view = client.post("/api/tables", json={"variant": "kawuxing", "seed": 1, "levels": [1, 2, 1]}).json()
    kinds = [type(b) for b in wb.tables[view["id"]].bots]
    assert kinds == [RandomBot, MctsBot, RandomBot]


@pytest.mark.parametrize("body", [{"difficulty": 7}, {"levels": ["x"]}, {"levels": 2}])
def test_a_bad_level_is_refused(bench, body):
    client, _ = bench
    r = client.post("/api/tables", json={"variant": "erren", "seed": 1, **body})
    assert r.status_code == 400 and "difficulty" in r.json()["error"]


def test_the_play_page_offers_the_levels(bench):
    client, _ = bench
    page = client.get("/play/erren?seed=5&difficulty=2").text
    assert 'data-difficulty="2"' in page and '<option value="2" selected>' in page and "难度 1" in page
    assert 'data-difficulty="0"' in client.get("/play/erren?seed=5&difficulty=9").text
