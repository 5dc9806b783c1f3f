"""``dslgen config show``: every setting, its value and where it came from."""

from __future__ import annotations

import os

import click

SOURCE_ZH = {"env": "环境变量", "project": "项目配置", "user": "用户配置", "default": "默认"}


@click.group("config")
def command() -> None:
    """配置：常用选项可写在项目的 dslgen.toml（或 pyproject.toml 的 [tool.dslgen]）或用户配置目录的 config.toml 中。

    优先级：命令行选项 > 环境变量 > 项目配置 > 用户配置 > 命令的默认值。
    """


def _commands() -> dict:
    """Every command of the CLI (sub-groups flattened), so a setting's default is read from them."""
    from dslgen.cli import cli

    out = {}
    for name, cmd in cli.commands.items():
        out[name] = cmd
        for sub, inner in getattr(cmd, "commands", {}).items():
            out[f"{name} {sub}"] = inner
    return out


def report() -> dict:
    """The data ``config show`` prints: precedence, files and each setting with its source."""
    from dslgen.generate import config

    found = config.values()
    commands = _commands()
    project = config.project_file()
    user = config.user_file()
    settings = []
    for s in config.SETTINGS:
        v = found.get(s.key)
        settings.append({
            "key": s.key, "value": v.value if v else None, "source": v.source if v else "default",
            "default": config.default_text(s.key, commands),
            "where": v.where if v else "", "env": s.env, "help": s.help,
            "options": [f"--{p}" for p in s.params],
        })
    return {
        "precedence": ["flag", "env", "project", "user", "default"],
        "files": {"project": str(project) if project else None, "user": str(user), "user_exists": user.is_file()},
        "settings": settings,
        "api_key": {"env": "OPENAI_API_KEY", "set": bool(os.environ.get("OPENAI_API_KEY", "").strip())},
        "ignored": [{"key": k, "file": str(p), "why": "API key 只从环境变量 OPENAI_API_KEY 读取"}
                    for k, p in config.ignored_keys()],
    }


@command.command("show")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出：{precedence, files, settings: [{key, value, source, where, env}]}。")
def show_command(as_json: bool) -> None:
    """列出每个设置的当前取值与来源（环境变量名或配置文件路径）。"""
    from rich.table import Table
    from rich.text import Text

    from dslgen.output import console, print_json
    from dslgen.terminal import quiet, verbose

    data = report()
    if as_json:
        print_json(data)
        return
    out = console()
    files = data["files"]
    if not quiet():
        out.print("优先级：命令行选项 > 环境变量 > 项目配置 > 用户配置 > 默认值", markup=False)
        out.print(f"项目配置：{files['project'] or '未找到（当前目录及上级目录没有 dslgen.toml 或含 [tool.dslgen] 的 pyproject.toml）'}",
                  markup=False)
        out.print(f"用户配置：{files['user']}{'' if files['user_exists'] else '（不存在）'}", markup=False)
    table = Table(header_style="bold")
    columns = ("设置", "取值", "来源", "环境变量") + (("命令行选项", "说明") if verbose() else ())
    for col in columns:
        table.add_column(col, overflow="fold")
    for s in data["settings"]:
        value = f"{s['default']}（默认）" if s["value"] is None else str(s["value"])
        row = [Text(s["key"]), Text(value), Text(SOURCE_ZH[s["source"]]), Text(s["env"])]
        if verbose():
            row += [Text(" ".join(s["options"])), Text(s["help"])]
        table.add_row(*row)
    out.print(table)
    key = data["api_key"]
    out.print(f"API key：{'已设置' if key['set'] else '未设置'}（只读环境变量 {key['env']}，不写进配置文件）", markup=False)
    for item in data["ignored"]:
        out.print(f"已忽略 {item['file']} 中的 {item['key']}：{item['why']}", style="yellow", markup=False)
