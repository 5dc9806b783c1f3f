"""The offline reader's 川麻 wording: 换三张 direction, 刮风下雨 amounts, 退税, 呼叫转移, 根, 加倍计分, 封顶番.

Facts recorded (keys of :attr:`dslgen.generate.description_facts.Facts.values`): ``exchange`` (the 换三张
direction), ``void`` (定缺), ``blood`` (血流成河), ``doubling`` / ``doubling_base`` /
``self_draw_bonus`` (加倍计分), ``kong_payments`` (``{ming_kong, an_kong, bu_kong}``, each amount's sentence in
``Facts.sources["kong_payments.<kind>"]``), ``refund``
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


#: 刮风下雨 paid at once, 退税, 呼叫转移. 退税 (``refund``, §18.6): on a draw the players not ready give back the
#: kong money they took — ``没听牌的要退杠钱`` / ``流局时没下叫的退还杠分`` say the same rule without the word.
_KONG_RULES = (
    maps(r"开杠时当场付|当场(?:收|付)|即时(?:收|付|结算)", "scoring.kong_payments", when="kong_payments"),
    says(r"退税|退(?:还|回)?杠(?:钱|分)|杠(?:钱|分)[^，。；]*退(?:还|回)?", "refund", True, "scoring.kong_payments.refund",
         unless=r"不(?:用|必|需)?退"),
    # "流局，杠分照算": a draw keeps the kong money (no refund)
    says(r"杠(?:分|钱)(?:也)?(?:照|照样|照常|一样)(?:算|给|收|结算)|杠(?:分|钱)不退", "refund", False,
         "scoring.kong_payments.refund", when="kong_payments"),
    says(r"呼叫转移|转移杠分|杠分转给", "transfer", True, "scoring.kong_payments.transfer"),
)

#: The kong kinds of ``scoring.kong_payments`` by their words (a 点杠 followed by 者/的人 is the feeder, not a kind).
_KONG_WORDS = (("ming_kong", r"(?<![双两三四])明杠|直杠|点杠(?!者|的人|的|方|家)"), ("an_kong", r"(?<![双两三四])暗杠"),
               ("bu_kong", r"加杠|补杠|面下杠|弯杠|巴杠"))
_AMOUNT = r"\s*" + NUM + r"\s*(?:分|个底|倍)"
#: The one who fed the kong pays (``放杠者给2分``): the DSL's ``ming_kong`` (paid by the feeder, §18.6).
_FEEDER = re.compile(r"(?:放杠|点杠|引杠)(?:者|的人|的那家|的|方|家)\s*(?:单独|一家|一人)?\s*(?:付|给|赔|出)?" + _AMOUNT)
#: Every player still in the hand pays (``每家2分``, ``收每家1分``, ``三家各付2分``).
_EACH = re.compile(r"(?:每家|各家|每人|三家|其他(?:人|家|三家|各家)|其余(?:人|各家|三家)?)(?:都|各)?\s*(?:付|给|赔|出)?"
                   + _AMOUNT)
#: An amount right after the kind (``暗杠2分``, ``直杠：2分``: kong money only where the text speaks of it — a
#: fan table row ``暗杠 2分`` is the 国标 fan) or after a verb (``明杠收2分``).
_PLAIN = re.compile(r"^\s*[:：]?\s*(?:付|收|给|赔|得|算|计)?\s*" + NUM + r"\s*(?:分|个底)")
_VERB = re.compile(r"(?:付|收|给|赔)" + _AMOUNT)


#: Wording that speaks of kong money (刮风下雨) in a clause.
KONG_MONEY = r"刮风下雨|杠钱|杠分|杠(?:牌)?(?:后|时)?(?:立即|马上|当场)?收(?:分|钱)"


def kong_amounts(text: str, bare: bool = True) -> tuple[dict[str, int], bool]:
    """The 刮风下雨 amounts a clause states, by ``scoring.kong_payments`` key (§18.6: ``ming_kong`` paid by the
    feeder, ``an_kong`` and ``bu_kong`` by each player still in).

    * a feeder's amount (``放杠者给2分``) is ``ming_kong``, whatever kind word it follows;
    * ``暗杠每家2分`` is ``an_kong``, ``加杠每家1分`` ``bu_kong``;
    * ``明杠每家1分（放杠者给2分）``: a 明杠 every player pays for is the one nobody fed — the 加杠 (``bu_kong`` 1) —
      while the fed one is paid by its feeder (``ming_kong`` 2);
    * ``明杠收每家1分`` with no feeder's amount: both open kongs collect that amount (``bu_kong``, and ``ming_kong``
      from the feeder, the nearest reading: the DSL has no fed kong paid by everyone, so the second value
      returned is True and the reader lists the gap);
    * an amount right after a kind word or its verb (``暗杠2分``, ``明杠收2分``) is that kind's (right after it
      only when ``bare``: the text speaks of kong money).

    Returns the amounts and whether the clause makes everyone pay for a fed kong.
    """
    out: dict[str, int] = {}
    fed_by_all = False
    fed = _FEEDER.search(text)
    if fed:
        out["ming_kong"] = cn_number(fed.group(1))
        text = text[:fed.start()] + text[fed.end():]
    marks = sorted((m.start(), m.end(), key) for key, word in _KONG_WORDS for m in re.finditer(word, text))
    for i, (_, end, key) in enumerate(marks):
        seg = text[end:marks[i + 1][0] if i + 1 < len(marks) else len(text)]
        each = _EACH.search(seg)
        if each and key == "ming_kong":
            out["bu_kong"] = cn_number(each.group(1))
            if not fed:
                out["ming_kong"] = cn_number(each.group(1))
                fed_by_all = True
        elif each:
            out[key] = cn_number(each.group(1))
        elif m := ((_PLAIN.match(seg) if bare else None) or _VERB.search(seg)):
            out[key] = cn_number(m.group(1))
    return out, fed_by_all


def is_kong_money(c: Clause) -> bool:
    """The clause states kong money amounts (``暗杠每家2分``; ``暗杠2分`` after ``刮风下雨``): its 明杠 / 暗杠 are not
    the 国标 fans of those names."""
    bare = "kong_payments" in c.facts.values or bool(re.search(KONG_MONEY, c.text))
    return bool(kong_amounts(c.text, bare)[0])


@reader
def _kong_money(c: Clause) -> None:
    """刮风下雨 (``kong_payments``: the amounts each kong collects, :func:`kong_amounts`, each with this clause as
    its evidence in ``sources["kong_payments.<kind>"]``), 退税, 呼叫转移."""
    t = c.text
    v = c.facts.values
    if re.search(KONG_MONEY, t):
        v.setdefault("kong_payments", {})
        c.facts.sources.setdefault("kong_payments", t)
        c.map("scoring.kong_payments")
    amounts, fed_by_all = kong_amounts(t, bare="kong_payments" in v)
    for key, amount in amounts.items():
        kp = v.setdefault("kong_payments", {})
        kp[key] = amount
        c.facts.sources[f"kong_payments.{key}"] = t
        c.set("kong_payments", kp, f"scoring.kong_payments.{key}",
              claim={**c.values.get("kong_payments", {}), key: amount})
    if fed_by_all:
        c.gap(f"点杠（别人打出的牌开的明杠）每家都付杠分无法表达：DSL 的明杠杠分只由放杠者付（scoring.kong_payments.ming_kong），"
              f"草稿按放杠者付 {amounts['ming_kong']} 分、加杠每家付 {amounts['bu_kong']} 分起草")
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
        c.fan("根", cn_number(m.group(1)), "根")
    elif re.search(r"(?:每|一)个?根|带根|有根|根(?:加|算)", t):
        c.fan("根", None, "根")
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
        _plain_win_at_zero(c)


def _plain_win_at_zero(c: Clause) -> None:
    """``平胡0番`` / ``平胡不算番``: the plain win (a hand with no hand-type fan) scoring 0 番 is the fan 素胡 at 0
    (§18.1: "要在番表上写出来，写 {name: 素胡, base_fan: 0}"; engine/fans/sichuan.py: 素胡 is 川麻's 平胡). The
    registry's 平胡 is another fan (all chows, 国标 平和), so the word 平胡 here is not read as that fan: what the
    fan reader recorded for it in this clause is withdrawn, and the clause states 素胡 0 with itself as the
    evidence (the judge compares the draft's 素胡 with it)."""
    for word in ("平胡", "鸡胡"):  # 平胡, or 鸡胡 when the text defined 平胡 as the plain win
        if c.fan_values.get(word) == 0:
            del c.fan_values[word]
            c.fans.remove(word)
            c.facts.fans.pop(word, None)
            c.facts.fan_sources.pop(word, None)
            c.facts.fan_words.pop(word, None)
            if f"fan_types[{word}]" in c.sections:
                c.sections.remove(f"fan_types[{word}]")
            c.facts.mapping = [m for m in c.facts.mapping if m != {"section": f"fan_types[{word}]", "sentence": c.cite}]
    c.facts.fans.pop("平胡", None)
    c.fan("素胡", 0)
