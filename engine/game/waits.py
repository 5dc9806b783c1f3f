"""The tiles a hand waits on, and the wins a seat let pass: what the names ``waits``, ``discarded`` and
``passed(since)`` read (spec §26).

A tile *passed* is another seat's discard (or added kong tile) that completes a winning shape of the seat's
hand and that the seat does not win on — whether or not the win would have been legal (a hand without the
fans it needs still passes it), as the published furiten rules count it.

A restriction on winning on a discard — "a seat that has discarded one of its waiting tiles may not win on
a discard", "a seat that declined a win may not win on a discard until it discards again", "a seat whose
hand is locked and that declined a win may not win on a discard for the rest of the hand" — is a
``win_condition.require`` over these names; the flow fills them into every win context, so its legal
actions (and so the bots) never offer a win the file forbids.
"""

from __future__ import annotations

import re

from engine import solver
from engine import tiles as T
from engine.game import cache
from engine.rules import Rules

def _texts(rules: Rules) -> list[str]:
    texts = list(rules.win_condition.require)
    texts += [t for f in rules.fans for t in (f.when, getattr(f, "per", "")) if isinstance(t, str)]
    if rules.hand_value is not None:
        texts += [text for _, text in rules.hand_value.quantities]
    return texts


def _reads(rules: Rules, name: str) -> bool:
    word = re.compile(r"(?<![\w])" + name + r"(?![\w])")
    return any(word.search(t or "") for t in _texts(rules))


def reads_waits(rules: Rules) -> bool:
    """True when an expression of ``rules`` (a requirement, a fan, a hand value quantity) reads ``waits``;
    only then does the flow compute each win's waits."""
    return _reads(rules, "waits")


def reads_passed(rules: Rules) -> bool:
    """True when an expression of ``rules`` reads ``passed(…)``; only then does the flow keep the passes."""
    return _reads(rules, "passed")


def completes(game, seat: int, tile: int) -> bool:
    """``tile`` (another seat's discard or added kong tile) completes a winning shape of ``seat``'s hand —
    a winning tile, whether or not the win would be legal (fans, requirements)."""
    p = game.players[seat]
    hand = [t for t in p.hand if not T.is_flower(t)]
    if len(hand) + 1 + 3 * len(p.melds) != game.rules.win_size or tile in game.wild_codes:
        return False
    counts, wilds = cache.split(hand, game.wild_codes)
    if not game.win_shapes.patterns and cache.shanten(counts, wilds, len(p.melds), game.win_shapes) > 0:
        return False
    counts[tile] += 1
    return cache.is_win(counts, wilds, tuple(p.melds), game.win_shapes)


def hand_waits(rules: Rules, before: list[int] | tuple[int, ...], melds: tuple, wild_codes=frozenset(),
               shapes=None) -> tuple[int, ...]:
    """The tiles that make ``before`` (the concealed tiles without the winning one) plus ``melds`` a
    winning shape of ``rules`` (fans and requirements not considered), in code order."""
    if shapes is None:
        shapes = cache.canonical(solver.shapes_for(rules))
    counts, wilds = cache.split(list(before), wild_codes)
    return tuple(solver.waits(counts, wilds, tuple(melds), shapes, rules.tile_kinds))


def record_pass(player, tile: int) -> None:
    """``player`` let ``tile`` (a discard, or a kong's tile it could rob) go although it completes its hand."""
    player.passed = player.passed + (tile,)
    if player.declared:
        player.passed_locked = player.passed_locked + (tile,)


def record_discard(player, tile: int) -> None:
    """``player`` discarded ``tile``: it joins the seat's discards for good, and the passes since its last
    discard are forgotten."""
    player.discarded = player.discarded + (tile,)
    player.passed = ()


def context_fields(game, seat: int, tile: int, self_drawn: bool, hand: list[int], melds: tuple) -> dict:
    """The win context fields of a win by ``seat`` on ``tile`` (``hand``: the concealed tiles with it)."""
    p = game.players[seat]
    out = {"discarded": p.discarded, "passed": p.passed, "passed_locked": p.passed_locked,
           "wall_left": len(game.wall)}
    if game.reads_waits:
        before = list(hand)
        before.remove(tile)
        out["waits"] = hand_waits(game.rules, before, melds, game.wild_codes, game.win_shapes)
    return out
