"""The ``dslgen`` command line: a thin shell over the pipeline.

Each subcommand lives in its own module under :mod:`dslgen.commands` and exposes
a click command named ``command``; this file only discovers and mounts them, and
turns user errors into messages and exit codes (never a traceback).
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
import time

import click

from dslgen import clizh, commands, terminal
from dslgen.errors import EXIT_USAGE, DslgenError
from dslgen.output import clean, guarded_streams

clizh.install()


class _Group(click.Group):
    """Mounts every command module and maps user errors to exit codes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{commands.__name__}.{info.name}")
            cmd = getattr(module, "command", None)
            if isinstance(cmd, click.Command):
                self.add_command(cmd)
        for cmd in self.commands.values():
            terminal.add_common_options(cmd)
            if not cmd.short_help and cmd.help:
                cmd.short_help = summary_line(cmd.help)

    def make_context(self, info_name, args, parent=None, **extra):
        terminal.reset()
        return super().make_context(info_name, args, parent=parent, **extra)

    def main(self, *args, **kwargs):
        """Run with stdout and stderr guarded (see :mod:`dslgen.output`): nothing any command prints
        carries the API key, a foreign terminal escape or an unencodable character."""
        with guarded_streams():
            return super().main(*args, **kwargs)

    def invoke(self, ctx):
        started = time.perf_counter()
        ctx.call_on_close(lambda: terminal.detail(f"用时 {time.perf_counter() - started:.2f} 秒"))
        try:
            return super().invoke(ctx)
        except DslgenError as exc:
            click.echo(clean(exc.render()), err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("已中断。", err=True)
            ctx.exit(130)
        except OSError as exc:
            click.echo(clean(os_error_text(exc)), err=True)
            ctx.exit(EXIT_USAGE)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as exc:  # a bug in dslgen: say so briefly instead of a traceback
            if os.environ.get("DSLGEN_DEBUG"):
                raise
            click.echo(clean(f"dslgen 内部错误：{type(exc).__name__}: {exc}"), err=True)
            click.echo("  提示：这是 dslgen 的缺陷而不是你的输入问题；设置 DSLGEN_DEBUG=1 重新运行可看到完整调用栈，请附在问题报告中。", err=True)
            ctx.exit(EXIT_USAGE)


def os_error_text(exc: OSError) -> str:
    """``读写失败：<reason>：<path>`` for an I/O error: the path being written (a copy's or rename's
    destination, ``filename2``) before the one read, and a hint when no path is known."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    path = exc.filename2 or exc.filename
    if path:
        return f"读写失败：{reason}：{os.fsdecode(path) if isinstance(path, bytes) else path}"
    return f"读写失败：{reason}\n  提示：检查磁盘空间、文件大小限制与目录权限后重试"


def summary_line(help_text: str) -> str:
    """The first sentence of a command's help, whole (click would cut a long Chinese one off with "...")."""
    paragraph = inspect.cleandoc(help_text).split("\n\n")[0].replace("\n", "")
    head, stop, _ = paragraph.partition("。")
    return head + stop


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from dslgen.versions import version_text

        click.echo(version_text())
        ctx.exit()


@click.group("dslgen", cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="显示 dslgen、DSL 规范、提示词与引擎的版本并退出。")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """dslgen：从自然语言描述生成麻将玩法 DSL，校验、模拟并交付审核。

    常用选项（provider、model、games、jobs、catalog、reviewer 等）可写在 dslgen.toml 中，见 dslgen config show。
    """
    from dslgen.generate import config

    for source, path in config.config_files():
        terminal.detail(f"读取配置（{'项目' if source == 'project' else '用户'}）：{path}")
    ctx.default_map = config.default_map(ctx.command, config.values())


terminal.add_common_options(cli)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    try:
        cli.main(args=argv, prog_name="dslgen", standalone_mode=True)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
