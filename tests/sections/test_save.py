"""The checkpoint save section: outliers flagged only where three runs are not too few."""

from report.document.blocks import Table
from tests.conftest import DATA, FIXTURES
from tests.sections.helpers import build, section, texts


def test_three_runs_are_too_few_to_call_one_an_outlier(folder):
    data = folder("repeated")
    rows = (data / "save_times.csv").read_text().splitlines()
    # Old NAS's 100, 110, 120 made 100, 150, 151: the modified z-score of 100 would be 0.6745 × 50 / 1 = 33.7.
    text = "\n".join(rows).replace("2,Old NAS,110,", "2,Old NAS,150,").replace("3,Old NAS,120,", "3,Old NAS,151,")
    (data / "save_times.csv").write_text(text + "\n")
    ctx, m = build(data)
    assert m.save.baseline.times_s == (100, 150, 151) and m.save.baseline.outlier_runs == ()
    assert not any("stands out" in t for t in texts(section(ctx, "save").blocks))


def test_the_save_table_prints_a_duration_as_the_prose_does():
    """data: Mingxin FX100's one save of 94 s prints "94" in the table as in "94 s" on page 1, not "94.0"; retune's
    Array X, 55 s ± 5.00 over runs of 50 to 60 s."""
    ctx, _m = build(DATA)
    table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert [row[2] for row in table.rows] == ["178", "94"]
    ctx, _m = build(FIXTURES / "retune")
    table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert table.rows[1][2:5] == ("55 ± 5.0", "9.09", "50–60")


def test_a_node_local_job_s_effective_throughput_says_it_is_the_whole_job_s():
    """zh reading 9, J-m11: Table 5 printed local NVMe's effective throughput as 56.7 GB/s (980 GB ÷ 17.28 s, the
    whole 16-node job) and Table 6 as 3.55 GB/s (one node's 61.25 GB ÷ 17.28 s), both under one name. The save
    table says its figure is the whole job's where a node-local side spans nodes (node_local_async: 16 nodes)."""
    ctx, _m = build(FIXTURES / "node_local_async")
    table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert table.columns[-1].label == "Effective GB/s, whole job"
    assert [row[-1] for row in table.rows] == ["56.7", "35.0"]  # 980 ÷ 17.276, 980 ÷ 27.982
    bandwidth = next(b for b in section(ctx, "bandwidth").blocks if isinstance(b, Table))
    assert [row[5] for row in bandwidth.rows] == ["3.55", "35.0"]  # 61.25 ÷ 17.276: one node's part
    ctx, _m = build(DATA)  # one drive, no node-local side: the plain name
    table = next(b for b in section(ctx, "save").blocks if isinstance(b, Table))
    assert table.columns[-1].label == "Effective GB/s"
