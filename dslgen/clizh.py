"""Chinese framing for click: usage lines, option and usage errors, ``--help`` headings.

click marks its user-facing strings with :mod:`gettext` (``_()`` and ``ngettext()``
bound at import in each of its modules). :func:`install` points those names at
this module's table, so ``Usage:``, ``Error: No such option`` and ``Try … for
help`` read in Chinese like the rest of dslgen. Strings missing from the table
stay in English (a click upgrade can add some); ``tests/tools/test_cli_conventions.py``
lists the ones the CLI shows.
"""

from __future__ import annotations

import importlib

#: click's message ids -> Chinese. Placeholders keep click's names.
MESSAGES = {
    "Usage:": "用法:",
    "Options": "选项",
    "Commands": "命令",
    "Positional arguments": "位置参数",
    "Show this message and exit.": "显示本帮助并退出。",
    "Show the version and exit.": "显示版本并退出。",
    "Error: {message}": "错误：{message}",
    "Try '{command} {option}' for help.": "运行 '{command} {option}' 查看帮助。",
    "Invalid value: {message}": "取值不正确：{message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} 的取值不正确：{message}",
    "Missing argument": "缺少参数",
    "Missing option": "缺少选项",
    "Missing parameter": "缺少参数",
    "Missing {param_type}": "缺少参数",
    "Missing parameter: {param_name}": "缺少参数：{param_name}",
    "No such option {name!r}.": "没有选项 {name!r}。",
    "No such option: {name}": "没有选项：{name}",
    "No such command {name!r}.": "没有命令 {name!r}。",
    "Missing command.": "缺少命令。",
    "Aborted!": "已中止。",
    "unknown error": "未知错误",
    "Could not open file {filename!r}: {message}": "无法打开文件 {filename!r}：{message}",
    "Option {name!r} does not take a value.": "选项 {name!r} 不接受取值。",
    "Argument {name!r} takes {nargs} values.": "参数 {name!r} 需要 {nargs} 个值。",
    "Invalid start character for option ({option})": "选项的首字符不正确（{option}）",
    "Choose from:\n\t{choices}": "可选：\n\t{choices}",
    "{value!r} is not a valid {number_type}.": "{value!r} 不是有效的数字（{number_type}）。",
    "{value} is not in the range {range}.": "{value} 不在范围 {range} 内。",
    "{value!r} is not a valid boolean. Recognized values: {states}": "{value!r} 不是布尔值，可写：{states}",
    "{name} {filename!r} does not exist.": "{name} {filename!r} 不存在。",
    "{name} {filename!r} is a file.": "{name} {filename!r} 是文件。",
    "{name} {filename!r} is a directory.": "{name} {filename!r} 是目录。",
    "{name} {filename!r} is not readable.": "{name} {filename!r} 不可读。",
    "{name} {filename!r} is not writable.": "{name} {filename!r} 不可写。",
    "{name} {filename!r} is not executable.": "{name} {filename!r} 不可执行。",
    "file": "文件",
    "directory": "目录",
    "path": "路径",
    "env var: {var}": "环境变量：{var}",
    "default: {default}": "默认：{default}",
    "(dynamic)": "（动态）",
    "deprecated": "已弃用",
    "required": "必填",
    "Repeat for confirmation": "再输入一次以确认",
    "Error: The two entered values do not match.": "错误：两次输入不一致。",
    "Error: invalid input": "错误：输入无效",
    "Do you want to continue?": "是否继续？",
    "Press any key to continue...": "按任意键继续……",
    "Shell completion is not supported for Bash versions older than 4.4.": "Bash 4.4 以下的版本不支持命令补全。",
    "Couldn't detect Bash version, shell completion is not supported.": "无法识别 Bash 版本，不支持命令补全。",
}

#: click's (singular, plural) message ids -> Chinese (one form).
PLURALS = {
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"): "多余的参数（{args}）",
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."): "需要 {nargs} 个值，给了 {len} 个。",
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"): "是否想写 {possibility}？",
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."): "选项 {name!r} 需要取值。",
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."): "{value!r} 不是可选的取值：{choices}。",
    ("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}."):
        "{value!r} 不符合格式 {formats}。",
    ("{len_type} values are required, but {len_value} was given.",
     "{len_type} values are required, but {len_value} were given."): "需要 {len_type} 个值，给了 {len_value} 个。",
}

_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "shell_completion", "termui", "types", "utils")


def gettext(message: str) -> str:
    """The Chinese text of a click message id (the id itself when it has none)."""
    return MESSAGES.get(message, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The Chinese text of a click plural message (one form serves both)."""
    zh = PLURALS.get((singular, plural))
    if zh is None:
        return singular if n == 1 else plural
    return zh


def install() -> None:
    """Point click's ``_`` and ``ngettext`` at the Chinese table (idempotent)."""
    for name in _MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
