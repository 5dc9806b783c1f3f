"""The documented example client plays against a real ``dslgen ai serve`` app over HTTP on 127.0.0.1."""

from __future__ import annotations

import importlib.util
import socket
import threading
import time

from dslgen.ai.app import create_app
from dslgen.ai.rulestore import RuleStore
from dslgen.ai.service import DecisionService, Settings

from .conftest import ROOT
from .test_service import catalog  # noqa: F401 - the fixture


def _load_client():
    spec = importlib.util.spec_from_file_location("ai_client", ROOT / "examples" / "ai_client.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_client_plays_against_the_service(catalog, capsys):  # noqa: F811
    import uvicorn

    app = create_app(DecisionService(RuleStore(catalog), Settings(iterations=2, horizon=6)))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        client = _load_client()
        assert client.main(["--url", url, "--rules", "erren", "--difficulty", "1", "--max-decisions", "200"]) == 0
        out = capsys.readouterr().out
        assert "难度 1 作答" in out and "结算" in out
        assert client.main(["--url", url, "--rules", "erren", "--difficulty", "2", "--max-decisions", "3",
                            "--deadline-ms", "20000"]) == 0
        assert "难度 2 作答" in capsys.readouterr().out
    finally:
        server.should_exit = True
        thread.join(timeout=10)
