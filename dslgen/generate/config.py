"""Which provider and model to use: flags, then environment, then ``./dslgen.toml``, then
``~/.config/dslgen/config.toml``.

Recognised config keys (top level or under ``[generate]``): ``provider``, ``model``, ``base_url``,
``timeout``, ``max_retries``, ``transcript``, ``structured_output`` (``auto`` — ask for a JSON-schema answer
and fall back to fenced YAML when the endpoint refuses it —, ``json_schema`` or ``off``; also
``DSLGEN_STRUCTURED``). The API key is read from ``OPENAI_API_KEY`` only —
never from a file the project might commit.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from dslgen.errors import UsageError
from dslgen.generate.providers import Settings


def config_files(cwd: Path | None = None) -> list[Path]:
    """Config files in precedence order (first wins)."""
    home = Path(os.environ.get("HOME") or Path.home())
    return [(cwd or Path.cwd()) / "dslgen.toml", home / ".config" / "dslgen" / "config.toml"]


def read_config(cwd: Path | None = None) -> dict[str, Any]:
    """Merged config mapping; a broken file is a usage error naming it."""
    merged: dict[str, Any] = {}
    for path in reversed(config_files(cwd)):
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"配置文件无法解析：{exc}", where=str(path), hint="检查 TOML 语法") from None
        section = data.get("generate", data)
        if isinstance(section, dict):
            merged.update({k: v for k, v in section.items() if k != "api_key"})
    return merged


def _number(value: Any, name: str, cast):
    try:
        return cast(value)
    except (TypeError, ValueError):
        raise UsageError(f"{name} 应当是数字：{value!r}", where=name) from None


STRUCTURED_MODES = ("auto", "json_schema", "off")


def _structured(value: Any) -> str:
    mode = str(value).strip().lower()
    if mode not in STRUCTURED_MODES:
        raise UsageError(f"structured_output 只能是 {' / '.join(STRUCTURED_MODES)}：{value!r}", where="structured_output",
                         hint="auto：端点支持时用 JSON Schema 结构化回答，不支持时退回 ```yaml 回答")
    return mode


def resolve(provider: str | None, model: str | None, cwd: Path | None = None) -> tuple[str, Settings]:
    """The provider name and its settings.

    Without ``--provider`` the choice is the config's ``provider``, else ``openai`` when
    ``OPENAI_API_KEY`` is set, else ``offline`` — so a fresh machine needs no key.
    """
    env = os.environ
    conf = read_config(cwd)
    key = env.get("OPENAI_API_KEY", "").strip()
    name = provider or env.get("DSLGEN_PROVIDER") or conf.get("provider") or ("openai" if key else "offline")
    settings = Settings(
        model=model or env.get("DSLGEN_MODEL") or str(conf.get("model") or ""),
        base_url=env.get("OPENAI_BASE_URL") or str(conf.get("base_url") or ""),
        api_key=key,
        timeout=_number(env.get("DSLGEN_TIMEOUT") or conf.get("timeout") or 60, "timeout", float),
        max_retries=_number(env.get("DSLGEN_MAX_RETRIES") or conf.get("max_retries") or 3, "max_retries", int),
        retry_cap=_number(env.get("DSLGEN_RETRY_CAP") or conf.get("retry_cap") or 8, "retry_cap", float),
        transcript=env.get("DSLGEN_REPLAY") or str(conf.get("transcript") or ""),
        extra={"structured_output": _structured(env.get("DSLGEN_STRUCTURED") or conf.get("structured_output") or "auto")},
    )
    return str(name), settings
