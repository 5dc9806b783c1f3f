"""A cap on what a draft's model calls may spend: tokens and an estimated cost (USD).

Before each round the repair loop asks :meth:`Budget.stop_reason`: a round is not asked when what was
spent has reached a cap, or when the round it would ask is predicted to cross one. The prediction is the
last round's prompt plus its answer twice (the next prompt carries the previous answer, and the next
answer is about as long); before the first round it is ``round_estimate`` (a batch passes what its earlier
drafts' first rounds took), or nothing. A cost cap needs prices (:mod:`dslgen.generate.usage`) and token
counts reported by the endpoint: a draft whose calls report no usage, or whose model has no known price,
stops after the first round rather than spend what it cannot count.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from dslgen.generate.usage import Usage, price_for


@dataclass(frozen=True)
class Budget:
    """The caps of one draft (None: no cap)."""

    max_tokens: int | None = None
    max_cost_usd: float | None = None
    #: Tokens one first round is expected to take (0: unknown).
    round_estimate: int = 0

    @property
    def limited(self) -> bool:
        """True when any cap is set."""
        return self.max_tokens is not None or self.max_cost_usd is not None

    def to_dict(self) -> dict[str, Any]:
        """Plain mapping for ``result.json``."""
        return asdict(self)

    def stop_reason(self, usage: Usage, last: tuple[int, int] | None, model: str, number: int) -> str:
        """Why round ``number`` must not be asked ('' when it may): ``last`` is the previous round's
        (prompt, completion) tokens, None before the first round."""
        if not self.limited:
            return ""
        if last is not None and usage.unreported:
            return f"模型服务没有报告用量，无法核对用量上限：第 {number - 1} 轮后停止"
        spent = usage.prompt_tokens + usage.completion_tokens
        prompt, completion = (last[0] + last[1], last[1]) if last else (self.round_estimate, 0)
        predicted = prompt + completion
        if self.max_tokens is not None:
            if spent >= self.max_tokens:
                return f"已用 {spent} tokens，达到上限 {self.max_tokens}：第 {number - 1} 轮后停止"
            if predicted and spent + predicted > self.max_tokens:
                return (f"第 {number} 轮预计约需 {predicted} tokens，已用 {spent}，会超过上限 {self.max_tokens}："
                        f"{'没有调用模型' if number == 1 else f'第 {number - 1} 轮后停止'}")
        if self.max_cost_usd is not None:
            price = price_for(model)
            if price is None or not usage.estimated:
                if last is not None:
                    return f"模型 {model} 没有已知价格，无法核对费用上限：第 {number - 1} 轮后停止"
                return ""
            cost = (prompt * price[0] + completion * price[1]) / 1_000_000
            if usage.cost_usd >= self.max_cost_usd:
                return f"估算费用 ${usage.cost_usd:.4f}，达到上限 ${self.max_cost_usd:.4f}：第 {number - 1} 轮后停止"
            if cost and usage.cost_usd + cost > self.max_cost_usd:
                return (f"第 {number} 轮预计约需 ${cost:.4f}，已用 ${usage.cost_usd:.4f}，会超过上限 "
                        f"${self.max_cost_usd:.4f}：{'没有调用模型' if number == 1 else f'第 {number - 1} 轮后停止'}")
        return ""
