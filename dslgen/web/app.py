"""The workbench's Starlette application.

Pages: ``/`` (drafts and catalog), ``/drafts/<name>`` (a draft's verdict, gates,
coverage, assumptions, the review report and the catalog entry it would
replace), ``/catalog/<id>``, ``/play/<id>`` (a table against bots). JSON:
``/api/tables`` (start a game), ``/api/tables/<table>`` (its view) and
``/api/tables/<table>/act``. Approve and reject go through
:mod:`dslgen.review.approvals`, the same code as the ``approve`` / ``reject``
commands; the 处理 forms (``/drafts/<name>/resolve``) go through
:func:`dslgen.review.resolve.resolve`, the same code as ``dslgen resolve``.

Safety: a request whose ``Host`` is not an address the workbench is served
under is refused, and so is a state-changing request from a foreign page's
``Origin`` / ``Referer`` (:mod:`dslgen.web.guard`, against DNS rebinding);
every state-changing request carries the per-process token (form field
``token`` or header ``X-Dslgen-Token``); names in URLs are matched against the
drafts and catalog folders' own listings, so no other path is ever read or
written; a page shows only notices the workbench itself stored (by id, never
text from the URL); templates autoescape every description and model text.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.middleware import Middleware
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dslgen.errors import DslgenError
from dslgen.web.table import Table

_DRAFT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,200}$")
_VARIANT = re.compile(r"^[a-z][a-z0-9_]{0,100}$")
#: Tables kept in memory at once; the oldest is dropped beyond this.
MAX_TABLES = 64
#: Notices (the outcome of an approve or reject) kept for their pages; the oldest is dropped beyond this.
MAX_NOTICES = 64
#: The decisions a draft page can post.
ACTIONS = ("approve", "reject")
#: What a 处理 form may resolve a sentence as (``kind`` field).
RESOLVE_KINDS = ("not_rule", "field", "gap")


@dataclass
class Workbench:
    """Where the workbench reads and writes, and its per-process secret."""

    catalog: Path
    drafts: Path
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    tables: dict[str, Table] = field(default_factory=dict)
    reports: dict[tuple, str] = field(default_factory=dict)
    notices: dict[str, tuple[str, str]] = field(default_factory=dict)

    # ------------------------------------------------------------------ folders
    def draft_names(self) -> list[str]:
        """Draft folders under ``drafts`` (newest first)."""
        from dslgen.review.report import is_draft

        if not self.drafts.is_dir():
            return []
        found = [p for p in self.drafts.iterdir() if _DRAFT_NAME.match(p.name) and not p.is_symlink() and is_draft(p)]
        return [p.name for p in sorted(found, key=lambda p: (p / "result.json").stat().st_mtime, reverse=True)]

    def draft(self, name: str) -> Path:
        """The draft folder called ``name``; LookupError unless it is one of :meth:`draft_names`."""
        if not _DRAFT_NAME.match(name) or name not in self.draft_names():
            raise LookupError(name)
        return self.drafts / name

    def variant_names(self) -> list[str]:
        """Catalog ids (file stems of the catalog's top-level rule files)."""
        from dslgen.review.baseline import catalog_files

        return [p.stem for p in catalog_files(self.catalog) if _VARIANT.match(p.stem) and not p.is_symlink()]

    def variant(self, name: str) -> Path:
        """The catalog file of ``name``; LookupError unless it is listed."""
        if not _VARIANT.match(name) or name not in self.variant_names():
            raise LookupError(name)
        for suffix in (".yaml", ".yml"):
            path = self.catalog / f"{name}{suffix}"
            if path.is_file():
                return path
        raise LookupError(name)

    # ------------------------------------------------------------------ content
    def draft_summary(self, name: str) -> dict[str, Any]:
        """What the drafts list and a draft page show about ``name``: the judge's stored verdict when it
        is bound to the rule file's current bytes, else a note that the draft must be judged again."""
        from dslgen.generate.draft import load_draft
        from dslgen.generate.consistency import coverage_counts
        from dslgen.review.approvals import load_record, rejection_path
        from dslgen.generate.overrides import shown
        from dslgen.review.description_view import payment_default_text, payment_defaults
        from dslgen.review.present import points_rows
        from dslgen.review.report import read_draft

        folder = self.draft(name)
        try:
            draft = load_draft(folder)
            result, doc = read_draft(folder)
        except DslgenError as exc:
            return {"name": name, "id": name, "title": "", "verdict": "fail", "error": exc.render(), "gates": [],
                    "assumptions": [], "contradictions": [], "unsettled": [], "coverage": None, "description": "", "yaml": "",
                    "rejection": None}
        from dslgen.review.resolve import current, status

        verdict = draft.verdict if draft.judged_current and current(draft) else None
        try:
            left = status(folder)
        except DslgenError:
            left = {"pending": [], "pending_questions": [], "questions": [], "resolutions": [], "other_gates": []}
        game = doc.data.get("game") if isinstance(doc.data, Mapping) else None
        economics = verdict.gate("economics") if verdict else None
        sim = draft.simulation.to_json() if verdict else {}
        return {
            "name": name, "id": str(result.get("id") or doc.id),
            "title": str(game.get("name") or "") if isinstance(game, Mapping) else "",
            "verdict": verdict.status if verdict else "fail",
            "error": "" if verdict else "规则文件在判定之后被修改过，或判定结论无法读取：审核报告会按当前内容重新判定。",
            "gates": [{"name": g.name, "label": g.label, "status": g.status, "detail": g.detail}
                      for g in (verdict.gates if verdict else ())],
            "coverage": coverage_counts(result.get("coverage")) if result.get("coverage") else None,
            "assumptions": _assumptions(result),
            "contradictions": [_finding_line(f) for f in (verdict.findings if verdict else []) if f.code == "D001"],
            "unsettled": [_finding_line(f) for f in (verdict.findings if verdict else [])
                          if f.code.startswith("D") and f.code != "D001"],
            "history": [{"at": h.get("at"), "verdict": h.get("verdict"),
                         "changes": [f"{c.get('path')}：{shown(c.get('before'))} → {shown(c.get('after'))}"
                                     for c in h.get("changes") or [] if isinstance(c, Mapping)]}
                        for h in result.get("history") or [] if isinstance(h, Mapping) and h.get("event") == "edit"],
            "economics": [{"code": f.code, "severity": f.severity, "message": f.message, "hint": f.hint}
                          for f in (economics.findings if economics else ())],
            "points": points_rows(sim) if sim else [],
            "payment_defaults": [payment_default_text(r) for r in payment_defaults(result.get("value_sources"))],
            "pending": left["pending"], "questions": left["pending_questions"],
            "answered": [q for q in left["questions"] if q.get("answer")],
            "resolutions": left["resolutions"], "other_gates": left["other_gates"],
            "description": str(result.get("description") or ""), "yaml": doc.text,
            "rejection": load_record(rejection_path(folder)),
        }

    def report_html(self, name: str) -> str:
        """The full review report of draft ``name`` (the ``dslgen review --html`` page), cached per content."""
        from dslgen.review.render_html import render_html
        from dslgen.review.report import build_report

        folder = self.draft(name)
        key = (name,) + tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir() if p.is_file()))
        if key not in self.reports:
            self.reports[key] = render_html(build_report(folder, catalog=self.catalog))
        return self.reports[key]

    def add_notice(self, draft: str, text: str) -> str:
        """Keep ``text`` as the notice of draft ``draft``'s page; its id (the only thing a URL carries)."""
        nid = secrets.token_urlsafe(9)
        self.notices[nid] = (draft, text)
        while len(self.notices) > MAX_NOTICES:
            self.notices.pop(next(iter(self.notices)))
        return nid

    def notice(self, draft: str, nid: str) -> str:
        """The stored notice ``nid`` when it belongs to draft ``draft``; '' for any other id."""
        owner, text = self.notices.get(nid, ("", ""))
        return text if owner == draft else ""

    def sheet_html(self, name: str) -> str:
        """The 玩法说明 of draft ``name``'s rule file as an HTML fragment ("" when it cannot be loaded), cached."""
        from dslgen.errors import DslgenError
        from dslgen.review.report import read_draft
        from dslgen.review.rulesheet import render_html_fragment, rule_sheet

        folder = self.draft(name)
        key = ("sheet", name) + tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.iterdir() if p.is_file()))
        if key not in self.reports:
            try:
                _, doc = read_draft(folder)
                self.reports[key] = render_html_fragment(rule_sheet(doc.data, path_hint=str(doc.path))) if doc.data else ""
            except (DslgenError, ValueError, TypeError, KeyError):
                self.reports[key] = ""
        return self.reports[key]

    def new_table(self, rules_path: Path, variant: str, seed: int, levels: tuple[int, ...] = ()) -> Table:
        """Seat a person at a fresh table under the rules at ``rules_path``; ``levels`` are the other
        seats' difficulty levels (one for all, or one per seat; default: the greedy bot)."""
        from dslgen.rulefile import load_rules

        table = Table(load_rules(str(rules_path)).rules, variant, seed, levels=levels)
        self.tables[table.id] = table
        while len(self.tables) > MAX_TABLES:
            self.tables.pop(next(iter(self.tables)))
        return table


def _catalog_sheet(path: Path) -> tuple[str, str]:
    """A catalog variant's name and its 玩法说明 as an HTML fragment (without the worked example: the page is
    for reading; ``("", "")`` when the engine cannot load the file)."""
    from dslgen.review.rulesheet import render_html_fragment, sheet_of_rules
    from dslgen.rulefile import load_rules

    try:
        sheet = sheet_of_rules(load_rules(str(path)).rules, example=False, path_hint=str(path))
    except (DslgenError, ValueError, TypeError, KeyError):
        return "", ""
    return sheet.name, render_html_fragment(sheet)


def _finding_line(f: Any) -> str:
    """``D001 max_fan：描述 8，草稿 16`` — a finding as a reviewer reads it (its path as text, never a tuple)."""
    return f"{f.code} {f.path_text}：{f.message}" if f.path else f"{f.code} {f.message}"


def _assumptions(result: Mapping[str, Any]) -> list[str]:
    """Values the drafter filled although the text is silent (``value_sources`` rows marked ``assumed``)."""
    rows = (result.get("value_sources") or {}).get("rows") or [] if isinstance(result.get("value_sources"), Mapping) else []
    from dslgen.review.description_view import value_text

    return [f"{r.get('label') or r.get('field')}（{r.get('field')}）= {value_text(r)}：来自 {r.get('from') or '假设'}"
            for r in rows if isinstance(r, Mapping) and r.get("source") == "assumed"]


def _env() -> Environment:
    env = Environment(loader=PackageLoader("dslgen.web", "templates"), autoescape=select_autoescape(default=True))
    env.filters["tojson_safe"] = lambda v: json.dumps(v, ensure_ascii=False).replace("</", "<\\/")
    return env


class MaskSecrets:
    """ASGI middleware: every HTTP response body leaves with the configured key masked
    (:func:`dslgen.secrets.redact_bytes`); the body is collected so ``content-length`` stays true."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        from dslgen.secrets import known_secrets, redact_bytes

        if scope["type"] != "http" or not known_secrets():
            await self.app(scope, receive, send)
            return
        start: dict[str, Any] = {}
        chunks: list[bytes] = []

        async def masked(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    body = redact_bytes(b"".join(chunks))
                    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
                    await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
                    await send({"type": "http.response.body", "body": body})
            else:
                await send(message)

        await self.app(scope, receive, masked)


def create_app(catalog: str | Path, drafts: str | Path, *, token: str | None = None,
               allowed_hosts: tuple[str, ...] | list[str] = ()) -> Starlette:
    """The workbench application over ``catalog`` and ``drafts``, answering requests addressed to this
    machine's loopback names or to one of ``allowed_hosts`` (the address ``serve`` listens on)."""
    from dslgen.web.guard import LOCAL_NAMES, HostGuard

    bench = Workbench(Path(catalog).resolve(), Path(drafts).resolve())
    if token:
        bench.token = token
    env = _env()

    def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
        html = env.get_template(template).render(token=bench.token, **context)
        return HTMLResponse(html, status_code=status, headers={"Content-Security-Policy": _CSP,
                                                               "X-Content-Type-Options": "nosniff"})

    def not_found(what: str) -> HTMLResponse:
        return page("message.html", 404, title="找不到", message=f"没有这个{what}。")

    async def checked_form(request: Request) -> Mapping[str, Any] | None:
        form = await request.form()
        return form if _token_ok(bench, form.get("token") or request.headers.get("x-dslgen-token")) else None

    def bad_json() -> JSONResponse:
        return JSONResponse({"error": "请求体不是可读的 JSON 对象（格式错误或嵌套过深）"}, status_code=400)

    async def index(request: Request) -> Response:
        drafts = [bench.draft_summary(n) for n in bench.draft_names()]
        return page("index.html", drafts=drafts, variants=_catalog_rows(bench), catalog=str(bench.catalog),
                    drafts_dir=str(bench.drafts))

    async def draft_page(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            summary = bench.draft_summary(name)
        except LookupError:
            return not_found("草稿")
        current = None
        if summary["id"] in bench.variant_names():
            current = bench.variant(summary["id"]).read_text(encoding="utf-8")
        from markupsafe import Markup

        sheet = Markup(bench.sheet_html(name))  # every text in the fragment is escaped by its renderer
        return page("draft.html", d=summary, current=current, sheet=sheet,
                    message=bench.notice(name, request.query_params.get("notice", "")))

    async def draft_report(request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        try:  # in a worker thread: the pages, the table and the static files stay served while a report is built
            html = await run_in_threadpool(bench.report_html, request.path_params["name"])
        except LookupError:
            return not_found("草稿")
        except DslgenError as exc:
            return page("message.html", 422, title="无法生成报告", message=exc.render())
        return HTMLResponse(html, headers={"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:"})

    async def form_and_draft(request: Request, name: str) -> tuple[Mapping[str, Any], Path] | Response:
        """The checked form of a POST and the draft folder it names, or the refusal page: 403 without a valid
        session token, 404 for a draft the workbench does not hold."""
        form = await checked_form(request)
        if form is None:
            return page("message.html", 403, title="拒绝", message="请求缺少有效的会话令牌：请从工作台页面提交。")
        try:
            return form, bench.draft(name)
        except LookupError:
            return not_found("草稿")

    async def decide(request: Request) -> Response:
        from dslgen.review import approvals

        name, action = request.path_params["name"], request.path_params["action"]
        if action not in ACTIONS:
            return not_found("操作")
        got = await form_and_draft(request, name)
        if isinstance(got, Response):
            return got
        form, folder = got
        reviewer = str(form.get("reviewer") or "")
        try:
            if action == "approve":
                record = approvals.approve(folder, reviewer=reviewer, note=str(form.get("note") or ""),
                                           catalog=bench.catalog, force=form.get("force") == "on",
                                           replace=form.get("replace") == "on")
                msg = f"已批准为 {record['id']}" + ("（带 --force）" if record.get("forced") else "")
            else:
                record = approvals.reject(folder, reviewer=reviewer, reason=str(form.get("note") or ""),
                                          catalog=bench.catalog)
                msg = "；".join(["已驳回", *record.get("notes", ())])
        except DslgenError as exc:
            msg = "未执行：" + exc.render()
        from urllib.parse import quote

        return RedirectResponse(f"/drafts/{quote(name)}?notice={bench.add_notice(name, msg)}", status_code=303)

    async def edit_value(request: Request) -> Response:
        """修改取值: one ``PATH=VALUE`` from the form, applied and judged again (the change goes into history)."""
        from urllib.parse import quote

        from dslgen.generate.overrides import shown
        from dslgen.review.edit import edit_draft

        name = request.path_params["name"]
        got = await form_and_draft(request, name)
        if isinstance(got, Response):
            return got
        form, folder = got
        change = f"{str(form.get('path') or '').strip()}={str(form.get('value') or '').strip()}"
        from starlette.concurrency import run_in_threadpool

        try:
            result = await run_in_threadpool(edit_draft, folder, [change])
            last = result["history"][-1]["changes"][0]
            msg = (f"已修改 {last['path']}：{shown(last['before'])} → {shown(last['after'])}，重新判定"
                   f"{'通过' if result['verdict'] == 'pass' else '未通过'}")
        except DslgenError as exc:
            msg = "未修改：" + exc.render()
        return RedirectResponse(f"/drafts/{quote(name)}?notice={bench.add_notice(name, msg)}", status_code=303)

    async def resolve_item(request: Request) -> Response:
        """处理: one sentence, one question's answer or one value from the draft page, recorded with the name of who
        resolved it, and judged again (:func:`dslgen.review.resolve.resolve`)."""
        from urllib.parse import quote

        from starlette.concurrency import run_in_threadpool

        from dslgen.review.resolve import describe, resolve

        name = request.path_params["name"]
        got = await form_and_draft(request, name)
        if isinstance(got, Response):
            return got
        form, folder = got
        text = {k: str(form.get(k) or "").strip() for k in
                ("by", "why", "kind", "sentence", "field", "reason", "question", "answer", "path", "value")}
        args: dict[str, Any] = {"by": text["by"], "why": text["why"]}
        if text["kind"] in RESOLVE_KINDS:
            args["sentence"] = text["sentence"]
            args["as_"] = {"not_rule": "not-rule", "field": f"field={text['field']}",
                           "gap": f"gap={text['reason']}"}[text["kind"]]
        elif text["kind"] == "answer":
            args.update(question=text["question"], answer=text["answer"])
        elif text["kind"] != "set":
            return page("message.html", 400, title="无法处理", message="不认识的处理方式。")
        if text["path"]:
            args["sets"] = [f"{text['path']}={text['value']}"]
        try:
            result = await run_in_threadpool(lambda: resolve(folder, **args))
            msg = ("已处理：" + "；".join(describe(e) for e in result["added"])
                   + f"（{text['by']}），重新判定{'通过' if result['verdict'] == 'pass' else '未通过'}")
        except DslgenError as exc:
            msg = "未处理：" + exc.render()
        return RedirectResponse(f"/drafts/{quote(name)}?notice={bench.add_notice(name, msg)}#resolve", status_code=303)

    async def catalog_page(request: Request) -> Response:
        from dslgen.review.approvals import load_approval

        name = request.path_params["name"]
        try:
            path = bench.variant(name)
        except LookupError:
            return not_found("玩法")
        from markupsafe import Markup
        from starlette.concurrency import run_in_threadpool

        title, sheet = await run_in_threadpool(_catalog_sheet, path)
        return page("catalog.html", name=name, title=title, sheet=Markup(sheet), yaml=path.read_text(encoding="utf-8"),
                    approval=load_approval(bench.catalog, name))

    async def play_page(request: Request) -> Response:
        name = request.path_params["name"]
        draft = request.query_params.get("draft") or ""
        try:
            if draft:
                if bench.draft_summary(draft)["id"] != name:  # the name in the URL is the draft's own id
                    raise LookupError(name)
            else:
                bench.variant(name)
        except LookupError:
            return not_found("草稿" if draft else "玩法")
        seed = _int(request.query_params.get("seed"), secrets.randbelow(1_000_000))
        level = _int(request.query_params.get("difficulty"), 0)
        return page("play.html", name=name, draft=draft, seed=seed, difficulty=level if level in LEVEL_NAMES else 0,
                    levels=LEVEL_NAMES)

    async def tables_new(request: Request) -> Response:
        if not _token_ok(bench, request.headers.get("x-dslgen-token")):
            return JSONResponse({"error": "缺少有效的会话令牌"}, status_code=403)
        body = await _json(request)
        if body is None:
            return bad_json()
        name, draft = str(body.get("variant") or ""), str(body.get("draft") or "")
        try:
            if draft:
                from dslgen.review.report import read_draft

                path = read_draft(bench.draft(draft))[1].path
            else:
                path = bench.variant(name)
        except LookupError:
            return JSONResponse({"error": "没有这个玩法或草稿"}, status_code=404)
        levels = _levels(body)
        if levels is None:
            return JSONResponse({"error": "difficulty 应为 1、2、3（或 levels 为每个座位一个难度的列表）"}, status_code=400)
        try:
            table = await asyncio.to_thread(bench.new_table, path, name, _int(body.get("seed"), 0), levels)
        except DslgenError as exc:
            return JSONResponse({"error": exc.render()}, status_code=422)
        except Exception as exc:  # the engine refuses a rule set it cannot play
            return JSONResponse({"error": f"引擎无法按此规则开局：{exc}"}, status_code=422)
        return JSONResponse(table.view())

    async def table_view(request: Request) -> Response:
        table = bench.tables.get(request.path_params["table"])
        return JSONResponse(table.view()) if table else JSONResponse({"error": "没有这桌对局"}, status_code=404)

    async def table_act(request: Request) -> Response:
        if not _token_ok(bench, request.headers.get("x-dslgen-token")):
            return JSONResponse({"error": "缺少有效的会话令牌"}, status_code=403)
        table = bench.tables.get(request.path_params["table"])
        if table is None:
            return JSONResponse({"error": "没有这桌对局"}, status_code=404)
        body = await _json(request)
        if body is None:
            return bad_json()
        try:
            await asyncio.to_thread(table.act, _int(body.get("index"), -1))  # searching bots take a while
        except ValueError as exc:
            return JSONResponse({"error": str(exc), "view": table.view()}, status_code=409)
        return JSONResponse(table.view())

    routes = [
        Route("/", index),
        Route("/drafts/{name}", draft_page),
        Route("/drafts/{name}/report", draft_report),
        Route("/drafts/{name}/edit", edit_value, methods=["POST"]),
        Route("/drafts/{name}/resolve", resolve_item, methods=["POST"]),
        Route("/drafts/{name}/{action:str}", decide, methods=["POST"]),
        Route("/catalog/{name}", catalog_page),
        Route("/play/{name}", play_page),
        Route("/api/tables", tables_new, methods=["POST"]),
        Route("/api/tables/{table}", table_view),
        Route("/api/tables/{table}/act", table_act, methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("dslgen.web", "static")]), name="static"),
    ]
    async def internal_error(request: Request, exc: Exception) -> Response:
        message = f"这是 dslgen 的缺陷，请附上此信息报告：{type(exc).__name__}: {exc}"
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=500)
        return page("message.html", 500, title="出错了", message=message)

    app = Starlette(routes=routes, exception_handlers={Exception: internal_error},
                    middleware=[Middleware(HostGuard, allowed_hosts=(*LOCAL_NAMES, *allowed_hosts)),
                                Middleware(MaskSecrets)])
    app.state.bench = bench
    return app


_CSP = "default-src 'self'; frame-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:"


def _catalog_rows(bench: Workbench) -> list[dict[str, Any]]:
    from dslgen.review.approvals import load_approval

    rows = []
    for name in bench.variant_names():
        record = load_approval(bench.catalog, name) or {}
        rows.append({"name": name, "reviewer": record.get("reviewer", ""), "at": record.get("approved_at") or record.get("at", ""),
                     "approved": bool(record)})
    return rows


def _token_ok(bench: Workbench, sent: Any) -> bool:
    """True when ``sent`` (a form field or header value, any text at all) is this process's session token."""
    if not sent:
        return False
    given = str(sent).encode("utf-8", "surrogatepass")
    return secrets.compare_digest(given, bench.token.encode("utf-8"))


async def _json(request: Request) -> dict[str, Any] | None:
    """The request body as a JSON object ({} for anything else that parses); None when it cannot be read
    (malformed, not UTF-8, or nested past the parser's recursion limit)."""
    try:
        body = await request.json()
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) else {}


#: The difficulty levels a table's bots may play at, as the page names them.
LEVEL_NAMES = {1: "难度 1：合法随机", 2: "难度 2：MCTS 搜索", 3: "难度 3：MCTS（试玩桌不问模型）"}


def _levels(body: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The bots' levels a new-table request asks for: ``levels`` (one per seat) or ``difficulty`` (all seats);
    () for the default bot, None for a value that is not a level."""
    raw = body.get("levels")
    if raw is None:
        raw = [] if body.get("difficulty") in (None, 0, "") else [body.get("difficulty")]
    if not isinstance(raw, list) or len(raw) > 4:
        return None
    out = []
    for v in raw:
        level = _int(v, 0)
        if level not in LEVEL_NAMES:
            return None
        out.append(level)
    return tuple(out)


def _int(value: Any, default: int) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return default
