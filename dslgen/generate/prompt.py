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


def build_messages(
    description: str,
    name: str,
    pool: list[Example],
    spec_text: str,
    spec_version: str,
    k: int = 2,
) -> list[Message]:
    """System prompt, the ``k`` most similar catalog pairs, then the fenced description."""
    system = template("system").substitute(spec=spec_text, spec_version=spec_version, expressions=expression_reference())
    user = template("user").substitute(name=name, description=fence_safe(description))
    return [Message("system", system), *_few_shot(description, pool, k), Message("user", user)]


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


def repair_messages(previous: list[Message], answer: str, findings: list[dict[str, Any]], round: int) -> list[Message]:
    """The chat for a repair round: everything so far, the previous answer, and its findings.

    An answer over :data:`MAX_RESENT_BYTES` is not sent back (it is kept in the transcript once): the
    model gets a short note in its place and the findings, so no round re-sends (and re-pays for) it.
    """
    note = template("repair").substitute(findings=format_findings(findings), round=round)
    size = len(answer.encode("utf-8", "surrogatepass"))
    if size > MAX_RESENT_BYTES:
        answer = (f"（上一轮的回答有 {size} 字节，超过 {MAX_RESENT_BYTES} 字节的上限，没有重发。"
                  "规则文件通常只有几 KB：请只给出一个完整的 ```yaml 代码块和 ```gaps 代码块。）")
    return [*previous, Message("assistant", answer), Message("user", note)]
