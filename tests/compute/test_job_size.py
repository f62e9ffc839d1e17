"""The job sizes a recommendation holds for where a larger timed workload reverses it (compute/job_size.py; cold read
16, T-B1/T-M4/T-B2/T-M8). long_names judged on its 7B workload (8 GPUs, 1 node of 8): the baseline (each node's own
RAID-0) saves 98.4 GB in (59.00 + 59.60 + 60.20 + 60.80 + 61.40) ÷ 5 = 60.20 s, 1.6346 GB/s on its one node; the
candidate in (21.07 + 21.29 + 21.50 + 21.71 + 21.93) ÷ 5 = 21.50 s, 98.4 ÷ 21.50 = 4.5767 GB/s."""

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.job_size import crossover_nodes
from report.inputs.joint_test import read_joint_test

MODEL_7B = "Qwen2.5 7B instruction tune (BF16)"
MODEL_70B = "Llama-3 70B full fine-tune (BF16, ZeRO-3)"


def judged_on_7b(folder, baseline_70b: tuple[str, ...], candidate_70b: tuple[str, ...]):
    """long_names judged on its 7B workload, its 70B rows (256 GPUs, 32 nodes, 970 GB) given the times listed: its
    figures and its `job_size_scope` finding."""
    test = read_joint_test(prepared(folder, baseline_70b, candidate_70b))
    m = compute(test)
    return m, decide(test, m).get("job_size_scope")


def prepared(folder, baseline_70b: tuple[str, ...], candidate_70b: tuple[str, ...]):
    """The folder `judged_on_7b` reads."""
    data = folder("long_names")
    toml = data / "test.toml"
    toml.write_text(toml.read_text().replace(f'"{MODEL_70B}"\n', f'"{MODEL_7B}"\n', 1))
    saves = data / "save_times.csv"
    lines, seen = [], {"Local": 0, "Mingxin": 0}
    for line in saves.read_text().splitlines():
        cells = line.split(",")
        if MODEL_70B in line:
            side = "Local" if line.startswith('"Local') else "Mingxin"
            cells[-1] = (baseline_70b if side == "Local" else candidate_70b)[seen[side]]
            seen[side] += 1
        lines.append(",".join(cells))
    saves.write_text("\n".join(lines) + "\n")
    return data


CEILING = (("19.90", "19.95", "20.00", "20.05", "20.10"), ("193.90", "193.95", "194.00", "194.05", "194.10"))


def test_a_shared_ceiling_scopes_the_recommendation_to_a_node_count(folder):
    """70B at 32 nodes: the candidate writes 970 ÷ 194.00 = 5.000 GB/s in all (its 4.577 on one node × 1.09), the
    baseline 970 ÷ 20.00 ÷ 32 = 1.5156 GB/s a node (0.927 of its 1.6346): a ceiling. Held at 5.000 GB/s, the candidate
    is matched at 5.000 ÷ 1.6346 = 3.059 nodes: the baseline is faster from 4 nodes, the recommendation holds up to 3
    (24 GPUs)."""
    m, f = judged_on_7b(folder, *CEILING)
    assert f is not None and f.scope.items == (MODEL_70B,)
    assert (f["train_nodes"], f["large_nodes"], f["gpus"]) == (1, 32, 256)
    assert f["candidate_train_gbps"] == pytest.approx(4.5767, abs=1e-4)
    assert f["candidate_large_gbps"] == pytest.approx(5.0)
    assert f["baseline_train_per_node_gbps"] == pytest.approx(1.6346, abs=1e-4)
    assert f["baseline_large_per_node_gbps"] == pytest.approx(1.515625)
    assert f["ceiling"] is True
    assert f["up_to_nodes"] == 3
    assert f["candidate_bandwidth_gbps"] == m.bandwidth.candidate_gbps


def test_a_candidate_whose_rate_fell_is_no_ceiling(folder):
    """The fixture's 70B slowed on the candidate (mean 805.40 s: 1.204 GB/s, below its 4.577) and the baseline's at
    402.70 s, 970 ÷ 402.70 ÷ 32 = 0.0753 GB/s a node (0.046 of 1.6346, under 0.75): its rate per node did not hold,
    so no node count is computed; the scope is the training job's."""
    slow_b = ("394.65", "398.67", "402.70", "406.73", "410.75")
    slow_c = ("803.40", "804.40", "805.40", "806.40", "807.40")
    _m, f = judged_on_7b(folder, slow_b, slow_c)
    assert f is not None
    assert f["candidate_large_gbps"] == pytest.approx(970 / 805.40)
    assert f["ceiling"] is False and f["up_to_nodes"] is None


def test_nothing_where_no_larger_workload_is_slower(folder):
    """The fixture's own 70B times (candidate 95.60 s against 402.70 s): faster on the candidate, no finding."""
    _m, f = judged_on_7b(
        folder,
        ("394.65", "398.67", "402.70", "406.73", "410.75"),
        ("93.69", "94.64", "95.60", "96.56", "97.51"),
    )
    assert f is None


def test_the_crossover_is_the_first_whole_node_above_the_ratio():
    """n > C ÷ r: 145.5 ÷ 10.7 = 13.6 → 14; 10 ÷ 2.5 = 4 exactly is a tie, so 5."""
    assert crossover_nodes(10.7, 145.5) == 14
    assert crossover_nodes(2.5, 10.0) == 5


def test_a_projection_s_sign_is_given_where_its_times_and_the_turning_node_count_agree():
    """Turning after 13 nodes of 16 GPUs: 256 GPUs = 16 nodes, baseline ahead by the count; its times 12.5 s against
    14.7 s agree, so the baseline is faster. 128 GPUs = 8 nodes, candidate ahead by the count, 20.0 s against 9.0 s
    agree. 512 GPUs = 32 nodes, the baseline by the count but 30 s against 20 s by the times: no sign. No GPU count,
    no sign; no turning count, none at all."""
    from types import SimpleNamespace as NS

    from report.compute.job_size import projections_agree

    p = [
        NS(name="256", gpus=256, baseline_s=12.5, candidate_s=14.7),
        NS(name="128", gpus=128, baseline_s=20.0, candidate_s=9.0),
        NS(name="512", gpus=512, baseline_s=30.0, candidate_s=20.0),
        NS(name="size only", gpus=None, baseline_s=1.0, candidate_s=2.0),
    ]
    m = NS(projections=p)
    assert projections_agree(m, 13, 16) == {"256": "baseline", "128": "candidate"}
    assert projections_agree(m, None, 16) == {}
