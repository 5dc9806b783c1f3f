"""The 玩法说明 section for ``reveal`` and ``table_events`` (spec §24): flips, the kinds they tag, the reserved
tail, the last-tiles phase and the immediate wins, in Chinese (each value by the specification's own text)."""

from __future__ import annotations

from typing import Any

#: how a tag kind's steps read: 0 the flipped tile itself, 1 the next …
_STEPS = ("翻出的牌本身", "翻出的牌的下一张", "再下一张", "往后第三张")


def table_lines(rules: Any) -> tuple[str, ...]:
    """One line per flip, kind and table event the rules declare (empty: the section is left out)."""
    from dslgen.rulefile.schema import enum_labels

    labels = enum_labels()
    moments, actions = labels["reveal[].at"], labels["table_events.last_tiles.forbid[]"]
    instant_at, tiles = labels["table_events.instant_wins[].at"], labels["table_events.instant_wins[].tile"]
    paid = labels["table_events.instant_wins[].paid_as"]
    lines = []
    for r in rules.reveals:
        count = f" {r.count} 张" if r.count > 1 else "一张牌"
        lines.append(f"{moments.get(r.at, r.at)}从牌尾翻{count}（翻到花牌放在一旁再翻）。")
        for k in r.kinds:
            which = "、".join(_STEPS[o] if o < len(_STEPS) else f"往后第 {o} 张" for o in k.offsets)
            power = "是癞子，可以当任何牌用（不能被吃碰杠）" if k.wild else "不是癞子，只用于计番与结算"
            lines.append(f"  {k.name}：{which}，每张都{power}。")
    ev = rules.table_events
    if ev.reserved_tail:
        lines.append(f"留牌：牌墙最后 {ev.reserved_tail} 张不摸，剩 {ev.reserved_tail} 张即算摸完。")
    if ev.last_tiles:
        banned = "、".join(actions.get(a, a) for a in ev.last_tiles_forbid)
        lines.append(f"最后 {ev.last_tiles} 张：开始摸牌墙最后 {ev.last_tiles} 张后不能{banned}。")
    for w in ev.instant_wins:
        cond = f"，满足 {w.when} 时" if w.when else ""
        tile = f"，和牌张：{tiles.get(w.tile, w.tile)}" if w.tile != "none" else ""
        hand = "，拿到后须是一手合规的和牌并照常计番" if w.with_hand else ""
        lines.append(f"即时和牌 {w.name}：{instant_at.get(w.at, w.at)}{cond}{tile}{hand}，算 {w.value} 番，"
                     f"{paid.get(w.paid_as, w.paid_as)}，本局结束。")
    return tuple(lines)
