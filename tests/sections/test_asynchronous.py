"""Asynchronous checkpointing, restores, ETTR and the cluster's demand as the sections word them.

Figures worked by hand. The default data (sync, no [async]): compute 32,440 s over 10,000 steps, 3.244 s a step, so
τ = 500 × 3.244 = 1,622 s; the writes (178 s, 94 s) never outlast it, the shortest stall-free intervals are
⌈178 ÷ 3.244⌉ = 55 and ⌈94 ÷ 3.244⌉ = 29 steps. The async fixture: 0.3 s a step, τ = 150 s, staging 6.5 s on both:
stall_B = 6.5 + (178 − 150) = 34.5 s, stall_C = 6.5 s, stall-free from ⌈178 ÷ 0.3⌉ = 594 and ⌈94 ÷ 0.3⌉ = 314 steps;
compute 3,000 s, 20 saves: 3,690 s against 3,130 s, 560 s (15.2%) sooner; M = 50,677 h × 3,600 ÷ 8 = 22,804,650 s,
ETTR_B = 1 ÷ (1 + 34.5/150 + 184.5/2M + 178/M + 600/M) = 0.813, ETTR_C = 1 ÷ (1 + 6.5/150 + 156.5/2M + 94/M + 600/M)
= 0.958; energy 560 s ÷ 3,600 × 8 GPUs × 1.2 kW × 1.3 = 1.94 kWh a run (1.9 at the two digits of 1.2 kW and PUE 1.3), 23.3 kWh (23) a year at 12 runs. Cluster: 125 jobs
of 8 GPUs, 125 × 65.6 ÷ 94 = 87.2 GB/s at peak on the candidate against 6.40 GB/s measured (13.6×).
"""

import dataclasses

import pandas as pd

from report import i18n, sections
from report.charts import describe as charts
from report.compute import compute
from report.document.blocks import Definitions, Table
from report.inputs.joint_test import read_joint_test
from tests.conftest import DATA, FIXTURES, PROVENANCE, ROOT
from tests.sections.helpers import all_paras, build, section, texts

ASYNC = FIXTURES / "async_mode"


def _table(ctx, section_id, table_id):
    return next(b for b in section(ctx, section_id).blocks if isinstance(b, Table) and b.id == table_id)


def _with_restores(path, baseline_s, candidate_s):
    """The joint test at `path` with restores measured: each side's list of restore times of the training model."""
    test = read_joint_test(path)
    names = (test.config.systems.save_baseline, test.config.systems.candidate)
    rows = [
        {"system": name, "model": test.config.training.model, "run": run, "restore_s": value}
        for name, values in zip(names, (baseline_s, candidate_s), strict=True)
        for run, value in enumerate(values, 1)
    ]
    test = dataclasses.replace(test, restores=pd.DataFrame(rows))
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    return sections.build(test, m, described, PROVENANCE), m


def test_default_report_says_the_benefit_would_vanish_with_async_saves():
    ctx, _m = build(DATA)
    sec = section(ctx, "async")
    assert sec.title == "Asynchronous checkpointing (what-if)"
    text = " ".join(texts(sec.blocks))
    assert "This job saves synchronously, so this section is a what-if" in text
    assert "staging was not measured and is taken as 0 s" in text
    # The claim once ("takes as long"), then its reason, not the claim again (minor 14 of the Chinese reading)
    assert (
        "With asynchronous saves the training run would take as long on Mingxin FX100 as on Local NVMe (single drive) "
        "at today's interval (both 0 s of stall per save). That is because neither system's write outlasts the "
        "1,622 s of compute between saves (178 s on Local NVMe (single drive) and 94 s on Mingxin FX100)."
    ) in text
    assert "the storage would not change training time" not in text
    # staging taken as 0 s, the optimal interval of the saves taken asynchronously is the write itself: a shorter
    # write is worth less rework (fifth cold read, M1: not the synchronous 27,775 steps)
    assert (
        "What remains: the shortest interval at which writes no longer stall training goes from 55 to 29 steps, so the "
        "job, were it to save that often, would recompute 126 s less after each failure on average; but at the "
        "assumed failure "
        "rate a failure comes once every 6,335 h, against a run of 10.0 h, so this buys little" in text
    )  # (55 − 29) × 3.244 s ÷ 2; 50,677 h ÷ 8 (cold read 6, M4), against the 36,000 s run (cold read 7, M2)
    assert "restore times were not measured in this test" in text  # no benefit claimed (cold read 7, m11)
    assert "would take as long on Mingxin FX100 as on Local NVMe (single drive)" in text
    assert _table(ctx, "async", "async").rows == (
        # as the prose prints them; no staging time given: 0 s, marked in its cell (Chinese reading 12, W-m8)
        ("Local NVMe (single drive)", "0 (assumed)", "178", "1,622", "0", "55"),
        ("Mingxin FX100", "0 (assumed)", "94", "1,622", "0", "29"),
    )
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "With asynchronous saves this storage benefit would vanish at today's interval: neither write (178 s and "
        "94 s) outlasts the 1,622 s of compute between saves, so training would take as long on either system. What "
        "remains, a shorter interval at which writes no longer stall training, is weighed in “Asynchronous "
        "checkpointing (what-if)”. Restore times were not measured in this test."
    ) in summary  # the clause itself once, in the asynchronous section (Chinese reading 11, m7)
    qa = next(b for b in section(ctx, "qa").blocks if b.id == "qa-async")
    # the default job saves synchronously: the question asks what asynchronous saves would do, not what a job that
    # already saves so asks (Chinese reading 13b, Y 10: the question put to OLMo-core's synchronous saves)
    assert qa.title == "Would saving asynchronously make faster storage unnecessary?"
    answer = " ".join(texts(qa.blocks))
    assert "so with asynchronous saves faster storage would not change its training time" in answer
    assert "goes from 55 to 29 steps" in answer and "restores were not measured" in answer


def test_default_report_names_the_clusters_demand_beside_every_gpu_equivalents_statement():
    ctx, _m = build(DATA)
    demand = (
        "A cluster of 1,000 GPUs holds 125 such jobs (8 GPUs each). On Mingxin FX100 their checkpoints need 4.78 GB/s "
        "of writes on average (saves "
        "perfectly staggered) and 87.2 GB/s if every job saves at once, against the 6.40 GB/s sustained bandwidth "
        "of this test. On average that is within this test's bandwidth (74.7% of it), but every job saving "
        "at once needs 13.6× of it: the GPU-equivalents hold only if the jobs' saves are staggered"
    )
    # argued in full once, in the training bubble section; the summary points there with none of its figures (issue
    # 45: each fact explained once)
    assert demand in " ".join(texts(section(ctx, "bubble").blocks))
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert "The bandwidth their saves would need is weighed in “Training bubble analysis”." in summary
    assert "87.2 GB/s" not in summary  # the figures once, in the section (doc15, 03a97c7)
    # The answers name the mean and the peak in one sentence and refer to the section, not a third copy of it.
    qa = " ".join(texts(section(ctx, "qa").blocks))
    assert demand not in qa and (
        "with saves needing 4.78 GB/s on average and 87.2 GB/s if every job saved at once, against the bandwidth "
        "input's 6.40 GB/s" in qa
    )
    assert "not the system's capacity" in " ".join(texts(section(ctx, "bubble").blocks))
    capacity = next(t for t in ctx.cover.tiles if t.id == "capacity")
    assert capacity.note == (
        "1,000-GPU cluster of such jobs; their saves need 4.78 GB/s on average, 87.2 GB/s all at once (bandwidth "
        "input: 6.40 GB/s)"  # the default data's bandwidth is illustrative: not "this test's" (zh 14, M1)
    )
    # the demand states the bandwidth, an illustrative input of the default data: marked
    assert all(p.illustrative for p in all_paras(ctx) if "87.2 GB/s" in p.text)
    # The value table's note says what its cluster row assumes, without a third copy of the paragraph.
    economics = " ".join(texts(section(build(FIXTURES / "economics")[0], "economics").blocks))
    assert "their checkpoints need" not in economics
    assert (
        "The cluster row assumes Array X takes every job's saves: 37.2 GB/s if they all save at once, 5.3× "
        "this test's bandwidth (see “Training bubble analysis”)."
    ) in economics


def test_a_cluster_beyond_the_bandwidth_even_on_average_says_so():
    from report.wording.capacity import demand_sentence

    _ctx, m = build(DATA)
    # demands that give those ratios against the 6.40 GB/s tested, as the page prints them (9.60 and 175 GB/s)
    over = dataclasses.replace(
        m.cluster.candidate,
        mean_to_sustained=1.5,
        peak_to_sustained=27.3,
        mean_write_gbps=1.5 * 6.40,
        peak_write_gbps=27.3 * 6.40,
    )
    m = dataclasses.replace(m, cluster=dataclasses.replace(m.cluster, candidate=over))
    text = demand_sentence(m)
    assert (
        "Even perfectly staggered, that is more than this test's bandwidth (1.50× of it on average, 27.3× at "
        "peak): at the bandwidth this test showed, the GPU-equivalents are not attainable." in text
    )
    assert "On average that is within" not in text
    within = dataclasses.replace(m.cluster.candidate, mean_to_sustained=0.1, peak_to_sustained=0.9)
    m = dataclasses.replace(m, cluster=dataclasses.replace(m.cluster, candidate=within))
    assert "test's bandwidth (" not in demand_sentence(m) and "not the system's capacity" not in demand_sentence(m)


def test_default_failure_section_says_restore_not_measured_and_gives_ettr():
    ctx, m = build(DATA)
    recovery = _table(ctx, "reliability", "recovery")
    # 1 ÷ (1 + 178/1622 + 1800/2M + 600/M) = 0.901 and 1 ÷ (1 + 94/1622 + 1716/2M + 600/M) = 0.945
    assert recovery.rows[0] == ("Local NVMe (single drive)", "–", "600", "600", "0.901", m_opt(m, "baseline"))
    assert recovery.rows[1][:5] == ("Mingxin FX100", "–", "600", "600", "0.945")
    assert recovery.note.startswith("Restore not measured: the assumed restart time (600 s) is used")
    text = " ".join(texts(section(ctx, "reliability").blocks))
    assert "0.901 on Local NVMe (single drive) and 0.945 on Mingxin FX100 at today's interval" in text
    assert "Restore not measured: the assumed restart time is used." in text
    assert "write lag" not in text  # the optimum's write-lag bound is said in async mode only
    ettr = next(t for t in ctx.cover.tiles if t.id == "ettr")
    # one save per system: a condition in the tile's own words, as the body says it (cold read 23, M1)
    assert (ettr.value, ettr.label) == ("0.901 → 0.945", "effective training time ratio (ETTR), if the means held")


def m_opt(m, side):
    """The optimal ETTR as the table prints it, checked against its own definition."""
    r = getattr(m.reliability, side)
    assert abs(r.optimal_ettr - 1 / (1 + r.optimal_overhead_pct / 100)) < 1e-12
    return f"{r.optimal_ettr:.3f}"


def test_async_mode_counts_stalls_on_page_one_and_in_the_section():
    ctx, _m = build(ASYNC)
    tiles = {t.id: t for t in ctx.cover.tiles}
    assert (tiles["bubble"].value, tiles["bubble"].label) == (
        "18.7% → 4.15%",
        "checkpoint stall share of wall time (asynchronous saves), if the means held",
    )
    # Stall-free from 594 steps (the baseline's write lag over 0.3 s steps): the benefit is bounded on the tile.
    assert max(_m.async_.baseline.min_interval_steps, _m.async_.candidate.min_interval_steps) == 594
    assert tiles["training"].value == "15.2%"
    assert tiles["training"].note == "560 s of 3,690 s"
    assert tiles["training"].mark == "G1 and G2 undecided; today's interval only"  # Chinese reading 8, M1
    assert tiles["ettr"].value == "0.813 → 0.958" and "34.5 s → 6.50 s of stall per save" in tiles["ettr"].note
    sec = section(ctx, "async")
    assert sec.title == "Asynchronous checkpointing"
    assert _table(ctx, "async", "async").rows == (
        ("Local NVMe (single drive)", "6.50", "178", "150", "34.5", "594"),
        ("Mingxin FX100", "6.50", "94", "150", "6.50", "314"),
    )
    text = " ".join(texts(sec.blocks))
    assert "staging was not measured" not in text
    assert (
        "With these asynchronous saves the training run finishes 15.2% sooner on Mingxin FX100 than on Local NVMe "
        "(single drive) (34.5 s and 6.50 s of stall per save)."
    ) in text
    assert (
        "On Local NVMe (single drive) the write (178 s) outlasts the 150 s of compute between saves, so each save "
        "stalls training 28 s beyond staging; from an interval of 594 steps on it would not."
    ) in text
    assert "On Mingxin FX100 the write" not in text
    bubble = _table(ctx, "bubble", "bubble")
    assert bubble.caption == "Training run with asynchronous checkpoint saves (stalls)"
    assert bubble.rows[1] == ("Checkpoint stalls (20 × stall)", "690", "130", "−560")


def test_async_mode_failure_section_gives_ettr_and_the_write_lag_bound():
    ctx, _m = build(ASYNC)
    text = " ".join(texts(section(ctx, "reliability").blocks))
    assert "0.813 on Local NVMe (single drive) and 0.958 on Mingxin FX100 at today's interval" in text
    # √(2 × 6.5 × 22,804,650) = 17,218 s, above both write lags
    assert "max(√(2 × staging × MTBF), write lag)" in text
    assert "On both systems it lies above the write lag (178 s and 94 s)." in text  # said once, not twice alike
    with i18n.activate("zh-CN"):
        zh = " ".join(texts(section(build(ASYNC)[0], "reliability").blocks))
    assert "两个系统的最优间隔都长于各自的后台写入耗时（基线 178 s，被测系统 94 s）。" in zh and "它高于" not in zh
    assert "square root of the save cost" not in text  # a sync-mode rule
    rows = _table(ctx, "reliability", "reliability").rows
    assert rows[0][:2] == ("Local NVMe (single drive), today's interval", "34.5 s")  # the stall, not the save
    assert rows[0][-1] == "0.813" and rows[1][-1] == "0.958"


def test_async_mode_answer_energy_and_formulas():
    ctx, _m = build(ASYNC)
    qa = next(b for b in section(ctx, "qa").blocks if b.id == "qa-async")
    assert qa.title == "We checkpoint asynchronously: why buy faster storage?"  # as it applies to this job
    answer = " ".join(texts(qa.blocks))
    # this job saves asynchronously: its run's change is the summary's and the bubble section's, not the answer's
    assert "the storage still stalls training and the faster storage shortens the run." in answer
    assert "15.2%" not in answer
    assert "goes from 594 to 314 steps" in answer
    # the ETTR is the failure section's (the answer points there), not the answer's: said once
    assert "0.813 on Local NVMe (single drive) and 0.958 on Mingxin FX100 at today's interval" in " ".join(
        texts(section(ctx, "reliability").blocks)
    )
    energy = {row[0]: row[1:] for row in _table(ctx, "economics", "economics").rows}
    # the energy of a waiting GPU at full power is an upper bound (cold read 5, minor 3)
    assert energy["Energy saved per training run"] == (
        "1.9 kWh",
        "560 s saved × 8 GPUs × 1.2 kW × PUE 1.3, as if a waiting GPU drew full power: at most",
    )
    assert energy["Energy saved per year, this job"][0] == "23 kWh"
    formulas = dict(next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items)
    assert formulas["Stall"] == "stall = σ + max(0, w − τ), τ = checkpoint interval in steps × step time"
    assert "ETTR" in formulas and "Cluster write demand" in formulas and "Energy of time saved" in formulas


def test_without_energy_the_value_table_has_no_energy_rows():
    ctx, _ = build(FIXTURES / "economics")
    assert not any(row[0].startswith("Energy") for row in _table(ctx, "economics", "economics").rows)
    # Appendix B lists the formulas of the figures printed (third cold read, m-16): value, not energy, here; neither
    # in the default data, which prices nothing.
    formulas = dict(next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items)
    assert "Value of time saved" in formulas and "Energy of time saved" not in formulas
    ctx, _ = build(DATA)
    formulas = dict(next(b for b in section(ctx, "formulas").blocks if isinstance(b, Definitions)).items)
    assert not {"Value of time saved", "Energy of time saved"} & set(formulas) and "ETTR" in formulas


def test_measured_restores_in_the_failure_section_and_the_async_section():
    ctx, m = _with_restores(DATA, [240.0, 260.0], [60.0])
    assert m.reliability.baseline.restore_s == 250.0 and m.reliability.candidate.recovery_s == 660.0
    recovery = _table(ctx, "reliability", "recovery")
    assert recovery.rows[0][:4] == ("Local NVMe (single drive)", "250", "600", "850")  # the headers say (s)
    assert recovery.rows[1][:4] == ("Mingxin FX100", "60", "600", "660")
    assert recovery.note == "Recovery = restart (600 s, without reading the checkpoint) + the mean restore time."
    text = " ".join(texts(section(ctx, "reliability").blocks))
    assert "A restore takes 250 s on Local NVMe (single drive) and 60 s on Mingxin FX100." in text
    # compared once, in the failure section; the async section and the summary point there (repeat19b)
    pointer = "The restore times are compared in “Failures and the checkpoint interval”."
    for other, said in (("async", pointer), ("summary", "Restore times: see “Failures and the checkpoint interval”.")):
        text = " ".join(texts(section(ctx, other).blocks))
        assert "250 s on" not in text and "60 s on" not in text and text.count(said) == 1, other
    # 1 ÷ (1 + 178/1622 + 1800/2M + 850/M) with M = 22,804,650 s
    expected = 1 / (1 + 178 / 1622 + 1800 / (2 * 22_804_650) + 850 / 22_804_650)
    assert abs(m.reliability.baseline.ettr - expected) < 1e-9 and recovery.rows[0][4] == "0.901"


def test_not_durable_saves_are_said_on_page_one_and_marked(folder):
    path = folder("data")
    toml = (path / "test.toml").read_text()
    (path / "test.toml").write_text(
        toml.replace('load_baseline = "NFS"', 'load_baseline = "NFS"\nnot_durable   = ["Mingxin FX100"]')
    )
    ctx, m = build(path)
    assert m.not_durable == ("candidate",)
    # page 1 says it once: as the recommendation's reason here, else beside the verdict
    assert "Mingxin FX100's saves would not survive a power loss, so they are not checkpoints yet." in ctx.cover.reasons
    tiles = {t.id: t for t in ctx.cover.tiles}
    # A gate that lacks data is said first, and the saves' durability beside it; the capacity tile also states the
    # bandwidth demand, and the illustrative bandwidth wins, as on the bandwidth table.
    assert tiles["capacity"].mark == "G1 and G2 undecided; illustrative input"
    assert tiles["bubble"].mark == "G1 and G2 undecided; not durable"
    assert tiles["ettr"].mark == "G1 and G2 undecided; not durable" and (
        tiles["loading"].value,
        tiles["loading"].mark,
    ) == ("Not established", "Illustrative input; reads memory")  # a load only reads (field test 7, m16)
    assert _table(ctx, "async", "async").illustrative == "not_durable"
    assert _table(ctx, "save", "save").illustrative == "not_durable"
    assert _table(ctx, "bandwidth", "bandwidth").illustrative == "illustrative"  # illustrative wins: said first
    assert ctx.charts["stall"].illustrative == "not_durable" and ctx.charts["load-times"].illustrative
    assert ctx.charts["stall"].alt.startswith("Not durable: these saves would not survive a power loss.")
    assert all(p.illustrative for p in all_paras(ctx) if "94 s" in p.text)


def test_the_async_answer_says_beyond_not_what_changes_where_training_time_changes():
    # examples/async-70b: the baseline's write (340 s) outlasts the 300 s between saves, so training time does change
    # (11.4% sooner); the stall-free interval, ⌈340.04 ÷ 6⌉ = 57 and ⌈75.26 ÷ 6⌉ = 13 steps, comes on top of it, not
    # instead of it ("What it does change" read as taking the 11.4% back).
    ctx, _m = build(ROOT / "examples" / "async-70b")
    answer = " ".join(texts(next(b for b in section(ctx, "qa").blocks if b.id == "qa-async").blocks))
    assert "the storage still stalls training and the faster storage shortens the run." in answer  # 11.4%: the summary
    # the optimum (1,220 steps) is longer than both stall-free intervals: no "checkpoint more often" (cold read 4, M4)
    # said here only (the summary and the section speak of the stall): the clause in full
    assert (
        "Beyond training time: the shortest interval at which writes no longer stall training goes from 57 to 13 "
        "steps, but at the assumed failure rate that buys little: the optimal interval is longer than both" in answer
    )
    assert "What it does change" not in answer
    with i18n.activate("zh-CN"):
        ctx, _m = build(ROOT / "examples" / "async-70b")
    answer = " ".join(texts(next(b for b in section(ctx, "qa").blocks if b.id == "qa-async").blocks))
    assert (
        "训练时间之外，写入不再拖慢训练的最短间隔由 57 步缩短为 13 步，但按分析所用的故障率，这带来的好处很小，因为"
        in answer
    )
    assert "真正改变的是" not in answer


def test_a_shorter_stall_free_interval_is_worth_something_only_where_the_write_sets_the_optimum():
    """Fifth cold read, M1: the default data's what-if takes staging as 0 s, so the optimal interval of its saves taken
    asynchronously is max(√(2 × 0 × M), 178 s) = 178 s, 54.9 steps of 3.244 s, within the stall-free 55: a shorter
    write is less rework. async-70b stages 9.40 s, which puts its optimum at 1,220 steps, beyond both stall-free
    intervals (57 and 13): little to gain."""
    ctx, m = build(DATA)
    assert round(m.async_.baseline.optimal_interval_steps, 1) == 54.9 and m.async_.baseline.min_interval_steps == 55
    said = " ".join(texts(section(ctx, "async").blocks))
    assert (
        "What remains: the shortest interval at which writes no longer stall training goes from 55 to 29 steps, so the "
        "job, were it to save that often, would recompute 126 s less after each failure on average" in said
    )
    ctx, m = build(ROOT / "examples" / "async-70b")
    assert round(m.async_.baseline.optimal_interval_steps) == 1220
    # its stall-free limit goes with its benefit, worded as a condition (Chinese reading 5, major 3)
    assert (
        "so the storage stalls training: the run's gain on Mingxin FX100 shrinks at longer intervals and is gone from "
        "57 steps on." in " ".join(texts(section(ctx, "summary").blocks))
    )
    answer = " ".join(texts(next(b for b in section(ctx, "qa").blocks if b.id == "qa-async").blocks))
    assert "but at the assumed failure rate that buys little: the optimal interval is longer than both" in answer


def test_the_async_summary_names_whose_write_stalls():
    """Chinese reading 6, M3: "a write outlasts the 300 s" read as both systems' writes; only the baseline's, 340 s,
    does (the candidate's takes 75.3 s)."""
    ctx, _m = build(ROOT / "examples" / "async-70b")
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "This job saves asynchronously, and at today's interval the 300 s of compute between saves is shorter than the "
        "340 s write on Parallel NFS (existing), so the storage stalls training" in summary
    )
    with i18n.activate("zh-CN"):
        ctx, _m = build(ROOT / "examples" / "async-70b")
    zh = " ".join(texts(section(ctx, "summary").blocks))
    assert "两次保存之间 300 s 的计算时间短于Parallel NFS (existing) 的写入耗时 340 s，训练因此停顿" in zh


def test_restores_slower_on_the_candidate_are_said_slower():
    """Cold read 9, J-M7: "restores after a failure are no faster on the candidate (23.6 s against 40.1 s)" understated
    a candidate 1.70× slower to restore; it is said slower, the candidate's time first."""
    ctx, m = build(FIXTURES / "node_local_async")
    b, c = m.reliability.baseline.restore_s, m.reliability.candidate.restore_s
    assert c > b
    text = " ".join(texts(section(ctx, "async").blocks))
    assert "are no faster on" not in text
    # compared once, in the failure section, which the async section points to (repeat19b)
    assert "40.1 s" not in text and "The restore times are compared in “Failures and the checkpoint interval”." in text
    failures = " ".join(texts(section(ctx, "reliability").blocks))
    assert "A restore takes 23.6 s on local NVMe and 40.1 s on VX-12." in failures
