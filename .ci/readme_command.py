"""Print one of the two Quick start commands from README.md (``main`` or ``test``).

.ci/run executes the ``test`` command exactly as the README writes it, and the
test suite checks the README has exactly those two commands.
"""

import re
import sys
from pathlib import Path


def quick_start_commands(readme: str) -> list[str]:
    """The commands in the fenced blocks of the "Quick start" section, in order."""
    section = re.search(r"^## Quick start\s*$(.*?)(?=^## |\Z)", readme, re.M | re.S)
    if not section:
        raise SystemExit("README.md has no '## Quick start' section")
    blocks = re.findall(r"```(?:bash|sh|console)?\n(.*?)```", section.group(1), re.S)
    return [line.strip() for b in blocks for line in b.splitlines() if line.strip()]


if __name__ == "__main__":
    cmds = quick_start_commands(Path(__file__).resolve().parents[1].joinpath("README.md").read_text(encoding="utf-8"))
    which = {"main": 0, "test": 1}[sys.argv[1]]
    print(cmds[which])
