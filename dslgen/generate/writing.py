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


def plain(text: str) -> str:
    """The text as the reader's wordings are written: no BOM, simplified characters, ASCII digits and letters."""
    return simplified(without_bom(text)).translate(_WIDE)


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
