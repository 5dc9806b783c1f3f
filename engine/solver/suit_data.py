"""Shipped shanten profiles of every suit pattern of at most 14 tiles.

A simulation meets tens of thousands of distinct suit patterns (nine counts) and
:mod:`engine.solver.tables` would otherwise build each one's profile by recursion
the first time it is seen, in every process. The profiles are a pure function of
the pattern, so they are computed once, by that same recursion, and shipped as
package data (``suit_profiles.bin`` beside this module, read through
:mod:`importlib.resources`): the distinct profiles, then for every pattern the
index of its profile with and without the four-copy limit.

Regenerate with ``dslgen tables build`` (``--check`` compares the shipped file with
a fresh computation); tests check a sample of patterns against the recursion.
Patterns outside the file (more than 14 tiles, or a count above four) fall back to
the recursion.
"""

from __future__ import annotations

import array
import itertools
import zlib
from importlib.resources import files

#: Name of the shipped data file (package data of ``engine.solver``).
DATA_FILE = "suit_profiles.bin"
#: Most tiles of one suit a shipped pattern holds.
MAX_TILES = 14
_MAGIC = b"DSLGEN-SUIT-PROFILES-1\n"
_PREFIX = 4  # ranks 1-4 form the prefix code, ranks 5-9 the suffix code (base 5 each)
_DIGITS = bytes(range(48, 53)) + b"x" * 251  # counts 0-4 -> "0".."4"; anything else is not a digit

# prefix code -> (tiles, rank among prefixes ordered by tiles then code)
_P_SUM: list[int] = []
_P_RANK: list[int] = []
# suffix code -> (tiles, first index of its block)
_S_SUM: list[int] = []
_S_START: list[int] = []


def _codes(n: int) -> list[tuple[int, ...]]:
    """Every tuple of ``n`` counts 0-4, in the order of their base-5 code (first count most significant)."""
    return list(itertools.product(range(5), repeat=n))


def _init_index() -> int:
    prefixes = _codes(_PREFIX)
    _P_SUM[:] = [sum(c) for c in prefixes]
    order = sorted(range(len(prefixes)), key=lambda k: (_P_SUM[k], k))
    _P_RANK[:] = [0] * len(prefixes)
    for rank, k in enumerate(order):
        _P_RANK[k] = rank
    within = [sum(1 for s in _P_SUM if s <= budget) for budget in range(MAX_TILES + 1)]
    suffixes = _codes(9 - _PREFIX)
    _S_SUM[:] = [sum(c) for c in suffixes]
    _S_START[:] = [0] * len(suffixes)
    start = 0
    for k, s in enumerate(_S_SUM):
        _S_START[k] = start
        if s <= MAX_TILES:
            start += within[MAX_TILES - s]
    return start


#: Number of shipped patterns.
PATTERNS = _init_index()


def index(p: bytes) -> int:
    """Position of the nine-count pattern ``p`` in the shipped arrays, or -1 when it is not shipped."""
    try:
        pc = int(p[:_PREFIX].translate(_DIGITS), 5)
        sc = int(p[_PREFIX:].translate(_DIGITS), 5)
    except ValueError:  # a count above four
        return -1
    if _P_SUM[pc] + _S_SUM[sc] > MAX_TILES:
        return -1
    return _S_START[sc] + _P_RANK[pc]


def patterns():
    """Every shipped pattern (bytes of nine counts)."""
    for c in itertools.product(range(5), repeat=9):
        if sum(c) <= MAX_TILES:
            yield bytes(c)


def encode(profiles: list[tuple[int, ...]], free: list[int], limited: list[int]) -> bytes:
    """The data file: the distinct profiles, then each pattern's profile number without / with the limit."""
    width = len(profiles[0])
    body = bytearray(_MAGIC)
    body += len(profiles).to_bytes(4, "little") + width.to_bytes(4, "little")
    body += array.array("b", [v for prof in profiles for v in prof]).tobytes()
    body += array.array("H", free).tobytes() + array.array("H", limited).tobytes()
    return zlib.compress(bytes(body), 9)


def decode(blob: bytes) -> tuple[list[tuple[int, ...]], array.array, array.array]:
    """(profiles, profile number per pattern, profile number per pattern under the four-copy limit)."""
    raw = zlib.decompress(blob)
    if not raw.startswith(_MAGIC):
        raise ValueError(f"{DATA_FILE}: 格式不符")
    at = len(_MAGIC)
    count = int.from_bytes(raw[at:at + 4], "little")
    width = int.from_bytes(raw[at + 4:at + 8], "little")
    at += 8
    values = array.array("b")
    values.frombytes(raw[at:at + count * width])
    at += count * width
    profiles = [tuple(values[k * width:(k + 1) * width]) for k in range(count)]
    free, limited = array.array("H"), array.array("H")
    free.frombytes(raw[at:at + 2 * PATTERNS])
    limited.frombytes(raw[at + 2 * PATTERNS:at + 4 * PATTERNS])
    if len(free) != PATTERNS or len(limited) != PATTERNS:
        raise ValueError(f"{DATA_FILE}: 长度不符")
    return profiles, free, limited


def read() -> bytes | None:
    """The shipped file's bytes (``None`` if it is missing, e.g. before the first build)."""
    try:
        return files("engine.solver").joinpath(DATA_FILE).read_bytes()
    except (FileNotFoundError, OSError):
        return None


def build(profile_of, limited_profile_of) -> bytes:
    """Compute the data file with the given functions (pattern -> profile tuple)."""
    ids: dict[tuple[int, ...], int] = {}
    profiles: list[tuple[int, ...]] = []
    free = [0] * PATTERNS
    limited = [0] * PATTERNS
    for p in patterns():
        k = index(p)
        for out, fn in ((free, profile_of), (limited, limited_profile_of)):
            prof = fn(p)
            n = ids.get(prof)
            if n is None:
                n = ids[prof] = len(profiles)
                profiles.append(prof)
            out[k] = n
    return encode(profiles, free, limited)
