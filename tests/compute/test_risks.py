"""The risks a sceptic raises first, decided as findings (report/compute/risks.py), on joint tests whose figures are
worked by hand: 16 GPUs, 10 GB checkpoints, 20,000 steps of 2 s, a save every 500 steps (1,000 s of compute, 40 saves,
40,000 s of compute), the default failure rate (50,677 h a GPU: M = 50,677 × 3,600 / 16 = 11,402,325 s) and restart
(600 s)."""

from __future__ import annotations

import math

import pytest

from report.compute import compute
from report.compute.findings import decide
from report.compute.risks import names_by_model
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import TOML, write_folder

M = 50677 * 3600 / 16

ASYNC_TOML = TOML.replace("step_time_s = 2.0\n", 'step_time_s = 2.0\ncheckpoint_mode = "async"\n') + (
    '\n[async]\nstaging_s = { "Base" = 8.0, "Cand" = 4.0 }\n'
)


def _found(path, finding_id):
    test = read_joint_test(path)
    m = compute(test)
    return decide(test, m).get(finding_id), m


def test_a_benefit_the_staging_times_alone_make_gives_the_storage_none_at_today_s_interval(tmp_path):
    """Cold read 15, S-B1. Writes of 12 s and 6 s both finish within the 1,000 s between saves: each side stalls for
    its staging alone, 8 s and 4 s. Wall times 40,000 + 40 × 8 = 40,320 s and 40,000 + 40 × 4 = 40,160 s: the staging
    times make 100 × 160 / 40,320 = 0.3968% and 256 × (40,320 / 40,160 − 1) = 1.0199 GPU-equivalents; with 8 s on both
    the storage makes 0. ETTR with 8 s on both at today's interval: overhead 100 × (8 / 1,000 + 1,008 / (2M) + 6 / M +
    600 / M) = 0.809735%, ETTR 1 / 1.00809735 = 0.991968. At the optimum (Young's on 8 s, sqrt(16 M) = 13,507 s,
    longer than either write) the two differ by the write lags alone, 6 s / M: 256 × 6 / M / (1 + its overhead)."""
    path = write_folder(tmp_path / "staged", ASYNC_TOML, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    found, _m = _found(path, "staging_made")
    assert found is not None and found.scope.items == ("candidate",) and not found.scope.whole
    assert found["storage_reduction_pct"] == 0 and found["storage_gpu_equivalents"] == 0
    assert found["staged_reduction_pct"] == pytest.approx(100 * 160 / 40320)
    assert round(found["staged_reduction_pct"], 4) == 0.3968
    assert round(found["staged_gpu_equivalents"], 4) == 1.0199
    assert round(100 * (8 / 1000 + 1008 / (2 * M) + 6 / M + 600 / M), 6) == 0.809735
    assert round(found["storage_ettr"], 6) == 0.991968
    best = math.sqrt(16 * M)
    assert round(best) == 13507
    overhead_c = 100 * (8 / best + (best + 8) / (2 * M) + 6 / M + 600 / M)
    assert found["storage_optimum_gpu_equivalents"] == pytest.approx(256 * (6 / M) / (1 + overhead_c / 100))
    assert round(found["storage_optimum_gpu_equivalents"], 7) == 0.0001345
    assert found["storage_optimum_value_per_year"] is None  # no [economics]
    # cold read 20, AC-M2: 8 s against 4 s, one figure a side with no spread: the difference is not established
    assert found["established"] is False


def test_equal_staging_or_a_synchronous_job_makes_no_staging_finding(tmp_path):
    equal = ASYNC_TOML.replace('"Cand" = 4.0', '"Cand" = 8.0')
    assert _found(write_folder(tmp_path / "equal", equal, [12.0], [6.0]), "staging_made")[0] is None
    assert _found(write_folder(tmp_path / "sync", TOML, [12.0], [6.0]), "staging_made")[0] is None


@pytest.mark.parametrize(
    ("note", "trainers"),
    [
        ("PyTorch DCP synchronous save, until every rank's fsync returned", ("PyTorch DCP",)),
        ("torchtitan 0.2 with async_mode disabled; Megatron-LM never used", ("Megatron-LM", "torchtitan")),
        # a model named Mistral NeMo is no NeMo trainer; PaddlePaddle is not among the trainers the report names
        ("PaddlePaddle 3.0 saving Mistral NeMo 12B synchronously", ()),
    ],
)
def test_the_trainers_the_records_name_that_can_save_asynchronously(tmp_path, note, trainers):
    """Cold read 15, R-M3 (torchtitan named, "this test does not show"); Chinese reading 15pq, P-M3 (PaddlePaddle).
    Synchronous saves of 12 s and 6 s: the run is 100 × 40 × 6 / (40,000 + 40 × 12) = 0.5929% shorter, none with
    asynchronous saves (both writes within the 1,000 s); a node stages 10 GB × 8 / 16 = 5 GB."""
    toml = TOML + f'\n[sources]\nsave_times = "{note}"\n'
    found, _m = _found(write_folder(tmp_path / "sync", toml, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9]), "async_trainer")
    assert found is not None and found["trainers"] == trainers
    assert round(found["sync_reduction_pct"], 4) == 0.5929 and found["async_reduction_pct"] == 0
    assert found["staged_per_node_gb"] == 5.0 and found["staging_given"] is False


def test_no_asynchronous_counterpoint_where_asynchronous_saves_take_nothing_away(tmp_path):
    """An asynchronous job already saves so; a synchronous one whose baseline's write (1,200 s) outlasts the 1,000 s
    interval keeps part of its benefit asynchronously: the finding is there, with that part."""
    assert _found(write_folder(tmp_path / "async", ASYNC_TOML, [12.0], [6.0]), "async_trainer")[0] is None
    found, _m = _found(
        write_folder(tmp_path / "slow", TOML, [1200.0, 1201.0, 1199.0], [6.0, 6.1, 5.9]), "async_trainer"
    )
    # stalls asynchronously: 0 + (1,200 − 1,000) = 200 s against 0 s: 100 × 40 × 200 / (40,000 + 40 × 200) = 16.67%
    assert found is not None and round(found["async_reduction_pct"], 2) == 16.67


def test_a_failure_state_timed_on_one_side_leaves_the_other_s_untested(tmp_path):
    """Cold read 15, R-M4: the baseline's run 5 (30 s among 12 s runs, modified z-score 121) ran through a controller
    failover the record names; the candidate was timed healthy only: the finding holds for the candidate."""
    toml = TOML + '\n[sources]\nsave_times = "during Base run 5 controller A took over from controller B"\n'
    path = write_folder(tmp_path / "failover", toml, [12.0, 12.1, 11.9, 12.0, 30.0], [6.0, 6.1, 5.9, 6.0, 6.05])
    found, _m = _found(path, "degraded_untested")
    assert found is not None and found.scope.items == ("candidate",) and not found.scope.whole
    assert found["cause"] == "failover" and found["seen_on"] == "baseline"
    # no cause recorded: nothing said untested
    path = write_folder(tmp_path / "plain", TOML, [12.0, 12.1, 11.9, 12.0, 30.0], [6.0, 6.1, 5.9, 6.0, 6.05])
    assert _found(path, "degraded_untested")[0] is None


def test_each_load_side_s_path_as_the_records_give_it(tmp_path):
    """Cold read 15, S-M4: a load comparison includes each storage's access path; a clause naming both systems (a
    network line) names neither's path."""
    env = (
        '\n[environment]\nprotocol = "Cand: native parallel client over RDMA; Filer: NFS v3 over TCP"\n'
        'network = "2 x 100 GbE to Cand and to Filer"\n'
    )
    found, _m = _found(write_folder(tmp_path / "paths", TOML + env, [12.0], [6.0]), "load_path")
    assert found is not None and found.scope.whole
    assert found["paths"] == {"load_baseline": ("NFS",), "candidate": ("RDMA", "native client")}
    assert found["differ"] is True
    found, _m = _found(write_folder(tmp_path / "none", TOML, [12.0], [6.0]), "load_path")
    assert found["paths"] == {"load_baseline": (), "candidate": ()} and found["differ"] is False


def test_a_system_named_by_its_model_word_is_told_apart():
    """Cold test 18, X: "TCP to NX-80, RoCE v2 for the T0 mirror" names the T0 tier by "T0", a word with a digit and a
    letter of its names that the other system's names lack; plain words ("NAS", "tier") and shared ones do not count."""
    t0, nx = "Tessera T0 node-local NVMe tier T0 tier", "Existing Norland NX-80 scale-out NAS NX-80"
    assert names_by_model(nx, t0, "2 x 200 GbE (TCP to NX-80, RoCE v2 for the T0 mirror)")
    assert names_by_model(t0, nx, "TCP to NX-80")
    assert not names_by_model(nx, t0, "NFS v4.1 over TCP to the NAS tier")
    assert not names_by_model("FX100 array", "FX100 tier", "the FX100's own link")  # a word both names hold


def test_a_load_path_clause_naming_the_other_system_by_model_gives_each_its_part(tmp_path):
    """The same line through the load sides' paths: NX-80 (the load baseline) gets the TCP, the "T0" mirror's RoCE
    stays off it (cold test 18, X printed "NFS and RDMA to NX-80")."""
    env = (
        '\n[environment]\nprotocol = "Filer: NFS v4.1 over TCP"\n'
        '"client links" = "2 x 200 GbE a node (TCP to Filer NX-80, RoCE v2 for the T0 mirror)"\n'
    )
    path = write_folder(tmp_path / "model", TOML + env, [12.0], [6.0])
    for name in ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv"):
        text = (path / name).read_text().replace("Filer", "Filer NX-80").replace("Cand", "Cand T0")
        (path / name).write_text(text.replace("Filer NX-80 NX-80", "Filer NX-80"))
    found, _m = _found(path, "load_path")
    assert found["paths"]["load_baseline"] == ("NFS",)


def test_a_load_reads_by_the_node_s_own_file_system_not_by_the_mirror_s_link(tmp_path):
    """Cold read 18, X minor 2 (zh X-M3): "the node's own XFS file system for writes and reads, the partner mirror over
    RDMA (RoCE v2)" said "RDMA to T0 tier" of the loads; a mirror is written, never read by a load, so the part of the
    clause that speaks of it (its bracket with it) gives no path, and the node's own file system is its local disk."""
    env = (
        "\n[environment]\nprotocol = \"Cand: the node's own XFS file system for writes and reads, the partner mirror "
        'over RDMA (RoCE v2); Filer: NFS v4.1 over TCP"\n'
    )
    found, _m = _found(write_folder(tmp_path / "mirror", TOML + env, [12.0], [6.0]), "load_path")
    assert found["paths"] == {"load_baseline": ("NFS",), "candidate": ("local disk",)}
    env = '\n[environment]\nprotocol = "Cand：读写经本节点 XFS 文件系统，伙伴镜像经 RDMA（RoCE v2）；Filer：NFS v4.1"\n'
    found, _m = _found(write_folder(tmp_path / "zh", TOML + env, [12.0], [6.0]), "load_path")
    assert found["paths"] == {"load_baseline": ("NFS",), "candidate": ("local disk",)}
