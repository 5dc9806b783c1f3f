"""The 玩法说明 section for ``reveal`` and ``table_events`` (spec §23): flips, the kinds they tag, the reserved
tail, the last-tiles phase and the immediate wins, in Chinese."""

from __future__ import annotations

from typing import Any

_MOMENTS = {"after_deal": "发牌后", "after_flowers": "发牌补花后", "after_hand": "牌局结束后"}
_INSTANT_AT = {"after_deal": "发牌后", "after_flowers": "补花后", "flower": "每当有人补花时"}
_ACTIONS = {"chi": "吃", "pung": "碰", "kong": "杠", "win": "点炮胡"}
_STEPS = {0: "翻出的牌本身", 1: "翻出的牌的下一张", 2: "再下一张", 3: "往后第三张"}


def table_lines(rules: Any) -> tuple[str, ...]:
    """One line per flip, kind and table event the rules declare (empty: the section is left out)."""
    lines = []
    for r in rules.reveals:
        count = f" {r.count} 张" if r.count > 1 else "一张牌"
        lines.append(f"{_MOMENTS.get(r.at, r.at)}从牌尾翻{count}（翻到花牌放在一旁再翻）。")
        for k in r.kinds:
            which = "、".join(_STEPS.get(o, f"往后第 {o} 张") for o in k.offsets)
            power = "是癞子，可以当任何牌用（不能被吃碰杠）" if k.wild else "不是癞子，只用于计番与结算"
            lines.append(f"  {k.name}：{which}，每张都{power}。")
    ev = rules.table_events
    if ev.reserved_tail:
        lines.append(f"留牌：牌墙最后 {ev.reserved_tail} 张不摸，剩 {ev.reserved_tail} 张即算摸完。")
    if ev.last_tiles:
        banned = "、".join(_ACTIONS.get(a, a) for a in ev.last_tiles_forbid)
        lines.append(f"最后 {ev.last_tiles} 张：开始摸牌墙最后 {ev.last_tiles} 张后不能{banned}。")
    for w in ev.instant_wins:
        cond = f"，满足 {w.when} 时" if w.when else ""
        tile = {"revealed": "，拿翻出的那张牌", "flower": "，拿别人补出的那张花"}.get(w.tile, "")
        hand = "，拿到后须是一手合规的和牌并照常计番" if w.with_hand else ""
        paid = "由补花者按点炮付" if w.paid_as == "discard" else "按自摸由其他各家付"
        lines.append(f"即时和牌 {w.name}：{_INSTANT_AT.get(w.at, w.at)}{cond}{tile}{hand}，算 {w.value} 番，{paid}，本局结束。")
    return tuple(lines)
