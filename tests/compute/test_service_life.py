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
