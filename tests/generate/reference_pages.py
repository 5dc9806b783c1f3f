"""Shared steps of the reference-page tests (``test_reference_*.py``): draft a page offline, index its value
rows by field, and check that a value is stated by the very sentence of the page that states it."""

from __future__ import annotations

from typing import Any

from dslgen.generate.drafter import draft_offline
from dslgen.generate.examples import load_examples
from dslgen.generate.provenance import value_sources


def rows_of(draft: Any, text: str, assumed_from: str | None = None) -> dict[str, dict[str, Any]]:
    """The value rows of an offline ``draft`` of ``text``, by field."""
    rows = value_sources(draft.data, draft.facts, text, assumed_from=assumed_from or draft.base)["rows"]
    return {r["field"]: r for r in rows}


def drafted(text: str) -> tuple[Any, dict[str, dict[str, Any]]]:
    """``(draft, rows by field)`` of ``text`` drafted offline from the packaged catalog."""
    draft = draft_offline(text, load_examples())
    return draft, rows_of(draft, text)


def assert_stated(rows: dict[str, dict[str, Any]], text: str, field: str, value: Any, sentence: str) -> None:
    """``field`` holds ``value``, stated by ``sentence``, whose span is exactly that sentence of ``text``."""
    row = rows[field]
    assert (row["value"], row["source"], row["sentence"]) == (value, "stated", sentence)
    assert text[row["span"][0]:row["span"][1]] == sentence


def unsourced(rows: dict[str, dict[str, Any]]) -> list[str]:
    """The fields stated without a sentence (always none)."""
    return [f for f, r in rows.items() if r["source"] == "stated" and not r["sentence"]]


def new_offline(text: str, out: Any) -> dict[str, Any]:
    """``dslgen new`` on ``text`` with the offline drafter and 20 games, drafted into ``out``: its result."""
    from dslgen.generate.pipeline import NewOptions, run_new

    return run_new(NewOptions(description=text, provider="offline", games=20, jobs=1, out=str(out)))


def assert_cited(result: dict[str, Any], stated: dict[str, tuple[Any, str]]) -> None:
    """Each field of ``stated`` (field → (value, sentence)) is stated by its sentence in ``new``'s ``result``."""
    rows = {r["field"]: r for r in result["value_sources"]["rows"]}
    for field, (value, sentence) in stated.items():
        assert (rows[field]["value"], rows[field]["source"], rows[field]["sentence"]) == (value, "stated", sentence)
