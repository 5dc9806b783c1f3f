"""Reading rule facts from a plain-language Chinese description (the offline drafter's reader).

The description is cut into clauses (sentences, then commas). Every clause goes through the
registered readers (below, then :mod:`dslgen.generate.sichuan_facts` and :mod:`dslgen.generate.wuhan_reader`;
see :data:`READER_MODULES`); a reader that recognises a wording records a fact (``chi: False``), the DSL
section it belongs to, or a gap (a rule the DSL cannot express, with the reason). Most readers declare
their wordings as tables of sentence rules (:mod:`dslgen.generate.sentence_rules`). A clause no reader
recognises is kept in ``unmapped`` (the draft was not changed for it) so the reviewer sees it too:
nothing is silently dropped.

Facts (keys of :attr:`Facts.values`): ``honors`` ``flowers`` ``wildcard`` (``None`` or
``{"type": "fixed", "tiles": [...]}`` / ``{"type": "random", "random_count": n}``)
``per_wildcard_in_win`` ``chi`` ``kong`` ``discard_win`` ``rob_kong`` ``multi_win`` ``xuezhan`` ``fu_flag``
``miss_suit`` ``pair_258`` ``min_fan`` ``max_fan`` ``self_draw_multiplier``
``discard_win_multiplier`` ``dealer_multiplier`` ``fan_stacking`` ``ji_hu_self_draw_only`` ``base_points``
``base_paid_by`` ``min_fan_exempt`` (fans that score without counting toward ``win_min_fan``) …;
fans named in the description are in :attr:`Facts.fans` (name → value, ``None`` when no value was
given) and fans ruled out in :attr:`Facts.removed_fans`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# 川麻 readers (换三张 direction, 刮风下雨, 退税, 呼叫转移, 根, 加倍计分, 封顶番) and 武汉 readers (必须开口, 口口翻)
# live in their own modules; importing them registers their readers.
from dslgen.generate import wuhan_reader  # noqa: F401
from dslgen.generate.clause_kinds import (KINDS, OPTION_CONDITION, line_kind, option_choices, sentence_kind, starts_example,
                                          variant_parts)
from dslgen.generate.writing import gloss_free, plain, without_bom
from dslgen.generate.sentence_rules import (NUM, NUMBER, Clause, cn_number, maps, passes, read_each, read_first, reader,
                                            readers_in, says, yes_no)
from dslgen.generate.sichuan_facts import DOUBLING, exchange_direction, is_kong_money

# --- vocabulary ------------------------------------------------------------------

#: Words designers use for a wildcard tile.
WILD = r"(?:癞子|赖子|癞|赖|混子|混儿|混牌|会儿|会牌|鬼牌|鬼|精牌|精|财神|百搭|宝牌|万能牌|听用|花猫)"
_FIXED_TILES = {"红中": "红中", "发财": "发财", "白板": "白板", "红中牌": "红中"}
_NEG = r"(?:不能|不可以|不可|不许|不准|禁止|不让|不允许|没有|没得|不|无|不带|不用|唔可以|唔能)"
#: A negation just before a phrase in the same clause ("不可一炮多响", "不是血战", "没有一炮多响这回事").
_NEG_BEFORE = re.compile(r"(?:不能|不可以|不可|不许|不准|禁止|不允许|没有|没得|不是|并非|不算|不|无|非)[^，。；]{0,3}$")


#: "没有癞子的时候……": a clause qualified by whether a wildcard is held.
_QUALIFIER = re.compile(r"(?:没有|没得|无|不带|有)" + WILD + r"[^，。]{0,3}(?:的时候|时候|时|的话)")


def negated_at(text: str, start: int) -> bool:
    """True when the phrase starting at ``start`` of ``text`` is negated by a word just before it."""
    return bool(_NEG_BEFORE.search(text[max(0, start - 6):start]))

#: Description words for a fan that are not its name: clipped forms designers write in running text
#: ("海底" for 海底捞月, "杠开", "全求", "抢杠", "带幺") and words whose fan depends on the variant (屁胡/小胡:
#: the plain win, which a description may define as 鸡胡 or 平胡, see :func:`pinghu_meaning`; 小胡 also
#: names 长沙's opening wins; bare 幺九, see :func:`_variant_fan`). Each maps to a canonical name of the
#: engine's fan registry (tests check it). This is not a synonym table: names rule tables print for a fan (碰碰和, 七小对, 门清, 一条龙 …) are
#: the synonyms registered with the fan (``engine.fans``), which is their one home.
DESCRIPTION_WORDS: dict[str, str] = {
    "屁胡": "鸡胡", "小胡": "鸡胡", "全求": "全求人", "杠开": "杠上开花", "海底捞": "海底捞月", "海底": "海底捞月",
    "海捞": "海底捞月", "抢杠": "抢杠胡", "幺九": "混幺九", "带幺": "带幺九", "明四归": "明四归一", "暗四归": "暗四归一",
    "单吊": "单钓将", "单钓": "单钓将", "圈风牌": "圈风刻", "门风牌": "门风刻", "三元牌": "箭刻",
    "河底捞鱼": "海底炮", "河底捞月": "海底炮",
}
#: Fans designers name that the DSL cannot express (no recogniser, no published composite): a gap.
UNSUPPORTED_FANS = ("十三烂", "七星十三烂", "精钓", "德中德", "双豪华七对", "十八罗汉", "板板胡", "六六顺", "缺一色", "起手四喜", "中张", "夹心五")
#: Registered fan names the fan reader does not look for, with the reason.
NOT_SCANNED = {
    "根": "根 is read by the 川麻 reader in its own wording (the bare character is in ordinary words)",
    "带根": "read with 根",
    "基本胡": "definitions say 基本胡 of the plain win (平胡就是基本胡); the plain-win words are read apart",
}


def _fan_vocabulary() -> dict[str, str | None]:
    """Every word the fan reader looks for → the engine's name (``None``: a fan the DSL cannot express).

    Derived: the fan registry's names and synonyms (→ canonical name), the published composites of
    :data:`engine.fans.composite.KNOWN` (the file's own name), :data:`DESCRIPTION_WORDS` and
    :data:`UNSUPPORTED_FANS`.
    """
    from engine.fans import FANS
    from engine.fans.composite import KNOWN

    words: dict[str, str | None] = {word: None for word in UNSUPPORTED_FANS}
    words.update({name: name for name in KNOWN})
    words.update({name: unit.name for unit in FANS.values() for name in unit.names if name not in NOT_SCANNED})
    words.update(DESCRIPTION_WORDS)
    return words


#: The fan reader's vocabulary (see :func:`_fan_vocabulary`); one entry per word.
FAN_ALIASES: dict[str, str | None] = _fan_vocabulary()
#: 国标 fan names that are also everyday rule words: read as a fan only when a value follows.
VALUE_ONLY_WORDS = frozenset(("自摸", "明杠", "暗杠", "花牌", "边张", "坎张", "嵌张", "单钓将", "单吊", "单钓", "圈风牌", "门风牌", "三元牌", "和绝张", "不求人", "四归一",
                              "箭刻", "幺九刻", "三杠", "四杠", "双明杠", "双暗杠", "明暗杠", "卡五星"))
_FAN_PATTERN = re.compile("|".join(sorted(map(re.escape, FAN_ALIASES), key=len, reverse=True)))
#: A fan's value right after its name, in any unit designers use: 番/翻/台/分/倍/点/炮, or ``x4`` / ``×4``,
#: or a bare number ending the clause (a table row ``碰碰胡 2``).
#: 炮 (九江: ``七对：+20炮``) only closing its row, never in 一炮多响.
UNIT = r"(?:番|翻|台|分|倍|点|炮(?=\s*(?:[，,、。；;.）)\n]|$)))"
_FAN_VALUE = re.compile(r"\s*(?:[:：=为是算计记按得加]|算作|计为|记为|可得|值)?\s*(?:[xX×*+]\s*)?" + NUM
                        + r"\s*(?:" + UNIT + r"(?!数)|(?=\s*(?:[，,、。；;）)\n]|$)))")
#: A list row whose value closes its definition: ``碰碰胡 - 全部为刻子（+2番）`` / ``自摸：自己摸牌胡牌（+1番）``.
_TRAILING_VALUE = re.compile(r"\s*[-–—:：]\s*[^（()）\d，。；]{1,30}[（(]\s*[+＋]?\s*" + NUM + r"\s*(?:番|翻|台|分)\s*[)）]\s*$")
#: Who pays, between a fan's name and its value: ``七对每家给4分`` / ``七小对每人4分`` / ``清一色三家各付8分``.
#: The value is what each paying player pays (a table value with the self-draw multiplier 1: §12 pays
#: 番数 × ``self_draw_multiplier`` to every loser). Not read after the words of :data:`VALUE_ONLY_WORDS`
#: (``暗杠每家给2分`` is a kong payment, ``自摸每家给2分`` the plain win's points: :func:`_payer_points`).
PAYERS = r"(?:每家|每人|每个人|各家|三家|两家|另外(?:三|两)家|其他(?:三|两)?家|其余(?:三|两)?家|其他人|没胡的(?:人|三家)?)"
_PER_PAYER = re.compile(r"\s*(?:的话|胡牌时|时)?\s*" + PAYERS + r"(?:都|各)?(?:要)?(?:给|付|出|赔|输)?(?:各)?")
#: "翻倍", "翻一倍", "加倍": a fan that doubles the score rather than adding a value.
_DOUBLING = re.compile(r"\s*(?:再|就|则)?(?:翻倍|加倍|翻一倍|翻番|双倍)")
_FAN_GAP_REASON = "引擎没有这个番型的识别器（不在规范的番型表中），无法计分"


def _unknown_fan_reason(word: str, value: str) -> str:
    """The gap of a fan the standard library does not have: its stated value is kept in the gap, and the
    remedy is a definition (``fan_types[].when``), which the offline reader cannot write."""
    value = re.sub(r"^[\s:：=为是算计记按得加]+", "", value).strip()
    kept = f"原文番值 {value}，" if value else ""
    return (f"{_FAN_GAP_REASON}：{word} 不在标准番型库中，{kept}草稿没有写它的定义；"
            "用 fan_types[].when 写出定义（规范第 22 节）后即可计分")


@dataclass
class Facts:
    """What the offline reader understood from a description."""

    values: dict[str, Any] = field(default_factory=dict)
    fans: dict[str, int | None] = field(default_factory=dict)
    removed_fans: set[str] = field(default_factory=set)
    #: The word the description used for each fan (碰碰和 stays 碰碰和 when it is a valid synonym).
    fan_words: dict[str, str] = field(default_factory=dict)
    #: Level groups written as "牌型一级里……；花色一级里……" (fan → group number, 1 first).
    fan_levels: dict[str, int] = field(default_factory=dict)
    #: "A 不计 B": fan A excludes fan B (name → names, in the order written).
    excludes: dict[str, list[str]] = field(default_factory=dict)
    gaps: list[dict[str, str]] = field(default_factory=list)
    mapping: list[dict[str, str]] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)
    name: str = ""
    clauses: list[str] = field(default_factory=list)
    #: The clause each fact (key of ``values``) and each fan was read from: the evidence for ``stated``.
    sources: dict[str, str] = field(default_factory=dict)
    fan_sources: dict[str, str] = field(default_factory=dict)
    #: One entry per clause: ``{"text", "keys", "fans", "gaps", "sections"}`` — what the clause became.
    readings: list[dict[str, Any]] = field(default_factory=list)
    #: "平胡就是普通的胡牌": the description's own definition of the word 平胡 (``鸡胡`` or ``平胡``).
    pinghu_means: str = ""
    #: Gaps in the game's structure (players, deck, hand size): a draft without them is another game.
    blocking: list[dict[str, str]] = field(default_factory=list)
    #: The last fan named without a value in the current sentence ("平胡……，算1番" gives it the value).
    pending_fan: str = ""
    #: ``"item.param"`` → the sentence a settlement-item value came from (``assumed:…`` for an assumption).
    item_sources: dict[str, str] = field(default_factory=dict)
    #: Open questions (``{"text", "sentences", "fact", "path", "reason"}``): a rule the text leaves undecided or vague
    #: (two player counts, "一百多张", "看大家商量"). The draft cannot pass until the designer decides.
    questions: list[dict[str, str]] = field(default_factory=list)
    #: The description contradicts itself (``{"text", "fact", "path", "reason", "sentences"}``): two
    #: sentences that cannot both hold ("红中是癞子" and "牌里不放红中"). The draft cannot pass.
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    #: Tiles the text leaves out of the deck ("牌里不放红中"): tile → the clause.
    absent_tiles: dict[str, str] = field(default_factory=dict)
    #: A fan table stated by reference ("番种按竞赛规则81番计算"): ``{"text", "words"}`` as read, then (resolved
    #: against the catalog) ``"variant"``, ``"title"`` and ``"fans"`` (the referenced table, canonical name →
    #: value). See :mod:`dslgen.generate.reference_reader`.
    fan_reference: dict[str, Any] = field(default_factory=dict)
    #: Clauses that state no rule (``{"text", "kind", "reason"}``: headings, advertising, background, lobby,
    #: examples; :mod:`dslgen.generate.clause_kinds`). Listed for the reviewer, never read as rules.
    not_rules: list[dict[str, str]] = field(default_factory=list)
    #: Fan rows whose value is written as a multiple (``自摸 ×2``, ``杠上开花 4倍``): see :func:`times_table`.
    times_rows: list[str] = field(default_factory=list)
    #: Facts a clause implies without stating them (``108张``: no flowers): shown as inferred, never as 原文.
    implied: set[str] = field(default_factory=set)
    #: Fans the library does not know, with their stated value (name as written → (value, clause)): the draft
    #: keeps them in its table with their value, the definition left to the designer (a gap).
    unknown_fans: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: The deck size the text states (``麻将共136张牌``) and its clause: :func:`deck_total_check` holds the deck to it.
    stated_total: tuple[int, str] | None = None
    #: The unit most fan rows are written in (:func:`table_unit`): a kong valued in 分 beside 番 rows is kong money.
    table_unit: str = ""

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form (for tests and debugging)."""
        return {"values": self.values, "fans": self.fans, "removed_fans": sorted(self.removed_fans), "excludes": self.excludes,
                "gaps": self.gaps, "mapping": self.mapping, "unmapped": self.unmapped, "name": self.name,
                "questions": self.questions, "conflicts": self.conflicts, "not_rules": self.not_rules}


# --- readers ---------------------------------------------------------------------

#: Wordings that leave a rule to the players ("可以吃也可以不吃", "看大家商量", "具体多少番看心情").
_UNDECIDED = re.compile(r"可以(\S{1,3})也可以不\1|看大家|大家商量|商量着|看心情|不一定|随便定|自己定|没定")
#: The fact an undecided clause about fan values leaves open (:func:`fan_values_question`).
FAN_VALUES = "fan_values"


def _undecided_subject(c: Clause) -> tuple[str, str, str] | None:
    """``(fact, path, label)`` of the rule an undecided clause (or the clause before it) speaks of."""
    from dslgen.generate.provenance import FIELDS, LABELS

    for text in (c.text, c.previous):
        m = _UNDECIDED.search(text)
        verb = m.group(1) if m and m.group(1) else ""
        acted = [k for k, label in LABELS.items() if verb and label.startswith(verb)]  # 可以吃也可以不吃
        named = acted or sorted((k for k, label in LABELS.items() if label in text), key=lambda k: -len(LABELS[k]))
        if named:
            return named[0], FIELDS[named[0]], LABELS[named[0]]
        if re.search(r"[番翻台]", text):  # 具体多少番看心情
            return FAN_VALUES, "fan_types", "番数"
    return None


@reader
def _undecided(c: Clause) -> None:
    """``可以吃也可以不吃，看大家商量`` / ``具体多少番看心情``: the designer has not decided; ask, never guess.

    One open question per rule: a clause that only says "看大家商量" joins the question of the clause before."""
    if not _UNDECIDED.search(c.text):
        return
    c.undecided = True
    last = c.facts.questions[-1] if c.facts.questions else None
    subject = _undecided_subject(c)
    if last is not None and c.previous and last["text"].endswith(c.previous) \
            and (subject is None or subject[0] == last["fact"]):
        last["text"] += f"，{c.text}"
        last["sentences"].append(c.text)
        c.hits += 1
        c.questions.append(last["reason"])
        return
    fact, path, label = subject or ("", "", "这条规则")
    c.question(fact, path, f"描述没有定下{label}（可以这样也可以那样、看商量），请设计者确定后再起草")


def fan_values_question(facts: Facts) -> None:
    """Name the fans an undecided fan-value question leaves without a value (read once the whole text is)."""
    open_fans = [name for name, value in facts.fans.items() if value is None]
    for q in facts.questions:
        if q["fact"] == FAN_VALUES and open_fans:
            q["reason"] = (f"描述没有给番数：{'、'.join(open_fans)}的番数没有定下（说的是看商量或看心情），"
                           "请设计者确定后再起草")


@reader
def _name(c: Clause) -> None:
    m = c.search(r"^[【\[]?(?:玩法名(?:称)?[:：]?\s*)?([\u4e00-\u9fff]{1,8}?(?:麻将|麻雀|血战到底|血流成河|红中|鸡平胡)(?:[（(][\u4e00-\u9fff]{1,8}[）)])?)")
    if m and not c.facts.name and not _ABSENT_TILE.search(c.text) and (len(c.text) <= 20 or re.match(r"[】\]）)]?\s*[:：（(]", c.text[m.end():])):
        c.facts.name = m.group(1)
        c.map("game.name")
        return
    first = not c.facts.clauses[:-1]
    head = re.match(r"^(?:#+\s*)?([\u4e00-\u9fff]{2,10}(?:[（(][^）)]{1,10}[）)])?)\s*(?:[:：]|$)", c.text)
    if first and head and not c.facts.name and re.search(r"麻|胡|和|玩法|打法|规则|晃晃|穷", head.group(1)) and not re.search(r"吃|碰|杠|张|番|台|自摸|点炮|可以|不能|只|用", head.group(1)):
        c.facts.name = re.sub(r"[（(].*", "", head.group(1))
        c.map("game.name")


#: Two player counts offered as alternatives: "三个人或者四个人都能打" / "三到四人" / "三四个人" / "3-4人".
_PLAYER_CHOICE = re.compile(r"([两二三四234])\s*(?:个)?(?:人)?\s*(?:或者|或是|或|到|至|~|～|-|—|、|和|跟|也行|也可以)?\s*"
                            r"([两二三四234])\s*(?:个)?人")


#: A player count ("三个人", "4人") and, after it, a wording that offers it as an alternative ("也行").
_PLAYER_COUNT = re.compile(r"([两二三四234])\s*(?:个)?人")
_ALSO = re.compile(r"^[^，。]{0,3}(?:也|都)(?:行|可以|能|成)")


def _players_question(a: int, b: int) -> str:
    return f"描述说 {a} 人、{b} 人都能打，没有定下人数：一个规则文件只能是一种人数，请设计者选定"


@reader
def _players(c: Clause) -> None:
    """``三个人打`` / ``二人麻将``: ``game.players``; two counts offered as alternatives are an open question."""
    choice = _PLAYER_CHOICE.search(c.text)
    if choice and cn_number(choice.group(1)) != cn_number(choice.group(2)):
        a, b = sorted({cn_number(choice.group(1)), cn_number(choice.group(2))})
        c.question("players", "game.players", _players_question(a, b))
        return
    here, before = _PLAYER_COUNT.search(c.text), _PLAYER_COUNT.search(c.previous)
    if here and before and _ALSO.search(c.text[here.end():]) \
            and cn_number(here.group(1)) != cn_number(before.group(1)):  # "四个人打，三个人也行"
        a, b = sorted({cn_number(here.group(1)), cn_number(before.group(1))})
        reason = _players_question(a, b)
        if c.facts.sources.get("players") == c.previous:  # the clause before gave one of the two counts
            c.facts.values.pop("players", None)
            c.facts.sources.pop("players", None)
        if c.facts.readings and c.facts.readings[-1]["text"] == c.previous:
            last = c.facts.readings[-1]
            last["values"].pop("players", None)
            if "players" in last["keys"]:
                last["keys"].remove("players")
            last["questions"].append(reason)
        c.question("players", "game.players", reason, clauses=[c.previous, c.text])
        return
    m = c.search(r"(?<!其他)(?<!其余)(?<!其它)(?<!另外)(?<!剩下)(?<![另每])(两|二|2|三|3)\s*(?:个)?人(?:麻将|玩法|对局|打|玩|场|局)?|(?:两|二|三)人麻将")
    if m:
        c.set("players", 2 if re.search(r"两|二|2", m.group(0)) else 3, "game.players")
    elif c.search(r"(四|4)\s*(个)?人"):
        c.map("game.players")


#: Deck sizes the DSL can say (deck.total follows from honors, flowers and fixed wildcard tiles).
_DECK_SIZES = {108, 112, 116, 120, 136, 144}
#: Words around a count of tiles that make it a hand size or a draw, not the deck ("每种4张", "翻4张").
_NOT_DECK = re.compile(r"每|各|起手|摸|抓|手|庄|闲|发|鸟|马|翻|剩")
#: A count of tiles given only roughly: "一百多张" / "一百来张" / "一百三四十张" / "八九十张".
_VAGUE_COUNT = re.compile(r"([一二两三四五六七八九十百\d]*[十百])(?:多|来|几|好几)\s*张"
                          r"|((?:[一二两三四五六七八九]百)?)([一二三四五六七八九])([一二三四五六七八九])(十?)\s*张")


def _vague_count(text: str) -> tuple[re.Match, int] | None:
    """The first rough count of tiles in ``text`` and its lower bound (``一百三四十张`` → 130)."""
    for m in _VAGUE_COUNT.finditer(text):
        if m.group(1):
            return m, cn_number(m.group(1))
        low, high = cn_number(m.group(3)), cn_number(m.group(4))
        if high == low + 1:  # two neighbouring digits: "三四十", "八九十"
            return m, cn_number(m.group(2) + m.group(3) + m.group(5))
    return None


@reader
def _deck_size(c: Clause) -> None:
    """``共84张`` / ``一共一百一十二张``: a deck size the DSL cannot build is a gap, never a silent default."""
    t = c.text
    rough = _vague_count(t)
    vague = rough[0] if rough else None
    if vague and not _NOT_DECK.search(t[max(0, vague.start() - 8):vague.start()] + t[vague.end():vague.end() + 2]) \
            and rough[1] >= 50:
        c.question("deck_total", "deck.total",
                   f"描述只说「{vague.group(0)}」，没有给出牌库张数（108、112、136、144……），用哪些牌没有定下")
        t = t[:vague.start()] + t[vague.end():]
    for m in re.finditer(r"(?:共|一共|总共|合计|牌数|牌库|用牌)?\s*" + NUM + r"\s*张", t):
        n = cn_number(m.group(1))
        before = re.split(r"[张）)、]", t[max(0, m.start() - 8):m.start()])[-1]  # not the words of another count
        if n < 50 or _NOT_DECK.search(before + t[m.end():m.end() + 2]):
            continue  # hand sizes, "每种4张", "翻4张" are not the deck
        named = [s for s in "万条筒" if any(w in t for w, x in _SUIT_WORDS.items() if x == s)]
        if n not in _DECK_SIZES and 0 < len(named) < 3 and n == 36 * len(named) + 28 * bool(
                re.search(r"字牌|东南西北|风牌", t)) + 8 * bool(re.search(r"花牌|春夏秋冬|梅兰竹菊", t)):
            c.set("suits", named, "deck.suits")  # "使用筒、条、东南西北中发白共100张": the count is the suits named
        if n in _DECK_SIZES and not c.facts.stated_total \
                and not re.match(r"\s*(?:牌)?\s*(?:加|另加|再加|外加|另有|[+＋])", t[m.end():]):  # "136张牌加8张花牌": a part
            c.facts.stated_total = (n, c.cite)
        if n in _DECK_SIZES or (36 <= n <= 144 and n % 4 == 0 and c.facts.values.get("suits")) \
                or (n % 4 == 0 and re.search(r"(?:没有|不要|去掉|只用|只留|只有)[^，。]{0,4}(?:万|条|筒|饼|索)", t)):
            c.map("deck.total")
        else:
            c.gap(f"牌库 {n} 张无法表达：DSL 的牌库只能是 108 张数牌加字牌（136）、花牌（144）或固定癞子牌（112–120）",
                  blocking=True)
    if re.search(r"(?:没有|没得|不要|去掉|去除|不用|不含|拿掉|除去)[^，。]{0,2}(?:万|条|筒|饼|索)(?:子|牌)?|只(?:用|有|要|打|留)?(?:条|筒|万|饼|索)(?:子)?(?:和|与|跟|、)?(?:条|筒|万|饼|索)(?:子)?(?![、和与跟]?(?:条|筒|万|饼|索))"
                 r"|只(?:用|有|要|打|留)?(?:条|筒|万|饼|索)(?:子)?(?:和|与|跟|、|加)(?:字牌|风牌|东南西北)"
                 r"|^(?:牌)?只(?:用|有|要|打|留)(?:条|筒|万|饼|索)(?:子|牌)?$", t) \
            and not re.search(r"(?:万|条|筒)[、和与]?(?:万|条|筒)[、和与]?(?:万|条|筒)", t):
        _suits(c)
    if re.search(r"(?:每人|每家|各|起手|闲家)[^，。]{0,4}(?:16|十六)\s*[张只]|(?<![\d百千零一二三四五六七八九十])十六张"
                 r"|(?<![\d.])16\s*张麻将", t):
        c.set("cards_per_player", 16, "deal.cards_per_player")


_SUIT_WORDS = {"万": "万", "条": "条", "索": "条", "筒": "筒", "饼": "筒"}


_DROP = r"(?:没有|没得|不要|去掉|去除|不用|不含|拿掉|除去)"
_SUIT_RUN = r"(?:[万条筒饼索](?:子|牌)?[、和与跟及]?)+"


def _suits(c: Clause) -> None:
    """``只用条子和筒子`` / ``去掉万子`` / ``没有条和筒``: ``deck.suits`` (the suits kept)."""
    t = c.text
    dropped = {_SUIT_WORDS[ch] for run in re.findall(_DROP + r"[^，。万条筒饼索]{0,2}(" + _SUIT_RUN + ")", t)
               for ch in run if ch in _SUIT_WORDS}
    kept = {_SUIT_WORDS[ch] for ch in re.sub(_DROP + r"[^，。万条筒饼索]{0,2}" + _SUIT_RUN, "", t) if ch in _SUIT_WORDS}
    before = c.facts.values.get("suits") or ["万", "条", "筒"]
    suits = [s for s in "万条筒" if (s in kept if kept else s in before) and s not in dropped]
    if suits:
        c.set("suits", suits, "deck.suits")


@reader
def _honor_subset(c: Clause) -> None:
    """``再加中、发、白三种字牌``: ``deck.honors`` (the honors kept; ``没有东南西北`` is read by ``_deck``)."""
    t = c.text
    if re.search(r"(?:加|只有|只用|再加|和)[^，。]{0,2}中[、,]?发[、,]?白(?:三种|三张)?(?:字牌|箭牌)?", t) and not re.search(r"东南西北", t):
        c.set("honor_tiles", ["中", "发", "白"], "deck.honors")
        c.imply("honors", True)


#: Rounds of a match and their prevalent wind ("分东南西北四圈", "打四圈", "圈风"): not the deck's winds.
_ROUNDS = re.compile(r"(?:(?:东南西北|东南西|东南)[^，。；]{0,2}|(?:打|分|共|一共|玩|打满)\s*)(?:[一二两三四1-4]|几)\s*圈"
                     r"|圈风(?!刻)|[东南西北]风圈")
#: Why rounds cannot be written (the rule file is one hand; simulated hands all play in the 东 round).
ROUNDS_GAP = ("一场分几圈、圈风依次轮换无法表达：规则文件只描述一局牌，没有圈数和圈风的字段；"
              "模拟的每一局圈风都是东（圈风刻按东风计）")


@reader
def _rounds(c: Clause) -> None:
    """``分东南西北四圈`` / ``打四圈`` / ``圈风轮换``: rounds of a match and the prevalent wind, a gap (:data:`ROUNDS_GAP`)."""
    if _ROUNDS.search(c.text):
        c.gap(ROUNDS_GAP)


@reader
def _deck(c: Clause) -> None:
    t = _ROUNDS.sub("", c.text)  # "分东南西北四圈" names the rounds, not the deck's winds
    t = re.sub(r"除(?:了)?[^，。；]{1,8}?(?:外|以外|之外)", "", t)  # "替代除花牌外的任何牌": an exception, not the deck
    if re.search(r"108\s*张|一百零八张|只(有|用|留|打)?\s*(万|条|筒|饼|索)[、,/和及与]?(万|条|筒|饼|索)[、,/和及与]?(万|条|筒|饼|索)(三门|三种)?(?!.*[字风])", t) \
            or re.search(r"(只|仅)(有|用|打|留|要)?\s*(万条筒|条筒万|筒条万|万筒条|条万筒|筒万条)", t):
        c.set("honors", False, "deck")
        c.imply("flowers", False)
    elif re.search(r"144\s*张", t):
        c.set("honors", True, "deck")
        c.imply("flowers", True, inferred=True)  # 144 is 136 and eight flowers, unless the text says what the eight are
    elif re.search(r"136\s*张", t):
        c.set("honors", True, "deck")
        c.imply("flowers", False)
    t = re.sub(r"不(?:再)?计[^，。；]*", "", t)  # "清一色不计无字" names fans, it says nothing about the deck
    not_fan = r"(?!\s*[:：]?\s*" + NUM + r"\s*(?:[番翻]|[、，,。；;]|$))"
    winds_only = re.search(r"(?:没有|没得|不要|去掉|不带|无)(?:东南西北|风牌|风)(?![^，。]*(?:中发白|字牌))", t)
    if winds_only and c.facts.values.get("honors") and re.search(r"中[、，]?发[、，]?白", " ".join(c.facts.clauses)):
        c.set("honor_tiles", ["中", "发", "白"], "deck.honors")  # 卡五星: 中发白 without the winds
        return
    honors = r"(?:字牌|风牌|风字牌|东南西北中发白|东南西北|中发白|箭牌|三元牌|风(?![位向圈头])|字)"  # 风位: a seat's wind
    extra = r"(?:[、和及与]?(?:花牌|花|春夏秋冬|发财白板|发财和白板|发白|白板发财|中发白|发财|白板)){0,2}"
    if re.search(r"(?:不带|没有|没得|无|去掉|去除|不含|不要|拿掉|不用|除去|不加|抽掉)(?:任何)?(?:[^，。]{0,8}[、和及与])?" + honors + not_fan, t) \
            or re.search(honors + extra + r"(?:都|也|全部|全)?(?:不要|去掉|拿掉|不用|不带)(?!花)", t):
        c.set("honors", False, "deck")
    elif re.search(r"(?:带|有|含|加上|加入|包括|包含|保留|用|要)" + honors, t) or re.search(honors + r"(?:也要|都要|都有|保留)", t) \
            or re.search(r"字牌|风牌|东南西北|中发白", t):
        c.set("honors", True, "deck")
    flowers = r"(?:花牌|花|春夏秋冬|梅兰竹菊)"
    if re.search(r"(?:不带|没有|没得|没|无|去掉|去除|不含|不要|拿掉|不用|不加|抽掉)(?:[^，。]{0,8}[、和及与]|字牌|风牌)?" + flowers + r"(?![猪色龙])", t) \
            or re.search(r"花牌(?:都|也)?(?:不要|去掉|拿掉|不用)", t):
        c.set("flowers", False, "deck")
    elif re.search(r"(?:带|有|含|加上|加入|包括|包含|用)(?:八张)?(?:花牌|花(?![猪色龙]))|补花|春夏秋冬|梅兰竹菊|(?:八|8)张花|花牌", t):
        c.set("flowers", True, "deck")
        c.imply("honors", True)


#: ``game.seating.next_dealer`` phrases (checked in order).
_NEXT_DEALER = (
    says(r"一炮多响[^，。]*放炮(?:的人|者)(?:坐|做|当)庄|谁(?:胡|和|赢)谁(?:坐|做|当)庄|(?:胡|和)(?:牌)?(?:的人|者|的一家|家)(?:坐|做|当|接)庄|赢(?:家|的人)(?:坐|做|当)庄",
         "next_dealer", "winner", "game.seating.next_dealer"),
    says(r"霸王庄|谁(?:胡|和|赢)(?:牌)?谁(?:坐|做|当)?庄|(?:胡|和)牌(?:的)?(?:者|玩家|人|一家)[^，。]{0,4}(?:坐|做|当|接)庄"
         r"|由[^，。]{0,6}(?:胡|和)牌的?(?:玩家|人|一家|者)[^，。]{0,4}(?:坐|做|当|接|担任)庄",
         "next_dealer", "winner", "game.seating.next_dealer"),
    passes(r"^轮庄$"),  # a label; the sentence after it says who deals
    says(r"(?<![下上本这])轮(?:流)?(?:坐|做)?庄|庄家轮(?:流|换)|每(?:局|盘)(?:都)?(?:轮|换)(?:到)?下家(?:坐|做)?庄?",
         "next_dealer", "rotate", "game.seating.next_dealer"),
    says(r"庄家(?:胡|和|赢)(?:牌)?[^，。]{0,4}连庄|闲家(?:胡|和|赢)(?:牌)?[^，。]{0,4}下家(?:坐|做|接)庄|荒庄[^，。]{0,3}连庄",
         "next_dealer", "stay_on_win", "game.seating.next_dealer"),
)
#: ``game.seating.first_dealer`` phrases (checked in order).
_FIRST_DEALER = (
    says(r"(?:东家|东风位|座位\s*0|第一家)(?:先)?(?:坐|做|当)(?:首局)?庄|首局(?:由)?东家(?:坐|做)?庄",
         "first_dealer", "seat_0", "game.seating.first_dealer"),
    says(r"掷骰(?:子)?(?:定|决定|选)庄|打骰(?:子)?定庄|随机定庄", "first_dealer", "random", "game.seating.first_dealer"),
)


#: "庄家不变" / "不换庄": the dealer keeps dealing (when: after a drawn hand, or always).
_DEALER_STAYS = re.compile(r"(?:继续|仍然|仍)(?:坐|做|当)庄|庄家?(?:不变|不换|照旧|不动)|不换庄|(?:还是|仍是|仍然是|一直是|始终是)(?:原来的|同一个)?庄家|庄家(?:继续|一直)(?:坐|做|当)庄")
#: A hand after which the dealer stays under the default ``next_dealer`` (and ``winner``): a drawn hand
#: (nobody wins) or one the dealer wins.
_DRAWN = re.compile(r"没人(?:胡|和)|没有人(?:胡|和)|无人(?:胡|和)|都没(?:有)?(?:胡|和)|流局|荒庄|黄庄|(?:牌)?摸完"
                    r"|庄家(?:自己)?(?:胡|和|赢)")


def _next_dealer_values() -> str:
    """``stay_on_win：…；rotate：…；winner：…`` — the values of ``game.seating.next_dealer`` and what each
    means, as the specification writes them (:func:`dslgen.rulefile.schema.enum_labels`)."""
    from dslgen.rulefile.schema import enum_labels

    return "；".join(f"{k}：{v}" for k, v in enum_labels()["game.seating.next_dealer"].items())


def dealer_always_stays_gap() -> str:
    """The gap reason for a dealer who never changes: no ``game.seating.next_dealer`` value says it."""
    return f"庄家始终不换（不论谁和牌）无法表达：game.seating.next_dealer 只有 {_next_dealer_values()}"


def dealer_rule_gap() -> str:
    """The gap reason for a dealer wording the seating reader does not read."""
    return f"换庄规则没有读懂或无法表达：game.seating.next_dealer 只有 {_next_dealer_values()}，请确认"


#: A rotation that holds only under a condition (``闲家胡牌逆时针轮庄``, ``其他情况轮庄``, ``否则轮庄``): condition →
#: the ``next_dealer`` it makes (``None``: the rest of the cases, so the sentence's other clauses say who deals).
_CONDITIONAL_ROTATION = (
    (r"闲家(?:胡|和|赢|自摸)(?:牌|了)?", "stay_on_win"),  # the dealer's own win keeps the dealer: stay_on_win
    (r"其他情况|其余情况|其它情况|别的情况|否则|不然|其他时候|其余时候", None),
)
_ROTATION = r"(?<![下上本这])(?:逆时针|顺时针|按顺序|依次)?轮(?:流)?(?:坐|做)?庄|(?:由)?下家(?:坐|做|接|当)庄"


def _conditional_rotation(c: Clause, t: str) -> bool:
    """``庄家胡牌、流局时连庄，闲家胡牌逆时针轮庄`` (stay_on_win) / ``谁胡谁坐庄……其他情况轮庄`` (the other clause's
    value stands): a rotation under a condition is not ``rotate``. True when the clause was read so."""
    t = re.sub(r"(情况|时候)下", r"\1", t)  # "其他情况下轮庄": 下 closes the condition, it is no 下家
    rotation = re.search(_ROTATION, t)
    if not rotation:
        return False
    for condition, value in _CONDITIONAL_ROTATION:
        if not re.search(condition, t[:rotation.start()]):
            continue
        stated = c.facts.values.get("next_dealer")
        if value is None and stated in ("winner", "stay_on_win"):
            c.map("game.seating.next_dealer")  # an earlier clause said who deals; this is the rest of the cases
        elif value is None and re.search(r"庄(?:家)?(?:胡|和|赢)", c.previous):
            c.set("next_dealer", "stay_on_win", "game.seating.next_dealer")  # "庄胡则连庄，否则轮庄"
        elif value is None:
            c.question("next_dealer", "game.seating.next_dealer",
                       f"「{c.cite}」只说了其余情况轮庄，没有说哪种情况下不轮：换庄规则请设计者确认")
        else:
            c.set("next_dealer", value, "game.seating.next_dealer")
        return True
    return False


@reader
def _seating(c: Clause) -> None:
    """``谁胡谁坐庄`` / ``轮庄`` / ``庄家胡了连庄``: ``game.seating.next_dealer``; ``东家先坐庄``: ``first_dealer``;
    ``两人坐对家``: ``seat_winds`` 东西. ``没人胡……庄家不变`` / ``庄家胡了庄家不变``: a drawn hand (or the
    dealer's win) keeps the dealer, which every ``next_dealer`` but ``rotate`` does (the default among them):
    mapped, no value of its own; a dealer who never changes is a gap."""
    t = _outside_parentheses(c.text)  # "（按东南西北轮流做庄）": an aside, not the rule
    if _conditional_rotation(c, t):
        pass
    elif re.search(r"闲家(?:胡|和|赢)", c.previous + t) and re.search(r"下(?:一)?家[^，。]{0,2}(?:坐|做|当|接)庄", t):
        c.set("next_dealer", "stay_on_win", "game.seating.next_dealer")  # "闲家胡牌，则庄家的下一家坐庄"
    elif not read_first(c, _NEXT_DEALER, t) and _DEALER_STAYS.search(t):
        if _DRAWN.search(c.previous + t):
            c.map("game.seating.next_dealer")
        else:
            c.gap(dealer_always_stays_gap())
    if not read_first(c, _FIRST_DEALER, t) and re.search(r"东(?!南)", t) and re.search(r"先|首|第一|起始|初始", t) \
            and re.search(r"庄", t) and not re.search(r"骰|随机|轮", t):
        c.set("first_dealer", "seat_0", "game.seating.first_dealer")  # "东位先做庄", "选定东为首次庄家"
    if re.search(r"(?:两|二)(?:人|个人|家)?[^，。]{0,4}(?:坐|面)对(?:家|面)|^坐对家|对坐|东西(?:对坐|两家)", t) \
            and c.facts.values.get("players", 2) == 2:
        c.set("seat_winds", ["东", "西"], "game.seating.seat_winds")


@reader
def _settlement_items(c: Clause) -> None:
    """精分 / 冲关 / 德国 / 抓鸟 / 买马 / 跟庄 / 连庄 / 飘 / 包赔: :mod:`dslgen.generate.items_reader`."""
    from dslgen.generate.items_reader import read_items

    read_items(c)


@reader
def _opening(c: Clause) -> None:
    """起手小胡 (四喜 / 板板胡 / 缺一色 / 六六顺): :mod:`dslgen.generate.opening_reader`."""
    from dslgen.generate.opening_reader import read_opening

    read_opening(c)


@reader
def _fan_reference(c: Clause) -> None:
    """``番种按竞赛规则81番计算`` / ``番型同国标``: the fan table is a published one (:mod:`dslgen.generate.reference_reader`)."""
    from dslgen.generate.reference_reader import read_reference

    read_reference(c)


@reader
def _liang_dao(c: Clause) -> None:
    """亮倒 (the action, how it is laid down, what it pays): :mod:`dslgen.generate.liangdao_reader`."""
    from dslgen.generate.liangdao_reader import read_liang_dao

    read_liang_dao(c)


def _in_opening(c: Clause) -> bool:
    """The clause belongs to a 起手小胡 context: its 小胡 / 四喜 / 2、5、8 / 自摸 speak of the opening hands."""
    return c.facts.values.get("_opening_clause") == c.text


#: 财飘 / 飘财 (杭州): after discarding a wildcard the next self-draw win doubles again, once per discard.
_CAI_PIAO = r"财飘|飘财"
_CAI_PIAO_GAP = "财飘（打出财神后接着自摸再翻倍，飘几次翻几倍）无法表达：DSL 没有按打出癞子的次数翻倍的计分"


def _cai_piao(c: Clause) -> bool:
    """The clause speaks of 财飘 (or goes on about it: ``财飘……再翻一倍，飘两次翻两倍``)."""
    return bool(re.search(_CAI_PIAO, c.text) or (re.search(r"飘", c.text) and re.search(_CAI_PIAO, c.previous)))


#: 精钓 / 精吊 / 癞子钓: winning on a single wait for the pair with a wild tile, scored extra (加分 / 翻倍).
_WILD_SINGLE_WAIT = (r"(?:精|癞子|赖子|鬼|混|财神)[^，。]*(?:钓|吊)[^，。]*(?:加|翻|倍)"
                     r"|(?:精|癞子|赖子|鬼牌|混子|财神)(?:单)?(?:钓|吊)")
#: Why 精钓 is a gap: no fan recognises a wild tile's single wait, no settlement item scores it, and a fan
#: value is fixed (no 翻倍 of the hand).
_WILD_SINGLE_WAIT_GAP = ("精钓/精吊（用精或癞子单钓将胡牌）另外加分或翻倍无法表达：番型表没有“用癞子单钓”的番型，"
                         "结算项（精分、德国等）也不计它")


@reader
def _wildcards(c: Clause) -> None:
    t = c.text
    v = c.facts.values
    special = False
    items = "settlement_items" in c.values  # read by _settlement_items: not a gap
    if re.search(r"冲关", t) and not items:
        c.gap("引擎不支持冲关计分（精的个数×2^N 的翻倍），只能按普通番型结算")
        special = True
    if (re.search(r"德国", t) or re.search(r"(没有|无|不带|不用)(?:" + WILD + r"|红中|发财|白板)[^，。]*胡[^，。]*(加|翻|倍|分|多赢)", t)
            or re.search(r"硬胡[^，。]*(加|翻|倍)", t)) and not items:
        c.gap("引擎不支持“德国”/硬胡（胡牌时没有癞子另外加分）的计分")
        special = True
    if not special and not items and re.match(r"^(?:再|另|另外|还)?多赢\s*" + NUM + r"\s*分", t) \
            and re.search(r"(?:没有|无|不带)(?:" + WILD + r"|红中|发财|白板)", c.previous):
        c.gap("引擎不支持“德国”/硬胡（胡牌时没有癞子另外加分）的计分", text=f"{c.previous}，{t}")
        if c.facts.readings and c.facts.readings[-1]["text"] == c.previous:
            c.facts.readings[-1]["gaps"].append("德国")
        return
    if special:
        return
    if re.search(r"(?:三|四|3|4)\s*(?:个|张)(?:" + WILD + r"|红中)[^，。]*(?:直接|就)(?:算)?(?:胡|和)", t):
        c.gap("起手/手里有 N 个癞子直接胡的规则无法表达")
        return
    if re.search(r"(?:白板|发财|红中)[^，。]*(?:顶替|替代|代替|替)[^，。]*(?:原来|本来|那张)", t):
        c.gap("白板顶替癞子原来那张牌（替身牌）无法表达：DSL 的癞子牌本身不能被别的牌代替")
        return
    if re.search(WILD + r"|红中", t) and re.search(r"不能打(?:出)?|不可以打(?:出)?|不许打", t):
        c.gap("癞子不能打出的限制无法表达：DSL 没有禁止打出某张牌的字段")
        return
    if _cai_piao(c):
        c.gap(_CAI_PIAO_GAP)
        return
    if re.search(_WILD_SINGLE_WAIT, t):
        c.gap(_WILD_SINGLE_WAIT_GAP)
        return
    extra = r"回头精|杠精|打出[^，。]*" + WILD + r"[^，。]*(加|扣|罚|赔)"
    if re.search(extra, t) or (re.search("霸王精", t) and not items):
        c.gap("引擎不支持与癞子打法相关的额外计分（精钓、打出癞子加分等）")
        return
    if items:
        return
    if not re.search(WILD, t) and not re.search(r"正精|副精|翻牌定|定精|翻精", t):
        follow = re.match(r"^(?:额外|另外|另|再)?(?:加|多|算|计)\s*" + NUM + r"\s*[番翻]", t)
        if follow and re.search(r"每(?:有)?(?:一)?(?:张|个)(?:红中|发财|白板|" + WILD[3:-1] + r")", c.previous) \
                and v.get("wildcard"):
            c.set("per_wildcard_in_win", cn_number(follow.group(1)), "wildcard_rules.scoring.per_wildcard_in_win")
            if c.previous in c.facts.unmapped:
                c.facts.unmapped.remove(c.previous)
                c.facts.mapping.append({"section": "wildcard_rules.scoring.per_wildcard_in_win", "sentence": c.previous})
            if c.facts.readings and c.facts.readings[-1]["text"] == c.previous:  # the two clauses state one rule
                c.facts.readings[-1]["sections"].append("wildcard_rules.scoring.per_wildcard_in_win")
            return
        if re.search(r"当(?:作|做)?任意一?张|当任何一?张|代替任意|代替任何", t):
            c.map("wildcard_rules.behavior")
            return
        per = re.search(r"每(?:张|个)(?:红中|发财|白板)[^，。]*?(?:加|多|算|计|得)\s*" + NUM + r"\s*[番翻]", t)
        if per and isinstance(v.get("wildcard"), dict) and v["wildcard"].get("type") == "fixed":
            c.set("per_wildcard_in_win", cn_number(per.group(1)), "wildcard_rules.scoring.per_wildcard_in_win")
        elif re.search(r"(开局|骰子|掷骰|庄家)[^，。]*翻(开|出)?(一|1)张|翻(开|出)?(一|1)张", t):
            c.map("wildcard_rules.type")
        return
    if _QUALIFIER.search(t):
        c.gap("带癞子条件的胡牌限制（有/没有癞子时只能自摸等）无法表达：草稿保留癞子本身，这条限制请人工确认")
        return
    if re.search(r"(?:和|胡)牌[^，。]{0,3}" + _NEG + WILD, t):
        c.map("wildcard_rules")  # "和牌没有财神……": a condition on the winning hand, not a deck without wildcards
        return
    if re.search(_NEG + r"(?:任何)?" + WILD + r"(?!胡|钓|吊)", t) and not re.search(r"代替|当作|当做", t):
        c.set("wildcard", None, "wildcard_rules")
        return
    fixed = [name for word, name in _FIXED_TILES.items() if word in t]
    per = re.search(r"每(?:有)?(?:一)?(?:张|个)" + WILD + r"[^，。]*?(?:加|多|算|计|得|额外加)\s*" + NUM + r"\s*[番翻]", t) \
        or re.search(WILD + r"[^，。]*每(?:一)?(?:张|个)[^，。]*?(?:加|多|算|计|得)\s*" + NUM + r"\s*[番翻]", t)
    if per:
        c.set("per_wildcard_in_win", cn_number(per.group(1)), "wildcard_rules.scoring.per_wildcard_in_win")
    elif re.search(WILD + r"[^，。]*不(另外|额外)?(加|算|计)番", t):
        c.set("per_wildcard_in_win", 0, "wildcard_rules.scoring.per_wildcard_in_win")
    if fixed and re.search(WILD, t):
        tiles = list(dict.fromkeys(fixed))
        c.set("wildcard", {"type": "fixed", "tiles": tiles}, "wildcard_rules")
        return
    random_cue = re.search(r"翻(?![一两二三四五六七八九十\d]?(?:倍|番))|骰|随机|正精|副精|上精|下精|定精|定鬼|定混|下一张|后一张|往后|顺延", t)
    count2 = re.search(r"副精|正副精|上下精|两种精|两个精|2种精|两种(癞子|赖子|鬼|混)|正精和副精|正精、副精|下精", t)
    count1 = re.search(r"只(有|要|用)?正精|没有副精|不要副精|不用副精|不带副精|一种精|只有一种(癞子|赖子|精|鬼|混)", t)
    if random_cue or count2 or count1:
        current = v.get("wildcard") if isinstance(v.get("wildcard"), dict) else {}
        count = 1 if count1 else 2 if count2 else (current.get("random_count") or 1)
        c.set("wildcard", {"type": "random", "random_count": count}, "wildcard_rules",
              claim=None if count1 or count2 else {"type": "random"})
        if c.facts.readings and c.facts.readings[-1]["text"] == c.previous \
                and "wildcard_rules.type" in c.facts.readings[-1]["sections"]:
            # "开局以后翻一张牌，这张牌的下一张就是财神": the flip and the tile after it state one rule
            c.facts.sources["wildcard"] = f"{c.previous}，{t}"
        return
    if re.search(r"(幺鸡|[一二三四五六七八九1-9]\s*[万条筒饼索]|东风|南风|西风|北风|东|南|西|北)[^，。]*(当|做|作|为|是)" + WILD, t):
        c.gap("固定癞子只能是红中、发财或白板（wildcard_rules.tiles），这种癞子牌无法表达")
        return
    if re.search(r"代替|当作|当做|任意牌|任何牌|任何一?张|任意一?张|万能|百搭|变成", t):
        c.map("wildcard_rules.behavior")
        v.setdefault("wildcard_any", True)
        return
    if per or re.search(WILD + r"[^，。]*(不加|不另外)", t):
        return
    if re.search(r"(有|带|用|加)" + WILD, t):
        v.setdefault("wildcard_any", True)
        c.map("wildcard_rules")


#: "牌里不放红中" / "牌库里没有白板": a dragon tile left out of the deck.
_ABSENT_TILE = re.compile(r"(?:牌里|牌中|牌库|牌堆|整副牌|一副牌|这副牌)[^，。]{0,3}(?:不放|没有|没得|不要|不加|去掉|拿掉|不带|不含|抽掉|不用)"
                          r"[^，。]{0,3}(红中|发财|白板)|不(?:放|加)(?:入|进)?(?:牌里)?(红中|发财|白板)")


@reader
def _absent_tiles(c: Clause) -> None:
    """``牌里不放红中``: a tile left out of the deck. A deck without honors says so already (mapped); a
    fixed wildcard that is the same tile is a contradiction (:func:`wildcard_conflicts`, once the whole
    text is read); anything else stays unmapped for the reviewer."""
    m = _ABSENT_TILE.search(c.text)
    if not m or re.search(WILD, c.text):
        return
    tile = _FIXED_TILES[m.group(1) or m.group(2)]
    c.facts.absent_tiles.setdefault(tile, c.text)
    if c.facts.values.get("honors") is False and not c.facts.values.get("wildcard"):
        c.map("deck")


def wildcard_conflicts(facts: Facts) -> None:
    """"红中是癞子，但是牌里不放红中": the wildcard tile the text names is a tile it leaves out of the deck."""
    wildcard = facts.values.get("wildcard")
    if not isinstance(wildcard, dict) or wildcard.get("type") != "fixed":
        return
    for tile in wildcard.get("tiles") or []:
        absent = facts.absent_tiles.get(tile)
        if not absent:
            continue
        stated = facts.sources.get("wildcard", "")
        facts.conflicts.append({
            "text": absent, "fact": "wildcard", "path": "wildcard_rules.tiles", "sentences": [stated, absent],
            "reason": f"描述说{tile}是癞子（「{stated}」），又说牌里没有{tile}（「{absent}」）：癞子牌不在牌库里就摸不到"})
        if absent in facts.unmapped:
            facts.unmapped.remove(absent)


_CHI = yes_no("chi", "phases.play.sub_phases.others_reaction",
              no=r"(?:不能|不可以|不可|不许|不准|禁止|不让|没有|无|不)吃(?![胡和炮])|只(?:能|可以|许)?碰(?:不|不能|不可)吃|只碰不吃|吃牌不允许|吃(?:是|牌)?(?:不许|不允许|不可以|不能)的?|吃不行|吃不可以|不给吃|不能上牌|不可上牌|只许碰|只能碰(?:杠|和杠|、杠|牌)?(?![^，。]*吃)",
              yes=r"(?:可以|能|允许|可|准|能够|也能|也可以)吃(?![胡和炮])|吃碰杠|吃、碰|吃，碰|[碰杠][、和与及,，/]吃(?![胡和炮])|可以上牌|可以上(?=[（(]|$)|上牌|有吃(?![胡和炮])|能吃能碰")
_PUNG = (says(r"(?:不能|不可以|不可|不许|不准|禁止|没有)(?:吃[、，,和]?)?碰", "pung", False, "phases.play.sub_phases.others_reaction(pung)"),
         says(r"(?:可以|能|可|只能|只可以)(?:吃[、，,和]?)?碰|碰牌|碰随便|碰杠|碰(?:也)?可以", "pung", True,
              "phases.play.sub_phases.others_reaction(pung)"))


@reader
def _chi(c: Clause) -> None:
    t = c.text
    if _FAN_PATTERN.search(t) and re.search(NUM + r"\s*[番翻]", t):
        return  # a fan's definition ("没有吃碰明杠的门前清 1 番"), not a rule about chow
    t = re.sub(r"吃[^，。吃]{0,8}?(?:胡|和)", "", t)  # 吃别人打出的牌胡 is winning on a discard
    read_first(c, _CHI, t)
    read_first(c, _PUNG, t)


_KONG = (
    maps(r"选择不杠|可以不杠", "phases.play.sub_phases"),  # an option the player has, not a prohibition
    passes(r"缺门"),  # 定缺: the void suit may not be konged (a rule of the declare_void phase, not of kongs)
    says(r"(不能|不可以|不可|不许|禁止|没有|不)(?:吃[、，,和]?)?(?:碰[、，,和]?)?杠(?![上开花炮])", "kong", False, "phases.play.sub_phases"),
    says(r"(可以|能|允许|可)(碰、?)?杠|吃[、，,]?碰[、，,和]?杠|碰[、和与]杠|杠牌|明杠|暗杠|加杠|补杠|碰杠|(?<!抢)杠(?:也)?(?:可以|都可以|随便)",
         "kong", True, "phases.play.sub_phases", unless=r"收|付|给|赔|分|钱"),
)


@reader
def _kong(c: Clause) -> None:
    """``不能杠`` / ``可以碰杠``: whether kongs are played (``kong``)."""
    read_first(c, _KONG)


#: "别人加杠时可以抢杠胡" / "抢杠胡算自摸": robbing a kong as a rule (not a fan with a value).
#: "抢杠可以胡" / "抢杠也可以胡" / "抢杠胡可以": the permission written after the word (no value follows it).
_ROB_RULE = re.compile(r"(?:可以|能|允许|准|也可以|也能|可)抢杠|抢杠(?:胡|和)?(?:算|按|当)(?:作|成)?自摸"
                       r"|抢杠(?:胡|和)?(?:也|都|还|亦)?(?:可以|能|可|允许|准|行)(?:胡|和)?(?![^，。；]*?\d|[^，。；]*?[番台分倍])")
_ROB_KONG = yes_no("rob_kong", "phases.play.sub_phases.others_reaction(win)",
                   no=r"(?:不能|不可以|不许|不准|不可|没有)抢杠|抢杠(?:胡|和)?(?:也|都)?(?:不能|不可以|不许|不准|不可|不行|不算胡)(?:胡|和)?",
                   yes=_ROB_RULE.pattern)


@reader
def _rob_kong(c: Clause) -> None:
    """``别人加杠时可以抢杠胡`` / ``不能抢杠``: whether a kong may be robbed (``rob_kong``). In a self-draw-only
    variant (转转) the drafter then lets the ``win`` reaction rob a kong only (``condition: can_rob_kong``)."""
    read_first(c, _ROB_KONG)


#: The plain win's names (the fallback fan 鸡胡 and the words designers use for it).
_PLAIN_WIN = r"(?:鸡胡|鸡和|屁胡|小胡|素胡)"


@reader
def _ji_hu_mode(c: Clause) -> None:
    """鸡胡 beside other fans (``win_rule.ji_hu_dropped_by: shape_fan``): ``没有其他牌型番的普通胡牌算鸡胡`` /
    ``只有牌型番才不算鸡胡`` / ``鸡胡可以和门前清一起算`` / ``牌型一级里鸡胡 1 番``: only a hand-shape fan replaces
    鸡胡, so 门前清, 自摸 or 杠上开花 add to it. (The default, any fan replacing it, is never inferred from
    "没有其他番": 广东 texts say that of 鸡胡's self-draw rule as well.)"""
    t = c.text
    here = re.search(_PLAIN_WIN, t) or (re.search(_PLAIN_WIN, c.previous) and re.search(r"牌型|牌形", t))
    if not here:
        return
    if re.search(r"(?:没有|没|无|不带|除了)(?:任何)?(?:其他|别的|其它)?(?:的)?(?:牌型|牌形)(?:番|番型)", t) \
            or re.search(r"只有[^，。]{0,10}(?:牌型|牌形)(?:番|番型)?[^，。]{0,6}(?:才)?(?:不算|不计|取代|代替|顶替)", t) \
            or re.search(r"牌型一级[^。]*" + _PLAIN_WIN, t) \
            or re.search(_PLAIN_WIN + r"[^，。]{0,8}(?:和|与|跟|同)[^，。]{0,10}(?:门前清|门清|自摸|杠上开花|海底捞月|抢杠胡)"
                         r"[^，。]{0,6}(?:叠加|相加|一起算|同时算|同时计|都算|都计)", t):
        c.set("ji_hu_dropped_by", "shape_fan", "win_rule.ji_hu_dropped_by")


_DISCARD_WIN = yes_no(
    "discard_win", "phases.play.sub_phases.others_reaction",
    no=_NEG + r"(?:点炮|放炮|放冲|放铳|出铳|放枪|点冲|接炮|吃胡|吃和|食胡|捉炮|点胡|胡别人|胡他人|胡别人打的)|只(?:能|许|准|可以)?(?:自摸|自己摸)(?:胡|和)?|只(?:能|许|准|可以)自己(?:胡|和)|必须自摸|自摸才(?:能|可以|算|能算)?(?:胡|和)|(?:点炮|放炮)(?:胡)?不算|只有自摸(?:才)?(?:能|可以)?(?:胡|和)|别人(?:打|放|点)[^，。]{0,6}(?:不能|不可以|不可|一律不能)(?:胡|和)",
    yes=r"(?:可以|能|允许|可|也可以|也能)(?:点炮|放炮|接炮|吃胡|捉炮|食胡|食糊|放冲|出铳|放枪)|点炮、?自摸都(?:能|可以|算)|"
        r"(?:点炮|放炮|点和|点胡|接炮|吃胡)[、和与及/]?自摸(?:胡|和)?(?:都|均|皆)(?:能|可以|可|算|行)"
        r"|自摸[、和与及/]?(?:点炮|放炮|点和|点胡|接炮|吃胡)(?:胡|和)?(?:都|均|皆)(?:能|可以|可|算|行)|(?:点炮|放炮)(?:也)?胡得|点炮[^，。]{0,2}(?:均|都)(?:可|能|可以)(?:胡|和)?|(?:点炮|放炮)(?:和|、)自摸都|点炮也算|(?:可以|能)吃[^，。吃]{0,8}?(?:胡|和)|(?:点炮|放炮)(?:也)?(?:可以|可|能)(?:胡|和)|点炮(?:胡|和|也?(?:可以|能)胡)|接炮|放炮(?:胡|和)|(?:点炮|点和)(?:者|的人|方)?[^，。]*?(?:付|出|赔|包)")
_MULTI_POLICY = "phases.play.sub_phases.others_reaction.priority_policy"
#: Several players win on one discard (一炮多响), as a rule or as the situation a rule is about.
_MULTI_WIN = re.compile(r"一炮(?:可以)?(?:多|双|三)响|多家(?:同时)?(?:都)?(?:可以|能)?胡|几家同时(?:胡|和)|多(?:人|家)胡同一张"
                        r"|几家(?:能|可以)胡就几家胡|(?:几|多|两|三)家(?:都)?(?:能|可以|要|想)(?:胡|和)(?:同一张)?")
#: "一炮多响时 / 一炮多响的话": the mention only names the situation; what happens then follows it.
_SITUATION = re.compile(r"\s*(?:时|的时候|时候|的话|情况下|的情况下?)")
#: A negation right after the mention ("一炮多响不算", "一炮多响不行").
_NEG_AFTER = re.compile(r"\s*(?:也|都)?(?:不算|不行|不允许|不可以|不能|不成立|无效|不存在)")
#: Only one player may win on a discard, whatever the situation (截胡 / 一炮一响 / 只算一家); 不截胡 is the opposite.
_ONE_WIN = (says(r"(?:不|没有|无|不能|不可以|不许|不准|不用)(?:截胡|拦胡|截和|拦和)", "multi_win", True, _MULTI_POLICY),
            says(r"截胡|拦胡|截和|拦和|一炮一响|只(?:能|有)[^，。]{0,8}(?:一|1)家(?:能|可以)?(?:胡|和)|只算(?:一|1)家|只让[^，。]*(?:一家|最近)"
                 r"|只有[^，。]{0,8}最近的一家", "multi_win", False, _MULTI_POLICY),)
#: What happens when several could win, said right after the situation: only one of them wins ("只算第一家",
#: "按逆时针顺序第一家胡", "离放炮最近的一家胡", "下家优先") …
_FIRST_ONLY = re.compile(r"第一(?:个)?家|第一个(?:人|玩家)|最近的?(?:一)?家|(?:一|1)家(?:胡|和|赢|算)|(?:优先|先)(?:胡|和)|优先"
                         r"|(?:按|依|照)[^，。；]{0,8}(?:顺序|次序|方向)")
#: … or all of them do ("都胡", "各自算", "几家胡就几家胡").
_ALL_WIN = re.compile(r"都(?:可以|能|算|要)?(?:胡|和|赢|算|成立)|各(?:自)?(?:胡|和|算)|全部(?:胡|和|算|成立)|同时(?:胡|和)"
                      r"|几家胡就几家胡|一起胡")
#: An order other than the play direction (截胡 is always the nearest seat in the direction of play).
_OTHER_ORDER = re.compile(r"(?<!逆)顺时针|上家(?:优先|先胡|胡)|(?:离|距)放炮[^，。；]{0,6}最远|(?:座位|风位|东南西北)[^，。；]{0,4}(?:顺序|次序)")
_ORDER_GAP = ("截胡只能是按行牌方向离放炮者最近的一家（priority_policy: highest_wins）；"
              "按别的顺序（顺时针、上家优先、按座位）决定谁胡无法表达")
_WIN_SECTIONS = (
    maps(r"(?:可以|能)自摸|自摸(?:也)?(?:可以|能)(?:胡|和)", "phases.play.sub_phases.self_action"),
    maps(r"几家都能(?:胡|和)时|多家(?:同时)?(?:要|想)(?:胡|和)时", "phases.play.sub_phases.others_reaction.priority_policy"),
)


@reader
def _discard_win(c: Clause) -> None:
    t = c.text
    if _QUALIFIER.search(t):
        return  # "没有癞子的时候只能自摸": a qualified rule (listed as a gap by the wildcard reader)
    if re.search(r"(鸡胡|屁胡|平胡|小胡)[^。]*?((只能|只许|必须|要|只可以|只可)(自摸|自己摸)|(不能|不可以|不许|不准|唔可以|唔能)(吃胡|食胡|点炮|接炮|捉炮|胡别人))", t):
        c.set("ji_hu_self_draw_only", True, "win_rule.ji_hu_self_draw_only")
        return
    if re.search(r"鸡胡|屁胡|小胡", c.previous) and (re.match(r"^(?:只能|只许|必须|要|只可以)(?:自摸|自己摸)", t)
                                                  or re.match(r"^(?:不能|不可以|不许|不准)(?:吃|点炮|接炮|捉炮|胡别人)", t)):
        c.map("win_rule.ji_hu_self_draw_only")
        return
    read_first(c, _DISCARD_WIN)
    read_each(c, _WIN_SECTIONS)
    _multi_win(c)


def _multi_win(c: Clause) -> None:
    """一炮多响 (``priority_policy: all_winners``) or one winner per discard (``highest_wins``: 截胡).

    A mention of 一炮多响 is a claim only when it stands alone ("一炮多响", "可以一炮多响"); negated ("不能一炮多响",
    "一炮多响不算") or limited ("一炮多响时只算第一家", "一炮多响时按逆时针顺序第一家胡（截胡）") it means one
    winner. "一炮多响时，……" names the situation and the next clause says what happens then. 截胡 the DSL
    can say in the direction of play only; another order is a gap."""
    t = c.text
    multi = _MULTI_WIN.search(t)
    situation = bool(multi and _SITUATION.match(t, multi.end()))
    after_situation = not multi and bool(_MULTI_WIN.search(c.previous)) and bool(re.search(_SITUATION.pattern + r"\s*$", c.previous))
    if multi and (negated_at(t, multi.start()) or _NEG_AFTER.match(t, multi.end())):
        c.set("multi_win", False, _MULTI_POLICY)
    elif read_first(c, _ONE_WIN):
        pass
    elif (situation or after_situation) and _FIRST_ONLY.search(t[multi.end():] if multi else t):
        c.set("multi_win", False, _MULTI_POLICY)
    elif (situation or after_situation) and _ALL_WIN.search(t[multi.end():] if multi else t):
        c.set("multi_win", True, _MULTI_POLICY)
    elif situation:
        c.map(_MULTI_POLICY)  # "一炮多响时，……": the next clause says what happens
        return
    elif multi:
        c.set("multi_win", True, _MULTI_POLICY)
    if c.values.get("multi_win") is False and _OTHER_ORDER.search(t):
        c.gap(_ORDER_GAP)


#: 血战到底 (the game goes on after a win) or not (checked in order; a negated 血战 is read first).
_XUEZHAN = (
    says(r"血战|胡(?:了|牌)?(?:后|之后|以后)?(?:牌局)?(?:不结束|不算完|继续|接着打)|接到打|退出本局|(?:剩余|其余|剩下)(?:的)?玩家继续|(?:其他|其余|剩下|剩余)的?(?:人|玩家|家)?(?:继续|接着)打|打到(?:只)?剩(?:下)?(?:最后)?(?:一|1)家|直到(?:只剩|剩下?)(?:一|1)(?:家|人)|先胡(?:的)?(?:人|玩家|家)?(?:离场|退出|出局|下桌)",
         "xuezhan", True, "phases.play.parallel_elimination"),
    says(r"(一|1)(家|人)胡(了|牌)?(就|即|则)?(结束|算完)|[胡和]牌(即|就|后)(本局|这局|牌局)?结束|胡了就结束|胡了(?:以后|之后)?(?:这局|本局)?就结束",
         "xuezhan", False, "phases.play.parallel_elimination"),
)
#: 过水不能胡 (a passed win stays passed until the player discards again).
_FU_FLAG = (
    says(r"过水|过胡|漏胡|过手胡|弃胡|过了不能胡|放弃胡[^，。]*不能", "fu_flag", True, "phases.play.fu_flag"),
    maps(r"不能再(?:胡|和)这张|下一次打牌之前|再次打牌(?:之)?前", "phases.play.fu_flag", when="fu_flag"),
)


@reader
def _flow(c: Clause) -> None:
    t = c.text
    if re.search(r"血流成河|血流|胡了(?:以后)?(?:可以|还能|还可以|能)(?:继续|接着|再)胡", t):
        c.set("blood", True, "phases.play.sub_phases.others_reaction.on_win")
        c.facts.values["xuezhan"] = False  # 血流 is not 血战: this clause is the evidence
        c.facts.sources["xuezhan"] = c.cite
        return
    xz = re.search(r"血战", t)
    if xz and negated_at(t, xz.start()):
        c.set("xuezhan", False, "phases.play.parallel_elimination")
    else:
        read_first(c, _XUEZHAN)
    if re.search(r"查花猪|花猪", t):
        c.map("scoring.pre_hooks")
        c.facts.values["hua_zhu"] = True
    if re.search(r"查叫|查大叫|查听|没听牌[^，。]*赔", t):
        c.map("scoring.pre_hooks")
        c.facts.values["cha_jiao"] = True
    read_first(c, _FU_FLAG)
    if re.search(r"赔给(?:其他|听牌|没胡|未胡)", t) and (c.facts.values.get("hua_zhu") or c.facts.values.get("cha_jiao")):
        c.map("scoring.pre_hooks")


#: Wordings that end the 缺一门 reading: the fan 缺一门 with its value, ``不计缺一门``, ``不用缺一门``.
_NO_MISS_SUIT = (
    passes(r"缺一门\s*[:：]?\s*" + NUM + r"\s*(?:[番翻]|[、，,。；;]|$)|不(?:再)?计[^，。]*缺一门"),
    says(r"(不用|不需要|不必|无需|不要求)(缺一门|缺门|打缺|定缺)", "miss_suit", False, "win_condition.must_miss_suit"),
)
#: 缺一门才能胡 (``win_condition.must_miss_suit``) and 定缺 (the declare_void phase).
_MISS_SUIT = (
    says(r"(?:必须|须|要|才能|才可以|需要|得)[^，。]{0,8}缺(?:一)?门|缺一门(?:方可|才能|才可以)|打缺|定缺|缺门才|必须缺|只能有两门|最多(?:只能)?有?两门|两门牌"
         r"|^\s*缺(?:一)?门\s*$", "miss_suit", True, "win_condition.must_miss_suit"),
    says(r"定缺|定一门|选一门", "void", True, "phases[type=declare_void]"),
    # "缺的那门不能留在手里胡牌": the void suit may not be held at a win — must_miss_suit stated again
    says(r"(?:缺门|缺的(?:那)?(?:一)?门|所缺(?:的)?(?:那)?(?:一)?门|定缺的(?:那)?(?:一)?门)(?:的)?(?:牌)?[^，。；]{0,8}"
         r"(?:不能|不可以|不许|不得|不准)[^，。；]{0,8}(?:胡|和|留|有|在手)", "miss_suit", True, "win_condition.must_miss_suit"),
)


@reader
def _miss_suit(c: Clause) -> None:
    t = c.text
    if read_first(c, _NO_MISS_SUIT):
        return
    read_each(c, _MISS_SUIT)
    if re.search(r"换三张|换牌", t):
        c.set("exchange", exchange_direction(t, c.facts.values.get("exchange")), "phases[type=exchange_three]")


@reader
def _pair(c: Clause) -> None:
    t = c.text
    if _in_opening(c):
        return
    digits = r"(?:2|二)\s*[、/,，或和]?\s*(?:5|五)\s*[、/,，或和]?\s*(?:8|八)"
    negative = re.search(r"乱将|不管将|将(?:牌|对)?(?:不限|随意|任意)|任意(?:对子|一对)(?:都)?(?:可以)?(?:做|作|当)将|(?:不需要|不用|无需|不必|不要求|不限)\s*(?:是)?" + digits, t)
    named = [n for n in (FAN_ALIASES.get(m.group(0)) for m in _FAN_PATTERN.finditer(t[:negative.start()]))
             if n] if negative else []
    if negative and re.search(r"大胡|大牌", t):
        c.facts.values["pair_258_exempt_big"] = True
        c.facts.sources["pair_258_exempt_fans"] = t
        c.map("win_condition.pair_258_exempt_fans")
    elif named:  # "碰碰胡、将将胡、清一色、七小对不需要258将": exemptions from the 2/5/8 rule, not its absence
        exempt = c.facts.values.setdefault("pair_258_exempt_fans", [])
        exempt += [n for n in named if n not in exempt]
        c.facts.sources["pair_258_exempt_fans"] = t
        c.imply("pair_258", True)
        c.map("win_condition.pair_258_exempt_fans")
    elif negative:
        c.set("pair_258", False, "win_condition.pair_must_be_258")
    elif re.search(digits, t) and re.search(r"将|眼|对子|做对|作对|对儿", t):
        c.set("pair_258", True, "win_condition.pair_must_be_258")


_U = r"[番翻台分倍]"
#: ``8番起胡`` / ``起胡 2 番`` / ``至少 1 番``: ``win_min_fan`` (the number stated; 0 for ``不限番``).
_MIN_FAN = (
    says(NUM + r"\s*" + _U + r"\s*(?:起胡|起和|起糊|起|才能胡|才可以胡|才能和|以上(?:才能|方可|才可以)?胡)", "min_fan", NUMBER, "win_min_fan"),
    says(r"(?:起[胡和糊]|[胡和]牌起点)\s*(?:番数?)?\s*[:：]?\s*(?:为|是|要)?\s*" + NUM + r"\s*" + _U, "min_fan", NUMBER, "win_min_fan"),
    says(r"(?:至少|最少|最低|起码|满|够|不少于|不低于|不足)\s*(?:要)?\s*" + NUM + r"\s*" + _U, "min_fan", NUMBER, "win_min_fan"),
    says(r"(没有|无|不限|不设)(起胡|番数限制|最低番)|胡牌不限番|不限番", "min_fan", 0, "win_min_fan"),
)
_FANS = "(?:" + _FAN_PATTERN.pattern + ")"
#: A fan exempt from the cap ("十三幺不受封顶限制", "十三幺不封顶", "封顶10番（十三幺除外）", "十三幺可以超过封顶"):
#: ``max_fan`` caps every fan alike, so this is a gap (see :func:`_other_unsupported`), never a ``不封顶``.
_CAP_EXEMPT = re.compile(_FANS + r"[^，。；]{0,6}?(?:不受|不计|不按|不算|不在|不设|不|无|没有)(?:番数)?(?:封顶|上限)"
                         r"|" + _FANS + r"[^，。；]{0,6}?(?:可以|能|可)?(?:超过|超出|突破|不管)(?:封顶|上限)"
                         r"|(?:封顶|上限)[^。；]{0,12}?" + _FANS + r"[^，。；]{0,4}?除外"
                         r"|(?:除了?|除开)" + _FANS + r"[^，。；]{0,12}(?:都|均|一律|其他|其余)?[^，。；]{0,6}封顶"
                         r"|^(?:但|而且|并且)?(?:也|都|就)?(?:可以|能|可)?(?:不受|超过|超出|突破)(?:番数)?(?:封顶|上限)")  # "十三幺13番，不受封顶限制"
#: ``封顶 16 番`` / ``最多 8 番`` / ``上限 13``: ``max_fan`` (``None`` for ``不封顶``).
_MAX_FAN = (
    says(r"封顶\s*[:：]?\s*(?:为|是)?\s*" + NUM + r"(?:\s*" + _U + r"|\s*$)", "max_fan", NUMBER, "max_fan"),
    says(NUM + r"\s*" + _U + r"\s*(?:为止)?\s*(?:就)?封顶", "max_fan", NUMBER, "max_fan"),
    says(r"(?:顶到|到)\s*" + NUM + r"\s*" + _U + r"[^，。]{0,4}封顶", "max_fan", NUMBER, "max_fan"),
    says(r"最(?:高|多|大)\s*(?:只)?(?:算|计|到)?(?:到)?\s*" + NUM + r"\s*" + _U, "max_fan", NUMBER, "max_fan"),
    says(r"(?:上限|番数上限)\s*(?:为|是)?\s*" + NUM, "max_fan", NUMBER, "max_fan"),
    says(r"不(?:超过|能超过)\s*" + NUM + r"\s*" + _U, "max_fan", NUMBER, "max_fan"),
    says(r"不封顶|无封顶|没有封顶|没有上限|不设上限", "max_fan", None, "max_fan", unless=_CAP_EXEMPT.pattern),
)


@reader
def _fan_limits(c: Clause) -> None:
    """The fewest fans a win needs (``win_min_fan``) and the cap (``max_fan``)."""
    read_first(c, _MIN_FAN)
    read_first(c, _MAX_FAN)


def _outside_parentheses(text: str) -> str:
    """``text`` without its parenthesised explanations (``财飘（打出财神以后接着自摸）再翻一倍`` → ``财飘再翻一倍``)."""
    return re.sub(r"[（(][^）)]*[）)]", "", text)


def _times(t: str, start: int) -> int | None:
    tail = t[start:]
    if re.match(r"[^，。；]*?(?:翻|加)(?:一|1)\s*倍", tail):  # 翻一倍 doubles: it is not "1 倍"
        return 2
    if re.match(r"[^，。；]*?(加倍|翻倍|双倍|[x×*]\s*2(?!\d)|两倍|2倍)", tail):
        m = re.match(r"[^，。；]*?" + NUM + r"\s*倍", tail)
        return cn_number(m.group(1)) if m else 2
    m = re.match(r"[^，。；]*?" + NUM + r"\s*倍", tail) or re.match(r"[^，。；]*?(?:乘以?|[x×*])\s*" + NUM, tail)
    return cn_number(m.group(1)) if m else None


@reader
def _multipliers(c: Clause) -> None:
    """庄家 / 自摸 / 点炮 multipliers. A word inside a parenthesis is read within the parenthesis only:
    ``财飘（打出财神以后接着自摸）再翻一倍`` doubles 财飘 (a gap), not 自摸, while ``平胡1番（自摸翻倍）`` still
    doubles 自摸; a word outside is read in the whole clause (``点炮（放炮的人一个人付）``)."""
    if _in_opening(c):
        return
    outside = _outside_parentheses(c.text)
    _read_multipliers(c, c.text, outside)
    for inner in re.findall(r"[（(]([^）)]*)[）)]", c.text):
        _read_multipliers(c, inner, inner, skip=outside)


_ZHUANG, _ZIMO, _PAO = r"庄(?:家)?", r"自摸", r"点炮|放炮|点胡|放枪|放冲|出铳|点和"


def _read_multipliers(c: Clause, t: str, said: str, skip: str = "") -> None:
    """The multipliers of the words in ``said`` (a word also in ``skip`` is read elsewhere), matched in ``t``."""
    zhuang, zimo, pao = (re.search(word, t) if re.search(word, said) and not re.search(word, skip) else None
                         for word in (_ZHUANG, _ZIMO, _PAO))
    if zhuang and re.search(r"庄[^，。]*多(?:算|加|计|赢|收)\s*" + NUM + r"\s*[番台分]", t):
        c.gap("庄家多算番/台（加法）无法表达：DSL 只有庄家倍数 scoring.dealer_multiplier")
    elif zhuang and not zimo:
        if re.search(r"庄闲(一样|相同|同等|不分)|不分庄闲|庄[^，。]*不(加倍|翻倍|翻番|多付|多给)|庄家(输赢)?(只)?(算)?(一|1)倍", t):
            c.set("dealer_multiplier", 1, "scoring.dealer_multiplier")
        else:
            n = _times(t, zhuang.start())
            if n:
                c.set("dealer_multiplier", n, "scoring.dealer_multiplier")
    if zimo and not zhuang:
        if re.search(r"自摸[^，。]*(不加倍|不翻倍|和点炮一样|与点炮相同|只算一倍)|自摸[^，。]*(每家|各家|三家)[^，。]*(各)?(付|给|出)番数", t):
            c.set("self_draw_multiplier", 1, "scoring.self_draw_multiplier")
        elif re.search(r"自摸(?:加|多)\s*(?:番|(?:一|1)\s*番)", t):
            c.set("self_draw_bonus", "add_fan", "scoring.doubling.self_draw")
        elif re.search(r"自摸(?:加|多)(?:底|分|(?:一|1)\s*(?:个)?底)", t) or re.search(r"自摸[^，。]*每家多付", t):
            c.set("self_draw_bonus", "add_base", "scoring.doubling.self_draw")
        elif m := re.match(r"^自摸\s*" + NUM + r"\s*[番台]$", t):
            c.fan("自摸", cn_number(m.group(1)), "自摸")  # 自摸 as a fan of the table (engine/fans/sichuan.py)
        elif re.search(r"自摸(?:加|多)(?:分|" + NUM + r"\s*分)", t) or re.match(r"^自摸\s*" + NUM + r"\s*分$", t):
            c.gap("自摸加分（不是加底、加番）没有对应字段")
        else:
            n = _times(t, zimo.start())
            if n:
                c.set("self_draw_multiplier", n, "scoring.self_draw_multiplier")
            elif re.search(r"自摸[^，。]*(?:三家|两家|每家|各家|其余|其他|对家)[^，。]*(?:给|付|出)", t):
                c.set("self_draw_multiplier", 1, "scoring.self_draw_multiplier")
    if pao and not zhuang:
        if re.search(r"(?<!要)包(?:三家|全部|所有)(?!的钱)|一家(付|包)三家", t):
            c.set("discard_win_multiplier", 3, "scoring.discard_win_multiplier")
        elif re.search(r"(点炮|放炮|放枪|放冲|出铳|点和)(?:者|的人|方)?(?:只)?[^，。]{0,3}(?:一个人|一人|自己)(?:付|出|赔|给)|(?:点炮|放炮)[^，。]*只有(?:放炮|点炮)的(?:人)?(?:给|付|出)|(点炮|放炮)(?:者|的人|方)?(?:只)?(?:付|出|赔|给)(?:一|1)(?:份|倍|家)|(点炮|放炮|点和)[^，。]*(?:的人|者)(?:只)?(?:付|出|赔|给)[^，。]{0,5}番数|(点炮|放炮)[^，。]*一家(付|出|赔|给)", t):
            c.set("discard_win_multiplier", 1, "scoring.discard_win_multiplier")
        elif re.search(r"(三家|两家|大家|每家|所有人)(都)?(付|出|给|赔)", t):
            c.set("discard_paid_by", "all_losers", "scoring.discard_paid_by")
            # "点炮三家都付": each pays the hand once, unless the clause gives a multiple
            c.set("discard_win_multiplier", _times(t, pao.start()) or 1, "scoring.discard_win_multiplier")
        else:
            n = _times(t, pao.start())
            if n:
                c.set("discard_win_multiplier", n, "scoring.discard_win_multiplier")


_BASE_POINTS = (says(r"底分\s*" + NUM + r"\s*分?", "base_points", NUMBER, "scoring.base_points", unless=DOUBLING),
                says(r"(?:付|给|出|赔|收|赢)\s*(?:的)?番数?\s*(?:加|\+|＋)\s*" + NUM + r"\s*分", "base_points", NUMBER,
                     "scoring.base_points", unless=DOUBLING),
                says(r"(?:另外|其他|其余)(?:两|二)家[^，。]*各(?:付|给|出)(?:一份)?底分|(?:每家|三家)都(?:付|给|出)底分",
                     "base_paid_by", "all_losers", "scoring.base_paid_by"))
#: ``其余两家各付8分``: on a discard win the other losers pay a number of points (the base, when it is the base).
_OTHERS_PAY = re.compile(r"(?:另外|其他|其余|另)(?:两|二)家[^，。]*?各(?:付|给|出|赔)\s*" + NUM + r"\s*分")
_DISCARD_WORDS = re.compile(r"点炮|放炮|点和|点胡|放枪|放冲|出铳|接炮")


@reader
def _base_points(c: Clause) -> None:
    """``底分 8 分`` / ``放炮者付番数加8分``: a base every paying loser adds (scoring.base_points); ``另外两家各付底分``
    / ``点和时……其余两家各付8分`` (8 the base): on a discard win the other losers pay it too (scoring.base_paid_by:
    all_losers); other points for them are a gap. A 底分 in a doubling statement (``得分 = 底分 1 × 2 的番数次方``) is the
    doubling's base, read by sichuan_facts."""
    read_each(c, _BASE_POINTS)
    m = _OTHERS_PAY.search(c.text)
    if not m or "base_paid_by" in c.values or not _DISCARD_WORDS.search(c.previous + c.text):
        return
    points, base = cn_number(m.group(1)), c.facts.values.get("base_points")
    if base and points == base:
        c.set("base_paid_by", "all_losers", "scoring.base_paid_by")
    else:
        c.gap(f"点炮时其余两家各付 {points} 分无法表达：DSL 里其余两家只能各付一份底分（scoring.base_paid_by: all_losers，"
              f"底分{'是 ' + str(base) + ' 分' if base else '描述没有给出'}）")


#: How fans combine (``fan_stacking``), checked in order; first the doubling table of 川麻 (``doubling``).
_STACKING = (
    says(DOUBLING, "doubling", True, "fan_stacking"),
    says(r"相乘|乘法|番番相乘|连乘|(番|番型)[^，。]*翻倍计|翻倍叠加", "fan_stacking", "multiply", "fan_stacking"),  # 卡五星 各番相乘
    says(r"(同级|同一级|每级|各级|每一级)[^，。]*(最大|最高)[^，。]*(相加|累加|叠加)|各级(?:的)?番数?(?:相加|累加|叠加)|番型分(?:等)?级",
         "fan_stacking", "add_max", "fan_stacking"),
    # "牌型一级里……只取最大的": the maximum within one level group (read by _levels)
    passes(r"一级|同级|同一级", unless=r"相加|累加|叠加"),
    says(r"(只|仅)(算|取|计|按)(最大|最高|最大的|最高的)|取最大|不叠加|不累加|就高不就低|不能叠加|不可叠加",
         "fan_stacking", "max_level", "fan_stacking"),
    says(r"(?:番(?:数|型)?|大胡)(?:可以|直接|全部|都)?(?:叠加|累加|相加)|各番相加|可以叠加|累计相加|叠加计算|累加计算", "fan_stacking", "add", "fan_stacking"),
)


@reader
def _stacking(c: Clause) -> None:
    """``按番翻倍`` (the doubling table, :mod:`dslgen.generate.sichuan_facts`) or how fans combine (``fan_stacking``)."""
    read_first(c, _STACKING)


@reader
def _exclusions(c: Clause) -> None:
    """``七对不计门前清`` / ``大于五、小于五都不计无字``: the fans before 不计 exclude the fans after it."""
    m = re.search(r"^(.*)不(?:再)?(?:计|算|叠加)(.+)$", c.text)
    if not m:
        return
    heads = [FAN_ALIASES[w] for w in _FAN_PATTERN.findall(m.group(1)) if FAN_ALIASES[w]]
    tails = [FAN_ALIASES[w] for w in _FAN_PATTERN.findall(m.group(2)) if FAN_ALIASES[w]]
    if not heads or not tails:
        return
    for head in heads:
        targets = c.facts.excludes.setdefault(head, [])
        targets.extend(x for x in tails if x not in targets and x != head)
    c.map("fan_types.excludes")
    c.facts.values["_exclusion_clause"] = c.text


#: ``花牌每张1番``: the fan 花牌 counted per flower (§8 ``per: flower``), not the per-flower bonus in points.
_PER_FLOWER_FAN = re.compile(r"\s*每(?:张|个)\s*(?:算|计|记|得)?\s*" + NUM + r"\s*[番翻](?!数)")
#: ``不算番`` / ``不计番`` right after a fan: it is worth 0 番 (素胡 in 川麻), not ruled out like ``七对不算``.
_NO_FAN = re.compile(r"\s*(?:也|都)?(?:不算|不计)番(?!数|型)")
#: A fan word followed by another in parentheses ("小胡（平胡）"): one fan under two names.
_RENAMED = re.compile("(" + _FAN_PATTERN.pattern + r")\s*[（(]\s*(" + _FAN_PATTERN.pattern + r")\s*[)）]")


#: A kong's names: valued in 分 beside a table of 番, the row is what the kong collects (see :func:`table_unit`).
KONG_WORDS = frozenset(("明杠", "暗杠", "补杠", "接杠", "直杠", "点杠", "放杠", "弯杠", "面下杠"))
KONG_POINTS_GAP = ("杠分（开杠时收的分，写在番数表旁）没有写进草稿：它不是番型的番数；"
                   "规则文件的杠分写在结算项里，请设计者确认每种杠收几分、谁付")


def table_unit(description: str) -> str:
    """The unit most fan rows of ``description`` are written in (``番`` / ``台`` / ``分`` / ``倍``; ``""``: no rows)."""
    counts: dict[str, int] = {}
    for unit in re.findall(r"[\u4e00-\u9fff][\s:：=]*\d+\s*([番翻台分倍炮])", description):
        unit = "番" if unit == "翻" else unit
        counts[unit] = counts.get(unit, 0) + 1
    return max(counts, key=lambda u: counts[u]) if counts else ""


#: A row's name cell: the CJK run opening the clause, up to its value (``超豪华七对=4番``, ``八归一七对：8番``).
_ROW_NAME = re.compile(r"^\s*([\u4e00-\u9fff]{2,8})(?=\s*(?:[:：=]\s*)?[+＋]?\s*[\d一二三四五六七八九十])")
#: Words in front of a fan name that make the cell a rule about the fan, not a longer fan's name.
_NOT_NAME_PREFIX = re.compile(r"不|无|没|可|能|算|计|和|或|及|与|的")


def longer_row_name(text: str, start: int, end: int) -> str:
    """The longer fan name of a row whose name cell ends with the fan word at ``start:end`` (``""``: none).

    ``超豪华七对=4番`` names 超豪华七对, not 豪华七对; ``八归一七对=8番`` names no 七对: the longest name written wins.
    """
    cell = _ROW_NAME.match(text)
    if not cell or cell.end(1) != end or cell.start(1) >= start or _NOT_NAME_PREFIX.search(text[cell.start(1):start]):
        return ""
    return cell.group(1)


@reader
def _fans(c: Clause) -> None:
    t = c.text
    if c.facts.values.get("_exclusion_clause") == t or _in_opening(c):
        return
    pos = 0
    # "小胡（平胡）2分": the word in parentheses is another name of the fan before it, whose value follows
    renamed = {a.start(2): a.end() for a in _RENAMED.finditer(t)}
    named_as = {a.start(1): a.end() for a in _RENAMED.finditer(t)}
    list_negated = False
    for m in _FAN_PATTERN.finditer(t):
        word = m.group(0)
        if m.start() in renamed:
            continue
        if word.startswith("无") and t[m.end():m.end() + 1] == "牌":
            continue  # "无字牌无花牌": the deck has no honor tiles, not the fan 无字
        if word == "缺一门" and not re.match(r"\s*[:：=]?\s*" + NUM + r"\s*(?:[番翻]|[、，,。；;]|$)", t[m.end():]):
            continue
        if word == "全中" and "红中" in t:
            continue
        if FAN_ALIASES[word] == "抢杠胡" and not _FAN_VALUE.match(t[m.end():]) \
                and (_ROB_RULE.search(t) or t[m.start() - 1:m.start()] == "被"):
            continue  # "可以抢杠胡" / "抢杠胡算自摸" / "被抢杠的人": the rule (read by _rob_kong), not a fan
        if word in ("平胡", "屁胡", "鸡胡", "小胡") and re.match(r"[^，。]*?(只能|只许|必须)自摸", t[m.end():]):
            continue
        name = FAN_ALIASES[word] and _variant_fan(c.facts, word, FAN_ALIASES[word])
        per_flower = _PER_FLOWER_FAN.match(t[m.end():]) if word == "花牌" else None  # "花牌每张1番": the 国标 fan
        ruled_out = re.search(r"(?:不计|不算)(?:番型)?$", t[pos:m.start()])  # "不计花牌": the fan is out
        if word in VALUE_ONLY_WORDS and not _FAN_VALUE.match(t[m.end():]) and not per_flower and not ruled_out \
                and not _TRAILING_VALUE.match(t[m.end():]):
            continue  # 自摸, 明杠, 花牌 … name rules far more often than fans: a fan only with its value
        if word in ("明杠", "暗杠") and is_kong_money(c):
            continue  # "刮风下雨：暗杠2分": the kong money (read by sichuan_facts), not the 国标 fan
        if word in KONG_WORDS and c.facts.table_unit and c.facts.table_unit != "分" \
                and re.match(r"\s*[:：=]?\s*(?:每人|每家|各)?\s*" + NUM + r"\s*分", t[m.end():]):
            c.gap(KONG_POINTS_GAP)  # "明杠=1分" in a 番 table: what a kong collects, not a fan's value
            pos = m.end()
            continue
        if word == "花牌" and re.search(r"每(?:张|个)?\s*$", t[:m.start()]):
            continue  # "每张花牌 1 分" is the per-flower bonus (flower_rules), not the 国标 fan
        if name == "平胡" and word != "平和":
            if c.facts.pinghu_means:
                name = c.facts.pinghu_means  # the description defined the word itself
            elif re.search(r"没有(?:任何)?(?:其他|别的)(?:牌型)?番|普通(?:的)?胡牌|不带任何番|无番", t) \
                    and not re.search(r"顺子|全是顺", t):
                name = "鸡胡"  # 平胡 defined as "a plain win with no other fan" is the engine's 鸡胡
        joined = m.start() == pos and pos > 0 and c.fans and c.fan_values.get(c.fans[-1]) is None
        before = t[pos:m.start()]
        after = t[named_as.get(m.start(), m.end()):]
        value_m = _FAN_VALUE.match(after) or per_flower or _TRAILING_VALUE.match(after)
        if value_m and re.match(r"\s*[、,，]\s*\d+(?![\u4e00-\u9fff])", after[value_m.end():]):
            value_m = None  # "小七对：11、11、11……": the pattern written out in tiles, not a value
        if value_m and re.search(r"[xX×*]|倍", value_m.group(0)):
            c.facts.times_rows.append(c.cite)  # "自摸 ×2": a value written as a multiple
        payer = None if value_m or word in VALUE_ONLY_WORDS else _PER_PAYER.match(after)
        points = re.match(r"\s*" + NUM + r"\s*分", after[payer.end():]) if payer else None
        zero = None if value_m else _NO_FAN.match(after)  # "素胡（平胡）不算番，只得一个底分": worth 0 番, not ruled out
        negated = not zero and (re.search(r"(不算|不计|没有|不能胡|不可以胡|不可胡|不能和|不要|取消|去掉)$", before)
                                or re.match(r"\s*(?:的)?(?:牌型|这种牌型|这个牌型)?\s*(?:也|都)?(不算|不计|不能胡|不可以胡|不能和|不可胡|不要|不成立|不行)(?!番数|封顶|上限)", after)
                                # a list: "不可胡七小对、十三幺" / "七小对、十三幺、大烂不可胡" rules out every item
                                or (list_negated and re.fullmatch(r"\s*[、和及与或]\s*", t[pos:m.start()]))
                                or (not value_m and _LIST_NEGATED.match(after)))
        list_negated = bool(negated)
        pos = m.end()
        longer = "" if joined or not value_m else longer_row_name(t, m.start(), m.end())
        if longer:  # "超豪华七对=4番": a fan the library does not know, not the shorter fan inside its name
            c.gap(_unknown_fan_reason(longer, value_m.group(0).strip()), text=f"{longer}（{c.cite}）")
            c.facts.unknown_fans.setdefault(longer, (cn_number(value_m.group(1)), c.cite))
            continue
        if name is None:
            c.gap(_unknown_fan_reason(word, value_m.group(0) if value_m else ""), text=f"{word}（{c.text}）")
            if value_m:
                c.facts.unknown_fans.setdefault(word, (cn_number(value_m.group(1)), c.cite))
            continue
        if _DOUBLING.match(after) and not value_m:
            c.gap("番型翻倍（按倍数相乘）无法表达，fan_types 只能写固定番数", text=f"{word}（{c.text}）")
            continue
        if negated:
            c.facts.removed_fans.add(name)
            c.facts.fans.pop(name, None)
            c.facts.fan_sources[name] = c.cite
            c.removed.append(name)
            c.map(f"fan_types[{name}]")
            continue
        value = cn_number(value_m.group(1)) if value_m else (0 if zero else None)
        if joined and value is not None:  # "门清自摸 3台": the value of the combined fan, not of 自摸
            first = c.fans.pop()
            c.fan_values.pop(first, None)
            if c.facts.fans.get(first, 0) is None and c.facts.fan_sources.get(first) == c.cite:
                c.facts.fans.pop(first)
            combined = t[t.rfind(c.facts.fan_words.get(first, first), 0, m.start()):m.end()]
            c.gap(_unknown_fan_reason(combined, value_m.group(0).strip() if value_m else ""), text=f"{combined}（{c.cite}）")
            c.facts.unknown_fans.setdefault(combined, (value, c.cite))
            continue
        c.fan(name, value, word)
        if name == "抢杠胡":
            c.imply("rob_kong", True)  # a scored 抢杠胡 is a kong that may be robbed (unless a clause says not)
        c.facts.pending_fan = name if value is None else ""
        if points:  # "七对每家给4分": what each payer pays, resolved by _finish_points
            c.facts.values.setdefault("_payer_points", {})[name] = (cn_number(points.group(1)), len(c.facts.readings))


#: ``自摸每家给2分`` / ``自摸每人给2分``: what each loser pays for a plain self-drawn win (points, not a multiple).
_SELF_DRAW_POINTS = re.compile(r"(?:^|[:：])\s*自摸(?:胡牌?|胡了)?(?:的话|时)?\s*" + PAYERS
                               + r"(?:都|各)?(?:要)?(?:给|付|出|赔)?(?:各)?\s*" + NUM + r"\s*分\s*$")
#: ``点炮给3分`` / ``放炮的人付3分``: what the discarder pays for a plain win on his discard.
_DISCARD_POINTS = re.compile(r"(?:^|[:：])\s*(?:点炮|放炮|点胡|放枪|放冲|出铳)(?:胡牌?)?(?:的话|时)?(?:的人|者|方|的那家|那家)?"
                             r"(?:只)?(?:一家)?(?:要)?(?:给|付|出|赔)\s*" + NUM + r"\s*分\s*$")


@reader
def _payer_points(c: Clause) -> None:
    """``自摸每家给2分`` / ``点炮给3分``: the points of a plain win (no fan named), per paying player.

    The DSL pays 番数 × multiplier (§12), so the points are the value of the fallback fan 鸡胡 (§8: the plain
    win, replaced by any other fan under the default ``ji_hu_dropped_by: any_fan`` — a 七对 worth 4 then
    pays 4, not 2 + 4). Which fact a clause states depends on the whole text (a 鸡胡 value may be stated
    elsewhere), so the clause is only noted here and resolved by :func:`_finish_points`."""
    if _in_opening(c):
        return
    for kind, pattern in (("self_draw", _SELF_DRAW_POINTS), ("discard", _DISCARD_POINTS)):
        m = pattern.search(c.text)
        if m:
            c.facts.values.setdefault("_payer_points", {})[kind] = (cn_number(m.group(1)), len(c.facts.readings))


def _finish_points(facts: Facts) -> None:
    """Resolve the per-payer points noted by :func:`_payer_points` and the fan reader, now that every
    clause is read. The DSL pays 番数 × multiplier (§12), so points P for a fan (鸡胡 for a plain win):

    * the fan has no value stated elsewhere: its value is P ÷ the multiplier (the stated one, else 1, which
      the clause then states: each payer pays the value once);
    * the fan has value V stated elsewhere: the points state the multiplier P ÷ V (``七对 2 番 … 七对每家 4 分``
      with 自摸每家付 2 倍); a multiplier stated otherwise, or points that are no whole multiple, are a gap.
    """
    noted = facts.values.pop("_payer_points", {})
    for key in sorted(noted, key=lambda k: {"self_draw": 1, "discard": 2}.get(k, 0)):  # fans, self-draw, discard
        value, index = noted[key]
        reading = facts.readings[index]
        name = "鸡胡" if key in ("self_draw", "discard") else key
        times_key = "discard_win_multiplier" if key == "discard" else "self_draw_multiplier"
        fan, times = facts.fans.get(name), facts.values.get(times_key)
        if facts.sources.get(times_key) == reading["text"]:
            times = None  # "自摸每家给2分" itself says each payer pays once: that is what is resolved here
        if fan is None and value % (times or 1) == 0:
            facts.fans[name] = value // (times or 1)
            facts.fan_sources[name] = reading["text"]
            reading["fan_values"][name] = facts.fans[name]
            if name not in reading["fans"]:
                reading["fans"].append(name)
            _patch(facts, reading, f"fan_types[{name}]")
            if times is None:
                _state(facts, reading, times_key, 1)
        elif fan and value % fan == 0 and times in (None, value // fan):
            _state(facts, reading, times_key, value // fan)
        else:
            entry = {"text": reading["text"], "reason": f"付 {value} 分和{name}的番数（{fan}）× 倍数（{times or 1}）对不上，"
                                                       "DSL 的付款是 番数 × 整数倍数，无法表达"}
            reading["gaps"].append(entry["reason"])
            if entry not in facts.gaps:
                facts.gaps.append(entry)


def _state(facts: Facts, reading: dict[str, Any], key: str, value: Any, section: str = "") -> None:
    """Record after the fact that ``reading``'s clause states fact ``key`` = ``value`` (as :meth:`Clause.set`),
    in DSL ``section`` (``scoring.<key>`` by default)."""
    facts.values[key] = value
    facts.sources[key] = reading["text"]
    reading["values"][key] = value
    if key not in reading["keys"]:
        reading["keys"].append(key)
    _patch(facts, reading, section or f"scoring.{key}")


def _patch(facts: Facts, reading: dict[str, Any], section: str) -> None:
    """Record after the fact that ``reading``'s clause maps to ``section`` (as :meth:`Clause.map` does)."""
    if section not in reading["sections"]:
        reading["sections"].append(section)
    entry = {"section": section, "sentence": reading["text"]}
    if entry not in facts.mapping:
        facts.mapping.append(entry)
    reading["rule"] = True
    if reading["text"] in facts.unmapped:
        facts.unmapped.remove(reading["text"])


@reader
def _other_unsupported(c: Clause) -> None:
    t = c.text
    if _in_opening(c):
        return
    rules = [
        (r"买中的马|马[^，。]{0,4}(?:算分|加分)|买马|买码|抓鸟|扎鸟|中鸟|[抓扎中]\s*\S{0,3}鸟|中码|奖马|抓码|扎码", "引擎不支持买马/抓鸟/扎鸟（胡牌后翻牌奖励）"),
        (r"开门|必须[^，。]{0,4}(?:吃|碰)过", "“开门才能胡”（至少吃或碰一次）的胡牌条件无法表达"),
        (r"(?:必须|要)有幺九|不能缺门|三门都要有|三门齐", "“必须有幺九/三门齐”的胡牌条件无法表达"),
        (r"捉鸡|(?:幺鸡|冲锋鸡|乌骨鸡)[^，。]*(?:分|倍|鸡)|是鸡", "引擎不支持捉鸡（鸡牌另外计分）"),
        (r"亮倒|亮牌|亮了", "引擎不支持亮倒（听牌后亮牌、胡牌翻倍）"),
        (r"包赔|包三家的钱|一个人包", "包赔（一人替其他人付钱）的结算无法表达"),
        (r"飘分|漂分|下跑|跑分|坐飘|加飘|下漂|飘", "引擎不支持飘分/下跑（开局押注加倍）"),
        (r"跟庄", "引擎不支持跟庄"),
        (r"连庄|坐庄|轮庄|下庄|庄家轮|谁胡谁(坐|做)庄", dealer_rule_gap()),
        (r"(?<!加)底注|筹码|每番\s*" + NUM + r"\s*(分|元|块)|(?<!倍)一番\s*" + NUM + r"\s*(分|元|块)", "底分/筹码金额 DSL 没有对应字段（只有番数与倍数）"),
        (r"报听|听牌后(?:不能|不可)|亮倒|明牌", "引擎不支持报听/亮牌"),
        (r"起手胡|起手(?:四喜|六六顺|板板胡|缺一色)|小胡(?:结算|立即)", "起手胡（开局亮牌直接结算的小胡）引擎不支持"),
        (r"荒庄荒杠|流局(?![^，。]*(?:没听|未听|不听|没下叫|没叫))[^，。]*杠[^，。]*(不算|作废|退)", "流局时杠分作废无法表达"),
        (r"包牌|包杠|承包|三摊承包", "包牌/承包责任结算无法表达"),
        (_CAP_EXEMPT.pattern, "某个番型不受封顶限制无法表达：max_fan / scoring.max_cap 对所有番型一律封顶，草稿里这个番型也按封顶计"),
    ]
    from dslgen.generate.liangdao_reader import is_liang_dao_clause

    if is_liang_dao_clause(c):  # 亮倒 and its 翻倍 / 包赔: read by _liang_dao
        rules = [(p, r) for p, r in rules if not r.startswith(("引擎不支持亮倒", "包赔", "引擎不支持报听", "包牌"))]
    read = "settlement_items" in c.values  # 抓鸟 / 买马 / 包赔 / 飘 / 跟庄 / 连庄 read by _settlement_items
    # who deals: read (or listed as a gap) by _seating
    seated = "next_dealer" in c.values or "first_dealer" in c.values or "game.seating.next_dealer" in c.sections \
        or dealer_always_stays_gap() in c.gaps
    for pattern, reason in rules:
        if seated and reason == dealer_rule_gap():
            continue
        if reason.startswith("引擎不支持飘分") and _cai_piao(c):
            continue  # 财飘 is no stake before the hand: read by _wildcards
        if re.search(pattern, t) and not (read and any(word in reason for word in _ITEM_GAPS)):
            c.gap(reason)


#: Words of _other_unsupported's gap reasons that a clause read as a settlement item does not get.
_ITEM_GAPS = ("买马", "抓鸟", "包赔", "飘分", "跟庄", "连庄", "包牌")


def _variant_fan(facts: Facts, word: str, name: str) -> str:
    """The fan a variant-dependent word names in this game (``name``: its vocabulary entry).

    Bare 幺九 is 混幺九 (every tile a terminal or an honor): 广东/香港 rule pages list 幺九 (混幺九) beside
    清一色 at the same value (广东鸡平胡: 混一色 3、清一色 6、混幺九 6、字一色 10), while the fan whose every set
    holds a 1/9 they write 带幺九/全带幺. 混幺九 needs honors, so in a game without them (川麻 108 张) 幺九 can
    only be 带幺九."""
    if word == "幺九" and facts.values.get("honors") is False:
        return "带幺九"
    return name


def _fan_name(facts: Facts, word: str) -> str:
    """The engine's name for fan word ``word`` (平胡 as the description defines it, 幺九 as the game has it)."""
    name = _variant_fan(facts, word, FAN_ALIASES[word] or word)
    return facts.pinghu_means if name == "平胡" and word != "平和" and facts.pinghu_means else name


_NOT_FAN = re.compile(r"^(?:算|按|当作|计作|记作)|给|付|赢|封顶|起胡|起和|最高|最多|最低|至少|上限|每|加|共|各|番数|番型|胡牌|张|倍|分|局|人|家|是|须|要|为|有|牌|将|翻|鸟")


@reader
def _shared_values(c: Clause) -> None:
    """``碰碰胡、清一色……，每个 6 番`` / ``各6番`` / ``各加1番`` / ``各算一番``: one value for every fan of the list (or
    the clause before)."""
    m = re.search(r"(?:每个|每种|每样|各|都|均)(?:大胡|番型|番种|牌型)?(?:都|各)?(?:是|算|为|计|记|加|另加|再加)?\s*" + NUM
                  + r"\s*[番翻台分]", c.text)
    lone = re.match(r"^(?:算|计|记|为)\s*" + NUM + r"\s*[番翻台分倍]$", c.text)
    if (not m and not lone) or _in_opening(c):
        return
    value = cn_number((m or lone).group(1))
    here = [_fan_name(c.facts, w) for w in _FAN_PATTERN.findall(c.text) if FAN_ALIASES[w]]
    names = here or [_fan_name(c.facts, w) for w in _FAN_PATTERN.findall(c.previous) if FAN_ALIASES[w]]
    if lone and not here:
        names = [c.facts.pending_fan] if c.facts.pending_fan else names[-1:]
    for name in names:
        c.fan(name, value)
    c.facts.pending_fan = ""


@reader
def _levels(c: Clause) -> None:
    """``牌型一级里鸡胡 1 番、平胡 2 番……只取最大的一个`` / ``门前清 1 番单独一级``: one level group per clause."""
    if not re.search(r"一级|同一级|单独一级|同级|一组", c.text):
        return
    names = [FAN_ALIASES[w] for w in _FAN_PATTERN.findall(c.text) if FAN_ALIASES[w]]
    if not names:
        return
    group = max(c.facts.fan_levels.values(), default=0) + 1
    for name in names:
        c.facts.fan_levels.setdefault(name, group)
    c.map("fan_types.level")


#: When flowers are replaced (checked in order).
_FLOWER_TIMING = (
    says(r"不在开局(?:前)?补|开局(?:前)?不补", "flower_timing", "play", "flower_rules.replace_tiles"),
    says(r"开局(?:前)?(?:先)?[^，。]*花牌[^，。]*补|开局补花|起手补花|发牌后(?:先)?补花", "flower_timing", "start", "flower_rules.replace_tiles"),
    maps(r"(?:打牌中|行牌中|游戏中|摸到)[^，。]*花[^，。]*(?:补一张|补牌|补花)", "phases.play.sub_phases.draw.on_draw_flower"),
)
#: What each flower is worth, and a matching flower's bonus.
_FLOWER_VALUES = (
    says(r"每(?:张|个)花(?:牌)?\s*(?:算|计|得|加)?\s*" + NUM + r"\s*(?:分|番)", "flower_value", NUMBER, "flower_rules.scoring.normal"),
    says(r"花(?:牌)?每(?:张|个)\s*(?:算|计|得|加)?\s*" + NUM + r"\s*分", "flower_value", NUMBER, "flower_rules.scoring.normal"),
    says(r"(?:相配|配对|本命花|正花|座位花)[^。]*?(?:再|另|额外)?加\s*" + NUM + r"\s*(?:分|番)", "flower_match", NUMBER,
         "flower_rules.scoring.matching"),
)


@reader
def _flower_rules(c: Clause) -> None:
    """When flowers are replaced, and what each is worth."""
    read_first(c, _FLOWER_TIMING)
    read_each(c, _FLOWER_VALUES)


@reader
def _counted(c: Clause) -> None:
    """``幺九刻、箭刻每副计一次`` / ``一般高每对计一次``: counted fans (``fan_types[].per``)."""
    if re.search(r"每(?:副|对|种|张)(?:都)?(?:计|算)(?:一次|1\s*次)", c.text) and _FAN_PATTERN.search(c.text):
        c.map("fan_types.per")


#: ``花牌不计入起和番`` / ``（花牌每张1番，）不算进起和番``: fans that score but do not count toward ``win_min_fan``.
_NOT_TOWARD_MIN = re.compile(r"不(?:计入|算入|算进|计进|算在|计在|算作|计作|包括在|含在)(?:[^，。；]{0,2})(?:起和|起胡|起糊)(?:番|番数)?(?:内|里|中)?")


@reader
def _toward_min_fan(c: Clause) -> None:
    """``花牌不计入起和番`` or ``花牌每张1番，不计入起和番``: the fans named before the words (in the clause, else in
    the clause before) score but do not count toward the minimum (``fan_types[].toward_min_fan: false``, fact
    ``min_fan_exempt``: the list of such fans)."""
    m = _NOT_TOWARD_MIN.search(c.text)
    if not m:
        return
    names = [_fan_name(c.facts, w) for w in _FAN_PATTERN.findall(c.text[:m.start()]) if FAN_ALIASES[w]]
    if not names and c.facts.readings and c.facts.readings[-1]["text"] == c.previous:
        names = list(c.facts.readings[-1]["fans"])
    if not names:
        return
    exempt = list(dict.fromkeys([*(c.facts.values.get("min_fan_exempt") or []), *names]))
    c.set("min_fan_exempt", exempt, "fan_types.toward_min_fan")
    c.values["min_fan_exempt"] = names  # what this clause itself says


@reader
def _shapes(c: Clause) -> None:
    if re.search(r"组合龙", c.text):
        c.facts.values["combo_dragon"] = True
        c.map("requires")


@reader
def _unknown_fans(c: Clause) -> None:
    """A list item written like a fan with a value (``财神归位 2番``, ``自摸1``) that no fan name matched.

    An opening hand the opening reader carried (``起手小胡：……四喜2番``, any registered name) is not one, nor
    is a settlement item's value in a clause the item reader read (``副精1分``: :data:`~dslgen.generate.items_reader.ITEM_WORDS`).
    """
    from dslgen.generate.items_reader import ITEM_WORDS
    from dslgen.generate.opening_reader import carries

    as_item = "settlement_items" in c.values  # read by _settlement_items: its item words are no fans
    body = re.sub(r"[（(][^）)]*[）)]", "", c.text)
    body = re.sub(r"^[^：:]*[：:]", "", body)
    for item in re.split(r"[、]", body):
        m = re.match(r"^\s*([\u4e00-\u9fff]{2,6})\s*[:：=]?\s*" + NUM + r"\s*(?:番|翻|台|分)?\s*$", item) \
            or re.match(r"^\s*([\u4e00-\u9fff]{2,6})\s+(\d+)\s*(?:番|翻|台|分)?\s+(?=[\u4e00-\u9fff])(?![张人圈局家])",
                        item)  # a table row: name, value, what it is
        known = _FAN_PATTERN.search(item)
        if m and known and not _FAN_PATTERN.fullmatch(m.group(1)) and re.search(r"\d+\s*[番翻台分]\s*$", item) \
                and len(_FAN_PATTERN.findall(item)) == 1 and known.end() <= m.end(1) and not re.search(r"不计|不算", m.group(1)):
            # "卡绝张=1番": a name holding a known fan's word (绝张) is another fan, unless the fan reader read it
            known = next((w for w in c.fans if c.facts.fan_words.get(w, w) in item or w in item), None)
        if m and m.group(1) in KONG_WORDS and c.facts.table_unit and c.facts.table_unit != "分" \
                and re.search(r"分\s*$", item):
            c.gap(KONG_POINTS_GAP, text=item.strip())  # "接杠=1分" in a 番 table: kong money
            continue
        not_fan = _NOT_FAN.search(m.group(1) if m.re.pattern.endswith("$") else m.group(1).replace("人", "")) if m else None
        if not_fan and not_fan.group(0) == "张" and re.search(r"[番翻台]\s*$", item) and m.group(1).endswith("张"):
            not_fan = None  # "卡绝张=1番": a fan's name ending in 张, valued in 番 (no count of tiles)
        if not m or known or carries(c, m.group(1)) or not_fan or (m and m.group(1) in c.facts.unknown_fans) \
                or (as_item and ITEM_WORDS.search(m.group(1))):
            continue
        value = m.group(0)[len(m.group(1)):].strip(' :：=')
        close = close_fan_names(m.group(1))
        if close:  # "清一涩3番": most likely a slip of the pen; the reviewer says which fan it is
            c.question(f"fan:{m.group(1)}", f"fan_types[{m.group(1)}]",
                       f"「{m.group(1)}」不是规范番型表中的名字，是否想写：{'、'.join(close)}？原文番值 {value}；"
                       "请确认是哪个番型（改正描述里的名字），或用 fan_types[].when 写出它的定义", clauses=[item.strip()])
            if not c.previous:  # its stated value stays in the table until the designer answers
                c.facts.unknown_fans.setdefault(m.group(1), (cn_number(m.group(2)), c.cite))
            continue
        c.gap("没有识别为规范中的番型，无法计分（番型名须是规范番型表中的名字，或用 fan_types[].when 写出它的定义，"
              f"原文番值 {value} 记在这里）", text=item.strip())
        if not c.previous:  # a row opening its line ("财神归位 2番"), not a clause inside a sentence
            c.facts.unknown_fans.setdefault(m.group(1), (cn_number(m.group(2)), c.cite))


def close_fan_names(word: str) -> list[str]:
    """Fan names (canonical) that ``word`` is most likely a misspelling of: the same length, one character apart."""
    import difflib

    count = "一二两三四五六七八九十百双"
    names = [n for n in FAN_ALIASES if len(n) == len(word) and len(word) >= 3
             and sum(a != b for a, b in zip(n, word)) == 1
             and not any(a != b and a in count and b in count for a, b in zip(n, word))]  # 五暗刻 is no slip for 四暗刻
    close = difflib.get_close_matches(word, names, n=3, cutoff=0.6)
    return list(dict.fromkeys(FAN_ALIASES[n] or n for n in close))


#: Wordings that restate what every draft has (the deal, the deck, the end of a hand …): mapped, no fact.
_RESTATED = (
    maps(r"(?:庄家|闲家)[^，。]{0,4}(?:13|14|十三|十四)\s*张|(每人|每家|各|每个人)\s*(起手|起牌)?\s*(摸|抓|发|拿)?\s*(13|十三)\s*张|庄家\s*(多摸|多抓|多拿)?\s*(14|十四|1|一)\s*张",
         "deal"),
    maps(r"流局|荒庄|牌摸完|牌墙摸完|没人胡", "phases.play.end_conditions"),
    maps(r"^(?:其他就是|就是|只用|用)?(?:万|条|筒)[、和]?(?:万|条|筒)[、和]?(?:万|条|筒)(?:三门|三种)?$|每种\s*(?:4|四)\s*张", "deck"),
    maps(r"没(?:有)?别的番|没有(?:任何)?(?:其他|别的)番|胡了就算", "fan_types"),
    maps(r"四组面子加一对将|四个面子加一对将|普通牌型|4\s*组面子|四副牌加一对", "requires"),
    maps(r"牌全要|(加入|另加|加上|再加)\s*(4|四)\s*[张个](红中|发财|白板)|牌库共\s*\d+\s*张|共\s*(112|116|120)\s*张", "deck.total"),
    maps(r"最有利|最优|最大化", "wildcard_rules.fan_calculation_policy"),
    maps(r"(?:两|二|2)\s*(?:个|颗|粒)骰子|掷骰子|打骰子", "deal"),
)


@reader
def _deal(c: Clause) -> None:
    """Wordings that restate what every draft has (:data:`_RESTATED`)."""
    read_each(c, _RESTATED)


# --- driver ----------------------------------------------------------------------

_FILLER = re.compile(r"玩法|规则|如下|说明|具体|以下|介绍|基本|主要|是|的|了|一下|这个|这种|我们|大家|打法|麻将|[:：\s]")


#: A table header row or a bare heading: no rule in it.
_HEADING = re.compile(r"^(?:番型|番种|牌型|番数|台数|分数|倍数|番|台|分|倍|名称|番型表|计分表|说明|备注|\s)+$")


def _normalise_line(line: str) -> str:
    """One line of a table or list as plain text: ``| 碰碰胡 | 2 |`` → ``碰碰胡 2``; separator rows vanish."""
    stripped = re.sub(r"\*\*|__", "", line.strip())  # markdown bold
    if stripped.count("|") >= 1 and re.match(r"^\|?[^|]+(\|[^|]*)+\|?$", stripped):
        cells = [cell.strip() for cell in stripped.strip("|").split("|")]
        if all(re.fullmatch(r":?-{2,}:?|", cell) for cell in cells):
            return ""
        stripped = " ".join(cell for cell in cells if cell)
    stripped = re.sub(r"^(?:#+|[-*•·]|\d+\s*[.．、)）]|[（(]\d+[)）]|[①-⑳]|第[一二三四五六七八九十]+条|[一二三四五六七八九十]+[、.．])\s*", "", stripped)
    stripped = re.sub(r"\t+", " ", stripped)
    # a name padded to a column, then its value ("平胡            1")
    return re.sub(r"(?<=[\u4e00-\u9fff）)])\s{2,}(?=[xX×*]?\s*[\d一二三四五六七八九十]+\s*(?:番|台|分|倍)?\s*$)", " ", stripped)


def sentences(description: str) -> list[list[str]]:
    """The description cut into sentences, each cut into comma clauses (digit lists like 2，5，8 stay whole)."""
    return [parts for _kind, parts in kinded_sentences(description)]


def kinded_sentences(description: str) -> list[tuple[str, list[str]]]:
    """:func:`sentences` with each sentence's non-rule kind (:mod:`dslgen.generate.clause_kinds`; ``""``: may hold rules)."""
    out = []
    lines = description.splitlines()
    for raw, other_variant in zip(lines, variant_parts(lines)):
        line = _normalise_line(raw)
        if not line:
            continue
        kind = "variant" if other_variant else line_kind(raw)
        line = re.sub(r"(?<=[\d一二三四五六七八九])\s*[，,]\s*(?=[\d一二三四五六七八九][，,、]?)", "、", line)
        line = re.sub(r"[（(][^）)]*[）)]", lambda m: m.group(0).replace("，", "、").replace(",", "、"), line)
        for sentence in re.split(r"[。；;！!？?]+", line):
            parts = []
            for clause in re.split(r"[，,]|(?<=[^\d])\s{2,}", sentence):
                clause = clause.strip(" \t-•*·、：:")
                clause = re.sub(r"^\d+[.、)）]\s*", "", clause).strip()
                if clause and not _HEADING.match(clause):
                    parts.append(clause)
            if parts:
                out.append((kind or sentence_kind(sentence), parts))
    return out


def clauses(description: str) -> list[str]:
    """Every clause of the description, in order."""
    return [clause for sentence in sentences(description) for clause in sentence]


#: "平胡就是普通的胡牌" / "这里说的平胡是全部是顺子……": how the description itself defines 平胡.
_PINGHU_DEFINITION = re.compile(r"(?:平胡|平和)(?:就|即)?(?:是|指|为|：|:)([^。；\n]{0,40})")


def pinghu_meaning(description: str) -> str:
    """``鸡胡`` when the text defines 平胡 as the plain win, ``平胡`` when as all chows, else ``""``."""
    for m in _PINGHU_DEFINITION.finditer(description):
        body = m.group(1)
        if re.search(r"顺子|全是顺|四副顺|全部是顺", body):
            return "平胡"
        if re.search(r"普通(?:的)?胡|没有(?:任何)?(?:其他|别的)?(?:牌型)?番|什么番都没有|不带任何番|无番|最基本|基本胡", body):
            return "鸡胡"
    return ""


#: Words that make a clause rule-bearing: a clause without any of them carries no rule.
RULE_WORDS = re.compile(r"胡|和牌|糊|番|台|[\d一二两三四五六七八九十]\s*分|牌|吃|碰|杠|张|庄|炮|摸|癞|赖|精|财神|百搭|鬼|混|将|缺|封顶|倍|花|"
                        r"字|风|万|条|筒|饼|索|鸟|马|听|人打|人玩|玩家|局|自摸|点|血战|血流|对子|顺子|刻|幺|红中|发财|白板")


def is_rule_bearing(clause: str) -> bool:
    """True when ``clause`` says something about the game (not filler, not a heading)."""
    return bool(RULE_WORDS.search(clause.replace("麻将", ""))) and bool(_FILLER.sub("", clause))


#: The reader modules in reading order: the general wording (this module), then 川麻, then 武汉.
READER_MODULES = (__name__, "dslgen.generate.sichuan_facts", "dslgen.generate.wuhan_reader")


#: The rest of a list of hands, then its negation (``、十三幺、大烂不可胡``).
_LIST_NEGATED = re.compile(r"(?:\s*[、和及与或]\s*[^，。；、\d不]{1,6}?)+\s*(?:也|都|均)?(?:不能胡|不可以胡|不能和|不可胡|不成立)")
#: A parenthesis inside a term's definition that is a rule of the whole game (``（本玩法只能自摸胡牌）``): a modal and
#: who it binds (the players, the game).
_ASIDE = re.compile(r"[（(]([^（()）]*(?:玩家|麻将|本玩法|大家|所有人)[^（()）]*(?:只能|只许|不能|不可|必须|一律)[^（()）]*)[)）]")


#: A sentence that is a value alone (``算一番``): the value of the fan the sentence before named.
_LONE_VALUE = re.compile(r"^(?:算|计|记|为)\s*" + NUM + r"\s*[番翻台分倍]$")


def digit_names(text: str) -> str:
    """Names written with an Arabic digit as names (``7小对``, ``7对``) in characters (``七小对``): one character for
    one, so the author's text still lines up. A count (``7对对子`` is also 七对) reads the same."""
    return re.sub(r"(?<![\d.])7(?=小对|对)", "七", text)


def read_facts(description: str, catalog: list[Any] | None = None) -> Facts:
    """Every fact, gap and unmapped clause the offline reader finds in ``description``.

    ``catalog`` (the catalog variants, :func:`dslgen.generate.examples.load_examples`; the default catalog when
    ``None``) is where a fan table the text states by reference is looked up (:mod:`dslgen.generate.reference_reader`)."""
    facts = Facts()
    author = without_bom(description)
    stripped, where = gloss_free(author)
    description = digit_names(plain(stripped))
    facts.pinghu_means = pinghu_meaning(description)
    facts.table_unit = table_unit(description)
    options = option_words(description)
    for kind, sentence in kinded_sentences(description):
        previous = ""
        if not (len(sentence) == 1 and _LONE_VALUE.match(sentence[0])):
            facts.pending_fan = ""  # "杠开：……为杠开。算一番。": a sentence of a value alone is the named fan's
        defined = ""  # the fan whose row opened this sentence: later clauses define it
        option = ""  # "4会……；7会不可吃，不可碰": the room option the rest of the sentence is about
        earlier: list[str] = []  # the sentence's clauses read so far (the topic a subject-less clause speaks of)
        for i, text in enumerate(sentence):
            earlier = sentence[:i]
            said = options.search(text) if options else None
            option = said.group(0) if said else option
            condition = OPTION_CONDITION.match(text) if i == 0 else None
            option = condition.group(0) if condition else option  # "30/40/50封顶时:……": the sentence is about one option
            facts.clauses.append(text)
            if not kind and starts_example(_outside_parentheses(text)):
                kind = "example"  # the example runs to the end of its sentence
            if kind:
                facts.not_rules.append({"text": text, "kind": kind, "reason": KINDS[kind]})
                facts.readings.append(_reading(text, Clause(text, facts), rule=False, kind=kind))
                continue
            row = fan_row(text)
            if defined and not row and not _VALUED.search(text):
                clause = Clause(text, facts, previous)
                clause.map(f"fan_types[{defined}]")  # "七对 4番，由七个对子组成": what the fan is, no table rule
                facts.readings.append(_reading(text, clause, rule=True, kind="fan_definition"))
                previous = text
                continue
            clause = Clause(row[0] if row else text, facts, previous, cite=text)
            clause.scope_limit = (f"房间选项「{option}」" if option else "") or scope_limit(text, previous, "\n".join(earlier))
            clause.option = bool(option)
            clause.options = option_choices(text)
            previous = text
            for fn in readers_in(READER_MODULES):
                fn(clause)
            if row and clause.fans:
                defined = clause.fans[-1]
                if row[1]:
                    clause.map(f"fan_types[{defined}]")
            if row and row[1]:
                for aside in _ASIDE.finditer(text[len(row[0]):]):  # "自摸：自己摸牌胡（本玩法只能自摸胡牌）"
                    said = Clause(aside.group(1), facts, cite=text)
                    for fn in readers_in(READER_MODULES):
                        fn(said)
                    clause.hits += said.hits
                    facts.readings.append(_reading(aside.group(1), said, rule=True))
            if clause.options and not clause.hits:  # "局数：4局 / 8局 / 16局": choices of the room, no table rule
                facts.not_rules.append({"text": text, "kind": "options", "reason": KINDS["options"]})
                facts.readings.append(_reading(text, clause, rule=False, kind="options"))
                continue
            bearing = is_rule_bearing(text)
            facts.readings.append(_reading(text, clause, rule=bearing or bool(set(clause.sections) - {"game.name"})
                                           or bool(clause.gaps) or bool(clause.questions)))
            if clause.hits or not bearing:
                continue
            facts.unmapped.append(text)
    from dslgen.generate.opening_reader import finish

    from dslgen.generate.items_reader import finish_items

    from dslgen.generate.reference_reader import finish_reference

    _finish_points(facts)
    finish_reference(facts, catalog)
    finish_items(facts)
    finish(facts)
    fan_values_question(facts)
    wildcard_conflicts(facts)
    times_table(facts)
    deck_total_check(facts, description)
    if author != description:
        cite_author(facts, description, author, where)
    return facts


#: A fan row: a fan's name, then its value (``門清 1台 不吃、不碰、不槓`` → ``门清 1台``; the rest defines the fan).
_ROW_VALUE = re.compile(r"\s*[:：=]?\s*(?:[xX×*+＋]\s*)?\d+\s*" + UNIT + "?")
#: ``将对：玩家手里是带二、五、八的对对胡``: a fan's name, a colon and its definition (no value, no payment).
_ROW_DEFINITION = re.compile(r"\s*[:：]\s*(?=\S)(?![^，。；]*(?:\d\s*(?:番|翻|台|分|倍|炮)|给|付|赔|出|加|算|计|不计|不算))")
#: A parenthesis after a fan's name that is not another of its names: its definition (``平胡（无字无花全顺子）2台``).
_PAREN = re.compile(r"[（(]([^）)]*)[）)]")


#: A number with a unit, or a table-wide word: a clause that says more than what one fan is.
_VALUED = re.compile(r"\d\s*(?:番|翻|台|分|倍|张)|[一二两三四五六七八九十]\s*(?:番|翻|台|分|倍)|封顶|上限|起胡|起和|所有|全部|一律")


#: A value or a table-wide limit in what follows a row's value (a definition says 全部 / 13张 of the hand itself).
_ROW_TAIL_VALUED = re.compile(r"\d\s*(?:番|翻|台|分|倍)|[一二两三四五六七八九十]\s*(?:番|翻|台|分|倍)|封顶|上限|起胡|起和")


def fan_row(text: str) -> tuple[str, bool] | None:
    """``(head, defines)`` when ``text`` opens with a fan's name and its value or definition: ``head`` is the name
    and value alone (what the clause states of the table), ``defines`` whether more text defines the fan."""
    m = _FAN_PATTERN.match(text)
    if not m or FAN_ALIASES.get(m.group(0)) is None:
        return None
    rest = text[m.end():]
    paren = _PAREN.match(rest)
    if paren and (_VALUED.search(paren.group(1)) or re.search(r"倍|番|台|分", paren.group(1))):
        return None  # "平胡1番（自摸翻倍）": the parenthesis states a rule of its own
    if paren and not _FAN_PATTERN.fullmatch(paren.group(1).strip()):
        rest = rest[paren.end():]
    value = _ROW_VALUE.match(rest)
    if value and re.match(r"\s*(?:家|人|张|局|圈|次|个|口|门|种|副|对)", rest[value.end():]):
        return None  # "自摸3家出分": a count of payers, tiles or hands, not the fan's value
    if value and re.search(r"\d", value.group(0)) and not re.match(r"\s*[、,，]\s*\d", rest[value.end():]):
        tail = rest[value.end():].strip(" 、,，")
        if _FAN_PATTERN.match(tail) or _ROW_TAIL_VALUED.search(tail) or re.search(r"倍|番|台", tail):
            return None  # "清一色4番杠上开花翻一倍", "屁胡1番、清一色4番": more rows, read as a whole
        return (text[:m.end()] + value.group(0), bool(tail)) if tail or paren else None
    if _ROW_DEFINITION.match(rest):
        return text[:m.end()], True
    return None


#: Words that limit a clause to one tile, moment or condition (see :data:`dslgen.generate.sentence_rules.SCOPED`):
#: ``红中不能吃碰杠``, ``打出最后一张不可吃碰杠``, ``此时其他玩家只能自摸``, ``有杠的时候可以吃胡``.
_SCOPE_LIMITS = (
    (r"红中|发财|白板|这张|该张|该牌|此牌|此张|这(?:一)?张牌|(?:东|南|西|北)风|相同的牌|同一张牌|同样的牌|缺门的牌|(?:定缺|所缺)的(?:那门|一门)?牌", "某一张牌"),
    (r"最后(?:一|四|几|\d)张|海底|第一张|头一张", "牌局的某个时刻"),
    (r"此时|这时|那时|(?<=[^，。；\s])后(?=不|可|能|只|就|才|再)|的时候|之后|以后|(?<!打牌|行牌|游戏|牌局|对局|整个)(?:期间|过程中)|如果|假如|若是|倘若|当[^，。；]{1,8}时"
     r"|能(?:吃|碰|杠|胡)[^，。；]{0,3}(?:却|而|但|可)(?:没有|没|不)", "某个条件或时机"),  # 过碰: "能碰却没有碰" is a pass, not a ban
    (r"可是|但是|除了|除[^，。；]{1,6}(?:外|以外|之外)", "一个例外"),
)


#: A clause without a subject of its own: it opens with what may or may not be done (``不可吃碰杠``).
_NO_SUBJECT = re.compile(r"^(?:也|都|但|且|并且|而且)?(?:不可以|不可|不能|不许|不准|禁止|不得|只能|只可以|可以|能)")
#: An earlier clause whose subject is a wildcard tile (``翻开的牌的下一张为财神``, ``红中是癞子``, ``财神可以代替…``).
_WILD_TOPIC = re.compile(r"(?:为|是|做|作|当|叫)" + WILD + r"|^" + WILD + r"(?:牌)?(?:可以|能|可|不|只)")


#: What a wildcard does (``可以代替任意牌``): a clause after it goes on describing the wildcard.
_WILD_USE = re.compile(r"代替|替代|顶替|当作任意|任意(?:一张)?牌|任何(?:一张)?牌|万能")


def scope_limit(text: str, previous: str = "", earlier: str = "") -> str:
    """What limits ``text`` (read together with the clause before it in its sentence) to part of the game, or ``""``.

    ``earlier``: the sentence's clauses before ``text``, joined; a clause with no subject of its own right after one
    saying what the wildcard tile does speaks of that tile (``……为财神，可以代替任意牌，不可吃碰杠``: the 财神 may not be
    chowed or punged, not a ban on chow for the table)."""
    if _NO_SUBJECT.match(text) and _WILD_USE.search(previous) \
            and any(_WILD_TOPIC.search(part) for part in earlier.split("\n") if part):
        return "某一张牌"
    text = _outside_parentheses(text)  # "只能自摸（除了地胡）": the aside limits itself, not its clause
    for i, (pattern, what) in enumerate(_SCOPE_LIMITS):
        # a moment or a condition may open the sentence ("摸到最后一张牌，有杠也不能杠"); a tile limits its own clause
        if re.search(pattern, text) or 1 <= i <= 2 and re.search(pattern, previous):
            return what
    return ""


_UNITS = "张番台分倍人家局圈把次个点只条筒万饼索岁秒"


def option_words(description: str) -> re.Pattern | None:
    """A pattern for the room options the text sets apart by a count (``4会……，7会……``: the same word after two
    different numbers, each followed by what it allows); ``None`` when the text has none."""
    seen: dict[str, set[str]] = {}
    for n, word in re.findall(r"(?<![\d.])(\d+)\s*([\u4e00-\u9fff])(?=只|可|不|能|自)", description):
        if word not in _UNITS:
            seen.setdefault(word, set()).add(n)
    words = [w for w, counts in seen.items() if len(counts) >= 2]
    return re.compile(r"(?<![\d.])\d+\s*[" + "".join(words) + "]") if words else None


def cite_author(facts: Facts, plain_text: str, author: str, where: list[int] | None = None) -> None:
    """Cite every clause in the author's own characters (the reader read :func:`~dslgen.generate.writing.plain`
    text): each clause found in the plain text is replaced by the same span of the author's text. ``where``: for
    each character of the plain text, its place in ``author`` (glosses the reader skipped lie between); one for
    one when ``None``."""
    where = list(range(len(author))) if where is None else where
    if len(where) != len(plain_text) or plain_text.count("\n") != "".join(author[i] for i in where).count("\n"):
        return
    own: dict[str, str] = {}
    cursor = 0
    for text in facts.clauses:
        at = plain_text.find(text, cursor)
        if at < 0:
            at = plain_text.find(text)
        if at >= 0 and text:
            own.setdefault(text, author[where[at]:where[at + len(text) - 1] + 1])
            cursor = at + len(text)
    if not own:
        return

    def swap(node: Any) -> Any:
        if isinstance(node, str):
            if node in own:
                return own[node]
            for text, source in own.items():
                if len(text) >= 4 and text in node:
                    node = node.replace(text, source)
            return node
        if isinstance(node, list):
            return [swap(item) for item in node]
        if isinstance(node, dict):
            return {key: swap(value) for key, value in node.items()}
        return node

    for name in ("sources", "fan_sources", "item_sources", "absent_tiles"):
        setattr(facts, name, {key: swap(value) for key, value in getattr(facts, name).items()})
    for name in ("gaps", "mapping", "unmapped", "clauses", "readings", "questions", "conflicts", "blocking", "not_rules"):
        setattr(facts, name, swap(getattr(facts, name)))
    if facts.fan_reference:
        facts.fan_reference = swap(facts.fan_reference)


#: Honor tiles by the words a page lists them with (``东、南、西、北、中、发、白`` / ``及4个红中``).
_HONOR_NAMES = (("红中", "中"), ("发财", "发"), ("白板", "白"), ("东", "东"), ("南", "南"), ("西", "西"), ("北", "北"),
                ("中", "中"), ("发", "发"), ("白", "白"))
_DECK_KEYS = ("honor_tiles", "suits", "flowers", "honors")


def _deck_count(values: dict[str, Any], honor_tiles: list[str] | None = None) -> int:
    """How many tiles the deck facts build (36 a suit, 4 an honor, 8 flowers)."""
    suits = len(values.get("suits") or "万条筒")
    honors = 0 if values.get("honors") is False else len(honor_tiles or values.get("honor_tiles") or "东南西北中发白") \
        if values.get("honors") or honor_tiles or values.get("honor_tiles") else 0
    return 36 * suits + 4 * honors + 8 * bool(values.get("flowers"))


def _ask_deck(facts: Facts, key: str, total: int, cite: str) -> None:
    """Drop deck fact ``key`` (it builds another size than the stated ``total``) and ask about it."""
    said = facts.sources.get(key, "")
    facts.values.pop(key, None)
    facts.sources.pop(key, None)
    facts.implied.discard(key)
    facts.questions.append({"text": said, "sentences": [said, cite], "fact": key, "path": "deck",
                            "reason": f"「{said}」读出的牌库与「{cite}」（共 {total} 张）不一致：草稿按共 {total} 张起草，请设计者确认"})


def deck_total_check(facts: Facts, description: str) -> None:
    """A stated deck size (``麻将共136张牌，包括：万、条、筒、东……``) is the authority on the deck: a fact another sentence
    implies about the deck (中发白 only, two suits, flowers) that builds another size is dropped and asked about, never
    kept silently; the honors the size's own line lists (``字（中发白）``) are its honors."""
    if not facts.stated_total:
        return
    total, cite = facts.stated_total
    wild = facts.values.get("wildcard")
    if total not in (108, 120, 136, 144) or isinstance(wild, dict) and wild.get("type") == "fixed" or facts.absent_tiles:
        return  # a fixed wildcard tile (112 = 108 + 4 红中) or a tile left out builds the size another way
    line = next((ln for ln in description.splitlines() if cite in ln), cite)
    listed = line[line.find(cite) + len(cite):] if cite in line else ""
    named: list[str] = []
    if re.search(r"包括|包含|有|含|[：:]", listed):
        rest = listed
        for word, tile in _HONOR_NAMES:
            if word in rest:
                rest = rest.replace(word, "")
                if tile not in named:
                    named.append(tile)
    honor_tiles = [t for t in "东南西北中发白" if t in named] or None
    own = {k: facts.values[k] for k in _DECK_KEYS if k in facts.values and facts.sources.get(k, "") and facts.sources[k] in line}
    if honor_tiles:
        own["honors"] = True
        own["honor_tiles"] = honor_tiles if len(honor_tiles) < 7 else None
    if _deck_count(own) == total:  # the size's own line builds the size: other sentences' deck facts yield
        for key in _DECK_KEYS:
            if key in own or key not in facts.values:
                continue
            default = {"flowers": False, "suits": None, "honor_tiles": None}.get(key)
            if key != "honors" and facts.values[key] != default and facts.values[key]:
                _ask_deck(facts, key, total, cite)
        for key, value in own.items():
            if value is None:
                facts.values.pop(key, None)
                facts.sources.pop(key, None)
            elif facts.values.get(key) != value:
                facts.values[key] = value
                facts.sources[key] = cite
        return
    if _deck_count(facts.values) == total:
        return
    for key in _DECK_KEYS:
        if key in facts.values and facts.sources.get(key) not in (cite, None) and not line.count(facts.sources.get(key, "")):
            kept = {k: v for k, v in facts.values.items() if k != key}
            if key == "honors" or _deck_count(kept) != total and key != "flowers":
                continue
            _ask_deck(facts, key, total, cite)
            if _deck_count(facts.values) == total:
                return
    if _deck_count(facts.values) != total:
        facts.questions.append({"text": cite, "sentences": [cite], "fact": "deck_total", "path": "deck.total",
                                "reason": f"「{cite}」说共 {total} 张，其他句子读出的牌库不是 {total} 张：请设计者确认用哪些牌"})


def times_table(facts: Facts) -> None:
    """A fan table written in multiples (``自摸 ×2``, ``杠上开花 ×4``, ``十三幺*13``) multiplies its values: the
    table's own convention, unless the text says how fans combine. The stated numbers stay as written."""
    valued = [name for name, value in facts.fans.items() if value is not None]
    if "fan_stacking" in facts.values or "doubling" in facts.values or len(facts.times_rows) < 2 \
            or len(set(facts.times_rows)) * 2 < len({facts.fan_sources.get(n) for n in valued}):
        return
    facts.values["fan_stacking"] = "multiply"
    facts.sources["fan_stacking"] = facts.times_rows[0]


def _reading(text: str, clause: Clause, rule: bool, kind: str = "") -> dict[str, Any]:
    """What one clause became (an entry of :attr:`Facts.readings`)."""
    return {"text": text, "keys": clause.keys, "values": clause.values, "fans": clause.fans,
            "fan_values": clause.fan_values, "removed": clause.removed, "gaps": clause.gaps,
            "sections": clause.sections, "questions": clause.questions, "rule": rule, "kind": kind}


