"""Keep API keys out of everything dslgen writes or prints."""

from __future__ import annotations

import os
import re

_KEY_SHAPES = re.compile(r"(?:sk|pk|api|key)-[A-Za-z0-9_\-]{6,}|Bearer\s+[A-Za-z0-9_\-\.]{6,}", re.IGNORECASE)
MASK = "***"


def known_secrets() -> list[str]:
    """Secret values currently in the environment (only non-trivial ones)."""
    values = [os.environ.get(name, "") for name in ("OPENAI_API_KEY",)]
    return [v for v in values if len(v.strip()) >= 4]


def redact(text: str, extra: list[str] | tuple[str, ...] = ()) -> str:
    """``text`` with every known key value and anything shaped like a key replaced by ``***``."""
    if not text:
        return text
    for secret in [*known_secrets(), *extra]:
        if secret and len(secret) >= 4:
            text = text.replace(secret, MASK)
    return _KEY_SHAPES.sub(MASK, text)
