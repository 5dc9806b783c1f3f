"""A scripted OpenAI-compatible chat-completions endpoint on 127.0.0.1:0 (no network leaves the machine).

Each script item is a mapping: ``content`` (the answer text), ``status`` (HTTP status, default 200),
``headers``, ``delay`` (seconds to sleep first), ``hang`` (wait until the test sets ``release`` or stops the
server), ``raw`` (a raw body instead of JSON), ``finish_reason``, ``usage`` (prompt, completion), ``trickle``
(seconds between single bytes of the body — a slow drip), and ``content`` may be a function of the request
headers (an endpoint echoing them). Every request body is kept in ``requests``, its headers in ``headers``.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeOpenAI:
    """Start with :meth:`start`, stop with :meth:`stop`; ``url`` is the base URL (``…/v1``)."""

    def __init__(self) -> None:
        self.script: list[dict] = []
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.release = threading.Event()
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                with fake._lock:
                    try:
                        fake.requests.append(json.loads(body))
                    except ValueError:
                        fake.requests.append({"raw": body.decode("utf-8", "replace")})
                    fake.headers.append(dict(self.headers))
                    item = fake.script.pop(0) if fake.script else {"status": 500, "raw": "script exhausted"}
                if item.get("delay"):
                    time.sleep(item["delay"])
                if item.get("hang"):
                    fake.release.wait(30)
                status = int(item.get("status", 200))
                if "raw" in item:
                    payload = item["raw"].encode("utf-8")
                elif status != 200:
                    payload = json.dumps({"error": {"message": item.get("message", "error"), "type": "error",
                                                    "code": status}}).encode()
                else:
                    content = item.get("content", "")
                    if callable(content):
                        content = content(dict(self.headers))
                    prompt, completion = item.get("usage", (1200, 300))
                    payload = json.dumps({
                        "id": "chatcmpl-test", "object": "chat.completion", "created": 0,
                        "model": fake.requests[-1].get("model", "test-model"),
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                     "finish_reason": item.get("finish_reason", "stop")}],
                        "usage": {"prompt_tokens": prompt, "completion_tokens": completion,
                                  "total_tokens": prompt + completion},
                    }, ensure_ascii=False).encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for k, v in (item.get("headers") or {}).items():
                        self.send_header(k, v)
                    self.end_headers()
                    if item.get("trickle"):
                        for i in range(len(payload)):
                            self.wfile.write(payload[i:i + 1])
                            self.wfile.flush()
                            time.sleep(item["trickle"])
                    else:
                        self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """Base URL for OPENAI_BASE_URL."""
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> "FakeOpenAI":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
