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


class ProviderError(DslgenError):
    """A provider could not produce an answer (timeout, refused key, rate limit, server error…).

    ``kind`` is a stable English tag (``timeout`` ``auth`` ``rate_limit`` ``server`` ``connection``
    ``malformed`` ``truncated`` ``config``); the message is Chinese and never contains a key.
    """

    exit_code = 1

    def __init__(self, kind: str, message: str, *, hint: str = ""):
        super().__init__(message, hint=hint)
        self.kind = kind


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
