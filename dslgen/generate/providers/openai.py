"""``openai``: any OpenAI-compatible chat endpoint through the ``openai`` client.

OpenAI, DeepSeek, Qwen, a local vLLM or Ollama all work: set ``OPENAI_API_KEY``, ``OPENAI_BASE_URL``
and a model (``--model``, ``DSLGEN_MODEL`` or the config file). Rate limits (429) and 503 are
retried with exponential backoff capped at ``retry_cap`` seconds; every other failure becomes a
:class:`ProviderError` classified by what the server said (:mod:`dslgen.generate.providers.errors`), with a
Chinese message that keeps the server's words and never contains the key. Every HTTP request of a call is
kept in the reply's ``attempts`` (the transcript shows them). ``max_output_tokens`` is sent as ``max_tokens``,
and a chat that cannot fit the configured ``context_window`` is refused before it is sent.

Structured output (``structured_output``: ``auto`` by default): the model is asked for one JSON object
constrained by :func:`dslgen.generate.structured.answer_schema`; an endpoint that refuses the
``response_format`` (HTTP 400/422 that names no other cause) gets the fenced-YAML chat instead, for the rest
of the run.
"""

from __future__ import annotations

import threading
import time

import openai

from dslgen.errors import UsageError
from dslgen.generate.providers import Provider, ProviderError, Reply, Request, provider
from dslgen.generate.providers.errors import classify, timeout_hint
from dslgen.generate.tokens import count_messages, count_text
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


class _Refused(Exception):
    """The endpoint rejected the JSON-schema response format."""

    def __init__(self, error: ProviderError):
        super().__init__(error.message)
        self.error = error


def fit_error(model: str, prompt: int, max_tokens: int, window: int, where: str) -> UsageError:
    """The usage error for a chat of ``prompt`` tokens that, with ``max_tokens`` for the answer, exceeds ``window``."""
    room = f"，加上回答上限 max_tokens {max_tokens}" if max_tokens else ""
    return UsageError(
        f"提示词约 {prompt} tokens{room}，共 {prompt + max_tokens}，超过模型 {model} 的上下文 {window} tokens；没有调用模型",
        where=where or "context_window",
        hint="换上下文更长的模型，减小 max_tokens，或在 dslgen.toml 用 spec_budget 缩小规范节选（提示词按 tiktoken cl100k 计数）")


def _usage(completion, messages: list[dict], text: str) -> dict:
    """Token usage of one response: as the server reported it, else counted by the meter."""
    usage = getattr(completion, "usage", None)
    prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
    done = int(getattr(usage, "completion_tokens", 0) or 0)
    if prompt or done:
        return {"prompt_tokens": prompt, "completion_tokens": done, "source": "reported"}
    return {"prompt_tokens": count_messages(messages), "completion_tokens": count_text(text), "source": "counted"}


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

    def check_fit(self, messages) -> int:
        """The chat's input tokens by the meter; a :class:`UsageError` naming both numbers when it and the
        answer's ``max_tokens`` cannot fit the configured context window."""
        from dslgen.generate.structured import INSTRUCTION

        s = self.settings
        prompt = count_messages(messages) + (count_text(INSTRUCTION) if self._structured_ok is not False else 0)
        if s.context_window and prompt + s.max_output_tokens > s.context_window:
            raise fit_error(s.model, prompt, s.max_output_tokens, s.context_window, s.limits_from)
        return prompt

    def _client(self):
        s = self.settings
        return openai.OpenAI(api_key=s.api_key, base_url=s.base_url or None, timeout=s.timeout, max_retries=0)

    def complete(self, request: Request) -> Reply:
        """A structured (JSON-schema) answer where the endpoint supports it, else the fenced-YAML chat."""
        mode = str(self.settings.extra.get("structured_output", "auto"))
        try:
            self.check_fit(request.messages)
        except UsageError as exc:  # a repair round that outgrew the context: a failure, not a crash
            raise ProviderError("context_length", exc.message, hint=exc.hint) from None
        attempts: list[dict] = []
        if mode != "off" and self._structured_ok is not False:
            try:
                reply = self._ask(request, structured=True, attempts=attempts)
            except _Refused as refused:
                if mode == "json_schema":
                    raise ProviderError("config", refused.error.message, hint=refused.error.hint,
                                        attempts=attempts) from None
                attempts[-1]["outcome"] = "fallback"
                self._structured_ok = False
            else:
                self._structured_ok = True
                return reply
        return self._ask(request, structured=False, attempts=attempts)

    def _ask(self, request: Request, structured: bool, attempts: list[dict]) -> Reply:
        """Send the chat; retry 429/503 with capped backoff; map every failure to a ProviderError."""
        from dslgen.generate.structured import INSTRUCTION, response_format

        s = self.settings
        chat = [m.to_dict() for m in request.messages]
        kwargs: dict = {"model": s.model, "messages": chat, "temperature": 0}
        if s.max_output_tokens:
            kwargs["max_tokens"] = s.max_output_tokens
        if structured:  # the instruction rides on the last user message, so the chat keeps its shape
            if chat[-1]["role"] == "user":
                chat[-1] = {"role": "user", "content": f"{chat[-1]['content']}\n\n{INSTRUCTION}"}
            kwargs["response_format"] = response_format(patch=bool(request.patch_keys))
        client = self._client()
        retries = 0
        # One total deadline for the call (its retries included): the HTTP timeout is per read, so an
        # endpoint trickling a byte at a time would otherwise hold the command for minutes.
        deadline = time.monotonic() + s.timeout
        if self.deadline_at is not None:
            deadline = min(deadline, self.deadline_at)

        def fail(kind: str, message: str, hint: str, status: int | None = None, said: str = "") -> ProviderError:
            attempts[-1].update(outcome="error", kind=kind, status=status, **({"said": said} if said else {}))
            return ProviderError(kind, message, hint=hint, attempts=attempts)

        try:
            while True:
                started = time.monotonic()
                attempts.append({"structured": structured, "status": None, "outcome": "",
                                 "usage": {"prompt_tokens": count_messages(chat), "completion_tokens": 0,
                                           "source": "counted"}})
                try:
                    completion = _within(deadline, lambda: client.chat.completions.create(**kwargs))
                    attempts[-1]["elapsed_s"] = round(time.monotonic() - started, 3)
                    break
                except (openai.APITimeoutError, _DeadlinePassed):
                    attempts[-1]["elapsed_s"] = round(time.monotonic() - started, 3)
                    raise fail("timeout", f"模型服务在 {s.timeout:g} 秒内没有响应",
                               timeout_hint(s.base_url, s.timeout)) from None
                except openai.APIConnectionError as exc:
                    raise fail("connection", f"无法连接模型服务：{redact(str(exc))}", "检查 OPENAI_BASE_URL 与网络") from None
                except openai.APIStatusError as exc:
                    attempts[-1]["elapsed_s"] = round(time.monotonic() - started, 3)
                    status = int(getattr(exc, "status_code", 0) or 0)
                    body = getattr(exc, "body", None)
                    if body is None:
                        try:
                            body = exc.response.json()
                        except Exception:  # noqa: BLE001 - a non-JSON error page
                            body = exc.response.text[:2000] if exc.response is not None else ""
                    found = classify(status, body, structured=structured, model=s.model, base_url=s.base_url)
                    retryable = found.kind == "rate_limit" or status == 503
                    if retryable and retries < s.max_retries:
                        attempts[-1].update(outcome="retry", status=status, kind=found.kind, said=found.said)
                        delay = _retry_after(exc)
                        if delay is None:
                            delay = _BACKOFF_BASE * (2 ** retries)
                        time.sleep(min(delay, s.retry_cap))
                        retries += 1
                        continue
                    if found.kind == "format_refused":
                        error = fail(found.kind, found.message, found.hint, status, found.said)
                        raise _Refused(error) from None
                    message = found.message
                    if found.kind in ("rate_limit", "server") and retries:
                        message += f"（重试 {retries} 次后放弃）"
                    raise fail(found.kind, message, found.hint, status, found.said) from None
                except Exception as exc:  # malformed JSON, unexpected payloads from a third-party server
                    raise fail("malformed", f"模型服务返回了无法解析的响应（{type(exc).__name__}）",
                               "确认 OPENAI_BASE_URL 是 OpenAI 兼容的 /chat/completions 接口") from None
        finally:
            client.close()  # an abandoned call's connection is closed, so a local server can stop working on it
        try:
            choice = completion.choices[0]
            text = _text(choice.message.content)
            finish = str(choice.finish_reason or "")
        except (AttributeError, IndexError, TypeError):
            raise fail("malformed", "模型服务返回了无法解析的响应（没有 choices）",
                       "确认 OPENAI_BASE_URL 是 OpenAI 兼容的 /chat/completions 接口") from None
        usage = _usage(completion, chat, text)
        attempts[-1].update(outcome="answer", status=200, usage=usage, finish_reason=finish)
        reported = usage["source"] == "reported"
        return Reply(
            text=text,
            prompt_tokens=usage["prompt_tokens"] if reported else 0,
            completion_tokens=usage["completion_tokens"] if reported else 0,
            model=str(getattr(completion, "model", "") or s.model),
            finish_reason=finish,
            retries=retries,
            attempts=attempts,
        )
