"""`python -m dslgen` runs the command-line interface."""

import sys

from dslgen.cli import main

sys.exit(main())
