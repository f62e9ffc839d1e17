"""scaling.csv (schema 4): read and checked as the other CSVs are, declared in [sources], and fed by fio's client/server
JSON through [[import]] into = "scaling" (one row per run: the hosts that wrote, and Σ of each host's io_bytes over its
runtime)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from report.compute import compute
from report.inputs.files import BY_NAME, media_type
from report.inputs.joint_test import imported_csv, read_joint_test
from report.problems import InvalidInput
from tests.conftest import FIXTURES

SAMPLES = FIXTURES / "ingest" / "scaling"
B, C = "Local NVMe (single drive)", "Mingxin FX100"
HEADER = "system,clients,run,write_gbps\n"


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        read_joint_test(path)
    return [str(p) for p in caught.value.problems]


def with_scaling(folder, csv: str | None, toml: str = "") -> Path:
    path = folder("data")
    if csv is not None:
        (path / "scaling.csv").write_text(csv)
    if toml:
        text = (path / "test.toml").read_text()
        (path / "test.toml").write_text(text + toml)
    return path


def test_described_once_and_optional():
    item = BY_NAME["scaling.csv"]
    assert item.optional and media_type("scaling.csv") == "text/csv"
    assert item.columns == {"system": "text", "clients": "int>=1", "run": "int>=1", "write_gbps": "num>0"}


def test_read_in_canonical_order_with_other_columns(folder):
    path = with_scaling(folder, f"run,write_gbps,system,clients,note\n1,6.5,{C},1,first\n\n1,11.0,{C},2,\n")
    test = read_joint_test(path)
    assert list(test.raw)[-1] == "scaling.csv"
    assert list(test.scaling["clients"]) == [1, 2]
    m = compute(test).to_dict()
    assert m["scaling"]["baseline"] is None  # a save side may have no rows
    assert m["scaling"]["candidate"]["points"][1] == {"clients": 2, "mean_gbps": 11.0, "runs": 1}


def test_errors_are_located(folder):
    assert problems_of(with_scaling(folder, HEADER)) == [
        "scaling.csv: has a header but no data rows: the table is empty"
    ]
    path = with_scaling(
        folder,
        HEADER + f"{C},1,1,6.5\n{C},0,1,6.5\n{C},2,1,0\n{C},1.5,1,6\n{C},2,1,inf\n",
    )
    found = problems_of(path)
    assert found == [
        'scaling.csv:5: clients: "1.5" is not a whole number',
        'scaling.csv:3: clients: "0" must be a whole number, 1 or more',
        'scaling.csv:6: write_gbps: "inf" is not a number',
        'scaling.csv:4: write_gbps: "0" must be above zero',
    ]
    comma = problems_of(with_scaling(folder, HEADER + f"{B},2,1,12,5\n"))
    assert comma[0].startswith("scaling.csv:2: has 5 cells but the header has 4")
    path = with_scaling(folder, HEADER + f"{C},1,1,6.5\nNFS,1,1,2\n{C},1,1,6.6\n{C},2,1,9\n")
    assert problems_of(path) == [
        f'scaling.csv:3: system: "NFS" is not a system of test.toml [systems]; expected "{B}" or "{C}"',
        'scaling.csv:4: run: "1": this run number appears twice for the same system, clients',
    ]


def test_client_counts_and_bandwidths_beyond_any_measurement_are_located(folder):
    # attacks-6 C03: 1e-300 GB/s ended in one unlocated "cannot be computed" line (the fit's NaN); C05: 10^12 clients
    # a ZeroDivisionError, 10^8 a fit whose every digit Cramer's rule had lost
    rows = f"{C},1,1,1e6\n{C},100,1,1e-300\n{C},100000,1,1e-9\n{C},100001,1,40\n{C},9007199254740991,1,41\n"
    assert problems_of(with_scaling(folder, HEADER + rows)) == [
        'scaling.csv:3: write_gbps: "1e-300" is outside the range a measurement can take (1e-09 to 1e+06)',
        'scaling.csv:5: clients: "100001" is more than a joint test can take (at most 100,000 client nodes writing at'
        " once)",
        'scaling.csv:6: clients: "9007199254740991" is more than a joint test can take (at most 100,000 client nodes'
        " writing at once)",
    ]


def test_the_fit_at_the_bounds_is_finite(folder):
    # the widest the bounds allow: every figure a number, none the arithmetic's failure
    rows = f"{C},1,1,1e6\n{C},100,1,1e-9\n{C},100000,1,1e-9\n"
    usl = compute(read_joint_test(with_scaling(folder, HEADER + rows))).to_dict()["scaling"]["candidate"]["usl"]
    assert usl["lambda_gbps"] == 1e6 and all(abs(usl[k]) < 1e300 for k in ("sigma", "kappa"))


def test_sources_and_illustrative_name_it(folder):
    path = with_scaling(folder, HEADER + f"{C},1,1,6.5\n{C},2,1,12\n")
    text = (
        (path / "test.toml")
        .read_text()
        .replace(
            'illustrative = ["bandwidth", "load_times"]',
            'scaling = "Sweep of 1 and 2 client nodes"\nillustrative = ["scaling", "bandwidth", "load_times"]',
        )
    )
    (path / "test.toml").write_text(text)
    test = read_joint_test(path)
    assert test.config.sources["scaling"] == "Sweep of 1 and 2 client nodes"
    assert compute(test).to_dict()["inputs_illustrative"] == ["bandwidth", "load_times", "scaling"]


# fio's own figures in the samples (client_stats, "All clients" left out), host by host: Σ io_bytes / max runtime.
ONE = 62144905216 / 2.007 / 1e9
TWO = 31967936512 / 2.016 / 1e9 + 30283923456 / 2.014 / 1e9  # group_reporting: one entry per host
THREE = (
    (11232346112 + 10431234048) / 2.019 / 1e9  # 127.0.0.2: its two jobs ran 2019 and 2017 ms
    + (11348738048 + 10281287680) / 2.019 / 1e9  # 127.0.0.4: 2016 and 2019 ms
    + (10884218880 + 10830741504) / 2.007 / 1e9  # 127.0.0.3: 2007 ms both
)


def with_import(folder, files: list[str], csv: str | None = None) -> Path:
    path = with_scaling(folder, csv)
    raw = path / "raw" / "sweep"
    raw.mkdir(parents=True)
    for name in ("one-host.json", "two-hosts.json", "three-hosts-per-job.json"):
        shutil.copy(SAMPLES / name, raw / name)
    listed = ", ".join(f'"raw/sweep/{f}"' for f in files)
    text = (path / "test.toml").read_text()
    text += f'\n[[import]]\ntool = "fio"\nfiles = [{listed}]\nsystem = "{C}"\ninto = "scaling"\n'
    (path / "test.toml").write_text(text)
    return path


def test_fio_client_server_runs_become_rows(folder):
    path = with_import(folder, ["one-host.json", "two-hosts.json", "three-hosts-per-job.json"])
    test = read_joint_test(path)
    rows = list(zip(test.scaling["clients"], test.scaling["run"], test.scaling["write_gbps"], strict=True))
    assert rows == [(1, 1, ONE), (3, 1, THREE), (2, 1, TWO)]  # by file name
    assert "raw/sweep/two-hosts.json" in test.raw and "scaling.csv" not in test.raw
    m = compute(test).to_dict()
    usl = m["scaling"]["candidate"]["usl"]
    assert usl["lambda_gbps"] == ONE
    assert imported_csv(test).startswith("# scaling.csv\nsystem,clients,run,write_gbps\n")
    assert f"{C},2,1,{TWO!r}" in imported_csv(test)


def test_import_runs_continue_the_csv_numbering(folder):
    path = with_import(folder, ["two-hosts.json"], HEADER + f"{C},2,1,9.5\n{C},2,2,9.7\n{C},1,1,6\n")
    test = read_joint_test(path)
    assert list(test.scaling["run"]) == [1, 2, 1, 3]  # run 3 of two clients, after the CSV's 1 and 2


def test_a_run_that_is_not_client_server_is_refused(folder):
    path = with_scaling(folder, None)
    raw = path / "raw"
    raw.mkdir()
    shutil.copy(FIXTURES / "ingest" / "fio" / "save" / "run-1.json", raw / "local.json")
    text = (path / "test.toml").read_text()
    text += f'\n[[import]]\ntool = "fio"\nfiles = ["raw/local.json"]\nsystem = "{C}"\ninto = "scaling"\n'
    (path / "test.toml").write_text(text)
    (found,) = problems_of(path)
    assert found.startswith("raw/local.json:") and "is not a client/server run" in found


def test_scaling_imports_take_no_other_key(folder):
    path = with_import(folder, ["one-host.json"])
    text = (path / "test.toml").read_text().replace('into = "scaling"', 'into = "scaling"\nmodel = "32B LoRA"')
    (path / "test.toml").write_text(text)
    (found,) = problems_of(path)
    assert "import.model" in found and "does not apply to an import into scaling" in found
