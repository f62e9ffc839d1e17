"""Model loading: the spread of each load and a stability warning."""

from report.blocks import Table
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def test_loads_carry_their_spread_and_a_stability_warning():
    ctx, _m = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "loading").blocks if isinstance(b, Table))
    assert [r[0] for r in table.rows] == ["7B", "32B", "32B"]  # natural order, then platform
    assert table.rows[1][4:] == ("110.0 ± 14.1", "11.0 ± 1.4", "12.9 / 12.9", "99.0", "10.00×", "5.75–17.39×")
    warning = next(t for t in texts(section(ctx, "loading").blocks) if "unstable" in t)
    assert warning.startswith("32B on Atlas 910B: the load times spread by 12.9% and 12.9% (CV), above the 10%")
