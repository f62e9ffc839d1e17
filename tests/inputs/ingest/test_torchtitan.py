"""torchtitan's [[import]]: async_mode required, torchtitan's own values; it applies to no other tool."""

from report.inputs.config import parse_config
from tests.conftest import DATA

DEFAULT = (DATA / "test.toml").read_text()  # 25 lines: the [[import]] header is line 27
IMPORT = """
[[import]]
tool = "{tool}"
files = ["raw/train.log"]
system = "Mingxin FX100"
into = "save_times"
model = "32B LoRA"
gpus = 8
snapshot_gb = 65.6
"""


def problems(text: str) -> list[str]:
    config, found = parse_config(text.encode())
    assert (config is None) == bool(found)
    return [str(p) for p in found]


def test_async_mode_is_required_and_takes_torchtitans_values():
    titan = DEFAULT + IMPORT.format(tool="torchtitan")
    assert problems(titan) == ['test.toml:27: import: the key "async_mode" is missing']
    for mode in ("disabled", "async", "async_with_pinned_mem"):
        config, found = parse_config((titan + f'async_mode = "{mode}"\n').encode())
        assert found == [] and config.imports[0].async_mode == mode
    assert problems(titan + 'async_mode = "Async"\n') == [
        'test.toml:35: import.async_mode: must be one of "disabled", "async", "async_with_pinned_mem" (the'
        ' checkpoint.async_mode the run used), got "Async"'
    ]
    assert problems(titan + "async_mode = true\n") == [
        "test.toml:35: import.async_mode: must be a text in quotes, got true"
    ]


def test_async_mode_applies_to_torchtitan_only():
    assert problems(DEFAULT + IMPORT.format(tool="megatron") + 'async_mode = "disabled"\n') == [
        "test.toml:35: import.async_mode: applies to torchtitan imports only: their logs do not say whether saves"
        " were asynchronous"
    ]
    assert parse_config((DEFAULT + IMPORT.format(tool="megatron")).encode())[0].imports[0].async_mode is None
