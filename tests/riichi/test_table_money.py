"""riichi.yaml's money that lives between hands (issue 33): the 供托 a declaration's ``deposit`` puts on the
table, the 本场 count carried through a series, 不听罚符 at a drawn hand (formal tenpai,
``win_condition.ready: shape``) and 连庄 by ``next_dealer: stay_on_win_or_ready`` — over simulated hands."""

from __future__ import annotations

import copy
from pathlib import Path
from types import SimpleNamespace

import pytest

from dslgen.rulefile import load_rules
from engine.errors import RulesError
from engine.game import Game, declarations, pot
from engine.payments.names import ready_total
from engine.rules import Rules
from engine.simulation.games import SERIES, play_game, series_games

RIICHI = Path(__file__).resolve().parents[2] / "dsl-examples" / "riichi.yaml"


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules(RIICHI).rules


@pytest.fixture(scope="module")
def played(rules):
    """Every game of three series with its events (each game replayed with events from its series' head)."""
    games = []
    for start in range(0, 3 * SERIES, SERIES):
        for i in range(start, start + SERIES):
            games.append(list(series_games(rules, 11, i, i + 1, "greedy", keep_events=True))[-1])
    return games


def test_deposits_go_into_the_pot_and_the_first_winner_takes_it(played):
    carried = taken = 0
    for rec in played:
        assert rec.error is None, rec.error
        deposits = sum(e["amount"] for e in rec.events if e["type"] == "deposit")
        returned = sum(e["amount"] for e in rec.events if e["type"] == "deposit_returned")
        assert sum(rec.payments) + rec.pot_left == rec.pot  # the pot's money belongs to nobody
        takes = [e for e in rec.events if e["type"] == "pot"]
        if rec.wins:
            assert rec.pot_left == 0
            if rec.pot + deposits - returned:
                assert [(e["seat"], e["amount"]) for e in takes] == [(rec.wins[0]["seat"], rec.pot + deposits - returned)]
                taken += 1
        else:
            assert not takes and rec.pot_left == rec.pot + deposits
        carried += rec.pot > 0
    assert carried and taken  # a drawn hand left a pot to the next one, and winners took pots


def test_honba_and_the_dealer_follow_the_hand_before(played, rules):
    for prev, rec in zip(played, played[1:]):
        if rec.index % SERIES == 0:
            assert (rec.honba, rec.pot) == (0, 0)
            continue
        dealer_won = any(w["seat"] == prev.dealer for w in prev.wins)
        assert rec.honba == (prev.honba + 1 if dealer_won or not prev.wins else 0)
        assert rec.dealer == prev.next_dealer
    assert max(r.honba for r in played) >= 2


def test_honba_is_paid_on_a_win(rules):
    for seed in range(40):
        plain, repeat = play_game(rules, seed), play_game(rules, seed, honba=3)
        if plain.wins and plain.wins[0]["seat"] == repeat.wins[0]["seat"] and plain.length == repeat.length:
            w0, w3 = plain.wins[0], repeat.wins[0]
            extra = [b - a for a, b in zip(w0["payments"], w3["payments"])]
            assert extra[w0["seat"]] == 900  # 300 a 本场 on a ron, 100 from each seat on a self-drawn win
            assert sorted(extra) == ([-900, 0, 0, 900] if not w0["self_drawn"] else [-300, -300, -300, 900])
            return
    pytest.fail("no game won the same way with and without 本场")


def test_a_drawn_hand_pays_noten_and_keeps_a_ready_dealer(rules):
    seen = {True: 0, False: 0}
    for seed in range(60):
        games = []
        rec = play_game(rules, seed, observer=games.append, keep_events=True)
        if rec.wins or rec.error:
            continue
        game = games[-1]
        table = game.settlement_table()
        ready = [ready_total(rules, table, s) is not None for s in range(4)]
        n = sum(ready)
        want = [0] * 4
        if 0 < n < 4:
            for s in range(4):
                want[s] = 3000 // n if ready[s] else -3000 // (4 - n)
        for e in rec.events:
            if e["type"] == "deposit":  # a riichi's 1,000 stays on the table
                want[e["seat"]] -= e["amount"]
        assert rec.payments == want
        assert rec.next_dealer == (game.dealer if ready[game.dealer] else (game.dealer + 1) % 4)
        seen[ready[game.dealer]] += 1
    assert seen[True] and seen[False]


def test_formal_tenpai_counts_a_hand_without_yaku(rules):
    from engine.settlement_items import Table
    from engine.tiles import parse_tiles

    hand = tuple(parse_tiles("234m567p789s1199m"))  # waits on 1m / 9m: no yaku without riichi on a ron
    table = Table(4, 0, (), (hand, (), (), ()), ((), (), (), ()), (), (), (), {}, ())
    assert ready_total(rules, table, 0) == 0
    data = copy.deepcopy(load_rules(RIICHI).data)
    data["win_condition"]["ready"] = "win"
    assert ready_total(Rules.from_dict(data), Table(4, 0, (), (hand, (), (), ()), ((), (), (), ()), (), (), (), {}, ()), 0) is None


def test_a_deposit_is_returned_when_its_discard_is_won_on():
    events = []
    game = SimpleNamespace(payments=[0, 0, 0, 0], pot=2000, discard_count=5, _deposit=None,
                           _event=lambda kind, **data: events.append(kind))
    pot.deposit(game, 2, 1000)
    assert game.payments == [0, 0, -1000, 0] and game.pot == 3000
    game.discard_count = 6
    pot.return_if_won_on(game, 1)  # another seat's discard: nothing back
    assert game.pot == 3000
    pot.return_if_won_on(game, 2)
    assert game.payments == [0, 0, 0, 0] and game.pot == 2000
    game.discard_count = 7
    pot.deposit(game, 3, 1000)
    game.discard_count = 9
    pot.return_if_won_on(game, 3)  # a later discard: the declaration stood
    assert game.pot == 3000 and events == ["deposit", "deposit_returned", "deposit"]


def test_deposit_is_checked(rules):
    data = copy.deepcopy(load_rules(RIICHI).data)
    data["declarations"][0]["deposit"] = -5
    with pytest.raises(RulesError) as exc:
        Rules.from_dict(data)
    assert "deposit" in str(exc.value)
    data["declarations"][0] = {"name": "押", "at": "start", "deposit": 100}
    assert any("deposit" in p.steps for p in declarations.problems(Rules.from_dict(data, validate=False)))


def test_a_save_keeps_honba_and_pot(rules):
    game = Game(rules, 3, honba=2, pot=1000)
    again = Game.from_dict(game.to_dict(), rules)
    assert (again.honba, again.pot_start) == (2, 1000)
