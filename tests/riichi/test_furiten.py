"""Furiten as declared requirements (spec §26): the names ``discarded``, ``waits`` and ``passed(since)``,
read by ``dslgen hand`` (``--discards``, ``--passed``) and by the flow (a tile passed is one that completes
the hand's shape, yaku or not). The referee over simulated hands is ``test_furiten_referee.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from dslgen.rulefile.yamlio import load_yaml_file
from engine import lang
from engine.fans import WinContext
from engine.game import waits
from engine.game.table import PlayerState
from engine.rules import Rules
from engine.tiles import parse_tiles

RIICHI = Path(__file__).resolve().parents[2] / "dsl-examples" / "riichi.yaml"
#: 22m 234m 456p 678s + 34s: waits on 2s and 5s (平和 断幺九); the win is on 5s
HAND = "234m456p678s22m345s"


def _hand(*args) -> dict:
    r = CliRunner().invoke(cli, ["hand", str(RIICHI), HAND, "--json", *args])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


@pytest.mark.parametrize("args, legal", [
    (["--from", "1"], True),
    (["--from", "1", "--discards", "9m"], True),         # not a wait
    (["--from", "1", "--discards", "2s"], False),        # the other wait: 舍张振听
    (["--discards", "2s"], True),                        # self-drawn is never blocked
    (["--from", "1", "--passed", "2s"], False),          # 同巡振听
    (["--passed", "2s"], True),
])
def test_furiten_by_dslgen_hand(args, legal):
    out = _hand(*args)
    assert out["legal"] is legal, out["reason"]
    if not legal:
        assert "win_condition.require" in out["reason"] and out["payments"] == [0, 0, 0, 0]


def _ctx(**kw) -> WinContext:
    tiles = tuple(parse_tiles(HAND))
    return WinContext(tiles, (), tiles[-1], **kw)


def test_the_names_read_the_win_context():
    def run(text, ctx):
        return lang.compile_expression(text, lang.BOOL).fn(type("F", (), {"ctx": ctx})())

    s2, s5, m9 = parse_tiles("2s5s9m")
    assert run("none(discarded, waits)", _ctx(discarded=(m9,), waits=(s2, s5)))
    assert not run("none(discarded, waits)", _ctx(discarded=(m9, s2), waits=(s2, s5)))
    assert run("count(passed(discard)) == 1 and count(passed(lock)) == 0", _ctx(passed=(s2,)))
    assert run("count(passed(lock)) == 1", _ctx(passed_locked=(s2,)))
    with pytest.raises(lang.ExprError):
        lang.compile_expression("count(passed(draw)) == 0", lang.BOOL)


def test_hand_waits_and_the_flow_only_reads_what_the_rules_name():
    rules = Rules.from_dict(dict(load_yaml_file(str(RIICHI)).data))
    before = parse_tiles(HAND)[:-1]
    assert waits.hand_waits(rules, before, ()) == tuple(parse_tiles("2s5s"))
    assert waits.reads_waits(rules) and waits.reads_passed(rules)
    guobiao = Rules.from_dict(dict(load_yaml_file(str(RIICHI.parent / "guobiao.yaml")).data))
    assert not waits.reads_waits(guobiao) and not waits.reads_passed(guobiao)


def test_a_pass_is_kept_until_the_seat_discards_and_after_a_lock_for_the_hand():
    p = PlayerState(0)
    waits.record_pass(p, 5)
    assert p.passed == (5,) and p.passed_locked == ()
    p.declared = True
    waits.record_pass(p, 6)
    waits.record_discard(p, 9)
    assert p.passed == () and p.passed_locked == (6,) and p.discarded == (9,)
