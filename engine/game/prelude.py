"""Phases before play: 换三张 (``type: exchange_three``) and 定缺 (``type: declare_void``).

Both are simultaneous decisions: every seat chooses, then the phase resolves and the flow
runs the phase named by ``next``. The flow (:class:`engine.game.flow.Game`) delegates here
while its stage is one of :data:`STAGES`.

* **换三张**: each seat passes three tiles of one suit (the legal actions are every distinct
  choice of three tiles of a suit it holds at least three of). ``direction``: ``next`` (下家),
  ``previous`` (上家), ``opposite`` (对家, four players only), ``dice`` (two dice from the game's
  seed: with four players sum mod 3 = 1 下家, 2 上家, 0 对家; with three, odd 下家, even 上家) or
  ``chosen`` (the dealer first chooses among those directions). All tiles move at once; the events
  record what each seat gave and received. With two players every direction is the other seat.
* **定缺**: each seat declares one of 万, 条, 筒 as its void suit (``game.voids``). From then on
  the flow offers no 碰/杠 of a void-suit tile, a hand holding a void-suit tile (concealed or
  melded) cannot win, and 查花猪 counts a seat still holding its void suit as 花猪.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine import tiles as T
from engine.defaults import default
from engine.errors import Problem
from engine.capabilities import register
from engine.game.actions import DIRECTION_NAMES, PRELUDE_ACTIONS, Action, ActionKind

EXCHANGE_STAGE, VOID_STAGE, DIRECTION_STAGE = "exchange", "void", "direction"
#: the documented default of an exchange phase's ``direction`` (the spec's phase schema block).
EXCHANGE_DIRECTION = "phases[type=exchange_three].direction"
STAGES = (EXCHANGE_STAGE, VOID_STAGE, DIRECTION_STAGE)
PHASE_TYPES = ("exchange_three", "declare_void")
DIRECTIONS = ("next", "previous", "opposite", "dice", "chosen")
#: fixed directions as direction codes (:data:`engine.game.actions.DIRECTION_NAMES`: 1 下家, 2 对家, 3 上家).
CODES = {"next": 1, "opposite": 2, "previous": 3}

EXCHANGE, DECLARE_VOID, CHOOSE_DIRECTION = "exchange_three", "declare_void", "choose_direction"
PRELUDE_ACTIONS[EXCHANGE] = ActionKind(EXCHANGE, "换三张", "交出同一门花色的三张牌")
PRELUDE_ACTIONS[DECLARE_VOID] = ActionKind(DECLARE_VOID, "定缺", "宣布一门缺门（万、条、筒之一）")
PRELUDE_ACTIONS[CHOOSE_DIRECTION] = ActionKind(CHOOSE_DIRECTION, "换牌方向", "庄家选择换三张的方向")

register("phase.exchange_three", "换三张", "发牌后每家交出同一门的三张牌：给下家、上家、对家，掷骰决定或庄家选择", "0.1.0", __name__)
register("phase.declare_void", "定缺", "每家宣布一门缺门：缺门的牌不能碰杠，手里有缺门牌不能胡，荒庄时仍有缺门牌为花猪", "0.1.0", __name__)


def check_phase(phase, index: int, players: int = 4) -> Problem | None:
    """A problem with a prelude phase's options (at ``phases[index].direction``), or None."""
    if phase.type == "exchange_three":
        d = phase.options.get("direction", default(EXCHANGE_DIRECTION))
        if d not in DIRECTIONS:
            return Problem(("phases", index, "direction"), f"不支持 {d!r}（{'/'.join(DIRECTIONS)}）")
        if d == "opposite" and players == 3:
            return Problem(("phases", index, "direction"), "三人麻将没有对家，不能换给对家（用 next / previous / dice / chosen）")
    return None


def codes(players: int) -> tuple[int, ...]:
    """The distinct direction codes a table of ``players`` has (下家, then 对家 with four, then 上家)."""
    return {2: (1,), 3: (1, 3)}.get(players, (1, 2, 3))


def seat_offset(code: int, players: int) -> int:
    """How many seats on, in turn order, the direction ``code`` points at a table of ``players``."""
    return {1: 1, 2: players // 2, 3: players - 1}[code]


def dice_code(dice: tuple[int, int], players: int) -> int:
    """The direction two dice give: four players sum mod 3 (1 下家, 2 上家, 0 对家), three players
    odd 下家 / even 上家, two players always the other seat."""
    if players == 4:
        return {1: 1, 2: 3, 0: 2}[sum(dice) % 3]
    return codes(players)[sum(dice) % 2 - 1] if players == 3 else 1


def start(game, phase) -> None:
    """Open the decisions of ``phase`` (an exchange_three or declare_void phase)."""
    game._choices = {}
    game._prelude_phase = phase
    if phase.type == "declare_void":
        game.stage = VOID_STAGE
        game._legal = {s: [Action(DECLARE_VOID, s, None, (suit,)) for suit in T.SUITS] for s in game.seat_order(game.dealer)}
        return
    direction = phase.options.get("direction", default(EXCHANGE_DIRECTION))
    if direction == "dice":
        dice = (game.rng.randint(1, 6), game.rng.randint(1, 6))
        code = dice_code(dice, game.n)
        game._event("dice", purpose="exchange", dice=list(dice), direction=DIRECTION_NAMES[code])
        _open_exchange(game, code)
    elif direction == "chosen":
        game.stage = DIRECTION_STAGE
        game._legal = {game.dealer: [Action(CHOOSE_DIRECTION, game.dealer, None, (k,)) for k in codes(game.n)]}
    else:
        _open_exchange(game, CODES[direction])


def exchange_options(hand: list[int], seat: int) -> list[Action]:
    """Every distinct choice of three tiles of one suit from ``hand``."""
    out = []
    for suit in T.SUITS:
        tiles = sorted(t for t in hand if T.is_suited(t) and T.suit_of(t) == suit)
        if len(tiles) >= 3:
            for combo in sorted(set(combinations(tiles, 3))):
                out.append(Action(EXCHANGE, seat, None, combo))
    return out


def _open_exchange(game, code: int) -> None:
    game.stage = EXCHANGE_STAGE
    game.exchange_offset = code
    game._choices = {}
    legal = {}
    for s in game.seat_order(game.dealer):
        acts = exchange_options(game.players[s].hand, s)
        if acts:
            legal[s] = acts
    if len(legal) < game.n:  # some seat holds no three of a suit (impossible with 13 tiles of 3 suits)
        game._event("exchange_skipped", reason="有玩家没有同一门的三张牌")
        _next(game)
        return
    game._legal = legal


def apply(game, action: Action) -> None:
    """Record a prelude decision; resolve the phase once every seat has chosen."""
    game._choices[action.seat] = action
    if len(game._choices) < len(game._legal):
        return
    if game.stage == DIRECTION_STAGE:
        code = action.tiles[0]
        game._event("exchange_direction", seat=action.seat, direction=DIRECTION_NAMES[code])
        _open_exchange(game, code)
        return
    if game.stage == EXCHANGE_STAGE:
        _resolve_exchange(game)
    else:
        for s, a in sorted(game._choices.items()):
            game.voids[s] = a.tiles[0]
        game._event("void", voids=list(game.voids))
    _next(game)


def _resolve_exchange(game) -> None:
    given = {s: a.tiles for s, a in game._choices.items()}
    for s, tiles in given.items():
        for t in tiles:
            game.players[s].hand.remove(t)
    moves = []
    for s, tiles in sorted(given.items()):
        to = game.seat_order(s)[seat_offset(game.exchange_offset, game.n)]
        game.players[to].hand.extend(tiles)
        game.exchanged[to]["received"] = list(tiles)
        game.exchanged[s]["gave"] = list(tiles)
        game.exchanged[s]["to"] = to
        moves.append({"seat": s, "to": to, "tiles": list(tiles)})
    game._event("exchange", direction=DIRECTION_NAMES[game.exchange_offset], moves=moves)


def _next(game) -> None:
    phase = game._prelude_phase
    game._prelude_phase = None
    game._choices = {}
    game._legal = {}
    game._run_from(game._phase(phase.next) if phase.next else None)


# --- effects of 定缺 during play -------------------------------------------------------

def holds_void(game, seat: int, extra: int | None = None) -> bool:
    """True when ``seat`` declared a void suit and still holds a tile of it (concealed, melded or ``extra``)."""
    void = game.voids[seat]
    if void is None:
        return False
    p = game.players[seat]
    lo, hi = 10 * void, 10 * void + 10  # the void suit's tiles are lo+1 … lo+9 (see engine.tiles)
    if extra is not None and lo < extra < hi:
        return True
    wild = game.wild_codes
    for t in p.hand:
        if lo < t < hi and t not in wild:
            return True
    return any(lo < m.tiles[0] < hi for m in p.melds)


def void_tile(game, seat: int, tile: int) -> bool:
    """True when ``tile`` is of the suit ``seat`` declared void (it may not claim or kong it)."""
    void = game.voids[seat]
    return void is not None and T.is_suited(tile) and T.suit_of(tile) == void


def suit_counts(hand) -> Counter:
    """Suited tiles held per suit (0 万, 1 条, 2 筒)."""
    return Counter(T.suit_of(t) for t in hand if T.is_suited(t))
