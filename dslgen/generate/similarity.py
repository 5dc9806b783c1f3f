"""Character n-gram similarity, and a langchain example selector built on it (no embedding service).

Chinese has no spaces, so words are not a useful unit; overlapping character bigrams and trigrams of
the text with punctuation removed capture "红中癞子" / "258将" / "血战到底" well enough to rank a
handful of catalog variants.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from langchain_core.example_selectors import BaseExampleSelector

_NOISE = re.compile(r"[\s，。、；：:;,.!！？?（）()\[\]【】“”\"'《》\-—·]+")


def profile(text: str, sizes: tuple[int, ...] = (2, 3)) -> Counter:
    """Counts of the character n-grams of ``text`` (punctuation and spaces removed)."""
    clean = _NOISE.sub("", text.lower())
    grams: Counter = Counter()
    for n in sizes:
        grams.update(clean[i:i + n] for i in range(len(clean) - n + 1))
    return grams


def cosine(a: Counter, b: Counter) -> float:
    """Cosine similarity of two n-gram profiles (0 when either is empty)."""
    if not a or not b:
        return 0.0
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    return dot / (math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values())))


def similarity(a: str, b: str) -> float:
    """Cosine similarity of the n-gram profiles of two texts."""
    return cosine(profile(a), profile(b))


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
