"""``replay``: answers from a recorded ``transcript.jsonl`` (a draft folder's, or any file in that format).

Round *n* gets the answer recorded for round *n*, so a run is reproducible without a model; set the
file with ``DSLGEN_REPLAY`` or the config key ``transcript`` (a draft folder works too).
"""

from __future__ import annotations

import json
from pathlib import Path

from dslgen.generate.providers import Provider, ProviderError, Reply, Request, provider


def _round(value: object, number: int, path: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ProviderError("malformed", f"对话记录第 {number} 行的 round 不是正整数：{str(value)[:40]}（{path}）",
                            hint="对话记录应是 dslgen new 写出的 transcript.jsonl，请勿手工修改")
    return value


def _checked(entry: dict, number: int, path: Path) -> dict:
    """``entry`` when its usage counts and model are of the recorded shape, else a clear error."""
    usage = entry.get("usage") or {}
    counts = [usage.get(k, 0) for k in ("prompt_tokens", "completion_tokens")] if isinstance(usage, dict) else None
    if counts is None or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts) \
            or not isinstance(entry.get("model") or "", str):
        raise ProviderError("malformed", f"对话记录第 {number} 行的 usage 或 model 格式不对（{path}）",
                            hint="对话记录应是 dslgen new 写出的 transcript.jsonl，请勿手工修改")
    return entry


@provider("replay")
class ReplayProvider(Provider):
    """Plays back the answers of a recorded transcript, round by round."""

    deterministic = True

    def _rounds(self) -> dict[int, dict]:
        raw = self.settings.transcript
        if not raw:
            raise ProviderError("config", "replay 需要一份录制的对话记录",
                                hint="设置环境变量 DSLGEN_REPLAY=草稿目录或 transcript.jsonl")
        path = Path(raw)
        if path.is_dir():
            path = path / "transcript.jsonl"
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ProviderError("config", f"无法读取对话记录：{exc.strerror or exc}（{path}）") from None
        rounds: dict[int, dict] = {}
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                raise ProviderError("malformed", f"对话记录第 {number} 行不是 JSON（{path}）") from None
            if isinstance(entry, dict) and isinstance(entry.get("answer"), str) and not entry.get("error"):
                rounds.setdefault(_round(entry.get("round", len(rounds) + 1), number, path), _checked(entry, number, path))
        return rounds

    @property
    def model(self) -> str:
        """The model that produced the recording, when it says so."""
        first = next(iter(self._rounds().values()), {})
        return f"replay:{first.get('model') or 'unknown'}"

    def complete(self, request: Request) -> Reply:
        """The recorded answer of this round."""
        entry = self._rounds().get(request.round)
        if entry is None:
            raise ProviderError("malformed", f"对话记录中没有第 {request.round} 轮的回答",
                                hint="录制时的轮数少于本次运行需要的轮数")
        usage = entry.get("usage") or {}
        return Reply(text=entry["answer"], prompt_tokens=int(usage.get("prompt_tokens", 0)),
                     completion_tokens=int(usage.get("completion_tokens", 0)),
                     model=str(entry.get("model") or ""), finish_reason=str(entry.get("finish_reason") or ""))
