"""The cold starts a year at which faster loads would pay for the candidate (report/compute/load_value.py), on a small
folder whose figures are worked by hand."""

from __future__ import annotations

from report.compute import compute
from report.compute.load_value import cold_starts_to_pay
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import TOML, write_folder

PRICED = TOML + '\n[economics]\ngpu_hour_price = 2.0\ncurrency = "USD"\nruns_per_year = 10\ncandidate_price = 100000\n'


def _folder(tmp_path, toml: str, loads: str):
    tmp_path.mkdir(exist_ok=True)
    path = write_folder(tmp_path / "loads", toml, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    (path / "load_times.csv").write_text("system,model,platform,size_gb,run,load_s\n" + loads)
    test = read_joint_test(path)
    return test, compute(test)


#: Two models: M saves 20 − 10 = 10 s a cold start, N 8 − 6 = 2 s; each pair two runs a side, spread within 5%.
LOADS = (
    "Filer,M,P,10,1,19.9\nFiler,M,P,10,2,20.1\nCand,M,P,10,1,9.9\nCand,M,P,10,2,10.1\n"
    "Filer,N,P,2,1,7.9\nFiler,N,P,2,2,8.1\nCand,N,P,2,1,5.9\nCand,N,P,2,2,6.1\n"
)


def test_the_pair_that_saves_most_sets_the_cold_starts_that_pay_the_price(tmp_path):
    # M: 10 s × 8 GPUs (the default node) ÷ 3600 × 2.0 USD = 0.0444 USD a cold start; 100,000 USD ÷ (5 years ×
    # 0.0444) = 450,000 cold starts a year
    c = cold_starts_to_pay(*_folder(tmp_path, PRICED, LOADS))
    assert c is not None and (c.model, c.gpus, c.years, c.currency) == ("M", 8, 5, "USD")
    assert abs(c.saved_s - 10.0) < 1e-9 and abs(c.per_start - 10 * 8 / 3600 * 2.0) < 1e-12
    assert abs(c.per_year - 450_000) < 1e-6
    # a day: 450,000 ÷ 365 = 1,232.9 (cold read 16, U-M3: 1.64 million a year is about 4,490 a day)
    assert abs(c.per_day - 1232.8767) < 1e-4


def test_no_count_without_a_price_or_an_established_faster_pair(tmp_path):
    assert cold_starts_to_pay(*_folder(tmp_path / "a", TOML, LOADS)) is None  # no [economics]
    # one run a side: no spread, not established
    one = "Filer,M,P,10,1,20\nCand,M,P,10,1,10\n"
    assert cold_starts_to_pay(*_folder(tmp_path / "b", PRICED, one)) is None
    slower = "Filer,M,P,10,1,9.9\nFiler,M,P,10,2,10.1\nCand,M,P,10,1,19.9\nCand,M,P,10,2,20.1\n"
    assert cold_starts_to_pay(*_folder(tmp_path / "c", PRICED, slower)) is None
