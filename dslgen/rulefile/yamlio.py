"""Safe YAML reading and writing for rule files.

Loading is done in two passes over the text. The first pass walks the parser's
event stream only: it refuses explicit tags (so ``!!python/object/apply:...`` is
never constructed), counts aliases and the number of nodes the aliases would
expand to (so a "billion laughs" file is refused before anything is built). The
second pass loads the text with ruamel.yaml in round-trip mode, which keeps the
line and column of every key and item, and converts the result to plain Python
values (dict, list, str, int, float, bool, None).

Writes are atomic: a temporary file in the target directory, ``fsync``, then
``os.replace``.
"""

from __future__ import annotations

import datetime as _dt
import io
import os
import re
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml import events as ev
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from dslgen.errors import EXIT_FINDINGS, EXIT_USAGE, DslgenError
from dslgen.secrets import redact, redact_bytes, redact_data

#: Largest rule file accepted, in bytes.
MAX_BYTES = 1024 * 1024
#: Most alias references (``*name``) a file may contain.
MAX_ALIASES = 100
#: Most nodes (mappings, lists, scalars) the document may have, counting every alias expanded. The
#: largest catalog file has under 900; the limit stops a huge file early in the first, cheap pass.
MAX_NODES = 20_000
#: Deepest nesting of mappings and lists accepted.
MAX_DEPTH = 100
#: Longest unquoted number accepted (Python refuses to convert integers over 4,300 digits).
MAX_NUMBER_CHARS = 1000
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_NUMBER = re.compile(r"[-+]?(?:0[xob])?[0-9_.]+(?:[eE][-+]?[0-9]+)?$")
#: Explicit tags that only restate the default type; every other tag is refused.
SAFE_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")
)

Path_ = tuple[Any, ...]


class YamlError(DslgenError):
    """A rule file that cannot be read (exit 2) or is not acceptable YAML (exit 1).

    ``line`` and ``column`` (1-based, 0 when unknown) say where, as numbers; ``where``
    shows the same position as ``file:line:col`` text for people.
    """

    exit_code = EXIT_FINDINGS

    def __init__(self, message: str, *, where: str = "", hint: str = "", exit_code: int | None = None,
                 line: int = 0, column: int = 0):
        super().__init__(message, where=where, hint=hint, exit_code=exit_code)
        self.line = line
        self.column = column


@dataclass
class LoadedYaml:
    """A parsed YAML document: its text, its plain data and where each node was written."""

    path: str
    text: str
    data: Any
    _root: Any = field(default=None, repr=False)

    def locate(self, path: Path_ | list[Any]) -> tuple[int, int]:
        """1-based ``(line, column)`` of the node at ``path`` (keys and list indexes).

        For a mapping entry the key's position is given; for a list item, the
        item's. When the path does not exist, the nearest existing ancestor's
        position is returned (the document start for the empty path).
        """
        node = self._root
        pos = (1, 1)
        if isinstance(node, (CommentedMap, CommentedSeq)) and node.lc.line is not None:
            pos = (node.lc.line + 1, node.lc.col + 1)
        for step in path:
            if isinstance(node, CommentedMap):
                key = _find_key(node, step)
                if key is _MISSING:
                    break
                pos = _position(node.lc.key, key, pos)
                node = node[key]
            elif isinstance(node, CommentedSeq) and isinstance(step, int) and 0 <= step < len(node):
                pos = _position(node.lc.item, step, pos)
                node = node[step]
            else:
                break
        return pos

    def where(self, path: Path_ | list[Any] = ()) -> str:
        """``file:line:col`` for the node at ``path``."""
        line, col = self.locate(path)
        return f"{self.path}:{line}:{col}"


_MISSING = object()


def _position(lookup: Any, key: Any, fallback: tuple[int, int]) -> tuple[int, int]:
    """1-based ``(line, column)`` that ruamel's ``lookup`` (``lc.key`` / ``lc.item``) records for ``key``, or
    ``fallback`` when it recorded none."""
    try:
        line, col = lookup(key)
    except (KeyError, TypeError):
        return fallback
    return line + 1, col + 1


def _find_key(node: CommentedMap, step: Any) -> Any:
    if step in node:
        return step
    for key in node:  # plain data turns every key into str; match the original key
        if str(key) == str(step):
            return key
    return _MISSING


def load_yaml_file(path: str | os.PathLike[str]) -> LoadedYaml:
    """Read and parse the rule file at ``path``; see the module docstring for what is refused."""
    name = str(path)
    p = Path(path)
    try:
        if p.is_dir():
            raise YamlError("这是一个目录，不是 YAML 文件", where=name, hint="请给出 .yaml 文件路径", exit_code=EXIT_USAGE)
        info = p.stat()
        if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block or never end
            raise YamlError("这不是普通文件（管道、设备或套接字），不能作为规则文件读取", where=name,
                            hint="请给出磁盘上的 .yaml 文件", exit_code=EXIT_USAGE)
        size = info.st_size
        if size > MAX_BYTES:
            raise YamlError(
                f"文件过大（{size} 字节，上限 {MAX_BYTES} 字节）",
                where=name,
                hint="规则文件通常只有几 KB；请检查是否选错了文件",
            )
        with p.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise YamlError("文件不存在", where=name, hint="请检查路径是否拼写正确", exit_code=EXIT_USAGE) from None
    except PermissionError:
        raise YamlError("没有读取该文件的权限", where=name, hint="请检查文件权限", exit_code=EXIT_USAGE) from None
    except OSError as exc:
        raise YamlError(f"无法读取文件：{exc.strerror or exc}", where=name, hint="请检查路径", exit_code=EXIT_USAGE) from None
    return load_yaml_bytes(raw, name)


def load_yaml_bytes(raw: bytes, name: str = "<bytes>") -> LoadedYaml:
    """Decode UTF-8 ``raw`` (a BOM is allowed) and parse it like :func:`load_yaml_text`."""
    if len(raw) > MAX_BYTES:
        raise YamlError(
            f"文件过大（超过上限 {MAX_BYTES} 字节）", where=name, hint="规则文件通常只有几 KB；请检查是否选错了文件"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlError(
            f"文件不是 UTF-8 编码（第 {exc.start + 1} 字节 0x{raw[exc.start]:02x} 无法解码）",
            where=f"{name}:{line}:{col}", line=line, column=col,
            hint="请用 UTF-8 编码保存文件（GBK 等编码需先转换）",
        ) from None
    return load_yaml_text(text, name)


def load_yaml_text(text: str, name: str = "<text>") -> LoadedYaml:
    """Parse ``text`` as one YAML mapping; ``name`` is used in messages."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise YamlError(
            f"文件过大（超过上限 {MAX_BYTES} 字节）", where=name, hint="规则文件通常只有几 KB；请检查是否选错了文件"
        )
    if "\x00" in text:
        raise YamlError("文件含有 NUL 字符，不是文本文件", where=name, hint="请确认这是 YAML 文本文件")
    _screen_events(text, name)
    yaml = _yaml()
    try:
        root = yaml.load(text)
    except MarkedYAMLError as exc:
        raise _marked(exc, name) from None
    except YAMLError as exc:
        raise YamlError(f"YAML 无法解析：{exc}", where=name, hint="请检查 YAML 语法") from None
    except RecursionError:
        raise YamlError("YAML 嵌套过深", where=name, hint="请减少嵌套层数") from None
    if root is None:
        raise YamlError("文件为空（没有任何 YAML 内容）", where=f"{name}:1:1", line=1, column=1,
                        hint="规则文件的顶层应当是一个映射，例如 game: …")
    if not isinstance(root, CommentedMap):
        kind = "列表" if isinstance(root, CommentedSeq) else "标量"
        raise YamlError(
            f"顶层必须是映射（键: 值），这里是{kind}",
            where=f"{name}:1:1", line=1, column=1,
            hint="规则文件以 game:、deck: 等键开头，不要以 “- ” 开头",
        )
    return LoadedYaml(path=name, text=text, data=to_plain(root), _root=root)


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    return yaml


def _screen_events(text: str, name: str) -> None:
    """Refuse tags, alias bombs and oversized documents by looking at parser events only (nothing is
    constructed). The plain parser is used: it reads the same events without collecting comments."""
    yaml = YAML(typ="safe", pure=True)
    sizes: dict[str, int] = {}
    # one frame per open collection: [anchor, node count so far]
    stack: list[list[Any]] = [[None, 0]]
    aliases = 0
    total = 0
    try:
        for event in yaml.parse(io.StringIO(text)):
            if isinstance(event, (ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent)):
                tag = getattr(event, "tag", None)
                tag = getattr(tag, "value", tag)
                if tag and tag not in SAFE_TAGS and tag not in ("!", "?"):
                    shown = str(tag).replace("tag:yaml.org,2002:", "!!")
                    raise YamlError(
                        f"不允许使用 YAML 标签 {shown}（标签不会被执行，整个文件被拒绝）",
                        **_at(name, event.start_mark),
                        hint="规则文件只能包含普通的映射、列表和标量；删除以 ! 开头的标签",
                    )
            if isinstance(event, ev.ScalarEvent):
                bad = _SURROGATE.search(event.value)
                if bad:
                    raise YamlError(
                        f"字符串含有单独的代理码位 U+{ord(bad.group()):04X}，不是合法的 Unicode 字符",
                        **_at(name, event.start_mark),
                        hint="删除该转义（\\ud800–\\udfff 只能成对出现，表示一个 Unicode 字符）",
                    )
                if event.style is None and len(event.value) > MAX_NUMBER_CHARS and _NUMBER.match(event.value):
                    raise YamlError(
                        f"数字过长（{len(event.value)} 个字符，上限 {MAX_NUMBER_CHARS}）",
                        **_at(name, event.start_mark),
                        hint="规则文件里的数字都很小（番数、张数、分数）；请检查这个值",
                    )
                stack[-1][1] += 1
                total += 1
                if event.anchor:
                    sizes[event.anchor] = 1
                if total > MAX_NODES:
                    _too_many_nodes(name, event, aliases)
            elif isinstance(event, (ev.MappingStartEvent, ev.SequenceStartEvent)):
                stack.append([event.anchor, 1])
                total += 1
                if total > MAX_NODES:
                    _too_many_nodes(name, event, aliases)
                if len(stack) > MAX_DEPTH + 1:
                    raise YamlError(
                        f"嵌套层数超过 {MAX_DEPTH} 层",
                        **_at(name, event.start_mark),
                        hint="规则文件的嵌套通常不超过 6 层；请检查括号是否配对",
                    )
            elif isinstance(event, (ev.MappingEndEvent, ev.SequenceEndEvent)):
                anchor, count = stack.pop()
                stack[-1][1] += count
                if anchor:
                    sizes[anchor] = count
            elif isinstance(event, ev.AliasEvent):
                aliases += 1
                added = sizes.get(event.anchor, 1)
                stack[-1][1] += added
                total += added
                if aliases > MAX_ALIASES or total > MAX_NODES:
                    raise YamlError(
                        "别名（*引用）展开后过大，疑似“十亿笑声”别名炸弹，已拒绝",
                        **_at(name, event.start_mark),
                        hint=f"规则文件最多允许 {MAX_ALIASES} 个别名、展开后 {MAX_NODES} 个节点；请直接写出内容",
                    )
    except MarkedYAMLError as exc:
        raise _marked(exc, name) from None
    except YAMLError as exc:
        raise YamlError(f"YAML 无法解析：{exc}", where=name, hint="请检查 YAML 语法") from None


def _too_many_nodes(name: str, event: Any, aliases: int) -> None:
    if aliases:
        raise YamlError("别名（*引用）展开后过大，疑似“十亿笑声”别名炸弹，已拒绝", **_at(name, event.start_mark),
                        hint=f"规则文件最多允许 {MAX_ALIASES} 个别名、展开后 {MAX_NODES} 个节点；请直接写出内容")
    raise YamlError(f"文件内容过多：到这里已超过 {MAX_NODES} 个节点（映射、列表和值），不像一份规则文件",
                    **_at(name, event.start_mark),
                    hint=f"规则文件通常只有几百个节点（最大的目录文件不到 1000 个），番型表通常不超过 100 项；"
                         f"请检查是否选错了文件，或删去重复生成的内容（上限 {MAX_NODES} 个节点）")


def _at(name: str, mark: Any) -> dict[str, Any]:
    """``where``, ``line`` and ``column`` keyword arguments of a :class:`YamlError` at ``mark``."""
    if mark is None:
        return {"where": name}
    return {"where": _mark(name, mark), "line": mark.line + 1, "column": mark.column + 1}


def _mark(name: str, mark: Any) -> str:
    if mark is None:
        return name
    return f"{name}:{mark.line + 1}:{mark.column + 1}"


def _marked(exc: MarkedYAMLError, name: str) -> YamlError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or exc.context or "语法错误"
    text = str(problem)
    for english, chinese in _TRANSLATIONS:
        if english in text:
            text = f"{chinese}（{text}）"
            break
    if "duplicate key" in text or "found duplicate key" in str(exc):
        key = _duplicate_key(str(exc))
        return YamlError(
            f"重复的键 {key}".rstrip(),
            **_at(name, exc.problem_mark or mark),
            hint="同一映射中每个键只能出现一次；请合并或删除重复的键",
        )
    context = ""
    if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
        context = f"（{exc.context}，始于第 {exc.context_mark.line + 1} 行第 {exc.context_mark.column + 1} 列）"
    return YamlError(
        f"YAML 语法错误：{text}{context}",
        **_at(name, mark),
        hint="检查该行及上一行的缩进、冒号后的空格、引号和括号是否配对",
    )


_TRANSLATIONS = (
    ("found character '\\t'", "出现了制表符（Tab），YAML 缩进只能用空格"),
    ("mapping values are not allowed here", "这里不能出现“键: 值”：可能是缩进不对，或值里含冒号却没加引号"),
    ("could not find expected ':'", "缺少冒号：键后面要写“: ”"),
    ("found undefined alias", "引用了没有定义的锚点（*名字）"),
    ("but found another document", "文件只能有一个 YAML 文档，不要使用 ---"),
    ("found unexpected end of stream", "文件意外结束：引号或括号没有闭合"),
    ("expected <block end>, but found", "缩进不一致：同一层的键要对齐"),
    ("while scanning a quoted scalar", "引号没有闭合"),
)


def _duplicate_key(message: str) -> str:
    import re

    m = re.search(r'found duplicate key "([^"]*)"', message)
    return f"“{m.group(1)}”" if m else ""


def to_plain(node: Any) -> Any:
    """Convert ruamel round-trip values to plain dict/list/str/int/float/bool/None.

    Mapping keys become strings (JSON Schema only knows string keys); dates and
    times become ISO strings.
    """
    if isinstance(node, dict):
        return {_plain_key(k): to_plain(v) for k, v in node.items()}
    if isinstance(node, (list, tuple)):
        return [to_plain(v) for v in node]
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    if isinstance(node, str):
        return str(node)
    if isinstance(node, (_dt.date, _dt.datetime, _dt.time)):
        return node.isoformat()
    if hasattr(node, "value") and isinstance(getattr(node, "value"), str):  # TaggedScalar
        return str(node.value)
    return str(node)


def _plain_key(key: Any) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    plain = to_plain(key)
    return plain if isinstance(plain, str) else str(plain)


def dump_yaml(data: Any) -> str:
    """Block-style YAML for ``data``: keys in their order, Chinese kept as written, the configured API key
    masked in the data before serialising (so masking can never change the document's structure)."""
    yaml = YAML(typ="rt")
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.representer.add_representer(type(None), _represent_null)
    buf = io.StringIO()
    yaml.dump(_commented(redact_data(data)), buf)
    return buf.getvalue()


def _represent_null(representer: Any, _value: None) -> Any:
    return representer.represent_scalar("tag:yaml.org,2002:null", "null")


#: Characters YAML writes safely unquoted or in a ``|`` block; a string with any other (form feed, NEL,
#: line separators, BOM, a lone surrogate…) is written double-quoted, where ruamel escapes them.
_RISKY = re.compile(r"[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
#: A multi-line string a ``|`` block holds exactly: no leading blank, no blank before a line break.
_LITERAL_SAFE = re.compile(r"(?![ \t])(?:[^ \t]|[ \t](?!\n|$))*", re.DOTALL)


def as_comment(text: str) -> str:
    """``text`` as YAML comment lines (``# …``), characters YAML cannot hold written as ``\\uXXXX``."""
    lines = (_RISKY.sub(lambda m: f"\\u{ord(m.group()):04x}", line) for line in text.splitlines())
    return "\n".join(f"# {line}".rstrip() for line in lines)


def _commented(data: Any) -> Any:
    if isinstance(data, dict):
        out = CommentedMap()
        for k, v in data.items():
            out[DoubleQuotedScalarString(k) if isinstance(k, str) and _RISKY.search(k) else k] = _commented(v)
        return out
    if isinstance(data, (list, tuple)):
        return CommentedSeq(_commented(v) for v in data)
    if isinstance(data, str) and _RISKY.search(data):
        return DoubleQuotedScalarString(data)
    if isinstance(data, str) and "\n" in data.rstrip("\n") and _LITERAL_SAFE.fullmatch(data):
        return LiteralScalarString(data)  # multi-line text (descriptions) as a readable | block
    return data


def write_atomic(path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write ``content`` to ``path`` atomically (temp file in the same directory, fsync, os.replace).

    Text has the configured API key masked (:func:`dslgen.secrets.redact`): every file dslgen writes
    passes here, so no key reaches a draft, a report, an approval record or the catalog. An
    :class:`OSError` (a full disk, a file-size limit) leaves ``path`` as it was and names ``path``.
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    data = redact(content).encode("utf-8", "backslashreplace") if isinstance(content, str) else redact_bytes(content)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        exc.filename, exc.filename2 = str(target), None
        raise
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            try:
                os.chmod(tmp, target.stat().st_mode & 0o777)
            except OSError:
                pass
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):  # name the file being written, not the temporary file (or nothing)
            exc.filename, exc.filename2 = str(target), None
        raise
