"""Token usage and an estimated cost, summed over every round of a draft."""

from __future__ import annotations

from dataclasses import dataclass

#: USD per million tokens (input, output), by model-name prefix; the longest matching prefix wins.
#: Estimates from public price lists; an unknown model is costed at 0 and flagged ``estimated: false``.
PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-5-mini": (0.25, 2.00),
    "gpt-5": (1.25, 10.00),
    "deepseek-chat": (0.27, 1.10),
    "deepseek-reasoner": (0.55, 2.19),
    "qwen-plus": (0.40, 1.20),
    "qwen-max": (1.60, 6.40),
    "qwen-turbo": (0.05, 0.20),
}


def price_for(model: str) -> tuple[float, float] | None:
    """(input, output) USD per million tokens for ``model``, or None when unknown."""
    name = (model or "").lower().split("/")[-1]
    best = max((p for p in PRICES if name.startswith(p)), key=len, default=None)
    return PRICES[best] if best else None


@dataclass
class Usage:
    """Running totals over the rounds of one draft."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    estimated: bool = True
    #: Calls whose answer came with no token counts (the endpoint reports no usage).
    unreported: int = 0

    def add(self, model: str, prompt_tokens: int, completion_tokens: int) -> None:
        """Count one model call."""
        if not prompt_tokens and not completion_tokens:
            self.unreported += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        price = price_for(model)
        if price is None:
            if prompt_tokens or completion_tokens:
                self.estimated = False
            return
        self.cost_usd += (prompt_tokens * price[0] + completion_tokens * price[1]) / 1_000_000

    @property
    def total_tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens

    def to_dict(self) -> dict:
        """``{prompt_tokens, completion_tokens, total_tokens, cost_usd, cost_estimated}``."""
        return {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "total_tokens": self.total_tokens, "cost_usd": round(self.cost_usd, 6),
                "cost_estimated": self.estimated}
