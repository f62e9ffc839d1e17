"""The service life a payback is weighed against (report/compute/service_life.py): `[economics] service_life_years`
where given, agreed for the test, else the tool's assumed 5 years; it moves every rule that weighs a payback, and
nothing in metrics.json (CONTRACT.md: payback_years = price ÷ the cluster's value at the optima)."""

from __future__ import annotations

from report.compute import compute
from report.compute.findings import decide
from report.compute.money_rules import paid_for_cluster_at_optima
from report.compute.service_life import DEFAULT_SERVICE_LIFE_YEARS, life_agreed, life_years
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import write_folder
from tests.compute.test_load_value import PRICED


def _decided(tmp_path, toml: str):
    test = read_joint_test(write_folder(tmp_path, toml, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9]))
    m = compute(test)
    return test, m, decide(test, m)


def test_the_default_life_is_five_years_and_not_agreed(tmp_path):
    test, m, found = _decided(tmp_path / "a", PRICED)
    assert DEFAULT_SERVICE_LIFE_YEARS == 5
    assert life_years(test.config) == 5 and not life_agreed(test.config)
    value = found.get("value_priced")
    assert value["life"] == 5 and value["life_agreed"] is False
    # the price the time saved pays within the life at the optima: 5 × the whole cluster's value there
    assert value["price_for_life_optima"] == 5 * m.economics.optimum_cluster_value_per_year


def test_a_life_given_is_agreed_and_moves_the_rules_not_metrics_json(tmp_path):
    _, m5, five = _decided(tmp_path / "a", PRICED)
    test, m, found = _decided(tmp_path / "b", PRICED + "service_life_years = 2.5\n")
    assert life_years(test.config) == 2.5 and life_agreed(test.config)
    value = found.get("value_priced")
    assert (value["life"], value["life_agreed"]) == (2.5, True)
    assert value["price_for_life_optima"] == 2.5 * m.economics.optimum_cluster_value_per_year
    # metrics.json's payback is the price over the value at the optima, whatever the life
    assert m.economics.payback_years == m5.economics.payback_years
    # a payback between the two lives pays within five years and not within two and a half
    years = value["payback_years"]
    assert years is not None
    assert paid_for_cluster_at_optima(five) == (years <= 5)
    assert paid_for_cluster_at_optima(found) == (years <= 2.5)


def test_the_price_notes_years_of_support_are_the_assumed_lifes_source(tmp_path):
    """Chinese reading 18, X minor 6; cold read 18, X minor 7, Y minor 4: the record's price note said "five years'
    support included" and the report called the 5-year life a default. The first price note that gives years of
    support is kept with the money finding, in either language and in figures or words; a note that names no price
    (a drive's warranty under the storage line) is not the price's support."""
    from report.compute.service_life import support_years

    class Config:
        def __init__(self, environment, sources=None):
            self.environment, self.sources = environment, sources or {}

    assert support_years(Config([("economics", "CNY 13.8 million, quote Q-1, five years' support included")])) == 5
    assert support_years(Config([("经济参数", "报价 1,380 万元（报价单 Q-1，含五年维保）")])) == 5
    assert support_years(Config([("price", "USD 2 million with 3 years of support")])) == 3
    assert support_years(Config([("经济参数", "报价 90 万元，含 3 年原厂服务")])) == 3
    assert support_years(Config([("candidate storage", "drives with five years' warranty")])) is None
    assert support_years(Config([("economics", "the price, support not included")])) is None
    toml = PRICED.replace("candidate_price = 100000\n", "candidate_price = 100000\n")
    toml += '\n[environment]\neconomics = "a quote of USD 100,000, four years of support included"\n'
    _, _m, found = _decided(tmp_path / "a", toml)
    assert found.get("value_priced")["support"] == 4
    _, _m, found = _decided(tmp_path / "b", PRICED)
    assert found.get("value_priced")["support"] is None
