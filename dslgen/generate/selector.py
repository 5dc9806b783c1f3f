"""A langchain example selector that ranks examples by character n-gram similarity.

No embedding service is needed: :mod:`dslgen.generate.similarity` does the scoring. Kept apart from
that module so commands that only need a similarity score do not import langchain.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from langchain_core.example_selectors import BaseExampleSelector

from dslgen.generate.similarity import cosine, profile


class NgramExampleSelector(BaseExampleSelector):
    """Selects the ``k`` examples whose ``input_key`` text is most similar to the input.

    Ties are broken by the example's position, so the choice is deterministic.
    """

    def __init__(self, examples: list[dict[str, Any]], k: int = 2, input_key: str = "description"):
        self.examples: list[dict[str, Any]] = []
        self._profiles: list[Counter] = []
        self.k = k
        self.input_key = input_key
        for example in examples:
            self.add_example(example)

    def add_example(self, example: dict[str, Any]) -> None:
        """Add one example (a mapping with at least ``input_key``)."""
        self.examples.append(example)
        self._profiles.append(profile(str(example.get(self.input_key, ""))))

    def ranked(self, text: str) -> list[tuple[float, dict[str, Any]]]:
        """Every example with its similarity to ``text``, best first."""
        query = profile(text)
        scored = [(cosine(query, p), -i, e) for i, (p, e) in enumerate(zip(self._profiles, self.examples))]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(s, e) for s, _, e in scored]

    def select_examples(self, input_variables: dict[str, str]) -> list[dict[str, Any]]:
        """The ``k`` most similar examples to ``input_variables[input_key]``."""
        text = str(input_variables.get(self.input_key, ""))
        return [e for _, e in self.ranked(text)[: self.k]]
