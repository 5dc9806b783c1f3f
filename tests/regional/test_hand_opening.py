"""``dslgen hand`` shows the 起手小胡 of a dealt 长沙 hand with who pays what (issue 15 item 3)."""

import json
from pathlib import Path

from click.testing import CliRunner

from dslgen.cli import cli

CATALOG = Path(__file__).resolve().parents[2] / "dsl-examples"
CHANGSHA = str(CATALOG / "changsha.yaml")


def _hand(*args):
    result = CliRunner().invoke(cli, ["hand", *args])
    assert result.exit_code == 0, result.output
    return result


def _opening(*args):
    return {o["name"]: o for o in json.loads(_hand(*args, "--json").stdout)["opening"]}


def test_dealt_dealer_hand_shows_every_opening_hand_with_payments():
    found = _opening(CHANGSHA, "1111m34s777999p13s", "--seat", "1", "--dealer", "1")
    assert set(found) == {"四喜", "板板胡", "六六顺"}  # three suits: no 缺一色
    for o in found.values():
        assert sum(o["payments"]) == 0 and o["payments"][1] == 3 and o["count"] == 1


def test_thirteen_tile_hand_two_four_of_a_kinds_and_missing_suit():
    found = _opening(CHANGSHA, "1111m2222m55577p9p", "--seat", "2")
    assert found["四喜"]["count"] == 2 and found["四喜"]["payments"] == [-2, -2, 6, -2]
    assert found["缺一色"]["payments"][2] == 3 and "板板胡" not in found


def test_text_names_the_hand_and_the_payers():
    text = _hand(CHANGSHA, "1111m34s777999p13s", "--seat", "1", "--dealer", "1").output
    assert "起手小胡 四喜" in text and "座位1 +3" in text and "座位0 -1" in text


def test_no_opening_hands_with_melds_or_without_the_phase():
    assert _opening(CHANGSHA, "1111m34s777p13s", "--melds", "pung:9p") == {}
    assert _opening(str(CATALOG / "sichuan_xuezhan.yaml"), "1111m3444s777999p") == {}
