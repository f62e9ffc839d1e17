"""The decision page's counter-arguments (report/compute/counterpoints.py, report/wording/counterpoints.py): cold read
13b and Chinese reading 13b on X (a node-local baseline against shared storage, fio saves, per-side staging, two save
models 1.10× and 6.50×) and Y (a rebuild run, synchronous saves whose benefit asynchronous ones would erase). Each case
is a small folder whose figures are worked by hand, not X or Y themselves."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from report.compute.counterpoints import (
    benchmark_saves,
    cause_quote,
    job_mix_decides,
    recorded_cause,
    restores_slower,
    shared_stall_floor_s,
)
from report.compute.risks import degraded_untested
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import ASYNC, TOML, write_folder
from tests.conftest import FIXTURES
from tests.sections.helpers import build, section, texts


def _metrics(
    speedup=1.1, others=(), restores=(None, None), node_local=(), mean_to_sustained=None, mode="sync", writes=()
):
    """Figures set by hand for the rules: a speedup, other workloads' ratios, restores, node-local sides, and the
    cluster's demand on the candidate (τ 40 s, pauses 27.4 s and 7.0 s); the save mode and the other workloads'
    baseline writes (27.4 s each unless given)."""
    writes = writes or tuple(27.4 for _ in others)
    return NS(
        checkpoint_mode=mode,
        save=NS(speedup=speedup, baseline=NS(pause_s=27.4, mean_s=27.4), candidate=NS(pause_s=7.0)),
        other_saves=tuple(
            NS(ratio=r, model=f"W{i}", baseline_mean_s=b) for i, (r, b) in enumerate(zip(others, writes, strict=True))
        ),
        reliability=NS(baseline=NS(restore_s=restores[0]), candidate=NS(restore_s=restores[1]), interval_s=40.0),
        node_local=NS(sides=tuple(node_local)) if node_local else None,
        cluster=NS(candidate=None if mean_to_sustained is None else NS(mean_to_sustained=mean_to_sustained)),
    )


def test_the_job_mix_decides_where_the_ratios_straddle_the_target_or_lie_far_apart():
    # X: 1.10× and 6.50× against a 1.3× target: both rules; 1.6× and 1.9× against 1.5×: neither (1.9 / 1.6 < 2)
    assert job_mix_decides(_metrics(1.10, (6.50,)), 1.3)
    assert not job_mix_decides(_metrics(1.6, (1.9,)), 1.5)
    assert job_mix_decides(_metrics(1.6, (1.4,)), 1.5)  # 1.4 below the target, 1.6 above: straddles
    assert job_mix_decides(_metrics(2.0, (4.0,)), 1.5)  # both above, 4.0 / 2.0 = JOB_MIX_SPREAD
    assert not job_mix_decides(_metrics(2.0, (3.99,)), 1.5)
    assert not job_mix_decides(_metrics(1.1), 1.3)  # one workload: no mix


def test_the_job_mix_decides_nothing_where_asynchronous_writes_end_within_the_interval():
    """Cold read 20, AC minor: async saves whose writes (25.0 s) end within the compute between saves (375 s), yet
    "the cluster's job mix (1.97× … 2.98×)" said to change the verdict. Here τ = 40 s: writes of 27.4 s and 39.0 s end
    within it, whatever ratio applies; a workload writing 41.0 s on the baseline outlasts it and stalls, so the mix
    decides again."""
    assert job_mix_decides(_metrics(1.10, (6.50,)), 1.3)
    assert not job_mix_decides(_metrics(1.10, (6.50,), mode="async", writes=(39.0,)), 1.3)
    assert job_mix_decides(_metrics(1.10, (6.50,), mode="async", writes=(41.0,)), 1.3)


def test_slower_restores_and_the_shared_candidate_s_stall_floor():
    assert restores_slower(_metrics(restores=(41.9, 68.0)))
    assert not restores_slower(_metrics(restores=(68.0, 41.9))) and not restores_slower(_metrics())
    # a cycle lasts at least mean_to_sustained × (τ + pause_C) = 4.0 × 47 = 188 s, so a save stalls 188 − 40 = 148 s,
    # against the node-local baseline's own 27.4 s
    m = _metrics(node_local=("baseline",), mean_to_sustained=4.0)
    assert shared_stall_floor_s(m) == pytest.approx(148.0)
    assert shared_stall_floor_s(_metrics(mean_to_sustained=4.0)) is None  # no node-local baseline
    assert shared_stall_floor_s(_metrics(node_local=("baseline",), mean_to_sustained=0.9)) is None  # within bandwidth
    # 1.4 × 47 − 40 = 25.8 s, below the baseline's 27.4 s: the figures do not show the shared side stalling more
    assert shared_stall_floor_s(_metrics(node_local=("baseline",), mean_to_sustained=1.4)) is None


def _test(save_times: str):
    return NS(imported=None, config=NS(sources={"save_times": save_times}))


def test_the_record_names_the_benchmark_and_the_cause():
    assert benchmark_saves(_test("fio 3.38 writing the checkpoint in PyTorch DCP's shard layout")) == "fio"
    assert benchmark_saves(_test("fio 3.38 按 PyTorch DCP 的分片布局写检查点")) == "fio"
    assert benchmark_saves(_test("OLMo-core synchronous distributed checkpoint")) is None
    assert benchmark_saves(_test("PyTorch DCP synchronous save, 7 per system")) is None
    record = "during MooseFS run 5 one chunk server was rebuilding a failed disk"
    assert recorded_cause(_test(record), ("baseline:5",)) == "rebuild"
    assert (
        recorded_cause(_test("MooseFS 第 5 次运行时一台数据块服务器正在重建一块故障硬盘"), ("baseline:5",)) == "rebuild"
    )
    assert recorded_cause(_test(record), ("baseline:4",)) is None  # another run: the record does not give its cause
    assert recorded_cause(_test("run 5 was slow"), ("baseline:5",)) is None  # no cause named


FLAP = (
    "two systems alternated. During Base run 4 a storage-switch port facing Base node 2 flapped (switch log: link down "
    "14:07:31, up 14:07:44) and NFS clients retransmitted until it recovered; the run is kept as measured"
)
FLAP_ZH = "两个系统交替进行。Base 第 4 次运行期间，连接 Base 2 号节点的交换机端口发生闪断（14:07:31 断开），NFS 客户端重传；照原样保留"


def test_any_cause_the_record_gives_is_a_recorded_cause_quoted_in_a_few_words():
    """Cold read 19, AA-M2: a switch-port flap the record gives for run 4 read as unexplained ("find the cause", a
    rebuild or a scrub guessed). The quote is the sentence naming the run, its parentheses and the words naming the
    run dropped, cut at its first clause."""
    assert recorded_cause(_test(FLAP), ("baseline:4",)) == "infrastructure"
    assert cause_quote(_test(FLAP), ("baseline:4",)) == "a storage-switch port facing Base node 2 flapped"
    assert recorded_cause(_test(FLAP_ZH), ("baseline:4",)) == "infrastructure"
    assert cause_quote(_test(FLAP_ZH), ("baseline:4",)) == "连接 Base 2 号节点的交换机端口发生闪断"
    other = "During run 3 the job was pre-empted by the scheduler."
    assert recorded_cause(_test(other), ("baseline:3",)) == "recorded"  # a cause of no kind known, still recorded
    assert cause_quote(_test(other), ("baseline:3",)) == "the job was pre-empted by the scheduler"
    assert recorded_cause(_test(FLAP), ("baseline:5",)) is None  # another run
    assert recorded_cause(_test("run 4: no cause found during the checks"), ("baseline:4",)) is None
    assert cause_quote(_test("run 5 was slow"), ("baseline:5",)) == ""


def test_a_recorded_infrastructure_fault_asks_for_an_amendment_or_re_runs_not_a_cause(tmp_path):
    """Cold read 19, AA-M2; Chinese reading 19, AA-B2: the next step gives the two real options, and no page asks for
    the log or guesses the storage's own work. Base's run 4 at 30 s among 12 s runs (modified z-score 121)."""
    toml = TOML + f'\n[sources]\nsave_times = "{FLAP}"\n'
    path = write_folder(tmp_path / "flap", toml, [12.0, 12.1, 11.9, 30.0, 12.0], [6.0, 6.1, 5.9, 6.0, 6.05])
    ctx, m = build(path)
    assert m.save.baseline.outlier_runs == (4,)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "Find the cause" not in steps and "background work" not in steps
    assert (
        "The record of the save runs gives the cause of run 4 on Base (30 s): “a storage-switch port facing Base "
        "node 2 flapped”. Either amend the test plan in writing to exclude runs with a recorded infrastructure "
        "fault, or re-run Base until G1 has 1 run without such a fault." in steps
    )
    saves = " ".join(texts(section(ctx, "save").blocks))
    assert "check the run's log" not in saves
    assert "the record of the save runs gives its cause: “a storage-switch port facing Base node 2 flapped”." in saves
    # a fault outside the storage is no state of its own to time the other side in
    assert list(degraded_untested(read_joint_test(path), m)) == []


def _node_local(tmp_path, sources: str = ""):
    """A node-local baseline (Base, 16 GPUs on 2 nodes) against a shared candidate, synchronous saves of 12 s against
    30 s, restores 11 s against 21 s."""
    toml = TOML.replace('load_baseline = "Filer"', 'load_baseline = "Filer"\nnode_local = ["Base"]') + sources
    path = write_folder(tmp_path / "local", toml, [12.0, 12.1, 11.9], [30.0, 30.3, 29.8])
    rows = [f"Base,M,{r},{t}" for r, t in enumerate((10.0, 11.0, 12.0), 1)]
    rows += [f"Cand,M,{r},{t}" for r, t in enumerate((20.0, 21.0, 22.0), 1)]
    (path / "restore_times.csv").write_text("system,model,run,restore_s\n" + "\n".join(rows) + "\n")
    return path


def test_a_candidate_that_restores_slower_is_a_counter_argument_not_a_benefit(tmp_path):
    """Chinese reading 13b, X-5: LC-520 restored in 68.0 s against 41.9 s, unsaid on page 2, listed among what the
    storage still changes in the Q&A, which pointed to the asynchronous section; the local restore was read on the
    tray that wrote it. Here 21 s against 11 s, the means of 20, 21, 22 and 10, 11, 12."""
    ctx, m = build(_node_local(tmp_path, '\n[sources]\nsave_times = "fio 3.38 writing one file per GPU"\n'))
    assert (m.reliability.baseline.restore_s, m.reliability.candidate.restore_s) == (11.0, 21.0)
    first = ctx.cover.reasons[0]
    assert first.endswith(
        " fio timed these saves, not the trainer. Cand restores slower: 21 s against 11 s on Base, read on the node "
        "that wrote it."
    )
    answers = " ".join(texts(section(ctx, "qa").blocks))
    assert "a restore after a failure takes" not in answers
    # one sentence, two sections: the asynchronous one for the interval, the failure one for the restores
    assert "; but Cand restores slower: 21 s against 11 s on Base, read on the node that wrote it (see “" in answers
    assert "; restore times in “Failures and the checkpoint interval”)." in answers
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "Its restore time was read back on the node that wrote the checkpoint, which a lost node cannot do." in failures
    )


def test_saves_the_trainer_timed_are_not_said_to_be_a_benchmark_s(tmp_path):
    ctx, _m = build(_node_local(tmp_path, '\n[sources]\nsave_times = "PyTorch DCP saves, 3 per system"\n'))
    assert "timed these saves" not in " ".join(ctx.cover.reasons)


def test_two_workloads_far_apart_ask_for_the_cluster_s_job_mix(tmp_path):
    """Cold read 13b, X-M3: 1.10× on the training model and 6.50× on a fine-tune, and "What would change it" never
    asked which jobs the cluster runs. Here M: 12.0 s against 11.0 s, 1.09×; S: 30 s against 5 s, 6.00×."""
    path = write_folder(tmp_path / "mix", TOML, [12.0, 12.1, 11.9], [11.0, 11.1, 10.9])
    with (path / "save_times.csv").open("a") as rows:
        rows.write("Base,S,8,2,1,30\nBase,S,8,2,2,30\nCand,S,8,2,1,5\nCand,S,8,2,2,5\n")
    ctx, m = build(path)
    assert m.save.speedup == pytest.approx(12.0 / 11.0)
    assert "the cluster's job mix (saves run 1.09× faster for M, 6.00× faster for S)" in ctx.cover.changes
    # the speed tile names the configuration it covers, not S's 6.00× again: page 1 gives it in the condition (cold
    # tests 17, W: "Hunyuan-7B continued pre-training" 9.73× in the tile and in the job mix below it)
    tile = next(k for k in ctx.cover.tiles if k.id == "speedup")
    assert "6.00" not in tile.note and tile.note.endswith("only")


def test_staging_that_differs_by_system_is_said_on_the_tiles_it_moves(tmp_path):
    """Cold read 13b, X-M2: the tiles 6.74%, 8.96% → 2.38% and 0.910 → 0.976 carried pinned against pageable host
    memory, a trainer setting, without the caveat the verdict line gave. tests/compute/test_findings.py's staged folder:
    interval 20 × 2 s = 40 s, writes 60 s and 20 s, stagings 7.4 s and 7.0 s: today 30.267% shorter, with 7.4 s on
    both 100 × 1,000 × 20 ÷ 67,400 = 29.674%."""
    toml = TOML.split("[training]")[0] + ASYNC.format(base=7.4, cand=7.0) + "\n[gates]\nmin_runs = 1\n"
    ctx, _m = build(write_folder(tmp_path / "staged", toml, [60.0, 61.0, 59.0], [20.0, 20.5, 19.5]))
    tiles = {t.id: t for t in ctx.cover.tiles}
    assert tiles["training"].note.endswith("; 29.7% with equal staging, a trainer setting")
    for tile in ("bubble", "ettr"):
        assert tiles[tile].note.endswith("; staging differs by system, a trainer setting")
    assert "staging" not in tiles["speedup"].note


def test_a_shared_candidate_the_cluster_would_outrun_says_which_side_stalls_more(tmp_path):
    """Cold read 13b, X-M4: 338 GB/s of demand against 45.1 GB/s measured, and the tile printed "41.6 … not
    attainable" without the direction. The staged folder with a node-local baseline and a 2,560-GPU cluster: 160 jobs ×
    10 GB ÷ (40 + 7.0 s) = 34.04 GB/s against 8 GB/s, 4.255×; a cycle lasts at least 160 × 10 ÷ 8 = 200 s, so a save
    stalls at least 160 s on Cand, against 7.4 + (60 − 40) = 27.4 s on the node-local Base."""
    toml = TOML.split("[training]")[0].replace(
        'load_baseline = "Filer"', 'load_baseline = "Filer"\nnode_local = ["Base"]'
    )
    toml += (
        ASYNC.format(base=7.4, cand=7.0).replace("cluster_gpus = 256", "cluster_gpus = 2560")
        + "\n[gates]\nmin_runs = 1\n"
    )
    ctx, m = build(write_folder(tmp_path / "outrun", toml, [60.0, 61.0, 59.0], [20.0, 20.5, 19.5]))
    assert m.cluster.candidate.mean_write_gbps == pytest.approx(160 * 10 / 47)
    (tile,) = [t for t in ctx.cover.tiles if t.id == "capacity"]
    assert tile.note.startswith(
        "2,560-GPU cluster of such jobs at today's interval: their saves need 34.0 GB/s against this test's 8.00 GB/s; "
        "were that Cand's limit (more clients were not measured), a save would stall at least 160 s on it, 27.4 s on "
        "Base"
    )
    assert "not attainable" not in tile.note


def test_a_synchronous_benefit_asynchronous_saves_would_erase_is_among_what_would_change_it():
    """Cold read 13b, Y-M4: "none if saved asynchronously" in a tile's small type only. The decision-page fixture saves
    synchronously, 6.29 s against 4.19 s, both far within the 843 s of compute between saves."""
    ctx, m = build(FIXTURES / "decision_page")
    assert m.checkpoint_mode == "sync" and m.async_.duration_reduction_pct == 0
    # a condition with its limits, not a what-if voiding the others (cold read 14c, P-M6; Chinese reading 14c, P-M4):
    # the staging times given (2.6 s a side); TS-90 restores in (7.17 + 7.39 + 7.11 + 7.40) / 4 = 7.2675 s against
    # (9.93 + 11.03 + 10.73 + 10.38) / 4 = 10.5175 s on the scratch; its stall-free interval saves no rework worth a figure (the optimum is longer)
    # the records name PyTorch DCP, which can (cold read 15, R-M3: "this test does not show" beside a trainer that
    # can): staging needs 380.8 GB × 8 / 64 = 47.6 GB a node
    # page 1 in one sentence, the asynchronous section in full (cold tests 17, W)
    assert (
        "PyTorch DCP can save asynchronously, a setting of the trainer: training would then take as long on either "
        "system at today's interval (“Asynchronous checkpointing (what-if)”)." in ctx.cover.changes
    )
    assert (
        "PyTorch DCP, named in this test's records, can save asynchronously, a setting of the trainer. Were its saves "
        "asynchronous, training would take as long on either system at today's interval (on the staging times "
        "given), and TS-90 would keep restores of 7.27 s against 10.5 s."
        in " ".join(texts(section(ctx, "async").blocks))
    )
    assert "does not show" not in ctx.cover.changes
    assert "would count" not in ctx.cover.changes


def test_a_slow_run_whose_cause_the_record_gives_asks_how_often_it_happens(tmp_path):
    """Cold read 13b, Y-M1: "Find the cause of run 5" beside a record of a disk rebuild during it. Base's run 5 at
    30 s among 12 s runs: modified z-score 0.6745 × 18 ÷ 0.1 = 121, an outlying run whose cause the record gives."""
    toml = TOML + '\n[sources]\nsave_times = "during Base run 5 a disk rebuild was running on the storage"\n'
    path = write_folder(tmp_path / "rebuild", toml, [12.0, 12.1, 11.9, 12.0, 30.0], [6.0, 6.1, 5.9, 6.0, 6.05])
    ctx, m = build(path)
    assert m.save.baseline.outlier_runs == (5,)
    steps = " ".join(texts(section(ctx, "gates").blocks))
    assert "Find the cause of run 5" not in steps
    assert (
        "The record of the save runs gives the cause of run 5 on Base (30 s): a rebuild on Base. Ask how often a "
        "rebuild occurs there in service; time saves on Base again during a rebuild and on Cand during a rebuild "
        "of its own, and report the save time in that state on a line of its own, beside the healthy one." in steps
    )  # the degraded save time a line of its own (cold read 17, W-M3)


def test_a_node_local_candidate_s_own_risk_stands_beside_its_speed(tmp_path):
    """Cold read 14 and Chinese reading 14, Q-M1: a candidate local to each node loses a node's part of each checkpoint
    with the node; the decision page said so only in the value line's parenthesis. The speed reason says it; a
    node-local baseline (the fixture as it is) is the durability ground's, not this."""
    import shutil

    folder = tmp_path / "local_candidate"
    shutil.copytree(FIXTURES / "node_local_async", folder)
    toml = folder / "test.toml"
    toml.write_text(
        toml.read_text().replace(
            'node_local    = ["Local NVMe RAID-0 (per node)"]', 'node_local    = ["Vantor VX-12 parallel file system"]'
        )
    )
    ctx, _m = build(folder)
    said = "VX-12 keeps a node's part of each checkpoint on that node: a failed node takes it along"
    assert sum(said in r for r in ctx.cover.reasons) == 1
    ctx, _m = build(FIXTURES / "node_local_async")
    assert not any("keeps a node's part of each checkpoint" in r for r in ctx.cover.reasons)
