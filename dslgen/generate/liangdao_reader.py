"""Reading 亮倒 (卡五星) from a description: the action, how the hand is laid down, and what it pays.

:func:`read_liang_dao` is called on every clause by the reader in :mod:`dslgen.generate.description_facts`. A clause
that names 亮倒 (亮倒 / 亮牌 / 亮了 / 亮出来 after 听牌) opens a 亮倒 context for the rest of its sentence
("亮倒：听牌以后可以把手里的牌亮出来，亮了以后胡牌翻倍，放炮给亮倒的人要包赔。"). In that context:

* the action: ``facts.values["liang_dao"]`` (the ``liang_dao`` block's stated fields; present = the
  draft lists ``{action: liang_dao}``);
* ``expose``: 暗刻 kept face down (扣着 / 扣下 / 不用亮) or only the wait's tiles (听口的牌) → ``wait_tiles``;
  the whole hand (手里的牌 / 全部 / 所有的牌) → ``all``;
* ``kongs``: a kong that keeps the wait (不影响听口 / 不改听 … 杠) → ``keep_wait``; 不能再杠 → ``none``;
* the money, as the ``liang_dao`` settlement item (:mod:`dslgen.generate.items_reader`): 输赢都翻倍 →
  ``win_multiplier`` and ``loss_multiplier`` 2; 胡牌翻倍 / 赢了翻倍 → ``win_multiplier``; 输了翻倍 →
  ``loss_multiplier``; 包赔 / 包三家 / 替…付 for feeding the declarer → ``feeder_pays_all``; 荒庄 … 亮倒 … 赔每家
  N → ``draw_penalty``.

The gap reader leaves a clause read here alone (:func:`is_liang_dao_clause`). :func:`apply_liang_dao`
writes the action and the block into a draft (or removes a base file's when the text never names 亮倒);
:func:`liang_dao_rows` gives their provenance rows.
"""

from __future__ import annotations

import re
from typing import Any

from dslgen.generate.items_reader import _DOUBLE, _put
from dslgen.generate.sentence_rules import NUM, cn_number

#: Words that name 亮倒 (or, inside its sentence, refer back to it).
_NAMES = re.compile(r"亮倒|(?:听牌|听了|报听)[^。]{0,12}亮(?:牌|出|开|倒)")
_BACK = re.compile(r"亮了|亮出|亮开|亮倒|亮牌")
_TIMES = r"(?:" + _DOUBLE + r"|(?:乘|乘以|[x×])\s*" + NUM + r"|" + NUM + r"\s*倍)"


def _state(c) -> dict[str, Any]:
    """This sentence's 亮倒 context (reset at each sentence's first clause)."""
    state = c.facts.__dict__.setdefault("_liang_dao_state", {"on": False})
    if not c.previous:
        state["on"] = False
    return state


def is_liang_dao_clause(c) -> bool:
    """True when :func:`read_liang_dao` read this clause as part of a 亮倒 context."""
    return c.text in c.facts.__dict__.get("_liang_dao_clauses", ())


def _times(m: re.Match) -> int:
    """The multiplier a :data:`_TIMES` match says (翻倍 = 2)."""
    number = next((g for g in m.groups() if g), None)
    return max(1, cn_number(number)) if number else 2  # "零倍" is no multiplier the schema allows


def read_liang_dao(c) -> None:
    """Read what this clause says about 亮倒 (see the module docstring)."""
    from dslgen.generate.opening_reader import is_opening_clause

    t = c.text
    state = _state(c)
    if is_opening_clause(c):  # 长沙's 起手小胡 are shown (亮牌) too: not 亮倒
        return
    if _NAMES.search(c.previous + "，" + t) and _BACK.search(t) or _NAMES.search(t) or (state["on"] and _BACK.search(t)):
        state["on"] = True
    elif not state["on"] or not re.search(r"翻倍|加倍|倍|包|赔|扣|杠|改牌|摸什么打什么|锁", t):
        return
    c.facts.__dict__.setdefault("_liang_dao_clauses", set()).add(t)
    block = dict(c.facts.values.get("liang_dao") or {})
    claim: dict[str, Any] = {}
    if re.search(r"扣(?:着|下|住)|暗刻[^，。]*(?:不亮|不用亮|不必亮)|听口的牌|听的牌[^，。]*亮", t):
        claim["expose"] = "wait_tiles"
    elif re.search(r"(?:手里的牌|手牌|全部|所有的?牌|整手牌?)[^，。]{0,6}(?:亮|摊|倒)|亮(?:出|开)?(?:全部|所有)", t):
        claim["expose"] = "all"
    if re.search(r"不(?:能|许|可以)再?(?:开)?杠", t):
        claim["kongs"] = "none"
    elif re.search(r"杠", t) and re.search(r"不(?:影响|改|变)[^，。]*(?:听|叫)|(?:听|叫)[^，。]*不变|可以(?:开)?杠", t):
        claim["kongs"] = "keep_wait"
    block.update(claim)
    sources = c.facts.__dict__.setdefault("item_sources", {})
    sources.setdefault("liang_dao_block.action", t)
    for key in claim:
        sources[f"liang_dao_block.{key}"] = t
    c.set("liang_dao", block, "liang_dao", claim=claim)
    _money(c, t)


def _money(c, t: str) -> None:
    both = re.search(r"输赢(?:都|均|一律)?(?:算)?" + _TIMES, t)
    if both:
        k = _times(both)
        _put(c, "liang_dao", win_multiplier=k, loss_multiplier=k)
    else:
        win = re.search(r"(?:胡牌|胡了|和牌|赢了?|收)[^，。]{0,6}?" + _TIMES, t)
        if win:
            _put(c, "liang_dao", win_multiplier=_times(win))
        loss = re.search(r"(?:输了?|付|赔|给)[^，。]{0,6}?" + _TIMES, t)
        if loss and not win:
            _put(c, "liang_dao", loss_multiplier=_times(loss))
    if re.search(r"(?:荒庄|流局|黄庄|没人胡)", t):
        m = re.search(r"赔(?:给)?(?:每家|各家|每人|其他(?:每)?家|别家)?\s*" + NUM + r"\s*[分个番]?", t)
        if m:
            _put(c, "liang_dao", draw_penalty=cn_number(m.group(1)))
    elif re.search(r"包赔|包三家|包两家|包(?:所有|全部)|替[^，。]*(?:付|给)|(?:一个人|一家)(?:付|给|出)", t) \
            and re.search(r"放炮|点炮|打出|喂", t + c.previous):
        _put(c, "liang_dao", feeder_pays_all=True)


def apply_liang_dao(data: dict[str, Any], values: dict[str, Any]) -> None:
    """Write the 亮倒 action and its ``liang_dao`` block when the description names 亮倒; remove a base
    file's otherwise."""
    play = next((p for p in data.get("phases") or [] if isinstance(p, dict) and p.get("type") == "mahjong_turn"), None)
    if play is None:
        return
    selfs = play.setdefault("sub_phases", {}).setdefault("self_action", {}).setdefault("options", [])
    selfs[:] = [o for o in selfs if not (isinstance(o, dict) and o.get("action") == "liang_dao")]
    data.pop("liang_dao", None)
    if "liang_dao" not in values:
        return
    selfs.append({"action": "liang_dao"})
    block = {k: v for k, v in (values.get("liang_dao") or {}).items() if v is not None}
    if block:
        data["liang_dao"] = block


def liang_dao_of(data: dict[str, Any]) -> dict[str, Any]:
    """The ``liang_dao`` block a rule mapping plays, documented defaults filled in."""
    from engine import defaults as D

    block = data.get("liang_dao") if isinstance(data.get("liang_dao"), dict) else {}
    return {key: block.get(key, D.default(f"liang_dao.{key}")) for key in ("expose", "kongs")}


def liang_dao_rows(data: dict[str, Any], facts) -> list[tuple]:
    """Provenance of the ``liang_dao`` block's fields: stated (with the sentence) or the spec's default."""
    from engine import defaults as D

    if not any(isinstance(o, dict) and o.get("action") == "liang_dao"
               for p in data.get("phases") or [] if isinstance(p, dict)
               for o in ((p.get("sub_phases") or {}).get("self_action") or {}).get("options") or []):
        return []
    labels = {"expose": "亮倒时亮出什么", "kongs": "亮倒后能不能开杠"}
    stated = facts.values.get("liang_dao") or {}
    sentence = getattr(facts, "item_sources", {}).get("liang_dao_block.action", facts.sources.get("liang_dao", ""))
    rows = [("phases.play.self_action.liang_dao", "亮倒动作", True, "stated", sentence, "")]
    block = data.get("liang_dao") or {}
    for key, label in labels.items():
        value = block.get(key, D.default(f"liang_dao.{key}"))
        if key in stated:
            source = getattr(facts, "item_sources", {}).get(f"liang_dao_block.{key}", sentence)
            rows.append((f"liang_dao.{key}", label, value, "stated", source, ""))
        else:
            rows.append((f"liang_dao.{key}", label, value, "default", "", "规范第 20 节的默认值"))
    return rows
