"""``dslgen hand`` scoring: the JSON mapping, flags, usage errors, zero-sum payments."""

import pytest

from dslgen.errors import UsageError
from dslgen.handreport.score import render_lines, score_hand
from dslgen.rulefile import load_rules
from engine.tiles import parse_tiles

from fan_helpers import CATALOG, parse_melds

VARIANT_HANDS = {
    "sichuan_xuezhan.yaml": ("111m222m333m999m55m", ""),
    "guangdong_jipinghu.yaml": ("123m456s789p234m55s", ""),
    "guobiao.yaml": ("123m456m789m234m55m", ""),
    "hongzhong_laizi.yaml": ("123m456m789m234m中5m", ""),  # won on 5m: a discarded 中 (wild) cannot be won on
    "changsha.yaml": ("456m789m234s55s", "chi:123m"),
}


def _score(name, hand, melds="", **kw):
    rules = load_rules(CATALOG / name).rules
    tiles = parse_tiles(hand)
    return score_hand(rules, tiles, parse_melds(melds), tiles[-1], **kw)


@pytest.mark.parametrize("name", sorted(VARIANT_HANDS))
@pytest.mark.parametrize("how", [{}, {"from_seat": 2}, {"seat": 3, "dealer": 3}, {"seat": 1, "from_seat": 0}])
def test_every_variant_scores_zero_sum(name, how):
    hand, melds = VARIANT_HANDS[name]
    out = _score(name, hand, melds, **how)
    assert set(out) >= {"fans", "dropped", "total", "legal", "payments"}
    assert out["legal"], out
    assert out["fans"] and all(set(f) == {"name", "fan", "definition"} for f in out["fans"])
    assert sum(out["payments"]) == 0 and out["payments"][how.get("seat", 0)] > 0
    assert any(line.startswith("合计：") for line in render_lines(out))


def test_flowers_by_count_never_match_the_seat():
    out = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", flowers="4", seat=1)
    assert {b["name"]: b["points"] for b in out["bonuses"]} == {"花牌 ×4": 4}
    named = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", flowers="夏", seat=1)
    assert {b["name"] for b in named["bonuses"]} == {"花牌 ×1", "本命花 ×1"}


def test_not_a_win_and_not_legal():
    out = _score("sichuan_xuezhan.yaml", "123m456m789m234s56s")
    assert out["reason"] == "不是和牌型" and out["payments"] == [0, 0, 0, 0]
    out = _score("guangdong_jipinghu.yaml", "456s777p234m55s", "chi:123m", from_seat=1)
    # a 鸡胡 with no other fan must self-draw: the file's declared win condition (win_condition.require)
    assert not out["legal"] and "win_condition.require" in out["reason"] and out["payments"] == [0, 0, 0, 0]


@pytest.mark.parametrize("kw", [{"seat": 4}, {"from_seat": 0}, {"self_drawn": True, "from_seat": 1},
                                {"flowers": "9"}, {"flowers": "1m"}])
def test_bad_flags_are_usage_errors(kw):
    with pytest.raises(UsageError):
        _score("guobiao.yaml", "123m456m789m234m55m", **kw)


def _cli(*args):
    from click.testing import CliRunner

    from dslgen.cli import cli

    return CliRunner().invoke(cli, ["hand", *args])


@pytest.mark.parametrize("name", sorted(VARIANT_HANDS))
def test_hand_command_prints_scoring_for_every_variant(name):
    import json

    hand, melds = VARIANT_HANDS[name]
    args = [str(CATALOG / name), hand] + (["--melds", melds] if melds else [])
    text = _cli(*args, "--from", "1")
    assert text.exit_code == 0, text.output
    for word in ("番型：", "合计：", "合法和牌：是", "支付："):
        assert word in text.output
    out = json.loads(_cli(*args, "--from", "1", "--json").output)
    assert out["legal"] is True and sum(out["payments"]) == 0 and out["payments"][1] < 0
    assert all(set(f) == {"name", "fan", "definition"} for f in out["fans"]) and isinstance(out["dropped"], list)


def test_hand_command_shows_dropped_fans_and_flags():
    import json

    out = json.loads(_cli(str(CATALOG / "guobiao.yaml"), "19m19s19p东南西北中发白白", "--seat", "2", "--dealer", "2",
                          "--json").output)
    assert out["total"] == 89 and out["payments"] == [-97, -97, 291, -97]  # 十三幺 88 + 自摸 1, 底分 8
    assert {d["name"]: d["reason"] for d in out["dropped"]}["五门齐"] == "被 十三幺 排除"
    flags = json.loads(_cli(str(CATALOG / "sichuan_xuezhan.yaml"), "123m456m789m55m", "--melds", "kong:9s",
                            "--kong-replacement", "--last-tile", "--json").output)
    assert {f["name"] for f in flags["fans"]} == {"杠上开花", "海底捞月", "根", "素胡"}
    bad = _cli(str(CATALOG / "guobiao.yaml"), "19m19s19p东南西北中发白白", "--from", "0")
    assert bad.exit_code == 2 and "点炮者不能是和牌者自己" in bad.output


def test_hand_batch_lines_take_the_scoring_flags(tmp_path):
    import json

    batch = tmp_path / "hands.txt"
    wuhan = CATALOG / "hongzhong_laizi.yaml"
    batch.write_text(f"{wuhan} 123m456m789m234m5m中 --win 5m --from 2\n"
                     f"{wuhan} 123m456m789m234s55s --robbing-kong --from=3 --seat 0\n"
                     f"{wuhan} 123m456m789m234s5s --from x\n", encoding="utf-8")
    result = _cli("--batch", str(batch))
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert lines[0]["total"] == 8 and lines[0]["payments"] == [24, 0, -24, 0]
    assert {f["name"] for f in lines[1]["fans"]} == {"平胡", "门前清", "抢杠胡"} and lines[1]["payments"][3] == -12
    assert "error" in lines[2] and result.exit_code == 1


def test_doubling_shows_fans_and_points_apart():
    """Under ``fan_stacking: double`` the total is points (1 × 2^番 + 自摸加底) and 番 is shown beside it."""
    out = _score("sichuan_xuezhan.yaml", "1111m2222m7799m33m")  # 清龙七对 5 + 根 1 = 6 番, capped at 5
    assert (out["fan_total"], out["total"], out["total_unit"], out["fan_cap"]) == (6, 33, "分", 5)
    assert "合计：6 番，封顶 5 番；得分 33 分（自摸）" in render_lines(out)
    plain = _score("guobiao.yaml", "123m456m789m234m55m", from_seat=1)
    assert plain["total_unit"] == "番" and "fan_cap" not in plain
    assert f"合计：{plain['total']} 番（点和）" in render_lines(plain)


def test_a_discarded_wild_tile_is_no_win_as_at_the_table():
    """The flow never offers a win on a discarded wild tile; ``dslgen hand`` says the same."""
    out = _score("hongzhong_laizi.yaml", "123m456m789m234m5m中", from_seat=2)
    assert not out["legal"] and "癞子" in out["reason"] and out["payments"] == [0, 0, 0, 0]
    assert _score("hongzhong_laizi.yaml", "123m456m789m234m5m中")["legal"]  # self-drawn
