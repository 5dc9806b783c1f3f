"""One person at the table against bots, through the engine's public game interface.

The person's seat sees exactly what :meth:`engine.game.Game.observation` gives
that seat and chooses among :meth:`~engine.game.Game.legal_actions`, the same
list a bot is offered; everything else at the table is played by bots. The game
log shown to the person hides other players' dealt and drawn tiles.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from engine import tiles as T
from engine.game import Game
from engine.simulation import make_bot
from engine.simulation.narrate import narrate, seat_label
from engine.rules import Rules

#: Event types whose tiles only their own seat may see.
_PRIVATE = {"deal", "draw"}


#: Unicode mahjong tiles (U+1F000…): the first honor, the first 万 / 条 / 筒, the four flowers then the four seasons.
_GLYPH_HONOR, _GLYPH_SUITS, _GLYPH_JOKER = 0x1F000, (0x1F007, 0x1F010, 0x1F019), 0x1F02A
_GLYPH_FLOWERS = {"梅": 0x1F022, "兰": 0x1F023, "竹": 0x1F024, "菊": 0x1F025,
                  "春": 0x1F026, "夏": 0x1F027, "秋": 0x1F028, "冬": 0x1F029}


def tile_glyph(code: int) -> str:
    """The Unicode mahjong glyph of tile ``code`` (the page draws it with the bundled ``mahjong-tiles.ttf``)."""
    if T.is_suited(code):
        return chr(_GLYPH_SUITS[T.suit_of(code)] + T.rank_of(code) - 1)
    if T.is_honor(code):
        return chr(_GLYPH_HONOR + T.HONOR_CHARS.index(T.tile_name(code)))
    if T.is_flower(code):
        return chr(_GLYPH_FLOWERS.get(T.tile_name(code), _GLYPH_JOKER))
    return chr(_GLYPH_JOKER)  # a wildcard tile of its own (癞)


def _tile(code: int | None) -> dict[str, Any] | None:
    return None if code is None else {"code": code, "name": T.tile_name(code), "glyph": tile_glyph(code)}


#: Chinese names of the payment events other than wins (settlement items and hooks are named by their units).
_PAYMENT_EVENTS = {"kong_pay": "杠分（刮风下雨）", "opening": "起手小胡"}


def settlement_adjustments(events: list[dict]) -> list[dict[str, Any]]:
    """Every payment of a game besides its wins and its final balance: ``[{label, payments}]``, summed by label
    (精分, 抓鸟, 杠分, 查花猪…), only the ones that moved points — what makes 净输赢 differ from the wins' 支付."""
    from engine.settlement import HOOKS
    from engine.simulation.narrate import item_label

    out: dict[str, list[int]] = {}
    for e in events:
        if e.get("type") in ("win", "end") or not any(e.get("payments") or []):
            continue
        kind = e["type"]
        if kind == "item":
            label = item_label(str(e.get("name")))
        elif kind == "hook":
            unit = HOOKS.get(str(e.get("name")))
            label = unit.zh if unit else str(e.get("name"))
        else:
            label = _PAYMENT_EVENTS.get(kind, str(e.get("name") or kind))
        total = out.setdefault(label, [0] * len(e["payments"]))
        for seat, value in enumerate(e["payments"]):
            total[seat] += value
    return [{"label": label, "payments": pays} for label, pays in out.items()]


def public_events(events: list[dict], seat: int) -> list[dict]:
    """``events`` as ``seat`` may see them: other seats' dealt and drawn tiles hidden."""
    out = []
    for e in events:
        if e.get("type") in _PRIVATE and e.get("seat") != seat:
            e = {**e, "tile": None, "tiles": []} if "tiles" in e else {**e, "tile": None}
        out.append(e)
    return out


@dataclass
class Table:
    """A game in progress: the person at ``seat``, bots elsewhere."""

    rules: Rules
    variant: str
    seed: int
    seat: int = 0
    bot: str = "greedy"
    #: the bots' difficulty levels (:data:`engine.ai.LEVELS`): one for every seat, or one per seat; () keeps ``bot``
    levels: tuple[int, ...] = ()
    id: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    game: Game = field(init=False)
    bots: list[Any] = field(init=False)
    _lock: Any = field(init=False, repr=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        from engine.ai import LEVELS

        self.game = Game(self.rules, self.seed)
        n = self.game.n
        if not self.levels:
            names = [self.bot] * n
        elif len(self.levels) == 1:
            names = [LEVELS[self.levels[0]]] * n
        elif len(self.levels) == n:
            names = [LEVELS[level] for level in self.levels]
        else:
            raise ValueError(f"levels 应为一个难度，或每个座位一个（{n} 个）")
        self.bots = [make_bot(names[s], (self.seed * 4 + s + 1) & 0xFFFFFFFFFFFFFFFF) for s in range(n)]
        self.advance()

    def advance(self) -> None:
        """Let the bots act until the person has a decision to make or the game is over."""
        g = self.game
        while not g.over:
            seats = g.to_act()
            others = [s for s in seats if s != self.seat]
            if not others:
                return
            s = others[0]
            view = g.view(s)  # a bot sees its seat's view, never the game
            g.apply(self.bots[s].choose(view, s, list(view.legal_actions)))

    def act(self, index: int) -> None:
        """Apply the person's ``index``-th legal action, then let the bots play on (one request at a time:
        the server runs this in a worker thread while searching bots think)."""
        with self._lock:
            legal = self.game.legal_actions(self.seat)
            if not 0 <= index < len(legal):
                raise ValueError("这个动作现在不合法（可能已超时或局面已变化），请刷新")
            self.game.apply(legal[index])
            self.advance()

    def view(self) -> dict[str, Any]:
        """What the page shows: the seat's observation, its legal actions, the public log and the results."""
        with self._lock:
            return self._view()

    def _view(self) -> dict[str, Any]:
        g = self.game
        obs = g.observation(self.seat)
        legal = g.legal_actions(self.seat)
        events = g.events
        wins = [{"seat": e["seat"], "who": seat_label(e["seat"], g.dealer), "self_drawn": e["self_drawn"],
                 "tile": T.tile_name(e["tile"]), "fans": [{"name": n, "value": v} for n, v in e["fans"]],
                 "bonuses": [{"name": n, "value": v} for n, v in e.get("bonuses") or ()],
                 "total": e["total"], "payments": list(e["payments"]),
                 # fan_stacking: double: total is points, fan_total the 番 it doubles from
                 "fan_total": e.get("fan_total", e["total"]), "doubled": bool(e.get("doubled")),
                 "hand": T.format_tiles(e.get("hand") or []),
                 "melds": [T.format_tiles(tiles) for _, tiles in e.get("melds") or []]}
                for e in events if e["type"] == "win"]
        end = next((e for e in events if e["type"] == "end"), None)
        adjustments = settlement_adjustments(events)
        return {
            "id": self.id, "variant": self.variant, "levels": list(self.levels), "name": self.rules.name or self.variant, "seed": self.seed,
            "seat": self.seat, "dealer": obs["dealer"], "over": g.over, "stage": obs["stage"],
            "wall_remaining": obs["wall_remaining"],
            "wilds": [_tile(t) for t in obs["wild_codes"]], "indicator": _tile(obs.get("indicator")),
            "hand": [_tile(t) for t in obs["hand"]],
            "last_discard": obs["last_discard"] and {"seat": obs["last_discard"]["seat"],
                                                     "tile": _tile(obs["last_discard"]["tile"])},
            "players": [{"seat": p["seat"], "label": seat_label(p["seat"], obs["dealer"]) + ("（你）" if p["seat"] == self.seat else ""),
                         "hand_size": p["hand_size"], "won": p["won"],
                         "melds": [{"kind": m["kind"], "tiles": [_tile(t) for t in m["tiles"]]} for m in p["melds"]],
                         "discards": [_tile(t) for t in p["discards"]],
                         "flowers": [_tile(t) for t in p["flowers"]]}
                        for p in obs["players"]],
            "legal": [{"index": i, "kind": a.kind, "tile": a.tile, "label": a.label()} for i, a in enumerate(legal)],
            "reaction": any(a.kind == "pass" for a in legal),
            "log": narrate(public_events(events, self.seat)),
            "wins": wins,
            "end": end and {"reason": end.get("reason"), "payments": list(end.get("payments") or [])},
            # why 净输赢 differs from the wins' 支付: every other payment of the game, by what made it
            "adjustments": adjustments,
        }
