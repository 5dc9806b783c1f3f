"""A seat's observation as plain data (:meth:`engine.game.flow.Game.observation`) read back into a
:class:`engine.game.view.SeatView`, so a strategy can decide for a remote game it only hears about.

:func:`view_from_observation` is the inverse of :meth:`SeatView.to_dict` up to what the plain form
drops (which discard a meld was claimed from). Raises :class:`ObservationError` with the field path
of the first problem for a mapping that is not an observation of these rules.
"""

from __future__ import annotations

from functools import lru_cache

from engine import tiles as T
from engine.errors import EngineError
from engine.game.actions import Action, IllegalAction
from engine.game.view import OwnSeat, SeatInfo, SeatView
from engine.melds import MELD_KINDS, Meld
from engine.rules import Rules


class ObservationError(EngineError, ValueError):
    """An observation that cannot be read: ``path`` names the field (``players[2].melds[0].kind``)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@lru_cache(maxsize=64)
def _shapes(rules: Rules):
    """The shapes a game under ``rules`` plans for (the view's ``shapes``), from a game set up once."""
    from engine.game.flow import Game

    return Game(rules, 0).shapes


#: Every tile code an observation may hold.
_CODES = frozenset(T.PLAYABLE) | frozenset(T.FLOWERS) | frozenset(T.WILDCARDS)


def _int(value, path: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ObservationError(path, f"应为整数，实际是 {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ObservationError(path, f"取值 {value} 超出范围 {low}…{high}")
    return value


def _declarations(value, path: str) -> tuple[tuple[str, int], ...]:
    """A seat's public declarations ``{名: 取值}`` as the view's ``(name, value)`` pairs."""
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise ObservationError(path, "应为对象 {声明名: 取值}")
    return tuple((str(k), _int(v, f"{path}.{k}", 0, 1000)) for k, v in value.items())


def _tiles(value, path: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise ObservationError(path, "应为牌码列表")
    out = tuple(_int(t, f"{path}[{i}]") for i, t in enumerate(value))
    for i, t in enumerate(out):
        if t not in _CODES:
            raise ObservationError(f"{path}[{i}]", f"{t} 不是牌码（万 1–9、条 11–19、筒 21–29、字 31–37、花 41–48）")
    return out


def _field(data: dict, key: str, path: str):
    if key not in data:
        raise ObservationError(f"{path}{key}", f"缺少字段 {key}")
    return data[key]


def view_from_observation(rules: Rules, data: dict, legal: list | None = None) -> SeatView:
    """The :class:`SeatView` an observation mapping describes under ``rules``; ``legal`` (a list of action
    mappings) replaces the observation's own ``legal_actions`` when given."""
    if not isinstance(data, dict):
        raise ObservationError("observation", "应为对象（一个座位看到的局面，Game.observation 的形式）")
    n = rules.players
    seat = _int(_field(data, "seat", ""), "seat", 0, n - 1)
    hand = _tiles(_field(data, "hand", ""), "hand")
    raw_players = _field(data, "players", "")
    if not isinstance(raw_players, list) or len(raw_players) != n:
        raise ObservationError("players", f"应为 {n} 个座位的列表")
    players = []
    for i, p in enumerate(raw_players):
        path = f"players[{i}]"
        if not isinstance(p, dict):
            raise ObservationError(path, "应为对象")
        if _int(p.get("seat", i), f"{path}.seat", 0, n - 1) != i:
            raise ObservationError(f"{path}.seat", f"第 {i} 个座位的 seat 应为 {i}")
        melds = []
        for j, m in enumerate(p.get("melds") or []):
            mp = f"{path}.melds[{j}]"
            if not isinstance(m, dict) or m.get("kind") not in MELD_KINDS:
                raise ObservationError(f"{mp}.kind", f"应为 {', '.join(MELD_KINDS)} 之一")
            melds.append(Meld(m["kind"], _tiles(m.get("tiles"), f"{mp}.tiles")))
        ld = p.get("liang_dao") or {}
        declared = bool(ld) or bool(p.get("locked"))
        exposed = _tiles(ld.get("exposed") or [], f"{path}.liang_dao.exposed") if declared else ()
        waits = _tiles(ld.get("waits") or [], f"{path}.liang_dao.waits") if declared else ()
        common = dict(seat=i, hand_size=_int(p.get("hand_size", 0), f"{path}.hand_size", 0, 30),
                      melds=tuple(melds), discards=_tiles(p.get("discards") or [], f"{path}.discards"),
                      flowers=_tiles(p.get("flowers") or [], f"{path}.flowers"), won=bool(p.get("won")),
                      declared=declared, exposed=exposed, waits=waits,
                      declarations=_declarations(p.get("declarations"), f"{path}.declarations"))
        if i == seat:
            common["hand_size"] = len(hand)
            players.append(OwnSeat(hand=hand, **common))
        else:
            players.append(SeatInfo(**common))
    last = data.get("last_discard")
    claim_tile = claim_from = None
    if last:
        if not isinstance(last, dict):
            raise ObservationError("last_discard", "应为 {seat, tile} 或 null")
        claim_from = _int(last.get("seat"), "last_discard.seat", 0, n - 1)
        claim_tile = _tiles([last.get("tile")], "last_discard.tile")[0]
    voids = []
    for i, v in enumerate(data.get("voids") or [None] * n):
        if v is None:
            voids.append(None)
        elif v in T.SUIT_NAMES:
            voids.append(T.SUIT_NAMES.index(v))
        else:
            voids.append(_int(v, f"voids[{i}]", 0, len(T.SUIT_NAMES) - 1))
    raw_legal = data.get("legal_actions") if legal is None else legal
    actions = []
    for i, a in enumerate(raw_legal or []):
        try:
            action = Action.from_dict(a)
        except IllegalAction as exc:
            raise ObservationError(f"legal_actions[{i}]", str(exc)) from None
        if action.seat != seat:
            raise ObservationError(f"legal_actions[{i}].seat", f"合法动作应属于座位 {seat}")
        actions.append(action)
    if not actions:
        raise ObservationError("legal_actions", "没有合法动作：这个座位现在不需要决策")
    stage = str(data.get("stage") or "")
    indicator = data.get("indicator")
    return SeatView(
        seat=seat, rules=rules, shapes=_shapes(rules),
        dealer=_int(data.get("dealer", 0), "dealer", 0, n - 1), stage=stage,
        turn=_int(data.get("turn", seat), "turn", 0, n - 1),
        wild_codes=frozenset(_tiles(data.get("wild_codes") or [], "wild_codes")),
        indicator=None if indicator is None else _tiles([indicator], "indicator")[0],
        wall_remaining=_int(data.get("wall_remaining", 0), "wall_remaining", 0, 1000),
        claim_tile=claim_tile, claim_from=claim_from, players=tuple(players), legal_actions=tuple(actions),
        round_wind=_int(data.get("round_wind", 0), "round_wind", 0, 3), voids=tuple(voids),
        exchange=dict(data.get("exchange") or {}),
        win_counts=tuple(_int(c, f"win_counts[{i}]", 0, 99) for i, c in enumerate(data.get("win_counts") or [0] * n)),
    )
