"""The shipped payment library: ``standard.pays`` is where every named settlement formula is defined.

One ``[名字]`` section per payment, ``key = value`` lines (see the file's header); a section
``[名字/部分]`` is a further part of payment 名字, run right after it (and after the parts before it) with
the same parameters, so one settlement item may move money in several steps. :func:`load` reads it
once; :data:`LIBRARY` maps each name to its :class:`~engine.payments.model.Payment` and :data:`PARTS`
each name to its further parts. A rule file uses a
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
_KEYS = {"zh", "doc", "when", "payer", "receiver", "if", "amount", "combine", "liable", "params"}


class LibraryError(ValueError):
    """The library file is malformed (a packaging bug, never a user error)."""


def parse_params(text: str, where: str = "") -> tuple[tuple[str, Any], ...]:
    """``"value: 2, mode: multiply | add, on_draw: false"`` → ``(("value", 2), ("mode", ("multiply", "add")), …)``.

    A list parameter is written ``name: [默认 词…] 可选词 | …`` (``cases: [robbed_kong] robbed_kong | third_meld``)
    or ``name: []`` for a list of any words; it reads as a :class:`~engine.payments.model.Many`."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, default = (x.strip() for x in part.partition(":"))
        if not sep or not name:
            raise LibraryError(f"{where}: parameter {part!r} is not 'name: default'")
        if default.startswith("["):
            inside, closed, rest = default[1:].partition("]")
            if not closed:
                raise LibraryError(f"{where}: list parameter {name} lacks its ']'")
            choices = tuple(w.strip() for w in rest.split("|") if w.strip())
            words = tuple(inside.split())
            if choices and set(words) - set(choices):
                raise LibraryError(f"{where}: list parameter {name} defaults to words outside its choices")
            out.append((name, M.Many(words, choices)))
            continue
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
    """Read the library (``text``, or the shipped file) into ``name -> Payment``, in file order; a part
    section ``[名字/部分]`` is keyed ``名字/部分`` and follows its payment (see :func:`parts_of`)."""
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
        head, slash, _ = name.partition("/")
        owner = out.get(head) if slash else None
        if slash and owner is None:
            raise LibraryError(f"[{name}]: part of an unknown payment {head!r} (its section must come first)")
        required = ("when", "amount") if slash else ("when", "amount", "doc")
        for key in required:
            if key not in sec:
                raise LibraryError(f"[{name}]: missing {key}")
        out[name] = M.Payment(
            name=name, when=sec["when"], amount=" ".join(sec["amount"].split()),
            payer=sec.get("payer", ""), receiver=sec.get("receiver", ""),
            condition=" ".join(sec.get("if", "").split()), combine=sec.get("combine", "add"),
            liable=" ".join(sec.get("liable", "").split()),
            zh=sec.get("zh", "" if owner else name), doc=sec.get("doc", "").strip(),
            params=owner.params if owner else parse_params(sec.get("params", ""), f"[{name}]"),
            where=("library", name),
            helps=owner.helps if owner else tuple((k[5:], " ".join(v.split())) for k, v in sec.items()
                                                  if k.startswith("help.")))
    return out


def parts_of(library: dict[str, M.Payment], name: str) -> tuple[M.Payment, ...]:
    """Payment ``name`` and its further parts, in the order they run."""
    return (library[name],) + tuple(p for k, p in library.items() if k.startswith(name + "/"))


#: every library payment by name (parts as ``名字/部分``)
LIBRARY: dict[str, M.Payment] = load()
