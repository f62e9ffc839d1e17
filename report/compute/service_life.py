"""The service life a payback is weighed against: `[economics] service_life_years` where the test gives it (agreed
for this test), else the tool's assumed default (cold read 17, W-M1: a 5-year life against a quote with three years'
support, unflagged). Not a figure of metrics.json: payback_years does not depend on it (CONTRACT.md)."""

from __future__ import annotations

#: The years storage is commonly kept in service: the tool's default where the test agrees none (docs/recommendation.md)
DEFAULT_SERVICE_LIFE_YEARS = 5


def life_years(config) -> float:
    """The years a payback is weighed against: the test's `service_life_years`, else the default."""
    e = config.economics
    given = e.service_life_years if e is not None else None
    return DEFAULT_SERVICE_LIFE_YEARS if given is None else given


def life_agreed(config) -> bool:
    """Whether the test gives its service life (agreed for it), not the tool's assumed default."""
    return config.economics is not None and config.economics.service_life_years is not None
