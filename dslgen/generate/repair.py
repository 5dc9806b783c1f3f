"""The repair loop: ask, read the answer, check it, and send its findings back — at most N rounds.

A round's answer is parsed as data (:mod:`dslgen.generate.answer`), given the draft's ``meta`` block,
then checked by :func:`dslgen.checks.runner.check_data` (schema, capabilities, compliance). Error
findings (codes, field paths, messages, hints) go back to the model together with its previous
answer; warnings do not block. Findings about the description itself (:data:`DESCRIPTION_CODES`: an
open question, a self-contradiction…) are not sent back: no answer can clear them, so they end the loop
when nothing else is left. Every call, failed or not, is recorded in the transcript. A
:class:`~dslgen.generate.budget.Budget` stops the loop before a round that would spend past its caps;
the outcome says why (``stopped``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from dslgen.checks.runner import FileReport, check_data
from dslgen.generate.budget import Budget
from dslgen.generate.consistency import DESCRIPTION_CODES
from dslgen.generate.answer import Answer, parse_answer, stored_answer
from dslgen.generate.prompt import concerned_keys, merge_patch, repair_messages
from dslgen.generate.providers import Message, Provider, ProviderError, Request
from dslgen.generate.transcript import Transcript
from dslgen.generate.usage import Usage
from dslgen.rulefile.yamlio import LoadedYaml, dump_yaml, load_yaml_text

DEFAULT_MAX_ROUNDS = 3


@dataclass
class Outcome:
    """What the loop ended with."""

    answer: Answer | None = None
    yaml_text: str = ""
    loaded: LoadedYaml | None = None
    report: FileReport | None = None
    findings: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    rounds: int = 0
    error: ProviderError | None = None
    #: Why the loop stopped before it was done ('' when it was not stopped by the budget).
    stopped: str = ""

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Error-level findings of the last answer."""
        return [f for f in self.findings if f.get("severity") == "error"]


def finding_dict(f: Any) -> dict[str, Any]:
    """A :class:`Finding` (a check's or an answer's), or a consistency finding's mapping, as the plain
    mapping a repair round keeps."""
    if isinstance(f, dict):
        return {"code": f.get("code"), "severity": f.get("severity", "error"), "path": f.get("path", ""),
                "line": f.get("line") or 0, "message": f.get("message", ""), "hint": f.get("hint", "")}
    return {"code": f.code, "severity": f.severity, "path": f.path_text, "line": f.line or 0,
            "message": f.message, "hint": f.hint}


def run_rounds(
    provider: Provider,
    messages: list[Message],
    *,
    description: str,
    name: str,
    catalog: list[Any],
    max_rounds: int,
    with_meta: Callable[[dict[str, Any], int], dict[str, Any]],
    transcript: Transcript,
    usage: Usage,
    on_round: Callable[[int], None] | None = None,
    extra_findings: Callable[[Answer, dict[str, Any]], list[dict[str, Any]]] | None = None,
    budget: Budget | None = None,
) -> Outcome:
    """Ask up to ``max_rounds`` times until an answer has no error-level finding.

    ``extra_findings`` adds findings of gates beyond the checks (the description-consistency gate),
    so a model gets its contradictions back like any other finding."""
    out = Outcome()
    previous = ""
    previous_data: dict[str, Any] | None = None
    patch_keys: list[str] = []
    budget = budget or Budget()
    last: tuple[int, int] | None = None
    for number in range(1, max(1, max_rounds) + 1):
        out.stopped = budget.stop_reason(usage, last, provider.model, number)
        if out.stopped:
            return out
        if on_round:
            on_round(number)
        request = Request(messages=list(messages), description=description, round=number,
                          findings=out.errors, previous_answer=previous, name=name, catalog=catalog,
                          patch_keys=list(patch_keys))
        started = time.monotonic()
        try:
            reply = provider.complete(request)
        except ProviderError as exc:
            counted = sum(a.get("usage", {}).get("prompt_tokens", 0) for a in exc.attempts)
            transcript.record(round=number, provider=provider.name, model=provider.model,
                              request=[m.to_dict() for m in messages], answer=None,
                              usage={"prompt_tokens": 0, "completion_tokens": 0, "sent_prompt_tokens": counted},
                              elapsed_s=round(time.monotonic() - started, 3), attempts=exc.attempts,
                              error={"kind": exc.kind, "message": exc.message, "hint": exc.hint})
            out.error = exc
            out.rounds = number
            return out
        usage.add(reply.model or provider.model, reply.prompt_tokens, reply.completion_tokens)
        last = (reply.prompt_tokens, reply.completion_tokens)
        answered = reply.attempts[-1]["usage"] if reply.attempts else {}
        transcript.record(round=number, provider=provider.name, model=reply.model or provider.model,
                          request=[m.to_dict() for m in messages], **stored_answer(reply.text),
                          usage={"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                                 **({"counted": answered} if answered.get("source") == "counted" else {})},
                          finish_reason=reply.finish_reason, retries=reply.retries,
                          **({"attempts": reply.attempts} if reply.attempts else {}),
                          **({"patch_keys": patch_keys} if patch_keys else {}),
                          elapsed_s=round(time.monotonic() - started, 3))
        out.rounds = number
        answer = parse_answer(reply.text, reply.finish_reason)
        out.answer = answer
        findings = [finding_dict(p) for p in answer.problems]
        out.loaded, out.report, out.yaml_text = None, None, ""
        if answer.loaded is not None:
            data = answer.loaded.data
            if isinstance(data, dict):
                data = merge_patch(previous_data, data, patch_keys)
                previous_data = {k: v for k, v in data.items() if k != "meta"}
                data = with_meta(data, number)
                out.yaml_text = dump_yaml(data)
                out.loaded = load_yaml_text(out.yaml_text, f"{name}.yaml")
                out.report = check_data(out.loaded, file=f"{name}.yaml")
                findings += [finding_dict(f) for f in out.report.findings]
                if extra_findings is not None:
                    findings += [{**finding_dict(f), "gate": f.get("gate", "")} for f in extra_findings(answer, data)]
        out.findings = findings
        out.history.append({"round": number, "findings": findings})
        repairable = [f for f in out.errors if f.get("code") not in DESCRIPTION_CODES]
        if not repairable:  # nothing, or only what the designer must settle in the description
            return out
        if not provider.can_repair or (provider.deterministic and reply.text == previous):
            return out
        if number < max_rounds:
            readable = previous_data if answer.loaded is not None else None
            messages = repair_messages(messages, reply.text, repairable, number + 1, data=readable)
            patch_keys = concerned_keys(repairable) if readable else []
        previous = reply.text
    return out
