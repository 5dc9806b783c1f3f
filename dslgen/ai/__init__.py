"""The companion-AI decision service: rule versions (:mod:`.rulestore`), deciding at three levels
(:mod:`.service`), the model's advice on key turns (:mod:`.advisor`) and the HTTP app (:mod:`.app`).
The strategies themselves are the engine's (:mod:`engine.ai`)."""
