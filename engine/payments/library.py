"""The shipped payment library: ``standard.pays`` is where every named settlement formula is defined.

One ``[名字]`` section per payment, ``key = value`` lines (see the file's header). :func:`load` reads it
once; :data:`LIBRARY` maps each name to its :class:`~engine.payments.model.Payment`. A rule file uses a
library payment by name in ``settlement_items`` (with its parameters) or writes its own in ``payments``;
both are the same kind of value, compiled and evaluated the same way.
"""

from __future__ import annotations

import configparser
from importlib import resources
from typing import Any

from engine.payments import model as M

#: the library's file name, inside this package
LIBRARY_FILE = "standard.pays"
_KEYS = {"zh", "doc", "when", "payer", "receiver", "if", "amount", "combine", "params"}


class LibraryError(ValueError):
    """The library file is malformed (a packaging bug, never a user error)."""


def parse_params(text: str, where: str = "") -> tuple[tuple[str, Any], ...]:
    """``"value: 2, mode: multiply | add, on_draw: false"`` → ``(("value", 2), ("mode", ("multiply", "add")), …)``."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, default = (x.strip() for x in part.partition(":"))
        if not sep or not name:
            raise LibraryError(f"{where}: parameter {part!r} is not 'name: default'")
        if "|" in default:
            value: Any = tuple(w.strip() for w in default.split("|"))
        elif default in ("true", "false"):
            value = default == "true"
        else:
            try:
                value = int(default)
            except ValueError:
                raise LibraryError(f"{where}: parameter {name} default {default!r} is not a number, yes/no or words") from None
        out.append((name, value))
    return tuple(out)


def load(text: str | None = None) -> dict[str, M.Payment]:
    """Read the library (``text``, or the shipped file) into ``name -> Payment``, in file order."""
    if text is None:
        text = resources.files(__package__).joinpath(LIBRARY_FILE).read_text(encoding="utf-8")
    parser = configparser.ConfigParser(interpolation=None, comment_prefixes=("#",), inline_comment_prefixes=None)
    parser.optionxform = str
    parser.read_string(text)
    out: dict[str, M.Payment] = {}
    for name in parser.sections():
        sec = parser[name]
        unknown = {k for k in sec if k not in _KEYS and not k.startswith("help.")}
        if unknown:
            raise LibraryError(f"[{name}]: unknown keys {sorted(unknown)}")
        for key in ("when", "amount", "doc"):
            if key not in sec:
                raise LibraryError(f"[{name}]: missing {key}")
        out[name] = M.Payment(
            name=name, when=sec["when"], amount=" ".join(sec["amount"].split()),
            payer=sec.get("payer", ""), receiver=sec.get("receiver", ""),
            condition=" ".join(sec.get("if", "").split()), combine=sec.get("combine", "add"),
            zh=sec.get("zh", name), doc=sec["doc"].strip(), params=parse_params(sec.get("params", ""), f"[{name}]"),
            where=("library", name),
            helps=tuple((k[5:], " ".join(v.split())) for k, v in sec.items() if k.startswith("help.")))
    return out


#: every library payment by name
LIBRARY: dict[str, M.Payment] = load()
