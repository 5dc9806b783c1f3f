"""``dslgen new`` end to end: generate → validate → check → simulate → summary, written as a draft folder.

The verdict comes from the judge (:mod:`dslgen.judge`), reached on the exact bytes written as the
draft's rule file and bound to their sha256. A provider failure (timeout, refused key, rate limit,
malformed answer…) still writes the draft, with no gate passed and the reason in ``failure``.
"""

from __future__ import annotations

import datetime as _dt
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from dslgen.errors import UsageError
from dslgen.faults import pause_point
from dslgen.generate import config, providers
from dslgen.generate.draft import DESCRIPTION, RESULT, TRANSCRIPT, check_target, release, reserve_folder, write_draft
from dslgen.generate.answer import Answer
from dslgen.generate.budget import Budget
from dslgen.generate.consistency import judge, merge_gaps
from dslgen.generate.examples import load_examples
from dslgen.generate.description_facts import read_facts
from dslgen.generate.provenance import value_sources
from dslgen.generate.prompt import DEFAULT_SPEC_BUDGET, compact_messages, prompt_version
from dslgen.generate.repair import DEFAULT_MAX_ROUNDS, run_rounds
from dslgen.secrets import redact
from dslgen.generate.transcript import Transcript
from dslgen.generate.usage import Usage
from dslgen.judge import Simulation, judge_bytes
from dslgen.output import to_json
from dslgen.rulefile.yamlio import as_comment, dump_yaml

DRAFTS_DIR = Path(".dslgen") / "drafts"
ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
MAX_DESCRIPTION = 20_000
#: Place and variant names → ids, for drafts made without ``--name``.
_PLACES = {
    "南昌": "nanchang", "四川": "sichuan", "成都": "chengdu", "重庆": "chongqing", "广东": "guangdong",
    "广州": "guangzhou", "深圳": "shenzhen", "国标": "guobiao", "武汉": "wuhan", "长沙": "changsha",
    "杭州": "hangzhou", "上海": "shanghai", "北京": "beijing", "天津": "tianjin", "福州": "fuzhou",
    "温州": "wenzhou", "南京": "nanjing", "合肥": "hefei", "郑州": "zhengzhou", "济南": "jinan",
    "沈阳": "shenyang", "大连": "dalian", "哈尔滨": "haerbin", "贵阳": "guiyang", "昆明": "kunming",
    "西安": "xian", "兰州": "lanzhou", "江西": "jiangxi", "湖南": "hunan", "湖北": "hubei", "广西": "guangxi",
    "云南": "yunnan", "贵州": "guizhou", "香港": "hongkong", "台湾": "taiwan", "血战": "xuezhan",
    "红中": "hongzhong", "鸡平胡": "jipinghu", "推倒胡": "tuidaohu", "卡五星": "kawuxing", "赣州": "ganzhou",
    "九江": "jiujiang", "宜春": "yichun", "上饶": "shangrao", "萍乡": "pingxiang", "景德镇": "jingdezhen",
}


@dataclass
class NewOptions:
    """Everything ``dslgen new`` was asked to do."""

    description: str
    name: str = ""
    provider: str | None = None
    model: str | None = None
    games: int = 1000
    seed: int = 0
    jobs: int | str = "auto"
    out: str | None = None
    max_rounds: int = DEFAULT_MAX_ROUNDS
    catalog: str | None = None
    bot: str = "greedy"
    #: ``--set PATH=VALUE`` overrides applied to the drafted rules before they are judged.
    overrides: tuple[str, ...] = ()
    now: _dt.datetime | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: Caps on what the model calls may spend (tokens, estimated cost).
    budget: Budget = field(default_factory=Budget)


class Progress:
    """Callbacks the pipeline reports through (the CLI draws them with rich on stderr)."""

    def stage(self, text: str) -> None:
        """A new step started."""

    def games(self, done: int, total: int) -> None:
        """Simulation progress."""


def slug(name: str) -> str:
    """``南昌麻将`` → ``nanchang``: the name's pinyin (the suffix 麻将/玩法/规则 dropped), as an id."""
    from pypinyin import lazy_pinyin

    core = re.sub(r"[（(【\[].*", "", name).strip()
    core = re.sub(r"(?:麻将|麻雀|玩法|规则|说明|打法|简化版|简易版)+$", "", core) or core
    parts = lazy_pinyin(core, errors=lambda chars: [re.sub(r"[^a-z0-9]+", "_", chars.lower())])
    text = re.sub(r"_+", "_", "".join(parts)).strip("_")
    if not text:
        return ""
    return text if text[0].isalpha() else f"v_{text}"


def slug_for(description: str) -> str:
    """A draft id from the variant name the description gives (pinyin), else the first place it names,
    else ``variant`` — never from the template the draft started from."""
    from dslgen.generate.description_facts import read_facts

    name = read_facts(description[:400]).name
    if name and slug(name):
        return slug(name)[:40].rstrip("_")
    head = description[:200]
    hits = sorted((head.find(k), v) for k, v in _PLACES.items() if k in head)
    return hits[0][1] if hits else "variant"


def _reader_gaps(description: str, known: list[dict[str, str]]) -> list[dict[str, str]]:
    """Unsupported rules the offline reader sees in the description that the model's gaps do not mention.

    A safety net: a model that silently drops 冲关 or 换三张 does not hide it from the reviewer.
    """
    from dslgen.generate.description_facts import read_facts

    seen = " ".join(f"{g.get('text', '')} {g.get('reason', '')}" for g in known)
    extra = []
    for gap in read_facts(description).gaps:
        if gap["text"] in seen or any(g["text"] == gap["text"] for g in extra):
            continue
        extra.append({"text": gap["text"], "reason": f"{gap['reason']}（模型没有列出，由规则识别器补充）"})
    return extra


def _template_origin(base: str, template: dict[str, Any] | None) -> str:
    """Where a value the description left open came from, in words: ``起草时参照的目录玩法「南昌麻将」（nanchang）``."""
    game = (template or {}).get("game")
    name = str(game.get("name") or "") if isinstance(game, dict) else ""
    return f"起草时参照的目录玩法「{name}」（{base}）" if name else f"起草时参照的目录玩法 {base}"


def run_new(opts: NewOptions, progress: Progress | None = None) -> dict[str, Any]:
    """Draft a rule file for ``opts.description`` and write the draft folder; returns ``result.json``."""
    progress = progress or Progress()
    description = opts.description.strip()
    if not description:
        raise UsageError("玩法描述是空的", where="DESCRIPTION", hint='例如 dslgen new "南昌麻将：……" 或 --file 描述.md')
    if re.search(r"[\ud800-\udfff]", description):
        raise UsageError("玩法描述含有无法解码的字节（不是有效的 UTF-8 文本）", where="DESCRIPTION",
                         hint="检查终端编码或用 --file 给出 UTF-8 编码的描述文件")
    if len(description) > MAX_DESCRIPTION:
        raise UsageError(f"玩法描述过长（{len(description)} 字，上限 {MAX_DESCRIPTION}）", where="DESCRIPTION")
    draft_id = opts.name or slug_for(description)
    if not ID_PATTERN.match(draft_id):
        raise UsageError(f"玩法 id 不合法：{draft_id[:80]}", where="--name",
                         hint="只能用小写字母、数字和下划线，以字母开头，最长 64 个字符，如 nanchang")
    if opts.games < 1:
        raise UsageError("--games 至少为 1", where="--games")
    if opts.max_rounds < 1:
        raise UsageError("--max-rounds 至少为 1", where="--max-rounds")
    if opts.budget.max_tokens is not None and opts.budget.max_tokens < 1:
        raise UsageError("--max-tokens 至少为 1", where="--max-tokens")
    if opts.budget.max_cost_usd is not None and not opts.budget.max_cost_usd > 0:
        raise UsageError("--max-cost 必须大于 0（美元）", where="--max-cost", hint="例如 --max-cost 0.05")
    from dslgen.generate.overrides import apply_overrides, parse_override

    overrides = [parse_override(text) for text in opts.overrides]  # a bad --set is a usage error, before any call
    name, settings = config.resolve(opts.provider, opts.model)
    provider = providers.get(name)(settings)
    provider.check_config()  # a configuration error is a usage error before any call, not a failed draft
    provider.deadline_at = time.monotonic() + settings.deadline

    from dslgen.rulefile.spec import spec_text, spec_version

    now = opts.now or _dt.datetime.now(_dt.timezone.utc)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    pool = load_examples(opts.catalog)
    if not pool and provider.needs_examples:  # a usage error: no draft folder is written
        from dslgen.generate.examples import catalog_dir
        from dslgen.generate.providers.offline import NO_EXAMPLES, NO_EXAMPLES_HINT

        raise UsageError(NO_EXAMPLES, where=str(catalog_dir(opts.catalog)), hint=NO_EXAMPLES_HINT)
    messages = compact_messages(description, draft_id, pool, spec_text(), spec_version(),
                                spec_budget=settings.spec_budget or DEFAULT_SPEC_BUDGET)
    # a prompt that cannot fit the model's context is a usage error before anything is sent or written
    first_call = provider.check_fit(messages) if provider.name not in ("offline", "replay") else 0
    if opts.out:
        check_target(Path(opts.out))  # before the model is paid and the games are played
    created = not opts.out or not Path(opts.out).exists()  # only a folder this run made is released
    folder = Path(opts.out) if opts.out else reserve_folder(DRAFTS_DIR / f"{draft_id}-{stamp}")
    try:
        pause_point("draft-folder")
        version = spec_version()
        provenance = {
            "provider": provider.name, "model": "", "prompt_version": prompt_version(), "spec_version": version,
            "engine_version": engine.__version__, "created": now.isoformat(timespec="seconds"),
            "seed": opts.seed, "games": opts.games, "attempts": 0,
        }

        def with_meta(data: dict[str, Any], attempt: int) -> dict[str, Any]:
            """The answer's rule data with this draft's ``meta`` block first (the model's own meta is dropped)."""
            prov = {**provenance, "model": provider.model, "attempts": attempt}
            body = {k: v for k, v in data.items() if k != "meta"}
            return {"meta": {"id": draft_id, "description": description, "provenance": prov}, **body}

        progress.stage(f"起草（{provider.name}）")
        from dslgen.generate.tokens import meter

        prompt_info = {"first_call_tokens": first_call, "meter": meter(), "messages": len(messages),
                       "context_window": settings.context_window, "max_tokens": settings.max_output_tokens}
        transcript = Transcript()
        usage = Usage()
        claims = read_facts(description, catalog=pool)

        def gaps_of(answer: Answer) -> list[dict[str, str]]:
            """The answer's gaps, plus the reader's for a model that left some out, duplicates merged."""
            gaps = list(answer.gaps)
            if provider.name != "offline":
                gaps += _reader_gaps(description, gaps)
            return merge_gaps(gaps)

        def consistency_of(answer: Answer, data: dict[str, Any]) -> list[dict[str, Any]]:
            """The description-consistency findings of one round's answer (sent back to a model like any other)."""
            body = {k: v for k, v in data.items() if k != "meta"}
            return judge(description, body, gaps_of(answer), answer.mapping, facts=claims).findings

        outcome = run_rounds(
            provider, messages, description=description, name=draft_id, catalog=pool, max_rounds=opts.max_rounds,
            with_meta=with_meta, transcript=transcript, usage=usage, extra_findings=consistency_of,
            on_round=lambda n: progress.stage(f"第 {n} 轮：{provider.name} 起草") if n > 1 else None,
            budget=opts.budget,
        )
        provenance.update(model=provider.model, attempts=outcome.rounds)
        if outcome.error is not None and outcome.error.kind == "connection" and outcome.answer is None:
            # nothing was drafted and nothing can be: a usage error (exit 2) with the fix, no failed draft
            where = settings.base_url or "OPENAI_BASE_URL"
            raise UsageError(f"{redact(outcome.error.message).rstrip('.。')}；没有起草", where=where,
                             hint="检查 OPENAI_BASE_URL 与网络是否可达；不用模型时加 --provider offline 离线起草")
        failure = None
        if outcome.error is not None:
            failure = {"kind": outcome.error.kind, "message": redact(outcome.error.message), "hint": redact(outcome.error.hint)}
        if failure is not None and outcome.answer is None:
            return _no_answer(folder, draft_id, description, failure, transcript, usage, provenance, settings,
                              prompt_info, outcome, opts, progress)
        answer = outcome.answer
        gaps = gaps_of(answer) if answer else []
        data = outcome.loaded.data if outcome.loaded is not None and isinstance(outcome.loaded.data, dict) else None
        changes: list[dict[str, Any]] = []
        if overrides and data is not None:
            data, changes = apply_overrides(data, overrides)
        body = {k: v for k, v in data.items() if k != "meta"} if data else None
        consistency = judge(description, body, gaps, answer.mapping if answer else [], facts=claims)
        sources = None
        if body is not None and answer is not None:
            template = next((e.data for e in pool if e.id == answer.base), None) if answer.base else None
            origin = _template_origin(answer.base, template) if answer.base else f"模型（{provider.model}）的假设"
            sources = value_sources(body, claims, description, assumed_from=origin, reported=answer.provenance,
                                    assumptions=answer.assumptions, template=template)
            for row in sources["rows"]:  # a value the reviewer set is neither stated nor a default
                change = next((c for c in changes if c["path"] == row["field"]), None)
                if change is not None:
                    row.update(source="set", value=change["after"], shown=str(change["after"]),
                               **{"from": f"命令行 --set {change['set']}"})
        yaml_text = dump_yaml(data) if changes else outcome.yaml_text
        if not yaml_text:  # nothing readable: keep whatever the model said for the reviewer, as a comment-only file
            raw = (answer.yaml_text or answer.text) if answer else ""
            body = as_comment(raw) or "# （没有可用的规则文件）"
            meta = dump_yaml({"meta": {"id": draft_id, "description": description, "provenance": provenance}})
            said = "原文保留在注释中"
            if answer is None and outcome.stopped:
                said = f"没有调用模型（{outcome.stopped}）"
            elif answer is not None and answer.oversized:
                said = f"回答有 {answer.oversized} 字节，超过上限，注释中只保留了开头 {len(raw.encode('utf-8'))} 字节"
            yaml_text = f"# 模型回答无法作为规则文件读取，{said}\n{body}\n{meta}"
        yaml_name = str(folder / f"{draft_id}.yaml")
        yaml_text = redact(yaml_text)
        judgement = judge_bytes(
            yaml_text.encode("utf-8"), yaml_name, games=opts.games, seed=opts.seed, jobs=opts.jobs, bot=opts.bot,
            progress=progress.games, rules_path=yaml_name, cache=False, description=description,
            extra_findings=list(answer.problems) if answer else [],
            extra={"consistency": consistency,
                   "no_simulation": "描述中没有任何规则，未运行模拟" if consistency.no_rules else ""},
            before_simulation=lambda: progress.stage(f"模拟 {opts.games} 局（{opts.bot} 机器人）"))
        verdict = judgement.verdict
        simulation = judgement.simulation
        if failure is not None and not simulation.ran:
            simulation = Simulation.not_run("模型调用失败，未运行模拟")
        result = {
            "draft": str(folder),
            "yaml": yaml_name,
            "id": draft_id,
            # "verdict" and "gates" are summaries for people and scripts; commands read "judgement", the
            # judge's typed verdict bound to the rule file's sha256
            "verdict": verdict.status,
            "gates": {g.name: g.passed for g in verdict.gates},
            "judgement": verdict.to_json(),
            "gaps": gaps,
            "unmapped_sentences": list(answer.unmapped) if answer else [],
            "mapping": list(answer.mapping) if answer else [],
            "findings": [f.to_json() for f in verdict.findings],
            "consistency": consistency.to_dict(),
            "coverage": consistency.coverage(),
            "value_sources": sources or {"counts": {"stated": 0, "default": 0, "assumed": 0}, "rows": []},
            "round_findings": outcome.history,
            "simulation": simulation.to_json(),
            "rounds": outcome.rounds,
            "usage": usage.to_dict(),
            "budget": {**opts.budget.to_dict(), "stopped": outcome.stopped},
            "provenance": provenance,
            "failure": failure,
            "notice": settings.notice,
            "prompt": prompt_info,
            "overrides": changes,
            "overrides_unapplied": [o.text for o in overrides] if overrides and not changes else [],
            "next": f"dslgen review {folder}",
        }
        progress.stage("写入草稿")
        write_draft(folder, {
            f"{draft_id}.yaml": yaml_text,
            DESCRIPTION: description + "\n",
            TRANSCRIPT: transcript.to_jsonl(),
            RESULT: to_json(result) + "\n",
        })
        return result
    except BaseException:  # Ctrl-C, SIGTERM (see the new command), an unreachable model, a crash
        if created:
            release(folder)
        raise


def _no_answer(folder: Path, draft_id: str, description: str, failure: dict[str, Any], transcript: Transcript,
               usage: Usage, provenance: dict[str, Any], settings, prompt_info: dict[str, Any], outcome, opts: NewOptions,
               progress: Progress) -> dict[str, Any]:
    """The draft of a run in which no answer came: the failure, the request and the fix — no rule file, no
    gates (a verdict with none, which never passes), no simulation, and the fix as the next step."""
    import hashlib

    from dslgen.judge import Verdict

    verdict = Verdict(hashlib.sha256(b"").hexdigest(), ())
    request = {"provider": provenance["provider"], "model": settings.model, "base_url": redact(settings.base_url),
               "rounds": outcome.rounds, "prompt_tokens": prompt_info["first_call_tokens"],
               "max_tokens": settings.max_output_tokens, "context_window": settings.context_window,
               "timeout_s": settings.timeout}
    result = {
        "draft": str(folder), "yaml": "", "id": draft_id,
        "verdict": verdict.status, "gates": {}, "judgement": verdict.to_json(),
        "gaps": [], "unmapped_sentences": [], "mapping": [], "findings": [],
        "round_findings": outcome.history, "simulation": Simulation.not_run("模型没有回答，没有规则文件可模拟").to_json(),
        "rounds": outcome.rounds, "usage": usage.to_dict(),
        "budget": {**opts.budget.to_dict(), "stopped": outcome.stopped},
        "provenance": provenance, "failure": failure, "request": request, "notice": settings.notice,
        "prompt": prompt_info, "overrides": [], "overrides_unapplied": list(opts.overrides),
        "next": failure.get("hint") or "检查模型服务后重新运行 dslgen new",
    }
    progress.stage("写入草稿（模型没有回答）")
    write_draft(folder, {DESCRIPTION: description + "\n", TRANSCRIPT: transcript.to_jsonl(), RESULT: to_json(result) + "\n"})
    return result
