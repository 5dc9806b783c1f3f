"""Furiten and the riichi lock, refereed over thousands of simulated riichi hands (issue 33).

riichi.yaml declares furiten as ``win_condition.require`` over the general names ``discarded``, ``waits`` and
``passed(since)`` (spec §26); the flow's legal actions read it, so a bot is never offered a ron it may not
take. The referee here keeps its own account of every seat from the actions played — each discard, each
declined ron, each riichi — and computes waits with the ``mahjong`` package's ``Agari`` (an oracle nobody
here wrote), then checks at every decision:

* no ron (on a discard or a robbed kong) is ever offered to a seat in furiten: one that discarded any of its
  waiting tiles this hand (claimed ones included), one that let a winning tile go (another seat's discard or
  added kong tile completing its hand, yaku or not) since its own last discard, or after its riichi;
* after riichi the concealed hand changes only by drawing and discarding the drawn tile, or by a kong that
  keeps the waits; the seat claims nothing.

The greedy bots decline an offered ron a quarter of the time, in riichi 90% (seeded), so temporary and riichi furiten
happen; the test also requires that each kind of furiten refused a ron the hand's shape completed.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import riichi_hands as H  # noqa: E402

pytest.importorskip("mahjong")

from mahjong.agari import Agari  # noqa: E402

from engine.game import Game  # noqa: E402
from engine.game.actions import AN_KONG, BU_KONG, DECLARE, DISCARD, MING_KONG, PASS, WIN  # noqa: E402
from engine.simulation.bots import make_bot  # noqa: E402
from engine.simulation.invariants import Checker  # noqa: E402

HANDS = int(__import__("os").environ.get("RIICHI_REFEREE_HANDS", "2000"))
DECLINE = 0.25
#: a seat in riichi declines more often, so riichi furiten (a declined ron after riichi) happens
DECLINE_RIICHI = 0.9
RIICHI = ("立直", "两立直")
#: engine tile code -> the package's 34-index
INDEX = {code: i for i, code in enumerate(H.CODE)}
_AGARI = Agari()


def package_waits(concealed: list[int]) -> frozenset[int]:
    """The engine codes that complete ``concealed`` (3k+1 tiles, melds left out) by the package's Agari."""
    counts = [0] * 34
    for t in concealed:
        counts[INDEX[t]] += 1
    out = set()
    for i in range(34):
        if counts[i] >= 4:
            continue
        counts[i] += 1
        if _AGARI.is_agari(counts):
            out.add(H.CODE[i])
        counts[i] -= 1
    return frozenset(out)


class Referee:
    """Every seat's account, kept from the actions the game applies (not from the engine's own records)."""

    def __init__(self, game: Game):
        n = game.n
        self.discarded = [[] for _ in range(n)]
        self.passed = [False] * n          # let a winning tile go since its own last discard
        self.riichi = [False] * n
        self.riichi_passed = [False] * n   # let a winning tile go after its riichi
        self.window = -1                   # the discard (or added kong) whose claims are open
        self.pending: set[int] = set()     # seats that window's tile completes
        self.pending_kinds: dict[int, list[str]] = {}
        self.discards_seen = 0
        self.lock: list[Counter | None] = [None] * n
        self.lock_waits: list[frozenset | None] = [None] * n
        self.offers_checked = 0
        self.refused = Counter()           # furiten kind -> rons refused on a tile that completes the shape
        self.kongs_after_riichi = 0

    def furiten(self, game: Game, seat: int) -> list[str]:
        """The kinds of furiten ``seat`` is in now (by the referee's account)."""
        waits = package_waits(game.players[seat].hand)
        kinds = []
        if waits & set(self.discarded[seat]):
            kinds.append("discards")
        if self.passed[seat]:
            kinds.append("temporary")
        if self.riichi_passed[seat]:
            kinds.append("riichi")
        return kinds

    def opening(self, game: Game, action) -> None:
        """``action`` (about to be applied) discards a tile or adds one to a kong: the seats whose hand that
        tile completes (by the package) let it go unless they win on it."""
        self.commit()
        if action.kind not in (DISCARD, DECLARE, BU_KONG):
            return
        self.discards_seen += 1
        self.window = self.discards_seen
        self.pending = {s for s in range(game.n) if s != action.seat
                        and action.tile in package_waits(game.players[s].hand)}
        self.pending_kinds = {s: self.furiten(game, s) for s in self.pending}

    def opened(self, game: Game, tile: int) -> None:
        """The window for ``tile`` is open (or was skipped: nobody had more than pass): every seat ``tile``
        completes is offered the ron exactly when it is not in furiten — a refusal is counted by kind."""
        for s in self.pending:
            legal = game.legal_actions(s) if game.stage in ("react", "rob") and game.claim_tile == tile else []
            offered = any(a.kind == WIN for a in legal)
            kinds = self.pending_kinds[s]
            assert not (offered and kinds), f"座位 {s} 振听（{kinds}）却可以荣和 {tile}"
            for k in kinds:
                self.refused[k] += 1

    def commit(self) -> None:
        """The open window is over: its tile went by every pending seat (a seat that won ended the hand)."""
        for s in self.pending:
            self.passed[s] = True
            if self.riichi[s]:
                self.riichi_passed[s] = True
        self.pending = set()

    def before(self, game: Game, seat: int, legal: list) -> None:
        """Check the actions ``seat`` is offered now."""
        p = game.players[seat]
        if game.stage not in ("react", "rob"):
            self.commit()
        if game.stage in ("react", "rob"):
            tile = game.claim_tile
            kinds = self.furiten(game, seat)
            offered = any(a.kind == WIN for a in legal)
            if offered:
                self.offers_checked += 1
                assert not kinds, (f"座位 {seat} 振听（{kinds}）却可以荣和 {tile}："
                                   f"手牌 {sorted(p.hand)}，打出过 {self.discarded[seat]}")
            if self.riichi[seat]:
                assert all(a.kind in (WIN, PASS) for a in legal), f"立直后不能鸣牌：{legal}"
        elif game.stage == "self" and self.riichi[seat]:
            for a in legal:
                assert a.kind in (WIN, DISCARD, AN_KONG), f"立直后只能摸打、自摸或暗杠：{a}"
                if a.kind == DISCARD:
                    assert a.tile == game.drawn, f"立直后只能打出摸到的牌：{a}，摸到 {game.drawn}"

    def after(self, game: Game, action, offered: list, stage: str) -> None:
        """Account for ``action`` (chosen among ``offered`` at ``stage``)."""
        seat = action.seat
        if action.kind in (DISCARD, DECLARE):
            self.discarded[seat].append(action.tile)
            self.passed[seat] = False
            if action.kind == DECLARE and action.name in RIICHI:
                self.riichi[seat] = True
                self.lock[seat] = Counter(game.players[seat].hand)
                self.lock_waits[seat] = package_waits(game.players[seat].hand)
        if self.riichi[seat] and action.kind in (AN_KONG, MING_KONG, BU_KONG):
            self.kongs_after_riichi += 1
            assert action.kind == AN_KONG, f"立直后只能暗杠：{action}"
            hand = list(game.players[seat].hand)
            if game.stage == "self" and game.turn == seat and game.drawn in hand:
                hand.remove(game.drawn)  # the replacement tile
            assert package_waits(hand) == self.lock_waits[seat], f"立直后的杠改变了听牌：{action}"
            self.lock[seat] = Counter(hand)
        for s, lock in enumerate(self.lock):
            if lock is not None and not game.over:
                extra = Counter(game.players[s].hand) - lock
                allowed = 1 if game.stage == "self" and game.turn == s else 0
                assert sum(extra.values()) <= allowed and not (lock - Counter(game.players[s].hand)), \
                    f"座位 {s} 立直后手牌变了：{sorted(game.players[s].hand)}，立直时 {sorted(lock.elements())}"


def play(rules, seed: int, referee_totals: Counter) -> Referee:
    game = Game(rules, seed)
    bots = [make_bot("greedy", seed * 4 + s + 1) for s in range(game.n)]
    rng = random.Random(seed)
    ref = Referee(game)
    checker = Checker(game)
    while not game.over:
        for s in game.to_act():
            legal = game.legal_actions(s)
            ref.before(game, s, legal)
            view = game.view(s)
            action = bots[s].choose(view, s, list(view.legal_actions))
            if action.kind == WIN and game.stage in ("react", "rob") \
                    and rng.random() < (DECLINE_RIICHI if ref.riichi[s] else DECLINE):
                action = next(a for a in legal if a.kind == PASS)
            stage = game.stage
            if stage == "self":
                ref.opening(game, action)
            game.apply(action)
            ref.after(game, action, legal, stage)
            if stage == "self" and action.kind in (DISCARD, DECLARE, BU_KONG):
                ref.opened(game, action.tile)
            assert checker.check() is None, checker.check()
            if game.over:
                break
    referee_totals["riichi"] += sum(ref.riichi)
    return ref


def test_no_ron_is_offered_in_furiten_and_riichi_locks_the_hand():
    rules = H.load_rules()
    totals = Counter()
    refused = Counter()
    offers = kongs = 0
    for seed in range(HANDS):
        ref = play(rules, seed, totals)
        refused.update(ref.refused)
        offers += ref.offers_checked
        kongs += ref.kongs_after_riichi
    # not vacuous: riichi is declared, rons are offered, and every kind of furiten refused a ron
    print(f"{HANDS} hands: {totals['riichi']} riichi, {offers} rons offered and refereed, {kongs} kongs after riichi, "
          f"rons refused by furiten: {dict(refused)}")
    assert totals["riichi"] >= HANDS // 20, totals
    assert offers >= HANDS // 2, offers
    assert refused["discards"] > 0 and refused["temporary"] > 0 and refused["riichi"] > 0, refused
