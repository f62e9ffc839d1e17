"""test.toml, schema 4: [report], [systems] short, the node size, [[projections]] gpus and [economics]
candidate_price; each error by its full text, naming its key and test.toml's line (CONTRACT.md, settled point 11)."""

import pytest

from report.inputs.config import parse_config
from report.inputs.specs import ReportSpec
from tests.conftest import DATA, without_projection_gpus

# data/test.toml without its projection's gpus (these tests give their own), every line number kept
DEFAULT = without_projection_gpus((DATA / "test.toml").read_text())
B, C, L = "Local NVMe (single drive)", "Mingxin FX100", "NFS"
# Line 8 of the default test.toml is load_baseline; a key added after it is on line 9.
AFTER_SYSTEMS = 'load_baseline = "NFS"'
TAKEN = "a reader would take one for the other"
FIGURE = "a reader would take it for one of the report's"
ECONOMICS = '\n[economics]\ngpu_hour_price = 2\ncurrency = "USD"\nruns_per_year = 4\n'


def problems(text: str) -> list[str]:
    config, found = parse_config(text.encode())
    assert (config is None) == bool(found)
    return [str(p) for p in found]


def parsed(text: str):
    config, found = parse_config(text.encode())
    assert found == [], found
    return config


def with_systems(line: str) -> str:
    return DEFAULT.replace(AFTER_SYSTEMS, f"{AFTER_SYSTEMS}\n{line}")


# [report]


def test_report_table_is_optional_and_every_key_is_trimmed_text():
    assert parsed(DEFAULT).report == ReportSpec()
    text = (
        DEFAULT
        + '\n[report]\nnumber = " MX-JT-2026-0117 "\nrevision = "1.0"\ncommissioned_by = "East China AI Computing Centre"'
        + '\ntested_by = "Mingxin Storage, solutions lab"\nprepared_by = "Zhang Wei"\nreviewed_by = "Li Na"'
        + '\napproved_by = "Wang Jun"\n'
    )
    report = parsed(text).report
    assert report == ReportSpec(
        number="MX-JT-2026-0117",
        revision="1.0",
        commissioned_by="East China AI Computing Centre",
        tested_by="Mingxin Storage, solutions lab",
        prepared_by="Zhang Wei",
        reviewed_by="Li Na",
        approved_by="Wang Jun",
    )
    assert parsed(DEFAULT + '\n[report]\nrevision = "2"\n').report == ReportSpec(revision="2")


def test_report_keys_refused_by_name_and_line():
    # the default test.toml has 25 lines; [report] is line 27, its keys 28 on
    text = DEFAULT + '\n[report]\nnumber = "  "\nrevision = 1.0\nprepared = "Zhang Wei"\n'
    assert problems(text) == [
        'test.toml:28: report.number: must not be empty, got "  "',
        "test.toml:29: report.revision: must be a text in quotes, got 1",
        'test.toml:30: report.prepared: unknown key (did you mean "prepared_by"?)',
    ]
    top = DEFAULT.replace("date     = 2026-11-30", 'date = 2026-11-30\nreport = "MX-1"')
    assert problems(top) == ['test.toml:4: report: must be a table [report], got "MX-1"']


def test_an_empty_text_in_quotes_is_said_to_be_empty():
    # attacks-6 F02: "must be a text in quotes, got \"\"" of a value in quotes; what is wrong is that it is empty
    text = DEFAULT + '\n[report]\nprepared_by = ""\n\n[environment]\nclients = " "\n'
    assert problems(text) == [
        'test.toml:28: report.prepared_by: must not be empty, got ""',
        'test.toml:31: environment.clients: must not be empty, got " "',
    ]
    empty_title = DEFAULT.replace('title    = "', 'title = "" #', 1)
    assert problems(empty_title) == ['test.toml:1: title: must not be empty, got ""']


def test_a_report_number_fits_the_footer_and_a_party_is_a_name():
    # attacks-6 F01: a number of 200 characters ran off every page's footer; a sign-off name had no bound at all
    text = DEFAULT.replace("[systems]", f'[report]\nnumber = "{"N" * 41}"\nprepared_by = "{"Z" * 201}"\n\n[systems]', 1)
    assert problems(text) == [
        "test.toml:6: report.number: a reference of 41 characters; a report number or revision has at most 40 (it is "
        "printed in every page's footer)",
        "test.toml:7: report.prepared_by: a name of 201 characters; a name has at most 200",
    ]
    assert parsed(text.replace("N" * 41, "N" * 40).replace("Z" * 201, "Z" * 200)).report.number == "N" * 40


# [systems] short


def test_short_names_keyed_by_full_name_trimmed():
    config = parsed(with_systems(f'short = {{ " {C} " = " FX100 ", "{B}" = "Local NVMe" }}'))
    assert config.systems.short == {C: "FX100", B: "Local NVMe"}
    assert config.systems.short_name(C) == "FX100" and config.systems.short_name(L) == L
    assert config.systems.names(C) == {C, "FX100"} and config.systems.names(L) == {L}
    assert parsed(DEFAULT).systems.short == {}
    # a table of its own works too
    table = DEFAULT.replace("\n[training]", f'\n[systems.short]\n"{L}" = "the filer"\n\n[training]')
    assert parsed(table).systems.short == {L: "the filer"}


def test_a_short_name_of_a_system_that_is_both_baselines_is_one_system():
    text = DEFAULT.replace('load_baseline = "NFS"', f'load_baseline = "{B}"\nshort = {{ "{B}" = "Local" }}')
    assert parsed(text).systems.short == {B: "Local"}


@pytest.mark.parametrize(
    ("short", "message"),
    [
        ('{ "Lustre" = "L" }', f'"Lustre" is not a system of [systems]; expected "{B}" or "{C}" or "{L}"'),
        (f'{{ "{C}" = "FX", " {C}" = "FX100" }}', f'"{C}" is given twice'),
        (
            f'{{ "{C}" = "X", "{B}" = "X" }}',
            f'"{C}" and "{B}" have one short name, "X": a reader could not tell them apart',
        ),
        (f'{{ "{C}" = "NFS" }}', f'"{C}": its short name "NFS" is the full name of another system'),
        # as a reader tells names apart, as the full names are (attacks-6 S04: "fx100" beside "FX100")
        (
            f'{{ "{C}" = "FX100", "{B}" = "fx１００" }}',
            f'"{C}" and "{B}" have one short name, "FX100" and "fx１００": a reader could not tell them apart',
        ),
        (f'{{ "{C}" = "nfs" }}', f'"{C}": its short name "nfs" is the full name of another system'),
        (f'{{ "{C}" = " " }}', f'"{C}": must not be empty, got " "'),
        (f'{{ "{C}" = 100 }}', f'"{C}": must be a text in quotes, got 100'),
        ('"FX100"', 'must be a table of full name = short name, got "FX100"'),
        # attacks-6 S05: "G3 is better on durability" beside the gate G3; "1.95× keeps …" beside a 1.95× speedup
        (f'{{ "{C}" = "G3" }}', f'"{C}": its short name "G3" is a gate of the report (G1 to G4): {TAKEN}'),
        (f'{{ "{C}" = "ｇ 1" }}', f'"{C}": its short name "ｇ 1" is a gate of the report (G1 to G4): {TAKEN}'),
        (f'{{ "{B}" = "1.95×" }}', f'"{B}": its short name "1.95×" reads as a figure: {FIGURE}'),
        (f'{{ "{B}" = "2x" }}', f'"{B}": its short name "2x" reads as a figure: {FIGURE}'),
        (f'{{ "{B}" = "6.3 GB/s" }}', f'"{B}": its short name "6.3 GB/s" reads as a figure: {FIGURE}'),
        (f'{{ "{B}" = "—/—" }}', f'"{B}": its short name "—/—" has no letter: a short name is a name, such as "FX100"'),
    ],
)
def test_short_name_errors_name_the_key_and_its_line(short, message):
    assert problems(with_systems(f"short = {short}")) == [f"test.toml:9: systems.short: {message}"]


def test_short_names_that_hold_a_letter_and_read_as_names_are_taken():
    short = f'short = {{ "{C}" = "3FS", "{B}" = "G5 array", "{L}" = "本地盘" }}'
    assert parsed(with_systems(short)).systems.short == {C: "3FS", B: "G5 array", L: "本地盘"}


# The node size


def test_one_node_size_training_then_async_then_8():
    assert parsed(DEFAULT).gpus_per_node == 8 and parsed(DEFAULT).training.gpus_per_node is None
    training = DEFAULT.replace("cluster_gpus              = 1000", "cluster_gpus = 1000\ngpus_per_node = 4")
    assert parsed(training).gpus_per_node == 4 and parsed(training).training.gpus_per_node == 4
    async_only = DEFAULT + "\n[async]\nstaging_s = 1\ngpus_per_node = 16\n"
    assert parsed(async_only).gpus_per_node == 16
    same = training + "\n[async]\nstaging_s = 1\ngpus_per_node = 4\n"
    assert parsed(same).gpus_per_node == 4
    assert parsed(training + "\n[async]\nstaging_s = 1\n").gpus_per_node == 4  # [async]'s default gives way


def test_two_node_sizes_that_differ_name_both():
    text = DEFAULT.replace("cluster_gpus              = 1000", "cluster_gpus = 1000\ngpus_per_node = 4")
    assert problems(text + "\n[async]\nstaging_s = 1\ngpus_per_node = 8\n") == [
        "test.toml:16: training.gpus_per_node: is 4 while async.gpus_per_node is 8: one node size serves every"
        " figure; give one of the two, or the same value in both"
    ]
    zero = DEFAULT.replace("cluster_gpus              = 1000", "cluster_gpus = 1000\ngpus_per_node = 0")
    assert problems(zero) == ["test.toml:16: training.gpus_per_node: must be a whole number above zero, got 0"]


# [[projections]] gpus


def test_projection_gpus_is_optional_without_a_node_local_side():
    config = parsed(DEFAULT)
    assert config.projections[0].gpus is None
    config = parsed(DEFAULT.replace("snapshot_gb = 140", "snapshot_gb = 140\ngpus = 64"))
    assert config.projections[0].gpus == 64
    assert problems(DEFAULT.replace("snapshot_gb = 140", "snapshot_gb = 140\ngpus = 6.5")) == [
        "test.toml:20: projections.gpus: must be a whole number above zero, got 6.5"
    ]


def test_projection_without_gpus_beside_a_node_local_side_names_its_line_and_gpus():
    text = with_systems(f'node_local = ["{B}"]') + '\n[[projections]]\nname = "405B"\nsnapshot_gb = 5670\ngpus = 512\n'
    text += '\n[[projections]]\nname = "7B"\nsnapshot_gb = 98\n'
    # the first [[projections]] is on line 18, the third on line 33; only the two without gpus are named
    assert problems(text) == [
        f'test.toml:18: projections.gpus: "70B on 64 GPUs" has no gpus; give the GPUs of the projected job, as "{B}"'
        " is storage local to each node and its save time follows each node's share of the checkpoint",
        f'test.toml:33: projections[3].gpus: "7B" has no gpus; give the GPUs of the projected job, as "{B}" is'
        " storage local to each node and its save time follows each node's share of the checkpoint",
    ]


# [economics] candidate_price


def test_candidate_price_is_optional_and_above_zero():
    assert parsed(DEFAULT + ECONOMICS).economics.candidate_price is None
    priced = parsed(DEFAULT + ECONOMICS + "candidate_price = 250000\n").economics
    assert priced.candidate_price == 250000.0 and isinstance(priced.candidate_price, float)
    assert problems(DEFAULT + ECONOMICS + "candidate_price = 0\n") == [
        "test.toml:31: economics.candidate_price: must be a number above zero, got 0"
    ]


# [economics] service_life_years (cold read 17, W-M1)


def test_service_life_is_optional_and_above_zero():
    assert parsed(DEFAULT + ECONOMICS).economics.service_life_years is None
    given = parsed(DEFAULT + ECONOMICS + "service_life_years = 3\n").economics
    assert given.service_life_years == 3.0 and isinstance(given.service_life_years, float)
    assert problems(DEFAULT + ECONOMICS + "service_life_years = 0\n") == [
        "test.toml:31: economics.service_life_years: must be a number above zero, got 0"
    ]
    assert problems(DEFAULT + ECONOMICS + 'service_life_years = "five"\n') == [
        'test.toml:31: economics.service_life_years: must be a number above zero, got "five"'
    ]
