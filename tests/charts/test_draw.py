"""The charts as drawn (report/charts/draw.py): what a bar's label says."""

from report.charts import describe as charts
from report.charts import draw as drawing
from report.compute import compute
from report.inputs.joint_test import read_joint_test

LOADS = """system,model,platform,size_gb,run,load_s
NFS,7B,Huawei Atlas 910B,15.2,1,39.6
NFS,7B,Huawei Atlas 910B,15.2,2,40.0
NFS,7B,Huawei Atlas 910B,15.2,3,40.4
Mingxin FX100,7B,Huawei Atlas 910B,15.2,1,19.8
Mingxin FX100,7B,Huawei Atlas 910B,15.2,2,20.0
Mingxin FX100,7B,Huawei Atlas 910B,15.2,3,20.2
NFS,32B,Huawei Atlas 910B,65.6,1,119.0
NFS,32B,Huawei Atlas 910B,65.6,2,120.0
NFS,32B,Huawei Atlas 910B,65.6,3,121.0
Mingxin FX100,32B,Huawei Atlas 910B,65.6,1,149.0
Mingxin FX100,32B,Huawei Atlas 910B,65.6,2,150.0
Mingxin FX100,32B,Huawei Atlas 910B,65.6,3,151.0
"""


def test_a_load_the_candidate_makes_slower_is_labelled_slower(folder):
    """Cold read 20, AC minor: Figure 9 labelled a 0.813× ratio "0.813× faster". Here 32B loads in 120 s on NFS and
    150 s on FX100: 120 ÷ 150 = 0.8, the inverse 150 ÷ 120 = 1.25× slower; 7B 40.0 ÷ 20.0 = 2.00× faster. The slower
    candidate draws the longest bar (150 s), and the axis holds it: 1.25 × 150 s = 187.5 s."""
    data = folder("data")
    (data / "load_times.csv").write_text(LOADS)
    test = read_joint_test(data)
    m = compute(test)
    chart = charts.describe_all(m, test.bandwidth)["load-times"]
    figure = drawing.DRAWERS["load-times"](m, test.bandwidth, chart)
    labels = sorted(t.get_text() for t in figure.axes[0].texts)
    assert labels == ["1.25× slower", "2.00× faster"]
    assert figure.axes[0].get_xlim() == (0, 187.5)
