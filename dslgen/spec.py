"""The DSL specification (``docs/dsl-specification.md``) as data.

The specification is prose for people plus fenced blocks for machines:

* ```` ```yaml schema=<target> ```` — a JSON Schema fragment. ``root`` is the
  top-level object, ``properties/<name>`` one top-level field, ``$defs/<name>``
  a shared definition. :mod:`dslgen.schema` assembles them.
* ```` ```yaml enum=<name> ```` — an enumeration table (``items:`` list), read by
  :func:`enumerations` and compared with the engine's registries by tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from dslgen import resources
from dslgen.errors import DslgenError

#: Where the specification lives (packaged data; ``docs/dsl-specification.md`` in a checkout).
SPEC_PATH = resources.SPEC_PATH

#: Keys of :func:`enumerations`, in this order.
ENUMERATION_KEYS = ("capabilities", "fans", "conditions", "self_actions", "reactions", "pre_hooks", "settlement_items",
                    "opening_hands")

#: The specification is trusted project text: the fast safe loader is enough for its blocks.
_SAFE = YAML(typ="safe")
_BLOCK = re.compile(r"^```yaml[ \t]+(schema|enum)=(\S+)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
_VERSION = re.compile(r"spec_version）：\s*([0-9][\w.\-]*)")


@dataclass(frozen=True)
class Block:
    """One machine-readable block of the specification."""

    kind: str  # "schema" or "enum"
    target: str  # e.g. "properties/deck", "$defs/phase", "fans"
    line: int  # 1-based line of the opening fence
    data: Any


def spec_path() -> Path:
    """Path of the specification file (an error if the installation lacks it)."""
    if not SPEC_PATH.is_file():
        raise DslgenError(
            "找不到 DSL 规范文件", where=str(SPEC_PATH), hint="安装不完整：重新安装 dslgen（规范随包发布于 dslgen/data/）"
        )
    return SPEC_PATH


@lru_cache(maxsize=None)
def spec_text() -> str:
    """The whole specification as Markdown (embedded in the generator's system prompt)."""
    return spec_path().read_text(encoding="utf-8")


def spec_version() -> str:
    """The version line of the specification, e.g. ``1.0.0``."""
    m = _VERSION.search(spec_text())
    if not m:
        raise DslgenError("DSL 规范缺少版本行", where=str(SPEC_PATH), hint="在开头写一行“规范版本（spec_version）：1.0.0”")
    return m.group(1)


def parse_blocks(text: str, name: str = "dsl-specification.md") -> list[Block]:
    """Every ``schema=`` / ``enum=`` block of ``text`` in document order."""
    blocks = []
    seen: dict[tuple[str, str], int] = {}
    for m in _BLOCK.finditer(text):
        kind, target, body = m.group(1), m.group(2), m.group(3)
        line = text.count("\n", 0, m.start()) + 1
        if (kind, target) in seen:
            raise DslgenError(
                f"规范中 {kind}={target} 出现了两次（第 {seen[kind, target]} 行和第 {line} 行）",
                where=f"{name}:{line}",
                hint="每个目标只能有一个代码块",
            )
        seen[kind, target] = line
        try:
            data = _SAFE.load(body)
        except YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            at = f"{name}:{line + 1 + mark.line}" if mark is not None else f"{name}:{line}"
            raise DslgenError(f"规范代码块不是合法的 YAML：{exc}", where=at, hint="修正 docs/dsl-specification.md 中的该代码块") from None
        if not isinstance(data, dict):
            raise DslgenError("规范代码块的顶层必须是映射", where=f"{name}:{line}", hint="schema/enum 代码块写成 键: 值 的形式")
        blocks.append(Block(kind, target, line, data))
    return blocks


@lru_cache(maxsize=None)
def blocks() -> tuple[Block, ...]:
    """The blocks of the checked-in specification."""
    return tuple(parse_blocks(spec_text()))


def enumeration_tables() -> dict[str, list[dict[str, Any]]]:
    """The raw ``enum=`` tables: each a list of mappings with Chinese notes."""
    tables = {b.target: list(b.data.get("items") or []) for b in blocks() if b.kind == "enum"}
    missing = [k for k in ENUMERATION_KEYS if k not in tables]
    if missing:
        raise DslgenError(f"DSL 规范缺少枚举表：{', '.join(missing)}", where=str(SPEC_PATH), hint="添加 ```yaml enum=… 代码块")
    return tables


def enumerations() -> dict[str, list[str]]:
    """Names the DSL recognises, by kind; fan synonyms are listed as names of their own.

    Keys: ``capabilities``, ``fans``, ``conditions``, ``self_actions``,
    ``reactions``, ``pre_hooks``, ``settlement_items``, ``opening_hands``.
    """
    tables = enumeration_tables()
    out: dict[str, list[str]] = {}
    for key in ENUMERATION_KEYS:
        names: list[str] = []
        for row in tables[key]:
            names.append(str(row.get("id") or row.get("name")))
            names.extend(str(s) for s in row.get("同义") or [])
        out[key] = names
    return out


def fan_synonyms() -> dict[str, str]:
    """Every recognised fan name mapped to its main name (main names map to themselves).

    The one table is the engine's fan registry (each fan registers its synonyms next to its
    recogniser); the specification's §16.2 list is generated from it (``dslgen docs build``).
    """
    from engine import fans

    return {name: unit.name for unit in fans.FANS.values() for name in unit.names}
