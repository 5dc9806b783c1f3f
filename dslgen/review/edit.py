"""Editing a draft in place: change values (``PATH=VALUE``, see :mod:`dslgen.generate.overrides`), judge the
changed bytes again and record the change in the draft's history.

``dslgen drafts edit DRAFT PATH=VALUE…`` and the workbench's 修改取值 form both call :func:`edit_draft`. The
draft keeps its description, gaps, mapping and transcript; its rule file, verdict, simulation and value
sources are replaced by those of the changed rules, and ``result.json`` gains one ``history`` entry
(``{"event": "edit", "at", "changes": [{path, before, after, set}], "verdict"}``) per edit, so a reviewer sees
what was changed by hand and when. A rejection already in the folder stays (it names the sha256 it rejected).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

from dslgen.errors import UsageError


def edit_draft(folder: str | Path, overrides: list[str] | tuple[str, ...], *, jobs: int | str = 1,
               now: _dt.datetime | None = None) -> dict[str, Any]:
    """Apply ``overrides`` to the draft at ``folder``, judge it again and rewrite it; returns the new
    ``result.json``. A usage error (nothing written) for a bad override or an unreadable rule file."""
    from dslgen.generate.draft import DESCRIPTION, RESULT, TRANSCRIPT, write_draft
    from dslgen.generate.overrides import apply_overrides, parse_override
    from dslgen.judge import judge_bytes
    from dslgen.output import to_json
    from dslgen.review.resolve import RESOLUTIONS, editable_draft, judge_extra
    from dslgen.rulefile.yamlio import dump_yaml

    if not overrides:
        raise UsageError("没有要修改的值", where="PATH=VALUE", hint="例如 scoring.discard_win_multiplier=1")
    parsed = [parse_override(text) for text in overrides]
    draft, data = editable_draft(folder, "按字段修改")
    changed, changes = apply_overrides(data, parsed)
    text = dump_yaml(changed)
    games = int(draft.provenance.get("games") or draft.simulation.games or 1000)
    seed = int(draft.provenance.get("seed") or 0)
    judgement = judge_bytes(text.encode("utf-8"), str(draft.yaml_path), games=games, seed=seed, jobs=jobs,
                            bot=draft.simulation.bot if draft.simulation.ran else "greedy",
                            rules_path=str(draft.yaml_path), description=draft.description.strip(),
                            extra=judge_extra(draft))
    verdict = judgement.verdict
    result = dict(draft.result)
    sources = result.get("value_sources") or {}
    for row in sources.get("rows") or []:
        change = next((c for c in changes if c["path"] == row.get("field")), None)
        if change is not None:
            row.update(source="set", value=change["after"], shown=str(change["after"]),
                       **{"from": f"审核时修改 {change['set']}"})
    at = (now or _dt.datetime.now(_dt.timezone.utc)).isoformat(timespec="seconds")
    result.update(
        verdict=verdict.status, gates={g.name: g.passed for g in verdict.gates}, judgement=verdict.to_json(),
        findings=[f.to_json() for f in verdict.findings], simulation=judgement.simulation.to_json(),
        value_sources=sources, overrides=list(result.get("overrides") or []) + changes,
        history=list(result.get("history") or []) + [{"event": "edit", "at": at, "changes": changes,
                                                        "verdict": verdict.status}],
    )
    consistency = verdict.gate("consistency")
    if consistency is not None and consistency.figures:
        result["coverage"] = dict(consistency.figures)
    files = {draft.yaml_path.name: text, RESULT: to_json(result) + "\n"}
    for name in (DESCRIPTION, TRANSCRIPT, RESOLUTIONS):  # the draft's own files an edit keeps (a rewrite replaces them all)
        kept = draft.path / name
        if kept.is_file():
            files[name] = kept.read_text(encoding="utf-8")
    write_draft(draft.path, files)
    return result
