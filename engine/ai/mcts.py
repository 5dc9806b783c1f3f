"""``mcts``: information-set Monte Carlo tree search over the engine's own game, for any rule file.

Each deal gives the tiles the seat cannot see to a game consistent with its view
(:class:`engine.ai.determinize.Determinizer`). On every deal each searched root action is played
once, with the same rollout seeds (common random numbers, so actions are compared on the same luck);
the seat's later decisions, down to ``tree_depth``, follow a tree searched with UCB1 over availability
counts (single-observer ISMCTS), one node expanded per rollout. Rollouts play every seat with
:class:`engine.ai.rollout.RolloutBot` (greedy with a cheaper discard tie-break) for at most ``horizon``
actions. The return is the seat's payments from the decision on (wins, kongs, 查叫 … settled by the
engine) plus, when the horizon stops the game before its end, the estimated worth of the seat's hand
(:func:`engine.ai.value.win_chance` times the mean win seen in this search). The action with the best
mean return is chosen, but the default policy's (``greedy``'s) choice is left only for an action whose
paired advantage over it exceeds ``MARGIN`` standard errors; the confidence is the share of deals on
which the chosen action did best.

The search uses only ``legal_actions`` / ``apply`` / ``copy`` of :class:`engine.game.flow.Game`, so
血战 / 血流 (several winners, play going on), 亮倒, 换三张 / 定缺, two- and three-player tables and any
declared shape or fan play as the rule file says. A win offered is always taken, the prelude's
choices (换三张, 定缺) are ``greedy``'s, and only discards as near to ready as the best one are searched
(:func:`engine.ai.value.candidates`); everything else is searched.

Budget: ``iterations`` (deterministic for a seed) and/or ``time_budget`` seconds / an absolute
``deadline`` on ``time.perf_counter()`` (then the number of iterations depends on the machine).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from engine.errors import EngineError
from engine.ai import value
from engine.ai.determinize import Determinizer, is_searchable
from engine.game.actions import WIN, Action
from engine.ai.rollout import RolloutBot
from engine.simulation.bots import GreedyBot, bot


@dataclass
class Node:
    """One decision of the searching seat: statistics of the action that led here and its children."""

    visits: int = 0
    total: float = 0.0
    #: iterations in which the action leading here was legal (ISMCTS availability)
    avail: int = 0
    children: dict = field(default_factory=dict)

    @property
    def mean(self) -> float:
        """Mean return of the iterations through this node."""
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Decision:
    """What one search decided: the action, its confidence (share of deals it did best on), the rollouts run,
    the iterations whose model failed (0 for a consistent view) and each searched action's visits and mean."""

    action: Action
    confidence: float
    iterations: int = 0
    failed: int = 0
    searched: list = field(default_factory=list)
    reason: str = "search"

    def to_dict(self) -> dict:
        """Plain form for JSON."""
        return {"action": self.action.to_dict(), "confidence": round(self.confidence, 4),
                "iterations": self.iterations, "failed": self.failed, "reason": self.reason,
                "searched": [{"action": a.to_dict(), "visits": n, "mean": round(m, 4)} for a, n, m in self.searched]}


def _better(ours: list[float], theirs: list[float], margin: float) -> bool:
    """True when the paired differences ``ours - theirs`` have a mean above ``margin`` standard errors."""
    diffs = [a - b for a, b in zip(ours, theirs)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean > 0 and margin <= 0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * math.sqrt(var / n)


@bot("mcts")
class MctsBot:
    """Information-set MCTS (see the module docstring); ``greedy`` is its default and rollout policy."""

    ITERATIONS = 48
    HORIZON = 24
    EXPLORATION = 0.7
    TREE_DEPTH = 2
    #: discards searched besides the default policy's
    CANDIDATES = 5
    #: the default policy's choice is left only for an action better by this many standard errors
    MARGIN = 2.0

    def __init__(self, seed: int, *, iterations: int | None = None, time_budget: float | None = None,
                 horizon: int | None = None, tree_depth: int | None = None, candidates: int | None = None):
        self.rng = random.Random(seed)
        self.iterations = self.ITERATIONS if iterations is None and time_budget is None else iterations
        self.time_budget = time_budget
        self.horizon = self.HORIZON if horizon is None else horizon
        self.tree_depth = self.TREE_DEPTH if tree_depth is None else tree_depth
        self.limit = self.CANDIDATES if candidates is None else candidates
        #: the seat's own greedy player: the default choice, and the plan it keeps over the game
        self.greedy = GreedyBot(self.rng.getrandbits(64))
        #: the last :class:`Decision` (for callers that report confidence and effort)
        self.last: Decision | None = None
        #: an absolute ``time.perf_counter()`` deadline for the next decision (set by a caller), or None
        self.deadline: float | None = None
        #: per seat, the rollout players' ready-hand cache, kept over the game (same seat, dealer and rules)
        self._memos: dict[int, dict] = {}

    def choose(self, view, seat: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` for ``seat`` by search."""
        self.last = self.decide(view, legal)
        return self.last.action

    def decide(self, view, legal: list[Action]) -> Decision:
        """Search the decision ``view`` is at; ``legal`` are the seat's legal actions (the view's)."""
        seat = view.seat
        default = self.greedy.choose(view, seat, legal)
        if len(legal) == 1:
            return Decision(legal[0], 1.0, reason="only")
        win = next((a for a in legal if a.kind == WIN), None)
        if win is not None:
            return Decision(win, 1.0, reason="win")
        if not is_searchable(view):
            return Decision(default, 1.0, reason="prelude")
        options = value.candidates(view, legal, default, self._limit())
        if len(options) == 1:
            return Decision(default, 1.0, reason="only")
        return self._search(view, legal, options, default)

    def _limit(self) -> int:
        """Discards searched besides the default: fewer under a small iteration budget, so that each
        searched action is played on at least three deals."""
        if self.iterations is None:
            return self.limit
        return max(0, min(self.limit, self.iterations // 3 - 1))

    # -- the search ----------------------------------------------------------
    def _search(self, view, legal, options: list[Action], default: Action) -> Decision:
        det = Determinizer(view)
        root = Node()
        full_wall = max(1, len(view.rules.deck()) - sum(p.hand_size for p in view.players))
        stop = self.deadline
        if self.time_budget is not None:
            mine = time.perf_counter() + self.time_budget
            stop = mine if stop is None else min(stop, mine)
        self.deadline = None
        base = self.rng.getrandbits(64)
        stats = {"unit": 0.0, "wins": 0, "failed": 0}
        returns: dict[Action, list[float]] = {a: [] for a in options}
        done = deals = 0
        while self.iterations is None or done < self.iterations:
            if stop is not None and deals and time.perf_counter() >= stop:
                break
            unit = stats["unit"] if stats["wins"] else 1.0
            row = []
            for a in options:  # every root action on the same deal and the same rollout seeds
                if stop is not None and deals and time.perf_counter() >= stop:
                    break
                rng = random.Random((base + deals) & 0xFFFFFFFFFFFFFFFF)
                try:
                    row.append(self._iterate(det.sample(rng), view.seat, root, a, rng, full_wall, stats, unit))
                except (EngineError, IndexError, ValueError, KeyError):
                    stats["failed"] += 1  # a determinization the engine could not play on: drop the deal
                    row = []
                    break
                done += 1
            deals += 1
            if len(row) == len(options):
                for a, r in zip(options, row):
                    returns[a].append(r)
        n = len(returns[default])
        if not n:
            return Decision(default, 0.0, done, stats["failed"], [], "fallback")
        means = {a: sum(rs) / n for a, rs in returns.items()}
        order = {a: i for i, a in enumerate(options)}
        best = max(options, key=lambda a: (means[a], a == default, -order[a]))
        if best != default and not _better(returns[best], returns[default], self.MARGIN):
            best = default
        top = sum(1 for d in range(n) if returns[best][d] >= max(returns[a][d] for a in options))
        searched = [(a, root.children[a].visits if a in root.children else 0, means[a]) for a in options]
        return Decision(best, top / n, done, stats["failed"], searched)

    def _iterate(self, game, seat: int, root: Node, first: Action, rng: random.Random,
                 full_wall: int, stats: dict, unit: float) -> float:
        """One rollout from ``game`` with the seat's first action ``first``; the seat's later decisions
        (down to ``tree_depth``) by UCB1 over the tree under ``root``. Returns the seat's return."""
        players = [RolloutBot(rng.getrandbits(64), self._memos.setdefault(s, {})) for s in range(game.n)]
        path: list[Node] = []
        node: Node | None = root
        depth = 0
        start = game.actions_applied
        while not game.over and game.actions_applied - start < self.horizon:
            s = game.to_act()[0]
            legal = game.legal_actions(s)
            if s == seat and node is not None and depth < self.tree_depth and len(legal) > 1:
                if depth == 0:
                    action, child = first, root.children.setdefault(first, Node())
                    child.avail += 1
                else:
                    view = game.view(s)
                    default = players[s].choose(view, s, legal)
                    if any(a.kind == WIN for a in legal):
                        choices = [next(a for a in legal if a.kind == WIN)]
                    else:
                        choices = value.candidates(view, legal, default, self._limit())
                    action, child = self._select(node, choices)
                fresh = child.visits == 0 and depth > 0
                path.append(child)
                depth += 1
                node = None if fresh else child  # below a fresh leaf the policy plays on
                game.apply(action)
                continue
            view = game.view(s)
            game.apply(players[s].choose(view, s, legal))
        ret = float(game.payments[seat])
        if game.over:
            for w in game.wins:
                gain = w.payments[w.seat]
                if gain > 0:
                    stats["wins"] += 1
                    stats["unit"] += (gain - stats["unit"]) / stats["wins"]
        else:
            ret += unit * value.win_chance(game.view(seat), seat, len(game.wall), full_wall)
        for n in path:
            n.visits += 1
            n.total += ret
        root.visits += 1
        return ret

    def _select(self, node: Node, choices: list[Action]) -> tuple[Action, Node]:
        """The action and child to follow among ``choices`` (legal here): the first untried one, else by
        UCB1 over availability."""
        for a in choices:
            child = node.children.get(a)
            if child is not None:
                child.avail += 1
        for a in choices:
            if a not in node.children:
                child = node.children[a] = Node(avail=1)
                return a, child
        scale = max((abs(c.mean) for c in node.children.values() if c.visits), default=1.0) or 1.0
        best, best_score = None, -math.inf
        for a in choices:
            c = node.children[a]
            score = c.mean / scale + self.EXPLORATION * math.sqrt(math.log(max(c.avail, 1)) / max(c.visits, 1))
            if score > best_score:
                best, best_score = a, score
        return best, node.children[best]
