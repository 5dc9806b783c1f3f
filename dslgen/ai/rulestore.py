"""Rule files for the decision service, kept as immutable versions: catalog id + sha256, or inline text.

:class:`RuleStore` loads every approved catalog variant once. A version is the engine's (immutable)
:class:`engine.rules.Rules` built from the exact bytes whose sha256 the approval record names, and it
stays in memory for the life of the server. :meth:`RuleStore.reload` looks at the catalog again: a
newly approved version becomes the one a request naming only the id gets, while a request naming the
old version's sha256 still gets the old one (热切换: games that started on it finish on it). A catalog
file edited after approval is not served; its approved content (kept in the record) is.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from engine.rules import Rules

from dslgen.errors import DslgenError, EXIT_FINDINGS, UsageError

#: Inline rule files kept (by sha256) between requests.
INLINE_KEEP = 32


class RulesNotFound(DslgenError):
    """A request named a variant or version the store does not hold (HTTP 404)."""

    exit_code = EXIT_FINDINGS
    status = 404


class RulesInvalid(DslgenError):
    """Inline rules that do not load (HTTP 422)."""

    exit_code = EXIT_FINDINGS
    status = 422


@dataclass(frozen=True)
class RuleVersion:
    """One loaded version of a variant: never changed after loading."""

    id: str
    sha256: str
    rules: Rules
    name: str = ""
    source: str = "catalog"
    approved_at: str = ""
    #: the fan table (name, base fan) for the model's prompt
    fans: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    def ref(self) -> dict:
        """``{"id", "version"}``: how a response names the rules it used."""
        return {"id": self.id, "version": self.sha256, "name": self.name, "source": self.source}


def sha256_text(text: str) -> str:
    """The sha256 (hex) of ``text`` as UTF-8 bytes: the version of an inline rule file."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _version(id_: str, text: str, sha: str, *, source: str, where: str, approved_at: str = "") -> RuleVersion:
    from dslgen.rulefile import load_rules_text

    rf = load_rules_text(text, where)
    data = rf.data
    game = data.get("game") if isinstance(data, dict) else None
    fans = tuple((str(f.get("name")), int(f.get("base_fan") or 0)) for f in data.get("fan_types") or []
                 if isinstance(f, dict) and f.get("name"))
    return RuleVersion(id_, sha, rf.rules, str((game or {}).get("name") or id_), source, approved_at, fans)


class RuleStore:
    """Approved catalog variants by id and sha256, plus inline rule files; thread-safe."""

    def __init__(self, catalog: str | Path | None, *, preload: bool = True):
        self.catalog = Path(catalog) if catalog is not None else None
        self.preload = preload
        self._lock = threading.Lock()
        self._versions: dict[tuple[str, str], RuleVersion] = {}
        #: approved texts not built yet (``preload=False``): (id, sha256) -> (text, file, approved_at)
        self._pending: dict[tuple[str, str], tuple[str, str, str]] = {}
        self._current: dict[str, str] = {}
        self._inline: OrderedDict[str, RuleVersion] = OrderedDict()
        #: per variant id, why it is not served (a file edited without approval, a rule file that does not load)
        self.problems: dict[str, str] = {}
        if self.catalog is not None:
            if not self.catalog.is_dir():
                raise UsageError("玩法目录不存在", where=str(self.catalog), hint="用 --catalog 指定已有的玩法目录")
            self.reload()

    def reload(self) -> dict:
        """Look at the catalog again; returns ``{"current": {id: sha256}, "added": [[id, sha256]…], "problems"}``."""
        from dslgen.review.approvals import load_approval, sha256_bytes
        from dslgen.review.catalog import inspect

        if self.catalog is None:
            return {"current": {}, "added": [], "problems": {}}
        added, current, problems = [], {}, {}
        for entry in inspect(self.catalog):
            text = None
            if entry.status == "ok":
                data = Path(entry.file).read_bytes()
                if sha256_bytes(data) == entry.approved_sha256:
                    text = data.decode("utf-8")
            elif entry.status == "modified":
                record = load_approval(self.catalog, entry.id) or {}
                content = record.get("content")
                if isinstance(content, str) and sha256_bytes(content.encode("utf-8")) == entry.approved_sha256:
                    text = content
                problems[entry.id] = f"{entry.message}；提供的是批准时的内容"
            else:
                problems[entry.id] = entry.message
            if text is None:
                continue
            key = (entry.id, entry.approved_sha256)
            with self._lock:
                known = key in self._versions or key in self._pending
            if not known:
                if self.preload:
                    try:
                        self._build(key, (text, entry.file, entry.approved_at))
                    except DslgenError as exc:
                        problems[entry.id] = f"规则文件无法加载：{exc.message}"
                        continue
                else:
                    with self._lock:
                        self._pending[key] = (text, entry.file, entry.approved_at)
                added.append([entry.id, entry.approved_sha256])
            current[entry.id] = entry.approved_sha256
        with self._lock:
            self._current = current
            self.problems = problems
        return {"current": dict(current), "added": added, "problems": dict(problems)}

    def _build(self, key: tuple[str, str], pending: tuple[str, str, str]) -> RuleVersion:
        text, where, approved_at = pending
        version = _version(key[0], text, key[1], source="catalog", where=where, approved_at=approved_at)
        with self._lock:
            self._versions[key] = version
            self._pending.pop(key, None)
        return version

    def _find(self, key: tuple[str, str]) -> RuleVersion | None:
        with self._lock:
            found, pending = self._versions.get(key), self._pending.get(key)
        if found is None and pending is not None:
            try:
                found = self._build(key, pending)
            except DslgenError as exc:
                raise RulesNotFound(f"玩法 {key[0]} 的规则文件无法加载：{exc.message}", where="rules.id",
                                    hint=f"运行 dslgen check {pending[1]} 查看问题") from None
        return found

    def get(self, id_: str, version: str | None = None) -> RuleVersion:
        """The version ``version`` (sha256) of variant ``id_``, or its current approved version."""
        with self._lock:
            sha = version or self._current.get(id_)
            ids = sorted(self._current)
        found = self._find((id_, sha)) if sha else None
        if found is None and version is not None:
            self.reload()  # a version approved since the last look
            found = self._find((id_, version))
        if found is not None:
            return found
        with self._lock:
            known = any(k[0] == id_ for k in (*self._versions, *self._pending))
        if version is None or not known:
            why = self.problems.get(id_)
            raise RulesNotFound(f"没有已批准的玩法 {id_!r}" + (f"（{why}）" if why else ""), where="rules.id",
                                hint="可用的玩法：" + ("、".join(ids) if ids else "（无）"))
        raise RulesNotFound(f"玩法 {id_} 没有 sha256 为 {version[:12]}… 的版本", where="rules.version",
                            hint=f"当前批准的版本是 {self._current.get(id_, '（无）')}；省略 version 即用当前版本")

    def inline(self, text: str) -> RuleVersion:
        """The version of an inline rule file (YAML text); raises :class:`RulesInvalid` when it does not load."""
        sha = sha256_text(text)
        with self._lock:
            hit = self._inline.get(sha)
            if hit is not None:
                self._inline.move_to_end(sha)
                return hit
        try:
            version = _version("inline", text, sha, source="inline", where="rules.inline")
        except DslgenError as exc:
            raise RulesInvalid(exc.message, where=exc.where or "rules.inline", hint=exc.hint) from None
        with self._lock:
            self._inline[sha] = version
            while len(self._inline) > INLINE_KEEP:
                self._inline.popitem(last=False)
        return version

    def listing(self) -> list[dict]:
        """Every loaded catalog version: id, sha256, name, whether it is current."""
        with self._lock:
            pending = list(self._pending)
        for key in pending:
            self._find(key)
        with self._lock:
            return [{**v.ref(), "current": self._current.get(v.id) == v.sha256, "approved_at": v.approved_at}
                    for v in sorted(self._versions.values(), key=lambda v: (v.id, v.approved_at))]
