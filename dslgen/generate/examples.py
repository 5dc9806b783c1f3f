"""The few-shot pool: description → rule file pairs from the catalog (``dsl-examples/*.yaml``)."""

from __future__ import annotations

import os
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
