"""MLPerf Storage (DLIO): both key formats, string durations, the maximum over ranks, sizes in GiB."""

import json
from pathlib import Path

from report.inputs.ingest import mlperf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ingest" / "mlperf"
SAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "samples" / "mlperf"  # published v1.0 (README.md)


def ranks(folder: str, loads: bool = False):
    found = []
    for path in sorted((FIXTURES / folder).glob("*_per_epoch_stats.json")):
        rank, problems = mlperf.read_rank(path.name, path.read_bytes(), loads)
        assert problems == []
        found.append(rank)
    return found


def test_v1_keys_with_string_durations_take_the_slowest_rank():
    # ckpt1 of epoch 1: ranks 0.61 and 0.65; of epoch 2: 0.70 and 0.68.
    assert mlperf.runs(ranks("v1")) == [((1, 1), 0.65), ((2, 1), 0.70)]


def test_v2_saves_ordered_by_epoch_then_n_numerically():
    assert mlperf.runs(ranks("v2")) == [((1, 1), 1.625), ((1, 2), 1.25), ((2, 10), 1.75)]


def test_v2_restores():
    assert mlperf.runs(ranks("v2", loads=True)) == [((1, 1), 0.875), ((2, 2), 0.625)]


def test_summary_size_is_gib():
    data = (FIXTURES / "v2" / "summary.json").read_bytes()
    assert mlperf.summary_size_gb("summary.json", data) == (10.0 * 1.073741824, [])


def test_lines_point_at_the_checkpoint_key():
    (rank, *_) = ranks("v1")
    text = (FIXTURES / "v1" / "0_per_epoch_stats.json").read_text().splitlines()
    assert '"ckpt1"' in text[rank.lines[(1, 1)] - 1] and '"ckpt1"' in text[rank.lines[(2, 1)] - 1]


def test_a_file_that_is_not_dlio():
    assert [str(p) for p in mlperf.read_rank("x.json", b'{"a": 1}', False)[1]] == [
        "x.json:1: is not a DLIO per-epoch stats file (epoch -> stats)"
    ]
    assert [str(p) for p in mlperf.read_rank("y.json", json.dumps({"1": {}}).encode(), False)[1]] == [
        "y.json: holds no checkpoint save (save_ckpt<N> or ckpt<N>)"
    ]
    assert (
        str(mlperf.read_rank("z.json", b"{", False)[1][0]) == "z.json:1: is not a DLIO JSON file (it is not valid JSON)"
    )


def test_a_duration_that_is_not_a_number():
    data = json.dumps({"1": {"ckpt1": {"duration": "n/a"}}}, indent=1).encode()
    assert [str(p) for p in mlperf.read_rank("r.json", data, False)[1]] == [
        'r.json:3: 1.ckpt1.duration: "n/a" is not a duration in seconds'
    ]


def test_published_v1_result():
    data = (SAMPLES / "v1.0_DDN_unet3d-h100_run1_per_epoch_stats.json").read_bytes()
    rank, problems = mlperf.read_rank("stats.json", data, False)
    assert problems == [] and mlperf.runs([rank]) == [((5, 1), 0.61)]
    summary = (SAMPLES / "v1.0_DDN_unet3d-h100_run1_summary.json").read_bytes()
    assert mlperf.summary_size_gb("summary.json", summary) == (None, [])  # v1.0 has no checkpoint metrics


def test_summary_size_is_converted_decimally():
    """61.1 GiB is 65.6056254464 GB exactly; the float product 61.1 x 1.073741824 is 65.60562544640001."""
    data = b'{"metric": {"checkpoint_size_GB": 61.1}}'
    size, problems = mlperf.summary_size_gb("summary.json", data)
    assert problems == [] and repr(size) == "65.6056254464"
