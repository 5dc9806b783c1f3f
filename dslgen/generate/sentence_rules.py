"""The offline reader's machinery: clauses, the registry of clause readers, and sentence rules.

A description is read clause by clause (:func:`dslgen.generate.description_facts.read_facts`). Every
registered reader (:func:`reader`) sees every :class:`Clause`. Readers are declared in
:mod:`dslgen.generate.description_facts` (the general wording), :mod:`dslgen.generate.sichuan_facts` (川麻)
and :mod:`dslgen.generate.wuhan_reader` (武汉); they run in that order (:func:`readers_in`).

Most of what a reader knows is a table of :class:`Rule`: a wording (a regular expression) and what it
states — a fact (:func:`says`), a DSL section it maps to without a fact of its own (:func:`maps`), or
nothing at all while stopping the table (:func:`passes`). :func:`read_first` applies the first rule of a
table that matches (an ``if … elif …`` chain), :func:`read_each` every rule that matches. A reader module
then only declares what it reads; how a match is recorded lives here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

if TYPE_CHECKING:
    from dslgen.generate.description_facts import Facts

_CN_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
#: A number as designers write it (Arabic or Chinese numerals), captured as a group; see :func:`cn_number`.
NUM = r"(\d+|[零一二两三四五六七八九十百]+)"


def cn_number(text: str) -> int:
    """``"8"`` → 8, ``"十二"`` → 12, ``"两"`` → 2, ``"一百"`` → 100."""
    if text.isdigit():
        return int(text)
    total, current = 0, 0
    for ch in text:
        if ch in _CN_DIGITS:
            current = _CN_DIGITS[ch]
        elif ch == "十":
            total += (current or 1) * 10
            current = 0
        elif ch == "百":
            total += (current or 1) * 100
            current = 0
    return total + current


class Clause:
    """One clause being read: its text and what the readers recorded for it."""

    def __init__(self, text: str, facts: Facts, previous: str = "", cite: str | None = None):
        self.text = text
        self.cite = text if cite is None else cite  # the clause as written: the evidence of what it states
        #: Why the clause does not speak for the whole table (a tile, a moment, a condition): see :data:`SCOPED`.
        self.scope_limit = ""
        self.option = False  # the limit is a room option ("5鬼不可吃"): neither value holds for the table
        #: The choices when the clause is a line of room options (``人数：4人玩法 / 3人玩法``): a list, not a rule.
        self.options: list[str] = []
        self.facts = facts
        self.previous = previous  # the clause before, in the same sentence
        self.hits = 0
        self.keys: list[str] = []
        self.values: dict[str, Any] = {}
        self.fan_values: dict[str, int | None] = {}
        self.removed: list[str] = []
        self.fans: list[str] = []
        self.gaps: list[str] = []
        self.sections: list[str] = []
        self.questions: list[str] = []

    undecided = False

    def set(self, key: str, value: Any, section: str, claim: Any = None) -> None:
        """Record fact ``key`` (with this clause as its evidence) and the DSL section it maps to.

        ``claim`` is what this clause alone says when it is less than ``value`` (a wildcard drawn by
        flipping, with the count said elsewhere)."""
        if self.undecided:  # "可以吃也可以不吃，看大家商量": an open question, not a rule
            return
        if self.options:  # "人数：4人玩法 / 3人玩法": the room offers choices; the text fixes none of them
            self.question(key, section, f"这一行列出的是建房时的选项（{' / '.join(self.options)}），不是一条规则："
                                        "规则文件只能取其中一种，请设计者选定")
            self.map(section)
            return
        if self.option and key not in SCOPED:  # "30/40/50封顶时：……30分封顶": holds for one room option only
            self.question(key, section, f"这句只就{self.scope_limit or '某个房间选项'}而言，不是整桌的规则："
                                        "规则文件只能取一种选项，请设计者选定")
            self.map(section)
            return
        # a permission under a condition still says the action exists; a ban or an option's rule does not hold table-wide
        if self.scope_limit and key in SCOPED and (value is False or key == "discard_win" or self.option):  # "红中不能吃碰杠", "此时只能自摸": not the table's rule
            self.gap(f"这句只就{self.scope_limit}而言，不是整桌的{SCOPED[key]}规则：规则文件没有只限某张牌、某个时机或"
                     f"某个条件的{SCOPED[key]}字段，草稿没有落实这一限定（整桌的{SCOPED[key]}规则按其他句子或默认值）")
            return
        self.facts.values[key] = value
        self.facts.sources[key] = self.cite
        self.facts.implied.discard(key)
        self.values[key] = value if claim is None else claim
        if key not in self.keys:
            self.keys.append(key)
        self.map(section)

    def imply(self, key: str, value: Any, inferred: bool = False) -> None:
        """Record fact ``key`` = ``value`` that this clause implies (``108张`` implies no flowers) unless
        another clause states it; this clause is its evidence. Not a claim of the clause itself.

        ``inferred``: the implication is a likely reading, not a necessity (``144张`` is most often 136 tiles and
        eight flowers): the value is shown as inferred from the clause, never as stated (原文)."""
        if self.undecided or key in self.facts.values:
            return
        self.facts.values[key] = value
        self.facts.sources[key] = self.cite
        if inferred:
            self.facts.implied.add(key)

    def question(self, fact: str, path: str, reason: str, clauses: Sequence[str] = ()) -> None:
        """Record an open question: the text leaves ``fact`` (rule-file field ``path``) undecided or vague
        ("三个人或者四个人都能打", "一百多张牌", "看大家商量"). The drafter cannot guess it and the draft cannot pass.
        ``clauses``: the clauses that raise it together (this clause alone by default)."""
        self.hits += 1
        clauses = list(clauses) or [self.cite]
        entry = {"text": "，".join(clauses), "sentences": clauses, "fact": fact, "path": path, "reason": reason}
        if entry not in self.facts.questions:
            self.facts.questions.append(entry)
        self.questions.append(reason)

    def fan(self, name: str, value: int | None, word: str = "") -> None:
        """Record fan ``name`` (``value`` may be ``None``: named without a value) read from this clause.

        A fan another clause already gave a different value (``一条龙 15炮`` … ``一条龙 3分``) keeps neither: the
        text contradicts itself, which is an open question, and a stated value is never replaced."""
        first, said = self.facts.fans.get(name), self.facts.fan_sources.get(name)
        if value is not None and said and said != self.cite and (first not in (None, value) or f"fan:{name}" in
                                                                  {q["fact"] for q in self.facts.questions}):
            self.question(f"fan:{name}", f"fan_types[{name}]",
                          f"番型「{name}」在两处写了不同的番值（{first if first is not None else '另一个值'} 与 {value}），"
                          "不知以哪个为准：请改正描述，只留一个番值", clauses=[said, self.cite])
            self.facts.fans[name] = None
            value = None
        if value is not None or name not in self.facts.fans:
            self.facts.fans[name] = value
            if word:
                self.facts.fan_words.setdefault(name, word)
            self.facts.fan_sources[name] = self.cite
        self.facts.removed_fans.discard(name)
        self.fan_values[name] = value
        if name not in self.fans:
            self.fans.append(name)
        self.map(f"fan_types[{name}]")

    def map(self, section: str) -> None:
        """Record that this clause maps to ``section`` (no fact of its own)."""
        self.hits += 1
        if section not in self.sections:
            self.sections.append(section)
        entry = {"section": section, "sentence": self.cite}
        if entry not in self.facts.mapping:
            self.facts.mapping.append(entry)

    def gap(self, reason: str, text: str | None = None, blocking: bool = False) -> None:
        """Record a rule the DSL cannot express, with the reason (``blocking``: the game's structure)."""
        if blocking:
            entry = {"text": text or self.cite, "reason": reason}
            if entry not in self.facts.blocking:
                self.facts.blocking.append(entry)
        self.hits += 1
        self.gaps.append(reason)
        entry = {"text": text or self.cite, "reason": reason}
        if entry not in self.facts.gaps:
            self.facts.gaps.append(entry)

    def search(self, pattern: str) -> re.Match | None:
        """``re.search`` on the clause text."""
        return re.search(pattern, self.text)


#: Facts about the whole table that a clause limited to one tile, moment or condition cannot state
#: (fact key → what the reviewer is told it is about).
def _scoped() -> dict[str, str]:
    from engine.game.actions import REACTIONS

    return {"chi": REACTIONS["chi"].zh + "牌", "kong": "杠牌", "discard_win": REACTIONS["win"].reaction_zh,
            "pung": REACTIONS["pung"].zh + "牌"}


SCOPED: dict[str, str] = _scoped()


Reader = Callable[[Clause], None]
#: Every registered clause reader, in registration order.
READERS: list[Reader] = []


def reader(fn: Reader) -> Reader:
    """Register a clause reader (see :func:`readers_in` for the order they run in)."""
    READERS.append(fn)
    return fn


def readers_in(modules: Sequence[str]) -> list[Reader]:
    """The registered readers module by module in the order of ``modules`` (any other module's last), each
    module's in registration order: the reading order does not depend on which module was imported first."""
    rank = {name: i for i, name in enumerate(modules)}
    return sorted(READERS, key=lambda fn: rank.get(fn.__module__, len(rank)))


class _Number:
    def __repr__(self) -> str:
        return "NUMBER"


#: A :func:`says` value meaning "the number the wording's first group captures" (see :func:`cn_number`).
NUMBER: Any = _Number()


@dataclass(frozen=True)
class Rule:
    """A wording and what it states: fact ``key`` = ``value`` in DSL ``section`` (``key`` empty: the
    clause maps to ``section`` only; ``section`` empty too: the wording states nothing, it only stops a
    :func:`read_first` table). ``unless``: a wording that turns the rule off; ``when``: a fact that must
    already be set (truthy) for the rule to apply."""

    pattern: str
    section: str = ""
    key: str = ""
    value: Any = None
    unless: str = ""
    when: str = ""

    def match(self, c: Clause, text: str | None = None) -> re.Match | None:
        """The wording's match in ``text`` (the clause text by default), when the rule applies."""
        if self.when and not c.facts.values.get(self.when):
            return None
        t = c.text if text is None else text
        if self.unless and re.search(self.unless, t):
            return None
        return re.search(self.pattern, t)

    def record(self, c: Clause, m: re.Match) -> None:
        """Record on ``c`` what the rule states (``m``: its match)."""
        if self.key:
            c.set(self.key, cn_number(m.group(1)) if self.value is NUMBER else self.value, self.section)
        elif self.section:
            c.map(self.section)


def says(pattern: str, key: str, value: Any, section: str, *, unless: str = "", when: str = "") -> Rule:
    """A wording that states fact ``key`` = ``value`` (``NUMBER``: the number it captures), in ``section``."""
    return Rule(pattern, section, key, value, unless, when)


def maps(pattern: str, section: str, *, unless: str = "", when: str = "") -> Rule:
    """A wording that speaks of DSL ``section`` without stating a fact of its own."""
    return Rule(pattern, section, unless=unless, when=when)


def passes(pattern: str, *, unless: str = "") -> Rule:
    """A wording that states nothing here (another reader reads it); it stops a :func:`read_first` table."""
    return Rule(pattern, unless=unless)


def yes_no(key: str, section: str, *, no: str, yes: str) -> tuple[Rule, Rule]:
    """The two rules of a yes/no fact: wording ``no`` (checked first) states ``False``, ``yes`` ``True``."""
    return says(no, key, False, section), says(yes, key, True, section)


def _applied(c: Clause, rules: Iterable[Rule], text: str | None) -> Iterator[Rule]:
    """Apply the rules that match, one at a time (lazily: a caller that stops stops the reading)."""
    for rule in rules:
        m = rule.match(c, text)
        if m:
            rule.record(c, m)
            yield rule


def read_first(c: Clause, rules: Iterable[Rule], text: str | None = None) -> Rule | None:
    """Apply the first rule that matches (in ``text``, the clause text by default); return it, or ``None``."""
    return next(_applied(c, rules, text), None)


def read_each(c: Clause, rules: Iterable[Rule], text: str | None = None) -> list[Rule]:
    """Apply every rule that matches (in ``text``, the clause text by default); return them."""
    return list(_applied(c, rules, text))
