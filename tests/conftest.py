"""Suite-wide settings: every Hypothesis property test runs without deadlines or speed health checks
(:mod:`tests.hypothesis_profile`), so a loaded CI machine cannot fail it."""

from __future__ import annotations

from tests.hypothesis_profile import load

load()
