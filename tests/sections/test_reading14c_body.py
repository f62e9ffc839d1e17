"""Cold read 14c (P: GlusterFS over 2 × 25 GbE and FUSE against LF-760 over 2 × 200 Gb/s; Q: a node-local BX-4 against
a shared HS-9, asynchronous saves): the body sections' reasoning. Each figure below is worked by hand from the rows the
test gives or writes."""

from __future__ import annotations

import shutil

from report.compute.client_links import side_links
from report.document.blocks import Table
from tests.conftest import FIXTURES, ROOT
from tests.sections.helpers import build, build_printed, section, texts

LINKS = '\n[environment]\n"network" = "each client node 1 x 6 Gb/s to Old NAS and 2 x 100 Gb/s to Array X"\n'


def _links_folder(folder):
    """retune with 4 GPUs a node and the clients' links to each system: Old NAS 1 × 6 Gb/s, Array X 2 × 100 Gb/s."""
    data = folder("retune")
    toml = data / "test.toml"
    text = toml.read_text().replace(
        "cluster_gpus              = 512\n", "cluster_gpus              = 512\ngpus_per_node = 4\n"
    )
    toml.write_text(text + LINKS)
    return data


def test_each_systems_links_are_read_where_the_record_ties_them_to_it():
    """P's network line in both languages, and Q's, whose figures name no system's links per client node."""
    from types import SimpleNamespace

    from report.inputs.specs import Systems

    def config(line: str):
        baseline, candidate = "现网 GlusterFS 10.4 分布式复制卷（三副本）", "砺峰 LF-760 全闪存并行文件系统"
        short = {baseline: "GlusterFS", candidate: "LF-760"}
        systems = Systems(save_baseline=baseline, candidate=candidate, load_baseline=baseline, short=short)
        return SimpleNamespace(config=SimpleNamespace(systems=systems, environment=(("网络", line),)))

    en = "each training server 2 x 200 Gb/s RoCE v2 storage NICs to LF-760 and 2 x 25 GbE to GlusterFS; 400 GbE uplinks"
    zh = "每台训练服务器 2 × 200 Gb/s RoCE v2 存储网卡接入 LF-760，2 × 25 GbE 接入 GlusterFS；叶脊交换机，400 GbE 上联"
    both = {"baseline": (2, 25.0), "candidate": (2, 200.0)}
    assert side_links(config(en)) == both
    assert side_links(config(zh)) == both
    q = "each compute node 2 x 200 GbE (RoCE v2) to the storage fabric; GlusterFS 12 x 2 x 100 GbE"
    assert side_links(config(q)) == {}


def test_p_m4_each_systems_saves_a_node_against_its_own_links(folder):
    """By hand, 4 GPUs a node: Old NAS's 32B saves, 64 GB in 110 s on 16 GPUs (4 nodes), are 0.5818 ÷ 4 = 0.145 GB/s a
    node, 19.4% of 1 × 6 Gb/s (0.750 GB/s); its 7B saves, 16 GB in 32 s on one node, 0.500 GB/s, 66.7%. Array X: 64 ÷ 55
    ÷ 4 = 0.291 GB/s, 1.16% of 2 × 100 Gb/s (25.0 GB/s), and 16 ÷ 16 = 1.00 GB/s, 4.00%. 25 ÷ 0.75 = 33.3× the links;
    7B's ratio 32 ÷ 16 = 2.00×. Today's main says none of it."""
    ctx, _m = build(_links_folder(folder))
    said = " ".join(texts(section(ctx, "bandwidth").blocks))
    assert (
        "The client nodes reach the two systems over different links: 1 × 6 Gb/s a node to Old NAS (0.750 GB/s) and "
        "2 × 100 Gb/s to Array X (25.0 GB/s), 33.3× as much. Per node, Old NAS's saves ran at 0.145 GB/s from 4 nodes "
        "(“32B”), 19.4% of its links, far below them; 0.500 GB/s from 1 node (“7B”), 66.7% of its links, which may "
        "limit them. Array X's ran at 0.291 GB/s from 4 nodes (“32B”), 1.16% of its links, far below "
        "them; 1.00 GB/s from 1 node (“7B”), 4.00% of its links, far below them. Far below its links, a save is not "
        "limited by them but by the storage and its access path. Where the links may limit the saves, their ratio "
        "measures the storage and its access path, the links included, together: 2.00× for “7B”." in said
    )


def test_p_m4_the_same_links_to_both_and_every_save_far_below_them_add_nothing(folder):
    data = folder("retune")
    (data / "test.toml").write_text(
        (data / "test.toml").read_text() + '\n[environment]\n"clients" = "4 servers, 2 x 200 Gb/s each"\n'
    )
    said = " ".join(texts(section(build(data)[0], "bandwidth").blocks))
    assert "of its links" not in said and "different links" not in said


def _projections_table(ctx) -> Table:
    return next(b for b in section(ctx, "projections").blocks if isinstance(b, Table))


def test_p_m5_a_saving_between_lines_that_mix_gpu_counts_is_not_estimable():
    """retune's lines run through rows of 4 and 16 GPUs (the text: "a projection is at no single GPU count"): its
    128 GB projection prints the lines' times (Old NAS, three saves of 64 GB at 110 s on average and two of 16 GB at
    32 s: least squares 6.0 s + 1.625 s/GB, 214 s at 128 GB; Array X 55 and 16 s: 3.0 s + 0.8125 s/GB, 107 s) and no
    saving, the note saying why. Today's main prints 107 s a save and 6,420 s in all (the run's 60 saves)."""
    ctx, m = build(FIXTURES / "retune")
    (p,) = m.projections
    assert (round(p.baseline_s, 6), round(p.candidate_s, 6)) == (214.0, 107.0)
    table = _projections_table(ctx)
    assert table.rows[0][2:5] == ("214", "107", "not estimable") and table.rows[0][6] == "not estimable"
    assert (
        "Saved: not estimable, as the lines of Old NAS and Array X mix checkpoint size with GPU count (see above): "
        "their projected times are at no single GPU count, so their difference is no saving at any job's size."
        in table.note
    )
    assert "saved per save × saves" not in table.note


def _async(tmp_path, staging: str = "", interval: str = "") -> object:
    """examples/async-70b, its staging and interval changed where given."""
    folder = tmp_path / "async"
    shutil.copytree(ROOT / "examples" / "async-70b", folder)
    toml = folder / "test.toml"
    text = toml.read_text()
    if staging:
        text = text.replace('"Mingxin FX100"           = 9.6', f'"Mingxin FX100"           = {staging}')
    if interval:
        text = text.replace("checkpoint_interval_steps = 50", f"checkpoint_interval_steps = {interval}")
    toml.write_text(text)
    return folder


def test_q_m3_an_asynchronous_job_s_projection_gives_the_training_time_it_saves(tmp_path):
    """async-70b: a save every 50 steps of 6 s, 300 s of compute between saves; 405B at 5,670 GB, one size timed
    (980 GB): NFS 340.04 × 5,670 ÷ 980 = 1,967.4 s, FX100 75.26 × 5,670 ÷ 980 = 435.43 s, both beyond 300 s. Stalls
    9.4 + 1,667.4 = 1,676.8 s and 9.6 + 135.43 = 145.03 s; 400 saves × 1,531.7 s = 612,700 s of training time, printed
    613,000. With a save every 500 steps (3,000 s, 40 saves) and equal staging (9.4 s), neither save stalls: 0."""
    ctx, _m = build(_async(tmp_path))
    table = _projections_table(ctx)
    assert table.columns[6].label == "Training time saved in all (s)"
    assert table.rows[0][6] == "613,000"
    ctx, m = build(_async(tmp_path / "equal", staging="9.4", interval="500"))
    table = _projections_table(ctx)
    assert (table.columns[6].label, table.rows[0][6]) == ("Training time saved in all (s)", "0")
    assert round(m.projections[0].saved_total_s) == 61278  # the save time saved, 40 × 1,531.94 s: not printed
    assert "61,300" not in " ".join([*texts(section(ctx, "projections").blocks), table.note])
    assert (
        "This job saves asynchronously: no projected save outlasts the 3,000 s of compute between saves at today's "
        "interval, so each costs training only its staging, and the table's last column gives the training time "
        "saved; the saving per save is save time, written in the background."
        in texts(section(ctx, "projections").blocks)
    )


def test_q_m6_the_title_says_what_is_projected(tmp_path):
    """A projection at the size timed (980 GB) on 512 GPUs, not the 64 timed: the GPU count is projected, not the
    size; at 5,670 GB on 512 GPUs both are."""
    folder = _async(tmp_path)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text().replace("snapshot_gb = 5670\n", "snapshot_gb = 980\ngpus        = 512\n"))
    ctx, _m = build(folder)
    assert section(ctx, "projections").title == "Projections to other GPU counts"
    assert _projections_table(ctx).caption == "Projected save times at other GPU counts"
    toml.write_text(toml.read_text().replace("snapshot_gb = 980\n", "snapshot_gb = 5670\n"))
    ctx, _m = build(folder)
    assert section(ctx, "projections").title == "Projections to other checkpoint sizes and GPU counts"
    assert "see “Projections to other checkpoint sizes and GPU counts”" in " ".join(texts(section(ctx, "qa").blocks))


def _local_candidate(tmp_path):
    """examples/async-70b with its candidate, Mingxin FX100 (14.32 GB/s logged on one node), local to each node, and
    its projection at 512 GPUs (64 nodes); the training job's 64 GPUs are 8 nodes."""
    folder = tmp_path / "local"
    shutil.copytree(ROOT / "examples" / "async-70b", folder)
    toml = folder / "test.toml"
    text = toml.read_text().replace(
        'load_baseline = "Parallel NFS (existing)"\n',
        'load_baseline = "Parallel NFS (existing)"\nnode_local    = ["Mingxin FX100"]\n',
    )
    toml.write_text(text.replace("snapshot_gb = 5670\n", "snapshot_gb = 5670\ngpus        = 512\n"))
    return folder


def test_q_m2_a_node_local_aggregate_is_one_nodes_bandwidth_times_the_nodes_assumed(tmp_path):
    """FX100's runs average 14.2956 and 14.3455 GB/s: 14.32 GB/s on one node; × 8 nodes 115 GB/s, × 64 nodes 917 GB/s,
    neither shown by any test. Today's main prints "115 GB/s together" and a bare "917" in Table 12."""
    ctx, _m = build(_local_candidate(tmp_path))
    said = " ".join(texts(section(ctx, "bandwidth").blocks))
    assert (
        "The job's 8 nodes each write to their own at once; one node's bandwidth times the nodes, 8 × 14.3 GB/s, "
        "would be 115 GB/s, an assumed figure: the bandwidth was logged on one node, never with the nodes writing "
        "together." in said
    )
    table = next(b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling-projections")
    assert table.rows[0][5] == "917§"
    assert (
        "§ Mingxin FX100 is local to each node: its aggregate at a node count is assumed, one node's bandwidth in this "
        "test (14.3 GB/s) times the nodes; the bandwidth was logged on one node, never with the nodes writing "
        "together." in table.note
    )


def test_q_m7_a_basis_the_shared_side_did_not_show_is_not_built(tmp_path):
    """NFS's saves on FX100's basis: 980 GB on 8 nodes is 122.5 GB a node in 340.04 s; 5,670 GB on 64 nodes is
    88.6 GB a node, 246 s, 23.1 GB/s against the 3.14 GB/s NFS showed: a basis built to be discarded, not printed."""
    ctx, _m = build(_local_candidate(tmp_path))
    note = next(
        b for b in section(ctx, "scaling").blocks if isinstance(b, Table) and b.id == "scaling-projections"
    ).note
    assert "basis does not count" not in note and "On Mingxin FX100's basis" not in note
    assert "Parallel NFS (existing) is shared storage: its save time is fitted over the whole checkpoint" in note


def test_q_m5_a_node_local_candidate_keeps_its_checkpoints_on_each_node(tmp_path):
    """FX100 local to each node: each of the job's 8 nodes writes 980 × 8 ÷ 64 = 122.5 GB of a checkpoint; the tool's
    default of 3 retained is 367.5 GB a node (368 GB), 2,940 GB in all, on no array."""
    ctx, _m = build(_local_candidate(tmp_path))
    table = next(b for b in section(ctx, "economics").blocks if isinstance(b, Table))
    row = next(r for r in table.rows if r[0] == "Capacity for the checkpoints retained")
    assert row[1:] == (
        "368 GB a node",
        "3 × 122.5 GB on each of the job's 8 nodes' own drives, 2,940 GB in all; the count is a reference value, not "
        "agreed with the customer",
    )
    ctx, _m = build(ROOT / "examples" / "async-70b")  # shared: on the array
    table = next(b for b in section(ctx, "economics").blocks if isinstance(b, Table))
    row = next(r for r in table.rows if r[0] == "Capacity for the checkpoints retained")
    assert row[1:] == (
        "2,940 GB",
        "3 × 980 GB to keep on the array; the count is a reference value, not agreed with the customer",
    )


def test_p_m1_fewer_restores_than_the_rule_say_how_much_they_weigh():
    """decision_page: 4 restores a side against 5 runs. Job MTBF 50,677 h × 3,600 ÷ 64 = 2,850,581 s; restores 10.5175
    and 7.2675 s: 100 × 3.25 ÷ 2,850,581 = 0.000114 points. At their optimal intervals (sqrt(2 × save × MTBF); saves
    6.2857 and 4.1929 s, recovery 480 s + the restore) the two differ by 0.0386 points: 0.3%, immaterial."""
    ctx, m = build(FIXTURES / "decision_page")
    assert round(m.reliability.optimum_gain_pct, 4) == 0.0386
    said = " ".join(texts(section(ctx, "reliability").blocks))
    assert (
        "They make only 0.000114 of the 0.0386 percentage points between the two systems at their optimal intervals, "
        "too little for more restores to change a conclusion." in said
    )


def test_p_m1_restores_that_weigh_in_the_difference_say_so(tmp_path):
    """async-70b with 4 runs required: 3 restores a side, 212.13 and 61.03 s; job MTBF 2,850,581 s: 100 × 151.1 ÷
    2,850,581 = 0.00530 points of the 0.0119 between the optima (staging 9.4 and 9.6 s, writes 340.04 and 75.26 s:
    optima 7,320.6 and 7,398.1 s; overheads 0.29108% and 0.27921%): 45%."""
    folder = _async(tmp_path)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text() + "\n[gates]\nmin_runs = 4\n")
    said = " ".join(texts(section(build(folder)[0], "reliability").blocks))
    assert (
        "They make 0.00530 of the 0.0119 percentage points between the two systems at their optimal intervals: more "
        "restores could move the ETTR and the GPU-equivalents at the optimum." in said
    )


def test_zh_p_m5_one_other_workload_is_that_workload():
    """retune holds one other workload (7B): "该负载", not "以上负载"."""
    ctx, _m = build_printed(FIXTURES / "retune", "zh-CN")
    said = " ".join(texts(section(ctx, "summary").blocks))
    assert "该负载不计入任何评估门槛" in said and "以上负载" not in said


def test_zh_p_m5_a_workload_well_below_the_headline_says_the_headline_is_not_its(folder):
    """retune with Array X's 32B saves at 40, 41 and 42 s (110 ÷ 41 = 2.68×; Welch df 2.29, t 3.83: 2.18× to 3.30×)
    and 7B at 31.5, 32, 32.5 s against 19.5, 20, 20.5 s (1.60×; df 3.36, t 3.00: 1.52× to 1.68×): wholly below,
    and 1.52 ÷ 1.5 − 1 = 1.36% above the default 1.5× target. Today's main gives the ratio and its interval only."""
    data = folder("retune")
    rows = (data / "save_times.csv").read_text().splitlines()[:7]
    rows = [r.replace(",50,", ",40,").replace(",55,", ",41,").replace(",60,", ",42,") for r in rows]
    seven = [
        ("Old NAS", 31.5),
        ("Old NAS", 32),
        ("Old NAS", 32.5),
        ("Array X", 19.5),
        ("Array X", 20),
        ("Array X", 20.5),
    ]
    rows += [f"{i % 3 + 1},{system},{t},7B,4,16," for i, (system, t) in enumerate(seven)]
    (data / "save_times.csv").write_text("\n".join(rows) + "\n")
    ctx, m = build(data)
    assert round(m.save.speedup, 3) == 2.683 and [round(v, 3) for v in m.save.speedup_ci95] == [2.179, 3.303]
    said = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "a ratio of 1.60× (95% interval 1.52× to 1.68×). That is below the 2.68× of “32B”, their 95% intervals apart: "
        "the speedup depends on the workload, and the headline's is that workload's alone. By G3's rule it would still "
        "meet the 1.5× target, its interval's low end (1.52×) 1.36% above it." in said
    )
