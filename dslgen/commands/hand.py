"""``dslgen hand``: what the solver says about a hand under a rule file."""

from __future__ import annotations

import shlex

import click

from dslgen.errors import EXIT_FINDINGS, EXIT_OK, DslgenError, UsageError
from dslgen.handreport.score import scoring_options


def _report(cache: dict, rules_path: str, tiles: str, win: str | None, melds: str | None,
            scoring: dict | None = None) -> dict:
    from dslgen.handreport.shape import hand_report
    from dslgen.rulefile import load_rules

    if rules_path not in cache:
        cache[rules_path] = load_rules(rules_path)
    report = hand_report(cache[rules_path], tiles, win, melds, scoring)
    if report.get("waits"):
        report["wait_scores"] = wait_scores(cache[rules_path], tiles, report["waits"], melds, scoring)
    return report


def wait_scores(rules_file, tiles: str, waits: list[str], melds: str | None, scoring: dict | None) -> list[dict]:
    """What winning on each wait would score, with the same options (self-drawn unless ``--from``):
    ``[{tile, fans, total, total_unit, legal, reason, gain}]`` — ``gain`` is the winner's payment."""
    from dslgen.handreport.shape import hand_report

    out = []
    for tile in waits:
        try:
            done = hand_report(rules_file, f"{tiles}{tile}", tile, melds, scoring)
        except DslgenError as exc:  # a wait the deck cannot deal (东 in a deck without honors, a fifth copy)
            out.append({"tile": tile, "fans": [], "total": None, "total_unit": "番", "legal": False,
                        "reason": exc.message, "gain": 0, "dealt": False})
            continue
        seat = int((scoring or {}).get("seat") or 0)
        payments = done.get("payments") or []
        out.append({"tile": tile, "fans": done.get("fans") or [], "total": done.get("total"),
                    "total_unit": done.get("total_unit", "番"), "legal": bool(done.get("legal")),
                    "reason": done.get("reason") or "", "gain": payments[seat] if len(payments) > seat else 0,
                    "dealt": True})
    return out


def _batch_args(line: str, lineno: int, path: str) -> tuple[str, str, str | None, str | None, dict]:
    """One batch line: ``RULES TILES [--win TILE] [--melds M] [scoring flags]`` (shell-like quoting)."""
    from dslgen.handreport.score import BATCH_OPTIONS, batch_value

    where = f"{path}:{lineno}"
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise UsageError(f"无法拆分参数：{exc}", where=where, hint="引号要成对") from None
    positional: list[str] = []
    options: dict[str, str] = {}
    scoring: dict = {}
    i = 0
    while i < len(words):
        word = words[i]
        name, eq, value = word.partition("=")
        if name in ("--win", "--melds"):
            if not eq:
                if i + 1 >= len(words):
                    raise UsageError(f"{name} 缺少取值", where=where, hint="例：--win 5m")
                i += 1
                value = words[i]
            options[name] = value
        elif name in BATCH_OPTIONS:
            keyword, takes_value = BATCH_OPTIONS[name]
            if takes_value and not eq:
                if i + 1 >= len(words):
                    raise UsageError(f"{name} 缺少取值", where=where, hint="例：--from 2")
                i += 1
                value = words[i]
            scoring[keyword] = batch_value(keyword, value, where) if takes_value else True
        elif word.startswith("--"):
            raise UsageError(f"未知选项 {word}", where=where, hint="每行写：RULES TILES [--win TILE] [--melds M]")
        else:
            positional.append(word)
        i += 1
    if len(positional) != 2:
        raise UsageError(f"应当有 RULES 和 TILES 两个参数，实际 {len(positional)} 个", where=where,
                         hint="每行写：RULES TILES [--win TILE] [--melds M]")
    return positional[0], positional[1], options.get("--win"), options.get("--melds"), scoring


def _batch_lines(path: str) -> list[tuple[int, str | None]]:
    """``(line number, text)`` for every line of the batch file; text is None when the line is not UTF-8."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise UsageError(f"无法读取批量文件：{exc.strerror or exc}", where=path, hint="检查 --batch 的路径") from None
    lines = []
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        try:
            lines.append((lineno, raw.removesuffix(b"\r").decode("utf-8")))
        except UnicodeDecodeError:
            lines.append((lineno, None))
    return lines


def _batch_line(cache: dict, path: str, lineno: int, line: str | None) -> dict:
    """One batch line's result: the hand report, or ``{"line", "error", "where", "hint"}``; never raises."""
    where = f"{path}:{lineno}"
    try:
        if line is None:
            raise UsageError("这一行不是有效的 UTF-8 文本", where=where, hint="把批量文件存为 UTF-8 编码")
        rules_path, tiles, win, melds, scoring = _batch_args(line, lineno, path)
        return {"line": lineno, **_report(cache, rules_path, tiles, win, melds, scoring)}
    except DslgenError as exc:
        inner = exc.where if exc.where and exc.where != where else ""
        return {"line": lineno, "error": exc.message, "where": where + (f": {inner}" if inner else ""),
                "hint": exc.hint}
    except Exception as exc:  # noqa: BLE001 — a defect on one line must not cost the lines after it
        return {"line": lineno, "error": f"dslgen 内部错误：{type(exc).__name__}: {exc}", "where": where,
                "hint": "这是 dslgen 的缺陷而不是你的输入问题；请把这一行附在问题报告中"}


def _run_batch(path: str, as_json: bool) -> int:
    """Every non-blank, non-comment line gets its own result, in order; exit 1 when any line failed.

    Without ``--json``: one JSON object per line on stdout as each line is done, and each failed line
    as ``file:line: message`` with its hint on stderr. With ``--json``: one JSON document
    ``{"file", "results", "ok", "failed"}`` holding every line's result."""
    from dslgen.output import print_json, to_json_line

    cache: dict = {}
    results = []
    for lineno, line in _batch_lines(path):
        if line is not None and (not line.strip() or line.lstrip().startswith("#")):
            continue
        out = _batch_line(cache, path, lineno, line)
        results.append(out)
        if not as_json:
            click.echo(to_json_line(out))
            if "error" in out:
                click.echo(f"{out['where']}: {out['error']}\n  提示：{out['hint']}", err=True)
    failed = sum(1 for out in results if "error" in out)
    if as_json:
        print_json({"file": path, "results": results, "ok": len(results) - failed, "failed": failed})
    elif failed:
        bad = "、".join(str(out["line"]) for out in results if "error" in out)
        click.echo(f"{path}：共 {len(results)} 手，{failed} 行有错（第 {bad} 行），其余已计算", err=True)
    return EXIT_FINDINGS if failed else EXIT_OK


def render(report: dict) -> None:
    """Chinese text for people."""
    from dslgen.output import console

    out = console()
    melds = " ".join(f"{m['kind']}:{m['tiles']}" for m in report["melds"])
    out.print(f"规则：{report['rules']}")
    wild = f"  （癞子 {report['wilds']} 张，癞子牌：{'、'.join(report['wild_tiles'])}）" if report["wild_tiles"] else ""
    flowers = f"  花牌：{report['flowers']}" if report.get("flowers") else ""
    out.print(f"手牌：{report['tiles']}" + (f"  副露：{melds}" if melds else "") + flowers + wild)
    if report["waits"] is None:
        from engine.solver import SHAPE_LABELS

        names = "、".join(SHAPE_LABELS.get(s, s) for s in report["shapes"])
        out.print(f"和张：{report['win_tile']}  和牌：{'是（' + names + '）' if report['win'] else '否'}")
        decs = report["decompositions"]
        if decs:
            out.print(f"拆法（{len(decs)} 种）：")
            for i, d in enumerate(decs[:20], 1):
                groups = " ".join(
                    f"{'副露' if g['exposed'] else ''}{g['label']}{g['tiles']}" + (f"[癞={g['wilds']}]" if g["wilds"] else "")
                    for g in d["groups"])
                out.print(f"  {i}. {d['shape_name']}：{groups}")
            if len(decs) > 20:
                out.print(f"  ……另有 {len(decs) - 20} 种（--json 查看全部）")
        if report["win"]:
            from dslgen.handreport.score import render_lines

            for line in render_lines(report):
                out.print(line)
    else:
        waits = " ".join(report["waits"]) or "无"
        out.print(f"听牌：{waits}")
        scores = report.get("wait_scores") or []
        for w in (w for w in scores if w["dealt"]):
            fans = " + ".join(f"{f['name']} {f['fan']}" for f in w["fans"]) or "没有番"
            verdict = f"合计 {w['total']} {w['total_unit']}，赢 {w['gain']:+d} 分" if w["legal"] else f"不能胡（{w['reason']}）"
            out.print(f"  胡 {w['tile']}：{fans}，{verdict}", markup=False)
        absent = [w["tile"] for w in scores if not w["dealt"]]
        if absent:
            out.print(f"  （{' '.join(absent)} 这副牌里没有或已用完，胡不到）", markup=False)
    for o in report.get("opening") or []:
        pays = "  ".join(f"座位{i} {p:+d}" for i, p in enumerate(o["payments"]))
        times = f" ×{o['count']}" if o["count"] > 1 else ""
        out.print(f"起手小胡 {o['name']}{times}（每个 {o['points']} 番，发牌后立即按自摸支付）：{pays}")
    if report.get("instant"):
        from dslgen.rulefile.schema import enum_labels

        at_names = enum_labels()["table_events.instant_wins[].at"]
    for w in report.get("instant") or []:
        pays = "  ".join(f"座位{i} {p:+d}" for i, p in enumerate(w["payments"]))
        out.print(f"即时和牌 {w['name']}（{at_names.get(w['at'], w['at'])}，{w['value']} 番，立即按自摸支付，本局结束）：{pays}")
    by = "，".join(f"{k} {v}" for k, v in report["shanten_by_shape"].items())
    out.print(f"向听数：{report['shanten']}（{by}）  −1 表示已和，0 表示听牌")
    for note in report.get("notes") or []:
        out.print(f"注意：{note}")


@click.command("hand")
@click.argument("rules_file", required=False, type=click.Path(dir_okay=False, path_type=str))
@click.argument("tiles", required=False)
@click.option("--win", "win", default=None, help="和张（默认：TILES 中最后写的一张）。")
@click.option("--melds", default=None, help="副露，例：pung:5m,kong:东,ankong:9p,chi:345s")
@click.option("--batch", "batch", default=None, type=click.Path(dir_okay=False, path_type=str),
              help="批量文件：每行一手牌（参数同单手写法），每行输出一个 JSON 对象（出错的行另在标准错误输出行号与提示）；"
                   "加 --json 输出一个 JSON 文档（results 为逐行结果）。")
@click.option("--json", "as_json", is_flag=True, help="以 JSON 输出。")
@scoring_options
@click.pass_context
def command(ctx: click.Context, rules_file: str | None, tiles: str | None, win: str | None, melds: str | None,
            batch: str | None, as_json: bool, **scoring) -> None:
    """分析一手牌：按规则文件判断是否和牌、牌型与全部拆法，13 张时给出听牌、每张听牌胡了算多少与向听数。

    14 张时按规则的番型表计分：番型、不计的番及原因、合计、是否合法和牌、各座位支付（总和为零）。
    规则有起手小胡（长沙）且这是发到手的牌（13 张，庄家 14 张，没有副露）时，列出这手牌的起手小胡和各座位支付。
    自摸用 --self-drawn（缺省），点炮用 --from 座位；座位 0-3，0 为东。

    TILES 写整手暗牌（含和张），如 123m456s789p东东东中中；癞子写作 癞 或 *，规则里的固定癞子（如红中）自动按癞子计。
    牌库里没有的牌（如没有字牌的牌库写了 东、没有花牌的牌库写了 春）或多于牌库张数的牌一律拒绝并指出；
    花牌不会被悄悄丢掉：规则计分的花牌计入番数，不计分时给出说明。
    退出码：0 成功，1 牌的写法有误或批量中有错误行，2 用法错误。
    """
    if batch:
        if rules_file or tiles:
            raise UsageError("--batch 与 RULES TILES 不能同时使用", hint="批量文件的每一行写 RULES TILES [--win] [--melds]")
        ctx.exit(_run_batch(batch, as_json))
    if not rules_file or not tiles:
        raise UsageError("缺少 RULES 或 TILES", hint="例：dslgen hand dsl-examples/guobiao.yaml 123m456s789p东东东中中")
    report = _report({}, rules_file, tiles, win, melds, scoring)
    if as_json:
        from dslgen.output import print_json

        print_json(report)
    else:
        render(report)
    ctx.exit(EXIT_OK)
