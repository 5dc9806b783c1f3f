"""Which catalog variant a draft is compared with.

Order of preference: the file given with ``--against``; for a catalog file
edited since its approval, the approved text kept in its approval record; else
the catalog's previous version of the same variant (same ``meta.id`` or file
stem); else a variant of the same family (ids sharing their first word:
``sichuan`` and ``sichuan_xuezhan``), the most similar of them; else the catalog
variant whose description is most similar (the generator's character n-gram
cosine, which needs no word segmentation for Chinese) when it is at least
:data:`MIN_SIMILARITY` similar — a weakly similar variant is no baseline (a generic
推倒胡 compared with 南昌 misleads more than it helps). The target itself is never
its own baseline.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from dslgen.errors import UsageError
from dslgen.generate.similarity import similarity
from dslgen.rulefile.yamlio import YamlError, load_yaml_file

#: Below this description similarity a catalog variant is not offered as the baseline.
MIN_SIMILARITY = 0.2
SCHEMA_LINE = "# yaml-language-server: $schema=../schemas/mahjong-dsl.schema.json"


@dataclass
class RuleDoc:
    """A rule file as text and plain data."""

    path: Path
    text: str
    data: dict

    @property
    def id(self) -> str:
        """``meta.id``, else the file stem."""
        return variant_id(self.data, self.path)

    @property
    def description(self) -> str:
        """``meta.description`` (empty when absent)."""
        meta = self.data.get("meta") if isinstance(self.data, Mapping) else None
        return str((meta or {}).get("description") or "")

    @property
    def name(self) -> str:
        """``game.name`` (empty when absent)."""
        game = self.data.get("game") if isinstance(self.data, Mapping) else None
        return str((game or {}).get("name") or "") if isinstance(game, Mapping) else ""


@dataclass
class Baseline:
    """The chosen baseline and why: ``against``, ``approved``, ``previous``, ``family`` or ``similar``."""

    doc: RuleDoc
    reason: str
    similarity: float | None = None

    @property
    def label(self) -> str:
        """Chinese explanation of the choice, for the report."""
        if self.reason == "against":
            return f"指定的基准文件 {self.doc.path}"
        if self.reason == "previous":
            return f"目录中同一玩法的上一版本 {self.doc.path}"
        if self.reason == "approved":
            return f"{self.doc.path} 批准时的版本"
        if self.reason == "family":
            return f"目录中同一地方的玩法 {self.doc.path}（id 以 {self.doc.id.split('_')[0]} 开头，描述相似度 {self.similarity:.2f}）"
        return f"目录中描述最相似的玩法 {self.doc.path}（相似度 {self.similarity:.2f}）"

    def to_dict(self) -> dict[str, Any]:
        """Plain mapping for JSON."""
        return {"path": str(self.doc.path), "id": self.doc.id, "name": self.doc.name, "reason": self.reason,
                "similarity": self.similarity, "label": self.label}


def variant_id(data: Any, path: Path | None = None) -> str:
    """The variant id: ``meta.id`` when set, else the file stem."""
    meta = data.get("meta") if isinstance(data, Mapping) else None
    if isinstance(meta, Mapping) and meta.get("id"):
        return str(meta["id"])
    return path.stem if path is not None else ""


def read_rule_doc(path: str | Path) -> RuleDoc:
    """Load a rule file (safe YAML) as a :class:`RuleDoc`."""
    loaded = load_yaml_file(path)
    return RuleDoc(Path(path), loaded.text, loaded.data if isinstance(loaded.data, dict) else {})


def catalog_files(catalog: str | Path) -> list[Path]:
    """The rule files of a catalog folder (top level ``*.yaml`` / ``*.yml``), sorted by name."""
    root = Path(catalog)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_file() and p.suffix in (".yaml", ".yml"))


def catalog_docs(catalog: str | Path) -> list[RuleDoc]:
    """Every readable rule file of the catalog (unreadable ones are left out; ``catalog verify`` names them)."""
    docs = []
    for path in catalog_files(catalog):
        try:
            docs.append(read_rule_doc(path))
        except YamlError:
            continue
    return docs


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _approved_version(target: RuleDoc, catalog: Path) -> Baseline | None:
    """For a catalog file edited since its approval: the approved text kept in the approval record."""
    from dslgen.review.approvals import load_approval
    from dslgen.rulefile.yamlio import load_yaml_text

    if not _same_file(target.path.parent, catalog):
        return None
    record = load_approval(catalog, target.path.stem)
    content = record.get("content") if record else None
    if not isinstance(content, str) or content == target.text:
        return None
    try:
        data = load_yaml_text(content, f"{target.path}（批准时）").data
    except YamlError:
        return None
    return Baseline(RuleDoc(target.path, content, data if isinstance(data, dict) else {}), "approved")


def find_baseline(target: RuleDoc, catalog: str | Path | None, against: str | Path | None = None) -> Baseline | None:
    """The baseline for ``target`` (see the module docstring), or None when the catalog offers none."""
    if against:
        if not Path(against).is_file():
            raise UsageError(f"基准文件不存在：{against}", where="--against", hint="请给出一个规则 YAML 文件")
        return Baseline(read_rule_doc(against), "against")
    if not catalog:
        return None
    approved = _approved_version(target, Path(catalog))
    if approved is not None:
        return approved
    docs = [d for d in catalog_docs(catalog) if not _same_file(d.path, target.path)]
    tid = target.id
    for doc in docs:
        if doc.path.stem == tid or doc.id == tid:
            return Baseline(doc, "previous")
    text = target.description or target.name
    scored = sorted(((similarity(text, d.description or d.name), d.path.name, d) for d in docs),
                    key=lambda t: (-t[0], t[1]))
    family = tid.split("_")[0]
    kin = [t for t in scored if family and t[2].id.split("_")[0] == family]
    if kin:
        return Baseline(kin[0][2], "family", round(kin[0][0], 4))
    if not scored or scored[0][0] < MIN_SIMILARITY:
        return None
    score, _, doc = scored[0]
    return Baseline(doc, "similar", round(score, 4))
