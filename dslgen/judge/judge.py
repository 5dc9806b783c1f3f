"""Reaching the verdict: gather the evidence, run the gates in order, simulate only when the gates before allow."""

from __future__ import annotations

import hashlib
import json
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from dslgen.checks.finding import Finding
from dslgen.judge.evidence import Evidence, gather
from dslgen.judge.registry import gates, partition
from dslgen.judge.simulation import Simulation
from dslgen.judge.verdict import Verdict

#: Where cached simulation results of unchanged rules are kept (relative to the working directory).
CACHE_DIR = Path(".dslgen") / "cache" / "simulation"
Progress = Callable[[int, int], None]
Simulator = Callable[[Evidence], Simulation]


@dataclass(frozen=True)
class Judgement:
    """The verdict on some bytes, the simulation it used, and the evidence it read."""

    verdict: Verdict
    simulation: Simulation
    evidence: Evidence


def judge(evidence: Evidence, simulate: Simulator | None = None) -> Verdict:
    """Run every registered gate over ``evidence``; ``simulate`` is called once, only if a gate needs it."""
    own = partition(evidence.findings)
    results = {}
    for gate in gates():
        missing = [n for n in gate.needs if n in results and not results[n].passed]
        if missing:
            results[gate.name] = gate.skip(missing)
            continue
        if gate.simulates and evidence.simulation is None:
            evidence.simulation = simulate(evidence) if simulate else Simulation.not_run("没有要求模拟")
        results[gate.name] = gate.decide(evidence, own.get(gate.name, ()))
    return Verdict(evidence.sha256, tuple(results.values()))


def _engine_digest() -> str:
    import engine

    root = Path(engine.__file__).parent
    h = hashlib.sha256()
    for p in sorted(root.rglob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    return str(value)


def run_simulation(data: Mapping[str, Any], *, games: int, seed: int, jobs: int | str = 1, bot: str = "greedy",
                   progress: Progress | None = None, rules_path: str | None = None, cache: bool = True,
                   name: str = "<rules>") -> Simulation:
    """Simulate the rules in ``data`` (``meta`` ignored); never raises for a rule the engine cannot play.

    With ``cache`` a result for the same (rules, engine, games, seed, bot) is reused from
    :data:`CACHE_DIR`. With ``rules_path`` every failed game carries its ``dslgen replay`` command.
    """
    from dslgen import __version__, simulation
    from dslgen.points import POINTS_FORMAT
    from dslgen.errors import DslgenError, UsageError
    from dslgen.rulefile import rules_from_loaded
    from dslgen.rulefile.yamlio import load_yaml_text, dump_yaml

    body = {k: v for k, v in data.items() if k != "meta"}
    rules_json = json.dumps(body, sort_keys=True, ensure_ascii=False, default=str)
    key = hashlib.sha256(f"{rules_json}\0{_engine_digest()}\0{games}\0{seed}\0{bot}\0{__version__}\0{POINTS_FORMAT}".encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    stats: dict[str, Any] | None = None
    if cache and cached.is_file():
        try:
            stats = json.loads(cached.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stats = None
    if not isinstance(stats, dict):
        try:
            rules = rules_from_loaded(load_yaml_text(dump_yaml(body), name)).rules
        except DslgenError as exc:
            return Simulation.not_run(f"引擎无法加载规则：{exc.message}")
        try:
            stats = simulation.run(rules, games, seed, bot=bot, jobs=jobs, progress=progress)
        except UsageError:
            raise
        except Exception as exc:  # an engine crash fails the gate with the reason, never a traceback
            tail = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return Simulation.not_run(f"模拟中途出错：{tail}")
        stats = json.loads(json.dumps(stats, ensure_ascii=False, default=_json_default))
        stats.setdefault("games", games)
        if cache:
            try:
                from dslgen.rulefile.yamlio import write_atomic

                write_atomic(cached, json.dumps(stats, ensure_ascii=False))
            except OSError:
                pass  # a read-only working directory only loses the cache
    stats["seed"], stats["bot"] = seed, bot
    if rules_path is not None:
        for error in stats.get("errors") or []:
            error["replay"] = simulation.replay_command(rules_path, seed, error["game"], bot)
    return Simulation.from_json({**stats, "ran": True})


def judge_bytes(content: bytes, name: str, *, games: int, seed: int, jobs: int | str = 1, bot: str = "greedy",
                progress: Progress | None = None, rules_path: str | None = None, cache: bool = True,
                extra_findings: tuple[Finding, ...] | list[Finding] = (), description: str = "",
                extra: dict[str, Any] | None = None,
                before_simulation: Callable[[], None] | None = None) -> Judgement:
    """The verdict on exactly ``content``: read, check, simulate (when the checks allow), decide.

    ``extra`` is handed to the gates (e.g. ``consistency``: the draft's consistency report;
    ``gaps`` / ``mapping``: a draft's own; ``no_simulation``: why the games must not run).
    """
    evidence = gather(content, name, extra_findings=extra_findings, description=description, games=games,
                      extra=extra)

    def simulate(ev: Evidence) -> Simulation:
        if ev.extra.get("no_simulation"):
            return Simulation.not_run(str(ev.extra["no_simulation"]))
        if before_simulation:
            before_simulation()
        return run_simulation(ev.data, games=games, seed=seed, jobs=jobs, bot=bot, progress=progress,
                              rules_path=rules_path, cache=cache, name=name)

    verdict = judge(evidence, simulate)
    sim = evidence.simulation or Simulation.not_run("前面的关卡没有通过，未运行模拟")
    return Judgement(verdict, sim, evidence)
