"""Structured answers: the rule file, gaps, mapping, provenance and assumptions as one JSON object.

Endpoints that accept an OpenAI ``response_format`` of type ``json_schema`` (OpenAI, vLLM, Ollama,
and others) are asked for :func:`answer_schema` — built from the same generated schema that
validates rule files, so the model cannot answer with a field the DSL does not have. Elsewhere the
fenced-YAML answer is used (:mod:`dslgen.generate.answer` reads both).
"""

from __future__ import annotations

import copy
import json
from typing import Any

NAME = "dslgen_draft"
NOTE_KEYS = ("gaps", "mapping", "provenance", "assumptions", "unmapped")


def _rows(*keys: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "object", "additionalProperties": False, "required": list(keys),
                                       "properties": {k: {"type": "string"} for k in keys}}}


#: Annotation keys of the rule schema that constrain nothing (the model is told their meaning in the prompt).
_ANNOTATIONS = ("description", "markdownDescription", "title", "examples", "default", "$comment")


def _bare_schema(node: Any, in_properties: bool = False) -> Any:
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if not in_properties and (k in _ANNOTATIONS or (isinstance(k, str) and k.startswith("x-"))):
                continue
            out[k] = _bare_schema(v, in_properties=(k in ("properties", "$defs", "patternProperties")
                                                    and not in_properties))
        return out
    if isinstance(node, list):
        return [_bare_schema(v) for v in node]
    return node


def answer_schema(patch: bool = False) -> dict[str, Any]:
    """The JSON Schema of a structured answer: ``rules`` (a rule file without ``meta``) plus the notes.

    Annotations are left out (they constrain nothing and would only lengthen the request). ``patch``: the
    schema of a repair round that asks for some top-level fields only, so none of ``rules`` is required."""
    from dslgen.rulefile.schema import schema

    rule = _bare_schema(copy.deepcopy(schema()))
    defs = rule.pop("$defs", {})
    for key in ("$schema", "$id", "title", "x-spec-version"):
        rule.pop(key, None)
    rule.get("properties", {}).pop("meta", None)
    rule["required"] = [] if patch else [k for k in rule.get("required", []) if k != "meta"]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["rules", *NOTE_KEYS],
        "properties": {
            "rules": rule,
            "gaps": _rows("text", "reason"),
            "mapping": _rows("section", "sentence"),
            "provenance": _rows("field", "sentence"),
            "assumptions": _rows("field", "value", "from"),
            "unmapped": {"type": "array", "items": {"type": "string"}},
        },
        "$defs": defs,
    }


def response_format(patch: bool = False) -> dict[str, Any]:
    """The ``response_format`` request parameter (not strict: the rule schema has optional fields)."""
    return {"type": "json_schema", "json_schema": {"name": NAME, "schema": answer_schema(patch), "strict": False}}


def parse_structured(text: str) -> dict[str, Any] | None:
    """The answer object when ``text`` is a structured answer (JSON with a ``rules`` mapping), else ``None``."""
    stripped = (text or "").strip()
    if not stripped.startswith("{"):
        return None
    try:
        obj = json.loads(stripped)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) and isinstance(obj.get("rules"), dict) else None


INSTRUCTION = ("本轮使用结构化回答：只输出一个 JSON 对象，字段 rules（规则文件，结构同 YAML 规则文件，不含 meta）、"
               "gaps、mapping、provenance、assumptions、unmapped（含义同系统提示中的 ```gaps 代码块）。")
