"""The few-shot pool: description → rule file pairs from the catalog (``dsl-examples/*.yaml``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from dslgen import resources
from dslgen.errors import DslgenError, UsageError
from dslgen.rulefile.yamlio import dump_yaml, load_yaml_file

#: The catalog shipped with the package (``dsl-examples/`` in a source checkout).
DEFAULT_CATALOG = resources.CATALOG_DIR


@dataclass(frozen=True)
class Example:
    """One catalog variant: its id (file stem), description, and rule data without ``meta``."""

    id: str
    description: str
    data: dict[str, Any] = field(repr=False)

    @cached_property
    def yaml(self) -> str:
        """The rule file as YAML, without the ``meta`` block."""
        return dump_yaml(self.data)

    def as_dict(self) -> dict[str, Any]:
        """Mapping form used by the langchain example selector."""
        return {"id": self.id, "description": self.description, "example": self}

    @property
    def name(self) -> str:
        """The variant's ``game.name`` (``""`` when the file has none)."""
        game = self.data.get("game")
        return str(game.get("name") or "") if isinstance(game, dict) else ""

    @property
    def title(self) -> str:
        """The variant's full name: ``game.name`` with the bracketed subtitle its description opens with, if any
        (``国标麻将（中国麻将竞赛规则）。……`` → ``国标麻将（中国麻将竞赛规则）``)."""
        if not self.name:
            return ""
        m = re.match(re.escape(self.name) + r"\s*([（(][^（()）]{1,30}[）)])", self.description.strip())
        return self.name + m.group(1) if m else self.name


def name_core(name: str) -> str:
    """The distinctive part of a variant name: without its bracketed parts and the word 麻将 / 麻雀
    (``国标麻将（中国麻将竞赛规则）`` → ``国标``, ``转转麻将（红中玩法）`` → ``转转``, ``卡五星`` → ``卡五星``)."""
    return re.sub(r"麻将|麻雀|\s", "", re.sub(r"[（(][^）)]*[）)]", "", name))


def named_in(name: str, pool: list[Example]) -> list[Example]:
    """The variants of ``pool`` that the description name ``name`` names: the variant's name core occurs in
    ``name`` as a whole word, followed by 麻将 / 麻雀, a bracket or the end (``中国国标麻将`` names 国标麻将;
    ``红中麻将`` does not name 红中癞子麻将, nor ``长沙红中麻将`` 长沙麻将). Longest core first."""
    found = []
    for example in pool:
        core = name_core(example.name)
        if len(core) >= 2 and re.search(re.escape(core) + r"(?:麻将|麻雀|[（(]|\s*$)", name or ""):
            found.append((len(core), example))
    found.sort(key=lambda pair: -pair[0])
    return [example for _, example in found]


def catalog_dir(path: str | os.PathLike[str] | None = None) -> Path:
    """The catalog folder: ``path``, else ``DSLGEN_CATALOG``, else the catalog shipped with the package
    (:data:`dslgen.resources.CATALOG_DIR`, the repository's ``dsl-examples/`` in a checkout)."""
    return Path(path or os.environ.get("DSLGEN_CATALOG") or DEFAULT_CATALOG)


def _inside(folder: Path, parent: Path) -> bool:
    try:
        return folder.resolve().is_relative_to(parent.resolve())
    except OSError:
        return False


def writable_catalog_dir(path: str | os.PathLike[str] | None = None, *, command: str = "approve") -> Path:
    """The catalog folder a writing command (approve, reject, serve) uses: :func:`catalog_dir`, except that
    the packaged default is refused when it lies inside the installed package (a wheel install, where it
    would write into site-packages). In a source checkout the packaged catalog is a link to the repository's
    ``dsl-examples/``, outside the package folder, so it stays the default there."""
    folder = catalog_dir(path)
    if path or os.environ.get("DSLGEN_CATALOG"):
        return folder
    if _inside(DEFAULT_CATALOG, resources.PACKAGE_DIR):
        raise UsageError(f"没有指定玩法目录：默认目录是安装包自带的玩法目录，dslgen {command} 不会写入安装包内部",
                         where=str(folder),
                         hint="用 --catalog 指定工作室的玩法目录（例如 --catalog dsl-examples/），"
                              "或设置环境变量 DSLGEN_CATALOG")
    return folder


def load_examples(path: str | os.PathLike[str] | None = None) -> list[Example]:
    """Every catalog file that has a ``meta.description``, sorted by id. Unreadable files are skipped."""
    folder = catalog_dir(path)
    result = []
    for file in sorted(folder.glob("*.yaml")):
        try:
            loaded = load_yaml_file(file)
        except DslgenError:
            continue
        data = loaded.data if isinstance(loaded.data, dict) else {}
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        description = str(meta.get("description") or "").strip()
        if not description:
            continue
        rules = {k: v for k, v in data.items() if k != "meta"}
        result.append(Example(id=file.stem, description=description, data=rules))
    return result
