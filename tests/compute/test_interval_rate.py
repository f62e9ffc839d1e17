"""The failure rate today's interval implies (report/compute/interval_rate.py): cold read 19, Z-M1 (the record set the
interval "from the cluster's 2026 failure frequency", which implies about 1,130 h per GPU against the 20,000 h the
analysis rests on) and Z minor 8 (the lower end of the band where switching recovers more, unexplained)."""

from types import SimpleNamespace

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.interval_rate import _turns_between
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

LINE = '"tools"             = "fio 3.36; Megatron-LM core 0.8; vLLM 0.6.3"'
ZH_LINE = '"tools"             = { label = "测试工具", text = "fio 3.36；Megatron-LM core 0.8；vLLM 0.6.3" }'


def _with_interval_line(folder, text: str, key: str = "checkpoint interval"):
    data = folder("node_local_retune")
    toml = data / "test.toml"
    source = toml.read_text()
    toml.write_text(
        source.replace(LINE, LINE + f'\n"{key}" = "{text}"').replace(
            ZH_LINE, ZH_LINE + f'\n"{key}" = {{ label = "检查点间隔", text = "每 500 步保存一次" }}'
        )
    )
    return data


def _found(data):
    test = read_joint_test(data)
    return decide(test, compute(test)).get("interval_rate")


def test_an_interval_set_from_failures_implies_a_rate_said_beside_the_one_set(folder):
    """fixtures/node_local_retune: 500 steps × 4.2 s = 2,100 s; the local SSD saves in 38.07 s on 64 GPUs. Young's
    optimum 2,100 s gives a job MTBF of 2,100² ÷ (2 × 38.07) = 57,919.6 s, per GPU × 64 ÷ 3,600 = 1,029.7 h, a failure
    rate 30,000 ÷ 1,029.7 = 29.1× the one set (30,000 h): past RATE_MARGIN (10)."""
    data = _with_interval_line(folder, "every 500 steps, set by the customer from the cluster's failure rate")
    found = _found(data)
    assert found is not None and found.scope.items == ("baseline",)
    assert found["implied_hours"] == pytest.approx(2100**2 / (2 * 38.07) * 64 / 3600, rel=1e-9)
    assert found["ratio"] == pytest.approx(30000 / 1029.69, rel=1e-4)
    ctx, _m = build(data)
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "The record says today's interval was set from the cluster's failure rate: as the optimal interval on "
        "local SSD, it implies a per-GPU MTBF of about 1,030 h, a failure rate 29.1× the 30,000 h this analysis "
        "rests on." in failures.replace("Local SATA SSD (per node)", "local SSD")
    )
    # page 1: 1,030 h lies in the band where switching recovers more (317 h to 18,200 h), so the comparison turns
    # between the two rates
    assert found["turns"]
    reasons = " ".join(ctx.cover.reasons).replace("Local SATA SSD (per node)", "local SSD")
    assert (
        "Today's interval, as the optimal interval on local SSD, implies about 1,030 h, where switching wins."
        in reasons
    )


def test_an_interval_the_record_does_not_tie_to_failures_implies_no_rate(folder):
    assert _found(_with_interval_line(folder, "every 500 steps, set for evaluation")) is None


def _m(flip, edge, here=20000.0):
    return SimpleNamespace(
        flip_mtbf_hours=flip, flip_edge_mtbf_hours=edge, reliability=SimpleNamespace(gpu_mtbf_hours=here)
    )


def test_the_comparison_turns_between_the_two_rates_only_inside_the_band_where_switching_wins():
    # Z: switching recovers more between 419 h and 8,840 h; today's interval implies 1,130 h
    assert _turns_between(_m(8840.0, 419.0), 1130.0)
    assert not _turns_between(_m(8840.0, 419.0), 300.0)  # below the band re-tuning wins again
    # no far edge: switching wins below the flip, as seen from 20,000 h
    assert _turns_between(_m(5000.0, None), 1000.0)
    assert not _turns_between(_m(500.0, None), 1000.0)
    assert not _turns_between(_m(None, None), 1000.0)


def test_the_failure_assumptions_line_names_the_mtbf_not_the_checkpoint_interval(folder):
    """cold16_u's line "每块加速卡平均故障间隔 52,000 小时、故障后 570 s 恢复训练" says 间隔 (of failures) and 故障:
    no interval set from failures (its decision page ran over with a page-1 sentence it did not earn)."""
    data = _with_interval_line(folder, "平均故障间隔 30,000 小时、故障后 600 s 恢复训练，取自集群故障记录", "故障假设")
    assert _found(data) is None
    text = "mean time between failures 30,000 h per GPU, from the cluster's failure records"
    data = _with_interval_line(folder, text, "failure assumptions")
    assert _found(data) is None
