"""Model loading: the spread of each load and a stability warning."""

from report.blocks import Table
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def test_loads_carry_their_spread_and_a_stability_warning():
    ctx, _m = build(FIXTURES / "repeated")
    table = next(b for b in section(ctx, "loading").blocks if isinstance(b, Table))
    assert [r[0] for r in table.rows] == ["7B", "32B", "32B"]  # natural order, then platform
    assert table.rows[1][4:] == ("110 ± 14.1", "11.0 ± 1.41", "12.9 / 12.9", "99.0", "10.0×", "5.75–17.4×")
    warning = next(t for t in texts(section(ctx, "loading").blocks) if "unstable" in t)
    assert warning.startswith("32B on Atlas 910B: the load times spread by 12.9% and 12.9% (CV), above the 10%")


def test_long_system_names_head_their_columns_by_role():
    """A 60-character name would wrap a narrow number column over more than three lines: the role heads it, the note
    names the system; names up to 24 characters head their own columns, as before."""
    from report.sections import loading

    long = "Enterprise NFS v4.1 filer (2 heads, 2 x 100 GbE, nconnect=8)"
    headers, named = loading._system_headers(long, "Mingxin FX100")
    assert headers == ("Load baseline (s)", "Candidate (s)")
    assert named == f"Load baseline: {long}; candidate: Mingxin FX100."
    assert loading._system_headers("NFS", "Mingxin FX100") == (("NFS (s)", "Mingxin FX100 (s)"), "")
