"""Real writing as the reader reads it: traditional characters, full-width forms and a leading BOM.

Rule pages are written in traditional as often as in simplified characters, with full-width digits
(``１６張``) and letters, and files saved by some editors begin with a UTF-8 byte-order mark. The reader's
wordings are simplified Chinese with ASCII digits; :func:`plain` turns a text into that form with OpenCC's
maintained conversion data (``opencc-python-reimplemented``), character for character where it can, so a
clause of the plain text can be cited in the author's own words (:func:`original_of`).
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Full-width ASCII digits, letters and the signs rule tables use (``１６``, ``Ｘ２``, ``＋``, ``％``).
_WIDE = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)
         if chr(code - 0xFEE0).isalnum() or chr(code - 0xFEE0) in "+*%=/-"}
_WIDE[0x3000] = 0x20  # the ideographic space


@lru_cache(maxsize=1)
def _converter():
    from opencc import OpenCC

    return OpenCC("t2s")


def simplified(text: str) -> str:
    """``text`` in simplified characters (OpenCC ``t2s``; a text already simplified is unchanged)."""
    if not text or not re.search(r"[\u3400-\u9fff]", text):
        return text
    return _converter().convert(text)


def without_bom(text: str) -> str:
    """``text`` without a leading UTF-8 byte-order mark."""
    return text[1:] if text.startswith("\ufeff") else text


#: A romanisation gloss right after a character (``規(gui)則``, ``萬(wan)``): a reading aid, not the author's rule text.
_GLOSS = re.compile(r"(?<=[\u3400-\u9fff])[（(][a-zA-Zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüê]{1,6}[1-5]?[)）]")


def without_glosses(text: str) -> str:
    """``text`` without romanisation glosses after characters (``可以(yi)碰`` → ``可以碰``); a page that glosses
    at most once (one ``(ok)`` after a word is more likely the author's own) is left as it is."""
    return _GLOSS.sub("", text) if len(_GLOSS.findall(text)) >= 3 else text


def gloss_free(text: str) -> tuple[str, list[int]]:
    """``(text without glosses, where each of its characters stands in text)``: see :func:`without_glosses`."""
    if without_glosses(text) == text:
        return text, list(range(len(text)))
    kept, index, at = [], [], 0
    for m in _GLOSS.finditer(text):
        kept.append(text[at:m.start()])
        index.extend(range(at, m.start()))
        at = m.end()
    kept.append(text[at:])
    index.extend(range(at, len(text)))
    return "".join(kept), index


def as_written(text: str) -> str:
    """The author's text as the reader cites it: no BOM, no romanisation glosses (:func:`without_glosses`)."""
    return without_glosses(without_bom(text))


def plain(text: str) -> str:
    """The text as the reader's wordings are written: no BOM, no glosses, simplified characters, ASCII digits
    and letters."""
    return simplified(as_written(text)).translate(_WIDE)


def aligned(original: str, converted: str) -> bool:
    """True when ``converted`` is ``original`` changed character for character (the same length, line by line)."""
    return len(original) == len(converted) and original.count("\n") == converted.count("\n")


def original_of(pieces: list[str], original_pieces: list[str]) -> dict[str, str]:
    """Each plain piece → the author's piece at the same place, when the two cuts line up one to one."""
    if len(pieces) != len(original_pieces):
        return {}
    out: dict[str, str] = {}
    for piece, source in zip(pieces, original_pieces):
        if len(piece) == len(source):
            out.setdefault(piece, source)
    return out
