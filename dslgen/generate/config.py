"""Settings a designer sets once: one config file per project and one per user.

Where a value comes from, first match wins:

1. the command-line flag (``--games 200``);
2. the environment (``DSLGEN_GAMES=200``; see :data:`SETTINGS` for each name);
3. the project's config: the nearest ``dslgen.toml``, or ``[tool.dslgen]`` in the
   nearest ``pyproject.toml``, from the current directory upwards;
4. the user's config: ``config.toml`` in ``click.get_app_dir("dslgen")``
   (``~/.config/dslgen/config.toml`` on Linux);
5. the command's own default.

Keys are the setting names (top level, or under ``[generate]`` as older files wrote
them). ``dslgen config show`` prints every value with the place it came from. The
API key is read from ``OPENAI_API_KEY`` only — never from a file a project might
commit (a key in a config file is ignored, and ``config show`` says so).
"""

from __future__ import annotations

import difflib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from dslgen.errors import UsageError
from dslgen.generate.providers import Settings

PROJECT_FILE = "dslgen.toml"
USER_FILE = "config.toml"


@dataclass(frozen=True)
class Setting:
    """One configurable value: its key, environment variable, the flags it feeds and its meaning."""

    key: str
    env: str
    help: str
    #: Names of the click parameters this setting is the default of (in every command that has them).
    params: tuple[str, ...] = ()


SETTINGS: tuple[Setting, ...] = (
    Setting("provider", "DSLGEN_PROVIDER", "模型提供方：openai / offline / replay", ("provider",)),
    Setting("model", "DSLGEN_MODEL", "模型名", ("model",)),
    Setting("base_url", "OPENAI_BASE_URL", "OpenAI 兼容接口的地址"),
    Setting("games", "DSLGEN_GAMES", "模拟局数（new、simulate、review、approve、batch）", ("games",)),
    Setting("jobs", "DSLGEN_JOBS", "并行进程数（正整数或 auto）", ("jobs",)),
    Setting("catalog", "DSLGEN_CATALOG", "玩法目录（默认随软件包附带的玩法目录，在源码仓库中即 dsl-examples/）", ("catalog",)),
    Setting("reviewer", "DSLGEN_REVIEWER", "审核人（approve、reject）", ("reviewer",)),
    Setting("timeout", "DSLGEN_TIMEOUT", "一次模型调用的总时限（秒，含重试）"),
    Setting("deadline", "DSLGEN_DEADLINE", "一次 new 全部模型调用的总时限（秒）"),
    Setting("max_retries", "DSLGEN_MAX_RETRIES", "模型调用失败重试次数"),
    Setting("retry_cap", "DSLGEN_RETRY_CAP", "重试等待上限（秒）"),
    Setting("transcript", "DSLGEN_REPLAY", "replay 回放的草稿目录"),
    Setting("context_window", "DSLGEN_CONTEXT",
            "模型的上下文长度（tokens）；提示词加回答上限放不下时调用前报错。也可按模型写在 [models.\"模型名\"] 表中"),
    Setting("max_output_tokens", "DSLGEN_MAX_OUTPUT",
            "每次调用回答的上限（发送为 max_tokens）；也可按模型写在 [models.\"模型名\"] 表的 max_tokens"),
    Setting("spec_budget", "DSLGEN_SPEC_BUDGET", "提示词中规范节选最多占多少 tokens（默认 3200）"),
    Setting("structured_output", "DSLGEN_STRUCTURED",
            "模型回答格式：auto（端点支持时用 JSON Schema 结构化回答，不支持时退回 ```yaml）/ json_schema / off"),
)
BY_KEY = {s.key: s for s in SETTINGS}
#: Keys accepted in a file but never used (the key lives in the environment only).
IGNORED_KEYS = ("api_key",)
#: The table of per-model settings: ``[models."name"]`` with these keys (``max_tokens`` is ``max_output_tokens``).
MODELS_KEY = "models"
MODEL_KEYS = {"context_window": "context_window", "max_tokens": "max_output_tokens", "spec_budget": "spec_budget"}


@dataclass(frozen=True)
class Value:
    """A setting's effective value and where it came from: ``env``, ``project``, ``user`` or ``default``."""

    key: str
    value: Any
    source: str
    #: The environment variable or config file path that supplied it.
    where: str = ""


# --- files ---------------------------------------------------------------------------


def user_file() -> Path:
    """The user's config file (it may not exist)."""
    return Path(click.get_app_dir("dslgen")) / USER_FILE


def project_file(cwd: Path | None = None) -> Path | None:
    """The nearest ``dslgen.toml``, or ``pyproject.toml`` with ``[tool.dslgen]``, from ``cwd`` upwards."""
    start = (cwd or Path.cwd()).resolve()
    for folder in (start, *start.parents):
        candidate = folder / PROJECT_FILE
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and "dslgen" in (_parse(pyproject).get("tool") or {}):
            return pyproject
    return None


def config_files(cwd: Path | None = None) -> list[tuple[str, Path]]:
    """``(source, path)`` of the config files that exist, in precedence order (first wins)."""
    found = []
    project = project_file(cwd)
    if project is not None:
        found.append(("project", project))
    if user_file().is_file():
        found.append(("user", user_file()))
    return found


def _parse(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"配置文件无法解析：{exc}", where=str(path), hint="检查 TOML 语法") from None
    except OSError as exc:
        raise UsageError(f"配置文件无法读取：{exc.strerror or exc}", where=str(path), hint="检查文件权限") from None


def read_file(path: Path) -> dict[str, Any]:
    """The settings one config file holds; an unknown key is a usage error naming the file."""
    data = _parse(path)
    if path.name == "pyproject.toml":
        data = (data.get("tool") or {}).get("dslgen") or {}
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key == "generate" and isinstance(value, dict):
            flat.update(value)
        else:
            flat[key] = value
    models = flat.pop(MODELS_KEY, None)
    if models is not None:
        flat[MODELS_KEY] = _model_tables(models, path)
    for key in flat:
        if key not in BY_KEY and key not in IGNORED_KEYS and key != MODELS_KEY:
            close = difflib.get_close_matches(key, list(BY_KEY), n=1)
            hint = f"是否想写 “{close[0]}”？" if close else f"可用的键：{', '.join(BY_KEY)}"
            raise UsageError(f"配置文件中有未知的键 “{key}”", where=str(path), hint=hint)
    return flat


def _model_tables(models: Any, path: Path) -> dict[str, dict[str, int]]:
    """``[models."name"]`` tables checked: known keys, positive integers."""
    if not isinstance(models, dict) or not all(isinstance(v, dict) for v in models.values()):
        raise UsageError("models 应当是按模型名分的表，如 [models.\"gpt-4o-mini\"]", where=str(path),
                         hint='[models."smollm2"]\ncontext_window = 8192\nmax_tokens = 1024')
    out: dict[str, dict[str, int]] = {}
    for name, table in models.items():
        for key, value in table.items():
            if key not in MODEL_KEYS:
                close = difflib.get_close_matches(key, list(MODEL_KEYS), n=1)
                raise UsageError(f"models.{name} 中有未知的键 “{key}”", where=str(path),
                                 hint=f"是否想写 “{close[0]}”？" if close else f"可用的键：{', '.join(MODEL_KEYS)}")
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise UsageError(f"models.{name}.{key} 应当是正整数：{value!r}", where=str(path))
        out[str(name)] = {MODEL_KEYS[k]: v for k, v in table.items()}
    return out


def model_table(model: str, cwd: Path | None = None) -> tuple[dict[str, int], str]:
    """The ``[models."<model>"]`` settings for ``model`` (project over user) and the file they came from."""
    for _, path in config_files(cwd):
        table = (read_file(path).get(MODELS_KEY) or {}).get(model)
        if table:
            return table, str(path)
    return {}, ""


def read_config(cwd: Path | None = None) -> dict[str, Any]:
    """Merged settings of the config files (project over user), without the environment."""
    merged: dict[str, Any] = {}
    for _, path in reversed(config_files(cwd)):
        merged.update({k: v for k, v in read_file(path).items() if k not in IGNORED_KEYS})
    return merged


def values(cwd: Path | None = None) -> dict[str, Value]:
    """Every setting's value from the environment or a config file (absent when neither sets it)."""
    out: dict[str, Value] = {}
    for source, path in reversed(config_files(cwd)):
        for key, value in read_file(path).items():
            if key in BY_KEY:
                out[key] = Value(key, value, source, str(path))
    for setting in SETTINGS:
        raw = os.environ.get(setting.env, "")
        if raw.strip():
            out[setting.key] = Value(setting.key, raw, "env", setting.env)
    return out


def ignored_keys(cwd: Path | None = None) -> list[tuple[str, Path]]:
    """``(key, file)`` for keys a config file holds but dslgen never reads from a file (``api_key``)."""
    return [(k, p) for _, p in config_files(cwd) for k in read_file(p) if k in IGNORED_KEYS]


# --- the CLI ---------------------------------------------------------------------------


def default_map(group: click.Group, found: dict[str, Value]) -> dict[str, Any]:
    """click's ``default_map`` for ``group``: each command's parameters that a setting feeds.

    A value that a command's parameter cannot take (``jobs = "auto"`` for ``batch``,
    which wants a number) becomes a usage error naming the setting and where it was
    set — raised only when that command runs without the flag, so other commands and
    an explicit flag are unaffected.
    """
    params = {name: s for s in SETTINGS for name in s.params}
    out: dict[str, Any] = {}
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            sub = default_map(cmd, found)
            if sub:
                out[name] = sub
            continue
        entry = {}
        for param in cmd.params:
            setting = params.get(param.name or "")
            if setting is not None and setting.key in found:
                entry[param.name] = _checked(name, param, found[setting.key])
        if entry:
            out[name] = entry
    return out


def _checked(command: str, param: click.Parameter, value: Value) -> Any:
    try:
        param.type.convert(value.value, param, None)
    except click.BadParameter as exc:
        message = exc.message

        def fail() -> Any:
            raise UsageError(
                f"设置 {value.key} = {value.value!r} 不适用于 dslgen {command} 的 --{param.name}：{message}",
                where=value.where,
                hint=f"在命令行用 --{param.name} 指定，或修改 {value.where}",
            )

        return fail
    return value.value


# --- model settings --------------------------------------------------------------------


def _number(value: Any, name: str, cast):
    try:
        return cast(value)
    except (TypeError, ValueError):
        raise UsageError(f"{name} 应当是数字：{value!r}", where=name) from None


STRUCTURED_MODES = ("auto", "json_schema", "off")
#: What the model settings are when nothing sets them (``config show`` prints these).
MODEL_DEFAULTS: dict[str, Any] = {"timeout": 60, "deadline": 600, "max_retries": 3, "retry_cap": 8,
                                  "structured_output": "auto"}


#: What the per-model limits are when nothing sets them.
LIMIT_DEFAULTS = {"context_window": "无（不检查）", "max_output_tokens": "无（不发送）",
                  "spec_budget": "3200"}


def default_text(key: str, commands: dict[str, Any] | None = None) -> str:
    """What setting ``key`` is when nothing sets it, as ``config show`` prints it: a click parameter's default
    read from the commands that have it (``auto``；batch 为 1), else the documented behaviour."""
    from dslgen.generate.examples import catalog_dir

    setting = BY_KEY[key]
    if key == "provider":
        has_key = bool(os.environ.get("OPENAI_API_KEY", "").strip())
        return ("openai（已设置 OPENAI_API_KEY；没有指定模型时改用 offline）" if has_key
                else "offline（未设置 OPENAI_API_KEY）")
    if key == "catalog":
        return str(catalog_dir(None).resolve())
    if key in MODEL_DEFAULTS:
        return str(MODEL_DEFAULTS[key])
    if key in LIMIT_DEFAULTS:
        return LIMIT_DEFAULTS[key]
    if key == "base_url":
        return "https://api.openai.com/v1（openai 客户端的默认地址）"
    import click.core

    unset = (None, getattr(click.core, "UNSET", None))  # click 8.2+ marks "no default" with a sentinel
    found: dict[str, list[str]] = {}
    for name, cmd in sorted((commands or {}).items()):
        for param in getattr(cmd, "params", []):
            if param.name in setting.params and param.default not in unset and not callable(param.default):
                found.setdefault(str(param.default), []).append(name)
    if not found:
        return "无（命令要求时在命令行给出）" if key == "reviewer" else "无"
    ordered = sorted(found.items(), key=lambda kv: -len(kv[1]))
    head = ordered[0][0]
    rest = "；".join(f"{'、'.join(names)} 为 {value}" for value, names in ordered[1:])
    return f"{head}（{rest}）" if rest else head


def _structured(value: Any) -> str:
    mode = str(value).strip().lower()
    if mode not in STRUCTURED_MODES:
        raise UsageError(f"structured_output 只能是 {' / '.join(STRUCTURED_MODES)}：{value!r}", where="structured_output",
                         hint="auto：端点支持时用 JSON Schema 结构化回答，不支持时退回 ```yaml 回答")
    return mode


def _limits(model: str, found: dict[str, Value], cwd: Path | None) -> dict[str, Any]:
    """``context_window``, ``max_output_tokens`` and ``spec_budget``: the environment, then the model's own
    ``[models."…"]`` table, then the top-level keys of the config files; 0 when nothing sets them."""
    table, where = model_table(model, cwd) if model else ({}, "")
    out: dict[str, Any] = {}
    for key in ("context_window", "max_output_tokens", "spec_budget"):
        value = found.get(key)
        if value is not None and value.source == "env":
            raw = value.value
        elif key in table:
            raw = table[key]
        else:
            raw = value.value if value is not None else 0
        number = _number(raw, key, int)
        if number < 0:
            raise UsageError(f"{key} 不能为负数：{raw!r}", where=key)
        out[key] = number
    out["limits_from"] = where
    return out


def resolve(provider: str | None, model: str | None, cwd: Path | None = None) -> tuple[str, Settings]:
    """The provider name and its settings.

    Without ``--provider`` the choice is the configured ``provider``, else ``openai``
    when ``OPENAI_API_KEY`` is set *and* a model is named, else ``offline`` — so a fresh machine needs
    no key, and a key exported for another tool does not break the quick start (the settings'
    ``notice`` says why the offline drafter was used).
    """
    found = values(cwd)

    def get(key: str, default: Any = "") -> Any:
        return found[key].value if key in found else default

    key = os.environ.get("OPENAI_API_KEY", "").strip()
    chosen = model or str(get("model") or "")
    name = provider or get("provider") or ("openai" if key else "offline")
    notice = ""
    if not provider and not get("provider") and key and not chosen:
        # a key exported for another tool is no request to call a model whose name nobody gave
        name = "offline"
        notice = ("环境变量 OPENAI_API_KEY 已设置，但没有指定模型，因此用离线起草器起草；要用模型起草，"
                  "请用 --model、环境变量 DSLGEN_MODEL 或 dslgen.toml 的 model 指定模型名称")
    settings = Settings(
        model=chosen,
        notice=notice,
        base_url=str(get("base_url") or ""),
        api_key=key,
        timeout=_number(get("timeout", MODEL_DEFAULTS["timeout"]), "timeout", float),
        deadline=_number(get("deadline", MODEL_DEFAULTS["deadline"]), "deadline", float),
        max_retries=_number(get("max_retries", MODEL_DEFAULTS["max_retries"]), "max_retries", int),
        retry_cap=_number(get("retry_cap", MODEL_DEFAULTS["retry_cap"]), "retry_cap", float),
        transcript=str(get("transcript") or ""),
        extra={"structured_output": _structured(get("structured_output") or MODEL_DEFAULTS["structured_output"])},
        **_limits(chosen, found, cwd),
    )
    return str(name), settings
