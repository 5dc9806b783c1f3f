"""A workbench over a copy of the catalog and two offline drafts, served by uvicorn on 127.0.0.1:0."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SICHUAN = "四川血战到底：108张牌，只有万条筒，可以碰杠不能吃。可以自摸也可以点炮，一炮多响。必须缺一门才能胡。番型：平胡1番，对对胡2番，清一色4番，七对4番。封顶8番。"
HOSTILE = "<script>window.__xss=1</script><img src=x onerror=\"window.__xss=2\">广东鸡平胡：136张牌，可以吃碰杠，鸡胡1番，碰碰胡2番。"


class Server:
    """A running workbench: its base URL, token, and folders."""

    def __init__(self, app, catalog: Path, drafts: Path):
        import uvicorn

        self.app, self.catalog, self.drafts = app, catalog, drafts
        self.token = app.state.bench.token
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def make_draft(description: str, out: Path, catalog: Path) -> Path:
    from dslgen.generate.pipeline import NewOptions, run_new

    run_new(NewOptions(description=description, provider="offline", games=12, jobs=1, out=str(out),
                       catalog=str(catalog)))
    return out


@pytest.fixture(scope="module")
def bench(tmp_path_factory, monkeypatch_module):
    from dslgen.web.app import create_app

    monkeypatch_module.delenv("OPENAI_API_KEY", raising=False)
    base = tmp_path_factory.mktemp("bench")
    catalog = base / "catalog"
    shutil.copytree(ROOT / "dsl-examples", catalog)
    drafts = base / "drafts"
    drafts.mkdir()
    make_draft(SICHUAN, drafts / "sichuan-draft", catalog)
    make_draft(HOSTILE, drafts / "hostile-draft", catalog)
    monkeypatch_module.chdir(base)
    server = Server(create_app(catalog, drafts), catalog, drafts)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def monkeypatch_module():
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()
