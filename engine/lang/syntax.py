"""The hand-expression syntax: tokens and a parse tree with positions.

An expression is one line of text such as ``honors == 0 and suits(hand) == 1`` or
``count(hand, [1m, 9m, 东]) >= 3``. :func:`parse` turns it into a tree of :class:`Node`
values; nothing is ever evaluated as code. Every node keeps the character offset it starts
at, so an error can name the column.

Grammar (lowest precedence first)::

    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
    sum     := term (("+" | "-" | "|" | "&") term)*
    term    := unary ("*" unary)*
    unary   := "-" unary | atom
    atom    := INT | TILE | NAME | NAME "(" [arg ("," arg)*] ")" | "[" [tile ("," tile)*] "]" | "(" expr ")"
    arg     := NAME "=" expr | expr

``TILE`` is a suited tile written rank-first (``5m``, ``9s``, ``1p``, ``3万``, ``7条``, ``2筒``);
names may be Chinese (``东``, ``红中``), which is how honor tiles are written.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import EngineError

#: Bounds checked while parsing (a rule file comes from strangers and models).
MAX_LENGTH = 2000
MAX_NODES = 400
MAX_DEPTH = 40

_OPERATORS = ("==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "|", "&", "(", ")", "[", "]", ",", "=")
_KEYWORDS = ("and", "or", "not", "true", "false")
_SUIT_SUFFIX = "mspw万条筒"


class ExprError(EngineError, ValueError):
    """A problem in an expression: ``message`` in Chinese, ``position`` the 0-based character offset,
    ``hint`` a suggestion (a did-you-mean or the expected form)."""

    def __init__(self, message: str, position: int = 0, hint: str = "", text: str = ""):
        self.message = message
        self.position = position
        self.hint = hint
        self.text = text
        super().__init__(f"第 {position + 1} 列：{message}" + (f"（{hint}）" if hint else ""))


@dataclass(frozen=True)
class Node:
    """One node of a parse tree.

    ``kind``: ``int``, ``bool``, ``tile`` (a tile literal, ``value`` its text), ``name``, ``call``
    (``value`` the function name, ``args`` positional, ``kwargs`` keyword nodes), ``list`` (tile list),
    ``op`` (``value`` the operator, ``args`` the operands), ``not``.
    """

    kind: str
    value: object
    pos: int
    args: tuple["Node", ...] = ()
    kwargs: tuple[tuple[str, "Node"], ...] = ()


def _is_name_char(ch: str, first: bool) -> bool:
    if ch == "_" or ch.isalpha() or "\u4e00" <= ch <= "\u9fff":
        return True
    return not first and ch.isdigit()


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """``(kind, text, offset)`` tokens: ``int``, ``tile``, ``name``, ``op``, then one ``end``."""
    out: list[tuple[str, str, int]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
            continue
        if ch.isdigit():
            j = i
            while j < n and text[j].isdigit():
                j += 1
            if j < n and text[j] in _SUIT_SUFFIX and j - i == 1:
                out.append(("tile", text[i:j + 1], i))
                i = j + 1
            else:
                if j < n and _is_name_char(text[j], True):
                    raise ExprError(f"无法识别 {text[i:j + 1]!r}", i, "数牌写作 点数+花色，如 5m、3万；数字与名字之间要有空格")
                out.append(("int", text[i:j], i))
                i = j
            continue
        if _is_name_char(ch, True):
            j = i + 1
            while j < n and _is_name_char(text[j], False):
                j += 1
            out.append(("name", text[i:j], i))
            i = j
            continue
        op = next((o for o in _OPERATORS if text.startswith(o, i)), None)
        if op is None:
            raise ExprError(f"无法识别的字符 {ch!r}", i, "表达式只用名字、数字、牌、括号、比较与 and / or / not")
        out.append(("op", op, i))
        i += len(op)
    out.append(("end", "", n))
    return out


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.nodes = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def expect(self, text: str) -> tuple[str, str, int]:
        tok = self.take()
        if tok[1] != text or tok[0] not in ("op", "name"):
            raise ExprError(f"这里应当是 {text!r}，而不是 {tok[1] or '表达式结尾'!r}", tok[2])
        return tok

    def node(self, kind: str, value: object, pos: int, args=(), kwargs=(), depth: int = 0) -> Node:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ExprError(f"表达式过大（超过 {MAX_NODES} 个节点）", pos, "拆成几个番型或条件")
        return Node(kind, value, pos, tuple(args), tuple(kwargs))

    def check_depth(self, depth: int, pos: int) -> None:
        if depth > MAX_DEPTH:
            raise ExprError(f"表达式嵌套过深（超过 {MAX_DEPTH} 层）", pos, "减少括号嵌套")

    def parse(self) -> Node:
        tree = self.or_(0)
        tok = self.peek()
        if tok[0] != "end":
            raise ExprError(f"多余的内容 {tok[1]!r}", tok[2], "两个条件之间用 and 或 or 连接")
        return tree

    def _binary(self, depth: int, ops: tuple[str, ...], lower, keyword: bool = False) -> Node:
        self.check_depth(depth, self.peek()[2])
        left = lower(depth + 1)
        while True:
            tok = self.peek()
            if tok[1] not in ops or tok[0] != ("name" if keyword else "op"):
                return left
            self.take()
            right = lower(depth + 1)
            left = self.node("op", tok[1], tok[2], (left, right))

    def or_(self, depth: int) -> Node:
        return self._binary(depth, ("or",), self.and_, keyword=True)

    def and_(self, depth: int) -> Node:
        return self._binary(depth, ("and",), self.not_, keyword=True)

    def not_(self, depth: int) -> Node:
        self.check_depth(depth, self.peek()[2])
        tok = self.peek()
        if tok == ("name", "not", tok[2]):
            self.take()
            return self.node("not", None, tok[2], (self.not_(depth + 1),))
        return self.compare(depth + 1)

    def compare(self, depth: int) -> Node:
        left = self.sum_(depth + 1)
        tok = self.peek()
        if tok[0] == "op" and tok[1] in ("==", "!=", "<", "<=", ">", ">="):
            self.take()
            right = self.sum_(depth + 1)
            left = self.node("op", tok[1], tok[2], (left, right))
            nxt = self.peek()
            if nxt[0] == "op" and nxt[1] in ("==", "!=", "<", "<=", ">", ">="):
                raise ExprError("比较不能连写", nxt[2], "写成 a <= x and x <= b")
        return left

    def sum_(self, depth: int) -> Node:
        return self._binary(depth, ("+", "-", "|", "&"), self.term)

    def term(self, depth: int) -> Node:
        return self._binary(depth, ("*",), self.unary)

    def unary(self, depth: int) -> Node:
        self.check_depth(depth, self.peek()[2])
        tok = self.peek()
        if tok == ("op", "-", tok[2]):
            self.take()
            return self.node("op", "neg", tok[2], (self.unary(depth + 1),))
        return self.atom(depth + 1)

    def atom(self, depth: int) -> Node:
        self.check_depth(depth, self.peek()[2])
        kind, text, pos = self.take()
        if kind == "int":
            if len(text) > 6:
                raise ExprError(f"数字 {text} 过大", pos, "不超过 999999")
            return self.node("int", int(text), pos)
        if kind == "tile":
            return self.node("tile", text, pos)
        if kind == "op" and text == "(":
            inner = self.or_(depth + 1)
            self.expect(")")
            return inner
        if kind == "op" and text == "[":
            items = []
            if self.peek()[1] != "]":
                while True:
                    k, t, p = self.take()
                    if k not in ("tile", "name"):
                        raise ExprError(f"牌表里只能写牌，而不是 {t or '结尾'!r}", p, "如 [1m, 9m, 东]")
                    items.append(self.node("tile", t, p))
                    if self.peek()[1] == ",":
                        self.take()
                        continue
                    break
            self.expect("]")
            return self.node("list", None, pos, items)
        if kind == "name":
            if text in ("true", "false"):
                return self.node("bool", text == "true", pos)
            if text in _KEYWORDS:
                raise ExprError(f"{text} 前后缺少条件", pos)
            if self.peek()[1] == "(" and self.peek()[0] == "op":
                self.take()
                args, kwargs = [], []
                if self.peek()[1] != ")":
                    while True:
                        k, t, p = self.peek()
                        nxt = self.tokens[self.i + 1]
                        if k == "name" and nxt[:2] == ("op", "="):
                            self.take()
                            self.take()
                            kwargs.append((t, self.or_(depth + 1)))
                        else:
                            if kwargs:
                                raise ExprError("按名字给出的参数之后不能再写按位置的参数", p)
                            args.append(self.or_(depth + 1))
                        if self.peek()[1] == ",":
                            self.take()
                            continue
                        break
                self.expect(")")
                return self.node("call", text, pos, args, kwargs)
            return self.node("name", text, pos)
        raise ExprError(f"这里应当是一个值，而不是 {text or '表达式结尾'!r}", pos)


def parse(text: str) -> Node:
    """Parse one expression (raises :class:`ExprError` with the offending column)."""
    if not isinstance(text, str):
        raise ExprError("表达式必须是字符串", 0)
    if len(text) > MAX_LENGTH:
        raise ExprError(f"表达式过长（{len(text)} 个字符，上限 {MAX_LENGTH}）", MAX_LENGTH, "拆成几个番型或条件")
    if not text.strip():
        raise ExprError("表达式是空的", 0)
    try:
        return _Parser(text).parse()
    except ExprError as exc:
        exc.text = text
        raise
