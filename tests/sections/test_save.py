"""The checkpoint save section: outliers flagged only where three runs are not too few."""

from tests.sections.helpers import build, section, texts


def test_three_runs_are_too_few_to_call_one_an_outlier(folder):
    data = folder("repeated")
    rows = (data / "save_times.csv").read_text().splitlines()
    # Old NAS's 100, 110, 120 made 100, 150, 151: the modified z-score of 100 would be 0.6745 × 50 / 1 = 33.7.
    text = "\n".join(rows).replace("2,Old NAS,110,", "2,Old NAS,150,").replace("3,Old NAS,120,", "3,Old NAS,151,")
    (data / "save_times.csv").write_text(text + "\n")
    ctx, m = build(data)
    assert m.save.baseline.times_s == (100, 150, 151) and m.save.baseline.outlier_runs == ()
    assert not any("stands out" in t for t in texts(section(ctx, "save").blocks))
