"""Compile a payment definition's expressions once, checking them against the moment they are made at.

A formula is compiled with the hand-expression compiler (:mod:`engine.lang`) at scope ``settle``, its
parameters as constants (a word parameter ``mode: multiply | add`` gives the constants ``mode_multiply``
and ``mode_add``). Away from a win (``kong``, ``end``, ``draw``) a formula may not read the winner's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from engine import lang
from engine.lang import vocabulary as V
from engine.lang.syntax import ExprError
from engine.payments import model as M
from engine.payments import names as _names  # noqa: F401  (registers the settle names)

#: names that need one reading of the hand (a payment sees the win, not a decomposition)
_READING_ONLY = {"hand", "pair"}


class PaymentError(ValueError):
    """A payment definition that cannot be played: ``field`` names the key, ``error`` the expression error."""

    def __init__(self, payment: M.Payment, field: str, message: str, error: ExprError | None = None):
        self.payment, self.field, self.message, self.error = payment, field, message, error
        super().__init__(f"{payment.name}.{field}: {message}")


@dataclass(frozen=True)
class CompiledPayment:
    """A definition ready to evaluate: ``condition(h)`` / ``amount(h)`` over :class:`~engine.payments.names.PayFacts`."""

    payment: M.Payment
    settings: tuple[tuple[str, Any], ...]
    condition: Callable | None
    amount: Callable
    combine: str
    #: the seat that pays instead of the payer (包赔), or None
    liable: Callable | None = None
    #: list parameters: name -> the words given (what ``counted_any(name)`` reads)
    lists: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def when(self) -> str:
        """The moment the payment is made."""
        return self.payment.when


def environment(payment: M.Payment, settings: dict[str, Any]) -> dict[str, Any]:
    """The constants a formula sees: integer and yes/no parameters, ``<param>_<word>`` for word ones, and for a
    list parameter ``<param>_<word>`` for each of its choices (the word is in the list) or, for a list of any
    words, ``<param>_given`` (the list is not empty)."""
    env: dict[str, Any] = {}
    for k, default in payment.params:
        if isinstance(default, M.Many):
            given = tuple(settings.get(k, default.default) or ())
            if default.choices:
                for word in default.choices:
                    env[f"{k}_{word}"] = word in given
            else:
                env[f"{k}_given"] = bool(given)
            continue
        v = settings.get(k, default[0] if isinstance(default, tuple) else default)
        if isinstance(default, tuple):
            for word in default:
                env[f"{k}_{word}"] = v == word
        elif isinstance(v, bool) or isinstance(v, int):
            env[k] = v
    return env


def _check_moment(payment: M.Payment, field: str, compiled: lang.Compiled) -> None:
    for name in sorted(compiled.names):
        entry = V.VOCABULARY.get(name)
        if entry is None:
            continue
        if entry.scope in (V.READING, V.RESULT) or name in _READING_ONLY:
            raise PaymentError(payment, field, f"支付公式不能用 {name}：它要看和牌的一种读法",
                               ExprError(f"{name} 不能用在支付公式里", compiled.text.find(name), "用 held、count(held, …) 或 counted(番名)", compiled.text))
        if payment.when != M.WIN and entry.scope in (V.STATE, V.EVENT):
            raise PaymentError(payment, field, f"{name} 只能用在 when: win 的支付里",
                               ExprError(f"{name} 只能用在 when: win 的支付里", compiled.text.find(name),
                                         "一局结束时用 payer_held、receiver_held 等结算名字", compiled.text))


def _field(payment: M.Payment, field: str, text: str, type_, env: dict) -> Callable:
    """One expression of a definition compiled at scope ``settle`` and checked against its moment."""
    try:
        c = lang.compile_expression(text, type_, scope=V.SETTLE, env=env)
    except ExprError as exc:
        raise PaymentError(payment, field, exc.message, exc) from None
    _check_moment(payment, field, c)
    return c.fn


def compile_payment(payment: M.Payment, values: dict[str, Any] | None = None) -> CompiledPayment:
    """Compile ``payment`` with the file's parameter ``values``; raises :class:`PaymentError`."""
    if payment.when not in M.WHENS:
        raise PaymentError(payment, "when", f"不认识的时机 {payment.when!r}（可选：{'、'.join(M.WHENS)}）")
    for field, word, allowed in (("payer", payment.payer_word, M.PAYERS[payment.when]),
                                 ("receiver", payment.receiver_word, M.RECEIVERS[payment.when])):
        if word not in allowed:
            raise PaymentError(payment, field, f"when: {payment.when} 的 {field} 不能是 {word!r}（可选：{'、'.join(allowed)}）")
    settings = payment.defaults()
    settings.update(values or {})
    for k, v in settings.items():
        choices = payment.choices(k)
        if payment.is_list(k):
            bad = [w for w in (v or ()) if choices and w not in choices]
            if not isinstance(v, (list, tuple)) or bad:
                raise PaymentError(payment, k, f"参数 {k} 应当是列表" + (f"，不能有 {bad[0]!r}（可选：{'、'.join(choices)}）" if bad else ""))
        elif choices and v not in choices:
            raise PaymentError(payment, k, f"参数 {k} 不能是 {v!r}（可选：{'、'.join(choices)}）")
    env = environment(payment, settings)
    combine = payment.combine
    if combine not in M.COMBINES:
        chosen = settings.get(combine)
        if chosen not in M.COMBINES:
            raise PaymentError(payment, "combine", f"不认识的合并方式 {combine!r}（可选：{'、'.join(M.COMBINES)}）")
        combine = chosen
    condition = _field(payment, "if", payment.condition, lang.BOOL, env) if payment.condition else None
    amount = _field(payment, "amount", str(payment.amount), lang.INT, env)
    liable = _field(payment, "liable", payment.liable, lang.INT, env) if payment.liable else None
    lists = tuple((k, tuple(settings.get(k) or ())) for k, _ in payment.params if payment.is_list(k))
    frozen = tuple(sorted(((k, tuple(v) if isinstance(v, list) else v) for k, v in settings.items()), key=lambda kv: kv[0]))
    return CompiledPayment(payment, frozen, condition, amount, combine, liable, lists)
