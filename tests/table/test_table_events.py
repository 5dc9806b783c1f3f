"""Flipped tiles (``reveal``) and table events (``table_events``) played on stacked walls (spec §24)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.errors import RulesError
from engine.game.actions import CHI, MING_KONG, PASS, PUNG, WIN, DISCARD
from engine.game.flow import Game
from engine.game.table import stacked_wall
from engine.rules import Rules
from engine.simulation.invariants import Checker
from engine.simulation.narrate import narrate
from engine.tiles import next_in_cycle, parse_tiles

RULES = Path(__file__).parent / "rules"


def data(name: str) -> dict:
    """The test rule file ``name`` as a plain mapping."""
    return yaml.safe_load((RULES / f"{name}.yaml").read_text(encoding="utf-8"))


def game_of(name: str, hands: dict[int, str], draws: str = "", tail: str = "", edit=None) -> Game:
    """A game of the test rules ``name`` on a wall dealing ``hands`` (seat -> tiles), then ``draws``;
    ``tail`` lists the tiles taken from the tail in order (flower replacements, flips, kong draws)."""
    d = data(name)
    if edit:
        edit(d)
    rules = Rules.from_dict(d)
    wall = stacked_wall(rules, {s: parse_tiles(h) for s, h in hands.items()}, parse_tiles(draws), parse_tiles(tail))
    return Game(rules, 0, wall=wall, dealer=0)


def checked(game: Game) -> Game:
    assert Checker(game).check() is None
    return game


#: four 16-tile hands with no flower, none ready: the dealer (17 tiles) and seats 2, 3
FUZHOU_DEALER = "99m99s899p东南西北中发白中发白"
FUZHOU_OTHERS = {2: "1357m1357s1357p东南西北", 3: "2468m2468s2468p中发白东"}


def test_fuzhou_jin_is_the_flipped_tile_and_wild():
    game = checked(game_of("fuzhou_jin", {0: FUZHOU_DEALER, 1: "1122m3344s5566p东南西北", **FUZHOU_OTHERS}, tail="5p"))
    assert game.revealed == {"after_flowers": (25,)}
    assert game.tags == {"金": (25,)}
    assert 25 in game.wild_codes and game.indicator == 25
    assert game.settlement_table().revealed == {"after_flowers": (25,)}
    assert game.settlement_table().primary == (25,)
    assert not game.over and game.stage == "self"
    assert any(line.startswith("翻牌（补花后）：5筒，金为 5筒") for line in narrate(game.events))


def test_qiang_jin_takes_the_flipped_tile_and_wins_at_once():
    ready = "123m456m789m123s456s9p"  # 16 tiles waiting on 9筒: the 金 (wild) completes it
    game = checked(game_of("fuzhou_jin", {0: FUZHOU_DEALER, 1: ready, **FUZHOU_OTHERS}, tail="5p"))
    assert game.over and game.end_reason == "player_wins"
    win = game.wins[0]
    assert (win.seat, win.instant, win.tile, win.self_drawn) == (1, "抢金", 25, True)
    assert ("抢金", 10) in win.fans and ("鸡胡", 1) in win.fans and win.total == 11
    assert win.payments == [-11, 33, -11, -11] and game.payments == [-11, 33, -11, -11]
    assert 25 in game.players[1].hand and 25 not in game.set_aside
    assert any("即时和牌（抢金，按自摸付）" in line for line in narrate(game.events))


def test_dealer_with_a_full_hand_does_not_rob_the_jin():
    # the dealer holds 17 tiles: with_hand needs a hand one tile short, so the dealer never robs
    game = checked(game_of("fuzhou_jin", {0: "123m456m789m123s456s99p", 1: "1122m3344s5566p东南西北", **FUZHOU_OTHERS},
                           tail="5p"))
    assert not game.over and not game.wins


def test_a_seat_that_discarded_a_jin_may_not_win_on_a_discard():
    game = game_of("fuzhou_jin", {0: FUZHOU_DEALER, 1: "1122m3344s5566p东南西北", **FUZHOU_OTHERS}, tail="5p")
    p = game.players[1]
    p.hand = parse_tiles("123m456m789m123s456s9p")
    assert game.win_result(1, 29, self_drawn=False) is not None
    game._win_memo.clear()
    p.discards = [25]  # the 金 it discarded stays in its pile: a wild tile is never claimed
    assert game.win_result(1, 29, self_drawn=False) is None
    p.hand.append(29)
    assert game.win_result(1, 29, self_drawn=True) is not None  # a self-drawn win stays allowed


def test_tianjin_hun_is_the_flipped_tile_and_the_next():
    game = checked(game_of("tianjin_hun", {}, tail="9s"))
    assert game.revealed == {"after_deal": (19,)} and game.tags == {"混儿": (19, 11)}
    assert {19, 11} <= game.wild_codes


def _pass_through(game: Game, seen: list) -> None:
    """Play ``game`` to its end: every turn discards the drawn tile (or the first legal discard), every
    reaction passes; ``seen`` collects (drawable tiles left, legal actions) of every decision."""
    while not game.over:
        for s in game.to_act():
            acts = game.legal_actions(s)
            seen.append((len(game.wall), acts))
            if game.stage == "self":
                pick = next((a for a in acts if a.kind == DISCARD and a.tile == game.drawn), None)
                pick = pick or next(a for a in acts if a.kind == DISCARD)
            else:
                pick = next(a for a in acts if a.kind == PASS)
            game.apply(pick)
            assert Checker(game).check() is None


def test_reserved_tail_is_never_drawn():
    game = game_of("tianjin_hun", {})
    _pass_through(game, [])
    assert game.end_reason == "deck_exhausted"
    assert len(game.wall.remaining()) == 14 and len(game.wall) == 0
    draws = [e for e in game.events if e["type"] == "draw"]
    assert len(draws) == 136 - (4 * 13 + 1) - 1 - 14  # deck − deal − the flip − the reserved tail


def test_last_tiles_offer_no_claim_and_no_discard_win():
    late = ("chi", "pung", "ming_kong", "an_kong", "bu_kong")
    early_claims = late_claims = 0
    for seed in range(6):
        d = data("tianjin_hun")
        game = Game(Rules.from_dict(d), seed)
        seen: list = []
        _pass_through(game, seen)
        for left, acts in seen:
            claims = [a for a in acts if a.kind in late or (a.kind == WIN and game.stage != "self" and a.tile != game.drawn)]
            if left < 8:
                late_claims += sum(1 for a in acts if a.kind in late)
            else:
                early_claims += len(claims)
    assert early_claims > 0  # claims are offered before the last eight tiles...
    assert late_claims == 0  # ...and never in them


#: two 13-tile hands without four of a kind, for the seats a test leaves alone
NINGBO_OTHERS = {2: "1357m1357s1357p中", 3: "2468m2468s2468p中"}


def test_four_red_dragons_win_after_the_deal():
    game = checked(game_of("ningbo_kinds", {0: "中中中中123m456s789p1m", 1: "1357m1357s1357p发", 3: "2468m2468s2468p发"},
                           tail="4m9s"))
    win = game.wins[0]
    assert (win.seat, win.instant, win.fans, win.total) == (0, "四红中", [("四红中", 8)], 8)
    assert win.payments == [24, -8, -8, -8]
    # the tiles after the hand are flipped too: 9条 → 翻鸡 1条
    assert game.revealed == {"after_deal": (4,), "after_hand": (19,)}
    assert game.tags == {"百搭": (4,), "财神": (5,), "翻鸡": (11,)}
    assert game.settlement_table().revealed == {"after_deal": (4,), "after_hand": (19,)}
    assert 4 in game.wild_codes and 5 not in game.wild_codes and 11 not in game.wild_codes


@pytest.mark.parametrize("pair, offered", [("55m", False), ("77m", True)])
def test_caishen_may_not_be_ponged(pair, offered):
    # flipped 4万: 百搭 4万 (wild), 财神 5万 (not wild, may not be ponged)
    game = checked(game_of("ningbo_kinds", {0: "5m7m123s456s789p东南西", 1: pair + "2468m2468s北北北", **NINGBO_OTHERS},
                           tail="4m"))
    tile = pair[0] + "m"
    game.apply(next(a for a in game.legal_actions(0) if a.kind == DISCARD and a.tile == parse_tiles(tile)[0]))
    assert any(a.kind == PUNG for a in game.legal_actions(1)) is offered


def test_caishen_counts_per_copy_held():
    game = game_of("ningbo_kinds", {0: "123m456s789p东南西北中", 1: "2468m2468s北北北发发", **NINGBO_OTHERS}, tail="4m")
    p = game.players[1]
    p.hand = parse_tiles("555m123s456s789p东")
    result = game.win_result(1, 31, self_drawn=False)
    assert ("财神", 3) in result.fans


FLOWERS = "春夏秋冬梅兰竹菊"


def test_eight_immortals_win_when_the_eighth_flower_is_set_aside():
    game = checked(game_of("taiwan_flowers", {0: "123m456m789m123s456s99p", 1: FLOWERS + "2468m1357s"}))
    win = game.wins[0]
    assert (win.seat, win.instant, win.self_drawn, win.total) == (1, "八仙过海", True, 8)
    assert win.payments == [-8, 24, -8, -8] and len(game.players[1].flowers) == 8


def test_seven_rob_one_takes_the_eighth_flower_paid_by_its_drawer():
    game = checked(game_of("taiwan_flowers", {0: "123m456m789m123s456s99p", 1: FLOWERS[:7] + "2468m13579s",
                                              2: FLOWERS[7] + "1357m2468s东南西"}))
    win = game.wins[0]
    assert (win.seat, win.instant, win.self_drawn, win.discarder) == (1, "七抢一", False, 2)
    assert win.payments == [0, 8, -8, 0]
    assert len(game.players[1].flowers) == 8 and game.players[2].flowers == []
    assert any("即时和牌（七抢一，座位2 付）" in line for line in narrate(game.events))


def test_a_saved_game_with_a_reveal_restores():
    game = game_of("fuzhou_jin", {0: FUZHOU_DEALER, 1: "1122m3344s5566p东南西北", **FUZHOU_OTHERS}, tail="5p")
    game.apply(game.legal_actions(0)[0])
    again = Game.from_dict(game.to_dict())
    assert again.revealed == game.revealed and again.wild_codes == game.wild_codes


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["reveal"][0]["kinds"][0].update(name="金", wild=True) or d["reveal"].append(
        {"at": "after_hand", "kinds": [{"name": "鸡", "wild": True}]}), "牌局结束后翻出的牌不能当癞子"),
    (lambda d: d["reveal"].append({"at": "after_flowers"}), "同一时机 after_flowers 翻了两次"),
    (lambda d: d["win_condition"].update(require=["self_drawn or none(discards, tagged(银))"]), "没有声明名为 银"),
    (lambda d: d["table_events"].update(reserved_tail=80), "没有可摸的牌"),
    (lambda d: d["table_events"]["instant_wins"][0].update(at="after_deal"), "after_deal 没有翻牌"),
    (lambda d: d["table_events"]["instant_wins"][0].update(when="count(held, 金字) >= 3"), "instant_wins[0].when"),
    (lambda d: d["table_events"]["instant_wins"][0].update(paid_as="discard"), "只能在 at: flower 时"),
    (lambda d: d["table_events"].update(last_tiles={"count": 4, "forbid": ["discard"]}), "不能限制的动作 discard"),
])
def test_wrong_table_declarations_are_refused(edit, message):
    d = data("fuzhou_jin")
    edit(d)
    with pytest.raises(RulesError) as exc:
        Rules.from_dict(d)
    assert message in str(exc.value)
