"""The issue-28 corrections of catalog files, checked on worked hands through ``dslgen hand --json``.

Each case names the catalog file, the hand as written on the command line after the file, and the
net money per seat (the base payment plus every settlement item and payment formula) that the cited
published page gives for it. Seat 0 is the dealer unless the case says otherwise.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from dslgen.cli import cli
from tests.catalog.rules_table import CATALOG

CASES = [
    # 长沙（slackerblud 百度百科译文）：大胡点炮三家都付，另两家付四分之三、向上取整（6 番 → 5）
    ("changsha", "111222333m45655m --win 5m --from 1", [16, -6, -5, -5]),
    # 长沙：小胡点炮只由放炮者付；庄家胡小胡翻倍
    ("changsha", "123m456m789p234s55s --win 5s --from 1", [2, -2, 0, 0]),
    # 长沙：庄家自摸小胡，三家各付两份
    ("changsha", "123m456m789p234s55s --win 5s", [6, -2, -2, -2]),
    # 长沙：闲家自摸小胡，只有庄家付两份
    ("changsha", "123m456m789p234s55s --win 5s --seat 1", [-2, 4, -1, -1]),
    # 长沙：闲家点炮给闲家的小胡不加倍；大胡自摸不分庄闲（每家 6）
    ("changsha", "123m456m789p234s55s --win 5s --seat 1 --from 2", [0, 1, -1, 0]),
    ("changsha", "111222333m45655m --win 5m", [18, -6, -6, -6]),
    # 武汉（163.com / tcy365）：暗杠比明杠多翻一倍——开口 1 + 根 1 + 暗杠 1 = 3 番 → 8；庄家 ×2、硬胡 ×2、放冲者再 ×2
    ("wuhan", "234m567m22p --win 2p --melds pung:9s,ankong:9p --from 1", [128, -64, -32, -32]),
    # 同一手把暗杠换成碰：开口 ×2 = 2 番 → 4，少翻一倍
    ("wuhan", "234m567m22p --win 2p --melds pung:9s,pung:9p --from 1", [64, -32, -16, -16]),
    # 武汉：闲家点炮胡，放冲者 ×2、另一闲家 ×1、庄家 ×2（开口 1 番 → 2，硬胡 ×2）
    ("wuhan", "234m567m999p22p --win 2p --melds pung:9s --seat 1 --from 2", [-8, 20, -8, -4]),
    # 香港老式（Wikipedia，standard payment）：点炮三家都付，放炮者双倍；对对胡 3 + 圈风刻 1 + 無花 1 = 5 番 → 32
    ("hongkong", "111m222p333s99m --melds pung:东 --win 9m --from 2 --seat 1", [-32, 128, -64, -32]),
    # 中庸（zj-mahjong.info 付分表）：点和 130 分超过 25，另两家各付 25，放炮者付 3 × 130 − 50 = 340
    ("zung_jung", "123m456m789m234m55m --win 5m --from 2 --seat 1", [-25, 390, -340, -25]),
    # 不超过 25 分时三家各付和牌分；自摸总是三家各付
    ("zung_jung", "123m456p789s234m55m --win 5m --from 2 --seat 1", [-10, 30, -10, -10]),
    ("zung_jung", "123m456m789m234m55m --win 5m --seat 1", [-130, 390, -130, -130]),
]


def _net(variant: str, args: str) -> list[int]:
    result = CliRunner().invoke(cli, ["hand", str(CATALOG / f"{variant}.yaml"), *args.split(), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["net"]


@pytest.mark.parametrize("variant, args, net", CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_corrected_settlement(variant, args, net):
    assert _net(variant, args) == net
