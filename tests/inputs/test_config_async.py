"""test.toml, schema 3: checkpoint_mode, [async], not_durable, restore_times sources, energy; each error by its text."""

from report.inputs.config import parse_config
from tests.conftest import DATA, without_projection_gpus

# data/test.toml without its projection's gpus (these tests give their own), every line number kept
DEFAULT = without_projection_gpus((DATA / "test.toml").read_text())
B, C = "Local NVMe (single drive)", "Mingxin FX100"
# The default test.toml in async mode: step_time_s instead of baseline_duration_s (line 14 of the file).
ASYNC = DEFAULT.replace("baseline_duration_s       = 36000", 'step_time_s = 3.244\ncheckpoint_mode = "async"')


def problems(text: str) -> list[str]:
    config, found = parse_config(text.encode())
    assert (config is None) == bool(found)
    return [str(p) for p in found]


def parsed(text: str):
    config, found = parse_config(text.encode())
    assert found == [], found
    return config


def test_sync_is_the_default_and_async_is_absent():
    config = parsed(DEFAULT)
    assert config.training.checkpoint_mode == "sync"
    assert config.async_saves is None and config.systems.not_durable == ()


def test_async_with_one_staging_for_both_systems():
    config = parsed(ASYNC + "\n[async]\nstaging_s = 6\n")
    assert config.training.checkpoint_mode == "async"
    assert config.async_saves.staging_s == {B: 6.0, C: 6.0}
    assert isinstance(config.async_saves.staging_s[B], float)
    assert config.async_saves.gpus_per_node == 8


def test_staging_per_system_inline_or_as_a_table_names_trimmed():
    inline = parsed(ASYNC + f'\n[async]\nstaging_s = {{ " {B} " = 6.5, "{C}" = 2 }}\ngpus_per_node = 4\n')
    assert inline.async_saves.staging_s == {B: 6.5, C: 2.0} and inline.async_saves.gpus_per_node == 4
    table = parsed(ASYNC + f'\n[async.staging_s]\n"{B}" = 6.5\n"{C}" = 0\n')
    assert table.async_saves.staging_s == {B: 6.5, C: 0.0}


def test_sync_mode_accepts_async_as_a_what_if():
    config = parsed(DEFAULT + "\n[async]\nstaging_s = 1.5\n")
    assert config.training.checkpoint_mode == "sync" and config.async_saves.staging_s[C] == 1.5


def test_async_with_baseline_duration_is_an_error():
    text = (
        DEFAULT.replace("cluster_gpus              = 1000", 'checkpoint_mode = "async"') + "\n[async]\nstaging_s = 6\n"
    )
    assert problems(text) == [
        'test.toml:14: training.baseline_duration_s: must not be given with checkpoint_mode = "async" (the wall'
        " time then depends on the interval); give step_time_s, the compute seconds per step"
    ]


def test_async_without_async_table_is_an_error():
    assert problems(ASYNC) == [
        'test.toml:15: training.checkpoint_mode: "async" needs an [async] table with staging_s, the seconds one'
        " save blocks training while staged"
    ]


def test_async_table_without_staging_is_an_error():
    assert problems(ASYNC + "\n[async]\ngpus_per_node = 8\n") == ['test.toml:28: async: the key "staging_s" is missing']


def test_unknown_async_key_and_bad_mode():
    assert problems(ASYNC + "\n[async]\nstaging_s = 6\nstage_s = 1\n") == [
        'test.toml:30: async.stage_s: unknown key (did you mean "staging_s"?)'
    ]
    assert problems(DEFAULT.replace("cluster_gpus              = 1000", 'checkpoint_mode = "background"')) == [
        'test.toml:15: training.checkpoint_mode: "background" is not a checkpoint mode; expected "sync" or "async"'
    ]


def test_staging_errors_name_async_staging_s():
    base = ASYNC + "\n[async]\n"
    assert problems(base + "staging_s = -1\n") == [
        "test.toml:29: async.staging_s: must be a number, zero or above, or a table of one such number per save"
        f' system ("{B}" and "{C}"), got -1'
    ]
    assert problems(base + 'staging_s = { "NFS" = 1, "Mingxin FX100" = 2 }\n') == [
        f'test.toml:29: async.staging_s: "NFS" is not a save system; expected "{B}" and "{C}"',
        f'test.toml:29: async.staging_s: "{B}" has no staging time; give one for each save system',
    ]
    assert problems(base + f'staging_s = {{ "{B}" = "6", "{C}" = 2 }}\n') == [
        f'test.toml:29: async.staging_s: "{B}": must be a number, zero or above, got "6"'
    ]
    assert problems(base + "staging_s = 6\ngpus_per_node = 0\n") == [
        "test.toml:30: async.gpus_per_node: must be a whole number above zero, got 0"
    ]


def test_not_durable_lists_save_systems_only():
    text = DEFAULT.replace('load_baseline = "NFS"', f'load_baseline = "NFS"\nnot_durable = [" {C} "]')
    assert parsed(text).systems.not_durable == (C,)
    wrong = DEFAULT.replace('load_baseline = "NFS"', f'load_baseline = "NFS"\nnot_durable = ["NFS", "{C}", "{C}"]')
    assert problems(wrong) == [
        f'test.toml:9: systems.not_durable: "NFS" is not a save system; expected "{B}" or "{C}"',
        f'test.toml:9: systems.not_durable: "{C}" is listed twice',
    ]


def test_node_local_lists_save_systems_only():
    """[systems] node_local (an extension, docs/node-local.md): the save systems local to each node, as not_durable."""
    text = DEFAULT.replace('load_baseline = "NFS"', f'load_baseline = "NFS"\nnode_local = ["{B}"]')
    text = text.replace("snapshot_gb = 140", "snapshot_gb = 140\ngpus = 64")  # schema 4: required with node_local
    assert parsed(text).systems.node_local == (B,)
    assert parsed(DEFAULT).systems.node_local == ()
    wrong = DEFAULT.replace('load_baseline = "NFS"', f'load_baseline = "NFS"\nnode_local = ["NFS", "{B}", "{B}"]')
    wrong = wrong.replace("snapshot_gb = 140", "snapshot_gb = 140\ngpus = 64")
    assert problems(wrong) == [
        f'test.toml:9: systems.node_local: "NFS" is not a save system; expected "{B}" or "{C}"',
        f'test.toml:9: systems.node_local: "{B}" is listed twice',
    ]


def test_restore_times_source_and_illustrative():
    text = DEFAULT.replace(
        'illustrative = ["bandwidth", "load_times"]',
        'restore_times = "fio read-back"\nillustrative = ["restore_times", "bandwidth"]',
    )
    config = parsed(text)
    assert config.sources["restore_times"] == "fio read-back"
    assert config.illustrative == ("bandwidth", "restore_times")


def test_energy_keys_and_pue_without_power():
    economics = '\n[economics]\ngpu_hour_price = 2\ncurrency = "USD"\nruns_per_year = 12\n'
    config = parsed(DEFAULT + economics + "gpu_power_kw = 1.2\npue = 1.3\n")
    assert (config.economics.gpu_power_kw, config.economics.pue) == (1.2, 1.3)
    assert parsed(DEFAULT + economics).economics.gpu_power_kw is None
    assert problems(DEFAULT + economics + "pue = 1.3\n") == [
        "test.toml:31: economics.pue: is given without gpu_power_kw; the energy figures need the power of a GPU"
    ]
    assert problems(DEFAULT + economics + "gpu_power_kw = 1\npue = 0.9\n") == [
        "test.toml:32: economics.pue: must be a number, 1 or above, got 0.9"
    ]


def test_reliability_types():
    assert problems(DEFAULT + "\n[reliability]\ngpu_mtbf_hours = 0\nrestart_s = -1\n") == [
        "test.toml:28: reliability.gpu_mtbf_hours: must be a number above zero, got 0",
        "test.toml:29: reliability.restart_s: must be a number, zero or above, got -1",
    ]


def test_restore_imports_take_model_and_size_only():
    head = f'\n[[import]]\ntool = "fio"\nfiles = ["raw/r-*.json"]\nsystem = "{C}"\ninto = "restore_times"\n'
    config = parsed(DEFAULT + head + 'model = "32B LoRA"\nsnapshot_gb = 65.6\n')
    (spec,) = config.imports
    assert (spec.into, spec.model, spec.snapshot_gb, spec.table) == (
        "restore_times",
        "32B LoRA",
        65.6,
        "restore_times.csv",
    )
    assert problems(DEFAULT + head + 'model = "32B LoRA"\ngpus = 8\nplatform = "x"\nsize_gb = 1\n') == [
        "test.toml:33: import.gpus: does not apply to an import into restore_times",
        "test.toml:34: import.platform: does not apply to an import into restore_times",
        "test.toml:35: import.size_gb: does not apply to an import into restore_times",
    ]
    nfs = head.replace(C, "NFS")
    assert problems(DEFAULT + nfs + 'model = "32B LoRA"\n') == [
        f'test.toml:30: import.system: "NFS" is not a system of [systems] for restore_times; expected "{B}" or "{C}"'
    ]
    megatron = head.replace('"fio"', '"megatron"')  # schema 4: its load-checkpoint timer
    assert parsed(DEFAULT + megatron + 'model = "32B LoRA"\n').imports[0].tool == "megatron"
    assert problems(DEFAULT + megatron + 'model = "32B LoRA"\nsnapshot_gb = 65.6\n') == [
        "test.toml:33: import.snapshot_gb: does not apply to a megatron restore import (megatron logs give no size to"
        " check it against)"
    ]
    torchtitan = head.replace('"fio"', '"torchtitan"')
    assert problems(DEFAULT + torchtitan + 'model = "32B LoRA"\n') == [
        "test.toml:31: import.into: torchtitan output cannot become restore_times rows (it can: save_times)"
    ]


def test_staging_and_gpus_per_node_are_bounded():
    """Issue 44, E8/E6: staging 1e15 s and 1e20 GPUs per node built a report."""
    from tests.conftest import ROOT

    async_70b = (ROOT / "examples" / "async-70b" / "test.toml").read_text()
    text = async_70b.replace('"Mingxin FX100"           = 9.6', '"Mingxin FX100" = 1e15').replace(
        "gpus_per_node = 8", "gpus_per_node = 99999999999999999999"
    )
    assert problems(text) == [  # staging_s's line: its own table, [async.staging_s] (attacks-5 M03)
        "test.toml:19: async.gpus_per_node: 99999999999999999999 is outside the range a joint test can take (1 to"
        " 10000)",
        'test.toml:21: async.staging_s: "Mingxin FX100": 1e+15 is outside the range a joint test can take (1e-06 to'
        " 1e+09 s)",
    ]
    one = async_70b.replace("gpus_per_node = 8", "staging_s = 1e-300").split("[async.staging_s]")[0]
    one += async_70b.split('"Mingxin FX100"           = 9.6')[1]
    assert problems(one) == [
        "test.toml:19: async.staging_s: 1e-300 is outside the range a joint test can take (1e-06 to 1e+09 s)"
    ]
