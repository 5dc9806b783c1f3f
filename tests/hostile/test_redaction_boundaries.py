"""Issue 19.1 remainder: the configured key leaves the process nowhere — not through the approval copy and
its record, not through a file written as bytes, not through the workbench's HTTP responses.

The approval copy used to write the stamped rule file as bytes, which ``write_atomic`` passed through
unmasked: a hand-edited file holding the key reached the catalog, its record and the journal.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from dslgen.review import approvals
from dslgen.review.catalog import inspect
from dslgen.secrets import MASK, redact_bytes
from dslgen.rulefile.yamlio import load_yaml_file, write_atomic

ROOT = Path(__file__).resolve().parents[2]
KEY = "sk-test-Zq81xLmn0PQ42rstUV"


@pytest.fixture
def key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    return KEY


def _with_key(tmp_path: Path) -> Path:
    text = (ROOT / "dsl-examples" / "hongzhong_laizi.yaml").read_text(encoding="utf-8")
    text = text.replace("id: hongzhong_laizi", "id: leaky", 1)
    assert "id: leaky" in text
    text = f"# pasted by mistake: {KEY}\n" + text.replace("description: ", f"description: {KEY} ", 1)
    path = tmp_path / "leaky.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bytes_written_to_files_are_masked(tmp_path, key):
    target = tmp_path / "out.bin"
    write_atomic(target, f"x {key} y".encode())
    assert target.read_bytes() == f"x {MASK} y".encode()
    assert redact_bytes(b"\xff\xfe" + key.encode()) == b"\xff\xfe" + MASK.encode()  # not UTF-8: still masked


def test_the_approval_copy_and_record_never_hold_the_key(tmp_path, key):
    source = _with_key(tmp_path)
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    record = approvals.approve(source, reviewer="张三", note=f"note {key}", catalog=catalog, force=True,
                               games=4, jobs=1)
    copied = (catalog / "leaky.yaml").read_bytes()
    assert key.encode() not in copied and MASK.encode() in copied
    assert load_yaml_file(catalog / "leaky.yaml").data["meta"]["id"] == "leaky"  # still a valid rule file
    on_disk = (catalog / "approvals" / "leaky.json").read_text(encoding="utf-8")
    assert key not in on_disk, on_disk[-400:]
    stored = json.loads(on_disk)
    assert stored["masked_secret"] is True and record["masked_secret"] is True
    assert stored["sha256"] == hashlib.sha256(copied).hexdigest()  # the record binds the masked bytes
    assert not list((catalog / "approvals").glob(".pending-*"))
    assert all(key not in p.read_text(encoding="utf-8", errors="replace") for p in catalog.rglob("*") if p.is_file())
    (entry,) = inspect(catalog)
    assert entry.status == "ok", entry.message  # catalog verify: as approved


def test_a_rejection_record_never_holds_the_key(tmp_path, key):
    source = _with_key(tmp_path)
    approvals.reject(source, reviewer="李四", reason=f"含有密钥 {key}")
    written = approvals.rejection_path(source).read_text(encoding="utf-8")
    assert key not in written and MASK in written


def test_workbench_responses_are_masked(tmp_path, key):
    from starlette.testclient import TestClient

    from dslgen.web.app import create_app

    catalog, drafts = tmp_path / "catalog", tmp_path / "drafts"
    catalog.mkdir()
    drafts.mkdir()
    shutil.copy(_with_key(tmp_path), catalog / "leaky.yaml")
    client = TestClient(create_app(catalog, drafts), base_url="http://127.0.0.1")
    page = client.get("/catalog/leaky")
    assert page.status_code == 200
    assert key not in page.text and MASK in page.text
    assert int(page.headers["content-length"]) == len(page.content)
    assert key not in client.get("/").text
