"""Action types and the registry of action names a rule file may list.

``SELF_ACTIONS`` holds what the player on turn may do after drawing
(``self_action.options``), ``REACTIONS`` what the other players may do with a
discard (``others_reaction.options``). The flow implements each registered name
(a test checks every name has a handler); a name a rule file lists that is not
registered here is never playable.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import tiles as T
from engine.errors import EngineError


@dataclass(frozen=True)
class ActionKind:
    """One registered action name: its Chinese label and what it does."""

    name: str
    zh: str
    description: str
    #: the label in the self-action window when it differs from ``zh`` (胡 there is 自摸胡)
    self_zh: str = ""
    #: the label in the reaction window when it differs from ``zh`` (胡 there is 点炮胡)
    reaction_zh: str = ""

    def label_in(self, window: str) -> str:
        """The label in ``window`` (``self_action`` or ``others_reaction``): what reports and replays call it."""
        if window == "self_action":
            return self.self_zh or self.zh
        return self.reaction_zh or self.zh


SELF_ACTIONS: dict[str, ActionKind] = {}
REACTIONS: dict[str, ActionKind] = {}
#: actions of the phases before play (换三张, 定缺); registered by :mod:`engine.game.prelude`.
PRELUDE_ACTIONS: dict[str, ActionKind] = {}
#: the action that makes a rule file's declaration (:mod:`engine.game.declarations`); not listed in options.
DECLARATION_ACTIONS: dict[str, ActionKind] = {}


def register_action(name: str, zh: str, description: str, *, self_action: bool = False,
                    reaction: bool = False, self_zh: str = "", reaction_zh: str = "") -> ActionKind:
    """Register an action name for the self-action and/or the reaction window; its Chinese label ``zh``
    (and the window's own label when it differs) is the one every report and replay shows."""
    kind = ActionKind(name, zh, description, self_zh, reaction_zh)
    if self_action:
        SELF_ACTIONS[name] = kind
    if reaction:
        REACTIONS[name] = kind
    return kind


#: 换三张 directions as seat offsets in turn order: 1 下家, 2 对家, 3 上家.
DIRECTION_NAMES = {1: "下家", 2: "对家", 3: "上家"}

DISCARD, AN_KONG, BU_KONG, WIN = "discard", "an_kong", "bu_kong", "win"
CHI, PUNG, MING_KONG, PASS = "chi", "pung", "ming_kong", "pass"
#: The reactions that expose a meld and so open the hand (开口, ``win_condition.must_open``); 暗杠 does not
#: open it, and 加杠 (``bu_kong``) needs a pung first.
OPENING_CLAIMS = (CHI, PUNG, MING_KONG)
LIANG_DAO = "liang_dao"
DECLARE = "declare"
DECLARATION_ACTIONS[DECLARE] = ActionKind(DECLARE, "声明", "做规则文件声明的一项声明（报听、飘……），随牌声明时同时打出这张牌")

register_action(DISCARD, "打出", "从手牌中打出一张牌", self_action=True)
register_action(AN_KONG, "暗杠", "手中四张相同的牌开暗杠，然后从牌墙尾补一张", self_action=True)
register_action(BU_KONG, "加杠", "摸到已碰牌的第四张后加杠（补杠；其他玩家可抢杠胡），然后补一张", self_action=True)
register_action(WIN, "胡", "自摸胡牌，或胡别人打出（或加杠）的牌", self_action=True, reaction=True,
                self_zh="自摸胡", reaction_zh="点炮胡")
register_action(LIANG_DAO, "亮倒", "听牌时打出一张牌并亮倒：亮出手牌、锁定手牌（之后只能摸打、胡或不改听口的杠）",
                self_action=True)
register_action(CHI, "吃", "上家打出的牌与手中两张组成顺子", reaction=True)
register_action(PUNG, "碰", "别人打出的牌与手中两张相同牌组成刻子", reaction=True)
register_action(MING_KONG, "明杠", "别人打出的牌与手中三张相同牌组成杠，然后补一张", reaction=True)
register_action(PASS, "过", "放弃这张牌", reaction=True)


@dataclass(frozen=True, order=True)
class Action:
    """A concrete move by ``seat``.

    ``tile`` is the tile discarded, konged, claimed or won on; ``tiles`` are, for
    ``chi``, the two hand tiles that complete the sequence (for a start ``declare``, the chosen value);
    ``name`` is the declaration a ``declare`` makes.
    """

    kind: str
    seat: int
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    name: str = ""

    def label(self) -> str:
        """Short Chinese description, e.g. ``碰 5万`` or ``吃 3万（4万5万）``."""
        if self.kind == DECLARE:
            value = f" {self.tiles[0]}" if self.tiles else ""
            return self.name + value + (f" 打出 {T.tile_name(self.tile)}" if self.tile is not None else "")
        kind = SELF_ACTIONS.get(self.kind) or REACTIONS.get(self.kind) or PRELUDE_ACTIONS[self.kind]
        zh = kind.zh
        if self.kind in PRELUDE_ACTIONS:
            return _prelude_label(self, zh)
        if self.tile is None:
            return zh
        text = f"{zh} {T.tile_name(self.tile)}"
        if self.tiles:
            text += "（" + "".join(T.tile_name(t) for t in self.tiles) + "）"
        return text

    def to_dict(self) -> dict:
        """Plain mapping for JSON output and logs; :meth:`from_dict` reads it back."""
        out = {"kind": self.kind, "seat": self.seat, "tile": self.tile, "tiles": list(self.tiles)}
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Action":
        """The action a :meth:`to_dict` mapping describes (e.g. a client's choice sent as JSON).

        Raises :class:`IllegalAction` for a mapping that is not an action (unknown kind, bad seat or tiles).
        """
        try:
            kind, seat = str(data["kind"]), int(data["seat"])
            tile = data.get("tile")
            action = cls(kind, seat, None if tile is None else int(tile), tuple(int(t) for t in data.get("tiles") or ()),
                         str(data.get("name") or ""))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(f"不是动作：{data!r}（{exc}）") from None
        if kind not in SELF_ACTIONS and kind not in REACTIONS and kind not in PRELUDE_ACTIONS \
                and kind not in DECLARATION_ACTIONS:
            raise IllegalAction(f"未知的动作 {kind!r}")
        return action


def _prelude_label(action: "Action", zh: str) -> str:
    """``换三张 1万2万3万``, ``定缺 筒``, ``换牌方向 对家``."""
    if action.kind == "declare_void":
        return f"{zh} {T.SUIT_NAMES[action.tiles[0]]}"
    if action.kind == "choose_direction":
        return f"{zh} {DIRECTION_NAMES[action.tiles[0]]}"
    return f"{zh} " + "".join(T.tile_name(t) for t in action.tiles)


class IllegalAction(EngineError, ValueError):
    """Raised by :meth:`engine.game.flow.Game.apply` for an action not currently legal."""
