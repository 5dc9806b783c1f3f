"""The ``dslgen`` command line: a thin shell over the pipeline.

Each subcommand lives in its own module under :mod:`dslgen.commands` and exposes
a click command named ``command``; this file only discovers and mounts them, and
turns user errors into messages and exit codes (never a traceback).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import click

from dslgen import __version__, commands
from dslgen.errors import EXIT_USAGE, DslgenError
from dslgen.output import clean, guarded_streams


class _Group(click.Group):
    """Mounts every command module and maps user errors to exit codes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{commands.__name__}.{info.name}")
            cmd = getattr(module, "command", None)
            if isinstance(cmd, click.Command):
                self.add_command(cmd)

    def main(self, *args, **kwargs):
        """Run with stdout and stderr guarded (see :mod:`dslgen.output`): nothing any command prints
        carries the API key, a foreign terminal escape or an unencodable character."""
        with guarded_streams():
            return super().main(*args, **kwargs)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except DslgenError as exc:
            click.echo(clean(exc.render()), err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("已中断。", err=True)
            ctx.exit(130)
        except OSError as exc:
            click.echo(clean(f"读写失败：{exc.strerror or exc}（{getattr(exc, 'filename', '') or ''}）"), err=True)
            ctx.exit(EXIT_USAGE)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as exc:  # a bug in dslgen: say so briefly instead of a traceback
            if os.environ.get("DSLGEN_DEBUG"):
                raise
            click.echo(clean(f"dslgen 内部错误：{type(exc).__name__}: {exc}"), err=True)
            click.echo("  提示：这是 dslgen 的缺陷而不是你的输入问题；设置 DSLGEN_DEBUG=1 重新运行可看到完整调用栈，请附在问题报告中。", err=True)
            ctx.exit(EXIT_USAGE)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dslgen")
def cli() -> None:
    """dslgen：从自然语言描述生成麻将玩法 DSL，校验、模拟并交付审核。"""


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    try:
        cli.main(args=argv, prog_name="dslgen", standalone_mode=True)
    except SystemExit as exc:
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
