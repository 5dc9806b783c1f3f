"""Scoring for ``dslgen hand``: the fans, drops, total, legality and per-seat payments of a win.

The command (``dslgen/commands/hand.py``) adds :data:`SCORING_OPTIONS` to its options and calls
:func:`score_hand`; :func:`render_lines` gives the Chinese text lines. Seats are 0-3 with seat
0 east, as in ``engine.fans.WinContext``.
"""

from __future__ import annotations

import dataclasses

from typing import Any, Sequence

import click

from dslgen.errors import UsageError
from dslgen.handreport.notation import parse_tiles

#: click options the ``hand`` command adds for scoring (applied as decorators, bottom-up).
SCORING_OPTIONS = (
    click.option("--self-drawn", "self_drawn", is_flag=True, help="自摸和牌（缺省：未给 --from 时按自摸计）。"),
    click.option("--from", "from_seat", type=int, default=None, help="点炮者座位（0-3，0 为东），给出即按点和计分。"),
    click.option("--kong-replacement", is_flag=True, help="杠上开花：和的是开杠后补摸的牌。"),
    click.option("--last-tile", is_flag=True, help="海底捞月：和的是牌墙最后一张（或其后打出的牌）。"),
    click.option("--robbing-kong", is_flag=True, help="抢杠胡：和别人加杠的牌。"),
    click.option("--first-turn", is_flag=True, help="第一巡和牌（庄家为天胡，闲家为地胡）。"),
    click.option("--flowers", "flowers", default="", help="花牌：张数 N（只计张数），或花牌写法如 春梅（另计本命花）。"),
    click.option("--dealer", type=int, default=0, show_default=True, help="庄家座位（0-3）。"),
    click.option("--seat", type=int, default=0, show_default=True, help="和牌者座位（0-3）。"),
    click.option("--seat-wind", "seat_wind", type=click.Choice(list("东南西北")), default=None,
                 help="和牌者的门风（缺省：按座位相对庄家，庄家为东）。"),
    click.option("--round-wind", "round_wind", type=click.Choice(list("东南西北")), default="东", show_default=True,
                 help="圈风。"),
    click.option("--fourth-tile", "fourth_tile", is_flag=True, help="和绝张：和牌张的另外三张已经亮明（弃牌、副露）。"),
    click.option("--jing", default="", help="正精（翻精定的癞子，如 5m）；有副精时副精是它的下一张。用于精分、德国。"),
    click.option("--revealed", default="",
                 help="本局翻出的牌，按翻牌时机写（reveal[].at），如 after_flowers=5p；几个时机用逗号分开："
                      "after_deal=5p,after_hand=3m。翻出的牌标记的牌（金、混儿、百搭、鸡……）按规则的 reveal 计，癞子一并计入。"),
    click.option("--discards", default="", help="和牌者自己打出、还在牌河里的牌（如 5p），供和牌条件读取（如打出过金不能点炮胡；"
                 "表达式 discards 与 discarded，振听 none(discarded, waits)）。"),
    click.option("--passed", default="", help="和牌者自己上次打牌之后放过的和牌张（如 5p；表达式 passed(discard)，同巡振听）。"),
    click.option("--birds", default="", help="和牌后翻出的鸟牌 / 马牌，按翻牌顺序（如 1m5s9p）。用于抓鸟、买马。"),
    click.option("--streak", type=int, default=0, help="庄家在这局之前已连庄的次数（连庄）。"),
    click.option("--liang-dao", "liang_dao", default="",
                 help="已亮倒的座位，按亮倒先后用逗号分开（如 0 或 1,0）。用于结算项 亮倒（翻倍、包赔）。"),
    click.option("--declared", "declared", multiple=True,
                 help="已做的声明（规则 declarations 中的名字，可重复或用逗号分开）：报听（和牌者的）、飘=2（所选的值）、"
                      "报听@2（座位 2 的，如放炮者报听时的杀报）。"),
    click.option("--riichi", is_flag=True, help="和牌者已立直（声明 立直，表达式 declared(立直)）；只能门清。"),
    click.option("--double-riichi", "double_riichi", is_flag=True, help="两立直：第一巡立直（声明 立直 与 两立直）。"),
    click.option("--ippatsu", is_flag=True, help="一发：立直后一巡之内、无人鸣牌时和牌（表达式 declaration_turn）。"),
    click.option("--dora-indicators", "dora_indicators", default="", help="宝牌指示牌，如 3m东（表达式 indicators）。"),
    click.option("--ura", default="", help="里宝牌指示牌，如 9p（表达式 hidden_indicators；立直和牌时才计）。"),
    click.option("--honba", type=int, default=0, help="本场数（表达式 honba）。"),
)


def scoring_options(func):
    """Decorator adding every option of :data:`SCORING_OPTIONS` to a click command."""
    for option in reversed(SCORING_OPTIONS):
        func = option(func)
    return func


def _flowers(text: str, rules, seat: int, dealer: int, taken: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``--flowers``: a count N (N flowers not already in ``taken``, the seat's own last) or flower notation."""
    from engine import tiles as T
    from engine.fans import seat_position

    from dslgen.errors import InputError
    from dslgen.handreport.shape import deck_counts, describe_deck

    text = (text or "").strip()
    if not text or text == "0":
        return ()
    if not any(deck_counts(rules)[f] for f in T.FLOWERS):
        raise InputError(f"--flowers {text}：{describe_deck(rules)}没有花牌", where="--flowers",
                         hint="这副牌没有花牌，去掉 --flowers（或换用有花牌的规则文件）")
    if text.isdigit():
        n = int(text)
        if n > len(T.FLOWERS) - len(taken):
            raise UsageError(f"花牌最多 {len(T.FLOWERS)} 张（手牌里已写 {len(taken)} 张），收到 {n}",
                             where="--flowers", hint="写张数（如 3）或花牌（如 春梅）")
        own = rules.flowers.matching.get(seat_position(seat, dealer), ()) if rules.flowers else ()
        free = [f for f in T.FLOWERS if f not in taken]
        pool = [f for f in free if f not in own] + [f for f in free if f in own]
        return tuple(pool[:n])
    try:
        codes = parse_tiles(text)
    except T.TileParseError as exc:
        raise UsageError(str(exc), where="--flowers", hint="写张数（如 3）或花牌（如 春梅）") from None
    if not all(T.is_flower(t) for t in codes) or len(set(codes)) != len(codes):
        raise UsageError("--flowers 只能写不重复的花牌（春夏秋冬梅兰竹菊）", where="--flowers",
                         hint="写张数（如 3）或花牌（如 春梅）")
    return tuple(codes)


def _waits(rules, concealed: tuple[int, ...], melds: tuple, win_tile: int, wild_codes) -> tuple[int, ...]:
    """The hand's waits before the win (expression ``waits``), when the rules read them."""
    from engine.game import waits

    if not waits.reads_waits(rules) or win_tile not in concealed:
        return ()
    before = list(concealed)
    before.remove(win_tile)
    return waits.hand_waits(rules, before, melds, wild_codes)


def _seat(value: int | None, name: str, players: int) -> None:
    if value is not None and not 0 <= value < players:
        raise UsageError(f"{name} 必须是 0-{players - 1} 的座位号，收到 {value}", where=name,
                         hint="座位 0 为东，按行牌顺序 1、2、3")


def score_hand(rules, tiles: Sequence[int], melds: Sequence, win_tile: int, *, self_drawn: bool = False,
               from_seat: int | None = None, kong_replacement: bool = False, last_tile: bool = False,
               robbing_kong: bool = False, first_turn: bool = False, flowers: str = "", dealer: int = 0,
               seat: int = 0, wild_codes: frozenset[int] | None = None, seat_wind: str | None = None,
               round_wind: str = "东", fourth_tile: bool = False, jing: str = "", birds: str = "",
               streak: int = 0, liang_dao: str = "", declared: str | Sequence[str] = "", revealed: str = "",
               discards: str = "", passed: str = "", riichi: bool = False, double_riichi: bool = False,
               ippatsu: bool = False, dora_indicators: str = "", ura: str = "", honba: int = 0,
               marked: tuple[int, ...] = ()) -> dict[str, Any]:
    """Score the win as the JSON-ready mapping ``dslgen hand`` prints.

    Keys: ``fans`` [{name, fan}], ``dropped`` [{name, reason}], ``bonuses`` [{name, points}],
    ``total`` (the figure payments multiply: 番 plus bonuses, capped — or, under ``fan_stacking:
    double``, the points base × 2^番), ``fan_total`` (the stacked 番 before bonuses and cap),
    ``total_unit`` (``番`` or ``分``), ``legal``, ``reason``, ``self_drawn``, ``payments`` (one int
    per seat, zero-sum; all zero when the win is not legal). Flower tiles among ``tiles`` are moved
    to the flowers.
    """
    from engine import tiles as T
    from engine.fans import WinContext, score_win
    from engine.settlement import win_payments

    from dslgen.handreport.shape import check_in_deck

    n = rules.players
    for value, name in ((seat, "--seat"), (dealer, "--dealer"), (from_seat, "--from")):
        _seat(value, name, n)
    if self_drawn and from_seat is not None:
        raise UsageError("--self-drawn 与 --from 不能同时使用", hint="自摸用 --self-drawn，点炮用 --from 座位号")
    if from_seat is not None and from_seat == seat:
        raise UsageError("点炮者不能是和牌者自己", where="--from", hint="--from 写放炮者的座位号")
    self_drawn = from_seat is None
    if wild_codes is None:
        wild_codes = frozenset(rules.wildcard.tiles) if rules.wildcard and rules.wildcard.type == "fixed" else frozenset()
    primary, secondary = jing_codes(rules, jing)
    made = declarations_given(rules, declared, seat)
    declared = declared_seats(rules, liang_dao)
    declared += tuple(s for s in locking_seats(rules, made) if s not in declared)
    wild_codes = frozenset(wild_codes) | frozenset(primary) | frozenset(secondary)
    flipped, tags, tagged_wild = revealed_tags(rules, revealed)
    wild_codes |= tagged_wild
    discarded = _tiles_option(discards, "--discards")
    passed_tiles = _tiles_option(passed, "--passed")
    in_hand_flowers = tuple(t for t in tiles if T.is_flower(t))
    concealed = tuple(t for t in tiles if not T.is_flower(t))
    flower_tiles = in_hand_flowers + _flowers(flowers, rules, seat, dealer, in_hand_flowers)
    check_in_deck(rules, flower_tiles, "--flowers" if flowers else "TILES")
    declarations = _declarations(riichi, double_riichi, ippatsu, melds)
    for name in declarations:  # --riichi / --double-riichi: the winner's own declarations
        made[seat][name] = 1
    if honba < 0:
        raise UsageError(f"--honba 不能是负数：{honba}", where="--honba", hint="本场数 0、1、2……")
    ctx = WinContext(concealed, tuple(melds), win_tile, wild_codes, self_drawn,
                     kong_replacement=kong_replacement, last_tile=last_tile, robbing_kong=robbing_kong,
                     first_turn=first_turn, seat=seat, dealer=dealer, flowers=flower_tiles,
                     seat_wind=None if seat_wind is None else _SEATS.index(seat_wind),
                     round_wind=_SEATS.index(round_wind or "东"), fourth_tile=fourth_tile,
                     streak=streak, ready_declared=seat in (declared or ()) or ready_made(rules, made[seat])
                     or bool(declarations), players_in=n, declarations=tuple(tuple(m.items()) for m in made),
                     discarder=from_seat, indicator=flipped[0][1][0] if flipped else None, discards=discarded,
                     tags=tags, revealed=flipped,
                     indicators=_indicators(dora_indicators, "--dora-indicators"),
                     hidden_indicators=_indicators(ura, "--ura"), marked=tuple(marked),
                     declaration_turn=ippatsu, honba=honba, discarded=discarded, passed=passed_tiles,
                     waits=_waits(rules, concealed, tuple(melds), win_tile, wild_codes))
    res = score_win(rules, ctx)
    if res is None:
        return {"fans": [], "dropped": [], "bonuses": [], "total": 0, "fan_total": 0, "total_unit": _unit(rules),
                "legal": False, "reason": "不是和牌型", "self_drawn": self_drawn, "payments": [0] * n, "items": []}
    if res.legal:  # a legal score the table would still never offer (the file's flow, restrictions) is no win
        from engine.game.offers import win_refusal

        refusal = win_refusal(rules, res, win_tile, self_drawn=self_drawn, robbing=robbing_kong, seat=seat,
                              dealer=dealer, hand=concealed, wild_codes=wild_codes,
                              seat_wind=ctx.seat_wind, round_wind=ctx.round_wind, tags=tags, revealed=flipped)
        if refusal:
            res = dataclasses.replace(res, legal=False, reason=refusal)
    pay = (win_payments(rules, seat, res.total, self_drawn, from_seat, dealer, ctx=ctx,
                        pays=res.pays if rules.hand_value is not None else None) if res.legal else [0] * n)
    items = []
    if res.legal and (rules.settlement_items or any(p.when != "kong" for p in rules.payments)):
        items = settle_hand_items(rules, seat, dealer, res, pay, concealed, tuple(melds), self_drawn, from_seat,
                                  robbing_kong, primary, secondary, birds, streak, declared, made, ctx)
    return {
        "fans": [{"name": name, "fan": fan, **({"times": res.counts[name]} if name in res.counts else {}),
                  "definition": fan_definition(rules, name)}
                 for name, fan in res.fans],
        "dropped": [{"name": name, "reason": why} for name, why in res.dropped],
        "bonuses": [{"name": name, "points": pts} for name, pts in res.bonuses],
        "total": res.total,
        "fan_total": res.fan_total,
        "total_unit": _unit(rules),
        **({"fan_cap": cap} if (cap := fan_cap(rules)) is not None and rules.fan_stacking == "double" else {}),
        "legal": res.legal,
        "reason": res.reason,
        "self_drawn": self_drawn,
        "payments": pay,
        "flowers": T.format_tiles(flower_tiles),
        "items": items,
        "net": [p + sum(it["payments"][s] for it in items) for s, p in enumerate(pay)],
        **({"values": [{"name": k, "value": res.values[k]} for k in rules.hand_value.show if k in res.values]}
           if rules.hand_value is not None else {}),
    }


def _declarations(riichi: bool, double_riichi: bool, ippatsu: bool, melds) -> tuple[str, ...]:
    """``--riichi`` / ``--double-riichi`` as declaration names (``declared(立直)``); ``--ippatsu`` needs one."""
    if ippatsu and not (riichi or double_riichi):
        raise UsageError("--ippatsu 要和 --riichi（或 --double-riichi）一起用", where="--ippatsu",
                         hint="一发是立直之后一巡之内和牌")
    if (riichi or double_riichi) and any(not m.is_concealed for m in melds):
        raise UsageError("有副露（吃、碰、明杠）时不能立直", where="--riichi", hint="去掉 --riichi，或去掉副露")
    if double_riichi:
        return ("立直", "两立直")
    return ("立直",) if riichi else ()


def _indicators(text: str, where: str) -> tuple[int, ...]:
    """``--dora-indicators`` / ``--ura``: indicator tiles (a red five counts as a five)."""
    from engine import tiles as T

    from dslgen.handreport.notation import split_marked

    if not text:
        return ()
    try:
        codes = parse_tiles(split_marked(text)[0])
    except T.TileParseError as exc:
        raise UsageError(str(exc), where=where, hint="写指示牌，如 3m东 或 9p") from None
    if not all(T.is_suited(t) or T.is_honor(t) for t in codes):
        raise UsageError(f"{where} 只能写数牌和字牌", where=where, hint="写指示牌，如 3m东")
    return tuple(codes)


def opening_report(rules, concealed: Sequence[int], melds: Sequence, seat: int = 0, dealer: int = 0) -> list[dict[str, Any]]:
    """The 起手小胡 (``phases[].type: opening_wins``) a dealt hand shows, as ``dslgen hand`` prints them.

    One entry per opening hand the rules list and the hand shows: ``name``, ``count``, ``points`` and
    ``payments`` (one int per seat, zero-sum: paid at once like a self-drawn win of ``points × count``,
    with the dealer multiplier for ``seat``/``dealer``). Empty when the rules have no such phase, melds
    are given, or the hand is not a dealt hand (``cards_per_player`` tiles, or that plus ``dealer_extra``).
    """
    from engine import tiles as T
    from engine.game import opening

    phase = next((p for p in rules.phases if p.type == opening.PHASE_TYPE), None)
    tiles = [t for t in concealed if not T.is_flower(t)]
    if phase is None or melds or len(tiles) not in (rules.cards_per_player, rules.cards_per_player + rules.dealer_extra):
        return []
    hands = [tiles if s == seat else [] for s in range(rules.players)]
    found = opening.declarations(rules, hands, dealer, opening.declared_hands(phase.options))
    return [{"name": d.hand, "count": d.count, "points": d.points, "payments": list(d.payments)}
            for d in found if d.seat == seat]


def _unit(rules) -> str:
    """What ``total`` counts: points (分) under ``fan_stacking: double``, else 番."""
    return "分" if rules.fan_stacking == "double" else "番"


def fan_cap(rules) -> int | None:
    """The 番 cap (``max_fan`` / ``scoring.max_cap``, the smaller), or None."""
    caps = [c for c in (rules.max_fan, rules.scoring.max_cap) if c is not None and c > 0]
    return min(caps) if caps else None


def _tiles_option(text: str, where: str) -> tuple[int, ...]:
    """Tile notation given to an option (empty: none)."""
    from engine import tiles as T

    if not text:
        return ()
    try:
        return tuple(parse_tiles(text))
    except T.TileParseError as exc:
        raise UsageError(str(exc), where=where, hint="写牌，如 5p 或 1m9s") from None


def revealed_tags(rules, text: str) -> tuple[tuple, tuple, frozenset[int]]:
    """``--revealed MOMENT=TILES,…``: the flipped tiles per moment, the kinds the file's ``reveal`` tags from
    them (``(name, codes)``) and the wild codes among them — as the flow computes them
    (:mod:`engine.game.reveal`)."""
    from engine.game.reveal import tagged_tile
    from engine.table_rules import MOMENTS

    if not text:
        return (), (), frozenset()
    by_moment = {r.at: r for r in rules.reveals}
    flipped, tags, wild = [], [], set()
    for part in text.split(","):
        moment, _, tiles = part.strip().partition("=")
        moment = moment.strip()
        if moment not in MOMENTS or not tiles:
            raise UsageError(f"--revealed {part}：应写 时机=牌", where="--revealed",
                             hint="时机是 " + " / ".join(MOMENTS) + "，如 --revealed after_flowers=5p")
        if moment not in by_moment:
            raise UsageError(f"--revealed {part}：规则在 {moment} 不翻牌", where="--revealed",
                             hint="规则翻牌的时机：" + ("、".join(by_moment) or "（无，规则没有 reveal）"))
        codes = _tiles_option(tiles, "--revealed")
        flipped.append((moment, codes))
        for kind in by_moment[moment].kinds:
            tagged = tuple(dict.fromkeys(tagged_tile(t, k) for t in codes for k in kind.offsets))
            tags.append((kind.name, tagged))
            if kind.wild:
                wild.update(tagged)
    return tuple(flipped), tuple(tags), frozenset(wild)


def instant_report(rules, concealed: Sequence[int], melds: Sequence, seat: int = 0, dealer: int = 0,
                   flowers: Sequence[int] = (), revealed: str = "") -> list[dict[str, Any]]:
    """The immediate wins (``table_events.instant_wins``) a dealt hand shows at the opening moments, as
    ``dslgen hand`` prints them: ``name``, ``at``, ``value`` and ``payments`` (zero-sum, as a self-drawn
    win of ``value``). Only conditions on the hand itself (``tile: none``) are judged here: a win that takes
    the flipped tile or a flower depends on the table."""
    from engine import tiles as T
    from engine.fans import WinContext
    from engine.game.events import SeatFacts, compiled_conditions
    from engine.settlement import win_payments

    tiles = tuple(t for t in concealed if not T.is_flower(t))
    if melds or len(tiles) not in (rules.cards_per_player, rules.cards_per_player + rules.dealer_extra):
        return []
    flipped, tags, wild = revealed_tags(rules, revealed)
    out = []
    conditions = compiled_conditions(rules)
    for i, w in enumerate(rules.table_events.instant_wins):
        if w.at == "flower" or w.tile != "none" or i not in conditions:
            continue
        ctx = WinContext(tiles, (), 0, wild, True, seat=seat, dealer=dealer, flowers=tuple(flowers),
                         tags=tags, revealed=flipped)
        if conditions[i].fn(SeatFacts(ctx)):
            out.append({"name": w.name, "at": w.at, "value": w.value,
                        "payments": list(win_payments(rules, seat, w.value, True, None, dealer))})
    return out


def jing_codes(rules, text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``--jing``: the 正精 code and, for ``random_count: 2``, the 副精 after it; fixed wild tiles are 正精."""
    from engine import tiles as T
    from engine.game.table import next_wild

    wc = rules.wildcard
    if not text:
        if wc and wc.type == "fixed":
            return tuple(wc.tiles), ()
        return (), ()
    try:
        codes = parse_tiles(text)
    except T.TileParseError as exc:
        raise UsageError(str(exc), where="--jing", hint="写正精一张，如 --jing 5m") from None
    if len(codes) != 1 or not (T.is_suited(codes[0]) or T.is_honor(codes[0])):
        raise UsageError("--jing 只写一张正精", where="--jing", hint="如 --jing 5m；副精按规则自动取下一张")
    if wc is None:
        raise UsageError("此规则没有癞子（wildcard_rules），不能给 --jing", where="--jing", hint="去掉 --jing")
    first = codes[0]
    return (first,), ((next_wild(first),) if wc.type == "random" and wc.random_count >= 2 else ())


def declared_seats(rules, text: str) -> tuple[int, ...]:
    """``--liang-dao``: the seats that declared 亮倒, in order (``1,0``); the rules must settle 亮倒."""
    text = (text or "").strip()
    if not text:
        return ()
    try:
        seats = tuple(int(part) for part in text.replace("，", ",").split(",") if part.strip())
    except ValueError:
        raise UsageError(f"--liang-dao 应当是座位号，用逗号分开：{text!r}", where="--liang-dao",
                         hint="如 --liang-dao 0 或 --liang-dao 1,0") from None
    for s in seats:
        _seat(s, "--liang-dao", rules.players)
    if len(set(seats)) != len(seats):
        raise UsageError("--liang-dao 的座位重复了", where="--liang-dao", hint="每个座位只能亮倒一次")
    if not any(d.name == "liang_dao" for d in rules.settlement_items):
        raise UsageError("此规则没有亮倒结算项（settlement_items 中的 liang_dao），不能给 --liang-dao",
                         where="--liang-dao", hint="去掉 --liang-dao，或换用声明了亮倒的规则文件")
    return seats


def declarations_given(rules, given: str | Sequence[str], seat: int) -> list[dict[str, int]]:
    """``--declared``: each seat's declarations (name -> value) from ``NAME[=VALUE][@SEAT]`` entries (comma-separated
    or repeated; the seat defaults to the winner's, the value to 1)."""
    from engine.game import declarations

    entries = [given] if isinstance(given, str) else list(given or ())
    parts = [p.strip() for e in entries for p in str(e).replace("，", ",").split(",") if p.strip()]
    made: list[dict[str, int]] = [{} for _ in range(rules.players)]
    known = declarations.compiled(rules)
    for part in parts:
        head, _, at = part.partition("@")
        name, eq, value = head.partition("=")
        spec = known.named(name.strip())
        if spec is None:
            names = "、".join(d.name for d in known.specs) or "（此规则没有声明）"
            raise UsageError(f"--declared {part}：规则没有声明 {name.strip()!r}", where="--declared",
                             hint=f"可用的声明：{names}")
        try:
            who = int(at) if at else seat
            chosen = int(value) if eq else 1
        except ValueError:
            raise UsageError(f"--declared {part}：值和座位应当是整数", where="--declared",
                             hint="写作 报听、飘=2 或 报听@2") from None
        _seat(who, "--declared", rules.players)
        if spec.at == "start" and chosen not in spec.choices:
            raise UsageError(f"--declared {part}：{spec.name} 只能选 {'、'.join(map(str, spec.choices))}",
                             where="--declared", hint=f"如 {spec.name}={spec.choices[-1]}")
        if spec.at == "discard" and chosen != 1:
            raise UsageError(f"--declared {part}：{spec.name} 是随牌的声明，没有选项", where="--declared",
                             hint=f"写作 {spec.name}")
        made[who][spec.name] = chosen
    return made


def ready_made(rules, made: dict[str, int]) -> bool:
    """A seat with these declarations declared a ready hand (a ``ready`` or locking declaration, value not 0)."""
    from engine.game import declarations

    known = declarations.compiled(rules)
    return any(v and (spec := known.named(n)) is not None and spec.at == "discard" and (spec.ready or spec.locks == "hand")
               for n, v in made.items())


def locking_seats(rules, made: Sequence[dict[str, int]]) -> tuple[int, ...]:
    """The seats whose given declarations lock the hand (the ``liang_dao`` item's declarers)."""
    from engine.game import declarations

    known = declarations.compiled(rules)
    return tuple(s for s, m in enumerate(made)
                 if any(v and (spec := known.named(n)) is not None and spec.locks == "hand" for n, v in m.items()))


def given_stakes(rules, made: Sequence[dict[str, int]]) -> tuple[int, ...] | None:
    """Each seat's stake from the given ``stake`` declarations (None when the rules declare none)."""
    from engine.game import declarations

    names = [d.name for d in declarations.specs(rules) if d.stake]
    if not names:
        return None
    return tuple(sum(m.get(n, 0) for n in names) for m in made)


def settle_hand_items(rules, seat, dealer, res, pay, concealed, melds, self_drawn, from_seat, robbing_kong,
                      primary, secondary, birds: str, streak: int,
                      declared: tuple[int, ...] = (), made: Sequence[dict] = (), ctx=None) -> list[dict[str, Any]]:
    """The declared settlement items for one win, as ``dslgen hand`` shows them (other seats hold nothing known)."""
    from collections import Counter

    from engine import tiles as T
    from engine.simulation.narrate import item_details, item_label
    from engine.settlement_items import ITEMS, Table, WinFacts, settle_items

    n = rules.players
    try:
        shown = parse_tiles(birds) if birds else []
    except T.TileParseError as exc:
        raise UsageError(str(exc), where="--birds", hint="按翻牌顺序写，如 1m5s9p") from None
    heads = [d for d in rules.settlement_items if d.name == "birds" and ITEMS["birds"].settings(d.params)["wall_end"] == "head"]
    wall = tuple(shown) if heads else tuple(reversed(shown))
    win = WinFacts(seat, self_drawn, from_seat, res.total, tuple(pay), tuple(concealed), tuple(melds),
                   tuple(name for name, _ in res.fans), robbing_kong, None, ctx)
    table = Table(n, dealer, (win,), tuple(tuple(concealed) if s == seat else () for s in range(n)),
                  tuple(tuple(melds) if s == seat else () for s in range(n)), (), primary, secondary,
                  dict(Counter(rules.deck())), wall, (), streak, given_stakes(rules, made),
                  -1 if rules.play.turn_order == "clockwise" else 1, "player_wins", declared,
                  tuple(dict(m) for m in made))
    out = []
    for name, r in settle_items(rules, table):
        entry = {"name": name, "payments": list(r.payments), "details": r.details}
        out.append({"name": name, "label": item_label(name), "payments": list(r.payments),
                    "explanation": item_details(entry), "details": r.details})
    return out


#: the scoring keys of a hand that is not 14 tiles (a ready hand, not a win).
NOT_COMPLETE = {"fans": [], "dropped": [], "bonuses": [], "total": 0, "fan_total": 0, "legal": False,
                "reason": "不是完整的 14 张和牌", "self_drawn": False}

#: scoring flags a ``--batch`` line may use: option -> (keyword, takes a value)
BATCH_OPTIONS = {
    "--self-drawn": ("self_drawn", False), "--kong-replacement": ("kong_replacement", False),
    "--last-tile": ("last_tile", False), "--robbing-kong": ("robbing_kong", False),
    "--first-turn": ("first_turn", False), "--from": ("from_seat", True), "--flowers": ("flowers", True),
    "--dealer": ("dealer", True), "--seat": ("seat", True), "--seat-wind": ("seat_wind", True),
    "--round-wind": ("round_wind", True), "--fourth-tile": ("fourth_tile", False), "--jing": ("jing", True),
    "--birds": ("birds", True), "--streak": ("streak", True), "--liang-dao": ("liang_dao", True),
    "--declared": ("declared", True), "--revealed": ("revealed", True), "--discards": ("discards", True),
    "--passed": ("passed", True),
    "--riichi": ("riichi", False), "--double-riichi": ("double_riichi", False), "--ippatsu": ("ippatsu", False),
    "--dora-indicators": ("dora_indicators", True), "--ura": ("ura", True), "--honba": ("honba", True),
}
_INT_OPTIONS = {"from_seat", "dealer", "seat", "streak", "honba"}


def batch_value(keyword: str, value: str, where: str):
    """A ``--batch`` line's option value, converted like the command line does."""
    if keyword in _INT_OPTIONS:
        try:
            return int(value)
        except ValueError:
            raise UsageError(f"座位号应当是整数：{value!r}", where=where, hint="座位 0-3，0 为东") from None
    return value


_SEATS = "东南西北"


def fan_definition(rules, name: str) -> str:
    """Where a counted fan's definition comes from and what it says, in Chinese: the rule file's own ``when``,
    the standard library's expression, a composite's parts, or the library's built-in judgement."""
    from engine.fans import lookup

    spec = rules.fan(name)
    if spec is not None and spec.when:
        return f"本文件定义 when: {spec.when}" + (f"；per: {spec.per}" if spec.per and lookup(name) is None else "")
    if spec is not None and spec.composite_of:
        return "组合番：" + " + ".join(spec.composite_of)
    unit = lookup(name)
    if unit is None:
        return ""
    return f"标准番型库 {unit.definition}" if unit.definition else "标准番型库（内置判断，见 docs/fans.md）"


def render_lines(score: dict[str, Any], seat: int = 0) -> list[str]:
    """Chinese text lines for :func:`score_hand`'s result."""
    fans = "、".join(f"{f['name']}{'×' + str(f['times']) if 'times' in f else ''} {f['fan']}番"
                    for f in score["fans"]) or "无"
    lines = [f"番型：{fans}"]
    lines += [f"  {f['name']}：{f['definition']}" for f in score["fans"] if f.get("definition")]
    if score["dropped"]:
        lines.append("不计：" + "；".join(f"{d['name']}（{d['reason']}）" for d in score["dropped"]))
    if score["bonuses"]:
        lines.append("加分：" + "、".join(f"{b['name']} +{b['points']}" for b in score["bonuses"]))
    how = "自摸" if score["self_drawn"] else "点和"
    if score.get("total_unit") == "分":  # fan_stacking: double: 番 and points are different figures
        fan_total, cap = score.get("fan_total", 0), score.get("fan_cap")
        capped = f"，封顶 {cap} 番" if cap is not None and fan_total > cap else ""
        lines.append(f"合计：{fan_total} 番{capped}；得分 {score['total']} 分（{how}）")
    else:
        lines.append(f"合计：{score['total']} 番（{how}）")
    if score.get("values"):
        lines.append("计算：" + "，".join(f"{v['name']} {v['value']}" for v in score["values"]))
    lines.append("合法和牌：是" if score["legal"] else f"合法和牌：否 — {score['reason']}")
    pays = "  ".join(f"座位{i}{'(' + _SEATS[i] + ')' if i < 4 else ''} {p:+d}" for i, p in enumerate(score["payments"]))
    lines.append(f"支付：{pays}")
    for it in score.get("items") or []:
        moved = "  ".join(f"座位{i} {p:+d}" for i, p in enumerate(it["payments"]))
        lines.append(f"结算项 {it['label']}：{it['explanation']}；支付 {moved}")
    if score.get("items"):
        lines.append("合计支付：" + "  ".join(f"座位{i} {p:+d}" for i, p in enumerate(score["net"])))
    return lines
