"""What a check sees: the rule mapping, positions, and the engine's registries.

Checks must also run on input that failed schema validation, so every accessor
here is defensive: a field of the wrong type reads as absent.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dslgen.checks.finding import FieldPath

Locator = Callable[[FieldPath], "tuple[int, int] | None"]


@dataclass(frozen=True)
class EngineFacts:
    """The engine's registries, as sets of names, read once per process."""

    capabilities: Mapping[str, Any]  # id -> engine.capabilities.Capability
    fan_names: frozenset[str]
    fan_canonical: Mapping[str, str]  # every recognised name (synonyms too) -> canonical name
    fan_conditions: frozenset[str]  # fan_types[].condition
    conditions: frozenset[str]  # action option conditions
    hook_conditions: frozenset[str]  # pre_hooks[].condition
    self_actions: frozenset[str]
    reactions: frozenset[str]
    hooks: frozenset[str]


@functools.lru_cache(maxsize=1)
def engine_facts() -> EngineFacts:
    """Read the engine's registries (capabilities, fans, conditions, actions, hooks)."""
    from engine import capabilities, fans, settlement
    from engine.game import actions, action_conditions as conditions, hooks

    return EngineFacts(
        capabilities=capabilities.registry(),
        fan_names=frozenset(fans.recognized_names()),
        fan_canonical={n: fans.lookup(n).name for n in fans.recognized_names()},
        fan_conditions=frozenset(fans.FAN_CONDITIONS),
        conditions=frozenset(conditions.ACTION_CONDITIONS),
        hook_conditions=frozenset(hooks.HOOK_CONDITIONS),
        self_actions=frozenset(actions.SELF_ACTIONS),
        reactions=frozenset(actions.REACTIONS),
        hooks=frozenset(settlement.HOOKS),
    )


def as_map(value: Any) -> Mapping[str, Any]:
    """``value`` if it is a mapping, else an empty one."""
    return value if isinstance(value, Mapping) else {}


def as_list(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty list."""
    return list(value) if isinstance(value, (list, tuple)) else []


@dataclass
class RuleContext:
    """One rule file under check."""

    data: Mapping[str, Any]
    facts: EngineFacts
    locate: Locator | None = None
    schema_valid: bool = True
    #: the file's text, when loaded from one (expression findings point into a line of it)
    text: str = ""
    _cache: dict[str, Any] = field(default_factory=dict)

    # --- positions --------------------------------------------------------
    def position(self, path: FieldPath) -> tuple[int, int]:
        """1-based (line, column) of ``path``, or of its nearest located ancestor; (0, 0) if unknown."""
        if self.locate is None:
            return (0, 0)
        for end in range(len(path), -1, -1):
            try:
                pos = self.locate(tuple(path[:end]))
            except (KeyError, IndexError, TypeError, ValueError, AttributeError):
                pos = None
            if pos:
                return (int(pos[0]), int(pos[1]))
        return (0, 0)

    # --- sections ---------------------------------------------------------
    def get(self, *path: Any) -> Any:
        """The value at ``path``, or None when any step is missing or of the wrong type."""
        node: Any = self.data
        for part in path:
            if isinstance(part, int):
                if not isinstance(node, (list, tuple)) or not -len(node) <= part < len(node):
                    return None
                node = node[part]
            else:
                if not isinstance(node, Mapping):
                    return None
                node = node.get(part)
        return node

    @property
    def requires(self) -> list[tuple[FieldPath, str]]:
        """``requires`` entries with their paths."""
        return [(("requires", i), str(v)) for i, v in enumerate(as_list(self.get("requires"))) if isinstance(v, str)]

    @property
    def required_ids(self) -> set[str]:
        """The set of required capability ids."""
        return {v for _, v in self.requires}

    def fans(self) -> Iterator[tuple[int, Mapping[str, Any]]]:
        """(index, entry) of every well-formed ``fan_types`` entry."""
        for i, item in enumerate(as_list(self.get("fan_types"))):
            if isinstance(item, Mapping) and isinstance(item.get("name"), str):
                yield i, item

    @property
    def fan_names(self) -> set[str]:
        """Names of the declared fans."""
        return {f["name"] for _, f in self.fans()}

    def phases(self) -> Iterator[tuple[int, Mapping[str, Any]]]:
        """(index, entry) of every mapping in ``phases``."""
        for i, item in enumerate(as_list(self.get("phases"))):
            if isinstance(item, Mapping):
                yield i, item

    def play_phase(self) -> tuple[int, Mapping[str, Any]] | None:
        """The first ``type: mahjong_turn`` phase, or None."""
        return next(((i, p) for i, p in self.phases() if p.get("type") == "mahjong_turn"), None)

    def action_options(self, slot: str) -> Iterator[tuple[FieldPath, Mapping[str, Any]]]:
        """(path, option) of every option in the play phase's ``self_action`` or ``others_reaction``."""
        play = self.play_phase()
        if play is None:
            return
        i, phase = play
        block = as_map(as_map(phase.get("sub_phases")).get(slot))
        for j, opt in enumerate(as_list(block.get("options"))):
            if isinstance(opt, Mapping):
                yield ("phases", i, "sub_phases", slot, "options", j), opt

    def hooks(self) -> Iterator[tuple[FieldPath, Mapping[str, Any]]]:
        """(path, hook) of every ``scoring.pre_hooks`` entry that is a mapping."""
        for j, hook in enumerate(as_list(self.get("scoring", "pre_hooks"))):
            if isinstance(hook, Mapping):
                yield ("scoring", "pre_hooks", j), hook
