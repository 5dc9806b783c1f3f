"""``dslgen ai serve|decide``: the companion-AI decision service, and one decision from the command line."""

from __future__ import annotations

import json
import sys

import click

_CATALOG_HELP = "玩法目录（默认：环境变量 DSLGEN_CATALOG，否则随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）。"


@click.group("ai")
def command() -> None:
    """陪打 AI：为任何规则文件在合法动作中选一个（难度 1 合法随机、2 MCTS 搜索、3 关键回合问模型）。"""


def _service(catalog: str | None, deadline_ms: int, iterations: int, provider: str | None, model: str | None,
             model_calls: int, preload: bool = True):
    from dslgen.ai.advisor import Advisor
    from dslgen.ai.rulestore import RuleStore
    from dslgen.ai.service import DecisionService, Settings
    from dslgen.generate.examples import catalog_dir

    store = RuleStore(catalog_dir(catalog), preload=preload)
    settings = Settings(deadline_ms=deadline_ms, iterations=iterations)
    return DecisionService(store, settings, Advisor(provider, model, model_calls))


def _common(f):
    f = click.option("--model-calls", default=4, show_default=True, type=click.IntRange(0, 100),
                     help="难度 3：每局（game_id）最多问模型几次。")(f)
    f = click.option("--model", default=None, help="难度 3 用的模型名称（默认：DSLGEN_MODEL 或 dslgen.toml 的 model）。")(f)
    f = click.option("--provider", default=None, help="难度 3 用的模型提供方（默认同 dslgen new：配置了模型与 OPENAI_API_KEY 时为 openai）。")(f)
    f = click.option("--iterations", default=48, show_default=True, type=click.IntRange(1, 100000),
                     help="难度 2/3 每次决策最多搜索的次数（时间到了先停）。")(f)
    f = click.option("--deadline-ms", default=1500, show_default=True, type=click.IntRange(10, 30000),
                     help="每个请求的默认时限（毫秒）；请求的 deadline_ms 可以更短；时限到了由难度 1 作答。")(f)
    f = click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help=_CATALOG_HELP)(f)
    return f


@command.command("serve")
@_common
@click.option("--host", default="127.0.0.1", show_default=True, help="监听地址；默认只接受本机访问。")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="端口；0 表示自动选一个空闲端口。")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="游戏服务器访问本服务时用的其他主机名（可重复）；其他主机名的请求一律拒绝，以防 DNS 重绑定。")
def serve_command(catalog, deadline_ms, iterations, provider, model, model_calls, host, port, allowed_hosts) -> None:
    """启动决策服务：POST /ai/decide 回答一个座位在合法动作中的选择（请求格式见 docs/ai.md）。

    规则按玩法 id 与版本（sha256）取自玩法目录中已批准的文件，加载后不再改变；POST /ai/reload 重新查看目录：
    新批准的版本供之后的新请求使用，指名旧版本的请求仍用旧版本（热切换）。按 Ctrl-C 停止。
    """
    import socket

    import uvicorn

    from dslgen.ai.app import create_app
    from dslgen.errors import UsageError
    from dslgen.output import console

    service = _service(catalog, deadline_ms, iterations, provider, model, model_calls)
    wildcard = host in ("0.0.0.0", "::", "")
    app = create_app(service, allowed_hosts=(*(() if wildcard else (host,)), *allowed_hosts))
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        raise UsageError(f"无法监听 {host}:{port}：{exc.strerror}", where="--port", hint="换一个端口，或用 --port 0 自动选择") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    out = console()
    versions = service.store.listing()
    out.print(f"陪打 AI 决策服务：http://{shown}:{bound}/ai/decide", markup=False)
    out.print(f"玩法目录 {service.store.catalog}，已加载 {len(versions)} 个批准的版本；默认时限 {deadline_ms} 毫秒；按 Ctrl-C 停止。",
              markup=False)
    for vid, why in sorted(service.store.problems.items()):
        out.print(f"注意：{vid}：{why}", style="yellow", markup=False)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    server.run(sockets=[sock])


@command.command("decide")
@click.argument("request_file", type=click.Path(dir_okay=False, allow_dash=True, path_type=str))
@_common
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出回答（出错时输出 {\"error\": …}）。")
@click.pass_context
def decide_command(ctx, request_file, catalog, deadline_ms, iterations, provider, model, model_calls, as_json) -> None:
    """回答一个决策请求（与 POST /ai/decide 相同的 JSON；文件名为 - 时从标准输入读）。"""
    import asyncio

    from dslgen.ai.app import error_body
    from dslgen.errors import EXIT_FINDINGS, EXIT_USAGE, DslgenError, UsageError
    from dslgen.output import print_json

    def fail(exc: DslgenError, code: str) -> None:
        if as_json:
            print_json(error_body(code, exc.message, exc.where, exc.hint))
            ctx.exit(exc.exit_code)
        raise exc

    try:
        text = sys.stdin.read() if request_file == "-" else open(request_file, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as exc:
        fail(UsageError(f"无法读取请求文件：{exc}", where=request_file), "io")
        return
    try:
        body = json.loads(text)
    except ValueError as exc:
        fail(DslgenError(f"请求文件不是合法的 JSON：{exc}", where=request_file, exit_code=EXIT_FINDINGS), "bad_json")
        return
    try:
        service = _service(catalog, deadline_ms, iterations, provider, model, model_calls, preload=False)
        answer = asyncio.run(service.decide(body))
    except DslgenError as exc:
        code = {404: "rules_not_found", 422: "rules_invalid"}.get(getattr(exc, "status", 400), "bad_request")
        fail(exc, code if exc.exit_code != EXIT_USAGE else "usage")
        return
    if as_json:
        print_json(answer)
        return
    extra = f"（{answer['fallback']}）" if answer["fallback"] else ""
    click.echo(f"选择：{answer['label']}　置信度 {answer['confidence']:.2f}　用时 {answer['thinking_time_ms']:.0f} 毫秒　"
               f"难度 {answer['difficulty']}，由难度 {answer['answered_by']} 作答{extra}")
