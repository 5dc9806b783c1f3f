"""A readable Chinese turn-by-turn account of a game's event log (``dslgen replay``)."""

from __future__ import annotations

from engine import kongpay
from engine import tiles as T
from engine.game.actions import AN_KONG, CHI, MING_KONG, PUNG, REACTIONS, SELF_ACTIONS, WIN
from engine.melds import ANKONG, CHOW, KONG
from engine.melds import PUNG as PUNG_MELD
from engine.settlement import HOOKS

_MELD = {CHOW: CHI, PUNG_MELD: PUNG, KONG: MING_KONG, ANKONG: AN_KONG}  # a meld kind -> the action that made it
_REASON = {"player_wins": "有人胡牌", "deck_exhausted": "牌墙摸完（荒庄）", "one_player_left": "只剩一家未胡"}
_SUITS = ("万", "条", "筒")


def _action(name: str) -> str:
    """An action's Chinese label, as the action registry gives it."""
    kind = SELF_ACTIONS.get(name) or REACTIONS.get(name)
    return kind.zh if kind else name


def _event(name: str) -> str:
    """A settlement event's Chinese name: a pre-hook (查花猪), or 退税."""
    if name == kongpay.REFUND:
        return kongpay.REFUND_ZH
    unit = HOOKS.get(name)
    return unit.zh if unit else name


def seat_label(seat: int, dealer: int | None = None) -> str:
    """``座位2`` or ``座位0(庄)``."""
    return f"座位{seat}" + ("(庄)" if seat == dealer else "")


def _tile(t) -> str:
    return T.tile_name(t) if t is not None else "-"


def _payments(pay) -> str:
    return "，".join(f"{seat_label(s)} {v:+d}" for s, v in enumerate(pay))


def _declaration(e: dict, who: str, dealer: int | None) -> str:
    """``座位1 报听（之后手牌锁定）``, or a start declaration's choices: ``飘：座位0(庄) 2、座位1 0``."""
    if "values" in e:
        chosen = "、".join(f"{seat_label(s, dealer)} {v}" for s, v in enumerate(e["values"]) if v is not None)
        return f"声明 {e['name']}：{chosen}" + ("（按给定的值）" if e.get("preset") else "")
    text = f"{who} 声明{e['name']}"
    if e.get("waits"):
        shown = f"亮出 {T.format_tiles(e['exposed'])}，" if e.get("exposed") else ""
        text += f"：{shown}听 {'、'.join(T.tile_name(t) for t in e['waits'])}"
    return text + ("（之后手牌锁定）" if e.get("locked") else "")
#: Chinese names of the moments a ``reveal`` flips at
_MOMENTS = {"after_deal": "发牌后", "after_flowers": "补花后", "after_hand": "牌局结束后"}


def _reveal_line(e: dict) -> str:
    """``reveal``: the moment, the flipped tiles and what each kind they tagged is."""
    flipped = "、".join(T.tile_name(t) for t in e["tiles"]) or "牌墙已空，未翻"
    kinds = "；".join(f"{name}为 {'、'.join(T.tile_name(t) for t in codes)}" for name, codes in e["tags"].items())
    return f"翻牌（{_MOMENTS.get(e['at'], e['at'])}）：{flipped}" + (f"，{kinds}" if kinds else "")


def narrate(events: list[dict]) -> list[str]:
    """One line per event, in Chinese."""
    lines: list[str] = []
    dealer = None
    step = 0
    for e in events:
        kind = e["type"]
        s = e.get("seat")
        who = seat_label(s, dealer) if s is not None else ""
        if kind == "deal":
            if dealer is None:
                dealer = s
                who = seat_label(s, dealer)
            lines.append(f"发牌 {who}：{T.format_tiles(e['tiles'])}")
            continue
        if kind in _PRELUDE:
            lines.append(_PRELUDE[kind](e, dealer))
            continue
        if kind == "wild":
            names = "、".join(T.tile_name(t) for t in e["wilds"])
            lines.append(f"翻精：指示牌 {_tile(e['indicator'])}，癞子为 {names}")
            continue
        if kind == "reveal":
            lines.append(_reveal_line(e))
            continue
        if kind == "indicator":
            lines.append(f"     翻开指示牌 {_tile(e['tile'])}（第 {e['count']} 张）")
            continue
        if kind in _POT:
            lines.append("     " + _POT[kind].format(who=who, **e))
            continue
        step += 1
        prefix = f"{step:>3}. "
        if kind == "draw":
            extra = "（补牌）" if e.get("replacement") else ""
            lines.append(f"{prefix}{who} 摸 {_tile(e['tile'])}{extra}")
        elif kind == "flower":
            rep = _tile(e["replacement"]) if e.get("replacement") is not None else "无牌可补"
            lines.append(f"{prefix}{who} 补花 {_tile(e['flower'])} → {rep}")
        elif kind == "discard":
            lines.append(f"{prefix}{who} 打出 {_tile(e['tile'])}")
        elif kind == "an_kong":
            lines.append(f"{prefix}{who} 暗杠 {_tile(e['tile'])}")
        elif kind == "bu_kong":
            lines.append(f"{prefix}{who} 加杠 {_tile(e['tile'])}")
        elif kind == "liang_dao":
            hidden = f"，扣着 {e['hidden']} 张暗刻" if e.get("hidden") else ""
            lines.append(f"{prefix}{who} 亮倒：亮出 {T.format_tiles(e['exposed'])}{hidden}，听 "
                         f"{'、'.join(T.tile_name(t) for t in e['waits'])}（之后手牌锁定）")
        elif kind == "declare":
            lines.append(prefix + _declaration(e, who, dealer))
        elif kind == "fu_flag":
            lines.append(f"{prefix}{who} 能胡 {_tile(e['tile'])} 而不胡（过水）")
        elif kind == "claim":
            src = seat_label(e["source"], dealer)
            if e["kind"] == "win":
                how = "抢杠胡" if e.get("robbing") else "胡"
                lines.append(f"{prefix}{who} {how} {src} 的 {_tile(e['tile'])}")
            else:
                used = "".join(T.tile_name(t) for t in e.get("tiles") or ())
                used = f"（用 {used}）" if used else ""
                lines.append(f"{prefix}{who} {_action(e['kind'])} {src} 的 {_tile(e['tile'])}{used}")
        elif kind == "win":
            how = "自摸" if e["self_drawn"] else ("抢杠胡" if e.get("robbing_kong") else REACTIONS[WIN].label_in("others_reaction"))
            if e.get("instant"):
                paid = "按自摸付" if e["self_drawn"] else f"{seat_label(e['discarder'], dealer)} 付"
                how = f"即时和牌（{e['instant']}，{paid}）"
            fans = "、".join(f"{n} {v}番" for n, v in e["fans"]) or "无番"
            melds = " ".join(f"[{_action(_MELD.get(k, k))} {T.format_tiles(ts)}]" for k, ts in e.get("melds") or ())
            lines.append(f"{prefix}{who} {how} {_tile(e['tile'])}：{T.format_tiles(e['hand'])} {melds}".rstrip())
            bonus = "、".join(f"{n} {v}" for n, v in e.get("bonuses") or ())
            bonus = f"；加分：{bonus}" if bonus else ""
            if e.get("doubled"):
                lines.append(f"     番型：{fans}{bonus}；合计 {e.get('fan_total', 0)} 番，得分 {e['total']}")
            else:
                lines.append(f"     番型：{fans}{bonus}；合计 {e['total']} 番")
            lines.append(f"     支付：{_payments(e['payments'])}")
        elif kind == "kong_pay":
            lines.append(f"     {_action(e['kind'])}收分（刮风下雨）：{_payments(e['payments'])}")
        elif kind == "kong_transfer":
            to = "、".join(seat_label(w, dealer) for w in e["winners"])
            lines.append(f"     呼叫转移：{seat_label(e['seat'], dealer)} 的杠分（{_tile(e['tile'])}）转给 {to}：{_payments(e['payments'])}")
        elif kind == "opening":
            times = f" ×{e['count']}" if e["count"] > 1 else ""
            lines.append(f"{prefix}{who} 起手小胡 {e['hand']}{times}（{e['points']} 番）：{T.format_tiles(e['tiles'])}")
            lines.append(f"     支付：{_payments(e['payments'])}")
        elif kind == "exhausted":
            left = "、".join(seat_label(x, dealer) for x in e["remaining"])
            lines.append(f"{prefix}牌墙摸完，荒庄（未胡：{left}）")
        elif kind == "hook":
            lines.append(f"{prefix}{_event(e['name'])}：{_hook_details(e, dealer)}")
            if any(e["payments"]):
                lines.append(f"     支付：{_payments(e['payments'])}")
        elif kind == "item":
            lines.append(f"{prefix}结算项 {item_label(e['name'])}：{item_details(e)}")
            if any(e["payments"]):
                lines.append(f"     支付：{_payments(e['payments'])}")
        elif kind == "end":
            reason = _REASON.get(e["reason"], e["reason"] or "")
            lines.append(f"结束：{reason}；净输赢 {_payments(e['payments'])}")
            if e.get("pot"):
                lines.append(f"场上供托 {e['pot']} 留到下一局")
            if e.get("next_dealer") is not None:
                lines.append(f"下一局庄家：{seat_label(e['next_dealer'])}")
        else:
            lines.append(f"{prefix}{kind} {e}")
    return lines


#: the table pot's events (engine.game.pot), one indented line each
_POT = {"deposit": "{who} 交供托 {amount}（场上共 {pot}）",
        "deposit_returned": "声明的那张牌被和，{who} 的供托 {amount} 退回（场上共 {pot}）",
        "pot": "{who} 收走场上供托 {amount}"}


def _dice(e: dict, dealer) -> str:
    return f"掷骰 {e['dice'][0]}+{e['dice'][1]}：换三张给{e['direction']}"


def _exchange(e: dict, dealer) -> str:
    moves = "；".join(f"{seat_label(m['seat'], dealer)} → {seat_label(m['to'], dealer)} {T.format_tiles(m['tiles'])}"
                     for m in e["moves"])
    return f"换三张（给{e['direction']}）：{moves}"


def _void(e: dict, dealer) -> str:
    return "定缺：" + "，".join(f"{seat_label(s, dealer)} 缺{_SUITS[v]}" for s, v in enumerate(e["voids"]) if v is not None)


_PRELUDE = {
    "dice": _dice,
    "exchange": _exchange,
    "void": _void,
    "exchange_direction": lambda e, dealer: f"{seat_label(e['seat'], dealer)} 选择换三张给{e['direction']}",
    "exchange_skipped": lambda e, dealer: f"不换三张：{e['reason']}",
}
def item_label(name: str) -> str:
    """The Chinese name of a settlement item."""
    from engine.settlement_items import ITEMS

    unit = ITEMS.get(name)
    return unit.zh if unit else name


def item_details(e: dict) -> str:
    """A settlement item's facts in Chinese (what was counted, hit or transferred)."""
    d = e.get("details") or {}
    if "pairs" in d or ("wins" in d and all("pairs" in w for w in d["wins"])):  # a payment formula
        rows = list(d.get("pairs") or []) + [r for w in d.get("wins") or [] for r in w["pairs"]]
        turned = f"翻开 {'、'.join(d['tiles']) or '无'}；" if "tiles" in d else ""
        turned += "".join(f"{seat_label(int(s))} {'、'.join(ts)}；" for s, ts in (d.get("shares") or {}).items())
        return turned + "；".join((f"{seat_label(p)}付{seat_label(r)} {a}" if a > 0 else f"{seat_label(r)}退{seat_label(p)} {-a}")
                                  + (f"（{row[3]}）" if len(row) > 3 else "")
                                  for row in rows for p, r, a in [row[:3]]) or "没有支付"
    if "seats" in d:
        parts = []
        for s, row in sorted(d["seats"].items()):
            extra = "".join(f"，冲关 ×{row['冲关']}" if k == "冲关" else f"，霸王精 {'、'.join(row['霸王精'])}"
                            for k in row if k in ("冲关", "霸王精"))
            parts.append(f"{seat_label(int(s))} 正精 {row['正精']} 副精 {row['副精']} 计 {row['计分']} 分{extra}")
        return "；".join(parts) or "无人计分"
    if "tiles" in d:
        hits = "；".join(f"和牌者{seat_label(w['winner'])} 中鸟 " + " ".join(str(h) for h in w["hits"]) for w in d.get("wins") or [])
        return f"鸟牌 {'、'.join(d['tiles']) or '无'}" + (f"；{hits}" if hits else "")
    if "horses" in d:
        return "马牌 " + "；".join(f"{seat_label(int(s))} {'、'.join(ts)}" for s, ts in d["horses"].items())
    if "de_guo" in d:
        return "德国 " + ("、".join(seat_label(s) for s in d["de_guo"]) or "无")
    if "open_melds" in d:
        opened = [f"{seat_label(s)} {n} 个" for s, n in enumerate(d["open_melds"]) if n]
        return "副露：" + ("、".join(opened) or "无")
    if "gen_zhuang" in d:
        return f"跟庄（{d['tile']}）" if d["gen_zhuang"] else "没有跟庄"
    if "streak" in d:
        return f"庄家已连庄 {d['streak']} 次"
    if "stakes" in d:
        return "各家飘分 " + " ".join(str(v) for v in d["stakes"])
    return str(d.get("skipped") or d)


def _hook_details(e: dict, dealer) -> str:
    d = e.get("details") or {}
    if e["name"] == "check_hua_zhu":
        pigs = d.get("hua_zhu") or []
        return "花猪 " + "、".join(seat_label(s, dealer) for s in pigs) if pigs else "没有花猪"
    if e["name"] == "check_ting":
        ready = d.get("ready") or {}
        parts = [f"{seat_label(int(s), dealer)} 听牌（最大 {v} 番）" for s, v in sorted(ready.items())]
        parts += [f"{seat_label(s, dealer)} 未听" for s in d.get("not_ready") or []]
        return "；".join(parts) or "无人参与"
    if e["name"] == "tui_shui":
        seats = d.get("not_ready") or []
        return "未听牌退还杠分：" + "、".join(seat_label(s, dealer) for s in seats) if seats else "无人退税"
    if e["name"] == "wildcard_count":
        return "各家癞子数 " + " ".join(str(c) for c in d.get("counts") or [])
    return str(d)
