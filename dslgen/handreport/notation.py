"""Tile notation the ``hand`` command reads beyond the engine's own: ``z`` for honors, as the ``mahjong``
package and tenhou write them (``1z`` 东 ``2z`` 南 ``3z`` 西 ``4z`` 北 ``5z`` 白 ``6z`` 发 ``7z`` 中)."""

from __future__ import annotations

import re

from engine import tiles as T

#: Honor characters in tenhou's order of ``1z`` … ``7z``.
Z_HONORS = "东南西北白发中"
_Z_GROUP = re.compile(r"(\d+)[zZ]")


def honors_from_z(text: str) -> str:
    """``123m111z77z`` → ``123m东东东中中``; a rank outside 1–7 raises :class:`engine.tiles.TileParseError`."""

    def spell(match: re.Match[str]) -> str:
        """One ``…z`` group as honor characters."""
        out = []
        for offset, digit in enumerate(match.group(1)):
            if digit not in "1234567":
                raise T.TileParseError(text, match.start() + offset, "字牌 z 的点数是 1-7（1z 东 2z 南 3z 西 4z 北 5z 白 6z 发 7z 中）")
            out.append(Z_HONORS[int(digit) - 1])
        return "".join(out)

    return _Z_GROUP.sub(spell, text)


def parse_tiles(text: str) -> list[int]:
    """:func:`engine.tiles.parse_tiles` after :func:`honors_from_z`."""
    return T.parse_tiles(honors_from_z(text))


#: suit letter -> the engine code of its five (``0m`` / ``0p`` / ``0s`` write the red five of the suit)
_FIVE = {"m": 5, "s": 15, "p": 25}
_SUITED_GROUP = re.compile(r"(\d+)([mpsMPS])")


def split_marked(text: str) -> tuple[str, tuple[int, ...]]:
    """Red fives written ``0m`` / ``0p`` / ``0s`` (as tenhou and the ``mahjong`` package write them): the text
    with each 0 read as a 5, and the code of each such five (the marked copies, ``marked`` in expressions)."""
    marked: list[int] = []

    def five(match: re.Match[str]) -> str:
        digits, suit = match.group(1), match.group(2)
        marked.extend([_FIVE[suit.lower()]] * digits.count("0"))
        return digits.replace("0", "5") + suit

    return _SUITED_GROUP.sub(five, text or ""), tuple(marked)
