"""What the solver says about one hand under a rule file: the data behind ``dslgen hand``.

:func:`parse_hand` turns the designer's notation (tiles, winning tile, declared melds)
into engine inputs; :func:`hand_report` returns a plain dict (JSON-ready) with the
win verdict, shapes, decompositions, waits and shanten. The fan layer adds its keys
to the same dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import solver
from engine import tiles as T
from engine.melds import Meld
from engine.rules import Rules

from dslgen.errors import InputError

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
        return T.parse_tiles(text)
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
    if size not in (13, 14):
        raise InputError(f"手牌 {len(concealed)} 张加 {len(meld_list)} 组副露，不是 13 或 14 张的牌型",
                         where="TILES", hint="和牌 14 张（含和张），听牌 13 张；每组副露（含杠）算 3 张")
    seen: dict[int, int] = {}
    for t in list(concealed) + [t for m in meld_list for t in m.tiles]:
        if not T.is_wildcard_code(t):
            seen[t] = seen.get(t, 0) + 1
    over = [t for t, n in seen.items() if n > 4]
    if over:
        raise InputError(f"{T.tile_name(over[0])} 超过 4 张", where="TILES", hint="每种牌只有 4 张")
    win_tile = None
    if size == 14:
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
        "shape_name": solver.SHAPE_LABELS[d.shape],
        "groups": [_group_dict(g) for g in d.groups],
        "substitutions": T.format_tiles(d.substitutions),
    }


def hand_report(rule_file, tiles: str, win: str | None = None, melds: str | None = None,
                scoring: dict | None = None) -> dict:
    """The solver's view of one hand under ``rule_file`` (a loaded :class:`dslgen.rulefile.RuleFile`).

    Keys: ``rules``, ``tiles``, ``melds``, ``wild_tiles``, ``wilds``, ``win_tile``, ``win``
    (the hand forms a shape the rules allow — fan minimums come with the fan layer),
    ``shape``, ``shapes``, ``decompositions``, ``waits`` (13 − 3k hands, else None; real
    tiles only, a wild tile completes any ready hand),
    ``shanten`` and ``shanten_by_shape``; and the fan layer's ``fans``, ``dropped``, ``bonuses``,
    ``total``, ``legal``, ``reason``, ``self_drawn``, ``payments`` (:func:`dslgen.handscore.score_hand`,
    with ``scoring`` holding its flags; for a 13 − 3k hand they say "not a win").
    """
    from dslgen.handscore import jing_codes

    rules = rule_file.rules
    primary, secondary = jing_codes(rules, (scoring or {}).get("jing", ""))
    hand = parse_hand(rules, tiles, win, melds, frozenset(primary + secondary))
    shapes = solver.shapes_for(rules)
    counts, w, ms = hand.counts, hand.wilds, hand.melds
    complete = (sum(counts) + w) % 3 == 2
    report: dict = {
        "rules": rules.name or str(getattr(rule_file, "path", "")),
        "tiles": T.format_tiles(hand.concealed),
        "melds": [{"kind": m.kind, "tiles": T.format_tiles(m.tiles)} for m in ms],
        "flowers": T.format_tiles(hand.flowers),
        "wild_tiles": ([T.tile_name(t) for t in sorted(hand.wild_codes) if not T.is_wildcard_code(t)] + ["癞"]
                       if rules.wildcard else []),
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
    from dslgen.handscore import NOT_COMPLETE, score_hand

    if complete:
        report.update(score_hand(rules, hand.concealed + hand.flowers, ms, hand.win_tile,
                                 wild_codes=hand.wild_codes, **(scoring or {})))
    else:
        report.update(NOT_COMPLETE, payments=[0] * rules.players)
    by = solver.shanten_by_shape(counts, w, len(ms), shapes)
    report["shanten"] = min(by.values()) if by else None
    report["shanten_by_shape"] = by
    return report
