"""Reading settlement items (``settlement_items``) from a description: 精分 / 冲关 / 霸王精 / 德国,
抓鸟 / 扎鸟 / 奖码, 买马, 跟庄, 连庄, 飘, 包赔 / 包牌.

:func:`read_items` is called on every clause by the reader in :mod:`dslgen.generate.description_facts`. What it
reads goes into ``facts.values["settlement_items"]`` (item name → parameters, in the order first
mentioned) and ``facts.item_sources`` (``"item.param"`` → the sentence, or ``"assumed:…"`` for a value
the text implies but does not give). A clause that names an item in a wording this module cannot read
becomes a gap with the reason, so nothing is silently dropped. :func:`apply_items` writes the items
into a draft; :func:`item_rows` gives their provenance rows.
"""

from __future__ import annotations

import re
from typing import Any

from dslgen.generate.sentence_rules import NUM, cn_number
from engine.settlement_items import ITEMS

_DOUBLE = r"(?:翻倍|加倍|翻一倍|乘\s*2|乘以\s*2|[x×]\s*2|番一倍|两倍)"
#: Words naming a settlement item or one of its parameters (not fans): a clause read as an item whose list
#: entry is such a word with a value ("副精1分", "德国5分") is that item's value, not an unknown fan.
ITEM_WORDS = re.compile(r"正精|副精|精分|冲关|霸王精|德国|硬胡|鸟|买马|买码|奖马|中马|马牌|奖码|抓码|扎码|跟庄|连庄|飘|漂|包赔|包牌|口口翻")
#: Every player at the table: whose 精 count when ``holders`` is ``all`` ("每家手里的精都算", "所有人手里的精都算分").
_EVERYONE = r"(?:每家|每一家|各家|每人|每个人|所有人|所有玩家|大家|全部玩家|人人|四家)"


def _items(c) -> dict[str, dict[str, Any]]:
    """The items read so far (a view: looking records nothing; only :func:`_put` states an item, and an empty
    ``settlement_items`` fact would claim there are none)."""
    return c.facts.values.get("settlement_items") or {}


def _put(c, item: str, source: str = "", implied: dict[str, Any] | None = None, **params: Any) -> None:
    """Record ``item`` with ``params`` stated by this clause (``source`` ``assumed:…`` marks an assumption).

    ``implied``: parameters the clause's wording implies without stating them (扎鸟 counts seats) — kept only
    while no clause states them, and no claim of this clause: a later clause that states one ("按胡牌者为1，
    数1、5、9") completes the same item rather than contradicting the word."""
    items = c.facts.values.setdefault("settlement_items", {})
    entry = items.setdefault(item, {})
    entry.update(params)
    sources = c.facts.__dict__.setdefault("item_sources", {})
    sources.setdefault(item, source or c.text)
    for key in params:
        sources[f"{item}.{key}"] = source or c.text
    for key, value in (implied or {}).items():
        if key not in entry:
            entry[key] = value
            sources[f"{item}.{key}"] = c.cite
    c.set("settlement_items", items, "settlement_items", claim={item: dict(params)})


def read_items(c) -> None:
    """Read every settlement item this clause states (see the module docstring)."""
    for fn in (_jing, _chong_guan, _ba_wang, _de_guo, _birds, _horses, _gen_zhuang, _lian_zhuang, _payer_open_melds,
               _piao, _liability):
        fn(c)


def _jing(c) -> None:
    t = c.text
    p = re.search(r"正精\s*(?:每张)?\s*(?:算|计|得)?\s*" + NUM + r"\s*分", t)
    s = re.search(r"副精\s*(?:每张)?\s*(?:算|计|得)?\s*" + NUM + r"\s*分", t)
    params: dict[str, Any] = {}
    if p:
        params["primary"] = cn_number(p.group(1))
    if s:
        params["secondary"] = cn_number(s.group(1))
    if params:
        # whose 精 count is stated only by a clause that says so ("胡牌的人正精每张2分"); a bare value
        # ("副精1分") leaves ``holders`` to its own sentence or the registry's default
        if re.search(r"(胡牌|和牌)(的人|者|家)[^，。]*(正精|精)", t):
            params["holders"] = "winner"
        _put(c, "jing_points", **params)
        return
    if re.search(_EVERYONE + r"[^，。]*精[^，。]*(?:都|也)?(?:算|计)", t) \
            and ("精分" in t or "jing_points" in _items(c) or re.search(r"精[^，。]*(?:算|计)(?:分|钱)", t)):
        _put(c, "jing_points", holders="all")  # 算精分：每家手里的精都算 / 所有人手里的精都算分（精分）
        return
    if "精分" in t and re.search(r"只(?:算|计)(?:胡牌|和牌)(?:的人|者|家)[^，。]*精", t):
        _put(c, "jing_points", holders="winner")
        return
    if "jing_points" not in c.facts.values.get("settlement_items", {}):
        return
    if re.search(r"流局[^，。]*(不算|不计|不结算)[^，。]*精", t):
        _put(c, "jing_points", on_draw=False)
    elif re.search(r"流局[^，。]*(也|照)(算|计)[^，。]*精", t):
        _put(c, "jing_points", on_draw=True)
    elif re.search(r"(有精|精)[^，。]*(收|赢|给|付)[^，。]*精分|精分[^，。]*(互相|各家|每家)", t):
        _put(c, "jing_points", holders="winner" if re.search(r"胡牌的人|和牌者", t) else "all")


def _chong_guan(c) -> None:
    t = c.text
    if "冲关" in t:
        m = re.search(r"(?:达到|到了|到|满|够|有|超过)\s*" + NUM + r"\s*分", t)
        params: dict[str, Any] = {}
        if m:
            params["chong_guan_threshold"] = cn_number(m.group(1))
        if re.search(_DOUBLE, t):
            params["chong_guan_multiplier"] = 2
        mult = re.search(r"(?:乘|乘以|[x×])\s*" + NUM, t)
        if mult and "chong_guan_multiplier" not in params:
            params["chong_guan_multiplier"] = cn_number(mult.group(1))
        if params:
            _put(c, "jing_points", **params)
        if "chong_guan_threshold" not in params and not _items(c).get("jing_points", {}).get("chong_guan_threshold"):
            _put(c, "jing_points", "assumed:南昌常见规则：精分 5 分冲关、翻倍（描述没有给门槛）",
                 chong_guan_threshold=5,
                 chong_guan_multiplier=params.get("chong_guan_multiplier", ITEMS["jing_points"].params["chong_guan_multiplier"].default))
        return
    jing = _items(c).get("jing_points", {})
    if not jing.get("chong_guan_threshold"):
        return
    step = re.search(r"每多\s*" + NUM + r"\s*分[^，。]*(?:再)?(?:多|加)\s*翻?\s*(?:一|1)\s*倍", t)
    if step:
        _put(c, "jing_points", chong_guan_step=1)
    elif re.search(r"^(?:精分)?" + _DOUBLE, t) or re.search(r"精分[^，。]*" + _DOUBLE, t):
        _put(c, "jing_points", chong_guan_multiplier=2)


def _ba_wang(c) -> None:
    t = c.text
    if "霸王精" not in t:
        return
    m = re.search(r"(?:乘|乘以|[x×])\s*" + NUM + r"|" + NUM + r"\s*倍", t)
    value = 2 if re.search(_DOUBLE, t) or not m else cn_number(m.group(1) or m.group(2))
    _put(c, "jing_points", ba_wang_multiplier=value)


def _de_guo(c) -> None:
    t = c.text
    named = "德国" in t or "硬胡" in t
    follows = re.search(r"德国|硬胡", c.previous) and not re.search(r"德国|硬胡", t)
    if not named and not follows:
        return
    add = re.search(r"(?:加|多(?:赢|给|收)?(?:每家)?)\s*" + NUM + r"\s*[分番]", t)
    if re.search(_DOUBLE, t):
        _put(c, "de_guo", mode="multiply", value=2)
    elif add:
        _put(c, "de_guo", mode="add", value=cn_number(add.group(1)))
    elif named and re.search(r"加分|奖励|多赢|多收", t):
        _put(c, "de_guo", "assumed:描述没有给德国的分值：每个付款者多付 1 分", mode="add", value=1)
    elif named and re.search(r"另算|照旧|老规矩|照算", t):
        _put(c, "de_guo", "assumed:南昌常见规则：德国胡牌的钱翻倍（描述没有给算法）", mode="multiply", value=2)
    elif named:
        _put(c, "de_guo")


def _payer_open_melds(c) -> None:
    """口口翻的付款一方：``付钱的人自己每开一次口，他付的钱也翻一倍`` / ``输家每个副露也翻倍``."""
    t = c.text
    payer = re.search(r"(?:付|给|输)[^，。；]{0,4}(?:钱|分)?的人|输家|付款(?:的人|者)|每个输的人", c.previous + t)
    opened = re.search(r"每(?:开|吃碰)(?:一)?(?:次|个)口|每(?:个|一个|次)副露|每开一口|口口翻", c.previous + t)
    if not (payer and opened and re.search(r"(?:付|给|出)的?(?:钱|分)|也", t)):
        return
    m = re.search(NUM + r"\s*倍", t)
    value = 2 if re.search(_DOUBLE, t) or not m else cn_number(m.group(1))
    _put(c, "payer_open_melds", value=value)


def _birds(c) -> None:
    t = c.text
    words = re.search(r"抓鸟|扎鸟|奖码|中鸟|抓码|扎码|翻[^，。]{0,6}鸟|鸟牌", t)
    if not words and not re.search(r"鸟", c.previous + t):
        return
    if not words and "birds" not in _items(c):
        return
    params: dict[str, Any] = {}
    m = re.search(r"(?:抓|扎|翻|奖|摸)\s*" + NUM + r"\s*(?:张|只|个|码)|(?:抓|扎|奖)(?:鸟|码)\s*" + NUM, t)
    if m:
        params["count"] = cn_number(m.group(1) or m.group(2))
    implied: dict[str, Any] = {}
    if re.search(_COUNTED_FROM_WINNER, t):  # seats counted from the winner: 1、5、9 are then the winner's own
        params["mapping"] = "seat_by_rank"
    elif re.search(r"1\s*[、，,]?\s*5\s*[、，,]?\s*9|一五九|幺五九", t):
        params["mapping"] = "winner_159"
        # the hits are listed: a wildcard flipped hits only when the list names it ("1、5、9 或红中")
        from dslgen.generate.description_facts import WILD

        params["wild_hits"] = bool(re.search(WILD + r"|红中|发财|白板", t))
    elif re.search(r"按(?:点数|牌)[^，。]*(?:数|算)[^，。]*(?:座位|家)", t):
        params["mapping"] = "seat_by_rank"
    elif "扎鸟" in t:  # the word implies counting seats; a clause that says how the birds hit decides
        implied["mapping"] = "seat_by_rank"
    add = re.search(r"(?:每中一(?:只|个)鸟|中一(?:只|个)鸟|每只鸟|每个鸟)[^，。]*?(?:多|加)(?:赢|收|给)?(?:每家)?\s*" + NUM + r"\s*分", t)
    if add:
        params.update(effect="add", value=cn_number(add.group(1)))
    elif re.search(r"鸟[^，。]*" + _DOUBLE, t):
        params["effect"] = "multiply"
    if re.search(r"牌墙(?:最)?(?:后|尾)|牌尾|海底", t):
        params["wall_end"] = "tail"
    elif re.search(r"牌墙(?:最)?(?:前|头)|牌头", t):
        params["wall_end"] = "head"
    if params or words:
        _put(c, "birds", implied=implied, **params)


#: Birds counted over the seats from the winner ("按胡牌者为1", "以胡牌的人为一", "从胡牌的人起数"): ``seat_by_rank``.
_COUNTED_FROM_WINNER = (r"(?:按|以|把)(?:胡牌|和牌|胡|赢)(?:的人|者|家|的那家|方)?(?:为|算|当)\s*(?:1|一)(?!\d)"
                        r"|从(?:胡牌|和牌)(?:的人|者|家|的那家)(?:开始|起)?数")


def _horses(c) -> None:
    t = c.text
    if not re.search(r"买马|买码|奖马|中马|马牌", t):
        return
    m = re.search(r"买\s*" + NUM + r"\s*(?:匹|个|张)?\s*马|买马\s*" + NUM + r"\s*(?:匹|个|张)", t)
    params: dict[str, Any] = {"count": cn_number(m.group(1) or m.group(2))} if m else {}
    add = re.search(r"(?:每匹|中一匹|每中一匹)[^，。]*(?:多|加)\s*" + NUM + r"\s*分", t)
    if add:
        params.update(effect="add", value=cn_number(add.group(1)))
    _put(c, "horses", **params)


def _gen_zhuang(c) -> None:
    t = c.text
    pay = (r"(?:赔|付|给|输)(?:给)?(?:[^，。；]{0,10}?(?:每家|每人|各家|各)|(?:其他)?(?:每家|每人|各家)?)\s*"
           + NUM + r"\s*分")
    if "跟庄" not in t:
        m = re.search(pay, t) if "跟庄" in c.previous and "gen_zhuang" in _items(c) else None
        if m:  # "……，算作跟庄，庄家输给其他三位闲家每人一分": the stake follows the word
            _put(c, "gen_zhuang", value=cn_number(m.group(1)))
        return
    m = re.search(pay, t)
    _put(c, "gen_zhuang", **({"value": cn_number(m.group(1))} if m else {}))


def _lian_zhuang(c) -> None:
    t = c.text
    if not re.search(r"连庄", t) or re.search(r"(?:不设置?|没有|不能|不可|不许|无|不)连庄", t):
        return
    if re.search(r"(?:称为|叫做|叫|称作|称之为|就是|即为?|算作?|视为|当作|记为)连庄", t):
        c.map("game.seating.next_dealer")  # "……继续坐庄，称为连庄": the word for the dealer staying on, no stake
        return
    if "next_dealer" in c.values and not re.search(r"加|多|翻|倍|分|番|台", t):
        return  # "庄家胡了连庄": who deals next (game.seating), no stake
    m = re.search(r"(?:每连一庄|连一庄|每连庄一次|每连(?:庄)?\s*(?:1|一)\s*(?:次|庄|局|把))[^，。]*?(?:加|多)(?:算|收|赢)?\s*"
                  + NUM + r"\s*[分番台]", t)
    if m:
        _put(c, "lian_zhuang", mode="add", value=cn_number(m.group(1)))
    elif re.search(r"连庄[^，。]*" + _DOUBLE, t):
        _put(c, "lian_zhuang", mode="multiply", value=2)
    elif re.search(r"\d\s*[分番台倍]|[一二两三四五六七八九十]\s*[分番台倍]", t):
        c.question("settlement_items", "settlement_items[lian_zhuang]",
                   "连庄的分值读者没有读懂：这句给了数值，但不是读者认识的“每连一庄加 N”的写法；请确认连庄怎么计分")
    elif re.search(r"[「“\"]连庄[」”\"]|等规则|等玩法", t):
        c.question("settlement_items", "settlement_items[lian_zhuang]",
                   "描述只提到有连庄，没有说连庄怎么计分：请确认连庄的计分（或说明它只是庄家连做）")
    else:
        _put(c, "lian_zhuang")


def _piao(c) -> None:
    t = c.text
    if not re.search(r"飘|漂", t) or re.search(r"财飘|飘两次", t) or not re.search(r"(?:飘|漂)(?![胡和糊])", t):
        return  # "飘胡" names a hand (all pungs), not a 飘 stake
    m = re.search(r"(?:飘|漂)(?:分)?\s*" + NUM + r"\s*分|" + NUM + r"\s*分[^，。]*(?:飘|漂)", t)
    _put(c, "piao", **({"value": cn_number(m.group(1) or m.group(2))} if m else {}))


def _liability(c) -> None:
    t = c.text
    if "亮倒" in t:
        return
    cases = []
    if re.search(r"(?:被抢杠|被抢)[^，。]*(?:包|赔)|抢杠[^，。]*(?:包赔|包三家)", t):
        cases.append("robbed_kong")
    if re.search(r"(?:喂|给|供)[^，。]*第三(?:副|摊|口|次)|三摊承包|包牌", t):
        cases.append("third_meld")
    if not cases and re.search(r"包赔|包三家|一个人包", t) and re.search(r"抢杠", c.previous + t):
        cases.append("robbed_kong")
    if cases:
        entry = _items(c).get("liability", {})
        _put(c, "liability", cases=sorted(set(entry.get("cases", [])) | set(cases)))
    entry = _items(c).get("liability", {})
    if "robbed_kong" not in entry.get("cases", []):
        return
    for clause in (t, c.previous):  # "抢杠胡算自摸，被抢杠的人一个人包三家的钱": priced as a self-draw
        if re.search(_ROBBED_AS_SELF_DRAW, clause):
            _put(c, "liability", clause, robbed_kong_as_self_draw=True)
            break


#: A robbed kong's win priced as a self-draw (``liability.robbed_kong_as_self_draw``).
_ROBBED_AS_SELF_DRAW = r"抢杠(?:胡|和)?(?:算|按|当)(?:作|成)?自摸"


def apply_items(data: dict[str, Any], values: dict[str, Any]) -> None:
    """Write the items read into ``data["settlement_items"]`` (or drop them when the text states none)."""
    items = values.get("settlement_items")
    if not items:
        data.pop("settlement_items", None)
        return
    data["settlement_items"] = [{"item": name, **params} for name, params in items.items()]


def finish_items(facts) -> None:
    """What the items read cannot say together, once every clause is read: a gap.

    包赔 of a robbed kong prices the win as a self-draw and has the robbed player pay it all, but the
    engine's birds charge each paying player for the birds; on a robbed kong only the robbed player pays
    (whichever item comes first), so he pays one share of the bird money, not the three players' shares
    that "包三家的钱" covers."""
    items = facts.values.get("settlement_items") or {}
    if "birds" in items and "robbed_kong" in (items.get("liability") or {}).get("cases", []):
        text = facts.item_sources.get("liability.cases") or facts.item_sources.get("liability", "")
        entry = {"text": text, "reason": "抢杠胡时被抢杠的人只付自己那一份中鸟分：DSL 的包赔不能让他连另外两家的中鸟分一起包"}
        if entry not in facts.gaps:
            facts.gaps.append(entry)


def items_of(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The settlement items a rule mapping declares: item name → parameters with defaults filled in."""
    from engine.settlement_items import ITEMS

    out = {}
    for entry in data.get("settlement_items") or []:
        if isinstance(entry, dict) and entry.get("item") in ITEMS:
            out[entry["item"]] = ITEMS[entry["item"]].settings(entry)
    return out


def same_items(want: dict[str, dict[str, Any]], got: dict[str, dict[str, Any]]) -> bool:
    """True when every item (and parameter) the text states is in the draft with that value."""
    if not isinstance(want, dict) or not isinstance(got, dict):
        return want == got
    return all(name in got and all(got[name].get(k) == v for k, v in params.items()) for name, params in want.items())


def item_rows(data: dict[str, Any], facts) -> list[dict[str, Any]]:
    """Provenance of every settlement-item parameter in ``data``: stated (with its sentence), assumed
    (with why), or the registry's default."""
    from engine.settlement_items import ITEMS

    sources = getattr(facts, "item_sources", {})
    rows = []
    for entry in data.get("settlement_items") or []:
        if not isinstance(entry, dict) or entry.get("item") not in ITEMS:
            continue
        unit = ITEMS[entry["item"]]
        for key, param in unit.params.items():
            value = entry.get(key, param.default)
            src = sources.get(f"{unit.name}.{key}", "")
            if src.startswith("assumed:"):
                rows.append((f"settlement_items[{unit.name}].{key}", f"{unit.zh} {param.zh}", value, "assumed", "", src[8:]))
            elif src:
                rows.append((f"settlement_items[{unit.name}].{key}", f"{unit.zh} {param.zh}", value, "stated", src, ""))
            elif key in entry and value != param.default:
                rows.append((f"settlement_items[{unit.name}].{key}", f"{unit.zh} {param.zh}", value, "assumed", "", "模板或模型"))
            else:
                rows.append((f"settlement_items[{unit.name}].{key}", f"{unit.zh} {param.zh}", value, "default", "",
                             "engine/settlement_items.py 的参数默认值"))
    return rows
