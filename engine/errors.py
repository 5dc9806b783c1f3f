"""The engine's exceptions: one base class, so a game server can catch everything the engine raises on purpose."""

from __future__ import annotations

from dataclasses import dataclass


class EngineError(Exception):
    """Base of every error the engine raises on purpose (bad rules, bad tiles, illegal actions, bad saves)."""


#: A field path as keys and list indices: ``("fan_types", 3, "excludes")``.
Steps = tuple


def path_text(steps: Steps) -> str:
    """The field path as the specification writes it: ``fan_types[3].excludes`` (for people only:
    programs read :attr:`Problem.steps` and never parse this text back)."""
    out = ""
    for step in steps:
        out += f"[{step}]" if isinstance(step, int) else ("." if out else "") + str(step)
    return out


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a rule mapping: where (``steps``, keys and list indices) and a Chinese message."""

    steps: Steps
    message: str
    #: for a problem inside an expression: the 0-based character offset within the field's text (-1: none)
    column: int = -1
    #: a suggestion (a did-you-mean, the expected form); "" when there is none
    hint: str = ""

    @property
    def path(self) -> str:
        """The field path as text (``fan_types[3].excludes``)."""
        return path_text(self.steps)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.steps else self.message


class RulesError(EngineError, ValueError):
    """A rule mapping the engine cannot play. ``problems`` lists every problem found, in file order.

    ``RulesError(steps, message)`` reports one problem; :meth:`of` builds one error from many.
    ``steps`` / ``path`` are the first problem's field path (as steps / as text).
    """

    def __init__(self, steps: Steps, message: str = "", *, problems: tuple[Problem, ...] = ()):
        self.problems: tuple[Problem, ...] = problems or (Problem(tuple(steps), message),)
        self.steps = self.problems[0].steps
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
        return cls(problems[0].steps, problems[0].message, problems=problems)
