"""Payments as declared data: when money moves, who pays whom, how much, how it joins what is owed.

:mod:`~engine.payments.model` is the value (:class:`Payment`), :mod:`~engine.payments.library` the shipped
definitions (``standard.pays``), :mod:`~engine.payments.names` the names a formula may use beyond the hand
expressions, :mod:`~engine.payments.compile` compiles a definition, :mod:`~engine.payments.ledger` evaluates it.
"""

from engine.capabilities import register
from engine.payments.model import Payment

__all__ = ["Payment"]

register("scoring.payments", "支付公式",
         "规则文件自己写的支付：时机（和牌、开杠、一局结束、荒庄）、谁付谁、多少（表达式）、怎样与已欠的钱合并（加、乘、改为、封顶）",
         "0.3.0", __name__)
