"""Page 1's speed tile and the gate table, for a candidate slower on the job the gates judge (Chinese reading 9, J-B2):
another workload's ratio in the opposite direction says so ("3.29×" under "slower checkpoint save" read as slower),
and G3's interval is printed as page 1 prints it, slower, beside the speedup's."""

import shutil

from report.compute.findings import decide
from report.inputs.joint_test import read_joint_test
from report.wording.verdict import gate_detail
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, build_printed

FOLDER = FIXTURES / "node_local_async"


def _speed_tile(ctx):
    return next(t for t in ctx.cover.tiles if t.id == "speedup")


def test_the_other_workloads_faster_ratio_says_faster_beside_a_slower_headline():
    ctx, _m = build(FOLDER)
    tile = _speed_tile(ctx)
    assert (tile.value, tile.label) == ("1.62×", "slower checkpoint save")
    assert tile.note.endswith("“Llama 3 8B on two nodes” 3.29× faster there")
    zh, _m = build_printed(FOLDER, "zh-CN")
    assert _speed_tile(zh).note.endswith("加速比 3.29 倍（被测系统更快）")


def test_g3_prints_the_interval_slower_as_page_one_does():
    ctx, m = build(FOLDER)
    cfg = read_joint_test(FOLDER).config
    g3 = next(g for g in m.gates if g.id == "G3")
    found = decide(read_joint_test(FOLDER), m)
    assert (
        gate_detail(m, cfg, g3, found)
        == "95% interval 0.602× to 0.633×, that is 1.58× to 1.66× slower, lies below 1.5×"
    )
    assert "1.58–1.66×" in " ".join(ctx.cover.reasons)


def test_a_workload_slower_beside_a_faster_headline_is_named_and_said_slower(tmp_path):
    # cold tests 10, P: a 1.70× headline (below its 1.7× target) named the 2.30× model and left out the 104B, where
    # the candidate is 0.641×; a workload on the other side of 1 from the headline is named whatever the target
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    rows = "".join(
        f"{system},70B,64,140,{run},{save_s}\n"
        for system, save_s in (("Local NVMe (single drive)", 120), ("Mingxin FX100", 192))
        for run in (1, 2)
    )
    with open(folder / "save_times.csv", "a", encoding="utf-8") as f:
        f.write(rows)
    ctx, m = build(folder)
    assert round(m.save.speedup, 3) == round(178 / 94, 3) and [round(o.ratio, 3) for o in m.other_saves] == [0.625]
    # 192 / 120 = 1.6: the candidate takes 1.6 times the baseline's time on the 70B
    assert _speed_tile(ctx).note.endswith("“70B” 1.60× slower")
    zh, _m = build_printed(folder, "zh-CN")
    assert _speed_tile(zh).note.endswith("“70B”用时为基线的 1.60 倍")


def test_beside_a_slower_workload_a_faster_one_says_faster(tmp_path):
    # cold read 10, P-M2: "“Mistral 7B SFT” 2.30× and “Command R+ …” 1.56× slower" read as both slower
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    rows = "".join(
        f"{system},{model},{gpus},{size},{run},{save_s}\n"
        for model, gpus, size, times in (("7B", 4, 16, (30, 10)), ("70B", 64, 140, (120, 192)))
        for system, save_s in zip(("Local NVMe (single drive)", "Mingxin FX100"), times, strict=True)
        for run in (1, 2)
    )
    with open(folder / "save_times.csv", "a", encoding="utf-8") as f:
        f.write(rows)
    toml = folder / "test.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "\n[gates]\ntarget_speedup = 2.0\n", encoding="utf-8")
    ctx, _m = build(folder)
    # 178 / 94 = 1.89, below the 2.0 target; the 7B's 30 / 10 = 3.00 lies above it, the 70B's 120 / 192 below 1
    assert _speed_tile(ctx).note.endswith("“7B” 3.00× faster there and “70B” 1.60× slower")
