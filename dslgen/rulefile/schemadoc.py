"""Field and value documentation for the generated schema, taken from the specification.

An editor (VS Code's YAML extension, any yaml-language-server client) shows a
field's ``description`` / ``markdownDescription`` on hover and an enum value's
``enumDescriptions`` / ``markdownEnumDescriptions`` in completion. This module
fills them in from ``docs/dsl-specification.md`` when :mod:`dslgen.rulefile.schema` builds
the schema, so the documentation has one home — the specification:

* a field's text is the ``description`` its schema block gives, else the 含义
  (meaning) column of the field table in the same section (``| `name` | 类型 | … |``),
  else a bold paragraph ``**a.b**：…`` of that section;
* the Markdown version adds the table's type, required, values and default columns
  and names the section;
* an enum value's text comes from the block's ``x-enum-descriptions`` mapping, else a
  ``| `value` | 含义 |`` table of the section, else the field's own description or
  the section's prose (``value 说明；value 说明`` / ``\u0060value\u0060：说明``).

:func:`missing` lists fields and values still undocumented; a test keeps it empty.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: Keywords whose sub-schemas are fields or items (documented); others (if/then/not/…) are constraints.
_FIELD_KEYS = ("properties",)
_ITEM_KEYS = ("items", "additionalProperties")
ENUM_KEY = "x-enum-descriptions"

_HEADING = re.compile(r"^(#{2,3}) (.+)$", re.M)
_TABLE_ROW = re.compile(r"^\|(.+)\|\s*$")
_BOLD_PARA = re.compile(r"^\*\*([\w.]+)\*\*[：:]\s*(.+)$", re.M)
_CODE = re.compile(r"`([^`]*)`")
_MD_LINK = re.compile(r"\*\*|__")


@dataclass(frozen=True)
class Section:
    """One ``##`` section of the specification: its number and title, field rows, value rows and prose."""

    title: str
    fields: dict[str, dict[str, str]]
    values: dict[str, str]
    bold: dict[str, str]
    text: str
    #: The title without its number, plus the first prose paragraph (if any) before a table or block.
    intro: str = ""


def _cells(line: str) -> list[str]:
    return [c.strip() for c in _TABLE_ROW.match(line).group(1).split("|")]


def _key(cell: str) -> str | None:
    m = re.fullmatch(r"`([^`]+)`", cell.strip())
    return m.group(1) if m else None


def parse_sections(text: str) -> list[tuple[int, Section]]:
    """``(start offset, Section)`` for every ``##`` section of the specification text."""
    starts = [(m.start(), m.group(2)) for m in _HEADING.finditer(text) if m.group(1) == "##"]
    out = []
    for i, (start, title) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        body = text[start:end]
        fields: dict[str, dict[str, str]] = {}
        values: dict[str, str] = {}
        header: list[str] | None = None
        for line in body.splitlines():
            if not _TABLE_ROW.match(line):
                header = None
                continue
            cells = _cells(line)
            if header is None:
                header = cells
                continue
            if set("".join(cells)) <= set("-: "):
                continue
            key = _key(cells[0])
            if key is None:
                continue
            if header[0] == "字段":
                fields[key] = dict(zip(header, cells))
            elif header[0] == "取值" and len(cells) > 1:
                values[key] = cells[-1]
        bold = {m.group(1): m.group(2).strip() for m in _BOLD_PARA.finditer(body)}
        out.append((start, Section(title, fields, values, bold, body, _intro(title, body))))
    return out


def _intro(title: str, body: str) -> str:
    name = re.sub(r"^\d+(\.\d+)*\.\s*", "", title)
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body)[1:]]
    first = paragraphs[0] if paragraphs else ""
    if not first or first.startswith(("|", "```", "-", "#")):
        return name
    return f"{name}：{plain(' '.join(first.splitlines()))}"


def section_at(sections: list[tuple[int, Section]], offset: int) -> Section | None:
    """The section containing ``offset``."""
    found = None
    for start, section in sections:
        if start <= offset:
            found = section
    return found


def plain(markdown: str) -> str:
    """Markdown table text as plain text (code spans unwrapped, bold removed)."""
    return _MD_LINK.sub("", _CODE.sub(r"\1", markdown)).strip()


# --- walking the schema ----------------------------------------------------------------


def fields(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """``(relative path, sub-schema)`` of every field under ``node`` (array items and map values inherit the path)."""
    if not isinstance(node, dict):
        return
    for name, sub in (node.get("properties") or {}).items():
        if isinstance(sub, dict):
            yield path + (name,), sub
            yield from fields(sub, path + (name,))
    for key in _ITEM_KEYS:
        sub = node.get(key)
        if isinstance(sub, dict):
            yield from fields(sub, path)


def _enum_nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """``node`` and its items / map values, wherever an ``enum`` may sit for this field."""
    yield node
    for key in _ITEM_KEYS:
        sub = node.get(key)
        if isinstance(sub, dict) and "properties" not in sub:
            yield from _enum_nodes(sub)
    for key in ("anyOf", "oneOf"):  # a field that is an enum value or something else (fan_types[].per)
        for sub in node.get(key) or ():
            if isinstance(sub, dict) and "properties" not in sub:
                yield from _enum_nodes(sub)


# --- describing ---------------------------------------------------------------------------


def _row_for(section: Section | None, target: str, path: tuple[str, ...]) -> dict[str, str] | None:
    if section is None or not path:
        return None
    names = [p for p in path if p != "[]"]
    dotted = ".".join(names)
    owner = target.rsplit("/", 1)[-1]
    for key in (dotted, f"{owner}.{dotted}"):
        if key in section.fields:
            return section.fields[key]
    if len(names) == 1 and names[0] in section.fields:
        return section.fields[names[0]]
    return None


def _bold_for(section: Section | None, target: str, path: tuple[str, ...]) -> str:
    if section is None:
        return ""
    names = [p for p in path if p != "[]"]
    owner = target.rsplit("/", 1)[-1]
    for key in (".".join(names), f"{owner}.{'.'.join(names)}"):
        if key in section.bold:
            return section.bold[key]
    return ""


def _markdown(label: str, text: str, row: dict[str, str] | None, section: Section | None) -> str:
    parts = [f"**`{label}`** — {text}" if text else f"**`{label}`**"]
    if row:
        facts = [f"{name}：{row[name]}" for name in ("类型", "必填", "取值", "默认") if row.get(name, "").strip()]
        if facts:
            parts.append("；".join(facts))
    if section is not None:
        parts.append(f"见《DSL 规范》{section.title}")
    return "\n\n".join(parts)


def _value_texts(description: str) -> dict[str, str]:
    """``{"fixed": "指定牌为癞子", …}`` from ``fixed 指定牌为癞子；random 翻牌定精`` style text."""
    out: dict[str, str] = {}
    for part in re.split(r"[；;，,。]", description):
        m = re.match(r"\s*`?([\w.\-]+)`?[ ：:]\s*([^`\s].*)$", part)
        if m:
            out.setdefault(m.group(1), m.group(2).strip())
    return out


def _prose_value(section: Section | None, value: str) -> str:
    """``\u0060value\u0060：说明`` / ``\u0060value\u0060（说明）`` / ``\u0060value\u0060 说明`` in the section's prose."""
    if section is None or not value:
        return ""
    v = re.escape(value)
    for pattern in (rf"`{v}`[：:]\s*([^；;。|\n]+)", rf"`{v}`（([^）]+)）", rf"`{v}` ([\u4e00-\u9fff][^\s/、，。；|`]*)"):
        m = re.search(pattern, section.text)
        if m:
            return plain(m.group(1)).rstrip("，,")
    return ""


def _describe_enum(node: dict[str, Any], explicit: dict[str, str], field_text: str, section: Section | None) -> None:
    values = node.get("enum")
    if not isinstance(values, list):
        return
    from_field = _value_texts(field_text)
    texts = []
    for value in values:
        key = "" if value is None else str(value)
        text = (
            explicit.get(key)
            or (section.values.get(key) if section else None)
            or from_field.get(key)
            or _prose_value(section, key)
            or ""
        )
        texts.append(plain(text))
    node["enumDescriptions"] = texts
    node["markdownEnumDescriptions"] = [f"`{_show(v)}`：{t}" if t else "" for v, t in zip(values, texts)]


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return '""' if value == "" else str(value)


def describe_block(data: dict[str, Any], target: str, section: Section | None) -> None:
    """Add descriptions to the fields and enum values of one schema block (in place)."""
    label_prefix = target.split("/", 1)[1] if "/" in target else ""
    nodes = [((), data)] if target != "root" else []
    nodes += list(fields(data))
    for path, node in nodes:
        explicit = {("" if k is None else str(k)): str(v) for k, v in (node.pop(ENUM_KEY, None) or {}).items()}
        row = _row_for(section, target, path)
        own = node.get("description", "")
        meaning = plain(row.get("含义", "")) if row else ""
        text = own or meaning or _bold_plain(section, target, path)
        if not text and not path and section is not None:
            text = section.intro
        if not text:
            text = _children_summary(node)
        if text:
            node["description"] = text
            label = ".".join(p for p in (label_prefix, *path) if p and p != "[]") or label_prefix
            detail = meaning if meaning and meaning != text else ""
            node["markdownDescription"] = _markdown(label, text + (f"（{detail}）" if detail else ""), row, section)
        for enum_node in _enum_nodes(node):
            own_values = enum_node.pop(ENUM_KEY, None) or {}
            values = {**explicit, **{("" if k is None else str(k)): str(v) for k, v in own_values.items()}}
            _describe_enum(enum_node, values, text + "；" + (row.get("取值", "") if row else ""), section)


def _children_summary(node: dict[str, Any]) -> str:
    """``包含：a（说明）、b（说明）`` for an object whose own text the specification does not give."""
    props = node.get("properties") or {}
    if not props:
        return ""
    parts = [f"{name}（{sub['description']}）" if isinstance(sub, dict) and sub.get("description") else name
             for name, sub in props.items()]
    return "包含：" + "、".join(parts)


def _bold_plain(section: Section | None, target: str, path: tuple[str, ...]) -> str:
    return plain(_bold_for(section, target, path))


def missing(schema: dict[str, Any]) -> list[str]:
    """Fields without ``description``/``markdownDescription`` and enum values without a description."""
    problems: list[str] = []
    blocks: list[tuple[str, dict[str, Any]]] = [(f"properties/{k}", v) for k, v in schema.get("properties", {}).items()]
    blocks += [(f"$defs/{k}", v) for k, v in schema.get("$defs", {}).items()]
    for target, data in blocks:
        for path, node in [((), data), *fields(data)]:
            label = "/".join((target, *path))
            if "$ref" in node and len(node) <= 3:
                continue  # documented at the definition
            if not node.get("description") or not node.get("markdownDescription"):
                problems.append(f"{label}: 没有说明")
            for enum_node in _enum_nodes(node):
                values = enum_node.get("enum") or []
                texts = enum_node.get("enumDescriptions") or []
                for value, text in zip(values, texts + [""] * (len(values) - len(texts))):
                    if not text:
                        problems.append(f"{label}: 取值 {_show(value)} 没有说明")
    return problems
