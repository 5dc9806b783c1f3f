"""The configured API keys, and their removal from text, bytes and data before anything leaves the process.

The one redaction: :func:`redact` (text), :func:`redact_bytes` (bytes) and :func:`redact_data` (plain data,
before serialising). Every boundary uses them: the terminal and ``--json`` (:mod:`dslgen.output`), every
file (:func:`dslgen.rulefile.yamlio.write_atomic`, text or bytes), the approval copy and record
(:mod:`dslgen.review.approvals`) and the workbench's HTTP responses (:mod:`dslgen.web.app`).

Only values actually configured are removed (today ``OPENAI_API_KEY``, and any other ``*_API_KEY``
variable): guessing at "key-shaped" words would rewrite a user's description or a model's game name
(``key-mahjong2024``) and, applied to serialised YAML, turn a scalar into an alias. The mask is a plain
word, so masked text stays valid YAML, JSON, Markdown and HTML.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

#: What a secret is replaced with.
MASK = "REDACTED"
#: Values shorter than this are not treated as secrets (masking "1234" everywhere would corrupt output).
MIN_LENGTH = 8


def known_secrets() -> tuple[str, ...]:
    """Secret values currently configured, longest first.

    Looked up on every call (a test or the workbench may change the environment), but cheaply: only the
    ``*_API_KEY`` entries are decoded, and the sorted list is reused while they are unchanged."""
    raw = getattr(os.environ, "_data", None)
    if isinstance(raw, dict) and isinstance(next(iter(raw), b""), bytes):
        found = tuple(v for k, v in raw.items() if k.endswith(b"_API_KEY"))
    else:  # not POSIX: the environment is not kept as bytes
        found = tuple(v for k, v in os.environ.items() if k.endswith("_API_KEY"))
    return _secrets_of(found)


@lru_cache(maxsize=8)
def _secrets_of(found: tuple[str | bytes, ...]) -> tuple[str, ...]:
    values = {os.fsdecode(v).strip() for v in found}
    return tuple(sorted((v for v in values if len(v) >= MIN_LENGTH), key=len, reverse=True))


def redact(text: str, extra: list[str] | tuple[str, ...] = ()) -> str:
    """``text`` with every configured key value (and each of ``extra``) replaced by :data:`MASK`."""
    if not text or not isinstance(text, str):
        return text
    for secret in (*known_secrets(), *extra):
        if secret and len(secret) >= MIN_LENGTH and secret in text:
            text = text.replace(secret, MASK)
    return text


def redact_bytes(data: bytes) -> bytes:
    """``data`` with every configured key value (as UTF-8 bytes) replaced by :data:`MASK`: for bytes
    that leave the process as they are (a copied file, an HTTP body)."""
    if not data or not isinstance(data, (bytes, bytearray)):
        return data
    for secret in known_secrets():
        raw = secret.encode("utf-8", "surrogatepass")
        if raw in data:
            data = data.replace(raw, MASK.encode("ascii"))
    return bytes(data)


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
