"""Type-check a parse tree and compile it into closures over the evaluation object.

:func:`compile_expression` is the only entry point: it parses, resolves every name against
:data:`engine.lang.vocabulary.VOCABULARY` (unknown names get a did-you-mean), checks types and
scopes, folds constants, and returns a :class:`Compiled` whose ``fn(h)`` evaluates the expression.
The work of one evaluation is bounded by the tree's size (at most
:data:`engine.lang.syntax.MAX_NODES` nodes, each a fixed function over at most one hand's tiles
or sets), so a compiled expression can neither loop nor grow.
"""

from __future__ import annotations

import difflib
import operator
from dataclasses import dataclass

from engine import tiles as T
from engine.lang import needs as N
from engine.lang import vocabulary as V
from engine.lang.syntax import ExprError, Node, parse

_SCOPE_ORDER = {V.PATTERN: 0, V.READING: 1, V.STATE: 2, V.EVENT: 2, V.RESULT: 3, V.SETTLE: 4}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}


@dataclass(frozen=True)
class Compiled:
    """A compiled expression: ``fn(h)`` evaluates it; ``type`` is ``bool`` or ``int``; ``scopes`` the scopes
    of the names it reads (``pattern`` / ``reading`` / ``state`` / ``event``); ``names`` those names;
    ``need`` what it needs of a reading's cheap features (:mod:`engine.lang.needs`): a ``Cond`` for a
    condition, a ``Num`` for an integer."""

    text: str
    type: str
    fn: object
    scopes: frozenset[str]
    names: frozenset[str]
    need: object = None

    def __call__(self, h):
        return self.fn(h)


@dataclass
class _Value:
    type: str
    fn: object = None  # closure h -> value; None for a constant
    const: object = None
    #: what the value needs of a reading's features (engine.lang.needs): Cond for bool, Num for int,
    #: (mask, bound) for tiles, a HAND_ZONES tag for a zone; None when nothing is known
    ab: object = None

    def need(self):
        """The abstract value, with constants and unknowns filled in."""
        if self.ab is not None:
            return self.ab
        if self.type == V.BOOL:
            return N.UNKNOWN if self.fn is not None else N.constant_cond(bool(self.const))
        if self.type == V.INT:
            return N.UNKNOWN_NUM if self.fn is not None else N.constant_num(self.const)
        if self.type == V.TILES:
            return (self.const, self.const) if self.fn is None else (None, None)
        return None

    def closure(self):
        if self.fn is not None:
            return self.fn
        c = self.const
        return lambda h: c


class _Compiler:
    def __init__(self, text: str, allowed: str, words: tuple[str, ...], env=None, quantities=None):
        self.text = text
        self.quantities = quantities or {}
        self.allowed = allowed
        self.extra_words = words
        self.env = env or {}
        self.scopes: set[str] = set()
        self.names: set[str] = set()

    def fail(self, node: Node, message: str, hint: str = "") -> ExprError:
        return ExprError(message, node.pos, hint, self.text)

    def use(self, node: Node, entry: V.Entry) -> None:
        if _SCOPE_ORDER[entry.scope] > _SCOPE_ORDER[self.allowed]:
            where = {V.PATTERN: "和牌牌型（只看牌）", V.READING: "这里"}.get(self.allowed, "这里")
            hint = ("只有支付公式（payments）能用结算的名字" if entry.scope == V.SETTLE
                    else "只能用在 hand_value（番数算出之后）" if entry.scope == V.RESULT
                    else "牌型只能用牌集、牌区 hand 与计数")
            raise self.fail(node, f"{entry.name} 不能用在{where}", hint)
        self.scopes.add(entry.scope)
        self.names.add(entry.name)

    def value(self, node: Node) -> _Value:
        kind = node.kind
        if kind == "int":
            return _Value(V.INT, const=node.value)
        if kind == "bool":
            return _Value(V.BOOL, const=node.value)
        if kind == "tile":
            return _Value(V.TILES, const=1 << self.tile(node))
        if kind == "list":
            m = 0
            for item in node.args:
                m |= 1 << self.tile(item)
            return _Value(V.TILES, const=m)
        if kind == "name":
            return self.name(node)
        if kind == "call":
            return self.call(node)
        if kind == "not":
            v = self.typed(node.args[0], V.BOOL)
            if v.fn is None:
                return _Value(V.BOOL, const=not v.const)
            f = v.fn
            return _Value(V.BOOL, lambda h: not f(h), ab=v.need().negate())
        return self.op(node)

    def tile(self, node: Node) -> int:
        try:
            code = T.tile_from_name(str(node.value))
        except (T.TileParseError, ValueError):
            raise self.fail(node, f"{node.value!r} 不是一张牌", "数牌写作 5m、3万，字牌写 东 南 西 北 中 发 白") from None
        return code

    def name(self, node: Node) -> _Value:
        if node.value in self.env:  # a parameter of the definition: a constant
            c = self.env[node.value]
            self.names.add(str(node.value))
            return _Value(V.BOOL if isinstance(c, bool) else V.INT, const=c)
        entry = V.VOCABULARY.get(node.value)
        if entry is None and node.value in self.quantities:
            return self.quantity(node, str(node.value))
        if entry is None:
            try:
                return _Value(V.TILES, const=1 << T.tile_from_name(str(node.value)))
            except (T.TileParseError, ValueError):
                pass
            raise self.unknown(node, str(node.value))
        if entry.params is not None:
            raise self.fail(node, f"{entry.name} 是函数，要写参数", f"写作 {entry.signature}")
        self.use(node, entry)
        if entry.const is not None:
            return _Value(entry.type, const=entry.const)
        fn = entry.build()
        return _Value(entry.type, fn, ab=self.leaf_need(entry, fn))

    def leaf_need(self, entry: V.Entry, fn):
        """What a name without parameters needs: a context flag or counter is a feature of its own."""
        name = entry.name
        if name in N.NAMES:
            return N.NAMES[name]()
        if entry.type == V.ZONE:
            return N.HAND_ZONES.get(name)
        if entry.type == V.TILES:
            return (None, N.TILE_BOUNDS.get(name))
        if entry.scope in (V.STATE, V.EVENT) and entry.type in (V.BOOL, V.INT):
            if entry.type == V.BOOL:
                return N.flag(N.context_feature(name, lambda h, _f=fn: bool(_f(h))))
            return N.counter(N.context_feature(name, fn), None)
        return None

    def quantity(self, node: Node, name: str) -> _Value:
        """A named quantity the file declared earlier (``hand_value.quantities``), evaluated once per reading."""
        q = self.quantities[name]
        for scope in q.scopes:
            if _SCOPE_ORDER[scope] > _SCOPE_ORDER[self.allowed]:
                raise self.fail(node, f"{name} 读了这里不能用的名字", "hand_value 的量只能用在 hand_value 里")
        self.scopes |= q.scopes
        self.names |= q.names
        fn = q.fn

        def get(h, _name=name, _fn=fn):
            cache = h.quantity_cache
            if cache is None:
                cache = h.quantity_cache = {}
            v = cache.get(_name)
            if v is None:
                v = cache[_name] = _fn(h)
            return v

        return _Value(V.INT, get)

    def unknown(self, node: Node, name: str) -> ExprError:
        close = difflib.get_close_matches(name, list(V.VOCABULARY) + list(self.extra_words) + list(self.env)
                                          + list(self.quantities), n=1, cutoff=0.6)
        hint = f"是否想写 {close[0]}？" if close else "可用的名字见规范第 22 节"
        return self.fail(node, f"未知的名字 {name!r}", hint)

    def typed(self, node: Node, want: str) -> _Value:
        v = self.value(node)
        if v.type != want:
            raise self.fail(node, f"这里需要{V.TYPE_LABELS[want]}，而这是{V.TYPE_LABELS[v.type]}")
        return v

    def word(self, node: Node, param: V.Param, fn_name: str) -> str:
        if param.words == V.ANY_WORD:
            if node.kind != "name":
                raise self.fail(node, f"{fn_name} 的参数 {param.name} 应当是一个番型名")
            return str(node.value)
        allowed = param.words + (self.extra_words if param.name == "name" else ())
        if node.kind != "name" or node.value not in allowed:
            shown = "、".join(allowed) if allowed else "（本文件没有可用的取值）"
            close = difflib.get_close_matches(str(node.value), list(allowed), n=1, cutoff=0.5)
            hint = f"是否想写 {close[0]}？" if close else f"可选：{shown}"
            raise self.fail(node, f"{fn_name} 的参数 {param.name} 不能是 {node.value!r}", hint)
        return str(node.value)

    def call(self, node: Node) -> _Value:
        entry = V.VOCABULARY.get(str(node.value))
        if entry is None:
            raise self.unknown(node, str(node.value))
        if entry.params is None:
            raise self.fail(node, f"{entry.name} 不是函数，不能带括号", f"直接写 {entry.name}")
        self.use(node, entry)
        params = entry.params
        if len(node.args) > len(params):
            raise self.fail(node, f"{entry.name} 最多 {len(params)} 个参数", f"写作 {entry.signature}")
        given: dict[str, Node] = {p.name: a for p, a in zip(params, node.args)}
        for key, arg in node.kwargs:
            if key not in {p.name for p in params}:
                close = difflib.get_close_matches(key, [p.name for p in params], n=1)
                raise self.fail(arg, f"{entry.name} 没有参数 {key}", f"是否想写 {close[0]}？" if close else entry.signature)
            if key in given:
                raise self.fail(arg, f"参数 {key} 给了两次")
            given[key] = arg
        built = []
        abstract = []  # each argument as engine.lang.needs reads it
        for p in params:
            arg = given.get(p.name)
            if arg is None:
                if p.default is None:
                    raise self.fail(node, f"{entry.name} 缺少参数 {p.name}", f"写作 {entry.signature}")
                built.append(self.default(p))
                abstract.append(self.default_need(p, built[-1]))
                continue
            if p.type == V.WORD:
                built.append((self.word(arg, p, entry.name),))
                abstract.append(built[-1][0])
                continue
            v = self.typed(arg, p.type)
            abstract.append(v.need())
            if p.type == V.TILES:
                built.append((v.const, v.fn))
            elif p.type == V.INT:
                if v.fn is not None and entry.name in _CONST_INT_FUNCS:
                    raise self.fail(arg, f"{entry.name} 的参数 {p.name} 必须是写定的数字")
                built.append((v.const,) if v.fn is None else (None, v.fn))
            elif p.type == V.BOOL:
                built.append(v.closure())
            else:
                built.append(v.closure())
        try:
            result = entry.build(*built)
        except LookupError as exc:
            raise self.fail(node.args[0] if node.args else node, f"标准番型库中没有番型 {exc.args[0]}",
                            "fan(名字) 引用标准番型库中的番型（见 docs/fans.md）") from None
        if isinstance(result, int):  # a tile set computed at compile time (ranks(2, 5, 8))
            return _Value(entry.type, const=result)
        need = N.FUNCTIONS.get(entry.name)
        return _Value(entry.type, result, ab=None if need is None else need(*abstract))

    def default(self, p: V.Param):
        if p.type == V.TILES:
            return (V.VOCABULARY[str(p.default)].const, None)
        return (p.default,)

    @staticmethod
    def default_need(p: V.Param, built):
        if p.type == V.TILES:
            return (built[0], built[0])
        if p.type == V.INT:
            return N.constant_num(built[0])
        if p.type == V.BOOL:
            return N.constant_cond(bool(built[0]))
        return built[0]

    def op(self, node: Node) -> _Value:
        op = node.value
        if op == "neg":
            v = self.typed(node.args[0], V.INT)
            if v.fn is None:
                return _Value(V.INT, const=-v.const)
            f = v.fn
            return _Value(V.INT, lambda h: -f(h), ab=N.negative(v.need()))
        left, right = self.value(node.args[0]), self.value(node.args[1])
        if op in ("and", "or"):
            for side, v in ((node.args[0], left), (node.args[1], right)):
                if v.type != V.BOOL:
                    raise self.fail(side, f"{op} 两边都要是条件（真假值），而这是{V.TYPE_LABELS[v.type]}")
            a, b = left.closure(), right.closure()
            if op == "and":
                return _Value(V.BOOL, lambda h: a(h) and b(h), ab=N.both(left.need(), right.need()))
            return _Value(V.BOOL, lambda h: a(h) or b(h), ab=N.either(left.need(), right.need()))
        if op in _COMPARE:
            if left.type != right.type or left.type not in (V.INT, V.BOOL, V.TILES):
                raise self.fail(node, f"不能比较{V.TYPE_LABELS[left.type]}和{V.TYPE_LABELS[right.type]}",
                                "比较两边要同是整数（或同是真假值）")
            if left.type != V.INT and op not in ("==", "!="):
                raise self.fail(node, f"{V.TYPE_LABELS[left.type]}只能用 == 或 != 比较")
            cmp = _COMPARE[op]
            if left.fn is None and right.fn is None:
                return _Value(V.BOOL, const=cmp(left.const, right.const))
            a = left.fn
            if right.fn is None:  # the common case: a count against a number
                c = right.const
                ab = N.compare(op, left.need(), c) if left.type == V.INT else None
                return _Value(V.BOOL, lambda h: cmp(a(h), c), ab=ab)
            a, b = left.closure(), right.fn
            ab = N.compare_flipped(op, left.const, right.need()) if left.fn is None and left.type == V.INT else None
            return _Value(V.BOOL, lambda h: cmp(a(h), b(h)), ab=ab)
        if op in ("|", "&") or (op == "-" and left.type == V.TILES):
            if left.type != V.TILES or right.type != V.TILES:
                raise self.fail(node, f"{op} 用于两个牌集", "牌集的并 |、交 &、差 -")
            f = {"|": operator.or_, "&": operator.and_, "-": lambda x, y: x & ~y}[op]
            if left.fn is None and right.fn is None:
                return _Value(V.TILES, const=f(left.const, right.const))
            a, b = left.closure(), right.closure()
            return _Value(V.TILES, lambda h: f(a(h), b(h)), ab=(None, _tile_bound(op, left.need()[1], right.need()[1])))
        if left.type != V.INT or right.type != V.INT:
            raise self.fail(node, f"{op} 用于两个整数")
        f = {"+": operator.add, "-": operator.sub, "*": operator.mul}[op]
        if left.fn is None and right.fn is None:
            return _Value(V.INT, const=f(left.const, right.const))
        a, b = left.closure(), right.closure()
        ab = (N.plus(left.need(), right.need()) if op == "+" else
              N.plus(left.need(), N.negative(right.need())) if op == "-" else None)
        return _Value(V.INT, lambda h: f(a(h), b(h)), ab=ab)


def _tile_bound(op: str, a: int | None, b: int | None) -> int | None:
    """The static set a combination of two tile sets lies within (None: unknown)."""
    if op == "-":
        return a
    if op == "&":
        return a if b is None else b if a is None else a & b
    return None if a is None or b is None else a | b


#: functions whose integer parameters shape the computation and must be literals
_CONST_INT_FUNCS = frozenset({"series", "kinds", "ranks"})


def compile_expression(text: str, want: str = V.BOOL, *, scope: str = V.EVENT,
                       words: tuple[str, ...] = (), env=None, quantities=None) -> Compiled:
    """Compile ``text`` to a :class:`Compiled` of type ``want`` (``bool`` or ``int``).

    ``scope`` is the most context the expression may read (``pattern`` for a declared win shape,
    ``event`` for a fan, ``result`` for a hand value, ``settle`` for a payment formula); ``words`` are extra
    words the file defines (its declared shape names); ``env`` maps parameter names to constants (a payment
    definition's parameters); ``quantities`` maps the names of integer quantities declared before this one
    (``hand_value.quantities``) to their :class:`Compiled`, read by name and cached per reading.
    Raises :class:`ExprError` naming the column, with a hint.
    """
    tree = parse(text)
    comp = _Compiler(text, scope, words, env, quantities)
    try:
        v = comp.value(tree)
    except RecursionError:  # pragma: no cover - the parser bounds depth first
        raise ExprError("表达式嵌套过深", 0, "", text) from None
    if want == V.INT and v.type == V.BOOL:
        raise ExprError("这里需要整数（计次），而这是条件", tree.pos, "如 count(flowers) 或 pungs(dragon)", text)
    if v.type != want:
        raise ExprError(f"这里需要{V.TYPE_LABELS[want]}，而这是{V.TYPE_LABELS[v.type]}", tree.pos, "", text)
    fn = v.closure()
    return Compiled(text, want, fn, frozenset(comp.scopes), frozenset(comp.names), v.need())
