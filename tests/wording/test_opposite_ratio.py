"""Page 1's speed tile and the gate table, for a candidate slower on the job the gates judge (Chinese reading 9, J-B2):
another workload's ratio in the opposite direction says so ("3.29×" under "slower checkpoint save" read as slower),
and G3's interval is printed as page 1 prints it, slower, beside the speedup's."""

from report.inputs.joint_test import read_joint_test
from report.wording.verdict import gate_detail
from tests.conftest import FIXTURES
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
    assert gate_detail(m, cfg, g3) == "95% interval 0.602× to 0.633×, that is 1.58× to 1.66× slower, lies below 1.5×"
    assert "1.58–1.66×" in " ".join(ctx.cover.reasons)
