"""Random riichi winning hands, scored by ``dsl-examples/riichi.yaml`` and by the ``mahjong`` package.

:func:`random_case` draws one winning hand with its situation (concealed or open melds, closed kongs,
tsumo or ron, riichi / double riichi / ippatsu, haitei / houtei / rinshan / chankan, tenhou / chiihou,
dora and ura indicators, red fives, every seat and round wind, honba) from a seeded generator;
:func:`ours` and :func:`theirs` score it; :func:`compare` lists what differs (han, fu, yaku with their
han, payments). The package's optional rules are set to the readings ``riichi.yaml`` declares
(:data:`OPTIONS`). Used by ``tests/riichi/test_oracle.py`` and ``benchmarks/bench_riichi.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as PMeld

from engine.fans import WinContext, score_win
from engine.melds import Meld

RULES_FILE = Path(__file__).resolve().parents[2] / "dsl-examples" / "riichi.yaml"

#: the package's 34-index (1-9m, 1-9p, 1-9s, 东南西北, 白发中) -> this engine's tile code
CODE = tuple(list(range(1, 10)) + list(range(21, 30)) + list(range(11, 20)) + [31, 32, 33, 34, 37, 36, 35])
#: the red copy of each five (136-ids): 5m, 5p, 5s
RED_IDS = (16, 52, 88)
_FIVES = (4, 13, 22)
_TERMINAL_HONOR = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

#: the optional rules riichi.yaml declares (Mahjong Soul ranked): kuitan, red fives, double yakuman,
#: kazoe yakuman, no kiriage, 2 fu for an open hand without fu, no tsumo fu for pinfu, no renhou
OPTIONS = dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=True,
               kazoe_limit=HandConfig.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
               fu_for_pinfu_tsumo=False, renhou_as_yakuman=False)

#: the package's yaku names -> riichi.yaml's fan names
NAMES = {
    "Menzen Tsumo": "门前清自摸和", "Riichi": "立直", "Ippatsu": "一发", "Chankan": "抢杠胡", "Rinshan Kaihou": "岭上开花",
    "Haitei Raoyue": "海底摸月", "Houtei Raoyui": "河底捞鱼", "Double Riichi": "两立直", "Pinfu": "平和",
    "Tanyao": "断幺九", "Iipeiko": "一杯口", "Yakuhai (haku)": "役牌白", "Yakuhai (hatsu)": "役牌发",
    "Yakuhai (chun)": "役牌中", "Sanshoku Doujun": "三色同顺", "Ittsu": "一气通贯", "Chantai": "混全带幺九",
    "Honroutou": "混老头", "Toitoi": "对对和", "San Ankou": "三暗刻", "San Kantsu": "三杠子", "Sanshoku Doukou": "三色同刻",
    "Chiitoitsu": "七对子", "Shou Sangen": "小三元", "Honitsu": "混一色", "Junchan": "纯全带幺九", "Ryanpeikou": "二杯口",
    "Chinitsu": "清一色", "Kokushi Musou": "国士无双", "Chuuren Poutou": "九莲宝灯", "Suu Ankou": "四暗刻",
    "Daisangen": "大三元", "Shousuushii": "小四喜", "Ryuuiisou": "绿一色", "Suu Kantsu": "四杠子", "Tsuu Iisou": "字一色",
    "Chinroutou": "清老头", "Dai Suushii": "大四喜", "Kokushi Musou Juusanmen Matchi": "国士无双十三面",
    "Suu Ankou Tanki": "四暗刻单骑", "Daburu Chuuren Poutou": "纯正九莲宝灯", "Tenhou": "天和", "Chiihou": "地和",
    "Dora": "宝牌", "Aka Dora": "赤宝牌", "Ura Dora": "里宝牌",
}
for _w in ("east", "south", "west", "north"):
    NAMES[f"Yakuhai (seat wind {_w})"] = "自风牌"
    NAMES[f"Yakuhai (round wind {_w})"] = "场风牌"


@dataclass
class Case:
    """One winning hand and its situation, in the package's terms (136-ids, 34-indices)."""

    tiles: list[int]  # every tile, melds included (136-ids)
    win: int  # the winning tile (136-id), among the concealed ones
    melds: list[tuple[str, list[int], bool]]  # (chi | pon | kan, ids, opened)
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0  # 0 东 … 3 北 (东 = dealer)
    round_wind: int = 0
    dora: list[int] = field(default_factory=list)  # indicators, 136-ids
    ura: list[int] = field(default_factory=list)
    honba: int = 0

    def describe(self) -> str:
        """A one-line account of the case, for a failure message."""
        from mahjong.tile import TilesConverter

        melds = " ".join(f"{k}{'' if o else '(暗)'}:{TilesConverter.to_one_line_string(ids)}" for k, ids, o in self.melds)
        flags = [n for n in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                             "tenhou", "chiihou") if getattr(self, n)]
        return (f"{TilesConverter.to_one_line_string(self.tiles, print_aka_dora=True)} win "
                f"{TilesConverter.to_one_line_string([self.win], print_aka_dora=True)} melds [{melds}] {flags} "
                f"seat {'ESWN'[self.seat_wind]} round {'ESWN'[self.round_wind]} "
                f"dora {TilesConverter.to_one_line_string(self.dora)} ura {TilesConverter.to_one_line_string(self.ura)} "
                f"honba {self.honba}")


def _pick_set(rng: random.Random, counts: list[int], pool: list[int], kind: str) -> list[int] | None:
    for _ in range(30):
        t = rng.choice(pool)
        if kind == "chi":
            if t >= 27 or t % 9 > 6 or any(counts[t + i] >= 4 for i in range(3)):
                continue
            return [t, t + 1, t + 2]
        n = 4 if kind == "kan" else 3 if kind == "pon" else 2
        if counts[t] + n <= 4:
            return [t] * n
    return None


def _pool(rng: random.Random) -> list[int]:
    """The tile kinds a hand draws from: biased toward hands that have a yaku, so every yaku occurs."""
    r = rng.random()
    if r < 0.15:  # one suit (清一色 / 九莲宝灯)
        s = rng.randrange(3)
        return list(range(9 * s, 9 * s + 9))
    if r < 0.30:  # one suit and honors (混一色)
        s = rng.randrange(3)
        return list(range(9 * s, 9 * s + 9)) + list(range(27, 34))
    if r < 0.42:  # simples (断幺九)
        return [t for t in range(27) if t % 9 not in (0, 8)]
    if r < 0.50:  # terminals and honors (混老头, 混全带幺九, 字一色 …)
        return list(_TERMINAL_HONOR) + ([1, 2, 6, 7, 10, 11, 15, 16, 19, 20, 24, 25] if rng.random() < 0.5 else [])
    if r < 0.53:  # green (绿一色)
        return [19, 20, 21, 23, 25, 32]
    if r < 0.57:  # honors (字一色, 小四喜, 大四喜, 大三元)
        return list(range(27, 34)) if rng.random() < 0.5 else [27, 28, 29, 30, rng.randrange(31, 34)]
    if r < 0.59:  # terminals (清老头)
        return [0, 8, 9, 17, 18, 26]
    return list(range(34))


def random_case(rng: random.Random) -> Case:
    """One random winning hand and situation."""
    while True:
        case = _try_case(rng)
        if case is not None:
            return case


def _try_case(rng: random.Random) -> Case | None:
    counts = [0] * 34
    r = rng.random()
    groups: list[tuple[str, list[int]]] = []
    if r < 0.02:  # 国士无双
        pair = rng.choice(_TERMINAL_HONOR)
        concealed = list(_TERMINAL_HONOR) + [pair]
        for t in concealed:
            counts[t] += 1
        meld_groups: list[tuple[str, list[int], bool]] = []
    elif r < 0.03:  # 九莲宝灯: 1112345678999 and one more of the suit
        s = 9 * rng.randrange(3)
        concealed = [s, s, s] + [s + k for k in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
        for t in concealed:
            counts[t] += 1
        meld_groups = []
    elif r < 0.10:  # 七对子
        pool = _pool(rng)
        if len(pool) < 7:
            pool = list(range(34))
        kinds = rng.sample(pool, 7)
        concealed = [t for t in kinds for _ in range(2)]
        for t in concealed:
            counts[t] += 1
        meld_groups = []
    else:
        pool = _pool(rng)
        weights = (0.5, 0.38, 0.12) if rng.random() < 0.95 else (0.05, 0.15, 0.8)
        for _ in range(4):
            kind = rng.choices(("chi", "pon", "kan"), weights)[0]
            got = _pick_set(rng, counts, pool, kind) or _pick_set(rng, counts, pool, "pon")
            if got is None:
                return None
            for t in got:
                counts[t] += 1
            groups.append(("kan" if len(got) == 4 else "pon" if got[0] == got[1] else "chi", got))
        pair = _pick_set(rng, counts, pool, "pair")
        if pair is None:
            return None
        for t in pair:
            counts[t] += 1
        n_open = rng.choices((0, 1, 2, 3, 4), (0.5, 0.2, 0.15, 0.1, 0.05))[0]
        order = list(range(4))
        rng.shuffle(order)
        concealed = list(pair)
        meld_groups = []
        opened = 0
        for i in order:
            kind, ts = groups[i]
            if kind == "kan":  # a kong is always declared: open, or closed (暗杠)
                is_open = opened < n_open or rng.random() < 0.3
                opened += is_open
                meld_groups.append(("kan", ts, is_open))
            elif opened < n_open:
                opened += 1
                meld_groups.append((kind, ts, True))
            else:
                concealed += ts
    if any(c > 4 for c in counts):
        return None
    all_kinds = concealed + [t for _, ts, _ in meld_groups for t in ts]
    # 136-ids: a red five where wanted (each five's red copy is id 4i)
    want_red = {f: rng.random() < 0.5 for f in _FIVES}
    order_of = {}
    for t in range(34):
        ids = [4 * t + k for k in range(4)]
        if t in _FIVES and not want_red[t]:
            ids = ids[1:] + ids[:1]
        order_of[t] = ids
    used = {t: 0 for t in range(34)}

    def take(t: int) -> int:
        i = order_of[t][used[t]]
        used[t] += 1
        return i

    p_melds = [(k, [take(t) for t in ts], o) for k, ts, o in meld_groups]
    conc_ids = [take(t) for t in concealed]
    del all_kinds
    win = rng.choice(conc_ids)
    is_open = any(o for _, _, o in p_melds)
    has_kan = any(k == "kan" for k, _, _ in p_melds)
    case = Case(tiles=sorted(conc_ids + [i for _, ids, _ in p_melds for i in ids]), win=win, melds=p_melds)
    case.tsumo = rng.random() < 0.5
    case.seat_wind = rng.randrange(4)
    case.round_wind = rng.randrange(4)
    case.honba = rng.choice((0, 0, 1, 2, 5))
    if not is_open and rng.random() < 0.5:
        case.riichi = True
        case.double_riichi = rng.random() < 0.1
        case.ippatsu = rng.random() < 0.3
    if case.tsumo:
        case.rinshan = has_kan and rng.random() < 0.3
        case.haitei = not case.rinshan and rng.random() < 0.08
        if not p_melds and not case.riichi and rng.random() < 0.03:
            case.tenhou = case.seat_wind == 0
            case.chiihou = case.seat_wind != 0
    else:
        case.chankan = rng.random() < 0.04
        case.houtei = not case.chankan and rng.random() < 0.08
    n = rng.choice((1, 1, 1, 2, 2, 3, 5))
    case.dora = [4 * rng.randrange(34) + 1 for _ in range(n)]
    if case.riichi:
        case.ura = [4 * rng.randrange(34) + 2 for _ in range(n)]
    return case


def theirs(case: Case):
    """The package's HandResponse for ``case``."""
    kinds = {"chi": PMeld.CHI, "pon": PMeld.PON, "kan": PMeld.KAN}
    melds = [PMeld(meld_type=kinds[k], tiles=ids, opened=o) for k, ids, o in case.melds]
    config = HandConfig(is_tsumo=case.tsumo, is_riichi=case.riichi, is_ippatsu=case.ippatsu, is_rinshan=case.rinshan,
                        is_chankan=case.chankan, is_haitei=case.haitei, is_houtei=case.houtei,
                        is_daburu_riichi=case.double_riichi, is_tenhou=case.tenhou, is_chiihou=case.chiihou,
                        player_wind=27 + case.seat_wind, round_wind=27 + case.round_wind, tsumi_number=case.honba,
                        options=OptionalRules(**OPTIONS))
    return HandCalculator.estimate_hand_value(case.tiles, case.win, melds=melds, dora_indicators=case.dora,
                                              ura_dora_indicators=case.ura, config=config)


def context(case: Case) -> WinContext:
    """The engine's WinContext for ``case``: the dealer sits at seat 0, the winner at its seat wind."""
    meld_ids = {i for _, ids, _ in case.melds for i in ids}
    concealed = tuple(CODE[i // 4] for i in case.tiles if i not in meld_ids)
    kinds = {"chi": "chow", "pon": "pung"}
    melds = tuple(Meld(kinds.get(k, "kong" if o else "ankong"), tuple(CODE[i // 4] for i in ids))
                  for k, ids, o in case.melds)
    declared = ("立直",) + (("两立直",) if case.double_riichi else ()) if case.riichi else ()
    return WinContext(concealed, melds, CODE[case.win // 4], self_drawn=case.tsumo, kong_replacement=case.rinshan,
                      last_tile=case.haitei or case.houtei, robbing_kong=case.chankan,
                      first_turn=case.tenhou or case.chiihou, seat=case.seat_wind, dealer=0,
                      round_wind=case.round_wind, players_in=4,
                      indicators=tuple(CODE[i // 4] for i in case.dora),
                      hidden_indicators=tuple(CODE[i // 4] for i in case.ura),
                      marked=tuple(CODE[i // 4] for i in case.tiles if i in RED_IDS),
                      declarations=tuple(tuple((n, 1) for n in declared) if s == case.seat_wind else ()
                                         for s in range(4)),
                      declaration_turn=case.ippatsu, honba=case.honba)


def ours(rules, case: Case):
    """The engine's ScoreResult for ``case`` under ``rules`` (riichi.yaml)."""
    return score_win(rules, context(case))


def compare(case: Case, mine, pkg) -> list[str]:
    """What differs between the engine's result and the package's (empty: they agree)."""
    if pkg.error:
        if mine is not None and mine.legal:
            return [f"package: {pkg.error}; engine: legal {mine.fan_total} 番 {mine.fans}"]
        return []
    if mine is None or not mine.legal:
        return [f"engine: {None if mine is None else mine.reason}; package: {pkg.han} han {pkg.fu} fu "
                f"{[y.name for y in pkg.yaku]}"]
    out = []
    is_open = any(o for _, _, o in case.melds)
    want = sorted((NAMES.get(y.name, y.name), y.han_open if is_open and y.han_open else y.han_closed) for y in pkg.yaku)
    got = sorted(mine.fans)
    if want != got:
        out.append(f"yaku: package {want} engine {got}")
    if pkg.han != mine.fan_total:
        out.append(f"han: package {pkg.han} engine {mine.fan_total}")
    yakuman = any(y.is_yakuman for y in pkg.yaku)
    if not yakuman and pkg.fu != mine.values.get("符"):
        out.append(f"fu: package {pkg.fu} engine {mine.values.get('符')}")
    cost = pkg.cost
    if case.tsumo:
        dealer_pays = cost["main"] + cost["main_bonus"]
        other_pays = cost["additional"] + cost["additional_bonus"]
        got_pay = (mine.pays.get("draw_dealer"), mine.pays.get("draw_other"))
        if case.seat_wind == 0:
            dealer_pays = got_pay[0]  # a dealer's win: nobody else is the dealer
        if (dealer_pays, other_pays) != got_pay:
            out.append(f"tsumo payments: package {(dealer_pays, other_pays)} engine {got_pay}")
    elif cost["main"] + cost["main_bonus"] != mine.pays.get("discarder_other"):
        out.append(f"ron payment: package {cost['main'] + cost['main_bonus']} engine {mine.pays.get('discarder_other')}")
    return out


def load_rules():
    """riichi.yaml as engine Rules."""
    from dslgen.rulefile import load_rules as load

    return load(str(RULES_FILE)).rules
