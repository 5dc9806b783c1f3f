"""The record of every model call of a draft (``transcript.jsonl``): one JSON object per call.

Each entry: ``round``, ``provider``, ``model``, ``request`` (the messages), ``answer``, ``usage``,
``finish_reason``, ``elapsed_s`` and, for a failed call, ``error`` ``{kind, message}``. An answer over
:data:`dslgen.generate.answer.MAX_ANSWER_BYTES` is kept by its start only, with ``answer_bytes``,
``answer_stored_bytes`` and ``answer_sha256`` of the whole. Every string
passes through :func:`dslgen.secrets.redact_data`, so no API key can end up in the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dslgen.secrets import redact_data


@dataclass
class Transcript:
    """Entries in call order."""

    entries: list[dict[str, Any]] = field(default_factory=list)

    def record(self, **entry: Any) -> None:
        """Add one call (keys as in the module docstring)."""
        self.entries.append(redact_data(entry))

    def to_jsonl(self) -> str:
        """The file content: one line per call for any reader — the characters ``str.splitlines`` also
        breaks on (U+0085, U+2028, U+2029; they only occur inside strings) are written escaped."""
        return "".join(json.dumps(e, ensure_ascii=False).translate(_LINE_BREAKS) + "\n" for e in self.entries)


#: Line separators other than ``\n`` that a model answer may contain, as JSON escapes.
_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
