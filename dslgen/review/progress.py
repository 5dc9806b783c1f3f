"""A rich progress bar on stderr that the simulation and batch runs report into."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from dslgen.output import console


@contextmanager
def progress_bar(label: str, enabled: bool = True) -> Iterator[Callable[..., None] | None]:
    """Yield ``report(done, total, label=None)`` that drives one bar, or None when disabled.

    Disabled also under ``-q`` and when stderr is not a terminal (:func:`dslgen.terminal.show_progress`).

    Each new ``label`` starts a new task line, so consecutive simulations (draft,
    then baseline) show as separate bars.
    """
    from dslgen.terminal import show_progress

    if not (enabled and show_progress()):
        yield None
        return
    bar = Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=console(stderr=True), transient=True)
    tasks: dict[str, int] = {}
    state = {"label": label}

    def report(done: int, total: int, label: str | None = None) -> None:
        """Move the bar of ``label`` (default: the current one)."""
        name = label or state["label"]
        if name not in tasks:
            tasks[name] = bar.add_task(name, total=total)
        bar.update(tasks[name], completed=done, total=total)

    def relabel(name: str) -> None:
        """Later reports without a label go to a new bar named ``name``."""
        state["label"] = name

    report.relabel = relabel  # type: ignore[attr-defined]
    with bar:
        yield report
