"""Which sides a projection lies beyond (report/compute/projection_reach.py), on data/ with its saves at 32 GPUs (4
nodes of 8), a scaling.csv written by each test and the projection "70B on 64 GPUs" (8 nodes)."""

from __future__ import annotations

from report.compute import compute
from report.compute.findings import decide
from report.compute.projection_reach import ID, measured_nodes, unmeasured
from report.inputs.joint_test import read_joint_test
from tests.conftest import without_projection_gpus

B, C = "Local NVMe (single drive)", "Mingxin FX100"


def _metrics(folder, rows: str | None, node_local: bool = False):
    path = folder("data")
    (path / "save_times.csv").write_text((path / "save_times.csv").read_text().replace(",8,", ",32,"))
    if rows is not None:
        (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    text = without_projection_gpus((path / "test.toml").read_text())
    text = text.replace("snapshot_gb = 140\n", "snapshot_gb = 140\ngpus = 64\n")
    if node_local:
        text = text.replace('load_baseline = "NFS"\n', f'load_baseline = "NFS"\nnode_local = ["{B}"]\n')
    (path / "test.toml").write_text(text)
    test = read_joint_test(path)
    m = compute(test)
    return m, decide(test, m)


def _sweep(top_b: int, top_c: int) -> str:
    rows = [f"{B},{k},1,{k * 0.5}" for k in (1, 2, 4, 8) if k <= top_b]
    return "\n".join(rows + [f"{C},{k},1,{k * 1.5}" for k in (1, 2, 4, 8) if k <= top_c]) + "\n"


def test_beyond_both_sweeps_and_the_saves_both_sides_hold_and_the_times_are_kept(folder):
    # saves on 4 nodes, both swept to 4: 8 nodes lies beyond every count either was run at
    m, findings = _metrics(folder, _sweep(4, 4))
    p = m.projections[0]
    assert p.nodes == 8 and m.basis_of(p).unmeasured == ("baseline", "candidate")
    found = findings.get(ID)
    assert found is not None and found.scope.whole and found["most"] == {"baseline": 4, "candidate": 4}
    assert unmeasured(findings, p) == ("baseline", "candidate")
    # the contract's projected time is kept: proportional, 178 s × 140 / 65.6 = 379.88 s
    assert round(p.baseline_s, 2) == 379.88


def test_a_side_swept_to_the_projections_nodes_is_measured_there(folder):
    m, findings = _metrics(folder, _sweep(8, 2))  # the baseline swept to 8; the candidate to 2, its saves on 4
    p = m.projections[0]
    found = findings.get(ID)
    assert m.basis_of(p).unmeasured == ("candidate",)
    assert found is not None and not found.scope.whole and found["most"] == {"candidate": 4}
    assert measured_nodes(m.fits["baseline"], m.scaling.side("baseline"), 8) == 8


def test_no_sweep_no_finding_and_a_node_local_side_is_never_beyond(folder):
    m, findings = _metrics(folder, None)  # without scaling.csv the report calls nothing beyond it unknown
    assert m.basis_of(m.projections[0]).unmeasured == () and findings.get(ID) is None
    m, findings = _metrics(folder, _sweep(4, 4), node_local=True)
    assert m.basis_of(m.projections[0]).unmeasured == ("candidate",)
