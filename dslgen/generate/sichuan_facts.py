"""The offline reader's 川麻 wording: 换三张 direction, 刮风下雨 amounts, 退税, 呼叫转移, 根, 加倍计分, 封顶番.

Facts recorded (keys of :attr:`dslgen.generate.description_facts.Facts.values`): ``exchange`` (the 换三张
direction), ``void`` (定缺), ``blood`` (血流成河), ``doubling`` / ``doubling_base`` /
``self_draw_bonus`` (加倍计分), ``kong_payments`` (``{ming_kong, an_kong, bu_kong}``), ``refund``
(退税), ``transfer`` (呼叫转移), ``gen_unit`` (根's unit) and ``at_cap`` (fans that score the cap:
天胡、地胡 直接封顶). The 根 value goes to :attr:`Facts.fans` like any fan.
"""

from __future__ import annotations

import re

from dslgen.generate.sentence_rules import NUM, Clause, cn_number, maps, read_each, read_first, reader, says

#: Wording of a doubling table: points = base × 2^番.
DOUBLING = (r"2\s*的番数?次方|2\s*的\s*N\s*次方|按番(?:数)?翻倍|每(?:多)?(?:一|1)?番(?:翻一倍|翻倍|乘以?\s*2)|"
            r"番数翻倍|翻番计分|加倍计分|几番就翻几倍|每番翻一倍")

#: 刮风下雨 amounts assumed when the description names kong money without any number (the usual 川麻
#: amounts; the draft lists them as assumptions). When it gives some amounts, a kind it leaves out takes
#: the specification's default (0: that kong collects nothing), shown as such.
DEFAULT_KONG = {"ming_kong": 2, "an_kong": 2, "bu_kong": 1}
#: The kinds of kong that collect money (``scoring.kong_payments``), in the specification's order.
KONG_KINDS = ("ming_kong", "an_kong", "bu_kong")


#: 换三张 directions by their wording (checked in order).
_DIRECTIONS = ((r"骰", "dice"), (r"自选|自己选|庄家选|选择方向", "chosen"), (r"对家", "opposite"), (r"上家|逆时针", "previous"),
               (r"下家|顺时针", "next"))


def exchange_direction(text: str, current: str | None = None) -> str:
    """The 换三张 direction a clause states (``current``, else ``dice``, when it names none)."""
    return next((direction for pattern, direction in _DIRECTIONS if re.search(pattern, text)), current or "dice")


@reader
def _exchange_direction(c: Clause) -> None:
    """A direction stated in a clause after the one naming 换三张 (``掷骰子决定换给下家、上家还是对家``)."""
    v = c.facts.values
    if v.get("exchange") and not re.search(r"换三张|换牌", c.text) and re.search(r"(换给|方向)", c.text):
        v["exchange"] = exchange_direction(c.text, v["exchange"])
        c.map("phases[type=exchange_three].direction")


#: 刮风下雨 paid at once, 退税, 呼叫转移.
_KONG_RULES = (
    maps(r"开杠时当场付|当场(?:收|付)|即时(?:收|付|结算)", "scoring.kong_payments", when="kong_payments"),
    says(r"退税", "refund", True, "scoring.kong_payments.refund"),
    # "流局，杠分照算": a draw keeps the kong money (no refund)
    says(r"杠(?:分|钱)(?:也)?(?:照|照样|照常|一样)(?:算|给|收|结算)|杠(?:分|钱)不退", "refund", False,
         "scoring.kong_payments.refund", when="kong_payments"),
    says(r"呼叫转移|转移杠分|杠分转给", "transfer", True, "scoring.kong_payments.transfer"),
)


@reader
def _kong_money(c: Clause) -> None:
    """刮风下雨 (``kong_payments``: the amounts each kong collects), 退税, 呼叫转移."""
    t = c.text
    v = c.facts.values
    if re.search(r"刮风下雨|杠钱|杠分|杠(?:牌)?(?:后|时)?(?:立即|马上|当场)?收(?:分|钱)", t):
        v.setdefault("kong_payments", {})
        c.facts.sources.setdefault("kong_payments", t)
        c.map("scoring.kong_payments")
    for key, word in (("ming_kong", r"明杠|直杠|点杠"), ("an_kong", r"暗杠"), ("bu_kong", r"加杠|补杠|面下杠|弯杠")):
        m = re.search(r"(?:" + word + r")[^，。；]*?(?:付|收|给|赔)\s*" + NUM + r"\s*(?:分|个底|倍)", t)
        if m:
            amounts = v.setdefault("kong_payments", {})
            amounts[key] = cn_number(m.group(1))
            c.facts.sources[f"kong_payments.{key}"] = t
            c.set("kong_payments", amounts, f"scoring.kong_payments.{key}", claim={key: amounts[key]})
    for rule in read_each(c, _KONG_RULES):
        if rule.key and "kong_payments" in v:  # 退税 / 杠分照算 / 呼叫转移: checked against the draft's kong_payments
            c.set("kong_payments", v["kong_payments"], rule.section,
                  claim={**c.values.get("kong_payments", {}), rule.key: rule.value})


#: What one 根 counts (``fan_types[根].per``), in a clause that names 根.
_GEN_UNIT = (
    says(r"只(?:算|数)(?:开出的)?杠|杠了才算|开杠才算", "gen_unit", "kong", "fan_types[根].per"),
    says(r"杠了或没杠都算|没杠也算|四张(?:一样|相同)", "gen_unit", "four_of_a_kind", "fan_types[根].per"),
)


@reader
def _gen(c: Clause) -> None:
    """``每个根加 1 番`` (the fan 根 and its value) and what a 根 counts (``gen_unit``)."""
    t = c.text
    m = re.search(r"(?:每|一)个?根[^，。；]*?(?:加|算|计)\s*" + NUM + r"\s*[番翻]", t) \
        or re.search(r"根\s*[:：]?\s*(?:每个)?\s*(?:加)?\s*" + NUM + r"\s*[番翻]", t)
    if m:
        c.facts.fans["根"] = cn_number(m.group(1))
        c.facts.fan_sources["根"] = c.text
        c.facts.fan_words.setdefault("根", "根")
        c.map("fan_types[根]")
    elif re.search(r"(?:每|一)个?根|带根|有根|根(?:加|算)", t):
        c.facts.fans.setdefault("根", None)
        c.map("fan_types[根]")
    if re.search(r"根", t):
        read_first(c, _GEN_UNIT)


#: What 定缺, 血流成河 and the doubling table imply, stated again: mapped, no fact.
_RESTATED = (
    maps(r"缺门的牌[^，。；]*不能|不能[^，。；]*缺门", "phases[type=declare_void]", when="void"),
    maps(r"手牌锁定|摸什么打什么|(?:还|可以|能)(?:可以)?再胡|多次胡|当时结算|每次胡牌", "phases.play.sub_phases.others_reaction.on_win",
         when="blood"),
    maps(r"(?:得|算)\s*(?:一|1)\s*个?底分|只得(?:一|1)个?底", "scoring.doubling.base", when="doubling"),
    maps(r"自摸[^，。；]*(?:每家|各家|三家|没胡的人)[^，。；]*各?付", "scoring.self_draw_multiplier"),
)


@reader
def _void_effects(c: Clause) -> None:
    """What 定缺 implies, stated again (``缺门的牌不能碰、不能杠``, ``手里还有缺门的牌就不能胡``); likewise 血流成河
    and the doubling table (:data:`_RESTATED`)."""
    read_each(c, _RESTATED)


@reader
def _doubling_details(c: Clause) -> None:
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
        c.facts.fan_sources["素胡"] = c.text
        c.facts.fans.pop("平胡", None)
        c.map("fan_types[素胡]")
