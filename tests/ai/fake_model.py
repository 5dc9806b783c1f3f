"""A scripted OpenAI-compatible chat-completions endpoint on 127.0.0.1:0 (no network leaves the machine).

Each script item: ``content`` (the answer text), ``status`` (default 200), ``wait`` (a threading.Event the
handler waits on before answering — a hang that the test ends). Every request body is kept."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeModel:
    """Start with :meth:`start`; ``url`` is the base URL (``…/v1``)."""

    def __init__(self) -> None:
        self.script: list[dict] = []
        self.requests: list[dict] = []
        self.release = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                fake.requests.append(json.loads(body))
                item = fake.script.pop(0) if fake.script else {"status": 500}
                if item.get("hang"):
                    fake.release.wait(30)
                status = int(item.get("status", 200))
                payload = json.dumps({
                    "id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "test-model",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": item.get("content", "")},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                } if status == 200 else {"error": {"message": "error", "type": "error", "code": status}},
                    ensure_ascii=False).encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> "FakeModel":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
