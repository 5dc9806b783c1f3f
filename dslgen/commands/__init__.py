"""Subcommands. Each module defines a click command named ``command``; the CLI mounts them all."""
