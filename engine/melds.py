"""Exposed and concealed melds declared during play (吃 碰 明杠 暗杠 加杠)."""

from __future__ import annotations

from dataclasses import dataclass

CHOW, PUNG, KONG, ANKONG = "chow", "pung", "kong", "ankong"
MELD_KINDS = (CHOW, PUNG, KONG, ANKONG)


@dataclass(frozen=True)
class Meld:
    """A declared meld. ``tiles`` are the real tiles laid down (a wild tile keeps its own code).

    ``kind``: ``chow`` (吃), ``pung`` (碰), ``kong`` (明杠 or 加杠), ``ankong`` (暗杠).
    ``claimed`` is the tile taken from a discard, ``from_seat`` who discarded it.
    """

    kind: str
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None

    @property
    def is_kong(self) -> bool:
        """True for 明杠, 加杠 and 暗杠."""
        return self.kind in (KONG, ANKONG)

    @property
    def is_concealed(self) -> bool:
        """Only an 暗杠 keeps the hand concealed (门前清)."""
        return self.kind == ANKONG

    @property
    def base(self) -> int:
        """The lowest tile: the first of a chow, the repeated tile of a pung or kong."""
        return min(self.tiles)
