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
