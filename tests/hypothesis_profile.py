"""The Hypothesis settings every property test in this suite runs under (loaded by ``tests/conftest.py``).

No test may depend on the machine's speed: on a shared CI machine at load 20 generating an example can
take seconds, so deadlines are off and the health checks that only measure time or generation effort are
suppressed. A test that passes its own ``suppress_health_check`` must include :data:`SUPPRESSED`
(``suppress_health_check=[*SUPPRESSED, HealthCheck.function_scoped_fixture]``), because an explicit
list replaces the profile's; ``tests/test_hypothesis_profile.py`` checks every property test for it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

PROFILE = "dslgen"
#: Health checks that trip on a slow or loaded machine, not on a wrong test.
SUPPRESSED = (HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much)


def load() -> None:
    """Register and load the suite's profile: no deadline, the speed health checks suppressed, and
    examples derived from the test (the same examples on every run and every machine)."""
    settings.register_profile(PROFILE, deadline=None, suppress_health_check=SUPPRESSED, derandomize=True,
                              print_blob=True)
    settings.load_profile(PROFILE)
