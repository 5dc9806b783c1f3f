"""Reading a model's answer: the rule file (one fenced ```yaml block) and the list of gaps — or one
structured JSON object carrying both (:mod:`dslgen.generate.structured`).

The answer is data. The YAML goes through :mod:`dslgen.rulefile.yamlio` (no tags, no aliases bombs, nothing
constructed); the optional ```gaps block is read the same way. Problems become findings with codes
``G001``–``G005`` so the repair loop can send them back like any other finding. An answer over
:data:`MAX_ANSWER_BYTES` is not read at all (``G005``), and only its first :data:`STORED_ANSWER_BYTES`
are kept (:func:`stored_answer`), its size noted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from dslgen.checks.finding import Finding
from dslgen.errors import DslgenError
from dslgen.generate.structured import NOTE_KEYS, parse_structured
from dslgen.rulefile.yamlio import LoadedYaml, dump_yaml, load_yaml_text

#: Largest answer read (a rule file is a few KB; the largest rule file accepted is 1 MiB).
MAX_ANSWER_BYTES = 1024 * 1024
#: How much of an answer over :data:`MAX_ANSWER_BYTES` a draft keeps (transcript and comment-only file).
STORED_ANSWER_BYTES = 64 * 1024

_OPEN = re.compile(r"```[ \t]*([A-Za-z0-9_\-]*)")
_GAP_LABELS = {"gaps", "gap"}
_YAML_LABELS = {"yaml", "yml", ""}


@dataclass
class Answer:
    """A parsed answer: the rule file (or the problems that stopped it) and the model's own notes."""

    text: str
    yaml_text: str = ""
    loaded: LoadedYaml | None = None
    gaps: list[dict[str, str]] = field(default_factory=list)
    mapping: list[dict[str, str]] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)
    #: Where the provider says each section came from: ``{field, sentence}`` (the sentence behind it).
    provenance: list[dict[str, str]] = field(default_factory=list)
    #: Values the provider filled without the description saying them: ``{field, value, from}``.
    assumptions: list[dict[str, str]] = field(default_factory=list)
    #: The template variant the answer started from (the offline drafter says so).
    base: str = ""
    problems: list[Finding] = field(default_factory=list)
    #: The answer's size in bytes when it was over :data:`MAX_ANSWER_BYTES` (``text`` then holds its start).
    oversized: int = 0

    @property
    def ok(self) -> bool:
        """True when a rule mapping was read."""
        return self.loaded is not None


def _finding(code: str, message: str, hint: str = "", line: int = 0, column: int = 0, severity: str = "error") -> Finding:
    return Finding(code, severity, (), message, hint, line, column)


def _blocks(text: str) -> list[tuple[str, str, bool]]:
    """(label, body, closed) for every fenced block in order."""
    out = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if not m:
            return out
        nl = text.find("\n", m.end())
        if nl < 0:
            out.append((m.group(1).lower(), "", False))
            return out
        close = text.find("```", nl + 1)
        if close < 0:
            out.append((m.group(1).lower(), text[nl + 1:], False))
            return out
        out.append((m.group(1).lower(), text[nl + 1:close], True))
        pos = close + 3


def _texts(items: Any, keys: tuple[str, ...]) -> list[dict[str, str]]:
    result = []
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            result.append({k: str(item.get(k) or "") for k in keys})
        elif isinstance(item, str):
            result.append({keys[0]: item, **{k: "" for k in keys[1:]}})
    return result


def read_notes(answer: Answer, notes: Any) -> None:
    """Fill ``answer``'s gaps, mapping, unmapped sentences, provenance and assumptions from ``notes``."""
    if not isinstance(notes, dict):
        return
    answer.gaps = [g for g in _texts(notes.get("gaps"), ("text", "reason")) if g["text"]]
    answer.mapping = [m for m in _texts(notes.get("mapping"), ("sentence", "section")) if m["sentence"]]
    answer.unmapped = [str(u) for u in notes.get("unmapped") or [] if isinstance(u, (str, int, float))]
    answer.provenance = [p for p in _texts(notes.get("provenance"), ("field", "sentence")) if p["field"]]
    answer.assumptions = [a for a in _texts(notes.get("assumptions"), ("field", "value", "from")) if a["field"]]
    answer.base = str(notes.get("base") or "")


def answer_bytes(text: str) -> int:
    """The size of ``text`` in UTF-8 bytes (lone surrogates counted as three)."""
    return len(text.encode("utf-8", "surrogatepass"))


def head(text: str, limit: int = STORED_ANSWER_BYTES) -> str:
    """The longest start of ``text`` within ``limit`` UTF-8 bytes (never half a character)."""
    return text.encode("utf-8", "surrogatepass")[:limit].decode("utf-8", "ignore")


def stored_answer(text: str) -> dict[str, Any]:
    """What the transcript keeps of an answer: all of it, or — over :data:`MAX_ANSWER_BYTES` — its first
    :data:`STORED_ANSWER_BYTES` with the full size and the sha256 of the whole."""
    size = answer_bytes(text)
    if size <= MAX_ANSWER_BYTES:
        return {"answer": text}
    import hashlib

    return {"answer": head(text), "answer_bytes": size, "answer_stored_bytes": STORED_ANSWER_BYTES,
            "answer_sha256": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()}


def parse_answer(text: str, finish_reason: str = "") -> Answer:
    """Extract and parse the rule file and the gaps block from ``text`` (refused, as ``G005``, when it is
    over :data:`MAX_ANSWER_BYTES`)."""
    size = answer_bytes(text or "")
    if size > MAX_ANSWER_BYTES:
        return Answer(text=head(text), oversized=size, problems=[_finding(
            "G005", f"回答过大（{size} 字节，上限 {MAX_ANSWER_BYTES} 字节），没有读取",
            "规则文件通常只有几 KB：只给出一个完整的 ```yaml 代码块和一个 ```gaps 代码块，不要附加长篇内容")])
    answer = Answer(text=text)
    structured = parse_structured(text)
    if structured is not None:  # a JSON-schema answer: the rule file and the notes in one object
        answer.yaml_text = dump_yaml(structured["rules"])
        try:
            answer.loaded = load_yaml_text(answer.yaml_text, "<answer>")
        except DslgenError as exc:
            answer.problems.append(_finding("G003", f"规则文件无法读取：{exc.message}", exc.hint))
        read_notes(answer, {k: structured.get(k) for k in NOTE_KEYS})
        if finish_reason == "length":
            answer.problems.append(_finding("G002", "回答被截断", "请给出完整的回答"))
        return answer
    blocks = _blocks(text or "")
    rule_block = next((b for b in blocks if b[0] in _YAML_LABELS and not b[1].lstrip().startswith(("gaps:", "mapping:"))), None)
    if rule_block is None and not blocks and text.strip():
        stripped = text.strip()
        if re.match(r"^(game|requires|deck)\s*:", stripped, re.MULTILINE):
            rule_block = ("yaml", stripped, True)
    if finish_reason == "length" or (rule_block is not None and not rule_block[2]):
        answer.problems.append(_finding("G002", "回答被截断：规则文件的代码块没有结束",
                                        "请给出完整的规则文件，必要时省略注释以缩短篇幅"))
    if rule_block is None:
        answer.problems.append(_finding("G001", "回答中没有找到 ```yaml 代码块形式的规则文件",
                                        "把完整的规则文件放在一个 ```yaml 代码块中"))
    elif not any(p.code == "G002" for p in answer.problems):
        answer.yaml_text = rule_block[1].strip() + "\n"
        try:
            loaded = load_yaml_text(answer.yaml_text, "<answer>")
        except DslgenError as exc:
            answer.problems.append(_finding("G003", f"规则文件无法作为 YAML 读取：{exc.message}", exc.hint,
                                            getattr(exc, "line", 0), getattr(exc, "column", 0)))
        else:
            answer.loaded = loaded
    gap_block = next((b for b in blocks if b[0] in _GAP_LABELS or (b[0] in _YAML_LABELS and b is not rule_block
                                                                  and b[1].lstrip().startswith(("gaps:", "mapping:")))), None)
    if gap_block is not None and gap_block[2]:
        try:
            notes = load_yaml_text(gap_block[1], "<gaps>").data
        except DslgenError as exc:
            answer.problems.append(_finding("G004", f"gaps 代码块无法读取：{exc.message}", "gaps 代码块应是 YAML 映射",
                                            severity="warning"))
        else:
            read_notes(answer, notes)
    return answer
