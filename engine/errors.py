"""The engine's exceptions: one base class, so a game server can catch everything the engine raises on purpose."""

from __future__ import annotations

from dataclasses import dataclass


class EngineError(Exception):
    """Base of every error the engine raises on purpose (bad rules, bad tiles, illegal actions, bad saves)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule mapping: the dotted field path (``fan_types[3].excludes``) and a Chinese message."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class RulesError(EngineError, ValueError):
    """A rule mapping the engine cannot play. ``problems`` lists every problem found, in file order.

    ``RulesError(path, message)`` reports one problem; :meth:`of` builds one error from many.
    ``path`` is the first problem's path.
    """

    def __init__(self, path: str, message: str = "", *, problems: tuple[Problem, ...] = ()):
        self.problems: tuple[Problem, ...] = problems or (Problem(path, message),)
        self.path = self.problems[0].path
        if len(self.problems) == 1:
            text = str(self.problems[0])
        else:
            text = f"{len(self.problems)} 个问题：\n" + "\n".join(f"- {p}" for p in self.problems)
        super().__init__(text)

    @classmethod
    def of(cls, problems: list[Problem] | tuple[Problem, ...]) -> "RulesError":
        """One error listing ``problems`` (at least one)."""
        problems = tuple(problems)
        return cls(problems[0].path, problems[0].message, problems=problems)
