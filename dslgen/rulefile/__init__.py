"""Reading and validating a rule file: YAML with positions, the specification, its JSON Schema, the engine's rules.

* :mod:`dslgen.rulefile.yamlio` — safe YAML loading with positions and limits; atomic writes;
* :mod:`dslgen.rulefile.spec` — the specification (``docs/dsl-specification.md``) as data;
* :mod:`dslgen.rulefile.schema` — the JSON Schema and the engine's documented defaults generated from it;
* :mod:`dslgen.rulefile.schemadoc` — field and value documentation for the generated schema;
* :mod:`dslgen.rulefile.validate` — schema validation with ``file:line:col`` findings;
* :mod:`dslgen.rulefile.load` — load + validate + :meth:`engine.rules.Rules.from_dict` in one call.
"""

from dslgen.rulefile.load import RuleFile, RuleFileError, load_playable, load_rules, load_rules_text, rules_from_loaded

__all__ = ["RuleFile", "RuleFileError", "load_playable", "load_rules", "load_rules_text", "rules_from_loaded"]
