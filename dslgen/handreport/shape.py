"""What the solver says about one hand under a rule file: the data behind ``dslgen hand``.

:func:`parse_hand` turns the designer's notation (tiles, winning tile, declared melds)
into engine inputs; :func:`hand_report` returns a plain dict (JSON-ready) with the
win verdict, shapes, decompositions, waits and shanten. The fan layer adds its keys
to the same dict.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from engine import solver
from engine import tiles as T
from engine.melds import Meld
from engine.rules import Rules

from dslgen.errors import InputError
from dslgen.handreport.notation import parse_tiles

#: ``--melds`` kinds as designers write them -> engine meld kinds
MELD_KINDS = {"pung": "pung", "peng": "pung", "碰": "pung", "kong": "kong", "gang": "kong", "明杠": "kong",
              "ankong": "ankong", "angang": "ankong", "暗杠": "ankong", "chi": "chow", "chow": "chow", "吃": "chow"}
GROUP_LABELS = {"chow": "顺", "pung": "刻", "kong": "杠", "pair": "将", "knitted": "组合龙", "single": "单张"}


@dataclass(frozen=True)
class HandInput:
    """A parsed hand: ``concealed`` keeps wild tiles as their own codes (like ``WinContext``)."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int | None
    wild_codes: frozenset[int]
    flowers: tuple[int, ...] = ()
    counts: list[int] = field(default_factory=list)  # real concealed tiles, wild tiles removed
    wilds: int = 0


def wild_codes(rules: Rules) -> frozenset[int]:
    """Codes that are wild under ``rules``: the separate wildcard tiles 50-59, plus the fixed
    wild tiles (e.g. 红中) when ``wildcard_rules`` substitutes."""
    codes = set(T.WILDCARDS)
    wc = rules.wildcard
    if wc and wc.behavior == "substitute" and wc.type == "fixed":
        codes.update(wc.tiles)
    return frozenset(codes)


def _parse(text: str, what: str) -> list[int]:
    try:
        return parse_tiles(text)
    except T.TileParseError as exc:
        raise InputError(f"{what}写法有误：{exc}", where=f"{what} {text!r}",
                         hint="例：123m456s789p东东东中中；癞子写作 癞 或 *") from None


def parse_melds(text: str | None) -> tuple[Meld, ...]:
    """``pung:5m,kong:东,ankong:9p,chi:345s`` -> melds."""
    melds = []
    for i, part in enumerate(p.strip() for p in (text or "").replace("，", ",").split(",")):
        if not part:
            continue
        kind_name, sep, tiles_text = part.partition(":")
        if not sep:
            kind_name, sep, tiles_text = part.partition("：")
        kind = MELD_KINDS.get(kind_name.strip().lower())
        if not sep or kind is None:
            raise InputError(f"第 {i + 1} 个副露 {part!r} 无法识别", where="--melds",
                             hint="写作 种类:牌，种类为 pung / kong / ankong / chi，例：pung:5m,kong:东,ankong:9p,chi:345s")
        tiles = _parse(tiles_text.strip(), f"第 {i + 1} 个副露")
        if kind == "chow":
            ts = sorted(tiles)
            if len(ts) != 3 or not all(T.is_suited(t) for t in ts) or ts[1] != ts[0] + 1 or ts[2] != ts[0] + 2:
                raise InputError(f"第 {i + 1} 个副露 {part!r} 不是同花色的三张连续数牌", where="--melds",
                                 hint="吃写作 chi:345s")
            melds.append(Meld(kind, tuple(ts)))
            continue
        size = 3 if kind == "pung" else 4
        if len(set(tiles)) != 1 or len(tiles) not in (1, size):
            raise InputError(f"第 {i + 1} 个副露 {part!r} 应当是同一张牌", where="--melds",
                             hint="碰/杠只写一张牌即可，例：pung:5m、kong:东")
        melds.append(Meld(kind, (tiles[0],) * size))
    return tuple(melds)


def parse_hand(rules: Rules, tiles: str, win: str | None = None, melds: str | None = None,
               extra_wild: frozenset[int] = frozenset()) -> HandInput:
    """Parse and check one hand: size 3k+1 / 3k+2 with the melds, at most four of a kind.

    ``extra_wild``: codes wild in this hand beyond the rules' fixed ones (``--jing``: 正精 / 副精)."""
    written = _parse(tiles, "手牌")
    flowers = tuple(t for t in written if T.is_flower(t))
    concealed = tuple(t for t in written if not T.is_flower(t))
    meld_list = parse_melds(melds)
    wilds_set = wild_codes(rules) | extra_wild
    if not concealed:
        raise InputError("手牌为空", where="TILES", hint="例：123m456s789p东东东中中")
    size = len(concealed) + 3 * len(meld_list)
    full = rules.win_size  # 14, or 17 in a 16-tile variant
    if size not in (full - 1, full):
        raise InputError(f"手牌 {len(concealed)} 张加 {len(meld_list)} 组副露，不是 {full - 1} 或 {full} 张的牌型",
                         where="TILES", hint=f"和牌 {full} 张（含和张），听牌 {full - 1} 张；每组副露（含杠）算 3 张")
    check_in_deck(rules, list(written) + [t for m in meld_list for t in m.tiles])
    win_tile = None
    if size == full:
        if win:
            ws = _parse(win, "--win")
            if len(ws) != 1:
                raise InputError(f"--win 应当恰好是一张牌：{win!r}", where="--win", hint="例：--win 5m")
            win_tile = ws[0]
            if win_tile not in concealed:
                raise InputError(f"和张 {T.tile_name(win_tile)} 不在手牌中", where="--win",
                                 hint="TILES 写整手牌（含和张），--win 指出其中哪张是和张")
        else:
            win_tile = concealed[-1]
    if rules.wildcard is None and any(T.is_wildcard_code(t) for t in concealed):
        raise InputError("此规则没有癞子，手牌中不能写 癞 / *", where="TILES",
                         hint="规则文件的 wildcard_rules 决定癞子；去掉 癞 / * 或换用有癞子的规则")
    counts = T.to_counts(t for t in concealed if t not in wilds_set)
    n_wild = sum(1 for t in concealed if t in wilds_set)
    return HandInput(concealed, meld_list, win_tile, wilds_set, flowers, counts, n_wild)


def deck_counts(rules: Rules) -> Counter:
    """How many of each tile the variant's deck holds (:meth:`engine.rules.Rules.deck`)."""
    return Counter(rules.deck())


def describe_deck(rules: Rules) -> str:
    """The deck in words, e.g. ``四川血战到底的牌库（108 张：万、条、筒；没有字牌；没有花牌）``."""
    counts = deck_counts(rules)
    parts = [T.SUIT_NAMES[s] for s in T.SUITS if any(counts[T.tile(s, r)] for r in range(1, 10))]
    honors = [T.tile_name(t) for t in T.HONORS if counts[t]]
    flowers = [T.tile_name(t) for t in T.FLOWERS if counts[t]]
    if honors:
        parts.append("字牌 " + "".join(honors))
    if flowers:
        parts.append("花牌 " + "".join(flowers))
    missing = ([] if honors else ["没有字牌"]) + ([] if flowers else ["没有花牌"])
    kinds = "、".join(parts) + ("；" + "；".join(missing) if missing else "")
    name = f"“{rules.name}”" if rules.name else "这份规则"
    return f"{name}的牌库（{sum(counts.values())} 张：{kinds}）"


def check_in_deck(rules: Rules, tiles: Iterable[int], where: str = "TILES") -> None:
    """Refuse any tile the deck lacks, and more copies of a tile than the deck holds.

    Separate wildcard tiles (癞 / ``*``) are not deck tiles; :func:`parse_hand` checks them against
    ``wildcard_rules``."""
    counts = deck_counts(rules)
    written = Counter(t for t in tiles if not T.is_wildcard_code(t))
    for t, n in sorted(written.items()):
        name = T.tile_name(t)
        if not counts[t]:
            kind = "花牌" if T.is_flower(t) else "字牌" if T.is_honor(t) else "这种牌"
            raise InputError(f"{name} 不在这副牌里：{describe_deck(rules)}没有{kind} {name}", where=f"{where} {name}",
                             hint="只写这副牌里有的牌；要用这种牌，换用牌库包含它的规则文件")
        if n > counts[t]:
            raise InputError(f"{name} 写了 {n} 张，{describe_deck(rules)}只有 {counts[t]} 张", where=f"{where} {name}",
                             hint="手牌、副露和花牌合起来，每种牌不能多于牌库里的张数")


def flowers_scored(rules: Rules) -> bool:
    """True when the rules give flowers points: ``flower_rules`` scoring or a fan counted per flower (国标 花牌)."""
    from engine.fans.registry import lookup

    if rules.flowers is not None and (rules.flowers.normal or rules.flowers.matching_value):
        return True
    return any(f.per == "flower" or getattr(lookup(f.name), "per", "") == "flower" for f in rules.fans)


def _flower_notes(rules: Rules, flowers: str, complete: bool) -> list[str]:
    """What happened to the flowers: never dropped without a word."""
    if not flowers:
        return []
    if not flowers_scored(rules):
        return [f"花牌 {flowers} 不计分：{describe_deck(rules)}有花牌，但番型表和 flower_rules 都不为花牌计分"]
    if not complete:
        return [f"花牌 {flowers} 在和牌（14 张）时按规则计分"]
    return []


def _group_dict(g: solver.Group) -> dict:
    return {
        "kind": g.kind,
        "label": GROUP_LABELS.get(g.kind, g.kind),
        "tiles": T.format_tiles(g.tiles),
        "wilds": T.format_tiles(g.wilds),
        "exposed": g.exposed,
    }


def decomposition_dict(d: solver.Decomposition) -> dict:
    """A decomposition in tile notation."""
    return {
        "shape": d.shape,
        "shape_name": solver.SHAPE_LABELS.get(d.shape, d.shape),
        "groups": [_group_dict(g) for g in d.groups],
        "substitutions": T.format_tiles(d.substitutions),
    }


def _check_marked(rules: Rules, marked: tuple[int, ...]) -> None:
    """Marked copies written ``0m`` must be copies the deck declares (``deck.marked``)."""
    for t in set(marked):
        have = rules.marked.count(t)
        if marked.count(t) > have:
            where = f"这副牌只有 {have} 张带标记的 {T.tile_name(t)}" if have else f"这副牌没有带标记的 {T.tile_name(t)}"
            raise InputError(f"写了 {marked.count(t)} 张带标记的 {T.tile_name(t)}（0 写法），{where}（deck.marked）",
                             where="TILES", hint="普通的 5 写作 5m / 5p / 5s；带标记的牌由规则文件的 deck.marked 声明")


def hand_report(rule_file, tiles: str, win: str | None = None, melds: str | None = None,
                scoring: dict | None = None) -> dict:
    """The solver's view of one hand under ``rule_file`` (a loaded :class:`dslgen.rulefile.RuleFile`).

    Keys: ``rules``, ``tiles``, ``melds``, ``wild_tiles``, ``wilds``, ``win_tile``, ``win``
    (the hand forms a shape the rules allow — fan minimums come with the fan layer),
    ``shape``, ``shapes``, ``decompositions``, ``waits`` (13 − 3k hands, else None; real
    tiles only, a wild tile completes any ready hand),
    ``shanten`` and ``shanten_by_shape``, ``flowers`` (in the hand and ``--flowers``), ``notes`` (e.g.
    flowers the rules do not score), ``opening`` (the 起手小胡 a dealt hand shows, with payments:
    :func:`dslgen.handreport.score.opening_report`); and the fan layer's ``fans``, ``dropped``, ``bonuses``,
    ``total``, ``legal``, ``reason``, ``self_drawn``, ``payments`` (:func:`dslgen.handreport.score.score_hand`,
    with ``scoring`` holding its flags; for a 13 − 3k hand they say "not a win").
    """
    from dslgen.handreport.score import jing_codes, revealed_tags

    from dslgen.handreport.notation import split_marked

    rules = rule_file.rules
    primary, secondary = jing_codes(rules, (scoring or {}).get("jing", ""))
    tiles, red = split_marked(tiles)
    melds, red_melds = split_marked(melds or "")
    win = split_marked(win)[0] if win else win
    if red or red_melds:
        _check_marked(rules, red + red_melds)
        scoring = {**(scoring or {}), "marked": red + red_melds}
    revealed_wild = revealed_tags(rules, (scoring or {}).get("revealed", ""))[2]
    hand = parse_hand(rules, tiles, win, melds or None, frozenset(primary + secondary) | revealed_wild)
    shapes = solver.shapes_for(rules)
    counts, w, ms = hand.counts, hand.wilds, hand.melds
    complete = (sum(counts) + w) % 3 == 2
    report: dict = {
        "rules": rules.name or str(getattr(rule_file, "path", "")),
        "tiles": T.format_tiles(hand.concealed),
        "melds": [{"kind": m.kind, "tiles": T.format_tiles(m.tiles)} for m in ms],
        "flowers": T.format_tiles(hand.flowers),
        "wild_tiles": ([T.tile_name(t) for t in sorted(hand.wild_codes) if not T.is_wildcard_code(t)] + ["癞"]
                       if rules.wildcard or revealed_wild else []),
        "wilds": w,
        "win_tile": T.tile_name(hand.win_tile) if hand.win_tile is not None else None,
    }
    if complete:
        found = solver.win_shapes(counts, w, ms, shapes)
        decs = solver.decompositions(counts, w, ms, shapes) if found else []
        report.update(win=bool(found), shape=found[0] if found else None, shapes=found,
                      decompositions=[decomposition_dict(d) for d in decs], waits=None)
    else:  # a drawn wild tile is not a wait: waits are the real tiles that complete the hand
        universe = tuple(t for t in T.PLAYABLE if t not in hand.wild_codes)
        report.update(win=False, shape=None, shapes=[], decompositions=[],
                      waits=[T.format_tiles([t]) for t in solver.waits(counts, w, ms, shapes, universe)])
    from dslgen.handreport.score import NOT_COMPLETE, score_hand

    if complete:
        report.update(score_hand(rules, hand.concealed + hand.flowers, ms, hand.win_tile,
                                 wild_codes=hand.wild_codes, **(scoring or {})))
    else:
        from dslgen.handreport.score import _flowers

        s = scoring or {}
        extra = _flowers(s.get("flowers", ""), rules, s.get("seat", 0), s.get("dealer", 0), hand.flowers)
        check_in_deck(rules, hand.flowers + extra, "--flowers")
        report.update(NOT_COMPLETE, payments=[0] * rules.players, flowers=T.format_tiles(hand.flowers + extra))
    report["notes"] = _flower_notes(rules, report["flowers"], complete)
    from dslgen.handreport.score import opening_report

    s = scoring or {}
    report["opening"] = opening_report(rules, hand.concealed, ms, s.get("seat", 0), s.get("dealer", 0))
    if rules.table_events.instant_wins:
        from dslgen.handreport.score import instant_report

        report["instant"] = instant_report(rules, hand.concealed, ms, s.get("seat", 0), s.get("dealer", 0),
                                           hand.flowers, s.get("revealed", ""))
    by = solver.shanten_by_shape(counts, w, len(ms), shapes)
    report["shanten"] = min(by.values()) if by else None
    report["shanten_by_shape"] = by
    return report
