"""Games chained in series: the dealer and the 连庄 streak carry over inside a series (issue 15, 连庄)."""

from __future__ import annotations

import copy
from pathlib import Path

from dslgen.rulefile import load_rules
from dslgen.simulation import chunks, run
from engine.simulation.record import GameRecord, Stats
from engine.simulation.games import SERIES, follow, replay_game, run_chunk, series_games
from engine.rules import Rules

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"


def _changsha(**top) -> Rules:
    data = copy.deepcopy(load_rules(CATALOG / "changsha.yaml").data)
    data.update(top)
    return Rules.from_dict(data)


def _rec(dealer, next_dealer, winners=(), streak=0, error=None) -> GameRecord:
    return GameRecord(0, 0, dealer=dealer, next_dealer=next_dealer, streak=streak, error=error,
                      wins=[{"seat": s} for s in winners])


def test_follow_counts_the_dealers_consecutive_wins():
    assert follow(_rec(1, 1, winners=(1,), streak=2))[:2] == (1, 3)  # the dealer won and stays
    assert follow(_rec(1, 1, streak=2))[:2] == (1, 2)  # 荒庄: stays, no new win
    assert follow(_rec(1, 2, winners=(2,), streak=2))[:2] == (2, 0)  # a new dealer starts at 0
    assert follow(_rec(1, 1, winners=(1,), error={"message": "x"}))[:2] == (None, 0)  # a failed game ends the chain


def test_follow_counts_honba_and_carries_the_pot_of_a_drawn_hand():
    def rec(winners, honba=2, pot=0, dealer=1, next_dealer=1):
        r = _rec(dealer, next_dealer, winners=winners)
        r.honba, r.pot_left = honba, pot
        return r

    assert follow(rec((1,))).honba == 3  # the dealer won
    assert follow(rec((), pot=2000)) == (1, 0, 3, 2000)  # a drawn hand: +1, the pot stays on the table
    assert follow(rec((), next_dealer=2)).honba == 3  # a drawn hand the dealer passes on still counts
    assert follow(rec((2,), next_dealer=2)).honba == 0  # another seat won: back to 0
    assert follow(rec((2, 1), next_dealer=1)).honba == 3  # the dealer among the winners
    failed = rec((), pot=1000)
    failed.error = {"message": "x"}
    assert follow(failed) == (None, 0, 0, 0)


def test_dealer_and_streak_follow_the_previous_game_inside_a_series():
    rules = _changsha()
    recs = list(series_games(rules, 5, 0, 2 * SERIES, "greedy"))
    for prev, rec in zip(recs, recs[1:]):
        if rec.index % SERIES == 0:
            assert rec.streak == 0  # a series starts afresh
        else:
            assert (rec.dealer, rec.streak, rec.honba, rec.pot) == follow(prev)
    assert any(r.streak > 0 for r in recs)


def test_a_chunk_starting_inside_a_series_gives_the_same_games():
    rules = _changsha()
    whole = run_chunk(rules, 3, 0, 20).to_dict()
    split = run_chunk(rules, 3, 0, 11).merge(run_chunk(rules, 3, 11, 20)).to_dict()
    assert whole == split
    assert all(start % SERIES == 0 for start, _ in chunks(1000)) and chunks(1000)[-1][1] == 1000


def test_replay_plays_the_game_the_run_played():
    rules = _changsha()
    recs = {r.index: r for r in series_games(rules, 9, 0, SERIES, "greedy")}
    for k in (3, SERIES - 1):
        again = replay_game(rules, 9, k)
        assert (again.dealer, again.streak, again.payments) == (recs[k].dealer, recs[k].streak, recs[k].payments)


def test_lian_zhuang_pays_in_simulation_and_jobs_do_not_change_statistics():
    items = [{"item": "lian_zhuang", "mode": "add", "value": 1}]
    rules = _changsha(settlement_items=items, requires=load_rules(CATALOG / "changsha.yaml").data["requires"])
    one = run(rules, 48, 1, jobs=1)
    two = run(rules, 48, 1, jobs=2)
    for stats in (one, two):
        stats.pop("elapsed_seconds", None)
    assert one == two
    assert one["error_count"] == 0 and one["lian_zhuang"]["streak_games"] > 0
    assert one["payments"]["items_with_payments"]["lian_zhuang"]["games"] > 0
    assert isinstance(Stats().to_dict()["lian_zhuang"]["streaks"], dict)
