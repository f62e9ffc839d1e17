"""report/compute/projections.py named_gpus: the GPU count a projection's name states."""

import pytest

from report.compute.projections import named_gpus


@pytest.mark.parametrize(
    ("name", "gpus"),
    [
        ("70B on 64 GPUs", 64),
        ("70B，64 块 GPU", 64),
        ("512 卡", 512),
        ("在512卡上", 512),
        ("64 块加速卡", 64),
        ("on 1,024 H100 GPUs", 1024),
        # cold read 17, V-M3: "names 300 GPUs, but the GPU count given for it is 128", read off the model's name
        ("Apertus 70B on 128 GB300 GPUs", 128),
        ("GB300 NVL72 rack", None),
        ("Llama 3.1 405B on 256 Gaudi 3", None),  # no unit: no count stated
        # cold read 19, AA-B1: "names 1,550 cards", read off "Max 1550", the model's number
        ("gpt-oss-120b on 512 Max 1550 GPUs", 512),
        ("gpt-oss-120b on Max 1550 GPUs", None),
        ("405B on 256 Gaudi 3 GPUs", 256),
        ("On 64 GPUs", 64),
    ],
)
def test_a_projection_s_name_states_the_count_before_its_unit_never_a_model_s_digits(name, gpus):
    assert named_gpus(name) == gpus
