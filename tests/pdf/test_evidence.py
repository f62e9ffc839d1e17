"""The attachments: hashed and deflated in parallel chunks, one valid zlib stream whatever the threads."""

import hashlib
import zlib

import pytest

from report.pdf import evidence

SIZES = [0, 1, 1000, evidence.CHUNK - 1, evidence.CHUNK, evidence.CHUNK + 1, 3 * evidence.CHUNK + 5]


def sample(size: int) -> bytes:
    """Compressible but not trivial: CSV-like rows with a counter."""
    rows = b"".join(
        b"Mingxin FX100,%d,%d.%02d,6.%04d\n" % (i % 5, i // 100, i % 100, (i * 7919) % 10000)
        for i in range(size // 20 + 1)
    )
    return rows[:size]


@pytest.mark.parametrize("size", SIZES)
def test_each_file_deflates_to_one_stream_of_its_bytes(size):
    data = sample(size)
    packed = evidence.embed_all({"bandwidth.csv": (data, "text/csv")})["bandwidth.csv"]
    assert zlib.decompress(packed.deflated) == data  # checks the Adler-32 trailer too
    assert packed.size == size and packed.media_type == "text/csv"
    assert packed.md5 == hashlib.md5(data).hexdigest() and packed.sha256 == hashlib.sha256(data).hexdigest()


def test_the_bytes_do_not_depend_on_the_threads():
    data = sample(2 * evidence.CHUNK + 77)
    one, two = evidence.Packer(workers=1), evidence.Packer(workers=2)
    for packer in (one, two):
        packer.add("a.csv", data, "text/csv")
    assert one.result("a.csv") == two.result("a.csv")
    one.close()
    two.close()


def test_small_files_get_the_best_level_long_ones_the_fastest():
    assert evidence.level_for(evidence.SMALL) == 9 and evidence.level_for(evidence.SMALL + 1) == 1
    small = sample(5000)
    assert evidence.embed_all({"x": (small, "text/csv")})["x"].deflated == zlib.compress(small, 9)


@pytest.mark.parametrize("split", [0, 1, 65520, 65521, 65522, 300_000])
def test_adler32_combine_matches_zlib(split):
    data = sample(400_000)
    a, b = data[:split], data[split:]
    assert evidence.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(data)


def test_hashes_are_looked_up_lazily_and_only_for_the_names_asked():
    packer = evidence.Packer()
    packer.add("a", b"alpha", "text/plain")
    packer.add("b", b"beta", "text/plain")
    digests = packer.sha256(["a"])
    assert list(digests) == ["a"] and len(digests) == 1
    assert dict(digests) == {"a": hashlib.sha256(b"alpha").hexdigest()}
    packer.close()
