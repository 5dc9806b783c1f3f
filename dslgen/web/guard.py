"""ASGI middleware against DNS rebinding and cross-site posts.

A page on a foreign domain that rebinds its name to 127.0.0.1 reaches the workbench with its own
name in ``Host``; a page that posts a form carries its own ``Origin`` (or ``Referer``). Every request
whose ``Host`` is not one of the names the workbench is served under gets 400, and every
state-changing request (anything but GET, HEAD, OPTIONS) whose ``Origin`` or ``Referer`` names a
foreign host gets 403 — before any route reads or writes anything. A request with neither header
(``curl``, a script) still needs the session token.
"""

from __future__ import annotations

from typing import Any, Iterable
from urllib.parse import urlsplit

#: Names that always mean this machine.
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def host_name(value: str) -> str:
    """The host part of a ``Host`` header value (``name``, ``name:port``, ``[v6]:port``), lower case."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[1:end] if end > 0 else ""
    if value.count(":") > 1:  # a bare IPv6 address
        return value
    return value.partition(":")[0].rstrip(".")


def url_host(value: str) -> str | None:
    """The host of an ``Origin`` / ``Referer`` URL; None when it is not an http(s) URL with a host
    (``Origin: null`` from a sandboxed frame or a file page counts as foreign)."""
    try:
        parts = urlsplit(value.strip())
        host = parts.hostname
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not host:
        return None
    return host.lower().rstrip(".")


class HostGuard:
    """Refuse foreign ``Host`` headers (400) and foreign ``Origin`` / ``Referer`` on state changes (403)."""

    def __init__(self, app: Any, allowed_hosts: Iterable[str] = LOCAL_NAMES):
        self.app = app
        self.allowed = {host_name(h) for h in allowed_hosts if h}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or []}
        if host_name(headers.get("host", "")) not in self.allowed:
            await _refuse(send, 400, "请求的主机名不是工作台的地址（可能是 DNS 重绑定攻击），已拒绝。"
                                     "请直接用 dslgen serve 打印的地址打开工作台。")
            return
        if scope.get("method", "GET").upper() not in _SAFE_METHODS:
            for name in ("origin", "referer"):
                if name in headers and url_host(headers[name]) not in self.allowed:
                    await _refuse(send, 403, "修改请求来自其他网站的页面，已拒绝：请从工作台自己的页面提交。")
                    return
        await self.app(scope, receive, send)


async def _refuse(send: Any, status: int, message: str) -> None:
    body = message.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
