"""Errors a user can cause, and the exit codes the CLI maps them to.

Exit codes: 0 ok, 1 findings (the input was read and something is wrong with it),
2 usage or I/O errors (the input could not be read at all).
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


class DslgenError(Exception):
    """An error meant for the user: a Chinese message, where it happened, and a hint.

    ``where`` is ``file:line:col`` or a field path; ``exit_code`` is 1 or 2.
    """

    exit_code = EXIT_USAGE

    def __init__(self, message: str, *, where: str = "", hint: str = "", exit_code: int | None = None):
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint
        if exit_code is not None:
            self.exit_code = exit_code

    def render(self) -> str:
        """One or two lines: ``where: message`` and ``提示：hint``."""
        head = f"{self.where}: {self.message}" if self.where else self.message
        return f"{head}\n  提示：{self.hint}" if self.hint else head


class UsageError(DslgenError):
    """Bad arguments or an unreadable file (exit 2)."""

    exit_code = EXIT_USAGE


class InputError(DslgenError):
    """The input was read but is not acceptable, e.g. bad tile notation (exit 1)."""

    exit_code = EXIT_FINDINGS
