"""A report's attachments as verify reads them: inflated to their declared size, never past it, MD5 checked."""

import hashlib
import re
import zlib

import pytest

from report.pdf.attachments import Refused, inflate


class _Stream(dict):
    """What attachments.inflate reads of a pypdf stream: its dictionary and its stored bytes."""

    def __init__(self, raw: bytes, size: int, md5: bytes | None, flate: bool = True):
        params = {"/Size": size} | ({} if md5 is None else {"/CheckSum": md5})
        super().__init__({"/Params": params} | ({"/Filter": "/FlateDecode"} if flate else {}))
        self._data = raw


def test_an_attachment_is_inflated_to_its_size_and_checked_against_its_md5():
    data = b"".join(b"%d,mingxin,%d.5\n" % (i, i % 97) for i in range(300_000))  # 5.8 MB, several blocks
    md5 = hashlib.md5(data).digest()
    assert inflate(_Stream(zlib.compress(data), len(data), md5), "b.csv", 1 << 30) == data
    assert inflate(_Stream(data, len(data), md5, flate=False), "b.csv", 1 << 30) == data
    for stream, said in [
        (_Stream(zlib.compress(data), len(data), hashlib.md5(b"other").digest()), "do not match the MD5 checksum"),
        (
            _Stream(zlib.compress(data), len(data) + 5, None),
            f"holds {len(data):,} bytes but declares {len(data) + 5:,}",
        ),
        (_Stream(zlib.compress(data), len(data) - 1, None), f"inflates to more than the {len(data) - 1:,} bytes"),
        (_Stream(b"\x00\x00" + zlib.compress(data)[2:], len(data), None), "its compressed stream is damaged"),
        (_Stream(zlib.compress(data)[:-5000], len(data), None), "bytes but declares"),  # cut short
    ]:
        with pytest.raises(Refused, match=re.escape(said)):
            inflate(stream, "b.csv", 1 << 30)
