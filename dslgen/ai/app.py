"""The decision service's Starlette application (``dslgen ai serve``).

Routes: ``POST /ai/decide`` (:mod:`dslgen.ai.service`), ``POST /ai/reload`` (look at the catalog again:
newly approved versions become current for new requests, old versions stay for requests naming them),
``GET /ai/rules`` (the loaded versions), ``GET /ai/health``. Errors are JSON
``{"error": {"code", "message", "where", "hint"}}`` with a Chinese message: 400 for a malformed request,
404 for unknown rules, 422 for inline rules that do not load, 500 for a fault of the service itself.
Requests whose ``Host`` is not an address the service is served under are refused (DNS rebinding).
"""

from __future__ import annotations

import json

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from dslgen.ai.service import DecisionService
from dslgen.errors import DslgenError
from dslgen.web.guard import LOCAL_NAMES, HostGuard

#: Largest request body read (an inline rule file included).
MAX_BODY = 1 << 20


def error_body(code: str, message: str, where: str = "", hint: str = "") -> dict:
    """The one error shape of the service (and of ``dslgen ai decide --json``)."""
    return {"error": {"code": code, "message": message, "where": where, "hint": hint}}


def _error(exc: DslgenError) -> JSONResponse:
    status = getattr(exc, "status", 400)
    code = {400: "bad_request", 404: "rules_not_found", 422: "rules_invalid"}.get(status, "error")
    return JSONResponse(error_body(code, exc.message, exc.where, exc.hint), status_code=status)


def create_app(service: DecisionService, allowed_hosts: tuple[str, ...] = ()) -> Starlette:
    """The ASGI app answering for ``service``."""

    async def decide(request: Request) -> JSONResponse:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            return JSONResponse(error_body("too_large", f"请求体超过 {MAX_BODY // 1024} KiB", "(body)"), status_code=413)
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            return JSONResponse(error_body("bad_json", f"请求体不是合法的 JSON：{exc}", "(body)",
                                           "发送 Content-Type: application/json 的 JSON 对象"), status_code=400)
        try:
            return JSONResponse(await service.decide(body))
        except DslgenError as exc:
            return _error(exc)
        except Exception as exc:  # noqa: BLE001 - the caller gets a JSON error, never a traceback
            return JSONResponse(error_body("internal", f"决策服务内部错误：{type(exc).__name__}: {exc}", "",
                                           "这是服务的缺陷而不是请求的问题；游戏服务器应改用难度 1 作答"), status_code=500)

    async def reload(request: Request) -> JSONResponse:
        try:
            return JSONResponse(service.store.reload())
        except DslgenError as exc:
            return _error(exc)

    async def rules(request: Request) -> JSONResponse:
        return JSONResponse({"versions": service.store.listing(), "problems": service.store.problems})

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True, "levels": [1, 2, 3], "deadline_ms": service.settings.deadline_ms})

    routes = [Route("/ai/decide", decide, methods=["POST"]), Route("/ai/reload", reload, methods=["POST"]),
              Route("/ai/rules", rules, methods=["GET"]), Route("/ai/health", health, methods=["GET"])]
    app = Starlette(routes=routes, middleware=[Middleware(HostGuard, allowed_hosts=(*LOCAL_NAMES, *allowed_hosts))])
    app.state.service = service
    return app
