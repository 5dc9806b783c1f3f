"""The game flow a rule file's ``phases`` declare: deal, turns, claims, wins, settlement.

:class:`Game` is a state machine an embedding server or bot drives with
:meth:`Game.to_act`, :meth:`Game.legal_actions` and :meth:`Game.apply`. It plays
only what the rules list:

* **deal** (``auto`` phase, ``deal_cards`` or ``deal_cards_with_flowers``): the
  dealer takes 13 + ``dealer_extra`` tiles, the others 13, in turn order from the
  dealer. With ``deal_cards_with_flowers`` (or ``flower_rules.replace_tiles:
  BEFORE_GAME_START``) every dealt flower is set aside and replaced from the tail
  of the wall, repeatedly, seat by seat; otherwise a held flower is replaced on
  its owner's next draw.
* **wild tiles**: ``wildcard_rules.type: fixed`` makes the listed codes wild;
  ``random`` flips an indicator from the tail after the deal (flowers flipped are
  set aside and the flip repeats) and makes indicator+1 (正精) and, with
  ``random_count: 2``, indicator+2 (副精) wild — see :func:`state.next_wild`.
  Every copy of a wild code is wild. A discarded wild tile cannot be claimed,
  and wild tiles never form a kong or a claimed meld.
* **turn** (``mahjong_turn``): draw from the head (a drawn flower is replaced
  from the tail, repeatedly); the player on turn chooses a listed self action
  (``discard``, ``an_kong``, ``bu_kong``, ``win``), each only under its
  condition. After ``chi`` or ``pung`` the claimer may only discard.
* **reactions** to a discard: ``chi`` (only the next active seat in turn order
  from the discarder), ``pung``, ``ming_kong``, ``win``, ``pass``. Every seat
  with more than ``pass`` decides; then ``priority_policy`` picks:
  ``highest_wins`` takes the highest declared priority, ties going to the seat
  nearest the discarder in turn order; ``all_winners`` lets every seat that
  chose ``win`` win (一炮多响), other claims as ``highest_wins``.
* **抢杠胡** (``requires: phase.rob_kong``): a ``bu_kong`` opens a window in which
  other seats may ``win`` on the added tile (when ``win`` is a listed reaction); if anyone does, the kong is
  not made and the tile counts as discarded by the kong player.
* **kongs** draw a replacement from the tail. Event flags for fans: 杠上开花
  (self-drawn win on a replacement tile), 海底捞月 (self-drawn win when the wall is
  empty), 抢杠胡, and 天胡/地胡 (``first_turn``: no meld declared by anyone yet,
  the winner has not discarded, and the win is self-drawn or on the game's
  first discard).
* **血战** (``parallel_elimination: true`` or ``on_win: continue``):
  winners leave; play continues with the next active seat after the (last)
  winner until one player is left or the wall is empty.
* **过水** (``fu_flag``: ``dirty_flag`` / ``can_win_but_pass`` /
  ``next_discard_self`` / ``block_win_on_current_tile``): a seat that could win on
  a discard or a robbed kong and did not may not win on a tile of that code,
  from anyone, until it discards again. Self-drawn wins are never blocked.
* **end**: ``end_conditions`` map ``player_wins``, ``deck_exhausted`` and
  ``one_player_left`` to ``settle`` (the ``calculate_scores`` phase), ``draw_game``
  (no win to score) or a phase name. On exhaustion the ``scoring.pre_hooks`` whose
  condition names ``deck_exhausted`` run in order (查花猪, then 查叫 unless
  ``not hua_zhu`` excludes it); payments come from :mod:`engine.settlement`.

All randomness (dealer, shuffle) comes from ``random.Random(seed)``; a test may
pass a prearranged ``wall`` (see :func:`state.stacked_wall`) and ``dealer``.
"""

from __future__ import annotations

import dataclasses
import copy
import random
from collections import Counter
from dataclasses import dataclass, field

from engine import declared, fans, kongpay, settlement, settlement_items, solver
from engine import tiles as T
from engine.capabilities import register
from engine.errors import EngineError
from engine.game import cache, declarations, events, indicators, opening, pot, prelude, reveal, waits
from engine.game.actions import (AN_KONG, BU_KONG, CHI, DECLARE, DISCARD, LIANG_DAO, MING_KONG, PASS, PUNG,
                                 REACTIONS, SELF_ACTIONS, WIN, Action, IllegalAction)
from engine.game.action_conditions import Query, holds
from engine.game import hooks
from engine.game.hooks import run_pre_hooks
from engine.game.view import SeatView, seat_view
from engine.game.table import PlayerState, Wall, shuffled_deck, wild_from_indicator
from engine.melds import ANKONG, CHOW, KONG, Meld
from engine.melds import PUNG as PUNG_MELD
from engine.rules import Rules
from engine.validation import DEAL_ACTIONS, END_ACTIONS, SETTLE_ACTIONS, ensure_valid

register("phase.mahjong_turn", "麻将回合", "摸牌→自身动作（打出/暗杠/补杠/自摸）→他家响应（吃/碰/明杠/胡/过）的回合流转，按 turn_order 轮转", "0.1.0", __name__)
register("phase.priority_arbitration", "优先级仲裁", "多家同时响应时按声明的 priority 仲裁：highest_wins（同级按出牌者下家顺序最近者）或 all_winners（一炮多响）", "0.1.0", __name__)
register("phase.parallel_elimination", "血战到底", "胡牌者离场，其余玩家继续，直到只剩一人或牌墙摸完", "0.1.0", __name__)
register("phase.rob_kong", "抢杠胡", "补杠时其他玩家可胡这张加杠的牌（抢杠胡窗口），被抢则杠不成立", "0.1.0", __name__)
register("phase.blood_flow", "血流成河", "on_win: stay：胡牌者留在牌桌上（手牌锁定、只能摸打或再胡），可以多次胡牌，直到牌墙摸完；每次胡牌当时结算", "0.1.0", __name__)
register("dsl.dirty_flag", "过水标记", "能胡而不胡的玩家在自己下次出牌前不能再胡同一张牌（fu_flag）", "0.1.0", __name__)
register("deck.flower_cards", "花牌", "含花牌的牌库：开局或摸到花牌时亮出并从牌墙尾补牌（可连续补花），花牌计入番型上下文", "0.1.0", __name__)


SELF, REACT, ROB, OVER = "self", "react", "rob", "over"


class GameSetupError(EngineError, ValueError):
    """A game that cannot be set up as asked (a prearranged wall that is not the rules' deck)."""


class GameStateError(EngineError, ValueError):
    """A saved game that cannot be restored (not a save, other rules, or an action history that is not legal)."""


#: The ``format`` of :meth:`Game.to_dict`.
SAVE_FORMAT = "dslgen.game/1"


@dataclass
class WinInfo:
    """One win: who, on what, how it scored and what everyone paid."""

    seat: int
    tile: int
    self_drawn: bool
    discarder: int | None
    robbing_kong: bool
    kong_replacement: bool
    last_tile: bool
    first_turn: bool
    fans: list[tuple[str, int]]
    dropped: list[tuple[str, str]]
    total: int
    payments: list[int]
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    result: object = field(default=None, repr=False)
    #: seats still playing when the win happened (they paid a self-drawn win).
    active: tuple[int, ...] = ()
    #: the win's WinContext (payment formulas read the winner's state from it).
    ctx: object = field(default=None, repr=False)
    #: the ``table_events.instant_wins`` name of an immediate win ("" for a win in play).
    instant: str = ""


class Game:
    """One hand of mahjong under ``rules``; see the module docstring for the flow."""

    def __init__(self, rules: Rules, seed: int = 0, *, wall: list[int] | None = None,
                 dealer: int | None = None, round_wind: int = 0, streak: int = 0,
                 stakes: list[int] | None = None, honba: int = 0, pot: int = 0):
        self.rules = rules
        #: the prevalent wind (0 东 … 3 北); seat winds follow the dealer (dealer = 东).
        self.round_wind = round_wind
        #: the dealer's consecutive wins before this hand (连庄) and each seat's 飘 stake.
        self.streak = streak
        self.stakes = tuple(stakes) if stakes is not None else None
        #: the hand's repeat count (本场, ``honba``) and the table pot (``pot``) carried in from the hand before:
        #: declarations with a ``deposit`` pay into the pot; the hand's first winner takes it.
        self.honba = honba
        self.pot_start = self.pot = pot
        #: the last deposit made, ``(seat, amount, discard number)``: returned when that very discard is won on
        self._deposit: tuple[int, int, int] | None = None
        self.seed = seed
        #: how the game was set up (a prearranged wall and dealer) and every action applied since: its save.
        self._setup = {"wall": None if wall is None else list(wall), "dealer": dealer}
        self.history: list[Action] = []
        self.rng = random.Random(seed)
        self.n = rules.players
        self.play = rules.play
        ensure_valid(rules)  # a Rules built with validate=False is checked here (once per value)
        if not self.play.self_action(DISCARD):
            raise GameSetupError("对局阶段的 self_action 必须列出 discard，否则无法出牌")
        self.step = -1 if self.play.turn_order == "clockwise" else 1
        if dealer is None and (wall is not None or rules.seating.first_dealer == "seat_0"):
            dealer = 0
        self.dealer = dealer if dealer is not None else self.rng.randrange(self.n)
        #: who deals the next hand (``game.seating.next_dealer``), set when the game ends.
        self.next_dealer: int | None = None
        self.deck = rules.deck()
        tiles = list(wall) if wall is not None else shuffled_deck(rules, self.rng)
        if sorted(tiles) != sorted(self.deck):
            raise GameSetupError("预设牌墙与规则的牌库不一致")
        self.wall = Wall(tiles, rules.table_events.reserved_tail)
        self.players = [PlayerState(s) for s in range(self.n)]
        #: the shapes a win may take (the fan layer then rules on legality).
        self.win_shapes = cache.canonical(solver.shapes_for(rules))
        #: an expression reads ``waits``: each win context gets the hand's waits (engine.game.waits)
        self.reads_waits = waits.reads_waits(rules)
        #: an expression reads ``passed(…)``: the seats a discard's tile completes are kept (engine.game.waits)
        self.reads_passed = waits.reads_passed(rules)
        self._completes: frozenset[int] = frozenset()
        #: the shapes bots plan for: under 2/5/8 with exempt 大胡 (长沙), the common 小胡 needs the
        #: 2/5/8 pair, so bots aim for it; a legal 大胡 with another pair is still offered to them.
        self.shapes = self.win_shapes
        if rules.win_condition.pair_must_be_258 and not self.win_shapes.pair_258:
            self.shapes = cache.canonical(dataclasses.replace(self.win_shapes, pair_258=True))
        self.elimination = self.play.parallel_elimination or self.play.on_win == "continue"
        #: 血流成河 (``on_win: stay``): winners stay, locked, and may win again.
        self.blood = self.play.on_win == "stay" and not self.play.parallel_elimination
        self.rob_kong = rules.allows("phase.rob_kong")
        self._self_opts = {o.action: o for o in reversed(self.play.self_actions)}
        self._react_opts = {o.action: o for o in reversed(self.play.reactions)}
        self.set_aside: list[int] = []  # flipped indicators and flowers flipped with them
        #: ``table_events.indicators`` (engine.game.indicators): the face-up and the hidden indicators so far
        self.indicators: list[int] = []
        self.hidden_indicators: list[int] = []
        self._indicator_base = 0
        self.indicator: int | None = None
        self.wild_codes: frozenset[int] = frozenset()
        #: ``reveal`` (engine.game.reveal): the tiles flipped at each moment and the kinds they tagged
        self.revealed: dict[str, tuple[int, ...]] = {}
        self.tags: dict[str, tuple[int, ...]] = {}
        self.tag_items: tuple = ()
        self.revealed_items: tuple = ()
        if rules.wildcard and rules.wildcard.type == "fixed":
            self.wild_codes = frozenset(rules.wildcard.tiles)
        self.events: list[dict] = []
        self.wins: list[WinInfo] = []
        self.payments = [0] * self.n
        self.hook_results: list[dict] = []
        self.item_results: list[dict] = []
        #: 起手小胡 declared after the deal (:mod:`engine.game.opening`), each with its payments.
        self.opening_results: list[dict] = []
        #: discards made before any claim or kong, ``(seat, tile)`` (跟庄).
        self.opening_discards: list[tuple[int, int]] = []
        self.jing: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(self.wild_codes), ())
        self.stage = "deal"
        self.turn = self.dealer
        self.end_reason: str | None = None
        self.actions_applied = 0
        self.any_meld = False
        self.discard_count = 0
        self.kong_flag = False
        self.last_tile_flag = False
        self.drawn: int | None = None
        self.claimed_turn = False
        self.claim_tile: int | None = None
        self.claim_from: int | None = None
        self._legal: dict[int, list[Action]] = {}
        self._choices: dict[int, Action] = {}
        self._win_memo: dict = {}
        #: the WinContext of each legal win in ``_win_memo`` (what payment formulas read)
        self._ctx_memo: dict = {}
        #: the file's own ``when: kong`` payments, compiled
        self._kong_formulas = kongpay.compile_kong_formulas(rules)
        # 换三张 / 定缺 (engine.game.prelude)
        self.voids: list[int | None] = [None] * self.n
        self.exchanged: list[dict] = [{} for _ in range(self.n)]
        self.exchange_offset = 0  # 换三张 direction code (engine.game.prelude.CODES)
        self._prelude_phase = None
        # 刮风下雨 (engine.kongpay): paid kongs; the kong whose replacement preceded the current discard
        self.kongs: list[kongpay.KongRecord] = []
        self.kong_discard: kongpay.KongRecord | None = None
        self.passed_wins = 0  # 过水: wins passed on a discard (statistics)
        #: the seats whose declaration locked the hand (亮倒 …), in order; start declarations opened so far
        #: (engine.game.declarations)
        self.declarations: list[int] = []
        self.start_declared = 0
        self._run_from(rules.phases[0])

    # ------------------------------------------------------------------ setup
    def _phase(self, name):
        return next((p for p in self.rules.phases if p.name == name), None)

    def _run_from(self, phase) -> None:
        """Run auto phases from ``phase`` until the play phase or the end."""
        while phase is not None:
            if phase.type == "mahjong_turn":
                self._start_play()
                return
            if phase.type in prelude.PHASE_TYPES:
                prelude.start(self, phase)
                return
            if phase.type == "auto" and phase.action in DEAL_ACTIONS:
                self._deal(phase.action == "deal_cards_with_flowers")
            elif phase.type == "auto" and phase.action in SETTLE_ACTIONS:
                self._settle()
            elif phase.type == opening.PHASE_TYPE:
                opening.run(self, phase)
            if self.stage == OVER and self.wins and self.wins[-1].instant:
                return  # an immediate win at the opening ended the hand
            phase = self._phase(phase.next) if phase.next else None
        if self.stage != OVER:
            self._finish()

    # ------------------------------------------------------------------ helpers
    def seat_order(self, start: int) -> list[int]:
        """All seats in turn order beginning with ``start``."""
        return [(start + self.step * i) % self.n for i in range(self.n)]

    def distance(self, src: int, dst: int) -> int:
        """Turns from ``src`` to ``dst`` in turn order (1 for the next seat)."""
        return ((dst - src) * self.step) % self.n

    def active(self) -> list[int]:
        """Seats still playing (everyone, except winners under 血战)."""
        return [p.seat for p in self.players if not p.won]

    def next_active(self, seat: int) -> int:
        """The next seat after ``seat`` in turn order that is still playing."""
        for s in self.seat_order(seat)[1:]:
            if not self.players[s].won:
                return s
        return seat

    def _event(self, etype: str, /, **data) -> None:
        data["type"] = etype
        self.events.append(data)

    @property
    def over(self) -> bool:
        """True once the game has ended and been settled."""
        return self.stage == OVER

    # ------------------------------------------------------------------ deal
    def _deal(self, replace_flowers: bool) -> None:
        order = self.seat_order(self.dealer)
        for i, seat in enumerate(order):
            size = self.rules.cards_per_player + (self.rules.dealer_extra if i == 0 else 0)
            self.players[seat].hand = [self.wall.draw() for _ in range(size)]
            self._event("deal", seat=seat, tiles=sorted(self.players[seat].hand))
        if self.rules.wildcard and self.rules.wildcard.type == "random":
            while True:
                t = self.wall.draw_replacement()
                self.set_aside.append(t)
                if not T.is_flower(t):
                    break
            self.indicator = t
            wilds = wild_from_indicator(t, self.rules.wildcard.random_count, self.rules.wildcard.offsets)
            self.wild_codes = frozenset(wilds)
            self.jing = (wilds[:1], wilds[1:])
            self._event("wild", indicator=t, wilds=sorted(self.wild_codes))
        reveal.flip(self, "after_deal")
        indicators.start(self)
        if events.at_moment(self, "after_deal"):
            return
        flowers = self.rules.flowers
        if replace_flowers or (flowers and flowers.replace_tiles == "BEFORE_GAME_START"):
            for seat in order:
                self._replace_flowers(seat)
                if self.stage == OVER:
                    return
        reveal.flip(self, "after_flowers")
        events.at_moment(self, "after_flowers")

    def _replace_flowers(self, seat: int) -> bool:
        """Set aside every flower ``seat`` holds, drawing replacements from the tail.

        Returns False when the wall ran out during replacement.
        """
        p = self.players[seat]
        while True:
            flowers = [t for t in p.hand if T.is_flower(t)]
            if not flowers:
                return True
            for f in flowers:
                p.hand.remove(f)
                p.flowers.append(f)
                if not len(self.wall):
                    self._event("flower", seat=seat, flower=f, replacement=None)
                    return False
                r = self.wall.draw_replacement()
                p.hand.append(r)
                self._event("flower", seat=seat, flower=f, replacement=r)
                self.drawn = r
                if self.rules.table_events.instant_wins and events.on_flower(self, seat, f):
                    return False

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        if declarations.open_start(self):  # 飘, 拉庄 …: every seat chooses before the first draw
            return
        self.stage = SELF
        hand = self.players[self.dealer].hand
        self.drawn = hand[-1] if hand else None
        if not self._replace_flowers(self.dealer):
            self._end("deck_exhausted")
            return
        self._enter_self(self.dealer, drawn=self.drawn)

    def _begin_turn(self, seat: int) -> None:
        """``seat`` draws from the head (flowers replaced) and chooses a self action."""
        if not len(self.wall):
            self._end("deck_exhausted")
            return
        t = self.wall.draw()
        p = self.players[seat]
        p.hand.append(t)
        self._event("draw", seat=seat, tile=t)
        self.drawn = t
        self.kong_flag = False
        if not self._replace_flowers(seat):
            self._end("deck_exhausted")
            return
        self.last_tile_flag = not len(self.wall)
        self._enter_self(seat, self.drawn)

    def _kong_draw(self, seat: int) -> None:
        indicators.after_kong(self)
        t = self.wall.draw_replacement()
        self.players[seat].hand.append(t)
        self._event("draw", seat=seat, tile=t, replacement=True)
        self.drawn = t
        if not self._replace_flowers(seat):
            self._end("deck_exhausted")
            return
        self.kong_flag = True
        self.last_tile_flag = not len(self.wall)
        self._enter_self(seat, self.drawn)

    def _enter_self(self, seat: int, drawn: int | None, claimed: bool = False) -> None:
        self.stage = SELF
        self.turn = seat
        self.drawn = drawn
        self.claimed_turn = claimed
        self._win_memo.clear()
        self._ctx_memo.clear()
        self._choices = {}
        self._legal = {seat: self._self_actions(seat)}

    def _self_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        acts: list[Action] = []
        if not self.claimed_turn:
            opt = self._self_opts.get(WIN)
            if opt and self.drawn is not None and self.win_result(seat, self.drawn, self_drawn=True) is not None \
                    and holds(opt.condition, Query(self, seat, self.drawn, True)):
                acts.append(Action(WIN, seat, self.drawn))
            if p.locked:  # 血流成河: a seat that has won only draws and discards (or wins again, or stay_kong)
                if self.drawn is not None and self.drawn in p.hand:
                    return acts + self._stay_kongs(seat) + [Action(DISCARD, seat, self.drawn)]
            if p.declared:  # a locked hand: draw and discard the drawn tile, win, or a kong that keeps the wait
                return acts + declarations.locked_self_actions(self, seat)
            if len(self.wall):
                opt = self._self_opts.get(AN_KONG)
                no_kong = self._restricted("kong", seat)
                if opt:
                    for t, c in sorted(Counter(p.hand).items()):
                        if c == 4 and t not in self.wild_codes and not T.is_flower(t) and not no_kong >> t & 1 \
                                and not prelude.void_tile(self, seat, t) \
                                and holds(opt.condition, Query(self, seat, t, True)):
                            acts.append(Action(AN_KONG, seat, t))
                opt = self._self_opts.get(BU_KONG)
                if opt:
                    for m in p.melds:
                        t = m.tiles[0]
                        if m.kind == PUNG_MELD and t in p.hand and not prelude.void_tile(self, seat, t) \
                                and not no_kong >> t & 1 \
                                and holds(opt.condition, Query(self, seat, t, True)):
                            acts.append(Action(BU_KONG, seat, t))
        banned = self._restricted(DISCARD, seat)
        discards = [t for t in sorted(set(p.hand)) if not T.is_flower(t)]
        if banned and any(not banned >> t & 1 for t in discards):  # a hand of only restricted tiles still discards
            discards = [t for t in discards if not banned >> t & 1]
        acts += [Action(DISCARD, seat, t) for t in discards]
        return acts + declarations.discard_offers(self, seat, discards)

    def _stay_kongs(self, seat: int) -> list[Action]:
        """血流成河 with ``stay_kong: keep_waits``: a winner who stays may kong the drawn tile (暗杠 with three
        concealed, 加杠 onto its pung) when the hand then waits on exactly the tiles it waited on before."""
        if self.play.stay_kong != "keep_waits" or not len(self.wall):
            return []
        p, drawn = self.players[seat], self.drawn
        if drawn is None or T.is_flower(drawn) or drawn in self.wild_codes:
            return []
        before = list(p.hand)
        before.remove(drawn)
        acts = []
        opt = self._self_opts.get(AN_KONG)
        if opt and p.hand.count(drawn) == 4 and holds(opt.condition, Query(self, seat, drawn, True)):
            rest = [t for t in p.hand if t != drawn]
            if self._keeps_waits(seat, before, rest, tuple(p.melds) + (Meld(ANKONG, (drawn,) * 4),)):
                acts.append(Action(AN_KONG, seat, drawn))
        opt = self._self_opts.get(BU_KONG)
        for i, m in enumerate(p.melds):
            if opt and m.kind == PUNG_MELD and m.tiles[0] == drawn and holds(opt.condition, Query(self, seat, drawn, True)):
                melds = tuple(p.melds[:i]) + (Meld(KONG, (drawn,) * 4, m.claimed, m.from_seat),) + tuple(p.melds[i + 1:])
                if self._keeps_waits(seat, before, before, melds):
                    acts.append(Action(BU_KONG, seat, drawn))
        return acts

    def _keeps_waits(self, seat: int, before: list[int], after: list[int], melds_after: tuple) -> bool:
        """True when ``after`` + ``melds_after`` waits (for a legal win) on the same tiles as ``before`` with the
        seat's current melds: the 血流成河 rule for a kong after winning."""
        waits = declarations.ready_waits(self, seat, before, tuple(self.players[seat].melds))
        return bool(waits) and declarations.ready_waits(self, seat, after, melds_after) == waits

    def _reactions(self, seat: int, tile: int, discarder: int) -> list[Action]:
        p = self.players[seat]
        acts: list[Action] = []
        if tile in self.wild_codes:
            return [Action(PASS, seat)]
        opt = self._react_opts.get(WIN)
        if opt and (self.rules.tile_restrictions or self.rules.table_events.last_tiles) \
                and self._restricted(WIN, seat) >> tile & 1:
            opt = None
        if opt and not self._fu_blocked(seat, tile) and self.win_result(seat, tile, self_drawn=False) is not None \
                and holds(opt.condition, Query(self, seat, tile, False)):
            acts.append(Action(WIN, seat, tile))
        if p.locked or prelude.void_tile(self, seat, tile):  # 血流 after a win; 定缺: no claims of the void suit
            opt = self._react_opts.get(MING_KONG)
            if p.locked and self.play.stay_kong == "keep_waits" and opt and p.hand.count(tile) == 3 and len(self.wall) \
                    and holds(opt.condition, Query(self, seat, tile, False)):
                rest = [t for t in p.hand if t != tile]
                if self._keeps_waits(seat, list(p.hand), rest, tuple(p.melds) + (Meld(KONG, (tile,) * 4, tile, discarder),)):
                    acts.append(Action(MING_KONG, seat, tile))  # 血流: a kong that keeps the waits
            acts.append(Action(PASS, seat))
            return acts
        if p.declared:  # a locked hand: no claim but a kong of a concealed triplet that keeps the wait
            return declarations.locked_reactions(self, seat, tile, acts)
        held = p.hand.count(tile)
        limits = self.rules.tile_restrictions or self.rules.table_events.last_tiles
        opt = self._react_opts.get(MING_KONG)
        if opt and held >= 3 and len(self.wall) and holds(opt.condition, Query(self, seat, tile, False)) \
                and not (limits and self._restricted("kong", seat) >> tile & 1):
            acts.append(Action(MING_KONG, seat, tile))
        opt = self._react_opts.get(PUNG)
        if opt and held >= 2 and holds(opt.condition, Query(self, seat, tile, False)) \
                and not (limits and self._restricted(PUNG, seat) >> tile & 1):
            acts.append(Action(PUNG, seat, tile))
        opt = self._react_opts.get(CHI)
        if opt and limits and self._restricted(CHI, seat) >> tile & 1:
            opt = None
        if opt and T.is_suited(tile) and seat == self.next_active(discarder) \
                and holds(opt.condition, Query(self, seat, tile, False)):
            r = T.rank_of(tile)
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if 1 <= r + a and r + b <= 9:
                    x, y = tile + a, tile + b
                    if x in p.hand and y in p.hand and x not in self.wild_codes and y not in self.wild_codes:
                        acts.append(Action(CHI, seat, tile, (x, y)))
        acts.append(Action(PASS, seat))
        return acts

    def _restricted(self, action: str, seat: int) -> int:
        """Bit mask of the tiles ``tile_restrictions`` (and the last-tiles phase of ``table_events``) forbid
        ``action`` (discard, chi, pung, kong, win) at ``seat``."""
        late = events.last_tiles_mask(self, action) if self.rules.table_events.last_tiles else 0
        if not self.rules.tile_restrictions:
            return late
        facts = declared.TableFacts(self.wild_codes, seat, self.dealer, self.seat_wind(seat), self.round_wind,
                                    self.tag_items, self.revealed_items)
        return late | declared.restricted(self.rules, action, facts)

    def _fu_blocked(self, seat: int, tile: int) -> bool:
        return self.play.fu_flag is not None and tile in self.players[seat].fu_blocked

    # ------------------------------------------------------------------ public API
    def to_act(self) -> list[int]:
        """Seats that must choose an action now, in turn order."""
        if self.stage == OVER:
            return []
        return [s for s in self._legal if s not in self._choices]

    def legal_actions(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now (empty when it has nothing to decide)."""
        if self.stage == OVER or seat in self._choices:
            return []
        return list(self._legal.get(seat, ()))

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` is among its seat's legal actions right now."""
        return self.stage != OVER and action.seat not in self._choices and action in self._legal.get(action.seat, ())

    def apply(self, action: Action) -> None:
        """Apply a legal action; raises :class:`IllegalAction` otherwise."""
        if not self.is_legal(action):
            raise IllegalAction(f"不合法的动作：座位 {action.seat} {action.kind} {action.tile}（阶段 {self.stage}）")
        self.actions_applied += 1
        self.history.append(action)
        if self.stage in prelude.STAGES:
            prelude.apply(self, action)
            return
        if self.stage == declarations.STAGE:
            if declarations.apply_start(self, action):
                self._start_play()
            return
        if self.stage == SELF:
            self._apply_self(action)
            return
        self._choices[action.seat] = action
        options = self._legal[action.seat]
        if action.kind != WIN and action.seat in self._completes:
            waits.record_pass(self.players[action.seat], self.claim_tile)
        if action.kind != WIN and any(a.kind == WIN for a in options) and self.play.fu_flag is not None:
            self.players[action.seat].fu_blocked.add(self.claim_tile)
            self.passed_wins += 1
            self._event("fu_flag", seat=action.seat, tile=self.claim_tile)
        if len(self._choices) == len(self._legal):
            if self.stage == REACT:
                self._resolve_claims()
            else:
                self._resolve_rob()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, as an object (:class:`engine.game.view.SeatView`): bots decide from this."""
        return seat_view(self, seat)

    def observation(self, seat: int) -> dict:
        """What ``seat`` can see, as plain data: its own hand, everyone's melds, discards, flowers and hand sizes."""
        return seat_view(self, seat).to_dict()

    # ------------------------------------------------------------------ save / restore
    def to_dict(self) -> dict:
        """A plain (JSON) save: the rules' mapping, the seed, the prearranged deal if any, the round wind,
        the dealer's streak, the stakes, the 本场 count and the pot carried in, and the action history.

        :meth:`from_dict` replays it; the game is deterministic in these, so the restored game is the same game.
        """
        return {"format": SAVE_FORMAT, "rules": self.rules.to_dict(), "seed": self.seed,
                "wall": self._setup["wall"], "dealer": self._setup["dealer"], "round_wind": self.round_wind,
                "streak": self.streak, "stakes": None if self.stakes is None else list(self.stakes),
                "honba": self.honba, "pot": self.pot_start, "actions": [a.to_dict() for a in self.history]}

    @classmethod
    def from_dict(cls, data: dict, rules: Rules | None = None) -> "Game":
        """The game a :meth:`to_dict` save describes (``rules``: reuse an equal, already loaded rule set).

        Raises :class:`engine.errors.RulesError` for rules that do not load and :class:`GameStateError` for
        anything else that is not a valid save.
        """
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise GameStateError(f"不是 {SAVE_FORMAT} 格式的对局存档")
        loaded = Rules.from_dict(data["rules"])
        if rules is not None and rules != loaded:
            raise GameStateError("存档的规则与给定的规则不同")
        try:
            game = cls(rules or loaded, int(data["seed"]), wall=data.get("wall"), dealer=data.get("dealer"),
                       round_wind=int(data.get("round_wind") or 0), streak=int(data.get("streak") or 0),
                       stakes=data.get("stakes"), honba=int(data.get("honba") or 0),
                       pot=int(data.get("pot") or 0))
            for i, item in enumerate(data.get("actions") or []):
                try:
                    game.apply(Action.from_dict(item))
                except IllegalAction as exc:
                    raise GameStateError(f"存档第 {i} 个动作无法重放：{exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, EngineError):
                raise
            raise GameStateError(f"对局存档不完整：{exc}") from None
        return game

    def copy(self) -> "Game":
        """An independent copy in the same state (rules shared: they are immutable)."""
        return copy.deepcopy(self)

    def all_tiles(self) -> Counter:
        """Every tile of the game wherever it is; equals the deck while the rules hold."""
        c = Counter(self.wall.remaining())
        c.update(self.set_aside)
        for p in self.players:
            c.update(p.hand)
            c.update(p.discards)
            c.update(p.flowers)
            c.update(p.won_tiles)
            for m in p.melds:
                c.update(m.tiles)
        return c

    # ------------------------------------------------------------------ wins
    def win_result(self, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False):
        """The :class:`ScoreResult` of a legal win by ``seat`` on ``tile``, or None.

        For a self-drawn win ``tile`` is already in the hand; otherwise it is added.
        """
        key = (seat, tile, self_drawn, robbing)
        if key in self._win_memo:
            return self._win_memo[key]
        result = self._score(seat, tile, self_drawn, robbing)
        self._win_memo[key] = result
        return result

    def _score(self, seat, tile, self_drawn, robbing):
        p = self.players[seat]
        hand = [t for t in p.hand if not T.is_flower(t)]
        if not self_drawn:
            hand.append(tile)
        if len(hand) + 3 * len(p.melds) != self.rules.win_size:
            return None
        if self.voids[seat] is not None and prelude.holds_void(self, seat, None if self_drawn else tile):
            return None
        counts, wilds = cache.split(hand, self.wild_codes)
        melds = tuple(p.melds)
        # A hand one tile short of winning is ready: the (usually cached) shanten rules most hands out.
        if tile in self.wild_codes:
            wilds -= 1
        else:
            counts[tile] -= 1
        # (declared shapes are not in the shanten tables: with any, only the full win check decides)
        ready = self.win_shapes.patterns or cache.shanten(counts, wilds, len(melds), self.win_shapes) <= 0
        if tile in self.wild_codes:
            wilds += 1
        else:
            counts[tile] += 1
        if not ready or not cache.is_win(counts, wilds, melds, self.win_shapes):
            return None
        ctx = fans.WinContext(
            concealed=tuple(hand), melds=melds, win_tile=tile, wild_codes=self.wild_codes,
            self_drawn=self_drawn, kong_replacement=self_drawn and self.kong_flag,
            last_tile=self.is_last_tile(self_drawn), robbing_kong=robbing,
            first_turn=self._first_turn(seat, self_drawn), seat=seat, dealer=self.dealer,
            flowers=tuple(p.flowers), round_wind=self.round_wind, seat_wind=self.seat_wind(seat),
            fourth_tile=self.visible(tile) - (0 if self_drawn else 1) >= 3,
            kong_discard=not self_drawn and not robbing and self.kong_discard is not None,
            streak=self.streak, honba=self.honba, players_in=len(self.active()), indicator=self.indicator,
            discards=tuple(p.discards), tags=self.tag_items, revealed=self.revealed_items,
            indicators=tuple(self.indicators), hidden_indicators=tuple(self.hidden_indicators),
            **declarations.win_fields(self, seat, self_drawn),
            **waits.context_fields(self, seat, tile, self_drawn, hand, melds))
        result = fans.score_win(self.rules, ctx)
        if result is None or not result.legal:
            return None
        self._ctx_memo[(seat, tile, self_drawn, robbing)] = ctx
        return result

    def seat_wind(self, seat: int) -> int | None:
        """The wind (0 东 … 3 北) of ``seat``: ``game.seating.seat_winds`` by place after the dealer in turn
        order; None (the scorer counts places from the dealer) at a four-player table that declares none."""
        seating = self.rules.seating
        if seating.seat_winds is None and self.n == 4:
            return None
        return seating.wind(seat, self.dealer, self.n, self.step)

    def is_last_tile(self, self_drawn: bool) -> bool:
        """The win is on the wall's last tile: drew it (妙手回春 / 海底捞月 self-drawn), or won the
        discard made after it was drawn (海底捞月 on a discard). One notion for game and scorer."""
        return self.last_tile_flag if self_drawn else not len(self.wall)

    def visible(self, tile: int) -> int:
        """Copies of ``tile`` every player can see: discards and exposed melds (an 暗杠 is face down)."""
        n = 0
        for p in self.players:
            n += p.discards.count(tile)
            for m in p.melds:
                if m.kind != ANKONG:
                    n += m.tiles.count(tile)
        return n

    def _first_turn(self, seat: int, self_drawn: bool) -> bool:
        if self.any_meld or self.players[seat].discarded_once:
            return False
        return self_drawn or self.discard_count == 1

    def _record_win(self, seat: int, tile: int, self_drawn: bool, discarder: int | None,
                    robbing: bool, active: list[int]) -> None:
        result = self.win_result(seat, tile, self_drawn=self_drawn, robbing=robbing)
        if result is None:
            raise IllegalAction(f"座位 {seat} 胡 {T.tile_name(tile)} 不合法")
        ctx = self._ctx_memo.get((seat, tile, self_drawn, robbing))
        pay = list(settlement.win_payments(self.rules, seat, result.total, self_drawn, discarder,
                                           self.dealer, list(active), ctx,
                                           result.pays if self.rules.hand_value is not None else None))
        for s in range(self.n):
            self.payments[s] += pay[s]
        p = self.players[seat]
        concealed = tuple(t for t in p.hand if not T.is_flower(t)) + (() if self_drawn else (tile,))
        info = WinInfo(seat, tile, self_drawn, discarder, robbing, self_drawn and self.kong_flag,
                       self.is_last_tile(self_drawn), self._first_turn(seat, self_drawn),
                       [tuple(f) for f in result.fans], [tuple(d) for d in result.dropped],
                       result.total, pay, concealed, tuple(p.melds), result, tuple(active), ctx)
        self.wins.append(info)
        self._event("win", seat=seat, tile=tile, self_drawn=self_drawn, discarder=discarder,
                    robbing_kong=robbing, fans=info.fans, total=result.total, payments=pay,
                    fan_total=result.fan_total, doubled=self.rules.fan_stacking == "double",
                    bonuses=[tuple(b) for b in result.bonuses],
                    hand=sorted(concealed), melds=[(m.kind, list(m.tiles)) for m in p.melds])
        pot.take(self, seat)

    def _after_wins(self, winners: list[int], origin: int) -> None:
        """Continue or end the game after ``winners`` won (ordered by distance from ``origin``)."""
        if self.blood:
            self._blood_continue(winners, origin)
            return
        if not self.elimination:
            self._end("player_wins")
            return
        for s in winners:
            self.players[s].won = True
        if len(self.active()) <= 1:
            self._end("one_player_left")
            return
        self._begin_turn(self.next_active(winners[-1]))

    def _blood_continue(self, winners: list[int], origin: int) -> None:
        """血流成河: winners stay with their hands locked; the winning tile leaves play."""
        tile = self.wins[-1].tile
        if winners == [origin]:  # self-drawn: the tile is in the winner's hand
            self.players[origin].hand.remove(tile)
        else:  # a discard, or a robbed kong's tile moved to the kong player's discards
            self.players[origin].discards.pop()
        self.players[winners[0]].won_tiles.append(tile)
        for s in winners:
            p = self.players[s]
            p.win_count += 1
            p.locked = True
            p.fu_blocked.clear()
        self._begin_turn(self.next_active(winners[-1]))

    def _pay_kong(self, seat: int, kind: str, tile: int, discarder: int | None = None) -> None:
        """刮风下雨: pay a kong when it is made (``scoring.kong_payments`` and the file's ``when: kong`` payments)."""
        if self.rules.scoring.kong_payments is None and not self._kong_formulas:
            return
        pay = kongpay.kong_payment(self.rules, kind, seat, discarder, self.active())
        for s, v in enumerate(kongpay.declared_kong_payments(self.rules, self._kong_formulas, kind, tile, seat,
                                                             discarder, self.active(), self.dealer, self.step,
                                                             self.wild_codes)):
            pay[s] += v
        record = kongpay.KongRecord(seat, kind, tile, pay)
        self.kongs.append(record)
        for s in range(self.n):
            self.payments[s] += pay[s]
        self._event("kong_pay", seat=seat, kind=kind, tile=tile, payments=list(pay))

    def _transfer_kong(self, winners: list[int]) -> None:
        """呼叫转移: a win on the discard after a kong's replacement takes that kong's income."""
        record = self.kong_discard
        kp = self.rules.scoring.kong_payments
        if record is None or kp is None or not kp.transfer or record.transferred or record.refunded:
            return
        pay = kongpay.transfer(self.rules, record, winners, self.dealer)
        if not any(pay):
            return
        record.transferred = True
        for s in range(self.n):
            self.payments[s] += pay[s]
        self._event("kong_transfer", seat=record.seat, winners=list(winners), tile=record.tile, payments=list(pay))

    def _refund_kongs(self) -> None:
        """退税: at an exhaustive draw, seats still playing that are not ready return their kong income."""
        kp = self.rules.scoring.kong_payments
        if kp is None or not kp.refund or not self.kongs:
            return
        state = hooks.end_state(self)
        pay, seats = kongpay.refund(self.rules, self.kongs, settlement.hook_table(self.rules, state), state.active_seats)
        not_ready = sorted(seats, key=state.active_seats.index)
        result = {"name": kongpay.REFUND, "payments": pay, "details": {"not_ready": not_ready}}
        self.hook_results.append(result)
        for s in range(self.n):
            self.payments[s] += pay[s]
        self._event("hook", **result)

    # ------------------------------------------------------------------ self actions
    def _apply_self(self, a: Action) -> None:
        seat, p = a.seat, self.players[a.seat]
        if a.kind in (LIANG_DAO, DECLARE):
            declarations.declare(self, a)
            a = Action(DISCARD, seat, a.tile)
        if a.kind != WIN:
            self._event(a.kind, seat=seat, tile=a.tile)
        if a.kind == DISCARD:
            p.hand.remove(a.tile)
            p.discards.append(a.tile)
            p.discarded_once = True
            p.fu_blocked.clear()
            waits.record_discard(p, a.tile)
            if not self.any_meld and len(self.opening_discards) < self.n:
                self.opening_discards.append((seat, a.tile))
            self.discard_count += 1
            self.kong_discard = self.kongs[-1] if self.kong_flag and self.kongs and self.kongs[-1].seat == seat else None
            self.kong_flag = False
            self._open_window(REACT, seat, a.tile)
        elif a.kind == WIN:
            active = self.active()
            self._record_win(seat, a.tile, True, None, False, active)
            self._after_wins([seat], seat)
        elif a.kind == AN_KONG:
            for _ in range(4):
                p.hand.remove(a.tile)
            if p.declared:
                p.exposed = [t for t in p.exposed if t != a.tile]
            p.melds.append(Meld(ANKONG, (a.tile,) * 4))
            self.any_meld = True
            self._pay_kong(seat, AN_KONG, a.tile)
            self._kong_draw(seat)
        elif a.kind == BU_KONG:
            self._open_window(ROB, seat, a.tile)

    def _open_window(self, stage: str, seat: int, tile: int) -> None:
        """Ask every other active seat about ``tile`` (a discard, or a kong that may be robbed)."""
        self.stage = stage
        self.claim_tile = tile
        self.claim_from = seat
        self._win_memo.clear()
        self._ctx_memo.clear()
        self._choices = {}
        self._legal = {}
        opt = self._react_opts.get(WIN)
        for s in self.seat_order(seat)[1:]:
            if self.players[s].won:
                continue
            if stage == REACT:
                acts = self._reactions(s, tile, seat)
            else:
                acts = [Action(PASS, s)]
                if opt and self.rob_kong and tile not in self.wild_codes and not self._fu_blocked(s, tile) \
                        and not (self.rules.table_events.last_tiles and events.last_tiles_mask(self, WIN)) \
                        and self.win_result(s, tile, self_drawn=False, robbing=True) is not None \
                        and holds(opt.condition, Query(self, s, tile, False, robbing=True)):
                    acts.insert(0, Action(WIN, s, tile))
            if len(acts) > 1:
                self._legal[s] = acts
        if self.reads_passed:
            self._completes = frozenset(s for s in self.seat_order(seat)[1:]
                                        if not self.players[s].won and waits.completes(self, s, tile))
            for s in self._completes - set(self._legal):  # not asked: the tile goes by
                waits.record_pass(self.players[s], tile)
        if not self._legal:
            if stage == REACT:
                self._begin_turn(self.next_active(seat))
            else:
                self._complete_bu_kong()

    def _complete_bu_kong(self) -> None:
        seat, tile = self.claim_from, self.claim_tile
        p = self.players[seat]
        p.hand.remove(tile)
        i = next(i for i, m in enumerate(p.melds) if m.kind == PUNG_MELD and m.tiles[0] == tile)
        old = p.melds[i]
        p.melds[i] = Meld(KONG, (tile,) * 4, old.claimed, old.from_seat)
        self.any_meld = True
        self.claim_tile = self.claim_from = None
        self._pay_kong(seat, BU_KONG, tile)
        self._kong_draw(seat)

    # ------------------------------------------------------------------ arbitration
    def _priority(self, a: Action) -> int:
        opt = self._react_opts.get(a.kind)
        return opt.priority if opt else 0

    def _winners_of(self, chosen: list[Action], origin: int) -> list[Action]:
        """The claims that take effect under ``priority_policy``."""
        if not chosen:
            return []
        top = max(self._priority(a) for a in chosen)
        best = sorted((a for a in chosen if self._priority(a) == top), key=lambda a: self.distance(origin, a.seat))
        if self.play.priority_policy == "all_winners" and best[0].kind == WIN:
            return [a for a in best if a.kind == WIN]
        return best[:1]

    def _resolve_claims(self) -> None:
        origin, tile = self.claim_from, self.claim_tile
        chosen = [a for a in self._choices.values() if a.kind != PASS]
        taken = self._winners_of(chosen, origin)
        if not taken:
            self._begin_turn(self.next_active(origin))
            return
        first = taken[0]
        if first.kind == WIN:
            active = self.active()
            pot.return_if_won_on(self, origin)
            for a in taken:
                self._event("claim", seat=a.seat, kind=WIN, tile=tile, source=origin)
                self._record_win(a.seat, tile, False, origin, False, active)
            self._transfer_kong([a.seat for a in taken])
            self._after_wins([a.seat for a in taken], origin)
            return
        discarder = self.players[origin]
        discarder.discards.pop()
        p = self.players[first.seat]
        self.any_meld = True
        self._event("claim", seat=first.seat, kind=first.kind, tile=tile, source=origin, tiles=list(first.tiles))
        if first.kind == CHI:
            for t in first.tiles:
                p.hand.remove(t)
            p.melds.append(Meld(CHOW, tuple(sorted(first.tiles + (tile,))), tile, origin))
            self._enter_self(first.seat, None, claimed=True)
        elif first.kind == PUNG:
            p.hand.remove(tile)
            p.hand.remove(tile)
            p.melds.append(Meld(PUNG_MELD, (tile,) * 3, tile, origin))
            self._enter_self(first.seat, None, claimed=True)
        elif first.kind == MING_KONG:
            for _ in range(3):
                p.hand.remove(tile)
            if p.declared:
                p.exposed = [t for t in p.exposed if t != tile]
            p.melds.append(Meld(KONG, (tile,) * 4, tile, origin))
            self._pay_kong(first.seat, MING_KONG, tile, origin)
            self._kong_draw(first.seat)

    def _resolve_rob(self) -> None:
        origin, tile = self.claim_from, self.claim_tile
        chosen = [a for a in self._choices.values() if a.kind == WIN]
        taken = self._winners_of(chosen, origin)
        if not taken:
            self._complete_bu_kong()
            return
        kong_player = self.players[origin]
        kong_player.hand.remove(tile)
        kong_player.discards.append(tile)
        active = self.active()
        for a in taken:
            self._event("claim", seat=a.seat, kind=WIN, tile=tile, source=origin, robbing=True)
            self._record_win(a.seat, tile, False, origin, True, active)
        self._after_wins([a.seat for a in taken], origin)

    # ------------------------------------------------------------------ end
    def _end(self, reason: str) -> None:
        """The play phase ends; run what ``end_conditions`` map ``reason`` to."""
        if self.stage == OVER:
            return  # an immediate win already ended the hand
        self.end_reason = reason
        self._legal = {}
        self._choices = {}
        self.stage = "ending"
        reveal.flip(self, "after_hand")
        if reason == "deck_exhausted":
            self._event("exhausted", remaining=self.active())
        for r in run_pre_hooks(self):
            self.hook_results.append(r)
            for s in range(self.n):
                self.payments[s] += r["payments"][s]
            self._event("hook", **r)
        if reason == "deck_exhausted":
            self._refund_kongs()
        self._settle_items()
        actions = {c.get("type"): c.get("action") for c in self.play.end_conditions}
        target = actions.get(reason) or (actions.get("player_wins") if reason == "one_player_left" else None)
        phase = self._phase(target) if target not in (None,) + END_ACTIONS else None
        if phase is None:
            phase = next((p for p in self.rules.phases if p.type == "auto" and p.action in SETTLE_ACTIONS), None)
        self._run_from(phase)

    def settlement_table(self) -> settlement_items.Table:
        """The table as :mod:`engine.settlement_items` reads it."""
        wins = tuple(settlement_items.WinFacts(
            w.seat, w.self_drawn, w.discarder, w.total, tuple(w.payments), w.concealed, w.melds,
            tuple(n for n, _ in w.fans), w.robbing_kong, w.active or None, w.ctx) for w in self.wins)
        return settlement_items.Table(
            self.n, self.dealer, wins,
            tuple(tuple(t for t in p.hand if not T.is_flower(t)) for p in self.players),
            tuple(tuple(p.melds) for p in self.players), tuple(tuple(p.discards) for p in self.players),
            self.jing[0], self.jing[1], dict(Counter(self.deck)), tuple(self.wall.remaining()),
            tuple(self.opening_discards), self.streak, declarations.stakes(self), self.step, self.end_reason,
            tuple(self.declarations), tuple(dict(p.declarations) for p in self.players), dict(self.revealed),
            tuple(self.voids) if any(v is not None for v in self.voids) else (),
            tuple(s for s in self.active() if not self.players[s].locked))

    def _settle_items(self) -> None:
        """Run the declared ``settlement_items`` and the file's own ``payments`` made after the play; each is an
        ``item`` event with its payments."""
        if not self.rules.settlement_items and not any(p.when != "kong" for p in self.rules.payments):
            return
        for name, res in settlement_items.settle_items(self.rules, self.settlement_table()):
            entry = {"name": name, "payments": list(res.payments), "details": res.details}
            self.item_results.append(entry)
            for s in range(self.n):
                self.payments[s] += res.payments[s]
            self._event("item", **entry)

    def _settle(self) -> None:
        """``calculate_scores``: the payments of every win and hook are final."""
        self._finish()

    def _finish(self) -> None:
        if self.stage == OVER:
            return
        self.stage = OVER
        self._legal = {}
        self.next_dealer = self._next_dealer()
        extra = {"next_dealer": self.next_dealer} if "seating" in (self.rules.raw.get("game") or {}) else {}
        if self.pot:
            extra["pot"] = self.pot
        self._event("end", reason=self.end_reason, payments=list(self.payments),
                    winners=[w.seat for w in self.wins], **extra)

    def _next_dealer(self) -> int:
        """``game.seating.next_dealer``: ``rotate`` — the next seat in turn order; ``stay_on_win`` — the
        dealer keeps the deal after winning or a drawn hand, else the next seat; ``stay_on_win_or_ready`` — the
        same, but after a drawn hand only when the dealer is ready; ``winner`` — the winner
        deals (several winners on one discard: the discarder; 血战: the first winner; a drawn hand: the
        dealer stays)."""
        rule = self.rules.seating.next_dealer
        following = (self.dealer + self.step) % self.n
        winners = [w.seat for w in self.wins]
        if rule == "rotate":
            return following
        if not winners and rule == "stay_on_win_or_ready":
            return self.dealer if self._dealer_ready() else following
        if not winners:
            return self.dealer
        if rule == "winner":
            first = self.wins[0]
            same_discard = [w for w in self.wins if w.discarder is not None and w.discarder == first.discarder
                            and w.tile == first.tile and not w.self_drawn]
            if len(same_discard) > 1 and len(same_discard) == len(self.wins):
                return first.discarder
            return first.seat
        return self.dealer if self.dealer in winners else following

    def _dealer_ready(self) -> bool:
        """The dealer's hand is ready at the end of the hand (``win_condition.ready`` says what ready is)."""
        from engine.payments.names import ready_total

        return ready_total(self.rules, self.settlement_table(), self.dealer) is not None
