"""What an OpenAI-compatible endpoint's refusal means, read from what the server said.

:func:`classify` turns an HTTP status and the error body into a stable ``kind``, a Chinese message that
keeps the server's own words (masked by :func:`dslgen.secrets.redact`, at most :data:`MAX_SAID` characters)
and a hint for the fix. Kinds: ``context_length`` (the prompt does not fit), ``format_refused`` (the
endpoint rejects ``response_format``: the only case the provider falls back to fenced YAML), ``auth``,
``model_not_found``, ``rate_limit``, ``quota``, ``server``, ``bad_request``. A 400/422 to a structured
request that names nothing else is taken as a refusal of the format, since servers without JSON-schema
support often answer it with a bare "unsupported".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from dslgen.secrets import redact

MAX_SAID = 400
_CONTEXT = re.compile(r"context[_ ]length|context window|maximum context|n_ctx|too many tokens|prompt is too long|"
                      r"input is too long|exceeds? (?:the )?(?:available )?context|tokens? exceeds?|"
                      r"reduce the length|longer than the model", re.I)
_MODEL = re.compile(r"model[^.]{0,80}(?:not found|does not exist|not exist|unknown|not available|no such)|"
                    r"(?:unknown|no such|invalid) model|model_not_found", re.I)

_QUOTA = re.compile(r"insufficient_quota|quota|billing|余额", re.I)


@dataclass(frozen=True)
class Classified:
    """One failure: its kind, the Chinese message (with the server's words) and the hint."""

    kind: str
    message: str
    hint: str
    said: str


def server_said(body: Any, fallback: str = "") -> tuple[str, str]:
    """``(message, code)`` from an error body (``{"error": {...}}``, the error object itself, or text)."""
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict):
            return str(inner.get("message") or fallback or ""), str(inner.get("code") or inner.get("type") or "")
        return str(inner), ""
    return str(body or fallback or ""), ""


def _short(text: str) -> str:
    text = redact(" ".join(str(text).split()))
    return text if len(text) <= MAX_SAID else text[:MAX_SAID] + "…"


def classify(status: int, body: Any, *, structured: bool, model: str, base_url: str, fallback: str = "") -> Classified:
    """The kind of an HTTP error response, by what the server said (its message and code) and its status."""
    said, code = server_said(body, fallback)
    said = _short(said)
    text = f"{code} {said}"
    quote = f"：{said}" if said else ""
    where = base_url or "OPENAI_BASE_URL"
    if _CONTEXT.search(text):
        return Classified("context_length", f"提示词超出模型 {model} 的上下文长度（HTTP {status}）{quote}",
                          "在 dslgen.toml 的 [models.\"…\"] 表中写明 context_window 与 max_tokens（调用前就会检查），"
                          "换上下文更长的模型，或用 spec_budget 减小规范节选", said)
    if status in (401, 403):
        return Classified("auth", f"模型服务拒绝了 API 密钥（HTTP {status}）{quote}",
                          "检查 OPENAI_API_KEY 是否正确、是否属于 OPENAI_BASE_URL 对应的服务", said)
    if status == 404 or _MODEL.search(text):
        return Classified("model_not_found", f"模型服务上没有模型 {model}（HTTP {status}）{quote}",
                          f"检查 --model / DSLGEN_MODEL 的名称是否是 {where} 上提供的模型（GET /v1/models 可列出）", said)
    if status == 429:
        if _QUOTA.search(text):
            return Classified("quota", f"模型服务的额度已用完（HTTP 429）{quote}", "检查账户余额或额度；重试无用", said)
        return Classified("rate_limit", f"模型服务持续限流（HTTP 429）{quote}", "稍后再试，或降低并发（--jobs）", said)
    if status >= 500:
        return Classified("server", f"模型服务内部错误（HTTP {status}）{quote}",
                          f"稍后再试；若持续出现，检查 {where} 上的服务日志", said)
    if status in (400, 422) and structured:
        return Classified("format_refused", f"模型服务不支持 JSON Schema 结构化回答（response_format 被拒绝，HTTP {status}）{quote}",
                          "设置 DSLGEN_STRUCTURED=auto 或 off，改用 ```yaml 回答", said)
    return Classified("bad_request", f"模型服务拒绝了请求（HTTP {status}）{quote}",
                      f"检查模型名称与 {where}；服务的原话见上", said)


def is_local(base_url: str) -> bool:
    """True when the endpoint runs on this machine or a private network (a local model server)."""
    from urllib.parse import urlsplit

    try:
        host = (urlsplit(base_url).hostname or "").lower()
    except ValueError:
        return False
    return (host in ("localhost", "::1") or host.startswith("127.") or host.startswith("10.")
            or host.startswith("192.168.") or bool(re.match(r"172\.(1[6-9]|2\d|3[01])\.", host))
            or host.endswith(".local"))


def timeout_hint(base_url: str, timeout: float) -> str:
    """The fix for a call that got no answer in ``timeout`` seconds: for a local server, its speed."""
    if is_local(base_url):
        return (f"本地模型服务在 {timeout:g} 秒内没有答完：CPU 上的小模型读入几千 tokens 的提示词就要几十秒。"
                "调大 DSLGEN_TIMEOUT（或 dslgen.toml 的 timeout），减小 max_tokens，并确认服务没有同时处理别的请求"
                "（已放弃的请求连接已关闭）")
    return "检查网络与服务状态，或用 DSLGEN_TIMEOUT 调大超时"
