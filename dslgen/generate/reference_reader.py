"""A fan table stated by reference: ``番种按竞赛规则81番计算`` / ``番种按国标`` / ``按国标81番计分`` / ``番型同国标``.

A description may state its fan table by naming a published one instead of listing it. :func:`read_reference`
reads the wording clause by clause; once the whole text is read, :func:`finish_reference` looks the named table
up in the catalog: the variant whose own name (``game.name`` with the subtitle its description opens with,
:attr:`~dslgen.generate.examples.Example.title`) the reference names. Every row of that variant's ``fan_types``
is then stated with the reference sentence as its evidence, except the fans the text gives a value or rules out
itself (those keep their own sentence). How the referenced file combines fans (``fan_stacking``) and which of its
fans do not count toward the minimum (``min_fan_exempt``) come with the table unless the text says otherwise.
A reference to a table no catalog variant carries (or that several carry) is a gap: the draft cannot hold a
table it does not have.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dslgen.generate.description_facts import Facts
    from dslgen.generate.examples import Example
    from dslgen.generate.sentence_rules import Clause

_VERB = r"(?:按照|依照|参照|参考|采用|沿用|按|依|同|照)"
_TABLE = r"(?:番种|番型|番数|番表|计番|算番)"
_COUNT = r"(?:\d+|[一二三四五六七八九十百]+)\s*(?:个|种)?\s*番(?:种|型)?"
_DO = r"(?:计算|计分|计番|算番|来算|来计|算|计|为准|执行)"
_REF = r"(?P<ref>[^，。；：:\d\s]{2,14}?)"
#: The wordings, each anchored on the whole clause (a label like ``计分：`` before it is dropped).
_WORDINGS = (
    re.compile(r"^(?:所有|全部)?(?:的)?" + _TABLE + r"(?:都|全|一律|全部|均)?" + _VERB + _REF + r"(?:的)?\s*(?:" + _COUNT
               + r")?\s*(?:表)?(?:的)?(?:规定)?\s*" + _DO + r"?$"),                      # 番种按竞赛规则81番计算 / 番种按国标
    re.compile(r"^" + _VERB + _REF + r"(?:的)?\s*" + _COUNT + r"\s*" + _DO + r"?$"),           # 按国标81番计分
    re.compile(r"^" + _VERB + _REF + r"(?:的)?(?:番种|番型|番表)(?:表)?\s*" + _DO + r"?$"),      # 按国标番型计算
    re.compile(r"^" + _TABLE + r"(?:和|与|跟)" + _REF + r"(?:的)?(?:番种|番型)?(?:一样|相同|一致)$"),  # 番型和国标一样
)
#: Words of a reference that name no table by themselves ("按规则计算" names none).
_GENERIC = re.compile(r"麻将|麻雀|规则|标准|玩法|打法|番种|番型|的|中国")
#: A reference that names published rules: unresolved, it is a gap (a reference without these words that the
#: catalog does not resolve, like "番数按最大的算", is not a reference at all).
_PUBLISHED = re.compile(r"国标|竞赛|比赛|官方|标准|规则|麻将|麻雀")
#: How the referenced file's fans combine, as the reader's ``fan_stacking`` fact (``double`` is 川麻's doubling
#: table, a fact of its own: not carried by a reference).
_STACKINGS = ("add", "max_level", "add_max", "multiply")


def _words(text: str) -> str:
    return _GENERIC.sub("", text)


def read_reference(c: Clause) -> None:
    """Note a clause that states the fan table by reference (resolved by :func:`finish_reference`)."""
    if c.facts.fan_reference:
        return
    body = re.sub(r"^[^，。；：:]{1,6}[：:]\s*", "", c.text).strip()
    for pattern in _WORDINGS:
        m = pattern.match(body)
        if not m:
            continue
        ref = m.group("ref").strip()
        if not _words(ref):
            return
        c.facts.fan_reference = {"text": c.cite, "words": ref}  # mapped once resolved (finish_reference)
        return


def referenced(words: str, pool: list[Example]) -> list[Example]:
    """The catalog variants with a fan table that reference ``words`` names: the words (without generic ones
    like 麻将、规则) occur in the variant's full name, or the variant's name core occurs in the words."""
    from dslgen.generate.examples import name_core

    wanted = _words(words)
    found = []
    for example in pool:
        if not example.data.get("fan_types"):
            continue
        core = name_core(example.name)
        if (wanted and wanted in _words(example.title)) or (len(core) >= 2 and core in words):
            found.append(example)
    return found


def finish_reference(facts: Facts, catalog: list[Example] | None = None) -> None:
    """Resolve the reference :func:`read_reference` noted against ``catalog`` (the default catalog when ``None``)
    and state the referenced table's rows, stacking and min-fan exemptions with the reference sentence."""
    ref = facts.fan_reference
    if not ref:
        return
    reading = next((r for r in facts.readings if r["text"] == ref["text"]), None)
    if reading is None:
        return
    if catalog is None:
        from dslgen.generate.examples import load_examples

        catalog = load_examples()
    found = referenced(ref["words"], catalog)
    if len(found) != 1:
        if not found and not _PUBLISHED.search(ref["words"]):
            facts.fan_reference = {}  # "番数按最大的算": not a reference to a table
            return
        names = "、".join(e.title for e in found)
        reason = (f"描述说番型按「{ref['words']}」计算，玩法目录里有几个玩法都对得上（{names}），不知道是哪一份番型表，"
                  "草稿没有这些番型：请写明番型和番数，或写出玩法的全名") if found else (
                  f"描述说番型按「{ref['words']}」计算，玩法目录里没有这份番型表，草稿没有这些番型：请把番型和番数写进描述")
        _gap(facts, reading, reason)
        return
    _state_table(facts, reading, found[0])


def _gap(facts: Facts, reading: dict[str, Any], reason: str) -> None:
    """Record after the fact that ``reading``'s clause is a gap (as :meth:`Clause.gap` does)."""
    reading["gaps"].append(reason)
    reading["rule"] = True
    entry = {"text": reading["text"], "reason": reason}
    if entry not in facts.gaps:
        facts.gaps.append(entry)
    if reading["text"] in facts.unmapped:
        facts.unmapped.remove(reading["text"])


def _state_table(facts: Facts, reading: dict[str, Any], example: Example) -> None:
    """State every row of ``example``'s fan table (and its stacking and min-fan exemptions) by ``reading``'s clause."""
    from dslgen.generate.description_facts import _patch, _state
    from dslgen.rulefile.spec import fan_synonyms

    synonyms = fan_synonyms()
    _patch(facts, reading, "fan_types")
    table: dict[str, int] = {}
    exempt = []
    for row in example.data.get("fan_types") or []:
        if not isinstance(row, dict) or "name" not in row:
            continue
        name = synonyms.get(str(row["name"]), str(row["name"]))
        table[name] = int(row.get("base_fan") or 0)
        if row.get("toward_min_fan") is False:
            exempt.append(name)
        if name in facts.removed_fans or facts.fans.get(name) is not None:
            continue  # the text rules it out or gives its own value (with its own sentence)
        facts.fans[name] = table[name]
        facts.fan_sources[name] = reading["text"]
        facts.fan_words.setdefault(name, str(row["name"]))
        reading["fan_values"][name] = table[name]
        if name not in reading["fans"]:
            reading["fans"].append(name)
        _patch(facts, reading, f"fan_types[{name}]")
    # the referenced table's order, then the fans the text adds
    facts.fans = {**{n: facts.fans[n] for n in table if n in facts.fans},
                  **{n: v for n, v in facts.fans.items() if n not in table}}
    facts.fan_reference.update(variant=example.id, title=example.title, fans=table)
    stacking = example.data.get("fan_stacking")
    if "fan_stacking" not in facts.values and "doubling" not in facts.values and stacking in _STACKINGS:
        _state(facts, reading, "fan_stacking", stacking, "fan_stacking")
    if facts.fans.get("抢杠胡") is not None and "rob_kong" not in facts.values:
        # the table's 抢杠胡 is the rule that a kong may be robbed (the draft's phase.rob_kong follows from the fan)
        facts.values["rob_kong"] = True
        facts.sources["rob_kong"] = reading["text"]
    kept = [n for n in exempt if n in facts.fans]
    if "min_fan_exempt" not in facts.values and kept:
        _state(facts, reading, "min_fan_exempt", kept, "fan_types.toward_min_fan")


def reference_origin(facts: Facts, sentence: str) -> str:
    """How the review names a value stated by the reference sentence ``sentence`` (``""`` for any other)."""
    ref = facts.fan_reference
    if not ref.get("variant") or sentence != ref.get("text"):
        return ""
    return f"描述引用的番型表：{ref['title']}（玩法目录 {ref['variant']}）"
