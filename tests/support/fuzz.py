"""The hypothesis profiles of the two test tiers. The examples of a hypothesis test are written as its count at
the quick profile (``fuzz_settings(n)``); the long profile (``HYPOTHESIS_PROFILE=long``) runs five times as many.
Both are derandomized: a failure seen once is seen again from the same command."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

EXAMPLE_SCALE = {"quick": 1, "long": 5}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in EXAMPLE_SCALE:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: expected one of {sorted(EXAMPLE_SCALE)}")

for _name, _scale in EXAMPLE_SCALE.items():
    settings.register_profile(_name, deadline=None, derandomize=True, max_examples=100 * _scale,
                              suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(PROFILE)


def fuzz_settings(examples: int) -> settings:
    """Settings for ``examples`` examples at the quick profile, scaled by the loaded profile (the profile's
    deadline, derandomization and health checks are inherited)."""
    return settings(max_examples=examples * EXAMPLE_SCALE[PROFILE])
