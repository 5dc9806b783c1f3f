"""The data that ships inside the package, found through :mod:`importlib.resources`.

``dslgen/data/`` holds the DSL specification, the generated JSON Schemas, the prompt
templates and the catalog of approved examples. In a source checkout these entries are
relative links to the files people edit (``docs/dsl-specification.md``, ``schemas/``,
``prompts/``, ``dsl-examples/``), so there is one copy of each; a built wheel carries real
copies under ``dslgen/data/``. Nothing here walks up from the source folder.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


#: The installed ``dslgen`` package folder.
PACKAGE_DIR = Path(str(files("dslgen")))


def data_path(*parts: str) -> Path:
    """The path of a packaged data entry, e.g. ``data_path("schemas", "x.json")``."""
    # A filesystem install (wheel, editable, source checkout) gives a real path.
    return Path(str(files("dslgen").joinpath("data", *parts)))


#: The DSL specification (source of the JSON Schema and of every documented default).
SPEC_PATH = data_path("dsl-specification.md")
#: The generated JSON Schemas.
SCHEMA_DIR = data_path("schemas")
#: The prompt templates and their ``VERSION``.
PROMPTS_DIR = data_path("prompts")
#: The catalog of approved variants shipped with the package (``dsl-examples/`` in a checkout).
CATALOG_DIR = data_path("catalog")
