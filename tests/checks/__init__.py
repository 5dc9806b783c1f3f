"""Tests of dslgen check: registry, negative files, catalog, CLI, spec drift."""
