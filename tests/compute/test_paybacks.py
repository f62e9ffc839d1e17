"""Page 2's one payback and the others (report/compute/paybacks.py), on cold tests 15, R by hand: a price of 1,240,000
EUR; 64 runs a year worth 402,426 EUR at today's interval; the whole 1,728-GPU cluster 4,310,244 EUR a year at
today's interval, 604,027 EUR with each system at its optimal interval."""

from report.compute.findings import Finding, Findings, Scope
from report.compute.paybacks import (
    CLUSTER_OPTIMA,
    CLUSTER_TODAY,
    JOB_OPTIMA,
    JOB_TODAY,
    job_optima_value,
    main_basis,
    other_paybacks,
    page_one_range,
    paybacks,
)

PRICE = 1_240_000


def _found(optimum: float | None = 604_027.3) -> Findings:
    figures = {
        "price": PRICE,
        "job_payback_years": PRICE / 402_426.2,  # 3.081
        "payback_years": PRICE / optimum if optimum else None,  # 2.053
        "today_payback_years": PRICE / 4_310_244.2,  # 0.2877
        "fill_share": 402_426.2 / 4_310_244.2,  # 9.337%
        "optimum_per_year": optimum,
        "today_per_year": 4_310_244.2,
        "life": 5,
    }
    return Findings((Finding("value_priced", Scope("test", (), ()), figures),))


def test_every_basis_is_worked():
    """The job's at the optima: the whole cluster's there over the share the runs fill, 2.0529 ÷ 0.093365 = 21.988 years
    (604,027 × 0.09337 = 56,396 EUR a year; 1,240,000 ÷ 56,396 = 21.99)."""
    years = {p.basis: round(p.years, 3) for p in paybacks(_found()) if p.years is not None}
    assert years == {JOB_OPTIMA: 21.988, JOB_TODAY: 3.081, CLUSTER_OPTIMA: 2.053, CLUSTER_TODAY: 0.288}


def test_the_runs_given_are_page_2_s_basis():
    """Where the runs a year given have a value at the optima, page 2 gives the job's payback there, the customer's own
    plan, whatever reason decides (cold read 16, T-B3: 3.44 years on the whole cluster beside 415 on 22 runs a year);
    the whole cluster's at the optima, metrics.json's payback_years, only where nothing pays within the life
    (`unpaid`, `unpaid_optima`: "at least" then holds on every basis)."""
    found = _found()
    assert main_basis(found, ("speedup", "job_paid_today")) == JOB_OPTIMA
    assert main_basis(found, ("speedup", "job_unpaid")) == JOB_OPTIMA
    assert main_basis(found, ("speedup", "training_time")) == JOB_OPTIMA
    assert main_basis(found, ()) == JOB_OPTIMA
    assert main_basis(found, ("speedup", "unpaid")) == CLUSTER_OPTIMA
    assert main_basis(found, ("unpaid_optima",)) == CLUSTER_OPTIMA
    assert [p.basis for p in other_paybacks(found, ("job_unpaid",))] == [JOB_TODAY, CLUSTER_OPTIMA, CLUSTER_TODAY]
    assert [p.basis for p in other_paybacks(found, ())] == [JOB_TODAY, CLUSTER_OPTIMA, CLUSTER_TODAY]
    assert [p.basis for p in other_paybacks(found, ("unpaid",))] == [JOB_OPTIMA, JOB_TODAY, CLUSTER_TODAY]


def test_the_job_s_value_at_the_optima():
    """The value page 2's payback sets the price against: 604,027.3 EUR × 402,426.2 ÷ 4,310,244.2 = 56,395.0 EUR a
    year, and 1,240,000 ÷ 56,395.0 = 21.988 years, the job's payback at the optima; none without a price."""
    value = job_optima_value(_found())
    assert value is not None and round(value, 1) == 56_395.0
    assert round(PRICE / value, 3) == 21.988
    assert job_optima_value(Findings(())) is None


def test_no_payback_at_the_optima_leaves_the_cluster_s_basis():
    """Without a value at the optima, the job's payback there has none either: page 2 falls back on the whole cluster's
    basis, which says it has no payback; without a price, no basis at all."""
    found = _found(optimum=None)
    assert main_basis(found, ("job_unpaid",)) == CLUSTER_OPTIMA
    assert [p.basis for p in other_paybacks(found, ("job_unpaid",))] == [JOB_TODAY, CLUSTER_TODAY]
    assert main_basis(Findings(()), ("job_unpaid",)) is None and paybacks(Findings(())) == ()


def test_page_2_gives_both_ends_of_the_job_s_basis():
    """Cold read 20, AB-M2: beside the job's 21.988 years at the optima (beyond a 5-year life), the whole cluster's
    1,240,000 ÷ 604,027.3 = 2.053 years (within it); 604,027 EUR a year at the optima is less than 4,310,244 at today's
    interval, so "at most" does not hold of it; with 5,000,000 EUR a year at the optima (0.248 years) it does. None
    where page 2's basis is the whole cluster's (`unpaid`) or the optima have no value."""
    ends = page_one_range(_found(), ("job_unpaid",))
    assert ends is not None
    assert (round(ends.job_years, 3), round(ends.cluster_years, 3)) == (21.988, 2.053)
    assert (ends.job_within, ends.cluster_within, ends.bound) == (False, True, False)
    larger = page_one_range(_found(5_000_000), ())
    assert larger is not None and larger.bound and larger.job_within
    assert page_one_range(_found(), ("unpaid",)) is None
    assert page_one_range(_found(None), ()) is None
