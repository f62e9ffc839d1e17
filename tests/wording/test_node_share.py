"""A node-local side's saves judged against its node's bandwidth on the basis a shared side's are (cold read 12, V-M3:
Gen5 scratch's node part at 68.1% of the whole fio run's mean, warm-up included, was called "not bound by bandwidth",
while the candidate's saves were set against its log over a save's own length)."""

from report import i18n
from tests.sections.helpers import build, section, texts

HEAD = """title = "node part by hand"
customer = "C"
date = 2026-12-01

[systems]
candidate = "Cand"
save_baseline = "Base"
load_baseline = "Filer"
node_local = ["Base"]

[training]
model = "M"
total_steps = 1000
checkpoint_interval_steps = 100
step_time_s = 10
gpus_per_node = 8
"""


def _folder(tmp_path, warm: float):
    """M on 16 GPUs (2 nodes), 20 GB a checkpoint: each node writes 20 × 8 / 16 = 10 GB. Base saves 1.9, 2.0, 2.1,
    2.0, 2.0 s (mean 2.0 s: 10 ÷ 2.0 = 5.00 GB/s a node); Cand 0.9, 1.0, 1.1, 1.0, 1.0 s. Base's log, one run of ten
    samples a second apart: `warm` GB/s at 0 and 1 s, then 8 GB/s: its whole mean (2 × warm + 64) ÷ 10; over a save's
    2.0 s the first two samples, `warm`. Cand's log 25 GB/s flat."""
    path = tmp_path / f"warm-{warm}"
    path.mkdir()
    (path / "test.toml").write_text(HEAD)
    rows = [f"Base,M,16,20,{i},{t}" for i, t in enumerate([1.9, 2.0, 2.1, 2.0, 2.0], 1)]
    rows += [f"Cand,M,16,20,{i},{t}" for i, t in enumerate([0.9, 1.0, 1.1, 1.0, 1.0], 1)]
    (path / "save_times.csv").write_text("system,model,gpus,snapshot_gb,run,save_s\n" + "\n".join(rows) + "\n")
    log = [f"Base,1,{t},{warm if t < 2 else 8}" for t in range(10)] + [f"Cand,1,{t},25" for t in range(10)]
    (path / "bandwidth.csv").write_text("system,run,t_s,write_gbps\n" + "\n".join(log) + "\n")
    loads = "system,model,platform,size_gb,run,load_s\nFiler,L,P,10,1,20\nCand,L,P,10,1,4\n"
    (path / "load_times.csv").write_text(loads)
    return path


def _words(ctx) -> str:
    return " ".join(t for s in ctx.sections for t in texts(s.blocks))


def test_a_node_part_keeping_pace_with_its_log_over_a_save_is_not_called_unbound(tmp_path):
    """warm 5.5: whole mean (11 + 64) ÷ 10 = 7.50 GB/s, the node part 5.00 ÷ 7.50 = 66.7% of it (below 80%); over a
    save's 2.0 s the log averages 5.5 GB/s (26.7% below the whole mean: the span differs), and the node part reaches
    5.00 ÷ 5.5 = 90.9% of it. Judged as the candidate is, the save may be bound by bandwidth: no "not bound"."""
    folder = _folder(tmp_path, 5.5)
    ctx, m = build(folder)
    assert round(m.node_part("baseline").job_share_pct, 1) == 66.7
    words = _words(ctx)
    assert "not bound by bandwidth" not in words
    assert (
        "A save on Base lasts 2 s, and its node's log changes within a run: over each run's first 2 s it "
        "averages 5.50 GB/s, against 7.50 GB/s over the whole run, and each node's part of a save runs at 90.9% of the "
        "former. On that basis, the one the candidate's saves are judged on, the save may be bound by bandwidth."
    ) in words
    with i18n.activate("zh-CN"):
        ctx, _m = build(folder)
    assert "保存并不受带宽限制" not in _words(ctx) and "保存可能受带宽限制" in _words(ctx)


def test_a_node_part_far_below_its_log_over_a_save_is_still_called_unbound(tmp_path):
    """warm 8 (a flat log): whole mean 8.00 GB/s, no span of its own; the node part 5.00 ÷ 8.00 = 62.5%: not bound by
    bandwidth, said on the summary's page and in the audit."""
    ctx, _m = build(_folder(tmp_path, 8))
    summary = " ".join(texts(section(ctx, "summary").blocks))
    assert (
        "On Base, local to each node, each node's part of a save runs at 62.5% of one node's bandwidth: the save is "
        "not bound by bandwidth"
    ) in summary
    assert "On Base, each node's part of a save runs at 62.5% of one node's bandwidth: the save is not bound" in (
        " ".join(texts(section(ctx, "audit").blocks))
    )
