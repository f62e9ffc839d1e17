"""verify: an intact report passes; forged pages, forged attachments, foreign files and bombs are caught."""

import hashlib
import io
import json
import re
import subprocess
import zlib

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ByteStringObject, NameObject, NumberObject

from report.cli import main
from report.inputs.joint_test import read_joint_test
from report.pipeline.stages import build_outputs
from report.verify.check import differences, verify, verify_bytes
from tests.builds import Rebuilds, built_noted, collected_after
from tests.conftest import DATA, PROVENANCE


@pytest.fixture(autouse=True)
def built_here(monkeypatch):
    """verify runs as the generator that built the tests' reports (their fixed provenance)."""
    from report import provenance

    monkeypatch.setattr(provenance, "collect", lambda: PROVENANCE)


# Each rebuild of the same attachments once in this process (tests/builds.py's Rebuilds): 10 of this module's 19
# rebuilds repeated one made before; two more rebuild this module's own builds (built_noted).
pytestmark = pytest.mark.usefixtures("rebuilds_once")


@pytest.fixture
def pdf(default_built, tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(default_built.pdf)
    return path


@pytest.fixture(scope="module")
def slow_folder(tmp_path_factory):
    """The default joint test with every candidate save taking 30 s (page 1 would say 5.93×)."""
    folder = tmp_path_factory.mktemp("forged") / "data"
    folder.mkdir()
    for name in ("test.toml", "bandwidth.csv", "load_times.csv"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    (folder / "save_times.csv").write_text((DATA / "save_times.csv").read_text().replace(",94\n", ",30\n"))
    return folder


@pytest.fixture(scope="module")
def slow_candidate_built(slow_folder):
    """Its build, which is also what verify's rebuild of its attachments gives (tests/builds.py's built_noted)."""
    return built_noted(read_joint_test(slow_folder), PROVENANCE, "en")


def attachments_of(pdf: bytes) -> dict[str, bytes]:
    return {name: data[0] for name, data in PdfReader(io.BytesIO(pdf)).attachments.items()}


def forge(pages: list, files: dict[str, bytes]) -> bytes:
    """A PDF of `pages` carrying `files`, each with the size and checksum a report declares."""
    writer = PdfWriter()
    for page in pages:
        writer.add_page(page)
    for name, data in files.items():
        embedded = writer.add_attachment(name, data)
        embedded.size = NumberObject(len(data))
        embedded.checksum = ByteStringObject(hashlib.md5(data).digest())
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_intact_reports_verify(pdf, repeated_built, gates_fail_built, tmp_path):
    assert verify(pdf) == []
    for built in (repeated_built, gates_fail_built):
        outcome = verify_bytes(built.pdf)
        assert (outcome.differences, outcome.notes, outcome.signature) == ([], [], None)


def test_forged_pages_before_the_genuine_colophon_are_caught(default_built, slow_candidate_built):
    """The same generator compares every page line by line: both reports are built by the running generator (built_here:
    PROVENANCE), the one of tests/builds.py and this module's."""
    from report import provenance

    assert provenance.collect() == PROVENANCE
    forged_pages = PdfReader(io.BytesIO(slow_candidate_built.pdf)).pages
    genuine_pages = PdfReader(io.BytesIO(default_built.pdf)).pages
    last = len(genuine_pages) - 1
    forged = forge([*forged_pages[:last], genuine_pages[last]], attachments_of(default_built.pdf))
    found = verify_bytes(forged).differences
    # page 1's first line that differs, the re-tuning reason, carries the forged candidate's break-even interval
    # (2,996 steps) against the genuine one's (948)
    assert any(d.startswith("page 1: ") and "2,996" in d and "948" in d for d in found), found


def test_forged_attachments_with_their_hashes_on_an_extra_page_are_caught(default_built, slow_candidate_built):
    genuine_pages = PdfReader(io.BytesIO(default_built.pdf)).pages
    forged_pages = PdfReader(io.BytesIO(slow_candidate_built.pdf)).pages
    extra = forged_pages[-1]  # carries the forged inputs' SHA-256
    forged = forge([*genuine_pages, extra], attachments_of(slow_candidate_built.pdf))
    found = verify_bytes(forged).differences
    # a rebuild from the forged attachments is the slow candidate's own report, whatever its page count
    assert (
        f"the report has {len(genuine_pages) + 1} pages; a rebuild from its attachments has {len(forged_pages)}"
        in found
    )


def test_replaced_attachment_is_rejected(default_built):
    files = attachments_of(default_built.pdf)
    files["save_times.csv"] = files["save_times.csv"].replace(b",94\n", b",90\n")
    found = verify_bytes(forge(PdfReader(io.BytesIO(default_built.pdf)).pages, files)).differences
    assert "save.candidate.mean_s: the report says 94.0, the attached inputs give 90.0" in found
    assert any(d.startswith("page 1: prints") for d in found)


def test_qpdf_replaced_attachment_is_refused(pdf, tmp_path):
    changed = tmp_path / "save_times.csv"
    changed.write_text((DATA / "save_times.csv").read_text().replace(",94\n", ",90\n"))
    tampered = tmp_path / "tampered.pdf"
    subprocess.run(
        ["qpdf", str(pdf), "--add-attachment", str(changed), "--key=save_times.csv", "--replace", "--", str(tampered)],
        check=True,
    )
    # The name tree is sorted, so qpdf finds the file and replaces it: the recomputation catches the change.
    found = verify(tampered)
    assert "save.candidate.mean_s: the report says 94.0, the attached inputs give 90.0" in found
    assert any(d.startswith("page 1: prints") for d in found)
    assert main(["verify", str(tampered)]) == 1


def test_unexpected_embedded_files_are_refused_unread(default_built):
    files = attachments_of(default_built.pdf)
    pages = PdfReader(io.BytesIO(default_built.pdf)).pages
    bomb = forge(pages, {**files, **{f"extra{i}.bin": b"\0" * (8 << 20) for i in range(3)}})
    found = verify_bytes_refused(bomb)
    assert found == "it carries an embedded file 'extra0.bin' that no report carries"


def verify_bytes_refused(data: bytes) -> str:
    from report.verify.check import Refused

    with pytest.raises(Refused) as caught:
        verify_bytes(data)
    return str(caught.value)


def _with_stream(default_built, name: str, raw: bytes, size: int, md5: bytes | None = None) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(default_built.pdf)))
    for embedded in writer.attachment_list:
        if embedded.name == name:
            stream = embedded.pdf_object["/EF"]["/F"].get_object()
            stream._data = raw
            stream[NameObject("/Filter")] = NameObject("/FlateDecode")
            stream[NameObject("/Params")][NameObject("/Size")] = NumberObject(size)
            if md5 is not None:
                stream[NameObject("/Params")][NameObject("/CheckSum")] = ByteStringObject(md5)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_an_attachment_that_inflates_past_its_declared_size_is_a_bomb(default_built):
    bomb = zlib.compress(b"a" * (200 << 20), 9)  # 200 MB in 0.2 MB
    refused = verify_bytes_refused(_with_stream(default_built, "load_times.csv", bomb, 300))
    assert refused == "load_times.csv: inflates to more than the 300 bytes it declares"
    refused = verify_bytes_refused(_with_stream(default_built, "test.toml", bomb, 200 << 20))
    assert refused == "test.toml: declares a size of 209715200 bytes; a report's test.toml is at most 1,048,576"


def test_a_metrics_json_of_another_schema_names_both(default_built):
    files = attachments_of(default_built.pdf)
    pages = PdfReader(io.BytesIO(default_built.pdf)).pages
    for value, said in (
        (3, "schema_version 3"),
        (5, "schema_version 5"),
        ("4", 'schema_version "4"'),
        (None, "no schema_version"),
    ):
        metrics = json.loads(files["metrics.json"])
        metrics.pop("schema_version")
        if value is not None:
            metrics["schema_version"] = value
        found = verify_bytes(forge(pages, {**files, "metrics.json": json.dumps(metrics).encode()})).differences
        assert found == [
            f"metrics.json: {said}, this verify reads schema_version 4; verify it with the generator that built it,"
            " version 0.0.test (commit 0000000000ab), as its colophon names"
        ]


def test_differences_tolerance_and_types():
    assert differences({"a": 1.0, "b": [1, "x"]}, {"a": 1.0 + 1e-12, "b": [1, "x"]}) == []
    assert differences({"a": 1.0}, {"a": 1.001}) == ["a: the report says 1.001, the attached inputs give 1.0"]
    assert differences({"a": None}, {"a": 0}) == ["a: the report says 0, the attached inputs give null"]
    assert differences({"a": [1]}, {"a": [1, 2]}) == ["a: 2 items in the report, 1 recomputed"]
    assert differences({"a": 1}, {}) == ["a: missing from the report's metrics.json"]


def test_not_a_report(tmp_path, capsys):
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"not a pdf")
    assert main(["verify", str(junk)]) == 1
    assert main(["verify", str(tmp_path / "missing.pdf")]) == 1
    assert "missing.pdf: does not exist" in capsys.readouterr().err


def test_a_pdf_linked_to_a_kernel_file_is_refused_at_once(tmp_path, capsys):
    link = tmp_path / "report.pdf"
    link.symlink_to("/proc/kmsg")
    assert main(["verify", str(link)]) == 1
    assert "leads to /proc/kmsg, a kernel file, not a file of data" in capsys.readouterr().err


@pytest.mark.slow
def test_same_generator_compares_bytes(default_built):
    from report import provenance

    assert provenance.collect() == PROVENANCE  # the running generator is the one that built default_built (built_here)
    built = default_built
    assert verify_bytes(built.pdf).differences == []
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(built.pdf)))
    writer.add_metadata({"/Title": "White-paper figures, before a joint test"})  # same text, other bytes
    out = io.BytesIO()
    writer.write(out)
    found = verify_bytes(out.getvalue()).differences
    assert found == [
        "the PDF's bytes differ from a rebuild with the same generator and packages (same text, other drawing)"
    ]


@pytest.mark.slow
def test_a_million_sample_report_verifies(folder):
    import sys

    sys.path.insert(0, str(DATA.parent / "tools"))
    import bench

    data = folder("data").parent / "log-1m"
    bench.make_long_log(data, 1_000_000)
    with collected_after():
        built = build_outputs(read_joint_test(data), PROVENANCE)
    assert len(built.pdf) > 5_000_000  # the attached 36 MB log, deflated
    assert verify_bytes(built.pdf).differences == []


def test_a_log_naming_60000_systems_is_refused_in_moments(default_built):
    import time

    files = attachments_of(default_built.pdf)
    files["bandwidth.csv"] += "".join(f"sys{i},1,0,1\n" for i in range(60_000)).encode()
    forged = forge(PdfReader(io.BytesIO(default_built.pdf)).pages, files)
    # this process's CPU, not the wall clock: under another suite's load the wall took 19 s (CI, load 11), while the
    # regression this guards was 93 s of CPU (a loop over names per name)
    started = time.process_time()
    found = verify_bytes(forged).differences
    assert time.process_time() - started < 15
    assert found[-1] == "attached bandwidth.csv: system: 59990 more names that are not systems of test.toml [systems]"


def test_figures_only_ignores_wording_and_still_catches_a_number(default_built, monkeypatch):
    """--figures-only: another wording is not a difference there, another number is; the full check sees both."""
    from report.pipeline import build
    from report.sections import gates
    from report.wording import verdict

    for module in (verdict, gates):  # every module that words a gate's name
        monkeypatch.setattr(module, "gate_name", lambda gate_id: f"Gate {gate_id}, as now worded")
    real_detail = verdict.gate_detail

    def reworded(*args):  # schema 3: a gate's detail is the report's wording, never in metrics.json
        return real_detail(*args).replace("target", "goal")

    for module in (verdict, gates):
        monkeypatch.setattr(module, "gate_detail", reworded)
    # The new wording lives in this process only; the same attachments rebuilt with it once (the figures-only and the
    # full check of the genuine report ask for the same rebuild).
    monkeypatch.setattr(build, "rebuild", Rebuilds().wrap(build.rebuild_here))
    assert verify_bytes(default_built.pdf, figures_only=True).differences == []
    strict = verify_bytes(default_built.pdf).differences
    assert any(d.startswith("page ") and "prints 'G1 " in d for d in strict), strict
    files = attachments_of(default_built.pdf)
    files["save_times.csv"] = files["save_times.csv"].replace(b",94\n", b",95\n")
    forged = forge(PdfReader(io.BytesIO(default_built.pdf)).pages, files)
    found = verify_bytes(forged, figures_only=True).differences
    assert "save.candidate.mean_s: the report says 94.0, the attached inputs give 95.0" in found
    assert any(d.startswith("the pages print") for d in found)


def with_generator(files: dict[str, bytes], **changes) -> dict[str, bytes]:
    """The attachments with metrics.json's generator block edited (a forger re-embeds it with its checksum)."""
    metrics = json.loads(files["metrics.json"])
    metrics["generator"].update(changes)
    return {**files, "metrics.json": json.dumps(metrics, indent=2).encode()}


def swapped_tiles_pages(default_built):
    """The genuine pages with two of them left out (a forger drops what does not suit)."""
    pages = list(PdfReader(io.BytesIO(default_built.pdf)).pages)
    return [pages[0], *pages[3:]]


def test_an_edited_generator_block_is_a_difference_not_another_version(default_built, tmp_path, capsys):
    files = with_generator(attachments_of(default_built.pdf), commit="0000000000ff")
    forged = forge(swapped_tiles_pages(default_built), files)
    path = tmp_path / "forged.pdf"
    path.write_bytes(forged)
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: not signed",
        f"{path}: the report does NOT match a rebuild from its attached inputs:",
        "metrics.json: generator: records '0.0.test (commit 0000000000ff)', which the colophon does not print: the"
        " generator block was changed after the build",
    ]
    # --figures-only does not loosen that: the generator the pages print is checked first in every mode.
    assert main(["verify", "--figures-only", str(path)]) == 1


def test_a_report_of_another_generator_is_not_verified_and_says_how_to_get_it(default_built, tmp_path, capsys):
    from report.provenance import Provenance

    other = Provenance("0.0.old", "00000000c0de", PROVENANCE.python, PROVENANCE.packages)
    # genuinely built by another version: colophon and metrics.json agree; --figures-only's rebuild is this build
    built = built_noted(read_joint_test(DATA), other, "en")
    pages = list(PdfReader(io.BytesIO(built.pdf)).pages)
    path = tmp_path / "old.pdf"
    for pdf in (built.pdf, forge([pages[0], *pages[3:]], attachments_of(built.pdf))):  # intact, and 2 pages fewer
        path.write_bytes(pdf)
        assert main(["verify", str(path)]) == 4
        assert capsys.readouterr().err.splitlines() == [
            f"{path}: built by generator 0.0.old (commit 00000000c0de); this is 0.0.test (commit 0000000000ab), so it"
            " is NOT verified. Get that version (git checkout 00000000c0de in the generator's repository, then make"
            " .venv/.installed) and run its verify; or run verify --figures-only, which checks the figures only"
        ]
    path.write_bytes(built.pdf)
    assert main(["verify", "--figures-only", str(path)]) == 0
    loose = "figures only (page text, page count and bytes NOT compared): "
    assert capsys.readouterr().err.splitlines() == [
        f"{path}: {loose}not signed",
        f"{path}: {loose}every figure of metrics.json and every number the pages print match a rebuild from the"
        " attached inputs; this is not verification",
    ]


def test_pages_removed_and_tiles_swapped_fail_the_full_comparison(default_built, slow_candidate_built):
    pages = list(PdfReader(io.BytesIO(default_built.pdf)).pages)
    forged = forge([pages[0], *pages[3:]], attachments_of(default_built.pdf))
    found = verify_bytes(forged).differences
    assert found[0] == f"the report has {len(pages) - 2} pages; a rebuild from its attachments has {len(pages)}"
    # Tiles swapped: page 1 of a report whose candidate saves take 30 s, over the genuine attachments.
    slow_page = PdfReader(io.BytesIO(slow_candidate_built.pdf)).pages[0]
    found = verify_bytes(forge([slow_page, *pages[1:]], attachments_of(default_built.pdf))).differences
    assert len(found) == 1 and found[0].startswith("page 1: prints "), found


def test_a_script_run_on_opening_is_refused(default_built):
    from pypdf.generic import ArrayObject, DictionaryObject, TextStringObject

    script = DictionaryObject(
        {NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("app.alert('forged');")}
    )
    found = []
    for key in ("/OpenAction", "/JavaScript"):
        writer = PdfWriter(clone_from=PdfReader(io.BytesIO(default_built.pdf)))
        if key == "/OpenAction":
            writer._root_object[NameObject(key)] = script
        else:
            names = writer._root_object["/Names"]
            tree = ArrayObject([TextStringObject("run"), writer._add_object(script)])
            names[NameObject(key)] = DictionaryObject({NameObject("/Names"): tree})
        out = io.BytesIO()
        writer.write(out)
        found.append(verify_bytes_refused(out.getvalue()))
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(default_built.pdf)))
    writer.pages[1][NameObject("/AA")] = DictionaryObject({NameObject("/O"): script})
    out = io.BytesIO()
    writer.write(out)
    found.append(verify_bytes_refused(out.getvalue()))
    assert found == [
        "it carries an action run on opening (/OpenAction), which no report has",
        "it carries JavaScript (/Names /JavaScript), which no report has",
        "page 2 carries automatic actions (/AA), which no report has",
    ]


def test_a_gigabyte_of_junk_is_refused_before_it_is_read(tmp_path, capsys, monkeypatch):
    from report.verify import check as verifying

    junk = tmp_path / "junk.pdf"
    with junk.open("wb") as handle:  # sparse: 1 GB long, a few bytes on disk
        handle.write(b"%PDF-1.7\n")
        handle.truncate(1 << 30)

    def never(*args):
        raise AssertionError("read the whole file")

    monkeypatch.setattr(verifying, "read_regular", never)
    assert main(["verify", str(junk)]) == 1
    assert capsys.readouterr().err == (
        f"{junk}: refused, not verified: is not a whole PDF (no startxref and %%EOF in its last 2048 bytes)\n"
    )
    with junk.open("r+b") as handle:
        handle.truncate(verifying.PDF_LIMIT + 1)
    assert main(["verify", str(junk)]) == 1
    assert (
        capsys.readouterr().err
        == f"{junk}: refused, not verified: is 2,147,483,649 bytes; a report is at most 2,147,483,648\n"
    )


def test_an_object_count_above_any_report_is_refused_before_parsing(default_built):
    data = default_built.pdf
    at = data.rindex(b"/Size ")
    end = at + 6 + len(re.match(rb"\d+", data[at + 6 :]).group())
    forged = data[:at] + b"/Size 99999999" + data[end:]
    assert verify_bytes_refused(forged) == "declares 99999999 objects; a report has at most 200,000"


def test_a_pdf_path_that_is_a_loop_of_symlinks_is_named_as_such(tmp_path, capsys):
    (tmp_path / "a.pdf").symlink_to(tmp_path / "b.pdf")
    (tmp_path / "b.pdf").symlink_to(tmp_path / "a.pdf")
    assert main(["verify", str(tmp_path / "a.pdf")]) == 1
    assert capsys.readouterr().err == (
        f"{tmp_path / 'a.pdf'}: is a loop of symbolic links (each leads, in the end, back to itself)\n"
    )


def test_a_report_of_the_very_bytes_has_no_page_read(default_built, monkeypatch):
    """The rebuild gives the report's own bytes, so its pages (the colophon's generator too) print what the rebuild's
    print: no page text is extracted, neither the report's nor the rebuild's."""
    from report.verify import check as verifying

    read = []
    real = verifying.page_texts
    monkeypatch.setattr(verifying, "page_texts", lambda reader: read.append(len(reader.pages)) or real(reader))
    assert verify_bytes(default_built.pdf).differences == []
    assert read == []


def test_a_report_of_other_bytes_has_both_its_pages_and_the_rebuild_s_read(default_built, monkeypatch):
    """Other bytes (the trailer's /ID), the same text: the colophon is checked on the report's pages, then every page
    of both compared, and the bytes are the difference."""
    from report.verify import check as verifying

    read = []
    real = verifying.page_texts
    monkeypatch.setattr(verifying, "page_texts", lambda reader: read.append(len(reader.pages)) or real(reader))
    pages = len(PdfReader(io.BytesIO(default_built.pdf)).pages)
    at = default_built.pdf.rindex(b"/ID [(") + 6
    changed = (
        default_built.pdf[:at]
        + (b"0" if default_built.pdf[at : at + 1] != b"0" else b"1")
        + default_built.pdf[at + 1 :]
    )
    assert len(changed) == len(default_built.pdf) and changed != default_built.pdf
    outcome = verify_bytes(changed)
    assert read == [pages, pages]
    assert outcome.differences == [
        "the PDF's bytes differ from a rebuild with the same generator and packages (same text, other drawing)"
    ]


def test_figures_only_leaves_out_the_numbers_the_layout_sets():
    """A rewording that moves a line across a page moves page numbers too: the footers ("Page 7 of 17") and the
    contents' page numbers are the layout's, not figures (the default report's reworded gates moved a section from
    page 7 to page 8 and figures-only verify reported the '7'); a changed figure is still caught."""
    from report.verify.check import number_differences

    given = ["2\n7\nContents\nSummary\nLoads\nText 1.89× faster\nPage 1 of 17", "Loads 94 s\nPage 7 of 17"]
    rebuilt = ["2\n8\nContents\nSummary\nLoads\nText 1.89× faster\nPage 1 of 18", "Loads 94 s\nPage 8 of 18"]
    assert number_differences(rebuilt, given) == []
    changed = ["2\n8\nContents\nSummary\nLoads\nText 1.89× faster\nPage 1 of 18", "Loads 95 s\nPage 8 of 18"]
    assert number_differences(changed, given) == [
        "the pages print, on page 2, '94', which a rebuild from the attachments does not"
    ]


def test_inputs_left_deflated_for_the_rebuild_are_checked_there(default_built, monkeypatch):
    """The largest inputs cross to the rebuild's worker deflated (attachments.DEFER_BYTES, every CSV here): an intact
    report still verifies, and a file whose bytes are not its declared MD5 is refused, as when checked here."""
    from report.pdf import attachments

    monkeypatch.setattr(attachments, "DEFER_BYTES", 0)
    assert verify_bytes(default_built.pdf).differences == []
    data = attachments_of(default_built.pdf)["load_times.csv"]
    forged = _with_stream(default_built, "load_times.csv", zlib.compress(data), len(data), hashlib.md5(b"x").digest())
    refused = verify_bytes_refused(forged)
    assert refused == "load_times.csv: its bytes do not match the MD5 checksum the PDF records for it"
    monkeypatch.setattr(attachments, "DEFER_BYTES", 8 << 20)
    assert verify_bytes_refused(forged) == refused  # checked before the rebuild, the same words


def test_reading_a_report_imports_neither_numpy_nor_pyarrow():
    """verify's own process reads the report (the attached test.toml's imports, metrics.json strictly) before it can
    send the rebuild its job; numpy and pyarrow, which only the rebuild needs, cost 0.2 s there (issue 27)."""
    import sys

    code = (
        "import sys, report.cli, report.verify.check, report.pdf.attachments\n"
        "from report.inputs.config import parse_config\n"
        "from report.inputs.ingest.json_limits import strict_loads\n"
        f"config, problems = parse_config(open({str(DATA / 'test.toml')!r}, 'rb').read())\n"
        "assert config is not None and not problems\n"
        "strict_loads('{\"a\": [1, 2.5]}')\n"
        "print(sorted(m for m in ('numpy', 'pyarrow', 'pandas') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


FORGED_NAME = (
    "report.pdf: verified: every figure matches a rebuild from the attached inputs, and so does every page\n.pdf"
)


def test_a_file_name_cannot_forge_a_line_of_verify(default_built, tmp_path, capsys):
    """Issue 44, V4: a tampered report named with a newline and the success line's words printed a line beginning
    ".../report.pdf: verified: every figure matches ..." before its "does NOT match"."""
    path = tmp_path / FORGED_NAME
    path.write_bytes(default_built.pdf + b"% tampered\n")  # a line appended: not the report's bytes
    assert main(["verify", str(path)]) == 1
    said = capsys.readouterr().err.splitlines()
    shown = repr(str(path))
    assert said[0] == f"{shown}: not signed"
    assert all(line.startswith((shown, "the PDF's bytes")) for line in said), said
    assert not any(": verified" in line.split(shown)[-1] for line in said)


@pytest.mark.parametrize("name", [FORGED_NAME, "x\x1b[1A\x1b[2K.pdf", "r\u202efdp.exe", "a\rb.pdf"])
def test_names_with_controls_are_printed_escaped_on_one_line(tmp_path, capsys, name):
    """A line break, a terminal's escape (cursor up, erase line), a bidirectional override or a carriage return in a
    name prints as its escape, in quotes: one line, which cannot rewrite another."""
    path = tmp_path / name
    path.write_bytes(b"not a pdf")
    assert main(["verify", str(path)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"{str(path)!r}: refused, not verified: is not a PDF (no %PDF- header in its first 1024 bytes)"
    assert line.isprintable()


def test_problems_print_their_file_and_values_escaped():
    from report.problems import Problem

    problem = Problem("raw/a\nb.json", 3, "write.runtime", 'got "x\ntest.toml: ok"')
    assert str(problem) == 'raw/a\\nb.json:3: write.runtime: got "x\\ntest.toml: ok"'


def test_a_damaged_report_is_one_line_without_pypdf_s_log(default_built, tmp_path, capsys, caplog):
    """Issue 44, V8: 50,000 bytes zeroed in the middle; pypdf's own warnings ("Ignoring wrong pointing object ...")
    reached standard error before verify's refusal."""
    import logging

    data = bytearray(default_built.pdf)
    middle = len(data) // 3
    data[middle : middle + 50_000] = bytes(50_000)
    path = tmp_path / "zeroed.pdf"
    path.write_bytes(bytes(data))
    with caplog.at_level(logging.DEBUG):
        assert main(["verify", str(path)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"{path}: refused, not verified: ")
    assert [r.getMessage() for r in caplog.records if r.name.startswith("pypdf")] == []
