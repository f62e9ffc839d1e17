"""The scaling figures (CONTRACT.md, "How the candidate scales with clients", settled points 7 to 9) against values
worked by hand here, on joint tests this project never built: the white paper's data with a scaling.csv written by
each test, and its job grown to 32 GPUs (4 nodes of 8) where a test needs several nodes."""

from __future__ import annotations

import math

import pytest

from report.compute import compute
from report.compute.scaling import Usl, fit_usl, points
from report.inputs.joint_test import read_joint_test
from tests.conftest import without_projection_gpus

B, C = "Local NVMe (single drive)", "Mingxin FX100"


def approx(value):
    return pytest.approx(value, rel=1e-9, abs=1e-12)


def joint(
    folder, rows: list[tuple[str, int, int, float]] | None, gpus: int = 8, toml: str = "", gpus64: bool = False
) -> dict:
    """data/ with its saves at `gpus` GPUs, scaling.csv holding `rows` (none: no file), and `toml` added to test.toml
    (inside [systems] when it starts with a key of it); metrics.json as a dict."""
    path = folder("data")
    saves = (path / "save_times.csv").read_text().replace(",8,", f",{gpus},")
    (path / "save_times.csv").write_text(saves)
    if rows is not None:
        lines = ["system,clients,run,write_gbps"] + [f"{s},{k},{r},{v!r}" for s, k, r, v in rows]
        (path / "scaling.csv").write_text("\n".join(lines) + "\n")
    text = without_projection_gpus((path / "test.toml").read_text())  # given back below where asked
    if gpus64:
        text = text.replace("snapshot_gb = 140\n", "snapshot_gb = 140\n" + GPUS_64)
    if toml.startswith("node_local"):
        text = text.replace('load_baseline = "NFS"\n', f'load_baseline = "NFS"\n{toml}\n')
    else:
        text += toml
    (path / "test.toml").write_text(text)
    return compute(read_joint_test(path)).to_dict()


# The candidate: 2.0 GB/s at one client; 3.0 and 3.4 at two (mean 3.2); 5.0 at four; 6.4 at eight.
#   λ = 2.0. X = mean / λ: 1.6, 2.5, 3.2. x = k − 1: 1, 3, 7. L = k / X − 1: 2/1.6 − 1 = 0.25, 4/2.5 − 1 = 0.6,
#   8/3.2 − 1 = 1.5.
#   Σx² = 1 + 9 + 49 = 59; Σx³ = 1 + 27 + 343 = 371; Σx⁴ = 1 + 81 + 2401 = 2483.
#   ΣxL = 0.25 + 1.8 + 10.5 = 12.55; Σx²L = 0.25 + 5.4 + 73.5 = 79.15.
#   det = 59 × 2483 − 371² = 146,497 − 137,641 = 8,856.
#   a = (12.55 × 2483 − 371 × 79.15) / 8856 = (31,161.65 − 29,364.65) / 8856 = 1,797 / 8,856
#   b = (59 × 79.15 − 371 × 12.55) / 8856 = (4,669.85 − 4,656.05) / 8856 = 13.8 / 8,856
#   κ = b = 13.8 / 8856; σ = a − b = 1,783.2 / 8,856.
#   peak = sqrt((1 − σ) / κ) = sqrt((8856 − 1783.2) / 13.8) = sqrt(7,072.8 / 13.8).
#   at the job's 4 nodes: 1 + σ × 3 + κ × 4 × 3 = 1 + (5,349.6 + 165.6) / 8856 = 14,371.2 / 8,856,
#   C(4) = 2 × 4 × 8856 / 14371.2 = 70,848 / 14,371.2.
CANDIDATE = [(C, 1, 1, 2.0), (C, 2, 1, 3.0), (C, 2, 2, 3.4), (C, 4, 1, 5.0), (C, 8, 1, 6.4)]
# The baseline scales better than linearly between one and two clients (a negative σ):
#   λ = 1.0; X: 2.5 at two, 4.0 at four; x: 1, 3; L: 2/2.5 − 1 = −0.2, 4/4 − 1 = 0.
#   Σx² = 10, Σx³ = 28, Σx⁴ = 82, ΣxL = −0.2, Σx²L = −0.2; det = 820 − 784 = 36.
#   a = (−0.2 × 82 − 28 × −0.2) / 36 = (−16.4 + 5.6) / 36 = −0.3; b = (10 × −0.2 − 28 × −0.2) / 36 = 3.6 / 36 = 0.1.
#   κ = 0.1, σ = −0.3 − 0.1 = −0.4; peak = sqrt(1.4 / 0.1) = sqrt(14).
#   at 4 nodes: 1 − 0.4 × 3 + 0.1 × 12 = 1.0, so C(4) = 1.0 × 4 / 1.0 = 4.0.
BASELINE = [(B, 1, 1, 1.0), (B, 2, 1, 2.5), (B, 4, 1, 4.0)]


def test_points_fit_and_the_job(folder):
    m = joint(folder, CANDIDATE + BASELINE, gpus=32)
    s = m["scaling"]
    assert set(s) == {"baseline", "candidate", "at_job"}
    assert s["candidate"]["points"] == [
        {"clients": 1, "mean_gbps": 2.0, "runs": 1},
        {"clients": 2, "mean_gbps": approx(3.2), "runs": 2},
        {"clients": 4, "mean_gbps": 5.0, "runs": 1},
        {"clients": 8, "mean_gbps": 6.4, "runs": 1},
    ]
    u = s["candidate"]["usl"]
    assert set(u) == {"lambda_gbps", "sigma", "kappa", "peak_clients"}
    assert u["lambda_gbps"] == 2.0
    assert u["kappa"] == approx(13.8 / 8856)
    assert u["sigma"] == approx(1783.2 / 8856)
    assert u["peak_clients"] == approx(math.sqrt(7072.8 / 13.8))
    assert s["at_job"]["candidate"] == approx(70848 / 14371.2)
    b = s["baseline"]["usl"]
    assert (b["lambda_gbps"], b["sigma"], b["kappa"]) == (1.0, approx(-0.4), approx(0.1))
    assert b["peak_clients"] == approx(math.sqrt(14))
    assert s["at_job"]["baseline"] == approx(4.0)
    assert m["scaling"]["baseline"]["points"][0] == {"clients": 1, "mean_gbps": 1.0, "runs": 1}
    for point in s["candidate"]["points"]:  # JSON integers (settled point 8)
        assert type(point["clients"]) is int and type(point["runs"]) is int


def test_a_negative_kappa_and_a_capacity_the_law_does_not_give(folder):
    # Points exactly on C(k) = k / (1 + 0.3(k − 1) − 0.02k(k − 1)) with λ = 1: the denominators are
    #   k = 2: 1 + 0.3 − 0.04 = 1.26; k = 4: 1 + 0.9 − 0.24 = 1.66; k = 8: 1 + 2.1 − 1.12 = 1.98;
    #   so L = denominator − 1: 0.26, 0.66, 0.98 at x = 1, 3, 7.
    #   ΣxL = 0.26 + 1.98 + 6.86 = 9.10; Σx²L = 0.26 + 5.94 + 48.02 = 54.22 (Σx², Σx³, Σx⁴, det as above).
    #   a = (9.10 × 2483 − 371 × 54.22) / 8856 = (22,595.3 − 20,115.62) / 8856 = 2,479.68 / 8,856 = 0.28
    #   b = (59 × 54.22 − 371 × 9.10) / 8856 = (3,198.98 − 3,376.1) / 8856 = −177.12 / 8,856 = −0.02
    #   κ = −0.02, σ = 0.28 + 0.02 = 0.3; κ <= 0: no peak.
    # The job of 160 GPUs is 20 nodes: 1 + 0.3 × 19 − 0.02 × 20 × 19 = 1 + 5.7 − 7.6 = −0.9 <= 0: C(20) is null.
    rows = [(C, 1, 1, 1.0), (C, 2, 1, 2 / 1.26), (C, 4, 1, 4 / 1.66), (C, 8, 1, 8 / 1.98)]
    m = joint(folder, rows, gpus=160)
    u = m["scaling"]["candidate"]["usl"]
    assert (u["sigma"], u["kappa"], u["peak_clients"]) == (approx(0.3), approx(-0.02), None)
    assert m["scaling"]["at_job"] == {"baseline": None, "candidate": None}
    assert m["scaling"]["baseline"] is None  # a save side without rows


def test_no_one_client_point_no_fit(folder):
    # Two, four and eight clients but not one: λ is not measured, so no usl (and at the job, on shared storage,
    # nothing); two client counts beside one are needed too.
    rows = [(C, 2, 1, 3.0), (C, 4, 1, 5.0), (C, 8, 1, 6.4), (B, 1, 1, 1.0), (B, 2, 1, 2.0)]
    m = joint(folder, rows, gpus=32)
    assert m["scaling"]["candidate"]["usl"] is None
    assert [p["clients"] for p in m["scaling"]["candidate"]["points"]] == [2, 4, 8]
    assert m["scaling"]["baseline"]["usl"] is None  # one client and only one other count
    assert m["scaling"]["at_job"] == {"baseline": None, "candidate": None}


GPUS_64 = "gpus = 64\n"  # the projection "70B on 64 GPUs" given its GPUs (required beside a node-local side)


def test_node_local_sides_scale_by_definition(folder):
    # The baseline is node-local and has no rows: at the job's 32 GPUs, share(32) = min(32, 8) / 32 = 0.25, so its
    # aggregate is bandwidth.baseline_gbps / 0.25 = 3.26 × 4 = 13.04. A node-local side with rows but no fit likewise.
    # At the projection's 64 GPUs: share(64) = 8 / 64, so 3.26 × 8 = 26.08 and 6.40 × 8 = 51.2.
    rows = [(C, 2, 1, 3.0), (C, 4, 1, 5.0)]
    m = joint(folder, rows, gpus=32, toml='node_local = ["Local NVMe (single drive)", "Mingxin FX100"]', gpus64=True)
    assert m["scaling"]["at_job"]["baseline"] == approx(3.26 / 0.25)
    assert m["scaling"]["at_job"]["candidate"] == approx(6.40 / 0.25)
    (p,) = m["projections"]
    assert p["scaled_gbps"] == {"baseline": approx(26.08), "candidate": approx(51.2)}
    # with a fit, the fit wins, node-local or not (settled point 7: the side's usl C(k) when it has one); the
    # projection's 8 nodes: 1 + σ × 7 + κ × 8 × 7 = 1 + (1783.2 × 7 + 13.8 × 56) / 8856 = (8856 + 12482.4 + 772.8) / 8856
    #   = 22,111.2 / 8,856, so C(8) = 2 × 8 × 8856 / 22111.2 = 141,696 / 22,111.2
    m = joint(folder, CANDIDATE, gpus=32, toml='node_local = ["Mingxin FX100"]', gpus64=True)
    assert m["scaling"]["at_job"]["candidate"] == approx(70848 / 14371.2)
    (p,) = m["projections"]
    assert p["scaled_gbps"] == {"baseline": None, "candidate": approx(141696 / 22111.2)}


def test_without_scaling_csv(folder):
    m = joint(folder, None)
    assert m["scaling"] is None
    assert "scaling.csv" not in m["inputs"]
    assert [p["scaled_gbps"] for p in m["projections"]] == [{"baseline": None, "candidate": None}]


def test_projections_carry_scaled_gbps_with_the_file(folder):
    m = joint(folder, CANDIDATE + BASELINE, gpus=32)
    # without `gpus` a projection has no node count: null on both sides (settled point 7)
    assert [p["scaled_gbps"] for p in m["projections"]] == [{"baseline": None, "candidate": None}]
    assert list(m["inputs"])[-1] == "scaling.csv"
    # with its 64 GPUs, 8 nodes: the candidate's C(8) = 141,696 / 22,111.2 (above); the baseline's
    #   1 − 0.4 × 7 + 0.1 × 8 × 7 = 1 − 2.8 + 5.6 = 3.8, so C(8) = 1.0 × 8 / 3.8
    m = joint(folder, CANDIDATE + BASELINE, gpus=32, gpus64=True)
    (p,) = m["projections"]
    assert p["scaled_gbps"] == {"baseline": approx(8 / 3.8), "candidate": approx(141696 / 22111.2)}


def test_no_scaling_csv_a_node_local_side_still_scales(folder):
    # 64 GPUs: share(64) = 8 / 64; the node-local baseline's 3.26 GB/s × 8 = 26.08; the shared candidate: null
    m = joint(folder, None, gpus=32, toml='node_local = ["Local NVMe (single drive)"]', gpus64=True)
    assert m["scaling"] is None
    assert m["projections"][0]["scaled_gbps"] == {"baseline": approx(26.08), "candidate": None}


def test_the_fit_recovers_the_law_exactly():
    # Points computed from λ = 1.5, σ = 0.05, κ = 0.002 at 1, 2, 4, 8, 16 clients give those three back.
    law = Usl(1.5, 0.05, 0.002, None)
    found = fit_usl(points((k, law.capacity(k)) for k in (1, 2, 4, 8, 16)))
    assert (found.lambda_gbps, found.sigma, found.kappa) == (1.5, approx(0.05), approx(0.002))
    assert found.peak_clients == approx(math.sqrt(0.95 / 0.002))


def test_capacity_is_null_where_the_denominator_is_not_positive():
    law = Usl(2.0, -0.5, 0.0, None)
    assert law.capacity(3) is None  # 1 − 0.5 × 2 = 0
    assert law.capacity(2) == approx(2.0 * 2 / 0.5)
    assert not law.describes and Usl(2.0, 0.1, 0.0, None).describes


def test_peak_below_one_client_is_kept_unrounded():
    # σ = 0.99, κ = 0.5: sqrt(0.01 / 0.5) = sqrt(0.02), below one client, reported as it is
    # L at x = 1, 2: σx + κx(x + 1) = 0.99 + 1.0 = 1.99 and 1.98 + 3.0 = 4.98; X = k / (L + 1).
    found = fit_usl(points([(1, 1.0), (2, 2 / 2.99), (3, 3 / 5.98)]))
    assert found.peak_clients == approx(math.sqrt(0.02))
