"""Appendix B carries a formula for each of schema 4's figures the report can print (a figure without its formula is a
defect), and none for a figure that is absent."""

from report.document.blocks import Definitions
from tests.conftest import DATA, FIXTURES, ROOT
from tests.sections.helpers import build, section

ALWAYS = {"Outlier", "G4's ceiling", "Longest interval at which G4 passes", "Every save against the bandwidth"}
ALWAYS |= {"Loads established"}
NODE_LOCAL = {"A node's share", "Audit of storage local to each node", "Projection on storage local to each node"}


def formulas(path) -> dict[str, str]:
    ctx, _m = build(path)
    return dict(next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items)


def test_default_data_has_the_schema_4_formulas_without_money_outliers_or_nodes():
    shown = formulas(DATA)
    assert set(shown) >= ALWAYS
    assert not {"Without the outliers", "Value at the optimal intervals", "Payback"} & set(shown)
    assert not NODE_LOCAL & set(shown)
    assert shown["Outlier"].startswith("|0.6745 × (x − median) ÷ MAD| > 3.5, MAD the median of |x − median|")


def test_value_at_the_optima_with_economics_and_payback_only_with_a_price(folder):
    shown = formulas(FIXTURES / "economics")
    assert "Value at the optimal intervals" in shown and "Payback" not in shown
    path = folder("economics")
    (path / "test.toml").write_text(
        (path / "test.toml").read_text().replace("runs_per_year  = 12", "runs_per_year = 12\ncandidate_price = 1e6")
    )
    assert shown["Value at the optimal intervals"] == formulas(path)["Value at the optimal intervals"]
    assert formulas(path)["Payback"].startswith("price of the candidate storage ÷ the value a year")


def test_node_local_formulas_and_the_outliers_formula_where_they_apply():
    shown = formulas(FIXTURES / "long_names")  # a baseline local to each node
    assert set(shown) >= NODE_LOCAL
    assert (
        shown["Nodes of a job"] == "nodes = ceil(GPUs ÷ GPUs per node); GPUs per node as agreed for this test, else 8"
    )
    assert "Without the outliers" in formulas(ROOT / "examples" / "node-local-72b")  # its candidate's run 4
