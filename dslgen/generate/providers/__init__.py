"""The provider registry: where a drafted answer comes from (a model endpoint, the offline drafter, a replay).

A provider module registers itself with ``@provider("name")`` on a class derived from
:class:`Provider`; :func:`get` imports every module of this package first, so adding a provider is
adding one file here and nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable

from dslgen.errors import DslgenError, UsageError

_REGISTRY: dict[str, type["Provider"]] = {}


@dataclass(frozen=True)
class Message:
    """One chat message: ``role`` is ``system``, ``user`` or ``assistant``."""

    role: str
    content: str

    def to_dict(self) -> dict[str, str]:
        """Plain mapping for transcripts and JSON."""
        return {"role": self.role, "content": self.content}


@dataclass
class Request:
    """What the pipeline asks of a provider in one round.

    ``messages`` is the full chat (system prompt, few-shot pairs, description, and in repair rounds
    the previous answer and its findings). Structured copies of the inputs travel alongside so a
    provider that is not a chat model (the offline drafter) need not parse the prompt.
    """

    messages: list[Message]
    description: str
    round: int = 1
    findings: list[dict[str, Any]] = field(default_factory=list)
    previous_answer: str = ""
    name: str = ""
    catalog: list[Any] = field(default_factory=list)
    #: The top-level fields a repair round asks for alone (empty: a whole rule file is asked for).
    patch_keys: list[str] = field(default_factory=list)


@dataclass
class Reply:
    """A provider's answer text and the tokens it cost."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    model: str = ""
    finish_reason: str = ""
    #: HTTP attempts retried after a rate limit or 503 before this answer came.
    retries: int = 0
    #: Every HTTP request made for this answer, in order (structured attempts, fallbacks, retries):
    #: ``{structured, status, outcome, kind?, said?, usage, elapsed_s}``.
    attempts: list[dict[str, Any]] = field(default_factory=list)


class ProviderError(DslgenError):
    """A provider could not produce an answer (timeout, refused key, rate limit, server error…).

    ``kind`` is a stable English tag (``timeout`` ``auth`` ``rate_limit`` ``quota`` ``server`` ``connection``
    ``context_length`` ``model_not_found`` ``bad_request`` ``malformed`` ``truncated`` ``config``; see
    :mod:`dslgen.generate.providers.errors`); the message is Chinese, keeps what the server said and never
    contains a key.
    """

    exit_code = 1

    def __init__(self, kind: str, message: str, *, hint: str = "", attempts: list[dict[str, Any]] | None = None):
        super().__init__(message, hint=hint)
        self.kind = kind
        #: The HTTP requests made before the failure (see :attr:`Reply.attempts`).
        self.attempts = list(attempts or [])


@dataclass(frozen=True)
class Settings:
    """Provider configuration resolved from flags, environment and config files (see ``config``)."""

    model: str = ""
    base_url: str = ""
    api_key: str = ""
    #: Total seconds for one call, retries included (not per read).
    timeout: float = 60.0
    #: Total seconds for all the calls of one run.
    deadline: float = 600.0
    max_retries: int = 3
    retry_cap: float = 8.0
    transcript: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: Why the provider in force is not the one the environment suggested (shown to the user), or "".
    notice: str = ""
    #: The model's context in tokens (0: unknown, not checked).
    context_window: int = 0
    #: The answer's cap sent as ``max_tokens`` (0: not sent).
    max_output_tokens: int = 0
    #: Tokens the specification excerpt may take in the prompt (0: the default).
    spec_budget: int = 0
    #: The config file whose ``[models."…"]`` table set the limits ('' when none did).
    limits_from: str = ""

    def __repr__(self) -> str:  # never print the key
        return f"Settings(model={self.model!r}, base_url={self.base_url!r}, api_key={'***' if self.api_key else ''!r})"


class Provider:
    """Base class: turn a :class:`Request` into a :class:`Reply`.

    Subclasses set ``name`` through :func:`provider` and implement :meth:`complete`.
    ``deterministic`` providers give the same answer to the same request, so the repair loop stops
    as soon as an answer repeats.
    """

    name = ""
    deterministic = False
    #: False when findings sent back cannot change the answer (the offline drafter): one round only.
    can_repair = True
    #: True when the provider cannot draft without catalog examples (the offline drafter starts from one).
    needs_examples = False

    def __init__(self, settings: Settings):
        self.settings = settings
        #: ``time.monotonic()`` by which the whole run must be done (set by the pipeline); None: no limit.
        self.deadline_at: float | None = None

    @property
    def model(self) -> str:
        """The model name recorded in provenance."""
        return self.settings.model or self.name

    def check_config(self) -> None:
        """Raise a :class:`~dslgen.errors.UsageError` when the settings cannot work (no key, no model, a
        malformed base URL); called before any call, so a configuration mistake writes no draft."""

    def check_fit(self, messages: list[Message]) -> int:
        """The chat's input tokens by the meter (:mod:`dslgen.generate.tokens`); a usage error naming both
        numbers when it and the answer's ``max_tokens`` cannot fit the configured ``context_window``."""
        from dslgen.generate.tokens import count_messages

        prompt = count_messages(messages)
        s = self.settings
        if s.context_window and prompt + s.max_output_tokens > s.context_window:
            from dslgen.generate.providers.openai import fit_error

            raise fit_error(s.model, prompt, s.max_output_tokens, s.context_window, s.limits_from)
        return prompt

    def complete(self, request: Request) -> Reply:  # pragma: no cover - interface
        """Answer one round."""
        raise NotImplementedError


def provider(name: str) -> Callable[[type[Provider]], type[Provider]]:
    """Class decorator registering a provider under ``name``."""

    def deco(cls: type[Provider]) -> type[Provider]:
        """Register ``cls`` and name it."""
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise ValueError(f"provider {name!r} registered twice")
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def names() -> list[str]:
    """Every registered provider name, sorted."""
    _load_all()
    return sorted(_REGISTRY)


def get(name: str) -> type[Provider]:
    """The provider class registered as ``name``; a usage error naming the known ones otherwise."""
    _load_all()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UsageError(
            f"未知的模型提供方：{name}",
            where="--provider",
            hint=f"可用：{'、'.join(sorted(_REGISTRY))}",
        ) from None
