"""The configured API keys, and their removal from text and data before anything leaves the process.

Only values actually configured are removed (today ``OPENAI_API_KEY``, and any other ``*_API_KEY``
variable): guessing at "key-shaped" words would rewrite a user's description or a model's game name
(``key-mahjong2024``) and, applied to serialised YAML, turn a scalar into an alias. The mask is a plain
word, so masked text stays valid YAML, JSON, Markdown and HTML.
"""

from __future__ import annotations

import os
from typing import Any

#: What a secret is replaced with.
MASK = "REDACTED"
#: Values shorter than this are not treated as secrets (masking "1234" everywhere would corrupt output).
MIN_LENGTH = 8


def known_secrets() -> list[str]:
    """Secret values currently configured, longest first."""
    values = {
        value.strip() for name, value in os.environ.items()
        if (name == "OPENAI_API_KEY" or name.endswith("_API_KEY")) and len(value.strip()) >= MIN_LENGTH
    }
    return sorted(values, key=len, reverse=True)


def redact(text: str, extra: list[str] | tuple[str, ...] = ()) -> str:
    """``text`` with every configured key value (and each of ``extra``) replaced by :data:`MASK`."""
    if not text or not isinstance(text, str):
        return text
    for secret in [*known_secrets(), *extra]:
        if secret and len(secret) >= MIN_LENGTH and secret in text:
            text = text.replace(secret, MASK)
    return text


def redact_data(value: Any) -> Any:
    """``value`` (plain data: mappings, lists, strings…) with every string, key or value, passed through :func:`redact`.

    Used before serialising, so a masked value can never change the document's structure.
    """
    if not known_secrets():
        return value
    return _walk(value)


def _walk(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {_walk(k): _walk(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v) for v in value]
    return value
