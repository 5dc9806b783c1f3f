"""Review: the report (semantic, YAML and statistics diffs against a baseline), approvals, the catalog, batch regeneration."""
