"""How loud and how colourful the CLI is: ``-q``/``-v`` and ``--color``, shared by every command.

:func:`common_options` adds ``-q/--quiet``, ``-v/--verbose`` and ``--color`` to a
click command (``dslgen.cli`` applies it to every command and to the group, so
``dslgen -q check …`` and ``dslgen check -q …`` both work). The options write
this module's state; :mod:`dslgen.output` builds its consoles from it.

* ``-q``: findings and results only — no progress bars, no summaries or next steps.
* ``-v``: also what dslgen did (config files read, timings); ``-vv`` also shows the
  traceback of an internal error.
* ``--color auto|always|never``: ``auto`` colours a terminal only and honours
  ``NO_COLOR`` / ``FORCE_COLOR``; ``always`` colours pipes too (CI logs);
  ``never`` prints plain text.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

COLOR_MODES = ("auto", "always", "never")


@dataclass
class State:
    """The process-wide output settings of one CLI run."""

    verbosity: int = 0  # -1 quiet, 0 normal, 1+ verbose
    color: str = "auto"


STATE = State()


def reset() -> None:
    """Back to the defaults (each CLI invocation starts from here)."""
    set_state(verbosity=0, color="auto")


def set_state(**changes: Any) -> None:
    """Change the settings and rebuild the shared consoles."""
    for key, value in changes.items():
        setattr(STATE, key, value)
    from dslgen import output

    output.console.cache_clear()


def quiet() -> bool:
    """True under ``-q``: print results only."""
    return STATE.verbosity < 0


def verbose(level: int = 1) -> bool:
    """True under ``-v`` (``level`` 2: ``-vv``)."""
    return STATE.verbosity >= level


def console_options() -> dict[str, Any]:
    """Keyword arguments for :class:`rich.console.Console` that implement ``--color``."""
    if STATE.color == "always":
        return {"force_terminal": True, "no_color": False, "color_system": "standard"}
    if STATE.color == "never":
        return {"no_color": True, "color_system": None}
    return {}


def show_progress(stream: Any = None) -> bool:
    """Whether a progress display belongs on ``stream`` (stderr): a terminal, and not ``-q``."""
    if quiet():
        return False
    stream = stream or sys.stderr
    if STATE.color == "always" or os.environ.get("FORCE_COLOR"):
        return True
    return bool(getattr(stream, "isatty", lambda: False)())


def detail(message: str) -> None:
    """Print ``message`` on stderr under ``-v`` only (what dslgen did, not what it found)."""
    if verbose():
        click.echo(message, err=True)


def _quiet(ctx: click.Context, param: click.Parameter, value: int) -> None:
    if value:
        set_state(verbosity=-value)


def _verbose(ctx: click.Context, param: click.Parameter, value: int) -> None:
    if value:
        set_state(verbosity=max(STATE.verbosity, 0) + value)
        if value >= 2:
            os.environ.setdefault("DSLGEN_DEBUG", "1")


def _color(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_state(color=value)


COMMON_PARAMS = ("quiet", "verbose", "color")


def common_params() -> list[click.Parameter]:
    """Fresh ``-q``, ``-v`` and ``--color`` parameters (a command needs its own instances)."""
    return [
        click.Option(["-q", "--quiet"], count=True, expose_value=False, is_eager=True, callback=_quiet,
                     help="安静：只输出结果与问题，不显示进度和总结。"),
        click.Option(["-v", "--verbose"], count=True, expose_value=False, is_eager=True, callback=_verbose,
                     help="详细：另外说明读取了哪些配置、各步用时；-vv 内部错误时显示调用栈。"),
        click.Option(["--color"], type=click.Choice(COLOR_MODES), default=None, expose_value=False, is_eager=True,
                     callback=_color, metavar="auto|always|never",
                     help="颜色：auto（终端才上色，遵守 NO_COLOR）、always、never。"),
    ]


def add_common_options(command: click.Command) -> None:
    """Give ``command`` (and, for a group, every subcommand) the common options, once."""
    names = {p.name for p in command.params}
    if not names & set(COMMON_PARAMS):
        command.params.extend(common_params())
    command.options_metavar = "[选项]"
    if isinstance(command, click.Group):
        command.subcommand_metavar = "命令 [参数]..."
        for sub in command.commands.values():
            add_common_options(sub)
