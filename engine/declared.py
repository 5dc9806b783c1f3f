"""What a rule file declares in the expression language, compiled once per rule set.

Three declarations besides fans (whose units :mod:`engine.fans.library` builds):

* ``win_condition.require`` — expressions every win must satisfy (``max_suit(hand) >= 8``);
* ``win_condition.shapes`` — winning shapes of the file's own (十三烂, 嚦咕嚦咕): a name and an
  expression over the concealed tiles (scope ``pattern``); a hand without melds whose tiles satisfy it
  wins, read as single tiles;
* ``tile_restrictions`` — tiles (an expression of type 牌集) that listed actions may not use (dragons
  that may not be ponged; a wildcard that may not be discarded).

The game flow, the bots (through the flow's legal actions), the scorer and ``dslgen hand`` all read these
compiled values, so they cannot disagree. :func:`problems` compiles everything and reports each error
with its field path and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import lang, memo
from engine.errors import Problem
from engine.rules import Rules

#: actions a tile restriction may name: discard, chi, pung, kong (明杠, 暗杠, 加杠), win (on that discard); their
#: Chinese names are the specification's (``tile_restrictions[].actions``)
RESTRICTABLE = ("discard", "chi", "pung", "kong", "win")


@dataclass(frozen=True)
class ShapePattern:
    """A declared winning shape: ``name``, the expression ``text``, the hand ``size`` it needs
    (the rule set's winning size) and the compiled test ``fn(facts)``. Equal by name, text and size."""

    name: str
    text: str
    size: int
    fn: object = field(compare=False, hash=False, default=None)


@dataclass(frozen=True)
class Restriction:
    """A compiled ``tile_restrictions`` entry: ``mask(facts)`` gives the restricted tile codes as a bit mask."""

    actions: frozenset[str]
    text: str
    mask: object = field(compare=False, hash=False, default=None)


class PatternFacts:
    """What a declared shape's expression reads: the concealed real tiles (``tiles``, wild tiles apart)
    and the number of wild tiles (``wild_count``)."""

    __slots__ = ("tiles", "wild_count")

    def __init__(self, counts: list[int], wilds: int):
        self.tiles = [t for t, c in enumerate(counts) for _ in range(c)]
        self.wild_count = wilds


class TableFacts:
    """What a restriction's tile set reads at the table: the game's wild codes, the seat's winds and the
    kinds the table's flips tagged."""

    __slots__ = ("ctx",)

    def __init__(self, wild_codes, seat: int, dealer: int, seat_wind: int | None, round_wind: int,
                 tags: tuple = (), revealed: tuple = ()):
        from engine.fans.hand_facts import WinContext

        self.ctx = WinContext((), (), 0, frozenset(wild_codes), seat=seat, dealer=dealer, seat_wind=seat_wind,
                              round_wind=round_wind, tags=tags, revealed=revealed)


@dataclass(frozen=True)
class Declared:
    """The compiled declarations of one rule set (see the module docstring)."""

    requirements: tuple[tuple[str, lang.Compiled], ...]
    shapes: tuple[ShapePattern, ...]
    restrictions: tuple[Restriction, ...]
    problems: tuple[Problem, ...]


_CACHE: dict = memo.table("declared.rules")


def declared(rules: Rules) -> Declared:
    """The compiled declarations of ``rules`` (cached per rule set; invalid entries are left out and listed
    in ``problems``)."""
    hit = _CACHE.get(rules)
    if hit is None:
        hit = memo.store(_CACHE, rules, _compile(rules), 64)
    return hit


def shape_names(rules: Rules) -> tuple[str, ...]:
    """The names of the shapes the file declares (``shape(NAME)`` accepts them)."""
    return tuple(name for name, _ in rules.win_condition.shapes if name)


def _problem(steps: tuple, exc: lang.ExprError) -> Problem:
    return Problem(steps, exc.message, exc.position, exc.hint)


def _compile(rules: Rules) -> Declared:
    problems: list[Problem] = []
    words = shape_names(rules)
    reqs = []
    for i, text in enumerate(rules.win_condition.require):
        try:
            reqs.append((text, lang.compile_expression(text, lang.BOOL, words=words)))
        except lang.ExprError as exc:
            problems.append(_problem(("win_condition", "require", i), exc))
    shapes = []
    seen: set[str] = set()
    for i, (name, text) in enumerate(rules.win_condition.shapes):
        if not name:
            problems.append(Problem(("win_condition", "shapes", i, "name"), "牌型需要 name"))
            continue
        if name in seen or name in lang.vocabulary.BUILTIN_SHAPES:
            problems.append(Problem(("win_condition", "shapes", i, "name"), f"牌型名 {name} 重复或与内置牌型同名"))
            continue
        seen.add(name)
        try:
            compiled = lang.compile_expression(text, lang.BOOL, scope=lang.PATTERN)
        except lang.ExprError as exc:
            problems.append(_problem(("win_condition", "shapes", i, "when"), exc))
            continue
        shapes.append(ShapePattern(name, text, rules.win_size, compiled.fn))
    restrictions = []
    for i, r in enumerate(rules.tile_restrictions):
        bad = [a for a in r.actions if a not in RESTRICTABLE]
        for a in bad:
            problems.append(Problem(("tile_restrictions", i, "actions"), f"不能限制的动作 {a}",
                                    hint="可选：" + "、".join(RESTRICTABLE)))
        try:
            compiled = lang.compile_expression(r.tiles, lang.TILES, scope=lang.STATE)
        except lang.ExprError as exc:
            problems.append(_problem(("tile_restrictions", i, "tiles"), exc))
            continue
        if not bad:
            restrictions.append(Restriction(frozenset(r.actions), r.tiles, compiled.fn))
    return Declared(tuple(reqs), tuple(shapes), tuple(restrictions), tuple(problems))


def unmet_requirement(rules: Rules, facts) -> str:
    """The first ``win_condition.require`` expression ``facts`` (one reading) does not satisfy, or ""."""
    for text, compiled in declared(rules).requirements:
        if not compiled.fn(facts):
            return text
    return ""


def pattern_shapes(patterns: tuple[ShapePattern, ...], counts: list[int], wilds: int, melds: tuple) -> list[str]:
    """The declared shapes a concealed hand (``counts`` without wild tiles, ``wilds`` wild tiles) forms."""
    if melds or not patterns:
        return []
    n = sum(counts) + wilds
    facts = None
    out = []
    for p in patterns:
        if n != p.size:
            continue
        if facts is None:
            facts = PatternFacts(counts, wilds)
        if p.fn(facts):
            out.append(p.name)
    return out


def restricted(rules: Rules, action: str, facts: TableFacts) -> int:
    """Bit mask of the tiles ``action`` may not use at this seat (0: none)."""
    mask = 0
    for r in declared(rules).restrictions:
        if action in r.actions:
            mask |= r.mask(facts)
    return mask
