"""Table shape (issue 15 item 1): 2/3/4 players, decks by suits and honors, statistics per player count,
golden playthroughs for a three-player and a two-player game."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine.simulation import game_seed, play_game
from engine.simulation.narrate import narrate
from engine.rules import Rules
from tests.game.conftest import base_data

GOLDEN = Path(__file__).with_name("golden")


def table(players: int, suits=None, honors=None, include_honors=True) -> Rules:
    data = base_data()
    data["game"]["players"] = {"min": players, "max": players}
    deck = data["deck"]
    deck["include_honors"] = include_honors
    if suits is not None:
        deck["suits"] = suits
    if honors is not None:
        deck["honors"] = honors
    return Rules.from_dict(data)


@pytest.mark.parametrize("suits, honors, include, size", [
    (["条", "筒"], ["中", "发", "白"], True, 84),   # 卡五星
    (["条", "筒"], None, False, 72),                # 三人两房
    (["万"], None, True, 64),                       # 二人麻将：万 + 字
    (None, None, True, 136),
])
def test_deck_by_suits_and_honors(suits, honors, include, size):
    rules = table(3, suits, honors, include)
    deck = rules.deck()
    assert len(deck) == size and all(deck.count(t) == 4 for t in set(deck))
    assert set(rules.tile_kinds) == set(deck)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_play_clean_for_every_player_count(players):
    from dslgen.simulation import run

    rules = table(players, ["条", "筒"], ["中", "发", "白"])
    stats = run(rules, 16, 5, jobs=1)
    assert stats["errors"] == [] and len(stats["seat_win_rate"]) == players
    assert len(stats["payments"]["seat_net_avg"]) == players and stats["wins"] > 0
    assert stats == run(rules, 16, 5, jobs=2)  # the same seed gives the same statistics with any --jobs


def test_every_payment_stays_within_the_table():
    rules = table(3, ["条", "筒"], ["中", "发", "白"])
    for k in range(10):
        rec = play_game(rules, game_seed(2, k))
        assert rec.error is None and len(rec.payments) == 3 and sum(rec.payments) == 0
        for w in rec.wins:
            payers = [s for s, v in enumerate(w["payments"]) if v < 0]
            assert (len(payers) == 2) if w["self_drawn"] else (payers == [w["discarder"]])


@pytest.mark.parametrize("name, players, suits, honors", [
    ("three_players_84", 3, ["条", "筒"], ["中", "发", "白"]),
    ("two_players_64", 2, ["万"], None),
])
def test_golden_playthrough(name, players, suits, honors):
    rules = table(players, suits, honors)
    rec = play_game(rules, game_seed(1, 0), "greedy", index=0, run_seed=1, keep_events=True)
    assert rec.error is None, rec.error
    text = "\n".join(narrate(rec.events)) + "\n"
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("DSLGEN_REGEN_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    assert text == expected, "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True)))


def test_check_accepts_three_players_and_flags_a_wrong_total():
    from dslgen.checks.runner import check_data

    data = base_data()
    data["game"]["players"] = {"min": 3, "max": 3}
    data["deck"].update(suits=["条", "筒"], honors=["中", "发", "白"], total=84)
    assert not [f for f in check_data(data).findings if f.severity == "error"]
    data["deck"]["total"] = 136
    assert "C406" in check_data(data).codes()


@pytest.mark.parametrize("text, players, suits, honors, total", [
    ("卡五星是三个人打的麻将。只用条子和筒子，再加中、发、白三种字牌，每种4张，一共84张，没有万子，也没有东南西北。", 3, ["条", "筒"], ["中", "发", "白"], 84),
    ("二人麻将：两人对战，只用万子和字牌，一共64张。", 2, ["万"], None, 64),
])
def test_drafter_reads_the_table_shape(text, players, suits, honors, total):
    from dslgen.generate.drafter import draft_offline
    from dslgen.generate.examples import load_examples

    draft = draft_offline(text, load_examples())
    deck = draft.data["deck"]
    assert draft.data["game"]["players"] == {"min": players, "max": players}
    assert deck.get("suits") == suits and deck.get("honors") == honors and deck["total"] == total
    assert not [g for g in draft.facts.gaps if "4 人" in g["reason"] or "缺花色" in g["reason"] or "牌库" in g["reason"]]


def test_semantic_diff_reads_the_table_shape():
    import copy

    from dslgen.review.semantic_diff import semantic_changes

    four = base_data()
    three = copy.deepcopy(four)
    three["game"]["players"] = {"min": 3, "max": 3}
    three["deck"].update(total=84, suits=["条", "筒"], honors=["中", "发", "白"])
    assert semantic_changes(four, three) == [
        "最少人数：4 → 3", "最多人数：4 → 3", "牌数：136 → 84", "数牌花色：万、条、筒 → 条、筒",
        "字牌种类（含字牌时）：东、南、西、北、中、发、白 → 中、发、白"]
    explicit = copy.deepcopy(four)
    explicit["deck"]["suits"] = ["万", "条", "筒"]
    assert semantic_changes(four, explicit) == []  # the default written out is no change
