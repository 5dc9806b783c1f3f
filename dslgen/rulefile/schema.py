"""JSON Schema generated from the specification's ``schema=`` blocks.

:func:`build_schema` assembles the Draft 2020-12 schema; :func:`to_draft07`
derives the Draft-07 copy for editors (``$defs`` → ``definitions``). The
checked-in files under ``schemas/`` are written by :func:`write_schemas` and
compared by :func:`stale_schemas`; nothing in them is written by hand.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from dslgen import resources
from dslgen.rulefile import spec
from dslgen.errors import DslgenError
from dslgen.rulefile.yamlio import write_atomic

SCHEMA_DIR = resources.SCHEMA_DIR
SCHEMA_FILE = SCHEMA_DIR / "mahjong-dsl.schema.json"
DRAFT07_FILE = SCHEMA_DIR / "mahjong-dsl.draft07.schema.json"

DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema"
DRAFT_07 = "http://json-schema.org/draft-07/schema#"
SCHEMA_ID = "https://dslgen.dev/schemas/mahjong-dsl.schema.json"
DRAFT07_ID = "https://dslgen.dev/schemas/mahjong-dsl.draft07.schema.json"


def build_schema(blocks: tuple[spec.Block, ...] | list[spec.Block] | None = None, version: str | None = None,
                 text: str | None = None) -> dict[str, Any]:
    """The Draft 2020-12 schema assembled from the specification blocks.

    Fields and enum values get ``description`` / ``markdownDescription`` /
    ``enumDescriptions`` from the specification ``text`` around each block
    (:mod:`dslgen.rulefile.schemadoc`); without ``text`` (custom blocks) only the blocks' own.
    """
    from dslgen.rulefile import schemadoc

    if blocks is None:
        blocks, text = spec.blocks(), spec_text() if text is None else text
    version = spec.spec_version() if version is None else version
    sections = schemadoc.parse_sections(text) if text else []
    line_starts = _line_starts(text) if text else []
    root: dict[str, Any] | None = None
    properties: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for block in blocks:
        if block.kind != "schema":
            continue
        data = copy.deepcopy(block.data)
        section = schemadoc.section_at(sections, line_starts[block.line - 1]) if sections else None
        schemadoc.describe_block(data, block.target, section)
        if block.target == "root":
            root = data
        elif block.target.startswith("properties/"):
            properties[block.target.split("/", 1)[1]] = data
        elif block.target.startswith("$defs/"):
            defs[block.target.split("/", 1)[1]] = data
        else:
            raise DslgenError(
                f"未知的 schema 目标 {block.target}",
                where=f"dsl-specification.md:{block.line}",
                hint="目标只能是 root、properties/<字段> 或 $defs/<名字>",
            )
    if root is None:
        raise DslgenError("DSL 规范缺少 schema=root 代码块", where=str(spec.SPEC_PATH), hint="添加顶层对象的 schema 片段")
    for name in root.get("required", []):
        if name not in properties:
            raise DslgenError(f"顶层必填字段 {name} 没有 schema 片段", where=str(spec.SPEC_PATH), hint=f"添加 ```yaml schema=properties/{name}")
    _check_refs(properties, defs)
    cap = root.pop("x-number-maximum", None)
    if cap is not None:
        _bound_numbers((properties, defs), cap)
    schema: dict[str, Any] = {
        "$schema": DRAFT_2020,
        "$id": SCHEMA_ID,
        "title": "麻将玩法 DSL",
        "description": f"由 docs/dsl-specification.md（规范版本 {version}）经 dslgen schema build 生成，请勿手工修改。",
        "x-spec-version": version,
    }
    schema.update(root)
    schema["properties"] = properties
    if defs:
        schema["$defs"] = defs
    return schema


def _bound_numbers(node: Any, cap: int | float) -> None:
    """Give every integer / number schema without an upper bound (or enum / const) ``maximum: cap``."""
    if isinstance(node, dict):
        kinds = node.get("type")
        kinds = [k for k in (kinds if isinstance(kinds, list) else [kinds]) if isinstance(k, str)]
        if ({"integer", "number"} & set(kinds) and not {"maximum", "exclusiveMaximum", "enum", "const"} & set(node)):
            node["maximum"] = cap
        for value in node.values():
            _bound_numbers(value, cap)
    elif isinstance(node, (list, tuple)):
        for value in node:
            _bound_numbers(value, cap)


def spec_text() -> str:
    """The specification text the blocks came from."""
    return spec.spec_text()


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _check_refs(*parts: Any) -> None:
    defs = parts[-1]

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and ref.split("/")[-1] not in defs:
                raise DslgenError(f"schema 引用了不存在的定义 {ref}", where=str(spec.SPEC_PATH), hint="添加对应的 schema=$defs/… 代码块")
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for part in parts:
        walk(part)


def to_draft07(schema: dict[str, Any]) -> dict[str, Any]:
    """The same schema in Draft-07 terms, for yaml-language-server and other editors."""

    def convert(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for key, value in node.items():
                if key == "$defs":
                    out["definitions"] = convert(value)
                elif key == "$ref" and isinstance(value, str):
                    out[key] = value.replace("#/$defs/", "#/definitions/")
                else:
                    out[key] = convert(value)
            return out
        if isinstance(node, list):
            return [convert(v) for v in node]
        return node

    result = convert(schema)
    result["$schema"] = DRAFT_07
    result["$id"] = DRAFT07_ID
    return result


def render(schema: dict[str, Any]) -> str:
    """The JSON text written to disk (stable: indented, Chinese unescaped, trailing newline)."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def generated() -> dict[Path, str]:
    """Each schema file and the text the specification generates for it."""
    schema = build_schema()
    return {SCHEMA_FILE: render(schema), DRAFT07_FILE: render(to_draft07(schema)),
            defaults_file(): render_defaults(documented_defaults(schema))}


def write_schemas() -> list[Path]:
    """Write both schema files (atomically); returns the paths that changed."""
    changed = []
    for path, text in generated().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_atomic(path, text)
            changed.append(path)
    return changed


def stale_schemas() -> list[Path]:
    """Schema files whose checked-in text differs from what the specification generates."""
    return [p for p, text in generated().items() if not p.exists() or p.read_text(encoding="utf-8") != text]


@lru_cache(maxsize=None)
def schema() -> dict[str, Any]:
    """The Draft 2020-12 schema (built from the specification, cached)."""
    return build_schema()


# --- documented defaults -------------------------------------------------------------

#: The engine module generated from the schema blocks' ``default:`` keywords.
DEFAULTS_MODULE = "engine/documented_defaults.py"


def _walk_fields(schema: dict[str, Any], visit) -> None:
    """Call ``visit(path, node)`` for every field node of ``schema`` by its dotted path (``fan_types[].level``,
    ``phases[].next``; ``[]`` stands for every item of a list, ``phases[type=exchange_three]`` for the
    items an ``allOf`` branch selects by their ``type``), following ``$ref``s once per path."""
    defs = schema.get("$defs", {})

    def walk(node: Any, path: str, seen: tuple[str, ...]) -> None:
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.split("/")[-1]
            if name not in seen:
                walk(defs.get(name), path, seen + (name,))
        if path:
            visit(path, node)
        for key, sub in (node.get("properties") or {}).items():
            walk(sub, f"{path}.{key}" if path else key, seen)
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]", seen)
        for key in ("anyOf", "oneOf"):
            for branch in node.get(key) or []:
                walk(branch, path, seen)
        if path.endswith("[]"):  # defaults of one kind of list item: ``if: {properties: {type: {const: X}}}``
            for branch in node.get("allOf") or []:
                selector = _selector(branch)
                if selector:
                    walk(branch.get("then"), f"{path[:-2]}[{selector}]", seen)

    walk(schema, "", ())


def documented_defaults(schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every ``default:`` of the schema by field path (``fan_types[].level``, ``phases[].next``).

    Paths are dotted; ``[]`` stands for every item of a list. A field given two
    different defaults (through two branches) is an error in the specification.
    """
    schema = build_schema() if schema is None else schema
    out: dict[str, Any] = {}

    def visit(path: str, node: dict) -> None:
        if "default" in node:
            if path in out and out[path] != node["default"]:
                raise DslgenError(f"字段 {path} 有两个不同的默认值", where=str(spec.SPEC_PATH), hint="同一字段只写一个 default")
            out[path] = copy.deepcopy(node["default"])

    _walk_fields(schema, visit)
    return dict(sorted(out.items()))


@lru_cache(maxsize=None)
def enum_labels() -> dict[str, dict[Any, str]]:
    """What each value of an enum field means, by field path (as :func:`documented_defaults` names
    paths): the specification's ``x-enum-descriptions`` of the field (or the text the specification
    gives the value elsewhere, :mod:`dslgen.rulefile.schemadoc`), without a trailing ``（默认）``.
    Reports (the semantic diff) show a value by this text, so it is written once, in the specification."""
    out: dict[str, dict[Any, str]] = {}

    def visit(path: str, node: dict) -> None:
        values, texts = node.get("enum"), node.get("enumDescriptions")
        if isinstance(values, list) and isinstance(texts, list) and len(values) == len(texts):
            out.setdefault(path, {v: t.removesuffix("（默认）") for v, t in zip(values, texts)})

    _walk_fields(schema(), visit)
    return out


@lru_cache(maxsize=None)
def field_descriptions() -> dict[str, str]:
    """Each field's ``description`` in the specification's schema blocks, by field path (as
    :func:`documented_defaults` names paths): reports name a field by the specification's own words."""
    out: dict[str, str] = {}

    def visit(path: str, node: dict) -> None:
        if isinstance(node.get("description"), str):
            out.setdefault(path, node["description"])

    _walk_fields(schema(), visit)
    return out


def _selector(branch: Any) -> str:
    """``type=exchange_three`` for an ``allOf`` branch ``if: {properties: {type: {const: exchange_three}}}``."""
    cond = branch.get("if") if isinstance(branch, dict) else None
    props = cond.get("properties") if isinstance(cond, dict) else None
    if not isinstance(props, dict) or len(props) != 1 or not isinstance(branch.get("then"), dict):
        return ""
    (key, test), = props.items()
    value = test.get("const") if isinstance(test, dict) else None
    return f"{key}={value}" if isinstance(value, str) and value.isidentifier() else ""


def render_defaults(defaults: dict[str, Any]) -> str:
    """The Python source of :data:`DEFAULTS_MODULE` (the engine cannot read the specification itself)."""
    lines = [
        '"""The specification\'s documented defaults, one entry per field path.',
        "",
        "Generated by ``dslgen schema build`` from the ``default:`` keywords of the schema",
        "blocks in ``docs/dsl-specification.md``; do not edit (``dslgen schema build --check``",
        "and ``tests/foundation/test_documented_defaults.py`` fail when it drifts).",
        '"""',
        "",
        "DEFAULTS = {",
    ]
    lines += [f"    {path!r}: {value!r}," for path, value in defaults.items()]
    lines += ["}", ""]
    return "\n".join(lines)


def defaults_file() -> Path:
    """Where :data:`DEFAULTS_MODULE` lives (next to the engine package in use)."""
    import engine

    return Path(engine.__file__).resolve().parent / Path(DEFAULTS_MODULE).name
