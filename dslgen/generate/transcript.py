"""The record of every model call of a draft (``transcript.jsonl``): one JSON object per call.

Each entry: ``round``, ``provider``, ``model``, ``request`` (the messages), ``answer``, ``usage``,
``finish_reason``, ``elapsed_s`` and, for a failed call, ``error`` ``{kind, message}``. Every string
passes through :func:`dslgen.generate.secrets.redact`, so no API key can end up in the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dslgen.generate.secrets import redact


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


@dataclass
class Transcript:
    """Entries in call order."""

    entries: list[dict[str, Any]] = field(default_factory=list)

    def record(self, **entry: Any) -> None:
        """Add one call (keys as in the module docstring)."""
        self.entries.append(_scrub(entry))

    def to_jsonl(self) -> str:
        """The file content."""
        return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in self.entries)
