"""Capability and compliance checks for rule files (``dslgen check``).

Every check is a registered unit with a stable code (see :mod:`dslgen.checks.registry`);
:func:`dslgen.checks.runner.check_file` and :func:`dslgen.checks.runner.check_data`
run them all and return a :class:`~dslgen.checks.runner.FileReport`.
"""
