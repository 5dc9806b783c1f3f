"""The standard fan library: ``standard.fans``, shipped with the engine, is where every named fan is defined.

The file is plain text (one ``[番型名]`` section per fan, ``key = value`` lines; see its header).
:func:`load` reads it once at import and registers one :class:`~engine.fans.registry.FanUnit` per
section: its ``when`` / ``count`` expression is compiled by :mod:`engine.lang`; a ``combine`` fan (two to
four chows or pungs) is counted under the 国标 principles by :mod:`engine.fans.combinations`. :func:`unit_from_row` builds the unit of a rule file's own ``when`` row the same way, so a fan
defined in a file and one defined here behave alike.
"""

from __future__ import annotations

import configparser
from importlib import resources

from engine import lang
from engine.fans import combinations
from engine.fans import registry as R

#: the library's file name, inside this package
LIBRARY_FILE = "standard.fans"
_KEYS = {"kind", "synonyms", "guobiao", "per", "when", "count", "reads", "condition",
         "toward_min_fan", "prefer_on_tie", "doc", "combine"}


class LibraryError(ValueError):
    """The library file is malformed (a packaging bug, never a user error)."""


def _names(value: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in value.split(",") if x.strip())


def _bool(value: str, where: str) -> bool:
    if value not in ("true", "false"):
        raise LibraryError(f"{where}: expected true or false, got {value!r}")
    return value == "true"


def infer_kind(compiled: lang.Compiled) -> str:
    """The fan kind of a defined fan: structural when it reads the tiles (a zone, a count, a set), else
    event when it reads an event flag, else state (only state names), else structural."""
    groups = {lang.VOCABULARY[n].group for n in compiled.names}
    if compiled.names & {"other_fans", "recognized"}:
        return R.FALLBACK
    if groups & {"zones", "counts", "sets", "fans"}:
        return R.STRUCTURAL
    if "events" in groups:
        return R.EVENT
    if "state" in groups:
        return R.STATE
    return R.STRUCTURAL


def _counter(compiled: lang.Compiled):
    fn = compiled.fn

    def count(h) -> int:
        n = fn(h)
        return n if n > 0 else 0

    return count


def _section_unit(name: str, sec: configparser.SectionProxy) -> R.FanUnit:
    extra = {k for k in sec if k not in _KEYS and not k.startswith(("count.", "opens"))}
    if extra:
        raise LibraryError(f"[{name}]: unknown keys {sorted(extra)}")
    per = sec.get("per", "")
    definition = []
    need = {}
    if "combine" in sec:
        test = _combination(name, sec, per)
        definition.append(f"combine: {sec['combine']}; when: {sec['when']}")
    elif "when" in sec:
        compiled = lang.compile_expression(sec["when"], lang.BOOL)
        test = compiled.fn
        need = compiled.need.true
        definition.append(f"when: {sec['when']}")
    elif "count" in sec:
        compiled = lang.compile_expression(sec["count"], lang.INT)
        test = _counter(compiled)
        need = compiled.need.truthy()
        definition.append(f"count: {sec['count']}")
    else:
        raise LibraryError(f"[{name}]: needs when, count or combine")
    per_also = {}
    for key in sec:
        if key.startswith("count."):
            unit = key.split(".", 1)[1]
            per_also[unit] = _counter(lang.compile_expression(sec[key], lang.INT))
            definition.append(f"{key}: {sec[key]}")
    return R.FanUnit(
        name=name, kind=sec.get("kind", ""), test=test, synonyms=_names(sec.get("synonyms", "")),
        guobiao=_names(sec.get("guobiao", "")), condition=sec.get("condition", ""), doc=sec.get("doc", "").strip(),
        per=per, reads=sec.get("reads", ""), toward_min_fan=_bool(sec.get("toward_min_fan", "true"), name),
        prefer_on_tie=_bool(sec.get("prefer_on_tie", "false"), name), per_also=per_also,
        definition="; ".join(definition), source="library", need=need)


def _combination(name: str, sec: configparser.SectionProxy, per: str):
    """Declare a combination fan (``combine = chow 3``, ``when`` over the combination) and return its test,
    which reads the reading's counted combinations (:mod:`engine.fans.combinations`)."""
    parts = sec["combine"].split()
    if len(parts) != 2 or parts[0] not in combinations.KINDS or parts[1] not in ("2", "3", "4"):
        raise LibraryError(f"[{name}]: combine must be 'chow N' or 'pung N' with N 2-4, got {sec['combine']!r}")
    if "when" not in sec or sec.get("reads") != "combinations":
        raise LibraryError(f"[{name}]: a combination fan needs when and reads = combinations")
    compiled = lang.compile_expression(sec["when"], lang.BOOL, scope=lang.READING)
    combinations.declare(combinations.Combination(name, parts[0], int(parts[1]), compiled.fn))
    if per:
        return lambda h: h.combinations.get(name, 0)
    return lambda h: name in h.combinations


def _opens(name: str, sec: configparser.SectionProxy) -> None:
    """``opens = <shape>`` (the fan's names open that winning shape) and ``opens.<word> = <shape>`` (only that
    word does), into :data:`engine.capabilities.SHAPE_FANS`."""
    from engine.capabilities import SHAPE_CAPABILITIES, SHAPE_FANS

    for key in sec:
        if key == "opens" or key.startswith("opens."):
            shape = sec[key]
            if shape not in SHAPE_CAPABILITIES:
                raise LibraryError(f"[{name}]: unknown shape {shape!r}")
            word = name if key == "opens" else key.split(".", 1)[1]
            SHAPE_FANS[shape] = SHAPE_FANS.get(shape, frozenset()) | {word}


def parse_library(text: str, register: bool = False) -> list[R.FanUnit]:
    """The fan units a library text defines, in file order; with ``register`` each is registered as soon as
    it is built, so a later definition may refer to it (``fan(名字)``)."""
    cp = configparser.ConfigParser(interpolation=None, delimiters=("=",), comment_prefixes=("#",),
                                   inline_comment_prefixes=None, default_section="\0", strict=True)
    cp.optionxform = str  # keep keys as written
    try:
        cp.read_string(text, source=LIBRARY_FILE)
    except configparser.Error as exc:
        raise LibraryError(str(exc)) from None
    out = []
    refs = lang.vocabulary.FAN_REFERENCES
    lang.vocabulary.LIBRARY_NAMES.update(cp.sections())
    edges: dict[str, list[str]] = {}
    try:
        for name in cp.sections():
            refs.clear()
            unit = _section_unit(name, cp[name])
            if register:
                _opens(name, cp[name])
            edges[name] = list(refs)
            if register:
                R.register_unit(unit)
            out.append(unit)
    finally:
        refs.clear()
        lang.vocabulary.LIBRARY_NAMES.clear()
    _refuse_cycles(edges)
    return out


def _refuse_cycles(edges: dict[str, list[str]]) -> None:
    """A library fan defined through ``fan(名)`` must not end up depending on itself."""
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            raise LibraryError("fan(…) references form a cycle: " + " → ".join(path + [name]))
        state[name] = 1
        for other in edges.get(name, ()):
            visit(other, path + [name])
        state[name] = 2

    for name in edges:
        visit(name, [])


def load() -> None:
    """Register every fan of the shipped standard library (called once, when :mod:`engine.fans` is imported)."""
    text = resources.files(__package__).joinpath(LIBRARY_FILE).read_text(encoding="utf-8")
    lang.vocabulary.FAN_LOOKUP[0] = R.lookup
    parse_library(text, register=True)


def unit_from_row(name: str, when: str, per: str = "", shapes: tuple[str, ...] = ()) -> R.FanUnit:
    """The unit of a rule file's own fan row (``when``, and ``per`` as a count expression when it is not an
    occurrence unit); ``shapes`` are the file's declared shape names. Raises :class:`engine.lang.ExprError`."""
    compiled = lang.compile_expression(when, lang.BOOL, words=shapes)
    per_also = {}
    definition = f"when: {when}"
    if per and per not in R.PER_UNITS:
        counted = lang.compile_expression(per, lang.INT, words=shapes)
        counter = _counter(counted)

        def test(h, _when=compiled.fn, _count=counter):
            return _count(h) if _when(h) else 0

        definition += f"; per: {per}"
        return R.FanUnit(name, infer_kind(compiled), test, per=per, doc=f"本文件定义：{definition}",
                         definition=definition, source="file", per_also=per_also,
                         need=lang.needs.conj(compiled.need.true, counted.need.truthy()))
    return R.FanUnit(name, infer_kind(compiled), compiled.fn, doc=f"本文件定义：{definition}", definition=definition,
                     source="file", need=compiled.need.true)
