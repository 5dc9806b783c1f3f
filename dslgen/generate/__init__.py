"""Drafting rule files from a description: prompts, model providers, the repair loop and draft folders.

Entry points: :func:`dslgen.generate.pipeline.run_new` (the whole ``dslgen new`` job) and
:func:`dslgen.generate.draft.load_draft` (read a draft folder back, for review and approval).
"""
