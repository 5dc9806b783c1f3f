"""The one way text leaves dslgen: the terminal, ``--json`` and files.

- Terminal: :func:`console` prints with Rich markup and emoji codes **off** (a ``[/red]`` in a game name is
  text, not a tag), and every text segment it renders passes through :func:`clean` (no control character,
  terminal escape, bidi override or lone surrogate reaches the screen; the configured key is masked).
  Style with ``style=`` or :class:`rich.text.Text`, never with markup strings.
- Streams: the CLI runs every command inside :func:`guarded_streams`, which wraps ``sys.stdout`` and
  ``sys.stderr``: whatever is written (rich, ``click.echo``, JSON) has the configured key masked, lone
  surrogates replaced, and escape sequences other than colours and the progress bar's cursor moves removed.
- JSON: :func:`to_json` masks the key in the data before serialising and escapes lone surrogates and C1
  controls, so the text is valid UTF-8 and valid JSON.
- Files: :func:`dslgen.rulefile.yamlio.write_atomic` masks the key in whatever it writes (see :mod:`dslgen.secrets`).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from functools import lru_cache
from typing import Any, Iterable, Iterator

from rich.console import Console
from rich.segment import Segment

from dslgen.secrets import redact, redact_data

#: Terminal escape sequences: CSI, OSC (ended by BEL or ST), DCS/SOS/PM/APC strings, and two-byte escapes.
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -~]?)"
    r"|\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x1b\x9c]*[\x07\x9c]?"
)
#: C0 controls except tab and newline, DEL, C1 controls, bidi embeddings/overrides/isolates.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
#: The escapes rich itself writes (colours, cursor show/hide, erase line, cursor up/column for live bars).
_RICH_ESCAPE = re.compile(r"\x1b\[[0-9;]*m|\x1b\[\?25[lh]|\x1b\[[0-9]*[ABCDGK]|\x1b\[2K")


def clean(text: str) -> str:
    """``text`` safe to show on a terminal: key masked, escapes and control characters removed
    (tab and newline kept), lone surrogates replaced by U+FFFD."""
    if not isinstance(text, str):
        text = str(text)
    text = redact(text)
    if _ESCAPE.search(text):
        text = _ESCAPE.sub("", text)
    if _CONTROL.search(text):
        text = _CONTROL.sub("", text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text


def to_json(obj: Any) -> str:
    """``obj`` as indented JSON with Chinese kept readable, the key masked, and every string encodable
    (lone surrogates and C1 controls written as ``\\uXXXX`` escapes)."""
    text = json.dumps(redact_data(_plain(obj)), ensure_ascii=False, indent=2, default=_default)
    return _escape_json(text)


def to_json_line(obj: Any) -> str:
    """Like :func:`to_json`, on one line (JSON Lines output)."""
    text = json.dumps(redact_data(_plain(obj)), ensure_ascii=False, default=_default)
    return _escape_json(text)


def _escape_json(text: str) -> str:
    if _SURROGATE.search(text) or re.search(r"[\x7f-\x9f\u2028\u2029]", text):
        text = re.sub(r"[\ud800-\udfff\x7f-\x9f\u2028\u2029]", lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def print_json(obj: Any) -> None:
    """Print ``obj`` as JSON on stdout (the ``--json`` output of every command)."""
    sys.stdout.write(to_json(obj) + "\n")
    sys.stdout.flush()


def _plain(value: Any) -> Any:
    """Big integers as strings: ``json.dumps`` refuses ints over Python's digit limit."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4000:
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _default(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    if hasattr(value, "__dict__"):
        return vars(value)
    return str(value)


class _SafeConsole(Console):
    """A rich console whose every text segment is :func:`clean`-ed before styling (rich's own control
    segments, e.g. the progress bar's cursor moves, are kept)."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            seg if seg.control else Segment(clean(seg.text), seg.style, seg.control) for seg in buffer
        )


@lru_cache(maxsize=None)
def console(stderr: bool = False) -> Console:
    """The shared rich console for stdout (or stderr when ``stderr``); markup, emoji and highlighting off.

    Rich looks up ``sys.stdout`` / ``sys.stderr`` at each print, so output follows
    the current stream (click's test runner swaps it, and :func:`guarded_streams` wraps it). ``--color``
    (:mod:`dslgen.terminal`) decides the colours; the cache is cleared when it changes.
    """
    from dslgen.terminal import console_options

    return _SafeConsole(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False, **console_options())


class GuardedStream(io.TextIOBase):
    """A text stream that masks the key, replaces lone surrogates and drops foreign escape sequences."""

    def __init__(self, stream: Any):
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The wrapped stream's encoding."""
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        """Unencodable characters are replaced, never raised."""
        return "replace"

    def writable(self) -> bool:
        """Always writable."""
        return True

    def write(self, text: str) -> int:  # type: ignore[override]
        """Write ``text`` to the wrapped stream, guarded."""
        if not isinstance(text, str):
            text = text.decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else str(text)
        self.stream.write(guard(text))
        return len(text)

    def flush(self) -> None:
        """Flush the wrapped stream."""
        with contextlib.suppress(Exception):
            self.stream.flush()

    def isatty(self) -> bool:
        """Whether the wrapped stream is a terminal."""
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def fileno(self) -> int:
        """The wrapped stream's descriptor."""
        return self.stream.fileno()


def guard(text: str) -> str:
    """What :class:`GuardedStream` does to one write."""
    text = redact(text)
    if "\x1b" in text or "\x9b" in text or "\x9d" in text:
        kept: list[str] = []

        def hold(m: re.Match[str]) -> str:
            kept.append(m.group())
            return f"\x00{len(kept) - 1}\x00"

        text = _ESCAPE.sub("", _RICH_ESCAPE.sub(hold, text.replace("\x00", "")))
        text = re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    return text


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Run the body with ``sys.stdout`` and ``sys.stderr`` wrapped in :class:`GuardedStream`."""
    old_out, old_err = sys.stdout, sys.stderr
    if not isinstance(old_out, GuardedStream):
        sys.stdout = GuardedStream(old_out)
    if not isinstance(old_err, GuardedStream):
        sys.stderr = GuardedStream(old_err)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        sys.stdout, sys.stderr = old_out, old_err
