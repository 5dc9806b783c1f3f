"""``dslgen serve``: the reviewer's workbench in a browser."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--catalog", type=click.Path(file_okay=False, path_type=str), help="玩法目录（默认：环境变量 DSLGEN_CATALOG，否则源码仓库中的 dsl-examples/；从安装包运行时必须用此选项或 DSLGEN_CATALOG 指定，不会写入安装包内部）。")
@click.option("--drafts", default=".dslgen/drafts", show_default=True, type=click.Path(file_okay=False, path_type=str),
              help="草稿目录（dslgen new 写出的草稿所在）。")
@click.option("--host", default="127.0.0.1", show_default=True, help="监听地址；默认只接受本机访问。")
@click.option("--port", default=0, show_default=True, type=click.IntRange(0, 65535), help="端口；0 表示自动选一个空闲端口。")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="浏览器地址栏里可以用来打开工作台的其他主机名（可重复）；默认只接受本机地址与 --host。"
                   "其他主机名的请求一律拒绝，以防 DNS 重绑定。")
def command(catalog: str | None, drafts: str, host: str, port: int, allowed_hosts: tuple[str, ...]) -> None:
    """启动本地审核工作台：查看草稿的审核报告、与机器人试玩、在页面上批准或驳回。

    启动后打印地址（例如 http://127.0.0.1:8765/），按 Ctrl-C 停止。批准与驳回走与
    dslgen approve / reject 相同的代码；页面上的每个修改请求都需要本次启动生成的会话令牌。
    """
    import socket

    import uvicorn

    from dslgen.errors import UsageError
    from dslgen.generate.examples import writable_catalog_dir
    from dslgen.output import console
    from dslgen.web.app import create_app

    folder = writable_catalog_dir(catalog, command="serve")
    if not folder.is_dir():
        raise UsageError("玩法目录不存在", where=str(folder), hint="用 --catalog 指定已有的目录")
    wildcard = host in ("0.0.0.0", "::", "")
    app = create_app(folder, drafts, allowed_hosts=(*(() if wildcard else (host,)), *allowed_hosts))
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the backlog until the server accepts them
    except OSError as exc:
        raise UsageError(f"无法监听 {host}:{port}：{exc.strerror}", where="--port", hint="换一个端口，或用 --port 0 自动选择") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    out = console()
    out.print(f"审核工作台：http://{shown}:{bound}/", markup=False)
    out.print(f"玩法目录 {folder}，草稿目录 {drafts}；按 Ctrl-C 停止。", markup=False)
    if host not in ("127.0.0.1", "localhost", "::1"):
        out.print("注意：监听的不是本机地址，同一网络中的其他人也能打开工作台。", style="yellow", markup=False)
    if wildcard and not allowed_hosts:
        out.print("注意：监听所有地址时只接受以本机地址打开的请求；用 --allowed-host 加上别人访问时使用的主机名或 IP。",
                  style="yellow", markup=False)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    server.run(sockets=[sock])
