"""The offline reader's 川麻 wording: 换三张 direction, 刮风下雨 amounts, 退税, 呼叫转移, 根, 加倍计分, 封顶番.

Facts recorded (keys of :attr:`dslgen.generate.description_facts.Facts.values`): ``exchange`` (the 换三张
direction), ``void`` (定缺), ``blood`` (血流成河), ``doubling`` / ``doubling_base`` /
``self_draw_bonus`` (加倍计分), ``kong_payments`` (``{ming_kong, an_kong, bu_kong}``), ``refund``
(退税), ``transfer`` (呼叫转移), ``gen_unit`` (根's unit) and ``at_cap`` (fans that score the cap:
天胡、地胡 直接封顶). The 根 value goes to :attr:`Facts.fans` like any fan.
"""

from __future__ import annotations

import re

from dslgen.generate.description_facts import NUM, _Clause, cn_number, reader

#: Wording of a doubling table: points = base × 2^番.
DOUBLING = (r"2\s*的番数?次方|2\s*的\s*N\s*次方|按番(?:数)?翻倍|每(?:多)?(?:一|1)?番(?:翻一倍|翻倍|乘以?\s*2)|"
            r"番数翻倍|翻番计分|加倍计分|几番就翻几倍|每番翻一倍")

#: Default 刮风下雨 amounts when the description names the rule without numbers (the usual 川麻 amounts).
DEFAULT_KONG = {"ming_kong": 2, "an_kong": 2, "bu_kong": 1}


def exchange_direction(text: str, current: str | None = None) -> str:
    """The 换三张 direction a clause states (``dice`` when it names none)."""
    if re.search(r"骰", text):
        return "dice"
    if re.search(r"自选|自己选|庄家选|选择方向", text):
        return "chosen"
    if re.search(r"对家", text):
        return "opposite"
    if re.search(r"上家|逆时针", text):
        return "previous"
    if re.search(r"下家|顺时针", text):
        return "next"
    return current or "dice"


@reader
def _exchange_direction(c: _Clause) -> None:
    """A direction stated in a clause after the one naming 换三张 (``掷骰子决定换给下家、上家还是对家``)."""
    v = c.facts.values
    if v.get("exchange") and not re.search(r"换三张|换牌", c.text) and re.search(r"(换给|方向)", c.text):
        v["exchange"] = exchange_direction(c.text, v["exchange"])
        c.map("phases[type=exchange_three].direction")


@reader
def _kong_money(c: _Clause) -> None:
    t = c.text
    v = c.facts.values
    if re.search(r"刮风下雨|杠钱|杠分|杠(?:牌)?(?:后|时)?(?:立即|马上|当场)?收(?:分|钱)", t):
        v.setdefault("kong_payments", dict(DEFAULT_KONG))
        c.map("scoring.kong_payments")
    for key, word in (("ming_kong", r"明杠|直杠|点杠"), ("an_kong", r"暗杠"), ("bu_kong", r"加杠|补杠|面下杠|弯杠")):
        m = re.search(r"(?:" + word + r")[^，。；]*?(?:付|收|给|赔)\s*" + NUM + r"\s*(?:分|个底|倍)", t)
        if m:
            v.setdefault("kong_payments", dict(DEFAULT_KONG))[key] = cn_number(m.group(1))
            c.map(f"scoring.kong_payments.{key}")
    if re.search(r"开杠时当场付|当场(?:收|付)|即时(?:收|付|结算)", t) and v.get("kong_payments"):
        c.map("scoring.kong_payments")
    if re.search(r"退税", t):
        c.set("refund", True, "scoring.kong_payments.refund")
    if re.search(r"呼叫转移|转移杠分|杠分转给", t):
        c.set("transfer", True, "scoring.kong_payments.transfer")


@reader
def _gen(c: _Clause) -> None:
    t = c.text
    m = re.search(r"(?:每|一)个?根[^，。；]*?(?:加|算|计)\s*" + NUM + r"\s*[番翻]", t) \
        or re.search(r"根\s*[:：]?\s*(?:每个)?\s*(?:加)?\s*" + NUM + r"\s*[番翻]", t)
    if m:
        c.facts.fans["根"] = cn_number(m.group(1))
        c.facts.fan_words.setdefault("根", "根")
        c.map("fan_types[根]")
    elif re.search(r"(?:每|一)个?根|带根|有根|根(?:加|算)", t):
        c.facts.fans.setdefault("根", None)
        c.map("fan_types[根]")
    if re.search(r"根", t):
        if re.search(r"只(?:算|数)(?:开出的)?杠|杠了才算|开杠才算", t):
            c.set("gen_unit", "kong", "fan_types[根].per")
        elif re.search(r"杠了或没杠都算|没杠也算|四张(?:一样|相同)", t):
            c.set("gen_unit", "four_of_a_kind", "fan_types[根].per")


@reader
def _void_effects(c: _Clause) -> None:
    """What 定缺 implies, stated again (``缺门的牌不能碰、不能杠``, ``手里还有缺门的牌就不能胡``)."""
    if c.facts.values.get("void") and re.search(r"缺门的牌[^，。；]*不能|不能[^，。；]*缺门", c.text):
        c.map("phases[type=declare_void]")
    if c.facts.values.get("blood") and re.search(r"手牌锁定|摸什么打什么|(?:还|可以|能)(?:可以)?再胡|多次胡|当时结算|每次胡牌", c.text):
        c.map("phases.play.sub_phases.others_reaction.on_win")
    if c.facts.values.get("doubling") and re.search(r"(?:得|算)\s*(?:一|1)\s*个?底分|只得(?:一|1)个?底", c.text):
        c.map("scoring.doubling.base")
    if re.search(r"自摸[^，。；]*(?:每家|各家|三家|没胡的人)[^，。；]*各?付", c.text):
        c.map("scoring.self_draw_multiplier")


@reader
def _doubling_details(c: _Clause) -> None:
    t = c.text
    v = c.facts.values
    m = re.search(r"底分\s*(?:为|是)?\s*" + NUM, t)
    if m and (v.get("doubling") or re.search(DOUBLING, t)):
        c.set("doubling_base", cn_number(m.group(1)), "scoring.doubling.base")
    if re.search(r"(?:天胡|地胡)[^。；]*(?:直接|按)封顶|封顶[^。；]*(?:天胡|地胡)", t):
        v["at_cap"] = sorted(set(v.get("at_cap") or []) | {n for n in ("天胡", "地胡") if n in t})
        c.map("fan_types.at_cap")
    if re.search(r"(?:平胡|素胡|素番)[^，。；]*(?:不算番|0\s*番|零番)", t):
        c.facts.fans["素胡"] = 0
        c.facts.fans.pop("平胡", None)
        c.map("fan_types[素胡]")
