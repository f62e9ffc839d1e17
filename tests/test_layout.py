"""The charts' text: nothing overlaps, nothing leaves the figure, no curve crosses a legend, on any joint test."""

import shutil

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from report import charts, drawing, layout
from report.compute import compute
from report.load import load
from tests.conftest import DATA, FIXTURES


def figures(folder):
    test = load(folder)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative)
    return drawing.figures(m, test.bandwidth, described)


@pytest.mark.slow
@pytest.mark.parametrize("folder", [DATA, *(FIXTURES / n for n in ("repeated", "gates_fail", "economics"))])
def test_no_chart_has_overlapping_or_clipped_text(folder):
    for chart_id, fig in figures(folder).items():
        assert layout.problems(fig) == [], chart_id


def test_a_deliberately_overlapping_chart_fails_the_check():
    fig = Figure(figsize=(3, 2), layout="constrained")
    ax = fig.subplots()
    ax.plot([0, 1], [0, 1], label="a line")
    ax.legend(loc="center")
    ax.annotate("first label", (0.5, 0.2), xytext=(0, 0), textcoords="offset points")
    ax.annotate("second label", (0.5, 0.2), xytext=(2, 0), textcoords="offset points")
    ax.annotate("far away", (0.99, 0.5), xytext=(40, 0), textcoords="offset points").set_in_layout(False)
    found = layout.problems(fig)
    assert "label 'first label' overlaps label 'second label'" in found
    assert "label 'far away' leaves the figure" in found
    assert "the line 'a line' runs through the legend" in found


def test_declutter_moves_a_colliding_label_up_or_drops_it():
    fig = Figure(figsize=(3, 2), layout="constrained")
    ax = fig.subplots()
    first = ax.annotate("first label", (0.5, 0.2), xytext=(0, 0), textcoords="offset points")
    second = ax.annotate("second label", (0.5, 0.2), xytext=(2, 0), textcoords="offset points")
    outside = ax.annotate("far away", (0.99, 0.5), xytext=(40, 0), textcoords="offset points")
    outside.set_in_layout(False)  # constrained layout would otherwise make room for it
    layout.declutter(fig)
    assert first.get_visible() and second.get_visible() and second.xyann[1] > 0  # moved up by its height
    assert not outside.get_visible()  # moving up cannot bring it back into the figure: dropped
    assert layout.problems(fig) == []


NAME = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyz ABCXYZ-0123456789"), min_size=1, max_size=60)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Found by an unseeded run (issue 22): near-equal saves (1.03125×) and short all-digit names put the composition
# chart's legend outside the figure. Kept, so that every run tries it. Expected to fail until report/layout.py is fixed
# (issue 24); the xfail is strict: once the example passes, the test fails until this xfail is removed.
@example(names=["000000000", "0000000000000000000000", "0", "00"], base=10.0, ratio=1.03125, sizes=[60.0, 60.0]).xfail(
    reason="issue 24: the composition chart's legend leaves the figure", raises=AssertionError
)
@given(
    names=st.lists(NAME.map(str.strip).filter(bool), min_size=4, max_size=4, unique=True),
    base=st.floats(10, 500),
    ratio=st.floats(1.001, 1.05),
    sizes=st.lists(st.floats(60, 70), min_size=2, max_size=2),
)
@pytest.mark.slow
def test_long_names_and_near_equal_values_keep_every_chart_legible(tmp_path_factory, names, base, ratio, sizes):
    folder = tmp_path_factory.mktemp("joint")
    shutil.copytree(DATA, folder, dirs_exist_ok=True)
    candidate, baseline, nfs, model = names
    toml = (folder / "test.toml").read_text()
    toml = toml.replace("Mingxin FX100", candidate).replace("Local NVMe (single drive)", baseline)
    toml = toml.replace('"NFS"', f'"{nfs}"').replace("snapshot_gb = 140", f"snapshot_gb = {sizes[0]!r}")
    toml += f'\n[[projections]]\nname = "{model}"\nsnapshot_gb = {sizes[1]!r}\n'
    (folder / "test.toml").write_text(toml)
    saves = f"system,model,gpus,snapshot_gb,run,save_s\n{baseline},32B LoRA,8,65.6,1,{base * ratio!r}\n"
    saves += f"{candidate},32B LoRA,8,65.6,1,{base!r}\n"
    (folder / "save_times.csv").write_text(saves)
    for name in ("bandwidth.csv", "load_times.csv"):
        text = (folder / name).read_text().replace("Mingxin FX100", candidate)
        text = text.replace("Local NVMe (single drive)", baseline).replace("NFS,", f"{nfs},")
        (folder / name).write_text(text.replace("32B", model[:20]))
    for chart_id, fig in figures(folder).items():
        assert layout.problems(fig) == [], chart_id


@pytest.mark.slow
def test_the_chinese_charts_are_checked_too():
    from report import i18n

    with i18n.activate("zh-CN"):
        for chart_id, fig in figures(DATA).items():
            assert layout.problems(fig) == [], chart_id
