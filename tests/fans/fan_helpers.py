"""Helpers for the fan and settlement tests: small rule sets and hands written as tile strings."""

from __future__ import annotations

import copy
from pathlib import Path

from engine.fans import WinContext, score_win
from engine.melds import Meld
from engine.rules import Rules
from engine.tiles import parse_tiles

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "dsl-examples"

_BASE = {
    "game": {"name": "测试", "type": "mahjong", "engine_type": "mahjong", "players": {"min": 4, "max": 4}},
    "requires": ["meldsolver.standard_win", "meldsolver.seven_pairs"],
    "deck": {"generator": "mahjong", "include_honors": True, "include_flowers": False, "total": 136},
    "deal": {"cards_per_player": 13, "dealer_extra": 1},
    "fan_stacking": "add",
    "phases": [{"name": "play", "type": "mahjong_turn"}],
    "scoring": {"mode": "fan_table"},
}


def make_rules(fan_types, *, validate: bool = True, **top) -> Rules:
    """A rule set with the given ``fan_types`` (list of dicts) and top-level overrides.

    ``validate=False`` builds rules the engine would refuse to load (to test the checks themselves)."""
    data = copy.deepcopy(_BASE)
    data["fan_types"] = fan_types
    for key, value in top.items():
        data[key] = value
    return Rules.from_dict(data, validate=validate)


_MELD_KINDS = {"chi": "chow", "chow": "chow", "pung": "pung", "peng": "pung", "kong": "kong", "ankong": "ankong"}


def parse_melds(text: str) -> tuple[Meld, ...]:
    """``"pung:5m,chi:345s,ankong:东"`` -> melds (the same notation as ``dslgen hand --melds``)."""
    out = []
    for item in filter(None, (s.strip() for s in (text or "").split(","))):
        kind, tiles = item.split(":")
        kind = _MELD_KINDS[kind]
        ts = parse_tiles(tiles)
        if kind in ("pung",) and len(ts) == 1:
            ts = ts * 3
        if kind in ("kong", "ankong") and len(ts) == 1:
            ts = ts * 4
        out.append(Meld(kind, tuple(ts)))
    return tuple(out)


def win(rules: Rules, hand: str, melds: str = "", win_tile: str | None = None, wild=(), **flags):
    """Score ``hand`` (concealed tiles incl. the winning tile) under ``rules``."""
    tiles = tuple(parse_tiles(hand))
    wt = parse_tiles(win_tile)[0] if win_tile else tiles[-1]
    ctx = WinContext(tiles, parse_melds(melds), wt, frozenset(wild), **flags)
    return score_win(rules, ctx)


def fan_names(result) -> set[str]:
    """Counted fan names of a score result."""
    return {n for n, _ in result.fans}
