"""The chat sent to a model: system prompt (the DSL specification), few-shot pairs, the description.

Templates live in ``prompts/`` (``system.md``, ``user.md``, ``example_user.md``, ``repair.md``) with
``$placeholders``; ``prompts/VERSION`` is recorded in every draft's provenance. The description is
fenced between markers it cannot forge, and the model is told it is data, not instructions.
"""

from __future__ import annotations

import re
from string import Template
from typing import Any

from dslgen import resources
from dslgen.generate.examples import Example
from dslgen.generate.providers import Message

PROMPTS_DIR = resources.PROMPTS_DIR
FENCE_OPEN = "<<<描述开始>>>"
FENCE_CLOSE = "<<<描述结束>>>"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ROLES = {"system": "system", "human": "user", "ai": "assistant"}


def prompt_version() -> str:
    """The version string of the prompt templates (``prompts/VERSION``)."""
    return (PROMPTS_DIR / "VERSION").read_text(encoding="utf-8").strip()


def template(name: str) -> Template:
    """The template ``prompts/<name>.md``."""
    return Template((PROMPTS_DIR / f"{name}.md").read_text(encoding="utf-8"))


def fence_safe(description: str) -> str:
    """The description with control characters and any copy of the fence markers removed."""
    text = _CONTROL.sub("", description)
    for marker in (FENCE_OPEN, FENCE_CLOSE):
        text = text.replace(marker, "")
    return re.sub(r"<{3,}|>{3,}", "", text).strip()


def answer_text(yaml_text: str, gaps: list[dict[str, str]] | None = None) -> str:
    """An answer in the format the system prompt asks for (used for few-shot pairs and the offline drafter)."""
    from dslgen.rulefile.yamlio import dump_yaml

    extra = dump_yaml({"gaps": gaps or [], "mapping": [], "unmapped": []})
    return f"```yaml\n{yaml_text.rstrip()}\n```\n\n```gaps\n{extra.rstrip()}\n```\n"


def select_examples(description: str, pool: list[Example], k: int = 2) -> list[Example]:
    """The ``k`` catalog examples most similar to ``description`` (character n-grams)."""
    from dslgen.generate.selector import NgramExampleSelector

    selector = NgramExampleSelector([e.as_dict() for e in pool], k=k)
    return [chosen["example"] for chosen in selector.select_examples({"description": description})]


def _few_shot(description: str, pool: list[Example], k: int) -> list[Message]:
    if not pool or k <= 0:
        return []
    from langchain_core.prompts import ChatPromptTemplate, FewShotChatMessagePromptTemplate

    from dslgen.generate.selector import NgramExampleSelector

    selector = NgramExampleSelector(
        [{"description": e.description, "input": _example_input(e), "output": answer_text(e.yaml)} for e in pool],
        k=k,
    )
    few_shot = FewShotChatMessagePromptTemplate(
        example_selector=selector,
        example_prompt=ChatPromptTemplate.from_messages([("human", "{input}"), ("ai", "{output}")]),
        input_variables=["description"],
    )
    return [Message(_ROLES.get(m.type, "user"), str(m.content)) for m in few_shot.format_messages(description=description)]


def _example_input(example: Example) -> str:
    return template("example_user").substitute(name=example.id, description=fence_safe(example.description))


def expression_reference() -> str:
    """The expression language's reference (``docs/expressions.md``, rendered from the engine's vocabulary)."""
    from dslgen.docgen.expressions import render_expressions

    text = render_expressions()
    return text.split("\n", 1)[1] if text.startswith("<!--") else text


def _system(reference: str) -> str:
    return template("system").substitute(reference=reference)


def build_messages(
    description: str,
    name: str,
    pool: list[Example],
    spec_text: str,
    spec_version: str,
    k: int = 2,
) -> list[Message]:
    """The full chat: system prompt with the whole specification and the expression reference, the ``k``
    most similar catalog pairs, then the fenced description (kept for endpoints with a large context)."""
    reference = (f"## 《DSL 规范》（规范版本 {spec_version}）\n{spec_text}\n\n"
                 f"## 《牌型表达式》（规范第 22 节）\n{expression_reference()}")
    user = template("user").substitute(name=name, description=fence_safe(description))
    return [Message("system", _system(reference)), *_few_shot(description, pool, k), Message("user", user)]


#: Tokens (by :mod:`dslgen.generate.tokens`) the specification excerpt of a compact prompt may take.
DEFAULT_SPEC_BUDGET = 3200


def compact_messages(
    description: str,
    name: str,
    pool: list[Example],
    spec_text: str,
    spec_version: str,
    spec_budget: int = DEFAULT_SPEC_BUDGET,
) -> list[Message]:
    """The chat a draft's first call sends: only what the description needs.

    The closest catalog example, trimmed to the fans the description names (:func:`trimmed_example`), is
    the one few-shot pair; the specification is cut to the blocks the description's sentences touch and
    the leads of the sections the answer writes (:func:`dslgen.generate.spec_retrieval.select`), the
    enumeration tables to the rows it names (its fan-library names among them)."""
    from dslgen.generate.spec_retrieval import keys_of, select

    chosen = select_examples(description, pool, k=1) if pool else []
    sections = set(chosen[0].data) if chosen else {"game", "requires", "deck", "deal", "fan_types", "phases", "scoring"}
    used = keys_of(trimmed_example(chosen[0], description)) if chosen else None
    excerpt = select(spec_text, description, sections, spec_budget, used)
    reference = f"## 《DSL 规范》节选（规范版本 {spec_version}；只含与这段描述有关的部分）\n{excerpt}"
    messages = [Message("system", _system(reference))]
    for example in chosen:
        messages += [Message("user", template("example_ref").substitute(name=example.id, title=example.name or example.id)),
                     Message("assistant", answer_text(dump_trimmed(example, description)))]
    user = template("user").substitute(name=name, description=fence_safe(description))
    return [*messages, Message("user", user)]


def trimmed_example(example: Example, description: str) -> dict[str, Any]:
    """The example's rule data with only the fans ``description`` names (at least one kept, to show the shape)."""
    data = dict(example.data)
    fans = data.get("fan_types")
    if isinstance(fans, list) and fans:
        named = [f for f in fans if isinstance(f, dict) and str(f.get("name") or "") and str(f["name"]) in description]
        data["fan_types"] = named or fans[:1]
    return data


def dump_trimmed(example: Example, description: str) -> str:
    """:func:`trimmed_example` as YAML."""
    from dslgen.rulefile.yamlio import dump_yaml

    return dump_yaml(trimmed_example(example, description))


def format_findings(findings: list[dict[str, Any]]) -> str:
    """One line per finding: ``- [code] path (第 line 行): message（提示：hint）``."""
    lines = []
    for f in findings:
        where = f.get("path") or ""
        if f.get("line"):
            where = f"{where}（第 {f['line']} 行）" if where else f"第 {f['line']} 行"
        hint = f"（提示：{f['hint']}）" if f.get("hint") else ""
        lines.append(f"- [{f.get('code', '?')}] {where}: {f.get('message', '')}{hint}")
    return "\n".join(lines) or "- （没有具体问题描述）"


#: Largest previous answer sent back in a repair round (a rule file over this cannot be read anyway).
MAX_RESENT_BYTES = 1024 * 1024


def concerned_keys(findings: list[dict[str, Any]]) -> list[str]:
    """The top-level fields the findings are about (``fan_types[3].name`` → ``fan_types``), in order; empty
    when any finding concerns the whole answer (no path: no YAML block, a cut answer, a bad tag)."""
    keys: list[str] = []
    for f in findings:
        path = str(f.get("path") or "")
        head = re.split(r"[.\[]", path, maxsplit=1)[0].strip()
        if not head:
            return []
        if head not in keys:
            keys.append(head)
    return keys


def repair_messages(previous: list[Message], answer: str, findings: list[dict[str, Any]], round: int,
                    data: dict[str, Any] | None = None) -> list[Message]:
    """The chat for a repair round: the first call's system prompt and description, then only the fields
    the findings concern and the findings.

    With the previous answer's rule ``data`` and findings that all name a field, the assistant turn holds
    just those top-level fields and the model is asked for them alone (the pipeline merges them back,
    :func:`merge_patch`). Otherwise (nothing readable came back) the previous answer's opening is shown and a
    whole file is asked for. Few-shot pairs are not re-sent, and nothing over :data:`MAX_RESENT_BYTES`."""
    from dslgen.rulefile.yamlio import dump_yaml

    first = [m for m in previous[:1] if m.role == "system"]
    user = next((m for m in reversed(previous) if m.role == "user" and FENCE_OPEN in m.content), None)
    base = [*first, *([user] if user else [])]
    keys = concerned_keys(findings) if isinstance(data, dict) else []
    if keys:
        shown = answer_text(dump_yaml({k: data[k] for k in keys if k in data}))
        note = template("repair_fields").substitute(findings=format_findings(findings), round=round,
                                                    fields="、".join(keys))
        return [*base, Message("assistant", shown), Message("user", note)]
    note = template("repair").substitute(findings=format_findings(findings), round=round)
    size = len(answer.encode("utf-8", "surrogatepass"))
    if size > MAX_RESENT_BYTES:
        answer = (f"（上一轮的回答有 {size} 字节，超过 {MAX_RESENT_BYTES} 字节的上限，没有重发。"
                  "规则文件通常只有几 KB：请只给出一个完整的 ```yaml 代码块和 ```gaps 代码块。）")
    elif len(answer) > MAX_SHOWN_CHARS:
        answer = answer[:MAX_SHOWN_CHARS] + f"\n……（以下 {len(answer) - MAX_SHOWN_CHARS} 字省略）"
    return [*base, Message("assistant", answer), Message("user", note)]


#: Characters of an unreadable previous answer shown in a repair round.
MAX_SHOWN_CHARS = 2000


def merge_patch(previous: dict[str, Any] | None, patch: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    """A repair answer merged onto the previous rule data: its top-level fields replace the previous ones.

    ``keys`` are the fields the round asked for; an answer that is a whole file (it has ``game`` and
    ``deck``, or there was nothing to merge onto) replaces the previous data outright."""
    if not previous or not keys or {"game", "deck"} <= set(patch):
        return patch
    return {**previous, **{k: v for k, v in patch.items() if k != "meta"}}
