"""One problem a check found in a rule file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"
SEVERITIES = (ERROR, WARNING)

#: A field path as keys and list indices, e.g. ``("fan_types", 3, "name")``.
FieldPath = tuple[Any, ...]


def format_path(path: FieldPath) -> str:
    """Render a field path the way the specification writes it: ``fan_types[3].name``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def parse_path(text: str) -> FieldPath:
    """The inverse of :func:`format_path`: ``fan_types[3].name`` -> ``("fan_types", 3, "name")``."""
    parts = [p for p in text.replace("[", ".").replace("]", "").split(".") if p]
    return tuple(int(p) if p.isascii() and p.isdigit() else p for p in parts)


@dataclass(frozen=True)
class Finding:
    """A problem with a stable code, where it is and what to do about it.

    ``message`` is Chinese and names the offending value; ``hint`` says how to fix it.
    ``line``/``column`` are 1-based and 0 when the position is unknown (e.g. the input
    was a plain mapping rather than a loaded file, or the field is absent).
    """

    code: str
    severity: str
    path: FieldPath
    message: str
    hint: str = ""
    line: int = 0
    column: int = 0
    #: Values a finding carries for tools, e.g. the missing capability id.
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def is_error(self) -> bool:
        """True for error-level findings (they make ``dslgen check`` exit 1)."""
        return self.severity == ERROR

    @property
    def path_text(self) -> str:
        """The field path as text."""
        return format_path(self.path)

    def to_json(self) -> dict[str, Any]:
        """The JSON shape of ``dslgen check --json`` (and of every finding a verdict stores).

        ``path`` is the text a person reads; ``steps`` is the same path as keys and list
        indices, so a reader never parses the text back. ``extra`` (only when present)
        keeps the values the finding carries for tools, made JSON-plain.
        """
        out = {
            "code": self.code,
            "severity": self.severity,
            "path": self.path_text,
            "steps": [_plain(p) for p in self.path],
            "line": self.line or None,
            "column": self.column or None,
            "message": self.message,
            "hint": self.hint,
        }
        if self.extra:
            out["extra"] = {str(k): _plain(v) for k, v in self.extra.items()}
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Finding":
        """The finding :meth:`to_json` wrote: ``from_json(f.to_json()) == f`` with the same ``extra``, and
        ``from_json(f.to_json()).to_json() == f.to_json()`` (also after a trip through ``json``).

        A form without ``steps`` (written before they existed) has its ``path`` text parsed.
        Raises ``ValueError`` when ``data`` is not a finding's JSON form.
        """
        if not isinstance(data, dict) or not isinstance(data.get("code"), str) or not isinstance(data.get("message"), str):
            raise ValueError("不是检查发现的 JSON 形式（缺少 code 或 message）")
        severity = data.get("severity", ERROR)
        if severity not in SEVERITIES:
            raise ValueError(f"未知的严重程度 {severity!r}")
        line, column = data.get("line") or 0, data.get("column") or 0
        if not isinstance(line, int) or not isinstance(column, int) or isinstance(line, bool):
            raise ValueError("行号和列号必须是整数")
        path = data.get("path") or ""
        if not isinstance(path, str):
            raise ValueError("path 必须是字段路径文本")
        steps = data.get("steps")
        if steps is None:
            where = parse_path(path)
        elif isinstance(steps, list) and all(isinstance(p, (str, int)) and not isinstance(p, bool) for p in steps):
            where = tuple(steps)
        else:
            raise ValueError("steps 必须是键与下标的列表")
        extra = data.get("extra") or {}
        if not isinstance(extra, dict):
            raise ValueError("extra 必须是映射")
        return cls(data["code"], severity, where, data["message"], str(data.get("hint") or ""),
                   line, column, dict(extra))


def _plain(value: Any) -> Any:
    """``value`` as JSON keeps it (tuples as lists, keys as text, anything else unknown as its text)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


@dataclass(frozen=True)
class Problem:
    """What a check function yields: the runner stamps code, severity and position on it."""

    path: FieldPath
    message: str
    hint: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
