"""Playing whole games with bots, checking invariants after every action.

Game ``k`` of a run with seed ``S`` is played with :func:`game_seed` ``(S, k)``.
Games come in series of :data:`SERIES` (games ``0…7``, ``8…15`` …): the first game of a
series starts afresh (dealer by ``game.seating.first_dealer``, no 连庄 streak); each later
one is dealt by the seat the previous game named (``game.seating.next_dealer``) and carries
the dealer's streak of consecutive wins (连庄, settlement item ``lian_zhuang``), the 本场 count
(``honba``) and the table pot a drawn hand left (declarations' ``deposit``) — see :func:`follow`. A run's
statistics depend only on (rules, seed, games, bot) as long as chunks start on a series
boundary (:func:`run_chunk` replays the head of a series it starts inside, so even a
misaligned chunk gives the same games).
"""

from __future__ import annotations

import hashlib
from typing import Callable, NamedTuple

from engine.simulation.bots import make_bot
from engine.game import declarations
from engine.game.flow import Game
from engine.simulation.invariants import Checker
from engine.simulation.record import GameRecord, Stats
from engine.rules import Rules


#: games per series: the dealer and the 连庄 streak carry over inside a series.
SERIES = 8


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed`` (64 bits of SHA-256)."""
    digest = hashlib.sha256(f"dslgen:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(rules: Rules, seed: int, bot: str = "greedy", *, index: int = 0, run_seed: int | None = None,
              keep_events: bool = False, wall: list[int] | None = None, dealer: int | None = None,
              streak: int = 0, honba: int = 0, pot: int = 0,
              observer: Callable[[Game], None] | None = None) -> GameRecord:
    """Play one game with four ``bot`` players; never raises for a game-level failure.

    ``seed`` seeds the game (shuffle, dealer) and, derived from it, each bot. A
    violated invariant, an illegal bot choice or an exception inside the engine
    ends the game with ``record.error`` set (``seed`` is ``run_seed`` when given,
    so the error names the run's seed and ``index``). ``observer(game)``, when
    given, is called once after the deal and after every applied action. ``dealer``,
    ``streak`` (the dealer's consecutive wins before this hand), ``honba`` and ``pot`` come from
    the previous game of a series (:func:`follow`).
    """
    rec = GameRecord(index=index, seed=seed, streak=streak, honba=honba, pot=pot)
    action_index = 0
    game = None
    try:
        game = Game(rules, seed, wall=wall, dealer=dealer, streak=streak, honba=honba, pot=pot)
        rec.dealer = game.dealer
        bots = [make_bot(bot, (seed * 4 + s + 1) & 0xFFFFFFFFFFFFFFFF) for s in range(game.n)]
        checker = Checker(game)
        if observer:
            observer(game)
        msg = checker.check()
        while msg is None and not game.over:
            seats = game.to_act()
            if not seats:
                msg = "没有玩家可以行动，但对局未结束"
                break
            for s in seats:
                view = game.view(s)  # a bot sees what its seat may see, never the game
                action = bots[s].choose(view, s, list(view.legal_actions))
                if not game.is_legal(action):
                    msg = f"only_legal_actions: 座位 {s} 选择了不合法的动作 {action}"
                    break
                game.apply(action)
                action_index += 1
                if observer:
                    observer(game)
                msg = checker.check()
                if msg or game.over:
                    break
        if msg is None and not game.over:
            msg = "对局未结束"
    except Exception as exc:  # noqa: BLE001 - any engine failure becomes a recorded error
        msg = f"exception: {type(exc).__name__}: {exc}"
    if game is not None:
        rec.length = game.actions_applied
        rec.end_reason = game.end_reason
        rec.next_dealer = game.next_dealer
        rec.pot_left = game.pot
        rec.payments = list(game.payments)
        rec.hooks = [dict(h) for h in game.hook_results]
        rec.kongs = [{"seat": k.seat, "kind": k.kind, "income": k.income, "transferred": k.transferred}
                     for k in game.kongs]
        rec.passed_wins = game.passed_wins
        rec.items = [dict(i) for i in game.item_results]
        rec.openings = [dict(o) for o in game.opening_results]
        rec.declarations = list(game.declarations)
        own = declarations.own_names(rules)
        rec.declared = [[p.seat, name, value] for p in game.players for name, value in p.declarations.items()
                        if name in own]
        rec.wins = [
            {"seat": w.seat, "total": w.total, "fans": [n for n, _ in w.fans], "self_drawn": w.self_drawn,
             "discarder": w.discarder, "robbing_kong": w.robbing_kong, "payments": list(w.payments)}
            for w in game.wins
        ]
        if keep_events:
            rec.events = list(game.events)
    if msg is not None:
        rec.error = {"game": index, "seed": seed if run_seed is None else run_seed, "game_seed": seed,
                     "action_index": action_index, "message": msg}
    return rec


class Carry(NamedTuple):
    """What a game of a series hands the next one: its dealer (None: start afresh), the 连庄 streak, the
    本场 count and the table pot."""

    dealer: int | None
    streak: int = 0
    honba: int = 0
    pot: int = 0


def follow(rec: GameRecord) -> Carry:
    """What the game after ``rec`` in its series starts with.

    The next dealer is the one the game named (``next_dealer``). The streak counts the dealer's
    consecutive wins: it grows by one when the dealer won and keeps the seat, stays when the
    dealer keeps the seat without winning (荒庄), and restarts at 0 with a new dealer. The 本场
    count grows by one after a hand without a win or one the dealer won, and restarts at 0 after
    a hand only other seats won. The pot a hand left (no winner took it) is carried. A failed
    game (or one naming no dealer) ends the chain: the next game starts afresh."""
    if rec.error is not None or rec.next_dealer is None:
        return Carry(None)
    dealer_won = any(w["seat"] == rec.dealer for w in rec.wins)
    honba = rec.honba + 1 if dealer_won or not rec.wins else 0
    if rec.next_dealer != rec.dealer:
        return Carry(rec.next_dealer, 0, honba, rec.pot_left)
    return Carry(rec.dealer, rec.streak + 1 if dealer_won else rec.streak, honba, rec.pot_left)


def series_games(rules: Rules, seed: int, start: int, stop: int, bot: str, **kw):
    """Yield the records of games ``start`` … ``stop - 1`` as the run plays them (series-chained);
    the games of ``start``'s series before it are played, not yielded."""
    first = start - start % SERIES
    carry = Carry(None)
    for k in range(first, stop):
        if k % SERIES == 0:
            carry = Carry(None)
        rec = play_game(rules, game_seed(seed, k), bot, index=k, run_seed=seed, dealer=carry.dealer,
                        streak=carry.streak, honba=carry.honba, pot=carry.pot, **(kw if k == stop - 1 else {}))
        if k >= start:
            yield rec
        carry = follow(rec)


def run_chunk(rules: Rules, seed: int, start: int, stop: int, bot: str = "greedy") -> Stats:
    """Statistics of games ``start`` … ``stop - 1`` of the run seeded ``seed`` (series-chained)."""
    stats = Stats()
    for rec in series_games(rules, seed, start, stop, bot):
        stats.add(rec)
    return stats


def replay_game(rules: Rules, seed: int, index: int, bot: str = "greedy", *, keep_events: bool = True,
                observer: Callable[[Game], None] | None = None) -> GameRecord:
    """Game ``index`` of the run seeded ``seed`` exactly as the run played it: the earlier games of its
    series are played first for its dealer, 连庄 streak, 本场 count and pot (``dslgen replay``)."""
    return list(series_games(rules, seed, index, index + 1, bot, keep_events=keep_events, observer=observer))[-1]
