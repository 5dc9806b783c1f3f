"""The parts of the specification one description needs, within a token budget.

The specification is cut into blocks: each heading with its first paragraph (the section's lead), then
every further paragraph, table or code block. A block scores by the description's terms it contains
(CJK bigrams and ASCII words, each weighted by how rare it is across the blocks). The leads of the
sections that the answer must write (the top-level keys of the closest catalog example) always come;
then the best-scoring blocks until the budget is spent. Enumeration tables (```` ```yaml enum=… ````)
keep only the rows whose name the description mentions, so the fan-name table shrinks to the fans it
names. The result keeps the specification's order.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from dslgen.generate.tokens import count_text

_HEADING = re.compile(r"^(#{2,3})\s+(.*)$")
_TERM = re.compile(r"[a-z_][a-z0-9_.]{2,}")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_ROW_NAME = re.compile(r"name:\s*([^,}\]]+)")
_SYNONYMS = re.compile(r"同义:\s*\[([^\]]*)\]")
#: Words so common in the specification that they say nothing about which block is meant.
_STOP = {"可以", "一个", "没有", "如果", "时候", "就是", "这个", "必须", "或者", "每个", "规则", "描述", "字段"}


@dataclass
class SpecBlock:
    """One retrievable piece: its section key (``## 8. fan_types`` → ``8``), text and whether it is a lead."""

    section: str
    title: str
    text: str
    lead: bool
    order: int


def _terms(text: str) -> set[str]:
    terms = set(_TERM.findall(text.lower()))
    for run in _CJK_RUN.findall(text):
        terms.update(run[i:i + 2] for i in range(len(run) - 1))
    return terms - _STOP


def split_blocks(spec: str) -> list[SpecBlock]:
    """The specification as blocks, in order (the document's title and preamble are dropped)."""
    out: list[SpecBlock] = []
    section = title = ""
    lead_pending = False
    chunk: list[str] = []
    in_code = False

    def flush() -> None:
        nonlocal lead_pending
        text = "\n".join(chunk).strip()
        chunk.clear()
        if text and section:
            out.append(SpecBlock(section, title, text, lead_pending, len(out)))
            lead_pending = False

    for line in spec.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        heading = None if in_code else _HEADING.match(line)
        if heading:
            flush()
            title = heading.group(2).strip()
            if heading.group(1) == "##":
                section = title.split(".", 1)[0].strip()
            lead_pending = True
            chunk.append(line)
            continue
        if not in_code and not line.strip() and chunk and not (lead_pending and len(chunk) == 1):
            flush()
            continue
        chunk.append(line)
    flush()
    return out


def _filter_rows(text: str, description: str) -> str | None:
    """A block whose enumeration table is cut to the rows the description names (None when it names none)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("```yaml enum="))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("```")), len(lines) - 1)
    kept, rows = [], 0
    for line in lines[start + 1:end]:
        name = _ROW_NAME.search(line)
        if not name:
            if not line.lstrip().startswith("- "):
                kept.append(line)
            continue
        names = [name.group(1).strip()]
        syn = _SYNONYMS.search(line)
        if syn:
            names += [s.strip() for s in syn.group(1).split(",")]
        if any(n and n in description for n in names):
            kept.append(line)
            rows += 1
    if not rows:
        return None
    return "\n".join([*lines[:start + 1], *kept, *lines[end:]])


def _is_enum(text: str) -> bool:
    return "```yaml enum=" in text


def _is_schema(text: str) -> bool:
    return text.lstrip().startswith("```yaml schema=")


_FIELD_ROW = re.compile(r"^\|\s*`([a-z_.]+)`")


def _used_rows(text: str, used: set[str]) -> str:
    """A field table cut to the rows of the fields ``used`` names (other lines kept)."""
    lines = []
    fields = False
    for line in text.splitlines():
        if line.startswith("|"):
            fields = fields or line.startswith("| 字段")
        else:
            fields = False
        row = _FIELD_ROW.match(line)
        if fields and row and row.group(1).split(".")[-1] not in used:
            continue
        lines.append(line)
    return "\n".join(lines)


def keys_of(data) -> set[str]:
    """Every mapping key anywhere in ``data`` (the fields a rule file uses)."""
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= keys_of(v)
    elif isinstance(data, list):
        for v in data:
            out |= keys_of(v)
    return out


def select(spec: str, description: str, sections: set[str], budget: int, used: set[str] | None = None) -> str:
    """The blocks of ``spec`` the description needs, at most ``budget`` tokens (by the meter), in order.

    ``sections`` are the top-level keys the answer writes; the lead of each section whose heading names one
    of them always comes (so the answer's shape is described even where the description is silent); a lead's
    field table keeps the rows of the fields in ``used`` (those the closest example writes), when given."""
    blocks = split_blocks(spec)
    wanted = _terms(description)
    frequency: dict[str, int] = {}
    block_terms = []
    for b in blocks:
        terms = _terms(b.text) & wanted
        block_terms.append(terms)
        for t in terms:
            frequency[t] = frequency.get(t, 0) + 1
    n = max(1, len(blocks))
    chosen: dict[int, str] = {}
    spent = 0
    for b in blocks:  # the leads of the sections the answer writes
        if b.lead and not _is_enum(b.text) and not _is_schema(b.text) and "###" not in b.text.split("\n", 1)[0] and any(re.search(rf"\b{re.escape(key)}\b", b.title)
                                                                     for key in sections):
            text = _used_rows(b.text, used) if used else b.text
            chosen[b.order] = text
            spent += count_text(text)
    scored = []
    for b, terms in zip(blocks, block_terms):
        if b.order in chosen or _is_schema(b.text):
            continue
        text = b.text
        if _is_enum(text):  # the library names the description mentions always come, cut to those rows
            text = _filter_rows(text, description)
            if text is not None:
                chosen[b.order] = text
                spent += count_text(text)
            continue
        if not terms:
            continue
        score = sum(math.log(n / frequency[t]) for t in terms)
        cost = count_text(text)
        scored.append((score / math.sqrt(cost + 20), b.order, text, cost))
    for _, order, text, cost in sorted(scored, key=lambda s: (-s[0], s[1])):
        if spent + cost > budget:
            continue
        chosen[order] = text
        spent += cost
    titles = {}
    for b in blocks:  # a chosen block under a heading not chosen carries its section's title
        titles.setdefault(b.section, b.title)
    parts = []
    shown_sections: set[str] = set()
    for b in blocks:
        if b.order not in chosen:
            continue
        if b.section not in shown_sections and not chosen[b.order].startswith("## "):
            parts.append(f"## {titles[b.section]}（节选）")
        shown_sections.add(b.section)
        parts.append(chosen[b.order])
    return "\n\n".join(parts)
