"""What one player may see: the observation a bot (or a remote client) decides from.

:meth:`engine.game.flow.Game.view` builds a :class:`SeatView` for the acting seat:
its own concealed hand, and for every seat only what the table shows (melds,
discards, flowers, hand size, whether it has won, every seat's declarations — 报听, 飘 … with the value
chosen — and what a locked declarer exposed: tiles laid face up and waits). The view holds no reference
to the game, the wall or another player's concealed tiles, so a bot handed a view
cannot read them. :meth:`SeatView.to_dict` is the plain (JSON) form that
:meth:`Game.observation` returns.
"""

from __future__ import annotations

from typing import NamedTuple

from engine import tiles as T
from engine.game.actions import Action
from engine.melds import Meld
from engine.rules import Rules
from engine.solver.shapes import Shapes


def _seat_dict(info) -> dict:
    out = {"seat": info.seat, "hand_size": info.hand_size,
           "melds": [{"kind": m.kind, "tiles": list(m.tiles)} for m in info.melds],
           "discards": list(info.discards), "flowers": list(info.flowers), "won": info.won}
    if info.declared:
        out["locked"] = True  # a declaration locked the hand (亮倒, 报听 …), whether or not it shows anything
    if info.declared and (info.exposed or info.waits):
        out["liang_dao"] = {"exposed": list(info.exposed), "waits": list(info.waits)}
    if info.declarations:
        out["declarations"] = dict(info.declarations)
    return out


class SeatInfo(NamedTuple):
    """What the table shows of one seat. There is no ``hand``: concealed tiles are not on the table."""

    seat: int
    hand_size: int
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    flowers: tuple[int, ...]
    won: bool
    #: a declaration locked the hand (亮倒, 报听 …); the concealed tiles laid face up and the tiles it waits on
    #: (as much as the declaration exposes); every declaration made, ``(name, value)`` in order (public).
    declared: bool = False
    exposed: tuple[int, ...] = ()
    waits: tuple[int, ...] = ()
    declarations: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict:
        """Plain form (the ``players`` entries of :meth:`SeatView.to_dict`; ``liang_dao`` — the exposed tiles
        and waits — only once a locked declarer exposed them, ``declarations`` only once one was made)."""
        return _seat_dict(self)


class OwnSeat(NamedTuple):
    """The observing seat: what the table shows plus its own concealed ``hand``."""

    seat: int
    hand_size: int
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    flowers: tuple[int, ...]
    won: bool
    hand: tuple[int, ...]
    declared: bool = False
    exposed: tuple[int, ...] = ()
    waits: tuple[int, ...] = ()
    declarations: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict:
        """Plain form, like :meth:`SeatInfo.to_dict` (the hand is reported once, at the top of the view)."""
        return _seat_dict(self)


class SeatView(NamedTuple):
    """The observation of ``seat``: public table state, its own hand, and its legal actions.

    ``players[seat]`` is an :class:`OwnSeat` (with ``hand``); every other entry is a
    :class:`SeatInfo` without one. ``rules`` and ``shapes`` are the variant's (public).
    """

    seat: int
    rules: Rules
    shapes: Shapes
    dealer: int
    stage: str
    turn: int
    wild_codes: frozenset[int]
    indicator: int | None
    wall_remaining: int
    claim_tile: int | None
    claim_from: int | None
    players: tuple[SeatInfo | OwnSeat, ...]
    legal_actions: tuple[Action, ...]
    #: the prevalent wind (0 东 … 3 北); seat winds follow the dealer.
    round_wind: int = 0
    #: 定缺: every seat's declared void suit (0 万, 1 条, 2 筒; None before or without 定缺) — public.
    voids: tuple[int | None, ...] = ()
    #: 换三张: this seat's own exchange (``gave``, ``to``, ``received``) — private to the seat.
    exchange: dict | None = None
    #: wins per seat (血流成河: a seat may win more than once).
    win_counts: tuple[int, ...] = ()

    @property
    def hand(self) -> tuple[int, ...]:
        """The observing seat's concealed tiles."""
        return self.players[self.seat].hand  # type: ignore[union-attr]

    def to_dict(self) -> dict:
        """Plain (JSON) form: what a server sends to the player at ``seat``."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "stage": self.stage,
            "turn": self.turn,
            "hand": sorted(self.hand),
            "wild_codes": sorted(self.wild_codes),
            "indicator": self.indicator,
            "wall_remaining": self.wall_remaining,
            "last_discard": None if self.claim_tile is None else {"seat": self.claim_from, "tile": self.claim_tile},
            "players": [p.to_dict() for p in self.players],
            "legal_actions": [a.to_dict() for a in self.legal_actions],
            "round_wind": self.round_wind,
            "voids": [None if v is None else T.SUIT_NAMES[v] for v in self.voids],
            "exchange": dict(self.exchange or {}),
            "win_counts": list(self.win_counts),
        }


def seat_view(game, seat: int) -> SeatView:
    """The :class:`SeatView` of ``seat`` in ``game`` (copies: later moves do not change it)."""
    players = []
    for p in game.players:
        waits = tuple(p.waits) if p.waits_public else ()
        shown = (p.declared, tuple(p.exposed), waits, tuple(p.declarations.items()))
        if p.seat == seat:
            players.append(OwnSeat(p.seat, len(p.hand), tuple(p.melds), tuple(p.discards), tuple(p.flowers), p.won,
                                   tuple(p.hand), *shown))
        else:
            players.append(SeatInfo(p.seat, len(p.hand), tuple(p.melds), tuple(p.discards), tuple(p.flowers), p.won,
                                    *shown))
    return SeatView(
        seat=seat, rules=game.rules, shapes=game.shapes, dealer=game.dealer, stage=game.stage, turn=game.turn,
        wild_codes=game.wild_codes, indicator=game.indicator, wall_remaining=len(game.wall),
        claim_tile=game.claim_tile, claim_from=game.claim_from, players=tuple(players),
        legal_actions=tuple(game.legal_actions(seat)), round_wind=game.round_wind,
        voids=tuple(game.voids), exchange=dict(game.exchanged[seat]),
        win_counts=tuple(p.win_count for p in game.players),
    )
