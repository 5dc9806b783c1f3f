"""Issue 30 item 15: no property test depends on the machine's speed. The suite's Hypothesis profile is in
force, and every property test in ``tests/`` — including those passing their own ``@settings`` — runs with
no deadline and with the speed health checks suppressed."""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hypothesis_profile import PROFILE, SUPPRESSED

TESTS = Path(__file__).resolve().parent


def _problems(s: settings) -> list[str]:
    out = []
    if s.deadline is not None:
        out.append(f"deadline={s.deadline}")
    missing = [h.name for h in SUPPRESSED if h not in s.suppress_health_check]
    if missing:
        out.append("health checks not suppressed: " + ", ".join(missing))
    return out


def test_the_suite_profile_is_in_force():
    assert settings.get_current_profile_name() == PROFILE
    assert _problems(settings.default) == []
    assert HealthCheck.too_slow in settings.default.suppress_health_check


@given(st.integers())
def test_a_property_test_without_settings_gets_the_profile(n):
    assert _problems(settings.default) == []


def _property_tests(module) -> list[tuple[str, object]]:
    found = []
    for name, obj in vars(module).items():
        candidates = [(name, obj)]
        if inspect.isclass(obj):
            candidates = [(f"{name}.{k}", v) for k, v in vars(obj).items()]
        found += [(n, o) for n, o in candidates if getattr(o, "is_hypothesis_test", False)]
    return found


def _modules_using_hypothesis() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py")
                  if p != Path(__file__).resolve() and "hypothesis" in p.read_text(encoding="utf-8"))


def test_every_property_test_in_the_suite_ignores_speed():
    """Imports each test module that uses Hypothesis and reads the settings its property tests run under
    (an explicit ``suppress_health_check`` replaces the profile's list, so it must include SUPPRESSED)."""
    checked, bad = 0, []
    for path in _modules_using_hypothesis():
        sys.path.insert(0, str(path.parent))  # as pytest imports it: its folder's helpers importable by name
        try:
            module = importlib.import_module(".".join(("tests", *path.relative_to(TESTS).with_suffix("").parts)))
        except pytest.skip.Exception:
            continue  # an optional dependency is missing: that module does not run here either
        finally:
            sys.path.remove(str(path.parent))
        for test_name, test in _property_tests(module):
            checked += 1
            bad += [f"{path.relative_to(TESTS)}::{test_name}: {p}" for p in _problems(test._hypothesis_internal_use_settings)]
    assert checked >= 10, f"only {checked} property tests found: the scan is broken"
    assert bad == [], "\n".join(bad)
