"""Regenerate every catalog variant from its stored description and summarise what moved.

For each variant ``<id>`` the batch writes, under the output folder::

    <out>/<id>/pool/        the few-shot pool: for a model, the other catalog files
                            (leave-one-out, so it cannot simply copy the approved answer);
                            for the offline drafter, the whole catalog, so it starts from
                            the variant's approved version and only the description's
                            disagreements with that file show up as changes
    <out>/<id>/draft/       the draft folder ``dslgen new`` writes (all four gates)
    <out>/<id>/done.json    the summary row, written last and atomically
    <out>/summary.json      {variants: [...]} and <out>/summary.md, at the end

Approved catalog files are only ever read. A rerun with the same inputs (the
description, the approved file, provider, model, games, seed, budgets,
specification, prompt and engine versions) skips every variant whose
``done.json`` matches, so an interrupted batch resumes where it stopped.

Budgets: ``max_tokens`` / ``max_cost`` cap each draft (:class:`~dslgen.generate.budget.Budget`);
``batch_max_tokens`` / ``batch_max_cost`` cap the model calls of this run. With a batch cap the
variants run in waves of at most the run's concurrency; each variant of a wave gets an equal share of
what is left (within its own cap) and the first-round size seen so far as its estimate, so a draft
that cannot afford a round stops before it and says so; once nothing is left, the remaining variants
are not regenerated (their rows say why, and no ``done.json`` is written, so a rerun with a larger cap
does them). Every row carries the tokens its draft spent; the summary adds them up.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from dslgen import backends
from dslgen.errors import UsageError
from dslgen.generate.budget import Budget
from dslgen.judge import Verdict
from dslgen.review.baseline import RuleDoc, catalog_files, read_rule_doc
from dslgen.review.semantic_diff import semantic_changes
from dslgen.rulefile.yamlio import YamlError, load_yaml_text, write_atomic

DONE = "done.json"
BATCH_FORMAT = "dslgen-batch/1"


@dataclass(frozen=True)
class BatchOptions:
    """What ``dslgen batch`` was asked to do."""

    catalog: str
    out: str
    only: tuple[str, ...] = ()
    provider: str | None = None
    model: str | None = None
    games: int = 1000
    seed: int = 0
    jobs: int = 1
    replay_from: str | None = None
    max_model_calls: int = 4
    #: Per draft: most tokens, most estimated USD.
    max_tokens: int | None = None
    max_cost: float | None = None
    #: For this run of the batch: most tokens, most estimated USD.
    batch_max_tokens: int | None = None
    batch_max_cost: float | None = None

    @property
    def draft_budget(self) -> Budget:
        """The cap of one draft when no batch cap applies."""
        return Budget(self.max_tokens, self.max_cost)

    @property
    def batch_limited(self) -> bool:
        """True when the run as a whole is capped."""
        return self.batch_max_tokens is not None or self.batch_max_cost is not None


def _fingerprint(doc: RuleDoc, opts: BatchOptions) -> str:
    """Everything a variant's regeneration depends on; a change means it must be redone."""
    import engine
    from dslgen.generate.prompt import prompt_version
    from dslgen.rulefile.spec import spec_version

    parts = {
        "approved": hashlib.sha256(doc.text.encode("utf-8")).hexdigest(),
        "pool": sorted(hashlib.sha256(p.read_bytes()).hexdigest() for p in catalog_files(opts.catalog)
                       if p.stem != doc.path.stem),
        "provider": opts.provider or os.environ.get("DSLGEN_PROVIDER") or "",
        "model": opts.model or "",
        "games": opts.games,
        "seed": opts.seed,
        "spec": spec_version(),
        "prompt": prompt_version(),
        "engine": engine.__version__,
        "replay": opts.replay_from or "",
        "budget": [opts.max_tokens, opts.max_cost, opts.batch_max_tokens, opts.batch_max_cost],
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


_NO_TOKENS = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "cost_usd": 0.0, "cost_estimated": True}


def _row(variant: str, verdict: str, *, changes: list[str] | None = None, gaps: list[Any] | None = None,
         errors: list[str] | None = None, draft: str = "", resumed: bool = False,
         tokens: dict[str, Any] | None = None, stopped: str = "", first_round: int = 0) -> dict[str, Any]:
    changes = changes or []
    return {"id": variant, "verdict": verdict, "changed": bool(changes), "semantic_changes": changes,
            "gaps": gaps or [], "errors": errors or [], "draft": draft, "resumed": resumed,
            "tokens": dict(tokens or _NO_TOKENS), "stopped": stopped, "first_round_tokens": first_round}


def _first_round_tokens(draft: Path) -> int:
    """Tokens the draft's first model call took (0 when unknown)."""
    try:
        line = (draft / "transcript.jsonl").read_text(encoding="utf-8").split("\n", 1)[0]
        usage = json.loads(line).get("usage") or {}
        return int(usage.get("prompt_tokens") or 0) + int(usage.get("completion_tokens") or 0)
    except (OSError, ValueError, AttributeError, TypeError):
        return 0


def _errors(result: dict[str, Any], verdict: Verdict) -> list[str]:
    """The draft's problems as lines: a failed model call, then every error finding of the verdict."""
    out = []
    failure = result.get("failure")
    if failure:
        out.append(f"模型调用失败：{failure.get('message', '')}")
    for f in verdict.findings:
        if f.is_error:
            out.append(f"{f.code} {f.path_text}: {f.message}".replace(" :", ":").strip())
    for gate in verdict.gates:
        if not gate.passed and not gate.errors and gate.detail:
            out.append(f"{gate.label}：{gate.detail}")
    return out


@contextmanager
def _replay_source(path: str | None) -> Iterator[None]:
    if not path:
        yield
        return
    old = os.environ.get("DSLGEN_REPLAY")
    os.environ["DSLGEN_REPLAY"] = path
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("DSLGEN_REPLAY", None)
        else:
            os.environ["DSLGEN_REPLAY"] = old


def regenerate(variant: str, approved_path: str, opts: BatchOptions, fingerprint: str,
               budget: Budget | None = None) -> dict[str, Any]:
    """Regenerate one variant into ``<out>/<variant>/`` under ``budget`` (default: the per-draft caps)
    and return (and record) its summary row."""
    from dslgen.errors import DslgenError
    from dslgen.generate.config import resolve
    from dslgen.generate.pipeline import NewOptions, run_new

    folder = Path(opts.out) / variant
    _sweep(folder)
    approved = read_rule_doc(approved_path)
    description = approved.description
    if not description:
        row = _row(variant, "fail", errors=["目录文件缺少 meta.description，无法重新生成"])
    else:
        pool = folder / "pool"
        shutil.rmtree(pool, ignore_errors=True)
        pool.mkdir(parents=True)
        leave_one_out = resolve(opts.provider, opts.model)[0] != "offline"
        for path in catalog_files(opts.catalog):
            if path.stem != variant or not leave_one_out:
                shutil.copyfile(path, pool / path.name)
        draft = folder / "draft"
        replay = str(Path(opts.replay_from) / variant / "draft") if opts.replay_from else None
        try:
            with _replay_source(replay):
                result = run_new(NewOptions(description=description, name=variant, provider=opts.provider,
                                            model=opts.model, games=opts.games, seed=opts.seed, jobs=1,
                                            out=str(draft), catalog=str(pool),
                                            budget=budget or opts.draft_budget))
        except DslgenError as exc:
            row = _row(variant, "fail", errors=[exc.render()])
        else:
            try:
                data = load_yaml_text((draft / f"{variant}.yaml").read_text(encoding="utf-8")).data
                changes = semantic_changes(approved.data, data)
            except (OSError, YamlError) as exc:
                changes = [f"草稿无法读取：{getattr(exc, 'message', exc)}"]
            gaps = list(result.get("gaps") or []) + [
                {"text": s, "reason": "没有被用到的句子"} for s in result.get("unmapped_sentences") or []]
            verdict = Verdict.from_json(result["judgement"])
            stopped = (result.get("budget") or {}).get("stopped") or ""
            errors = _errors(result, verdict) + ([f"用量上限：{stopped}"] if stopped else [])
            row = _row(variant, verdict.status, changes=changes, gaps=gaps, errors=errors, draft=str(draft),
                       tokens={**_NO_TOKENS, **(result.get("usage") or {})}, stopped=stopped,
                       first_round=_first_round_tokens(draft))
    write_atomic(folder / DONE, json.dumps({"format": BATCH_FORMAT, "fingerprint": fingerprint, "row": row},
                                           ensure_ascii=False, indent=2) + "\n")
    return row


def _done_row(folder: Path, fingerprint: str) -> dict[str, Any] | None:
    try:
        record = json.loads((folder / DONE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("fingerprint") != fingerprint or not isinstance(record.get("row"), dict):
        return None
    return {**record["row"], "resumed": True}


def select(opts: BatchOptions) -> list[tuple[str, RuleDoc | None, str]]:
    """The catalog variants to regenerate (all, or those named by ``only``): (id, rule file, read error)."""
    catalog = Path(opts.catalog)
    if not catalog.is_dir():
        raise UsageError("玩法目录不存在", where=str(catalog), hint="用 --catalog 指定目录")
    out = Path(opts.out).resolve()
    if out == catalog.resolve():
        raise UsageError("输出目录不能是玩法目录本身", where="--out", hint="例如 --out .dslgen/batch")
    chosen = [p for p in catalog_files(catalog) if not opts.only or p.stem in opts.only]
    if opts.only:
        known = {p.stem for p in catalog_files(catalog)}
        unknown = [i for i in opts.only if i not in known]
        if unknown:
            raise UsageError(f"目录中没有这些玩法：{'、'.join(unknown)}", where="--only",
                             hint="可选：" + "、".join(sorted(known)))
    entries: list[tuple[str, RuleDoc | None, str]] = []
    for path in chosen:
        try:
            entries.append((path.stem, read_rule_doc(path), ""))
        except YamlError as exc:
            entries.append((path.stem, None, f"目录文件无法读取：{exc.render()}"))
    return entries


def _regenerate_task(opts: BatchOptions, variant: str, path: str, fingerprint: str,
                     budget: Budget | None = None) -> dict[str, Any]:
    """One variant (the unit a backend runs); ``opts`` is the worker's shared value."""
    return regenerate(variant, path, opts, fingerprint, budget)


def _concurrency(opts: BatchOptions) -> int:
    """How many variants run at the same time on the backend in force."""
    if backends.current().name == "local":
        return max(1, min(opts.jobs, opts.max_model_calls))
    return max(1, opts.max_model_calls)


def _spent(rows: list[dict[str, Any]]) -> tuple[int, float]:
    """Tokens and estimated USD the (not resumed) ``rows`` spent in this run."""
    fresh = [r.get("tokens") or {} for r in rows if not r.get("resumed")]
    return (sum(int(t.get("total_tokens") or 0) for t in fresh), sum(float(t.get("cost_usd") or 0) for t in fresh))


def _wave_budget(opts: BatchOptions, done: list[dict[str, Any]], size: int) -> Budget | str:
    """The cap of each of ``size`` variants starting now, or why none may start (the batch cap is spent)."""
    tokens, cost = _spent(done)
    estimate = max((int(r.get("first_round_tokens") or 0) for r in done if not r.get("resumed")), default=0)
    share_tokens = share_cost = None
    if opts.batch_max_tokens is not None:
        left = opts.batch_max_tokens - tokens
        if left < 1:
            return f"这次批量运行的 token 上限已用完（已用 {tokens} / 上限 {opts.batch_max_tokens}），没有重新生成"
        share_tokens = max(1, left // size)
    if opts.batch_max_cost is not None:
        left_cost = opts.batch_max_cost - cost
        if left_cost <= 0:
            return f"这次批量运行的费用上限已用完（估算 ${cost:.4f} / 上限 ${opts.batch_max_cost:.4f}），没有重新生成"
        share_cost = left_cost / size
    mine = lambda cap, share: share if cap is None else (cap if share is None else min(cap, share))  # noqa: E731
    return Budget(mine(opts.max_tokens, share_tokens), mine(opts.max_cost, share_cost), estimate)


def _run_capped(opts: BatchOptions, todo: list[tuple[str, str, str]]) -> Iterator[dict[str, Any]]:
    """The rows of ``todo`` run in waves under the batch's caps (see the module docstring)."""
    size = _concurrency(opts)
    done: list[dict[str, Any]] = []
    for start in range(0, len(todo), size):
        wave = todo[start:start + size]
        budget = _wave_budget(opts, done, len(wave))
        if isinstance(budget, str):
            for variant, _, _ in todo[start:]:
                yield _row(variant, "fail", errors=[budget], stopped=budget)
            return
        tasks = [(*task, budget) for task in wave]
        for _, row in backends.run_all(_regenerate_task, opts, tasks, jobs=opts.jobs, limit=opts.max_model_calls):
            done.append(row)
            yield row


def _sweep(folder: Path) -> None:
    """Remove temporary files and folders an interrupted run left in ``folder`` (``.name.….tmp``)."""
    if not folder.is_dir():
        return
    for leftover in list(folder.rglob(".*.tmp")):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
        elif leftover.exists():
            leftover.unlink()


def run_batch(opts: BatchOptions, progress: Callable[[int, int, str], None] | None = None) -> dict[str, Any]:
    """Regenerate the selected variants (resuming finished ones) and write the summary JSON and Markdown."""
    entries = select(opts)
    rows: dict[str, dict[str, Any]] = {}
    todo: list[tuple[str, str, str]] = []
    for variant, doc, error in entries:
        if doc is None:
            rows[variant] = _row(variant, "fail", errors=[error])
            continue
        fingerprint = _fingerprint(doc, opts)
        done = _done_row(Path(opts.out) / variant, fingerprint)
        if done is not None:
            rows[variant] = done
        else:
            todo.append((variant, str(doc.path), fingerprint))
    total = len(entries)

    def tick(name: str) -> None:
        """Report how many variants are finished."""
        if progress:
            progress(len(rows), total, name)

    tick("")
    # Variants run on the backend in force (local processes or a Ray cluster). Every write is
    # atomic and each variant's done.json is written last, so a killed worker or driver leaves
    # at most a temporary file, swept on the rerun, which skips the variants already done.
    if opts.batch_limited:
        finished: Iterator[dict[str, Any]] = _run_capped(opts, todo)
    else:
        finished = (row for _, row in backends.run_all(_regenerate_task, opts, todo, jobs=opts.jobs,
                                                       limit=opts.max_model_calls))
    for row in finished:
        rows[row["id"]] = row
        tick(row["id"])
    ordered = [{**_row(r["id"], r["verdict"]), **r} for r in (rows[variant] for variant, _, _ in entries)]
    summary = {"format": BATCH_FORMAT, "catalog": str(opts.catalog), "out": str(opts.out),
               "provider": opts.provider or "", "games": opts.games, "seed": opts.seed,
               "ok": all(r["verdict"] == "pass" for r in ordered), "variants": ordered,
               "tokens": _total_tokens(ordered),
               "budget": {"max_tokens": opts.max_tokens, "max_cost_usd": opts.max_cost,
                          "batch_max_tokens": opts.batch_max_tokens, "batch_max_cost_usd": opts.batch_max_cost}}
    out = Path(opts.out)
    write_atomic(out / "summary.json", json.dumps(summary, ensure_ascii=False, indent=2) + "\n")
    write_atomic(out / "summary.md", summary_markdown(summary))
    return summary


def _total_tokens(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Tokens and estimated USD over every row, and over the rows this run regenerated."""
    def total(items: list[dict[str, Any]]) -> dict[str, Any]:
        tokens = [r.get("tokens") or {} for r in items]
        return {key: sum(int(t.get(key) or 0) for t in tokens)
                for key in ("prompt_tokens", "completion_tokens", "total_tokens")} | {
            "cost_usd": round(sum(float(t.get("cost_usd") or 0) for t in tokens), 6),
            "cost_estimated": all(t.get("cost_estimated", True) for t in tokens)}

    return {**total(rows), "this_run": total([r for r in rows if not r.get("resumed")])}


def summary_markdown(summary: dict[str, Any]) -> str:
    """The batch summary as a Markdown table."""
    lines = [f"## 批量重新生成：{summary['catalog']}", "",
             "| 玩法 | 结论 | 有变化 | 规则变化数 | 缺口 | 错误 | tokens |", "|---|---|---|---|---|---|---|"]
    for r in summary["variants"]:
        tokens = (r.get("tokens") or {}).get("total_tokens", 0)
        lines.append(f"| {r['id']} | {'✅ 通过' if r['verdict'] == 'pass' else '❌ 未通过'} | "
                     f"{'是' if r['changed'] else '否'} | {len(r['semantic_changes'])} | {len(r['gaps'])} | "
                     f"{len(r['errors'])} | {tokens} |")
    lines += ["", tokens_line(summary.get("tokens") or {}), ""]
    for r in summary["variants"]:
        if r["semantic_changes"] or r["errors"]:
            lines.append(f"### {r['id']}")
            lines.extend(f"- {c}" for c in r["semantic_changes"])
            lines.extend(f"- 错误：{e}" for e in r["errors"])
            lines.append("")
    return "\n".join(lines)


def tokens_line(total: dict[str, Any]) -> str:
    """The summary's usage sentence: tokens and estimated cost in total and in this run."""
    run = total.get("this_run") or {}
    cost = f"，估算 ${float(total.get('cost_usd') or 0):.4f}" + ("" if total.get("cost_estimated", True) else "（部分模型价格未知）")
    return (f"模型用量合计 {int(total.get('total_tokens') or 0)} tokens（输入 {int(total.get('prompt_tokens') or 0)} / "
            f"输出 {int(total.get('completion_tokens') or 0)}）{cost}；其中这次运行 {int(run.get('total_tokens') or 0)} tokens")
