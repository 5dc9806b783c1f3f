"""The economics gate (输赢检查): would anybody play this game for money?

A rule file can be valid, playable and consistent with its description and still be a
game nobody would play: most wins pay nothing, nobody ever wins (or nobody ever draws),
one seat or the dealer wins far more than the others, a declared fan never happens.
Each of those is an *economics check*: a registered unit with a stable code ``E0xx``,
the severities it may report (``error`` fails the gate, ``warning`` is shown only) and
its documentation in its docstring (``docs/economics.md`` is generated from it). A check
reads the simulation's JSON form (the engine's statistics and the ``points`` figures of
:mod:`dslgen.points`) and returns its findings with the numbers they rest on.

Adding a check is one registration::

    @economics_check("E009", "my-check", severities=("warning",))
    def my_check(sim: Mapping[str, Any]) -> list[Finding]:
        \"\"\"标题：第一行是标题，其余是说明。\"\"\"
        ...
"""

from __future__ import annotations

import inspect
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from dslgen.checks.finding import ERROR, SEVERITIES, WARNING, Finding
from dslgen.judge.evidence import Evidence
from dslgen.judge.registry import Decision, register_gate
from dslgen.points import points_of

CODE_RE = re.compile(r"^E\d{3}$")

#: E001: a share of zero-point wins at or above this fails the gate …
ZERO_POINT_FAIL = 0.5
#: … and at or above this (but below the failing share) is a warning.
ZERO_POINT_WARN = 0.05
#: E001 needs at least this many wins to judge.
MIN_WINS = 20
#: E002: a draw rate at or above this fails the gate (nobody can win in practice).
DRAW_RATE_FAIL = 0.95
#: E002 / E005 need at least this many completed games to judge.
MIN_GAMES = 200
#: E003 / E004: a seat (the dealer) is flagged when its win rate is at least this many times the others' …
SEAT_RATIO = 1.5
DEALER_RATIO = 2.0
#: … and the difference is this many standard errors away from an even table.
SEAT_Z = 4.0

Check = Callable[[Mapping[str, Any]], list[Finding]]


@dataclass(frozen=True)
class EconomicsCheck:
    """A registered economics check: code, kebab-case name, the severities it may report, docs, function."""

    code: str
    name: str
    severities: tuple[str, ...]
    doc: str
    func: Check

    @property
    def title(self) -> str:
        """First line of the docstring."""
        return self.doc.splitlines()[0].strip()

    @property
    def body(self) -> str:
        """The docstring after its first line."""
        return "\n".join(self.doc.splitlines()[1:]).strip()


_CHECKS: dict[str, EconomicsCheck] = {}


def economics_check(code: str, name: str, *, severities: tuple[str, ...]) -> Callable[[Check], Check]:
    """Register ``func(simulation_json) -> findings`` as economics check ``code`` (``E001``…)."""
    if not CODE_RE.match(code) or not severities or any(s not in SEVERITIES for s in severities):
        raise ValueError(f"bad economics check registration {code!r} / {severities!r}")

    def wrap(func: Check) -> Check:
        """Register ``func`` (its docstring is the check's documentation)."""
        doc = inspect.getdoc(func)
        if not doc:
            raise ValueError(f"economics check {code} needs a docstring: it is its documentation")
        if code in _CHECKS and _CHECKS[code].func.__qualname__ != func.__qualname__:
            raise ValueError(f"economics check {code} registered twice")
        _CHECKS[code] = EconomicsCheck(code, name, tuple(severities), doc, func)
        return func

    return wrap


def all_checks() -> list[EconomicsCheck]:
    """Every registered economics check, by code."""
    return [_CHECKS[c] for c in sorted(_CHECKS)]


def _finding(code: str, severity: str, message: str, hint: str, path: tuple = (), **figures: Any) -> Finding:
    return Finding(code, severity, path, message, hint, extra=figures)


def _completed(sim: Mapping[str, Any]) -> int:
    return int(sim.get("completed", sim.get("games") or 0) or 0)


def _share(x: float, n: float) -> str:
    return f"{x / n:.1%}" if n else "—"


@economics_check("E001", "zero-point-wins", severities=(ERROR, WARNING))
def zero_point_wins(sim: Mapping[str, Any]) -> list[Finding]:
    """胡牌不给钱：赢家一分不得的胡牌太多

    统计每次胡牌赢家从这次胡牌得到的分数（``points.zero_point_wins``）。占全部胡牌 50% 及以上是错误
    （关卡不通过），5% 及以上是警告；胡牌不到 20 次时不判断。常见原因：番型表里没有基本胡（平胡、鸡胡、
    屁胡），普通的四副加一将能胡却是 0 番；或者 ``scoring.base_points`` 为 0 而番数可以是 0。
    修复：补上基本胡番型，或给底分，或用 ``win_min_fan`` 不让 0 番的牌胡。
    """
    points = points_of(sim)
    wins, zero = int(points.get("wins") or 0), int(points.get("zero_point_wins") or 0)
    if wins < MIN_WINS or not zero:
        return []
    share = zero / wins
    if share < ZERO_POINT_WARN:
        return []
    severity = ERROR if share >= ZERO_POINT_FAIL else WARNING
    return [_finding(
        "E001", severity,
        f"{share:.1%} 的胡牌（{wins} 次中 {zero} 次）赢家一分不得：这些胡牌不让任何人输赢",
        "补上基本胡番型（平胡 / 鸡胡 / 屁胡 1 番）、给底分 scoring.base_points，或用 win_min_fan 规定起胡番数；"
        "用 dslgen hand 试一手普通的胡牌看它的支付",
        zero_point_wins=zero, wins=wins, share=round(share, 4))]


@economics_check("E002", "draw-rate-extreme", severities=(ERROR, WARNING))
def draw_rate_extreme(sim: Mapping[str, Any]) -> list[Finding]:
    """流局率极端：几乎每局都流局，或从不流局

    流局率（没有人胡牌的局占完成对局的比例）在 95% 及以上是错误：玩家几乎胡不了牌（全部流局由模拟关卡的
    S002 报告）。流局率恰为 0% 是警告：真实的牌桌上总有荒庄，从不流局往往说明胡牌太容易（癞子太多、起胡
    太低），也可能只是模拟机器人打得激进——请对照玩法判断。完成对局不到 200 局时不判断。
    """
    games = _completed(sim)
    if games < MIN_GAMES:
        return []
    draws = int(sim.get("draws") if sim.get("draws") is not None else round(float(sim.get("draw_rate") or 0) * games))
    if draws == games:
        return []  # nobody won at all: the simulation gate's S002 says so
    if draws / games >= DRAW_RATE_FAIL:
        return [_finding("E002", ERROR, f"流局率 {_share(draws, games)}（{games} 局中 {draws} 局没有人胡牌）：几乎胡不了牌",
                         "检查起胡番数 win_min_fan、胡牌条件 win_condition 和番型表",
                         draws=draws, games=games, draw_rate=round(draws / games, 4))]
    if draws == 0:
        return [_finding("E002", WARNING, f"{games} 局中没有一局流局（流局率 0%）：胡牌可能太容易",
                         "对照玩法判断：癞子数量、起胡番数是否合适；机器人只求快胡，真人对局的流局会多一些",
                         draws=0, games=games, draw_rate=0.0)]
    return []


def _seat_wins(sim: Mapping[str, Any]) -> list[int]:
    games = _completed(sim)
    rates = sim.get("seat_win_rate") or []
    return [round(float(r) * games) for r in rates] if isinstance(rates, list) else []


@economics_check("E003", "seat-imbalance", severities=(WARNING,))
def seat_imbalance(sim: Mapping[str, Any]) -> list[Finding]:
    """座位不均：某个座位胡得远多于其他座位

    座位的胡牌次数占全部胡牌的比例，至少是平均份额的 1.5 倍、并且偏离平均份额 4 个标准误以上时报警告。
    座位本不该影响输赢；偏得这么多通常是规则或引擎让某个座位先摸、多摸或优先胡牌。胡牌不到 200 次时不判断。
    """
    seats = _seat_wins(sim)
    total = sum(seats)
    if len(seats) < 2 or total < MIN_GAMES:
        return []
    even = 1 / len(seats)
    se = math.sqrt(even * (1 - even) / total)
    out = []
    for seat, wins in enumerate(seats):
        share = wins / total
        if share >= SEAT_RATIO * even and (share - even) / se >= SEAT_Z:
            out.append(_finding(
                "E003", WARNING,
                f"座位 {seat} 胡了 {wins} 次，占全部 {total} 次胡牌的 {share:.1%}（平均份额 {even:.1%}）",
                "检查发牌、出牌顺序和一炮多响 / 截胡的优先级", seat=seat, wins=wins, total=total,
                share=round(share, 4)))
    return out


@economics_check("E004", "dealer-advantage", severities=(WARNING,))
def dealer_advantage(sim: Mapping[str, Any]) -> list[Finding]:
    """庄家优势过大：庄家胜率是闲家平均的 2 倍以上

    庄家胜率（庄家每局胡牌的次数，血流成河里可以超过 1）至少是闲家平均胜率的 2 倍，并且差距在 4 个标准误以上
    （按泊松方差估计）时报警告。
    庄家多摸一张本来略占优势；差这么多时，连庄加倍、庄家翻倍一类规则会让庄家一直赢下去。完成对局不到 200 局时不判断。
    """
    games = _completed(sim)
    seats = sim.get("seat_win_rate") or []
    if games < MIN_GAMES or not isinstance(seats, list) or len(seats) < 2 or sim.get("dealer_win_rate") is None:
        return []
    dealer = float(sim["dealer_win_rate"])
    others = (sum(float(r) for r in seats) - dealer) / (len(seats) - 1)
    # a rate per game, which exceeds 1 in 血流成河 (several wins a game): Poisson variances (conservative below 1)
    se = math.sqrt(dealer / games + others / (games * (len(seats) - 1))) or 1.0
    if others > 0 and dealer >= DEALER_RATIO * others and (dealer - others) / se >= SEAT_Z:
        return [_finding("E004", WARNING,
                         f"庄家胜率 {dealer:.1%}，闲家平均 {others:.1%}（{games} 局）：庄家是闲家的 {dealer / others:.1f} 倍",
                         "检查庄家倍数 scoring.dealer_multiplier、连庄规则 game.seating.next_dealer 和庄家多摸的牌",
                         dealer_win_rate=round(dealer, 4), non_dealer_win_rate=round(others, 4), games=games)]
    return []


@economics_check("E005", "fan-never-scored", severities=(WARNING,))
def fan_never_scored(sim: Mapping[str, Any]) -> list[Finding]:
    """番型从未出现：声明了的番型在全部模拟中一次也没有算到

    完成对局至少 200 局、且有胡牌时，列出 ``fan_types`` 中从未被算进任何一次胡牌的番型（一条警告，列出全部）。
    天胡、九莲宝灯这样的稀有番在 1000 局里不出现很正常；常见番（平胡、七对、碰碰胡）不出现则多半是条件写错、
    被别的番排除，或者机器人不会去做这种牌。修复：用 ``dslgen hand`` 试一手应当算这个番的牌。
    """
    games, wins = _completed(sim), int(sim.get("wins") or 0)
    never = [str(n) for n in sim.get("never_scored") or []]
    if games < MIN_GAMES or not wins or not never:
        return []
    return [_finding("E005", WARNING,
                     f"{len(never)} 个番型在 {games} 局（{wins} 次胡牌）中从未出现：{'、'.join(never)}",
                     "稀有番不出现很正常；常见番不出现请用 dslgen hand 试一手应当算这个番的牌",
                     ("fan_types",), fans=never, games=games, wins=wins)]


def figures(sim: Mapping[str, Any]) -> dict[str, Any]:
    """The numbers the gate rests on, for its figures (plain numbers only)."""
    points = points_of(sim)
    out: dict[str, Any] = {"games": _completed(sim), "draw_rate": float(sim.get("draw_rate") or 0),
                           "dealer_win_rate": float(sim.get("dealer_win_rate") or 0)}
    if points:
        out.update(zero_point_wins=int(points["zero_point_wins"]), wins=int(points["wins"]),
                   zero_point_win_share=float(points["zero_point_win_share"]),
                   points_per_game=float(points["moved_per_game"]), points_per_win=float(points["gain_per_win"]),
                   max_loss=int(points["max_loss"]))
    return out


@register_gate("economics", "输赢检查", order=95, needs=("simulation",), simulates=True)
def economics(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """输赢检查：模拟出来的输赢像一个有人愿意玩的游戏——胡牌要给钱（E001）、流局率不极端（E002）、座位与庄家不过分占优（E003、E004）、声明的番型会出现（E005）；错误级发现让关卡不通过，警告只显示。各项的门槛见 docs/economics.md。"""
    sim = evidence.simulation
    if sim is None or not sim.ran:
        return Decision(findings=own, passed=False, detail="没有模拟结果")
    data = sim.to_json()
    findings = list(own)
    for check in all_checks():
        findings.extend(check.func(data))
    numbers = figures(data)
    errors = sum(f.is_error for f in findings)
    warnings = len(findings) - errors
    if not points_of(data):
        detail = "模拟结果没有输赢统计（旧版本的结果），只检查了流局、座位和番型"
    else:
        detail = (f"零分胡牌 {numbers['zero_point_win_share']:.1%}，每局易手 {numbers['points_per_game']:.2f} 分，"
                  f"流局率 {numbers['draw_rate']:.1%}")
    if errors or warnings:
        detail += f"；{errors} 个错误，{warnings} 个警告"
    return Decision(findings=tuple(findings), figures=numbers, detail=detail)
