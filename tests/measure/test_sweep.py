"""measure --clients-sweep: the counts and the job file (fast), then three fio servers on 127.0.0.2 to .4 (ports drawn
from 20000-60000, started and stopped here): a sweep gives 1, 2 and 3 clients and a fit, `make report DATA=…` builds
and verifies, its scaling rows are fio's own per-host totals; Ctrl-C during a count leaves the folder as it was before
that count. Every server is stopped by the test whatever happens (its whole process group is killed)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from report.measure import sweep
from report.measure.probe import Refused
from tests.conftest import DATA, ROOT
from tests.sections.helpers import build, cover_text, section, texts

C = "Mingxin FX100"
SIZES = ["--writers", "2", "--snapshot-gb", "0.024", "--block-size", "1M"]


def test_default_counts_double_up_to_every_host():
    assert sweep.default_counts(1) == (1,)
    assert sweep.default_counts(3) == (1, 2, 3)
    assert sweep.default_counts(8) == (1, 2, 4, 8)
    assert sweep.default_counts(6) == (1, 2, 4, 6)


def test_counts_given_are_checked():
    assert sweep.parse_counts("", 3) == (1, 2, 3)
    assert sweep.parse_counts("3, 1", 3) == (1, 3)
    for wrong in ("0,1", "1,4", "a", "1.5"):
        with pytest.raises(Refused) as caught:
            sweep.parse_counts(wrong, 3)
        assert caught.value.status == 2


def _port(address: str) -> int:
    """A free port drawn at random from 20000-60000 on `address`."""
    for _ in range(200):
        port = random.randint(20000, 60000)
        with socket.socket() as s:
            try:
                s.bind((address, port))
            except OSError:
                continue
            return port
    pytest.skip(f"no free port on {address}")


@contextlib.contextmanager
def fio_servers(addresses: list[str]):
    """`fio --server=ip:ADDRESS,PORT` for each address, each in a process group of its own, killed on the way out."""
    started = []
    try:
        for address in addresses:
            port = _port(address)
            server = subprocess.Popen(
                ["fio", f"--server=ip:{address},{port}"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            started.append((server, f"{address},{port}"))
            deadline = time.monotonic() + 20
            while True:
                with socket.socket() as s:
                    if s.connect_ex((address, port)) == 0:
                        break
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.skip(f"fio --server on {address} did not start")
                time.sleep(0.05)
        yield [name for _, name in started]
    finally:
        for server, _ in started:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def fio_left(folder: Path) -> list[str]:
    """fio processes still running whose command line names this folder (the clients the sweep started)."""
    left = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            words = (entry / "cmdline").read_bytes().split(b"\0")
            if words and words[0].endswith(b"fio") and any(str(folder).encode() in w for w in words):
                left.append(b" ".join(words).decode(errors="replace"))
    return left


def sweep_command(folder: Path, path: Path, hosts: list[str], *extra: str) -> list[str]:
    command = [sys.executable, "-m", "report", "measure", str(folder), "--system", C, "--path", str(path)]
    for host in hosts:
        command += ["--client", host]
    return [*command, *SIZES, *extra, "--clients-sweep"]


slow = [
    pytest.mark.slow,
    pytest.mark.system,
    pytest.mark.skipif(shutil.which("fio") is None, reason="fio is not installed (apt-get install fio)"),
]


@pytest.fixture(scope="module")
def servers():
    with fio_servers(["127.0.0.2", "127.0.0.3", "127.0.0.4"]) as hosts:
        yield hosts


@pytest.fixture(scope="module")
def swept(servers, tmp_path_factory):
    """data/ with the candidate swept over 1, 2 and 3 clients (2 runs each, 1 s of sustained writes: a point is fio's
    io_bytes over its runtime, however long), then make report DATA=… OUT=…."""
    root = tmp_path_factory.mktemp("sweep")
    folder, storage = root / "joint-test", root / "storage"
    shutil.copytree(DATA, folder)
    storage.mkdir()
    done = subprocess.run(
        sweep_command(folder, storage, servers, "--runs", "2", "--sustain-s", "1"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = root / "out"
    built = subprocess.run(
        ["make", "report", f"PYTHON3={sys.executable}", f"DATA={folder}", f"OUT={out}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return folder, out, storage, done.stderr


def totals(folder: Path) -> list[tuple[int, int, int, float]]:
    """(count, run, hosts, aggregate GB/s) of each run of the swept fixture, from fio's own figures."""
    return [
        (k, r, *per_host_totals(folder / f"raw/mingxin-fx100/sweep-{k}-{r}.json")) for k in (1, 2, 3) for r in (1, 2)
    ]


def per_host_totals(path: Path) -> tuple[int, float]:
    """fio's own figures in one run's JSON: the hosts that wrote, and Σ of each one's io_bytes / its runtime, GB/s."""
    text = path.read_text()
    entries = [e for e in json.loads(text[text.index("{") :])["client_stats"] if e["jobname"] != "All clients"]
    assert len({e["hostname"] for e in entries}) == len(entries)  # group_reporting: one entry per host
    return len(entries), sum(e["write"]["io_bytes"] / (e["write"]["runtime"] / 1000) / 1e9 for e in entries)


@pytest.mark.usefixtures("servers")
class TestSweep:
    pytestmark = slow

    def test_the_rows_are_fios_own_per_host_totals_and_the_report_verifies(self, swept):
        folder, out, storage, said = swept
        # each run's line gives the time left, the first from --sustain-s, the rest from the runs' own times (field
        # test 8, minor 11: the sweep's progress line was "…" only, 6.5 min with no estimate)
        assert "[count 1/3] 1 fio server(s) on this machine, run 1/2, about 6 s left ..." in said
        assert re.search(r"\[count 3/3\] 3 fio server\(s\) on this machine, run 2/2, about \d+ s left \.\.\.", said)
        config = tomllib.loads((folder / "test.toml").read_text())
        (table,) = [t for t in config["import"] if t["into"] == "scaling"]
        names = [f"raw/mingxin-fx100/sweep-{k}-{r}.json" for k in (1, 2, 3) for r in (1, 2)]
        assert (table["tool"], table["system"], table["files"]) == ("fio", C, names)
        expected = [
            (k, r, *per_host_totals(folder / name))
            for (k, r), name in zip([(k, r) for k in (1, 2, 3) for r in (1, 2)], names, strict=True)
        ]
        assert all(hosts == k for k, _, hosts, _ in expected)
        rows = subprocess.run(
            [sys.executable, "-m", "report", "rows", str(folder)], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.splitlines()
        scaling = rows[rows.index("# scaling.csv") + 2 :]
        assert scaling == [f"{C},{k},{r},{gbps!r}" for k, r, _, gbps in expected]
        metrics = json.loads((out / "metrics.json").read_text())
        points = metrics["scaling"]["candidate"]["points"]
        assert [(p["clients"], p["runs"]) for p in points] == [(1, 2), (2, 2), (3, 2)]
        assert points[1]["mean_gbps"] == pytest.approx((expected[2][3] + expected[3][3]) / 2, rel=1e-12)
        assert metrics["scaling"]["candidate"]["usl"]["lambda_gbps"] == points[0]["mean_gbps"]
        assert metrics["scaling"]["baseline"] is None
        assert set(names) <= set(metrics["inputs"])  # attached to the PDF, listed with their SHA-256
        verified = subprocess.run(
            [sys.executable, "-m", "report", "verify", str(out / "report.pdf")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert "[count 3/3] 3 fio server(s) on this machine, run 2/2" in said  # loopback servers: one machine
        assert list(storage.iterdir()) == []  # every server's files removed (unlink=1)
        assert fio_left(folder) == []

    def test_the_record_is_in_words_in_both_languages_and_the_commands_in_commands_txt(self, swept, servers):
        """Field test 7, findings 3-5: the sweep wrote its command line into [environment] (printed on a customer
        page), nothing into commands.txt, no [text.zh-CN.environment] lines, and no client CPU line."""
        folder, out, _, _ = swept
        config = tomllib.loads((folder / "test.toml").read_text())
        environment = config["environment"]
        assert list(environment) == [f"{C}: {item}" for item in ("measured", "fio", "client sweep", "client CPU")]
        # fio and the kernel, as a session's fio line (field test 8, minor 11: the sweep's had no kernel)
        assert re.fullmatch(r"fio-\d+\.\d+\S*; Linux \S+", environment[f"{C}: fio"]), environment[f"{C}: fio"]
        assert not any("python" in v or "--" in v or "test.toml" in v for v in environment.values())
        hosts = ", ".join(h.rsplit(",", 1)[0] for h in servers)
        assert environment[f"{C}: client sweep"] == (
            f"1, 2, 3 fio servers at once at loopback addresses of this one machine ({hosts}), 2 runs each: one machine"
            f" of {os.cpu_count()} processors, not separate client nodes; 2 writers per server, 1 s of sustained writes"
            " in 1 MiB blocks, direct I/O"
        )
        # the client CPU line: fio's own usr_cpu + sys_cpu of every host's entry, over the six runs
        busy = []
        for k in (1, 2, 3):
            for r in (1, 2):
                text = (folder / f"raw/mingxin-fx100/sweep-{k}-{r}.json").read_text()
                stats = json.loads(text[text.index("{") :])["client_stats"]
                busy += [e["usr_cpu"] + e["sys_cpu"] for e in stats if e["jobname"] != "All clients"]
        low, high = f"{min(busy):.0f}", f"{max(busy):.0f}"
        span = f"{low}–{high}%" if low != high else f"{high}%"
        assert environment[f"{C}: client CPU"].startswith(f"sustained write: fio's threads on a CPU for {span} of each")
        zh = config["text"]["zh-CN"]["environment"]
        assert list(zh) == list(environment)
        assert zh[f"{C}: client sweep"]["label"] == f"{C}：客户端扩展测试"
        assert zh[f"{C}: client sweep"]["text"].startswith(
            f"1、2、3 个 fio 服务端同时写入，它们位于本机的回环地址（{hosts.replace(', ', '、')}）"
        )
        assert zh[f"{C}: client CPU"]["text"].startswith(f"持续写入：fio 线程占用 CPU 的时间为每次运行的 {span}")
        commands = (folder / "raw/mingxin-fx100/commands.txt").read_text().splitlines()
        assert commands[0].startswith(f"# {C}: measure --clients-sweep started ")
        assert commands[1].startswith("python -m report measure ") and commands[1].endswith("--clients-sweep")
        job = str((folder / "raw/mingxin-fx100/sweep.fio").resolve())
        fio = str(Path(shutil.which("fio")).resolve())
        expected = []
        for k in (1, 2, 3):
            for r in (1, 2):
                clients = " ".join(f"--client={h} {job}" for h in servers[:k])
                expected += [f"# client sweep: {k} fio server(s) on this machine, run {r}"]
                expected += [f"{fio} {clients} --output-format=json --eta=never"]
        assert commands[2:] == expected
        metrics = json.loads((out / "metrics.json").read_text())
        assert "raw/mingxin-fx100/commands.txt" in metrics["inputs"]  # attached with the runs, listed in the appendix
        # the report: the loopback servers are one machine, not separate client nodes (from fio's own host names)
        ctx, _ = build(folder)
        (raw,) = [b for b in section(ctx, "raw").blocks if getattr(b, "caption", "").startswith("Write bandwidth by")]
        assert [row[3] for row in raw.rows] == [f"{gbps:.6g}" for _, _, _, gbps in totals(folder)]  # m12
        said = " ".join(texts(section(ctx, "scaling").blocks))
        assert (
            f"Its client nodes were fio servers at loopback addresses of one machine ({hosts.replace(', 127.0.0.4', ' and 127.0.0.4')}):"
            " every count ran on that machine's processors" in said
        )
        # and where the sweep's answer is given in one line, on page 1, in the summary and the Q&A (field test 9, M1:
        # "growing" over two fio servers of one machine)
        one = "Its client nodes were fio servers on one machine, not separate client nodes."
        qa = " ".join(texts(section(ctx, "qa").blocks))
        assert one in qa and (one in cover_text(ctx) or "Client sweep:" not in cover_text(ctx))

    def test_a_second_sweep_replaces_the_first_and_says_so_unless_told_to_add(self, swept, servers, tmp_path):
        """Field test 7, m10: a repeated sweep added runs 4 to 6 to the first without a word, while a repeated session
        replaces its phases' runs unless given --add-runs; the dry run said neither."""
        folder = tmp_path / "joint-test"
        shutil.copytree(swept[0], folder)
        storage = tmp_path / "storage"
        storage.mkdir()
        first = tomllib.loads((folder / "test.toml").read_text())
        again = [
            *sweep_command(folder, storage, servers, "--runs", "1", "--sustain-s", "1")[:-1],
            "--clients-sweep",
            "1",
        ]
        dry = subprocess.run([*again, "--dry-run"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert dry.returncode == 0, dry.stderr
        line = dry.stdout.splitlines()[1]
        assert line.startswith(f"  this sweep replaces the 6 client sweep runs of {C} measured ")
        assert "their files move to raw/mingxin-fx100/replaced/ (kept, no longer imported)" in line
        assert "  1 fio server(s) on this machine" in dry.stdout and ": runs 3 to 3" in dry.stdout
        no_fit = (
            "the report fits no scaling law to counts 1: it needs 1 client node and at least two other counts (3 or"
            " more --client hosts); the points are still reported as measured"
        )  # field test 7, m9: said before the sweep, not found in the report after it
        assert dry.stdout.splitlines()[2] == f"  {no_fit}"
        assert tomllib.loads((folder / "test.toml").read_text()) == first  # the dry run wrote nothing
        done = subprocess.run(again, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        probing = f"measure: probing 3 fio servers ({', '.join(servers)}) in "
        assert done.stderr.splitlines()[0].startswith(probing)  # said before it starts (field test 9, m7)
        assert done.stderr.splitlines()[1] == f"measure: note: {no_fit}"
        assert done.stderr.splitlines()[2].startswith(f"measure: this sweep replaces the 6 client sweep runs of {C} ")
        config = tomllib.loads((folder / "test.toml").read_text())
        (table,) = [t for t in config["import"] if t["into"] == "scaling"]
        assert table["files"] == ["raw/mingxin-fx100/sweep-1-3.json"]
        label = f"{C}, session 2"
        assert list(config["environment"]) == [
            f"{label}: {i}" for i in ("measured", "fio", "client sweep", "client CPU")
        ]
        assert list(config["text"]["zh-CN"]["environment"]) == list(config["environment"])
        replaced = sorted(p.name for p in (folder / "raw/mingxin-fx100/replaced").iterdir())
        assert replaced == [f"sweep-{k}-{r}.json" for k in (1, 2, 3) for r in (1, 2)]
        # --add-runs: the runs join the sweep before, which stays
        more = subprocess.run([*again, "--add-runs"], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert more.returncode == 0, more.stderr
        assert more.stderr.splitlines()[2].startswith(
            f"measure: this sweep adds its runs to the 1 client sweep run of {C}"
        )
        config = tomllib.loads((folder / "test.toml").read_text())
        tables = [t["files"] for t in config["import"] if t["into"] == "scaling"]
        assert tables == [["raw/mingxin-fx100/sweep-1-3.json"], ["raw/mingxin-fx100/sweep-1-4.json"]]
        assert f"{label}: client sweep" in config["environment"]

    def test_a_sweep_in_memory_is_refused_unless_allowed_and_then_named(self, servers, tmp_path):
        """Field test 7, m10: the sweep of a tmpfs was accepted without --allow-not-durable, unlike a session."""
        folder, ram = tmp_path / "joint-test", tmp_path / "ram"
        shutil.copytree(DATA, folder)
        ram.mkdir()
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256m", "tmpfs", str(ram)], capture_output=True)
        if mounted.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here (root is needed): {mounted.stderr.decode().strip()}")
        try:
            before = (folder / "test.toml").read_text()
            command = [*sweep_command(folder, ram, servers[:1], "--runs", "1", "--sustain-s", "1")]
            refused = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
            assert refused.returncode == 3, refused.stderr
            assert refused.stderr.startswith(f"measure: --path {ram} is on tmpfs, which does not survive a power loss")
            assert (folder / "test.toml").read_text() == before and not (folder / "raw").exists()
            # a dry run shows the plan, the refusal a warning above it, as a session's (field test 9, m1)
            dry = subprocess.run([*command, "--dry-run"], cwd=ROOT, capture_output=True, text=True, timeout=120)
            assert dry.returncode == 0, dry.stderr
            assert dry.stdout.startswith(f"warning: --path {ram} is on tmpfs, which does not survive a power loss")
            assert "the report marks its figures); a real run would stop here\nmeasure --clients-sweep " in dry.stdout
            assert (folder / "test.toml").read_text() == before and not (folder / "raw").exists()
            done = subprocess.run(
                [*command, "--allow-not-durable"], cwd=ROOT, capture_output=True, text=True, timeout=120
            )
            assert done.returncode == 0, done.stderr
        finally:
            subprocess.run(["umount", str(ram)], check=False)
        config = tomllib.loads((folder / "test.toml").read_text())
        assert config["systems"]["not_durable"] == [C]
        (table,) = [t for t in config["import"] if t["into"] == "scaling"]
        assert (table["filesystem"], table["medium"]) == ("tmpfs", "memory")
        _, m = build(folder)  # the build takes it: the memory medium is named not durable
        assert m.not_durable == ("candidate",)

    def test_runs_bound_by_the_cpu_are_recorded_warned_and_reported(self, servers, tmp_path):
        """Field test 7, finding 5: the CPU rule of the other phases. fio's JSON of each one-server run is given a
        job on a CPU 95% of the run (a wrapper edits fio's output): those runs, and only those, are bound."""
        folder, storage = tmp_path / "joint-test", tmp_path / "storage"
        shutil.copytree(DATA, folder)
        storage.mkdir()
        editor = tmp_path / "busy.py"
        editor.write_text(
            "import json, sys\n"
            "text = sys.stdin.read()\n"
            "one = sum(a.startswith('--client=') for a in sys.argv[1:]) == 1\n"
            "start = text.find('{')\n"
            "if one and start >= 0 and 'client_stats' in text:\n"
            "    data = json.loads(text[start:])\n"
            "    for e in data['client_stats']:\n"
            "        e['usr_cpu'], e['sys_cpu'] = 80.0, 15.0\n"
            "    text = text[:start] + json.dumps(data)\n"
            "sys.stdout.write(text)\n"
        )
        wrapper = tmp_path / "busy-fio"
        wrapper.write_text(
            "#!/bin/sh\n"
            'if [ "$1" = --version ]; then exec fio --version; fi\n'
            f'fio "$@" | {sys.executable} {editor} "$@"\n'
        )
        wrapper.chmod(0o755)
        options = ("--runs", "2", "--sustain-s", "1", "--fio", str(wrapper))
        done = subprocess.run(
            [*sweep_command(folder, storage, servers, *options)[:-1], "--clients-sweep", "1,2"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        config = tomllib.loads((folder / "test.toml").read_text())
        (table,) = [t for t in config["import"] if t["into"] == "scaling"]
        assert table["cpu_bound"] == ["raw/mingxin-fx100/sweep-1-1.json", "raw/mingxin-fx100/sweep-1-2.json"]
        assert config["environment"][f"{C}: client CPU"].endswith(
            "2 of 4 runs bound by the processors rather than the storage"
        )
        assert "measure: warning: 2 of 4 runs were bound by the CPU of the machine running fio, not by the" in (
            done.stderr
        )
        ctx, _ = build(folder)
        setup = " ".join(texts(section(ctx, "setup").blocks))
        assert (
            f"Bound by the processors of the machine running fio rather than by the storage: 2 of 4 client-sweep write"
            f" runs on {C}." in setup
        )
        assert "2 of 4 client-sweep write runs on" in cover_text(ctx)

    def test_ctrl_c_during_a_count_leaves_the_folder_as_before_it(self, servers, tmp_path):
        folder, storage = tmp_path / "joint-test", tmp_path / "storage"
        shutil.copytree(DATA, folder)
        storage.mkdir()
        child = subprocess.Popen(
            sweep_command(folder, storage, servers, "--runs", "2", "--sustain-s", "3"),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 120
        raw = folder / "raw" / "mingxin-fx100"
        while not (raw / "sweep-2-1.json").exists() and time.monotonic() < deadline:  # count 2 under way
            time.sleep(0.05)
        recorded = (folder / "test.toml").read_text()
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        _, said = child.communicate(timeout=120)
        assert child.returncode == 130, said
        assert "the folder is as it was before the count under way (1 count(s) recorded: 1)" in said
        assert (folder / "test.toml").read_text() == recorded
        table = [t for t in tomllib.loads(recorded)["import"] if t["into"] == "scaling"]
        assert table[0]["files"] == ["raw/mingxin-fx100/sweep-1-1.json", "raw/mingxin-fx100/sweep-1-2.json"]
        assert sorted(p.name for p in raw.iterdir()) == [
            "commands.txt",
            "sweep-1-1.json",
            "sweep-1-2.json",
            "sweep.fio",
        ]
        logged = [line for line in (raw / "commands.txt").read_text().splitlines() if line.startswith("# client")]
        assert logged == [f"# client sweep: 1 fio server(s) on this machine, run {r}" for r in (1, 2)]
        deadline = time.monotonic() + 15
        while (fio_left(folder) or list(storage.iterdir())) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert fio_left(folder) == [] and list(storage.iterdir()) == []


def test_the_sweep_asks_each_server_for_its_own_share_of_room(monkeypatch):
    """Field test 8, finding 3: the sweep's probe asked each host for the whole snapshot's room and refused a sweep that
    fitted; it asks for what each host writes (plan.host_bytes, worked in tests/measure/test_plan.py)."""
    from types import SimpleNamespace

    from report.measure import plan, probe

    request = plan.Request(
        system=C, phases=("sustain",), runs=1, writers=2, block_bytes=1 << 20, snapshot_gb=2.0, gpus=2, load_gb=None,
        load_model=None, platform=None, sustain_s=1, window_ms=1000, direct=True, model="m",
        clients=("127.0.0.2,8765", "127.0.0.3,8765"),
    )  # fmt: skip
    fake = SimpleNamespace(fio="fio", request=request, path="/x", done=[])
    asked = []

    def servers(fio, hosts, folder, host_bytes):
        asked.append(host_bytes)
        raise Refused("stop here", status=3)

    monkeypatch.setattr(sweep, "build", lambda args, argv: fake)
    monkeypatch.setattr(probe, "servers", servers)
    assert sweep.run(SimpleNamespace(dry_run=False), []) == 3
    assert asked == [plan.host_bytes(request)] and asked[0] < plan.needed_bytes(request, plan.sizes(request))
