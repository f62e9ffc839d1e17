"""A result that reverses at a larger scale is said where the decision is (cold read 12, V-M2: a 256-GPU job 1.84×
slower on the candidate and a 768-GPU projection 4.6× slower, said only in a tile's small print on page 1)."""

from report import i18n
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, cover_text

MODEL_7B = "Qwen2.5 7B instruction tune (BF16)"
CANDIDATE = "Mingxin FX100 all-flash array (NVMe-oF, 8 x 400 Gb/s, 4 ctl)"
BASELINE = "Local NVMe RAID-0 (four Gen4 drives, 0x1F stripe map, ext4)"


def _slower_70b(folder, projection: str = ""):
    """long_names judged on its 7B workload (8 GPUs), its 70B workload (256 GPUs) made slower on the candidate: the
    baseline's 70B saves average (394.65 + 398.67 + 402.70 + 406.73 + 410.75) ÷ 5 = 402.70 s, the candidate's
    (803.40 + … + 807.40) ÷ 5 = 805.40 s, 805.40 ÷ 402.70 = 2.00× as long."""
    data = folder("long_names")
    toml = data / "test.toml"
    text = toml.read_text().replace('"Llama-3 70B full fine-tune (BF16, ZeRO-3)"\n', f'"{MODEL_7B}"\n', 1)
    toml.write_text(text + projection)
    saves = data / "save_times.csv"
    slow = {"93.69": "803.40", "94.64": "804.40", "95.60": "805.40", "96.56": "806.40", "97.51": "807.40"}
    lines = []
    for line in saves.read_text().splitlines():
        cells = line.split(",")
        if "Llama-3 70B" in line and "Mingxin" in line:
            cells[-1] = slow[cells[-1]]
        lines.append(",".join(cells))
    saves.write_text("\n".join(lines) + "\n")
    return data


def test_a_larger_workload_slower_on_the_candidate_is_said_beside_the_speedup(folder):
    data = _slower_70b(folder)
    ctx, m = build(data)
    assert m.save.baseline.model == MODEL_7B and m.save.speedup > 1
    speed = next(r for r in ctx.cover.reasons if r.startswith("Saves take"))
    # both systems named, and what reverses: the candidate's faster saves (cold read 13b, X)
    assert speed.endswith(
        f"{CANDIDATE} saves slower than {BASELINE} in larger jobs: “Llama-3 70B full fine-tune (BF16, ZeRO-3)” on 256 "
        "GPUs, 805 s against 403 s."
    )
    assert "Qwen2.5 32B" not in speed  # 64 GPUs, but faster on the candidate: not a reversal
    with i18n.activate("zh-CN"):
        ctx, _m = build(data)
    assert (
        f"规模更大的作业在{CANDIDATE}上保存慢于{BASELINE}：256 个 NPU 上的“Llama-3 70B full fine-tune (BF16, ZeRO-3)”为 "
        "805 s（基线 403 s）。"
    ) in cover_text(ctx)


def test_a_projection_not_estimable_is_left_to_its_section(folder):
    """A projection of 5,000 GB to 512 GPUs. The candidate's line through its rows (sizes 98.4, 455, 970 GB, five runs
    each at means 21.50, 62.10, 805.40 s): x̄ = 507.8, ȳ = 296.333, Sxy = 360,174.9, Sxx = 384,025.0, slope 0.93789,
    intercept −179.93, at 5,000 GB 4,509.5 s. The node-local baseline's through each node's part (98.4 × 8/8, 455 ×
    8/64 = 56.875, 970 × 8/256 = 30.3125 GB; means 60.20, 210.30, 402.70 s): slope −4.9058, intercept 527.89, at 5,000
    × 8/512 = 78.125 GB 144.6 s. The candidate's line runs through rows of 8, 64 and 256 GPUs, so the projections
    section calls its saving not estimable: page 2 names the 70B workload timed, not the projection (cold read 15,
    S-M2)."""
    projection = '\n[[projections]]\nname = "405B on 512 GPUs"\nsnapshot_gb = 5000\ngpus = 512\n'
    data = _slower_70b(folder, projection)
    ctx, m = build(data)
    (p,) = m.projections
    assert (round(p.candidate_s, 1), round(p.baseline_s, 1)) == (4509.5, 144.6)
    assert m.fits["candidate"].gpus == (8, 64, 256)
    text = cover_text(ctx)
    assert "“Llama-3 70B full fine-tune (BF16, ZeRO-3)” on 256 GPUs, 805 s against 403 s." in text
    assert "405B on 512 GPUs" not in text


def test_nothing_is_said_where_nothing_larger_is_slower():
    """long_names as it is: every workload faster on the candidate, no projection; data/: its projection faster."""
    for data in (FIXTURES / "long_names", DATA):
        ctx, _m = build(data)
        assert "in larger jobs" not in cover_text(ctx)


def test_a_reversal_by_projection_alone_is_said_as_one():
    """Cold read 13, X-M2: "Larger jobs reverse it: DeepSeek-V2 236B on 256 GPUs is projected at 82.9 s on LC-520
    against 26.1 s" stated a projection (the shared side's time carried over from 64 GPUs, the node-local side's per
    node) as a finding. With no larger workload timed slower, the sentence says it rests on a projection."""
    from types import SimpleNamespace as NS

    from report.wording.reversal import reverses_at_scale

    projection = NS(name="236B on 256 GPUs", candidate_s=82.91, baseline_s=26.13)
    # the node-local baseline fits per node; the shared candidate's line runs through its 64-GPU rows alone
    m = NS(
        save=NS(speedup=1.0984, baseline=NS(gpus=64, snapshot_gb=3304.0)),
        other_saves=[NS(ratio=6.5, gpus=8, snapshot_gb=219.8)],  # smaller and faster on the candidate
        projections=[projection],
        fits={"baseline": NS(gpus=(8, 64)), "candidate": NS(gpus=(64,))},
        node_fits={"baseline": NS()},
        node_local=NS(sides=("baseline",)),
    )
    w = NS(m=m, name=lambda side: {"candidate": "LC-520", "baseline": "Local E1.S"}[side])
    # said with what it assumes of the node-local side (issue 43)
    assert reverses_at_scale(w) == (
        "By projection, not by any save timed, LC-520 may save slower than Local E1.S in larger jobs: 236B on 256 GPUs, "
        "projected at 82.9 s against 26.1 s (Local E1.S's time taken per node, as if it scaled with the nodes)."
    )
    # the candidate's line through 8 and 64 GPUs: the saving is at no job's size, no reason (cold read 15, S-M2)
    m.fits["candidate"] = NS(gpus=(8, 64))
    assert reverses_at_scale(w) == ""
    m.fits["candidate"] = NS(gpus=(64,))
    projection.candidate_s = 20.0  # faster on the candidate: nothing reverses
    assert reverses_at_scale(w) == ""
