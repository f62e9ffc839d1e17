"""What measure records beside its runs, and what the report makes of it: the file system and what holds its data
(the build refuses RAM-speed saves that test.toml does not name not durable).

Needs fio and root (a tmpfs); skipped, saying so, elsewhere."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from report.cli import main
from tests.measure.test_session import new_folder

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("fio") is None, reason="fio is not installed (apt-get install fio)"),
]


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    """A folder on the disk and a tmpfs of 192 MiB mounted for the test (root needed)."""
    import subprocess

    root = tmp_path_factory.mktemp("recorded")
    disk, ram = root / "disk", root / "ram"
    disk.mkdir()
    ram.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=192m", "tmpfs", str(ram)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (root is needed): {mounted.stderr.decode().strip()}")
    try:
        yield root, disk, ram
    finally:
        subprocess.run(["umount", str(ram)], check=False)


SAVE = ["--phases", "save", "--runs", "1", "--writers", "1", "--snapshot-gb", "0.004", "--gpus", "1"]


def test_deleting_the_not_durable_line_measure_wrote_is_refused_by_the_build(places, capsys):
    """Field test T2: with `not_durable = ["RAM tmpfs"]` deleted, the build exited 0 and page 1 lost every warning,
    though the [environment] lines said tmpfs."""
    root, disk, ram = places
    folder = new_folder(root, "not-durable-deleted")
    assert main(["measure", str(folder), "--system", "RAM disk", "--path", str(ram), *SAVE, "--allow-not-durable"]) == 0
    toml = folder / "test.toml"
    table = tomllib.loads(toml.read_text())["import"][0]
    assert (table["filesystem"], table["medium"]) == ("tmpfs", "memory")
    assert main(["measure", str(folder), "--system", "Local disk", "--path", str(disk), *SAVE]) == 0
    table = tomllib.loads(toml.read_text())["import"][1]
    assert table["medium"] == "storage" and table["filesystem"] not in ("tmpfs", "ramfs")
    text = toml.read_text()
    assert 'not_durable = ["RAM disk"]\n' in text
    toml.write_text(text.replace('not_durable = ["RAM disk"]\n', ""))
    capsys.readouterr()
    assert main(["build", str(folder), "--out", str(root / "not-durable-deleted-out")]) == 1
    err = capsys.readouterr().err
    said = 'import.medium: the runs of "RAM disk" were measured on tmpfs, which keeps the data in memory and would not'
    assert said in err
    assert 'name "RAM disk" in [systems] not_durable' in err
