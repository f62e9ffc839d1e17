"""Charts: eight described and drawn as vector SVGs from the figures, deterministic, with text and alt text."""

import matplotlib.colors
import pytest

from report.charts import collisions as layout
from report.charts import describe as charts
from report.charts import draw as drawing
from report.charts.ticks import GroupedFormatter
from report.compute import compute
from report.inputs.joint_test import read_joint_test
from report.pdf import renderer as pdf
from tests.conftest import DATA, FIXTURES, ROOT


def draw(test):
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth)
    return described, drawing.draw_all(m, test.bandwidth, described)


@pytest.fixture(scope="module")
def drawn():
    return draw(read_joint_test(DATA))


def test_nine_charts_with_words(drawn):
    described, svgs = drawn
    assert (
        list(described)
        == list(svgs)
        == [
            "save-times",
            "bandwidth",
            "throughput",
            "composition",
            "projection",
            "load-times",
            "stall",
            "reliability",
            "sensitivity",
        ]
    )
    for chart_id, chart in described.items():
        assert svgs[chart_id].startswith("<svg") and "<text" in svgs[chart_id]  # text stays text
        assert chart.title and chart.caption and len(chart.alt) > 40
        assert "<image" not in svgs[chart_id]  # vector only
    # the figures as the prose and the tiles print them (three significant digits): "6.20× to 9.30×", not "6.2×"
    assert "178 s" in described["save-times"].alt and "6.20× to 9.30×" in described["load-times"].alt


def test_one_registry_describes_and_draws_every_chart():
    assert set(charts.DESCRIBERS) == set(drawing.DRAWERS) and charts.DESCRIBERS


@pytest.mark.slow
def test_charts_from_illustrative_inputs_say_so_in_the_chart():
    test = read_joint_test(DATA)
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, ("bandwidth", "load_times"))
    marked = {chart_id for chart_id, chart in described.items() if chart.illustrative}
    assert marked == {"bandwidth", "throughput", "load-times"}
    svgs = drawing.draw_all(m, test.bandwidth, described)
    for chart_id, svg in svgs.items():
        assert ("ILLUSTRATIVE INPUT, NOT MEASURED" in svg) == (chart_id in marked), chart_id


@pytest.mark.slow
def test_names_are_never_typeset_as_mathematics(folder):
    data = folder("data")
    name = r"$\nosuchmacro$ array"
    toml = (data / "test.toml").read_text().replace('"Mingxin FX100"', f"'{name}'")
    (data / "test.toml").write_text(toml)
    for csv in ("save_times.csv", "bandwidth.csv", "load_times.csv"):
        path = data / csv
        path.write_text(path.read_text().replace("Mingxin FX100", name))
    _, svgs = draw(read_joint_test(data))
    assert name in svgs["save-times"]


def test_placeholders_have_each_drawn_chart_s_size(drawn):
    described, svgs = drawn
    for chart_id, chart in described.items():
        width, height = chart.size_pt
        placeholder = pdf.placeholder_svg(width, height).decode()
        for attribute in (f'width="{width}pt"', f'height="{height}pt"', f'viewBox="0 0 {width} {height}"'):
            assert attribute in placeholder and attribute in svgs[chart_id].split(">", 1)[0], (chart_id, attribute)


@pytest.mark.slow
def test_charts_are_deterministic(drawn):
    assert draw(read_joint_test(DATA)) == drawn


@pytest.mark.parametrize("language", ["en", "zh-CN"])
def test_texts_measured_once_draw_the_same_charts(language, monkeypatch):
    """Sizes shared across figures (drawing._text_measured_once) are the sizes each figure measures for itself."""
    import matplotlib.text

    from report import i18n

    shared = matplotlib.text._get_text_metrics_with_cache
    assert shared.__wrapped__ is not shared  # installed by importing report.drawing
    test = read_joint_test(FIXTURES / "long_names")
    with i18n.activate(language):
        once = draw(test)
        monkeypatch.setattr(matplotlib.text, "_get_text_metrics_with_cache", shared.__wrapped__)
        per_figure = draw(test)
    assert once == per_figure


def test_axis_units(drawn):
    svgs = drawn[1]
    assert "(s)" in svgs["save-times"] and "(GB/s)" in svgs["bandwidth"]
    assert "(GB)" in svgs["projection"] and "(h" in svgs["reliability"]


@pytest.mark.slow
def test_one_sample_per_run_draws_bars():
    described, svgs = draw(read_joint_test(FIXTURES / "gates_fail"))
    assert "per system" in described["bandwidth"].alt and "sustained" not in svgs["bandwidth"]


@pytest.mark.slow
def test_long_system_names_keep_their_lines(folder):
    data = folder("data")
    long = "Mingxin FX100 all-flash NVMe-oF array with 24 drives and firmware 3.2.1"
    for name in ("test.toml", "save_times.csv", "bandwidth.csv", "load_times.csv"):
        (data / name).write_text((data / name).read_text().replace("Mingxin FX100", long))

    def lines(test):
        m = compute(test)
        figure = drawing.figures(m, test.bandwidth, charts.describe_all(m, test.bandwidth))["bandwidth"]
        return len(figure.axes[0].lines)

    assert lines(read_joint_test(data)) == lines(read_joint_test(DATA)) > 2


def test_the_composition_legend_names_stalls_when_saves_are_asynchronous(drawn):
    # The bars are saves × pause: the saves' time (sync, data/) or the stalls' (async, the async_mode fixture).
    assert "Checkpoint saves (" in drawn[1]["composition"] and "Checkpoint stalls (" not in drawn[1]["composition"]
    test = read_joint_test(FIXTURES / "async_mode")
    m = compute(test)
    figure = drawing.DRAWERS["composition"](m, test.bandwidth, charts.describe_all(m, test.bandwidth)["composition"])
    legend = " ".join(t.get_text() for ax in figure.axes if ax.get_legend() for t in ax.get_legend().get_texts())
    assert "Checkpoint stalls (" in legend and "Checkpoint saves (" not in legend


def test_both_means_are_labelled_in_the_save_chart():
    """retune's baseline label, “mean 110 s”, was placed above the figure and dropped: both means print now."""
    test = read_joint_test(FIXTURES / "retune")
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth)
    figure = layout.declutter(drawing.save_times(m, test.bandwidth, described["save-times"]))
    assert sorted(t.get_text() for t in figure.axes[0].texts if t.get_visible()) == ["mean 110 s", "mean 55 s"]
    assert layout.problems(figure) == []


def test_close_projected_times_are_labelled_apart():
    """gates_fail projects 1,100 s and 1,000 s at 500 GB: the higher is labelled above its diamond, the lower below,
    with room between them (they touched when both were placed above)."""
    test = read_joint_test(FIXTURES / "gates_fail")
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth)
    figure = layout.declutter(drawing.projection(m, test.bandwidth, described["projection"]))
    renderer = figure._get_renderer()
    boxes = {t.get_text(): t.get_window_extent(renderer) for t in figure.axes[0].texts if t.get_visible()}
    assert set(boxes) == {"1,100 s", "1,000 s"}
    assert boxes["1,100 s"].y0 - boxes["1,000 s"].y1 > 10  # points of white between the labels
    assert layout.problems(figure) == []


def test_a_load_chart_of_one_pair_is_tall_enough_to_read():
    """gates_fail loads one model on one platform: the chart was 1.4 in tall, its bars 1 cm under the legend."""
    test = read_joint_test(FIXTURES / "gates_fail")
    m = compute(test)
    assert len(m.load.models) == 1
    assert charts.describe_all(m, test.bandwidth)["load-times"].height_in == charts.MIN_BARS_HEIGHT_IN == 2.0


def test_linear_axes_group_thousands():
    """async-70b's projection chart labelled its axes "1000 2000" beside "1,967 s" (Chinese reading 3, minor 14)."""
    test = read_joint_test(ROOT / "examples" / "async-70b")
    m = compute(test)
    figure = drawing.figures(m, test.bandwidth, charts.describe_all(m, test.bandwidth))["projection"]
    figure.canvas.draw()
    ticks = [t.get_text() for axis in (figure.axes[0].xaxis, figure.axes[0].yaxis) for t in axis.get_ticklabels()]
    assert "1,000" in ticks and "1000" not in ticks
    # One number of decimals per axis, the fewest that show every tick.
    assert GroupedFormatter().format_ticks([0, 0.5, 1, 1500]) == ["0.0", "0.5", "1.0", "1,500.0"]


def test_a_run_of_one_sample_is_drawn_as_a_marker():
    """retune's 'Array X' run 2 has one sample (8 GB/s at 0 s): a one-point line draws nothing, so the chart hid a
    sample the printed mean counts. Each run of fewer than two samples is a marker of its line's colour."""
    test = read_joint_test(FIXTURES / "retune")
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth)
    figure = layout.declutter(drawing.bandwidth(m, test.bandwidth, described["bandwidth"]))
    ax = figure.axes[0]
    runs = [line for line in ax.get_lines() if line.get_linestyle() != ":"]  # the sustained levels are dotted
    lines = {tuple(tuple(map(float, xy)) for xy in line.get_xydata()): line.get_color() for line in runs}
    markers = {
        (tuple(map(float, xy)), matplotlib.colors.to_hex(colour))
        for coll in ax.collections
        for xy, colour in zip(coll.get_offsets(), coll.get_facecolors(), strict=True)
    }
    single = [(xy[0], colour) for xy, colour in lines.items() if len(xy) < 2]
    assert single == [((0.0, 8.0), drawing.COLOURS["candidate"])]
    assert {(xy, matplotlib.colors.to_hex(colour)) for xy, colour in single} <= markers
    assert len(markers) == len(single)  # runs of two samples or more are lines only
    assert layout.problems(figure) == []


def test_a_node_local_job_across_nodes_is_drawn_one_node_against_one_node():
    """Cold read 22, M2: long_names' RAID-0 is each node's own and its job spans 32 nodes: its bars are one node's part,
    30.3 GB ÷ 402.6 s = 0.0753 GB/s, beside the 4.80 GB/s logged on one node (1.57%), not the whole job's 2.41 (50.2%)."""
    test = read_joint_test(FIXTURES / "long_names")
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth)
    figure = drawing.figures(m, test.bandwidth, described)["throughput"]
    texts = [t.get_text() for t in figure.axes[0].texts]
    assert "0.0753 (1.57%)" in texts and not any("50.2%" in t for t in texts)
    assert figure.axes[0].get_yticklabels()[0].get_text().endswith("\n(one node)")
    assert "its bars are one node's, the 30.3 GB that node writes of each checkpoint" in described["throughput"].caption


def test_alt_text_names_a_system_on_one_line():
    """The stall chart's alt text took the legend's wrapped names ("Mingxin FX100 (2\ncontrollers)"): a sentence read
    aloud has no line breaks, and a name broken in two escapes the short-name resolver, so the full name's brackets
    came back in the async section (session 25, zh10)."""
    test = read_joint_test(FIXTURES / "formal")
    m = compute(test)
    described = charts.describe_all(m, test.bandwidth, m.inputs_illustrative, test.config.systems.short)
    assert "on Mingxin FX100 (2 controllers)." in described["stall"].alt
    assert [chart_id for chart_id, chart in described.items() if "\n" in chart.alt] == []


def test_a_chinese_chart_label_is_spaced_as_the_text_is():
    """Chinese reading 20, AC minor 9: the legend printed a name as typed, "现网 云岫 YX-5200", where the text beside it
    says 现网云岫 YX-5200; "摩尔线程 夸娥" beside 摩尔线程夸娥 the same. English labels stay as typed."""
    from report import i18n

    with i18n.activate("zh-CN"):
        assert charts.wrapped("现网 云岫 YX-5200 并行文件系统", 40) == "现网云岫 YX-5200 并行文件系统"
        assert charts.wrapped("摩尔线程 夸娥MCCX D800（8 张卡）", 40) == "摩尔线程夸娥 MCCX D800（8 张卡）"
    assert charts.wrapped("Old  NAS 云岫", 40) == "Old  NAS 云岫"
