"""What the record says of how the loads were timed (report/compute/load_record.py): zh reading 18, Y-M4 (the load
baseline's cache left warm, the candidate's invalidated before each load) and X minor 10 (the load's end point as the
record words it, "cold start to the first token")."""

from report.compute import compute
from report.compute.findings import decide
from report.inputs.joint_test import read_joint_test
from tests.compute.test_findings import TOML, write_folder
from tests.sections.helpers import build, build_printed, section, texts

CACHES = (
    '\n[environment]\ncaches = "page cache dropped on the server before each load, the Cand client cache invalidated; '
    'the Filer SSD cache was not flushed, as in production"\n'
)
NOTE = '\n[sources]\nload_times = "vLLM cold start to the first token on one server, 1 per system"\n'


def _folder(path, toml: str):
    """write_folder's joint test with three loads a side, the candidate twice as fast (40 s against 20 s)."""
    write_folder(path, toml, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    rows = [
        f"{s},M,P,10,{r},{t}"
        for s, ts in (("Filer", (40, 41, 39)), ("Cand", (20, 20.5, 19.5)))
        for r, t in enumerate(ts, 1)
    ]
    (path / "load_times.csv").write_text("system,model,platform,size_gb,run,load_s\n" + "\n".join(rows) + "\n")
    return path


def _found(path, finding_id):
    test = read_joint_test(path)
    return decide(test, compute(test)).get(finding_id)


def _lead(built) -> str:
    ctx, _m = built
    return " ".join(texts(section(ctx, "loading").blocks))


def test_a_cache_kept_on_one_load_side_and_cleared_on_the_other_favours_the_side_that_kept_it(tmp_path):
    path = write_folder(tmp_path / "warm", TOML + CACHES + NOTE, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    found = _found(path, "load_caches_unequal")
    assert found is not None and found.scope.items == ("load_baseline",) and not found.scope.whole
    said = _lead(build(path))
    assert (
        "The caches were not treated alike: the test record gives that Filer's cache was not cleared before the "
        "loads, while Cand's was. Filer's load times may therefore come in part from its cache, which favours Filer; "
        "repeating the loads with the caches treated alike would settle it." in said
    )
    assert said.count("caches were not treated alike") == 1


def test_caches_treated_alike_or_unrecorded_say_nothing(tmp_path):
    alike = CACHES.replace("the Filer SSD cache was not flushed, as in production", "the Filer SSD cache flushed")
    path = write_folder(tmp_path / "alike", TOML + alike, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    assert _found(path, "load_caches_unequal") is None
    path = write_folder(tmp_path / "none", TOML, [12.0, 12.1, 11.9], [6.0, 6.1, 5.9])
    assert _found(path, "load_caches_unequal") is None


def test_the_load_s_end_point_is_the_record_s_and_no_other(tmp_path):
    path = _folder(tmp_path / "token", TOML + NOTE)
    assert _found(path, "load_end_point")["end"] == "first_token"
    assert "With the recorded load times, from a cold start to the first token, Cand" in _lead(build(path))
    assert "按记录的加载时间（冷启动到首个 token），与" in _lead(build_printed(path, "zh-CN"))
    # a note giving no end point: the words give none either (no "to the model serving" the record does not say)
    plain = _folder(tmp_path / "plain", TOML + NOTE.replace("cold start to the first token", "loads"))
    assert _found(plain, "load_end_point") is None
    lead = _lead(build_printed(plain, "zh-CN"))
    assert "按记录的加载时间，与" in lead and "对外服务" not in lead
