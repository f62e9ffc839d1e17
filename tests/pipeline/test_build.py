"""The pipeline: the two-process build gives the in-process bytes, and a long log gives small, exact outputs."""

import base64
import io
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from report import provenance
from report.charts.describe import SERIES_BUCKETS
from report.inputs.joint_test import read_folder, read_joint_test
from report.inputs.runs import minmax_downsample
from report.pipeline.build import build, build_outputs, rebuild
from report.problems import InvalidInput
from report.verify.check import verify
from tests.builds import collected_after
from tests.conftest import DATA, PROVENANCE, ROOT

RUN_SAMPLES = 50_000  # per run; 3 runs a system: 300,000 samples


@pytest.mark.slow
def test_two_processes_give_the_bytes_of_one(tmp_path):
    # A temporary folder of its own: WeasyPrint writes the @font-face faces (about 100 MB) under it, and the build
    # must remove them although `python -m report` leaves by os._exit (616 such folders once filled the disk).
    scratch, out = tmp_path / "tmp", tmp_path / "out"
    scratch.mkdir()
    env = {**os.environ, "REPORT_TRACE": "1", "TMPDIR": str(scratch)}
    command = [sys.executable, "-m", "report", "build", str(DATA), "--out", str(out)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert list(scratch.iterdir()) == []
    with collected_after():
        alone = build_outputs(read_joint_test(DATA), provenance.collect())
    assert (out / "report.pdf").read_bytes() == alone.pdf
    assert (out / "report.html").read_bytes() == alone.html
    assert (out / "metrics.json").read_bytes() == alone.metrics
    steps = re.findall(r"^trace +[\d.]+ s  cpu +[\d.]+ s  (data|pdf) +(.+)$", done.stderr, re.M)
    assert ("data", "figures, HTML to lay out") in steps and ("pdf", "outputs written") in steps


def test_a_rebuild_without_the_html_edition_gives_the_same_pdf(default_built):
    """verify's rebuild skips the HTML edition (fonts subset, charts inlined), which it does not compare."""
    with collected_after():
        rebuilt = build_outputs(read_joint_test(DATA), PROVENANCE, html=False)
    assert rebuilt.html == b"" and len(default_built.html) > 100_000
    assert rebuilt.pdf == default_built.pdf
    assert rebuilt.metrics == default_built.metrics


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_the_html_edition_alone_is_the_whole_build_s(builds, language):
    """tests/builds.py's html_edition, which tests that read only report.html or metrics.json take in place of a whole
    build: the data side alone gives the very bytes of both, in either language, and no PDF."""
    from tests.builds import html_edition

    whole = builds.get(DATA, language)
    alone = html_edition(read_joint_test(DATA), PROVENANCE, language)
    assert alone.pdf == b"" and len(whole.html) > 100_000
    assert (alone.html, alone.metrics, alone.date_iso) == (whole.html, whole.metrics, whole.date_iso)


def test_verify_s_rebuild_from_files_gives_the_same_pdf(default_built, builds):
    """rebuild: the inputs through a pipe to the worker, two cores, no HTML edition, nothing written. And what the
    verify tests take in its place (tests/builds.py's Rebuilds) is that very answer, from the shared build."""
    from tests.builds import Rebuilds

    raw = read_folder(DATA)
    rebuilt, read = rebuild(dict(raw), PROVENANCE, None)
    assert rebuilt.pdf == default_built.pdf and rebuilt.metrics == default_built.metrics
    assert rebuilt.html == b""
    assert read == ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv") == tuple(raw)

    def refused(*args):
        raise AssertionError("rebuilt, where the shared build was at hand")

    taken = dict(raw)
    assert Rebuilds().wrap(refused, builds)(taken, PROVENANCE, "en") == (rebuilt, read) and taken == {}
    changed = {**raw, "save_times.csv": raw["save_times.csv"].replace(b",94\n", b",95\n")}
    with pytest.raises(AssertionError, match="rebuilt, where"):
        Rebuilds().wrap(refused, builds)(changed, PROVENANCE, "en")


def test_verify_s_rebuild_says_what_is_invalid():
    raw = read_folder(DATA)
    raw["save_times.csv"] = raw["save_times.csv"].replace(
        b"\n", b"\nLocal NVMe (single drive),32B LoRA,8,65.6,1,nan\n", 1
    )
    with pytest.raises(InvalidInput) as caught:
        rebuild(raw, PROVENANCE, None)
    assert any("save_times.csv" in str(p) and "nan" in str(p) for p in caught.value.problems)


def _long_log() -> bytes:
    """Three runs a system of alternating samples, with one spike and one trough, so every figure is known."""
    rows = ["system,run,t_s,write_gbps"]
    for system, low, high in (("Local NVMe (single drive)", "2.5", "3.5"), ("Mingxin FX100", "6", "7")):
        for run in (1, 2, 3):
            for i in range(RUN_SAMPLES):
                value = low if i % 2 == 0 else high
                if system.startswith("Local") and run == 2 and i == 30_001:
                    value = "9.5"  # a spike: +6 GB/s for one sample
                if system == "Mingxin FX100" and run == 1 and i == 12_000:
                    value = "0"  # a stall: -6 GB/s for one sample
                rows.append(f"{system},{run},{i / 100:.2f},{value}")
    return ("\n".join(rows) + "\n").encode()


@pytest.mark.slow
def test_a_long_log_gives_bounded_outputs_and_exact_figures(folder, tmp_path):
    data = folder("data")
    log = _long_log()
    (data / "bandwidth.csv").write_bytes(log)
    built = build(data, tmp_path / "out")
    metrics = json.loads(built.metrics)
    b, c = metrics["bandwidth"]["baseline"], metrics["bandwidth"]["candidate"]
    # Run means: 3.0, 3.0 + 6/50,000 and 3.0; 6.5 - 6/50,000, 6.5 and 6.5. Sustained: the mean of the run means.
    assert read_joint_test(data).bandwidth.run_mean[:3].tolist() == pytest.approx(
        [3.0, 3.0 + 6 / RUN_SAMPLES, 3.0], rel=1e-12
    )
    assert metrics["bandwidth"]["baseline_gbps"] == pytest.approx(3.0 + 2 / RUN_SAMPLES, rel=1e-12)
    assert metrics["bandwidth"]["candidate_gbps"] == pytest.approx(6.5 - 2 / RUN_SAMPLES, rel=1e-12)
    assert (b["samples"], c["samples"]) == (3 * RUN_SAMPLES, 3 * RUN_SAMPLES)
    runs = read_joint_test(data).bandwidth
    assert runs.run_max.tolist() == [3.5, 9.5, 3.5, 7.0, 7.0, 7.0]
    assert runs.run_min.tolist() == [2.5, 2.5, 2.5, 0.0, 6.0, 6.0]
    assert runs.t_s[runs.run_stop[0] - 1] == (RUN_SAMPLES - 1) / 100
    html = built.html.decode()
    assert re.search(r">9\.50<", html) and re.search(r">0<", html)  # the appendix's per-run max and min (3 digits)
    # Small outputs: the chart is thinned, the appendix summarises per run; the PDF's size is the attached log.
    reader = PdfReader(io.BytesIO(built.pdf))
    files = {name: content[0] for name, content in reader.attachments.items()}
    assert files["bandwidth.csv"] == log
    deflated = sum(int(n) for n in re.findall(rb"/EmbeddedFile/.*?/Length (\d+)>>\nstream\n", built.pdf))
    assert len(built.pdf) - deflated < 1_000_000 and len(built.html) < 1_000_000
    assert len(log) > 9_000_000 and deflated < len(log) / 5
    # The chart keeps the spike and the stall: its axis reaches past 9.5 GB/s, and the thinned lines hold both.
    chart = re.search(r'id="fig-bandwidth">\s*<img src="data:image/svg\+xml;base64,([^"]+)"', built.html.decode())
    # the charts' styles are attributes (report/charts/svg.py)
    y_ticks = re.findall(r'text-anchor="end"[^>]*>([\d.]+)</text>', base64.b64decode(chart.group(1)).decode())
    assert float(y_ticks[-1]) == 10  # printed "10.0" beside 2.5, 5.0, 7.5: one precision per axis
    thinned = [minmax_downsample(*runs.samples(k), SERIES_BUCKETS)[1] for k in range(6)]
    assert all(len(v) <= 2 * (SERIES_BUCKETS + 1) for v in thinned)
    assert max(thinned[1]) == 9.5 and min(thinned[3]) == 0.0
    assert verify(tmp_path / "out" / "report.pdf") == []


def test_the_pdf_side_imports_nothing_of_the_data_side():
    """The build's own process only lays out and prints: pandas, matplotlib and the rest load in the worker."""
    code = (
        "import sys; from report import cli; from report.pipeline import build; from report.pdf import renderer\n"
        "print(sorted(m for m in ('pandas', 'numpy', 'pyarrow', 'matplotlib', 'jinja2', 'scipy', 'pypdf') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _rename(data, new: str, customer: str) -> None:
    """The candidate renamed everywhere (test.toml takes it as a literal string) and another customer."""
    for name in ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv"):
        path = data / name
        text = path.read_text(encoding="utf-8")
        if name == "test.toml":
            text = text.replace('"Mingxin FX100"', f"'{new}'")
            text = text.replace('customer = "Example Computing Centre"', f"customer = '{customer}'")
        path.write_text(text.replace("Mingxin FX100", new), encoding="utf-8")


@pytest.mark.slow
def test_cjk_names_are_drawn_extracted_and_verified(folder, tmp_path):
    from report.verify.check import verify_bytes
    from tests.conftest import pdf_text

    data = folder("data")
    _rename(data, "明芯 FX100 全闪存", "北京智算中心")
    with collected_after():
        built = build_outputs(read_joint_test(data), PROVENANCE)
    printed = pdf_text(built.pdf, tmp_path)
    assert printed.count("明芯 FX100 全闪存") >= 10 and "北京智算中心" in printed
    (tmp_path / "cjk.pdf").write_bytes(built.pdf)
    fonts = subprocess.run(["pdffonts", str(tmp_path / "cjk.pdf")], capture_output=True, check=True, text=True).stdout
    assert "Noto-Sans-CJK-SC" in fonts
    assert verify_bytes(built.pdf, running=PROVENANCE).differences == []


@pytest.mark.slow
def test_dollar_signs_in_names_are_text_not_mathematics(folder, tmp_path):
    from tests.conftest import pdf_text

    data = folder("data")
    _rename(data, "$\\nosuchmacro$ FX", "$x^2$ costs $5")
    with collected_after():
        built = build_outputs(read_joint_test(data), PROVENANCE)
    printed = pdf_text(built.pdf, tmp_path)
    assert printed.count("$\\nosuchmacro$ FX") >= 10 and "$x^2$ costs $5" in printed


def test_figures_that_break_down_are_invalid_input_not_a_traceback():
    from report.pipeline.stages import computable
    from report.problems import InvalidInput

    with pytest.raises(InvalidInput) as caught, computable():
        raise OverflowError("(34, 'Numerical result out of range')")
    assert str(caught.value.problems[0]) == (
        "the joint test: the figures cannot be computed from these values (OverflowError: (34, 'Numerical result out"
        " of range')); look for a number far beyond any measurement"
    )


@pytest.mark.slow
@pytest.mark.parametrize("long_log", [False, True])
def test_the_drawing_process_draws_what_this_process_draws(long_log, folder):
    """report/pipeline/worker.py's Drawer: a forked process gets the figures through a pipe and sends back the very SVGs; a
    long log goes thinned (BandwidthLog.downsampled), and the chart drawn from it is the chart of the whole log."""
    from report import i18n
    from report.charts import describe as charts
    from report.charts import draw as drawing
    from report.compute import compute
    from report.pipeline.worker import Drawer

    data = folder("data")
    if long_log:
        (data / "bandwidth.csv").write_bytes(_long_log())
    test = read_joint_test(data)
    metrics = compute(test)
    with i18n.activate("en"):
        described = charts.describe_all(metrics, test.bandwidth, metrics.inputs_illustrative)
        here = drawing.draw_all(metrics, test.bandwidth, described)
        there = Drawer()(metrics, test, described)()
    assert set(there) == set(described) and len(there) >= 9
    assert there == here


def test_a_chart_the_drawing_process_cannot_draw_fails_the_build():
    from report import i18n
    from report.charts import describe as charts
    from report.compute import compute
    from report.pipeline.worker import Drawer

    test = read_joint_test(DATA)
    metrics = compute(test)
    with i18n.activate("en"):
        described = charts.describe_all(metrics, test.bandwidth, metrics.inputs_illustrative)
        unknown = {"no-such-chart": next(iter(described.values()))}  # no drawer is registered for this id
        waiting = Drawer()(metrics, test, unknown)
        with pytest.raises(
            RuntimeError, match=r"the process drawing the charts failed:\n(.|\n)*KeyError: 'no-such-chart'"
        ):
            waiting()


_DRAWERS_WITH_AND_WITHOUT_A_JOB = """
import sys
from report import i18n
from report.charts import describe as charts
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.pipeline.worker import Drawer
from tests.conftest import DATA

Drawer().close()  # stopped before the figures were computed: no job
print("given a job:", file=sys.stderr, flush=True)
test = read_joint_test(DATA)
metrics = compute(test)
with i18n.activate("en"):
    described = charts.describe_all(metrics, test.bandwidth, metrics.inputs_illustrative)
    print(len(Drawer()(metrics, test, described)()))
"""


def test_the_drawing_process_imports_matplotlib_only_once_it_has_its_job():
    """Until the worker has computed the figures, both cores are on the road to the HTML the build waits for (the
    build imports WeasyPrint, the worker pandas): a drawer stopped before its job never imports matplotlib; one given
    its job imports it then (each says so on the trace, REPORT_TRACE) and draws."""
    env = {**os.environ, "REPORT_TRACE": "1"}
    code = _DRAWERS_WITH_AND_WITHOUT_A_JOB
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    stopped, given = out.stderr.split("given a job:\n")
    assert "matplotlib imported" not in stopped
    assert re.search(r"draw +matplotlib imported\n(.|\n)*draw +charts drawn", given), given
    assert int(out.stdout) >= 9


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
def test_the_drawing_process_ends_with_the_worker():
    """A build stops its worker by killing it (an interrupt, a failure); the drawer it forked, which ignores SIGINT as
    the worker does, went on drawing and held the command's standard error open (issue 27's attack)."""
    code = (
        "import time\n"
        "from report.pipeline import worker\n"
        "worker._draw = lambda job, result: time.sleep(60) or 0  # drawing, for a minute\n"
        "print(worker.Drawer()._pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    with subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True) as worker:
        drawer = int(worker.stdout.readline())
        worker.kill()

    def running() -> bool:
        try:
            stat = Path(f"/proc/{drawer}/stat").read_text()
        except FileNotFoundError:
            return False
        return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended; its new parent reaps it when it can

    deadline = time.monotonic() + 10
    while running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running()
