"""``offline``: the deterministic drafter, the default when no API key is configured.

It needs no network: it starts from the catalog variant most similar to the description, applies
every rule fact it can read (:mod:`dslgen.generate.description_facts`) and lists every clause it could not map.
Its answer has the same format a model's has, so the rest of the pipeline treats both alike.
"""

from __future__ import annotations

from dslgen.generate.drafter import draft_offline
from dslgen.generate.providers import Provider, ProviderError, Reply, Request, provider
from dslgen.rulefile.yamlio import dump_yaml


NO_EXAMPLES = "离线起草需要目录中至少一个带 meta.description 的示例玩法"
NO_EXAMPLES_HINT = "用 DSLGEN_CATALOG 指定一个含示例玩法（带 meta.description 的 .yaml）的目录，或不设它以使用随安装包附带的目录"


@provider("offline")
class OfflineProvider(Provider):
    """Drafts from the closest catalog variant plus the facts read from the description."""

    deterministic = True
    can_repair = False
    needs_examples = True

    @property
    def model(self) -> str:
        """The drafter's identity in provenance."""
        return "offline-drafter"

    def complete(self, request: Request) -> Reply:
        """One deterministic draft (findings cannot change it, so there is a single round)."""
        if not request.catalog:  # the pipeline refuses this before drafting; a direct caller gets the same words
            raise ProviderError("config", NO_EXAMPLES, hint=NO_EXAMPLES_HINT)
        draft = draft_offline(request.description, request.catalog, request.name)
        notes = dump_yaml({
            "base": draft.base,
            "gaps": draft.facts.gaps,
            "mapping": draft.facts.mapping,
            "unmapped": draft.facts.unmapped,
        })
        text = f"```yaml\n{dump_yaml(draft.data).rstrip()}\n```\n\n```gaps\n{notes.rstrip()}\n```\n"
        return Reply(text=text, model=self.model, finish_reason="stop")
