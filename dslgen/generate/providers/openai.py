"""``openai``: any OpenAI-compatible chat endpoint through langchain-openai's ``ChatOpenAI``.

OpenAI, DeepSeek, Qwen, a local vLLM or Ollama all work: set ``OPENAI_API_KEY``, ``OPENAI_BASE_URL``
and a model (``--model``, ``DSLGEN_MODEL`` or the config file). Rate limits (429) and 503 are
retried with exponential backoff capped at ``retry_cap`` seconds; every other failure becomes a
:class:`ProviderError` with a Chinese message that never contains the key.

Structured output (``structured_output``: ``auto`` by default): the model is asked for one JSON object
constrained by :func:`dslgen.generate.structured.answer_schema`; an endpoint that refuses the
``response_format`` (HTTP 400/422) gets the fenced-YAML chat instead, for the rest of the run.
"""

from __future__ import annotations

import threading
import time

import openai

from dslgen.errors import UsageError
from dslgen.generate.providers import Provider, ProviderError, Reply, Request, provider
from dslgen.secrets import redact

_BACKOFF_BASE = 0.5


def _retry_after(exc: Exception) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None) or {}
    value = headers.get("retry-after") if hasattr(headers, "get") else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


def _text(content) -> str:
    if isinstance(content, str):
        return content
    parts = []
    for part in content or []:
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, dict) and isinstance(part.get("text"), str):
            parts.append(part["text"])
    return "".join(parts)


class _DeadlinePassed(Exception):
    """The call's total deadline passed before an answer arrived."""


def _within(deadline: float, call):
    """``call()`` in a daemon thread; :class:`_DeadlinePassed` when ``deadline`` (monotonic) passes first.

    The abandoned thread ends with its socket (the HTTP timeout still applies to it) and never keeps
    the process alive.
    """
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the caller below
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True, name="model-call")
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if worker.is_alive():
        raise _DeadlinePassed()
    if "error" in box:
        raise box["error"]
    return box["value"]


def _truncated(completion, model: str, retries: int) -> Reply:
    """The partial answer of a completion cut at the token limit (the repair loop reports it as G002)."""
    choice = completion.choices[0] if completion.choices else None
    usage = completion.usage
    return Reply(text=(choice.message.content if choice else "") or "", model=str(completion.model or model),
                 prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
                 completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
                 finish_reason="length", retries=retries)


class _Refused(Exception):
    """The endpoint rejected the JSON-schema response format."""


@provider("openai")
class OpenAIProvider(Provider):
    """Chat completions against an OpenAI-compatible endpoint."""

    #: None until tried; False once the endpoint refused a structured answer.
    _structured_ok: bool | None = None

    def check_config(self) -> None:
        """Key, model and base URL must be usable before anything is sent."""
        from urllib.parse import urlsplit

        s = self.settings
        if not s.api_key:
            raise UsageError("未配置 API 密钥，无法调用模型服务", where="OPENAI_API_KEY",
                             hint="设置环境变量 OPENAI_API_KEY，或使用 --provider offline 离线起草")
        if not s.model:
            raise UsageError("未指定模型名称", where="--model",
                             hint="用 --model、环境变量 DSLGEN_MODEL 或配置文件 dslgen.toml 的 model 指定")
        if s.base_url:
            try:
                parts = urlsplit(s.base_url)
                ok = parts.scheme in ("http", "https") and bool(parts.hostname)
                parts.port  # noqa: B018 - raises ValueError for a malformed port
            except ValueError:
                ok = False
            if not ok or any(c.isspace() for c in s.base_url):
                raise UsageError(f"模型服务地址不合法：{s.base_url}", where="OPENAI_BASE_URL",
                                 hint="应为 http(s)://主机[:端口]/路径，例如 https://api.openai.com/v1")

    def _client(self):
        from langchain_openai import ChatOpenAI

        s = self.settings
        if not s.api_key:
            raise ProviderError("config", "未配置 API 密钥，无法调用模型服务",
                                hint="设置环境变量 OPENAI_API_KEY，或使用 --provider offline 离线起草")
        if not s.model:
            raise ProviderError("config", "未指定模型名称",
                                hint="用 --model、环境变量 DSLGEN_MODEL 或配置文件 dslgen.toml 的 model 指定")
        return ChatOpenAI(model=s.model, api_key=s.api_key, base_url=s.base_url or None,
                          timeout=s.timeout, max_retries=0, temperature=0)

    def complete(self, request: Request) -> Reply:
        """A structured (JSON-schema) answer where the endpoint supports it, else the fenced-YAML chat."""
        mode = str(self.settings.extra.get("structured_output", "auto"))
        if mode != "off" and self._structured_ok is not False:
            try:
                reply = self._ask(request, structured=True)
            except _Refused:
                if mode == "json_schema":
                    raise ProviderError("config", "模型服务不支持 JSON Schema 结构化回答（response_format 被拒绝）",
                                        hint="设置 DSLGEN_STRUCTURED=auto 或 off，改用 ```yaml 回答") from None
                self._structured_ok = False
            else:
                self._structured_ok = True
                return reply
        return self._ask(request, structured=False)

    def _ask(self, request: Request, structured: bool) -> Reply:
        """Send the chat; retry 429/503 with capped backoff; map every failure to a ProviderError."""
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        from dslgen.generate.structured import INSTRUCTION, response_format

        kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
        chat = [kinds[m.role](content=m.content) for m in request.messages]
        kwargs = {}
        if structured:  # the instruction rides on the last user message, so the chat keeps its shape
            last = chat[-1]
            chat[-1] = kinds["user"](content=f"{last.content}\n\n{INSTRUCTION}") if isinstance(last, HumanMessage) else last
            kwargs["response_format"] = response_format()
        llm = self._client()
        attempt = 0
        # One total deadline for the call (its retries included): the HTTP timeout is per read, so an
        # endpoint trickling a byte at a time would otherwise hold the command for minutes.
        deadline = time.monotonic() + self.settings.timeout
        if self.deadline_at is not None:
            deadline = min(deadline, self.deadline_at)
        while True:
            try:
                message = _within(deadline, lambda: llm.invoke(chat, **kwargs))
                break
            except openai.LengthFinishReasonError as exc:  # the structured path refuses to parse a cut answer
                return _truncated(exc.completion, self.settings.model, attempt)
            except (openai.BadRequestError, openai.UnprocessableEntityError):
                if structured:
                    raise _Refused() from None
                raise ProviderError("server", "模型服务拒绝了请求（HTTP 400）",
                                    hint="检查模型名称与 OPENAI_BASE_URL") from None
            except (openai.RateLimitError, openai.InternalServerError) as exc:
                status = getattr(exc, "status_code", 0)
                retryable = isinstance(exc, openai.RateLimitError) or status == 503
                if retryable and attempt < self.settings.max_retries:
                    delay = _retry_after(exc)
                    if delay is None:
                        delay = _BACKOFF_BASE * (2 ** attempt)
                    time.sleep(min(delay, self.settings.retry_cap))
                    attempt += 1
                    continue
                if isinstance(exc, openai.RateLimitError):
                    raise ProviderError("rate_limit", f"模型服务持续限流（HTTP 429），重试 {attempt} 次后放弃",
                                        hint="稍后再试，或降低并发（--jobs）") from None
                raise ProviderError("server", f"模型服务内部错误（HTTP {status}）",
                                    hint="稍后再试；若持续出现，检查 OPENAI_BASE_URL 指向的服务") from None
            except (openai.AuthenticationError, openai.PermissionDeniedError) as exc:
                raise ProviderError("auth", f"模型服务拒绝了 API 密钥（HTTP {exc.status_code}）",
                                    hint="检查 OPENAI_API_KEY 是否正确、是否属于 OPENAI_BASE_URL 对应的服务") from None
            except (openai.APITimeoutError, _DeadlinePassed):
                raise ProviderError("timeout", f"模型服务在 {self.settings.timeout:g} 秒内没有响应",
                                    hint="检查网络与服务状态，或用 DSLGEN_TIMEOUT 调大超时") from None
            except openai.APIConnectionError as exc:
                raise ProviderError("connection", f"无法连接模型服务：{redact(str(exc))}",
                                    hint="检查 OPENAI_BASE_URL 与网络") from None
            except openai.APIStatusError as exc:
                raise ProviderError("server", f"模型服务返回错误（HTTP {exc.status_code}）",
                                    hint="检查模型名称与 OPENAI_BASE_URL") from None
            except Exception as exc:  # malformed JSON, unexpected payloads from a third-party server
                raise ProviderError("malformed", f"模型服务返回了无法解析的响应（{type(exc).__name__}）",
                                    hint="确认 OPENAI_BASE_URL 是 OpenAI 兼容的 /chat/completions 接口") from None
        usage = getattr(message, "usage_metadata", None) or {}
        meta = getattr(message, "response_metadata", None) or {}
        return Reply(
            text=_text(message.content),
            prompt_tokens=int(usage.get("input_tokens", 0) or 0),
            completion_tokens=int(usage.get("output_tokens", 0) or 0),
            model=str(meta.get("model_name") or self.settings.model),
            finish_reason=str(meta.get("finish_reason") or ""),
            retries=attempt,
        )
