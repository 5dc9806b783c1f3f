"""Tile notation: every form designers type parses to the reference codes and formats back."""

import pytest
from hypothesis import given, strategies as st

from engine import tiles as T


@pytest.mark.parametrize(
    "text, expected",
    [
        ("123m", [1, 2, 3]),
        ("123w456t789b", [1, 2, 3, 14, 15, 16, 27, 28, 29]),
        ("111m234m", [1, 1, 1, 2, 3, 4]),
        ("1万2万3条9筒", [1, 2, 13, 29]),
        ("东东东中中", [31, 31, 31, 35, 35]),
        ("红中发财白板", [35, 36, 37]),
        ("春梅菊", [41, 45, 48]),
        ("12m 3m, 4s", [1, 2, 3, 14]),
        ("癞*", [50, 50]),
        ("5索6饼", [15, 26]),
    ],
)
def test_parse_forms(text, expected):
    assert T.parse_tiles(text) == expected


@pytest.mark.parametrize(
    "text, position, char",
    [
        ("123x", 3, "x"),
        ("12", 1, "2"),
        ("m", 0, "m"),
        ("0m", 0, "0"),
        ("12m3东", 4, "东"),
        ("东Q", 1, "Q"),
    ],
)
def test_parse_errors_name_character_and_position(text, position, char):
    with pytest.raises(T.TileParseError) as info:
        T.parse_tiles(text)
    assert info.value.position == position
    assert info.value.char == char
    assert f"第 {position + 1} 个字符" in str(info.value)


def test_format_is_compact_and_sorted():
    assert T.format_tiles(T.parse_tiles("9p1m东2m春5s中")) == "12m5s9p东中春"


@given(st.lists(st.sampled_from(T.PLAYABLE + T.FLOWERS), max_size=18))
def test_format_parse_round_trip(tiles):
    assert T.parse_tiles(T.format_tiles(tiles)) == sorted(tiles)


def test_names_and_predicates():
    assert [T.tile_name(t) for t in (1, 19, 29, 31, 37, 41, 50)] == ["1万", "9条", "9筒", "东", "白", "春", "癞"]
    assert T.tile_from_name("红中") == T.RED and T.tile_from_name("5m") == 5
    assert T.is_orphan(11) and T.is_orphan(34) and not T.is_orphan(15)
    assert T.suit_of(27) == T.PIN and T.rank_of(27) == 7 and T.suit_of(33) == -1


@pytest.mark.parametrize("honors, flowers, total", [(False, False, 108), (True, False, 136), (True, True, 144)])
def test_deck_sizes(honors, flowers, total):
    deck = T.build_deck(honors, flowers)
    assert len(deck) == total
    assert all(deck.count(t) == 4 for t in T.SUITED)
