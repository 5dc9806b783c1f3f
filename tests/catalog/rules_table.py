"""Rules tables for the tests: the checker lives in :mod:`dslgen.catalog_tables` (``dslgen catalog verify`` uses it)."""

from dslgen.catalog_tables import (CATALOG, ROOT, TABLES, Counts, PathError, TableReport,  # noqa: F401
                                   catalog_ids, check_table, parse_path, resolve, table_findings, table_ids,
                                   tables_dir)
