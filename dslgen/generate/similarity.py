"""Character n-gram similarity of two texts (no embedding service; no heavy imports).

Chinese has no spaces, so words are not a useful unit; overlapping character bigrams and trigrams of
the text with punctuation removed capture "红中癞子" / "258将" / "血战到底" well enough to rank a
handful of catalog variants.
"""

from __future__ import annotations

import math
import re
from collections import Counter
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


def rank(query: str, texts: list[str]) -> list[int]:
    """Indexes of ``texts`` from most to least similar to ``query`` (ties keep their order)."""
    q = profile(query)
    scores = [cosine(q, profile(t)) for t in texts]
    return sorted(range(len(texts)), key=lambda i: (-scores[i], i))
