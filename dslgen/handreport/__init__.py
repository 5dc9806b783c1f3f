"""The ``dslgen hand`` report: the solver part (:mod:`.shape`: shanten, waits, readings) and the scoring part (:mod:`.score`)."""
