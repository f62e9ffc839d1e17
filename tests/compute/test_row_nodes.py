"""Save rows run on more client nodes than their bandwidth test (report/compute/row_nodes.py; cold read 20, AB-M1), on
data/ with a second workload, “70B full”, 140 GB on 32 GPUs (4 nodes of 8) on both systems, while the bandwidth test
wrote from one node: Mingxin FX100's 140 GB in 15 s is 9.3333 GB/s, 1.4583× its 6.40 GB/s logged; Local NVMe's in
500 s is 0.28 GB/s."""

from __future__ import annotations

from report.compute import compute
from report.compute.findings import decide
from report.compute.row_nodes import BEYOND, FITTED, ID, MEASURED, NO_SWEEP
from report.i18n import activate
from report.inputs.joint_test import read_joint_test
from tests.sections.helpers import build, section, texts

B, C = "Local NVMe (single drive)", "Mingxin FX100"


def _folder(folder, sweep: dict[str, dict[int, tuple[float, float]]] | None):
    path = folder("data")
    saves = path / "save_times.csv"
    saves.write_text(saves.read_text() + f"{B},70B full,32,140,1,500\n{C},70B full,32,140,1,15\n")
    toml = path / "test.toml"
    text = toml.read_text().replace('bandwidth  = "White paper: sustained', 'bandwidth  = "From one node: sustained')
    toml.write_text(text)
    if sweep is not None:
        rows = "".join(
            f"{system},{k},{r},{v}\n"
            for system, points in sweep.items()
            for k, two in points.items()
            for r, v in enumerate(two, 1)
        )
        (path / "scaling.csv").write_text("system,clients,run,write_gbps\n" + rows)
    return path


def _decided(path):
    test = read_joint_test(path)
    return decide(test, compute(test))


def _audit(path, language: str = "en") -> str:
    with activate(language):
        return " ".join(texts(section(build(path)[0], "audit").blocks))


def test_a_row_is_set_against_the_sweep_at_its_own_node_count(folder):
    # FX100 at 4 clients: 11.9, 12.1 → 12.0; 9.3333 / 12.0 = 77.8%. Local NVMe at 4: 1.0 → 0.28 / 1.0 = 28%
    sweep = {B: {1: (0.3, 0.3), 2: (0.6, 0.6), 4: (1.0, 1.0)}, C: {1: (3.0, 3.0), 2: (6.0, 6.0), 4: (11.9, 12.1)}}
    path = _folder(folder, sweep)
    found = _decided(path)
    more = found.get(ID)
    assert more is not None and more.scope.items == ("baseline / 70B full", "candidate / 70B full")
    c = more["rows"][1]
    assert (c.basis, c.logged_clients, round(c.share_pct, 1), c.above) == (MEASURED, 1, 77.8, False)
    assert found.get("rows_outrun") is None  # 1.46× the one-node bandwidth is no longer flagged
    text = _audit(path)
    assert "ran on 4 client nodes, more than the 1 node its bandwidth test wrote from" in text, text
    assert "Its 9.33 GB/s is 78% of the 12.0 GB/s the client sweep gave with 4 nodes writing at once" in text
    assert "impossible" not in text
    zh = _audit(path, "zh-CN")
    assert "其 9.33 GB/s 为客户端扩展测试在 4 个节点同时写入时测得的 12.0 GB/s 的 78%" in zh, zh


def test_a_row_faster_than_the_sweep_at_its_count_stays_flagged(folder):
    # FX100 at 4: 7.9, 8.1 → 8.0, CV 0.14142 / 8 = 1.77%; 9.3333 / 8.0 = 116.7% > 103.5%: beyond the runs' spread
    sweep = {C: {1: (3.0, 3.0), 2: (5.0, 5.0), 4: (7.9, 8.1)}}
    found = _decided(_folder(folder, sweep))
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert (c.basis, round(c.share_pct, 1), c.above) == (MEASURED, 116.7, True)
    assert found.get("rows_outrun").scope.items == ("candidate / 70B full",)


def test_a_count_the_sweep_did_not_run_is_set_against_its_law_between_counts_run(folder):
    # FX100 at 1, 2, 8 on a straight line (3.0 GB/s a client): σ = κ = 0, C(4) = 12.0; 9.3333 / 12.0 = 77.8%
    sweep = {C: {1: (3.0, 3.0), 2: (6.0, 6.0), 8: (24.0, 24.0)}}
    path = _folder(folder, sweep)
    found = _decided(path)
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert (c.basis, round(c.at.aggregate, 3), round(c.share_pct, 1), c.outruns) == (FITTED, 12.0, 77.8, False)
    assert found.get("rows_outrun") is None
    text = _audit(path)
    assert "Its 9.33 GB/s is 78% of the 12.0 GB/s the law fitted to the client sweep gives at 4 nodes" in text, text
    zh = _audit(path, "zh-CN")
    assert "12.0 GB/s" in zh and "78%" in zh, zh


def test_a_row_above_the_law_between_counts_run_stays_flagged(folder):
    # FX100 at 1, 2, 8 on a straight line (2.0 GB/s a client): C(4) = 8.0; 9.3333 / 8.0 = 116.7%
    sweep = {C: {1: (2.0, 2.0), 2: (4.0, 4.0), 8: (16.0, 16.0)}}
    found = _decided(_folder(folder, sweep))
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert (c.basis, round(c.share_pct, 1), c.outruns) == (FITTED, 116.7, True)
    assert found.get("rows_outrun").scope.items == ("candidate / 70B full",)


def test_a_law_that_does_not_describe_its_points_flags_nothing(folder):
    # FX100 at 1: 3, 2: 7, 8: 20. X = 1, 2.3333, 6.6667; L = k / X − 1 = −0.14286 (x = 1), 0.2 (x = 7): a + b =
    # −0.14286, 7a + 49b = 0.2 → b = κ = 0.028571, a = −0.171429, σ = a − b = −0.2. C(4) = 12 / (1 − 0.6 + 0.342857)
    # = 16.154; 9.3333 / 16.154 = 57.8%
    sweep = {C: {1: (3.0, 3.0), 2: (7.0, 7.0), 8: (20.0, 20.0)}}
    path = _folder(folder, sweep)
    found = _decided(path)
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert (c.basis, c.at.fit_disowned, round(c.at.aggregate, 2), round(c.share_pct, 1)) == (FITTED, True, 16.15, 57.8)
    assert not c.outruns and found.get("rows_outrun") is None
    text = _audit(path)
    assert "the law fitted to it gives 16.2 GB/s there, of which its 9.33 GB/s is 58%, but with a negative σ" in text


def test_a_count_beyond_the_sweep_is_an_extrapolation(folder):
    # FX100 swept at 1 and 2 only; the row's 4 nodes lie beyond: the nearest count run, 2, gave 6.00 GB/s
    sweep = {C: {1: (3.0, 3.0), 2: (6.0, 6.0)}}
    path = _folder(folder, sweep)
    found = _decided(path)
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert (c.basis, c.largest.clients, c.outruns) == (BEYOND, 2, False)
    assert found.get("rows_outrun") is None
    text = _audit(path)
    assert (
        "The client sweep did not reach 4 nodes (the nearest count it ran, 2, gave 6.00 GB/s), so a bound at that "
        "count would be an extrapolation: its 9.33 GB/s, 1.46× the 6.40 GB/s logged from fewer nodes, is no evidence "
        "of an impossible save." in text
    ), text


def test_with_no_sweep_the_fewer_nodes_are_no_evidence_of_an_impossible_save(folder):
    path = _folder(folder, None)
    found = _decided(path)
    c = next(r for r in found.get(ID)["rows"] if r.row.side == "candidate")
    assert c.basis == NO_SWEEP and found.get("rows_outrun") is None
    text = _audit(path)
    assert (
        "No client sweep was run on Mingxin FX100, so the only bandwidth to set it against is the 6.40 GB/s logged "
        "from fewer nodes: its 9.33 GB/s, 1.46× that, is no evidence of an impossible save; a run with 4 nodes "
        "writing at once would settle it." in text
    ), text
    assert "未进行客户端扩展测试" in _audit(path, "zh-CN")
