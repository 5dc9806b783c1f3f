"""The reviewer's workbench in a browser (``dslgen serve``).

- :mod:`dslgen.web.app` — the Starlette application: drafts and catalog pages,
  the review report, approve / reject, and the table's JSON API.
- :mod:`dslgen.web.table` — one person playing a variant against bots through
  the engine's own observation / legal-actions / apply interface.
- :mod:`dslgen.web.replay_page` — the self-contained page of ``dslgen replay --html``.
"""
