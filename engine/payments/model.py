"""A payment definition: when money moves, who pays whom, how much, and how it joins what is already owed.

One :class:`Payment` is one row of a rule file's ``payments`` list or one section of the shipped
library (``standard.pays``); both are read into the same value. The expressions are kept as text here
and compiled by :mod:`engine.payments.compile`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: when a payment is made
WIN, KONG, END, DRAW = "win", "kong", "end", "draw"
WHENS = (WIN, KONG, END, DRAW)
WHEN_ZH = {WIN: "每次和牌", KONG: "开杠时", END: "一局结束时", DRAW: "荒庄（牌摸完无人和）时"}

#: seat words for ``payer`` and ``receiver``
SEAT_WORDS = {
    "winner": "和牌者",
    "losers": "这次和牌已经在付钱的座位",
    "discarder": "放炮者（开明杠时：放杠者）",
    "others": "除收款者以外、当时还在局中的每个座位",
    "every": "每个座位",
    "dealer": "庄家",
    "owner": "开杠的人",
    "previous": "收款者的上家",
    "next": "收款者的下家",
}
#: the words each moment accepts, the first being the default
PAYERS = {WIN: ("losers", "others", "discarder", "dealer", "previous", "next"),
          KONG: ("others", "discarder", "previous", "next", "dealer"),
          END: ("others", "dealer", "previous", "next"),
          DRAW: ("others", "dealer", "previous", "next")}
RECEIVERS = {WIN: ("winner", "every", "dealer"), KONG: ("owner",),
             END: ("every", "winner", "dealer"), DRAW: ("every", "dealer")}

#: how an amount joins what the payer already owes the receiver for this win
COMBINES = {"add": "加上", "multiply": "乘以", "set": "改为", "cap": "封顶为"}


@dataclass(frozen=True)
class Many:
    """A list parameter: its default words and, when it is a choice among fixed words, those words
    (``cases: [robbed_kong] robbed_kong | third_meld``); without choices any words are accepted (fan names)."""

    default: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Payment:
    """One declared payment.

    ``when``: a word of :data:`WHENS`; ``payer`` / ``receiver``: seat words (:data:`SEAT_WORDS`);
    ``condition``: a yes/no expression checked for every (payer, receiver) pair ("" always holds);
    ``amount``: an integer expression; ``combine``: a word of :data:`COMBINES`, or the name of a word
    parameter whose value is one; ``params``: ``(name, default)`` pairs — an integer, yes/no, for a
    word parameter the tuple of its choices with the default first, or a :class:`Many` for a list;
    ``liable``: an integer expression naming the seat that pays instead of the payer (包赔: it takes
    over the payer's whole debt for this win as well; a negative value or the payer itself: nobody
    does), "" for none; ``where``: the field path or library section it was read from (for messages).
    """

    name: str
    when: str
    amount: str
    payer: str = ""
    receiver: str = ""
    condition: str = ""
    combine: str = "add"
    liable: str = ""
    zh: str = ""
    doc: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    where: tuple = ()
    #: ``(parameter, Chinese meaning)`` pairs for the documentation
    helps: tuple[tuple[str, str], ...] = ()

    @property
    def help(self) -> dict[str, str]:
        """Each parameter's Chinese meaning."""
        return dict(self.helps)

    @property
    def payer_word(self) -> str:
        """The payer word, defaulting by moment."""
        return self.payer or PAYERS[self.when][0]

    @property
    def receiver_word(self) -> str:
        """The receiver word, defaulting by moment."""
        return self.receiver or RECEIVERS[self.when][0]

    def defaults(self) -> dict[str, Any]:
        """Each parameter's default (a word parameter's first choice, a list parameter's default words)."""
        return {k: (v[0] if isinstance(v, tuple) else list(v.default) if isinstance(v, Many) else v)
                for k, v in self.params}

    def choices(self, name: str) -> tuple[str, ...]:
        """The words a word parameter accepts (empty for numbers and yes/no)."""
        for k, v in self.params:
            if k == name and isinstance(v, tuple):
                return v
            if k == name and isinstance(v, Many):
                return v.choices
        return ()

    def is_list(self, name: str) -> bool:
        """``name`` is a list parameter."""
        return any(k == name and isinstance(v, Many) for k, v in self.params)


@dataclass(frozen=True)
class Use:
    """A payment in force for a rule file: a definition and the parameter values the file gave it."""

    payment: Payment
    values: tuple[tuple[str, Any], ...] = field(default=())

    def settings(self) -> dict[str, Any]:
        """The parameters with the file's values over the defaults."""
        out = self.payment.defaults()
        out.update(dict(self.values))
        return out
