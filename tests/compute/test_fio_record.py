"""fio's settings as a record words them (report/compute/fio_record.py; scaling reading 16, M3)."""

from report.compute.fio_record import fio_words


def test_the_settings_a_record_words_are_found_and_the_rest_listed():
    # cold test U's [sources] scaling: sequential write (rw), 8 jobs (numjobs), 1 MiB blocks (bs), direct=1, 60 s per
    # run (runtime); it says nothing of iodepth, ioengine, the file layout or end_fsync
    text = "fio 3.40 sequential write, 8 jobs per client node, 1 MiB blocks, direct=1, 60 s per run, 3 runs per count"
    assert fio_words(text) == (
        ("rw", "bs", "numjobs", "direct", "runtime"),
        ("iodepth", "ioengine", "file layout", "end_fsync"),
    )


def test_fio_s_own_keys_count_and_a_record_of_no_fio_run_gives_none():
    text = (
        "fio --rw=write --bs=4M --ioengine=libaio --iodepth=32 --numjobs=4 --direct=1 --end_fsync=1, one file per job"
    )
    assert fio_words(text) == (
        ("iodepth", "ioengine", "file layout", "end_fsync", "rw", "bs", "numjobs", "direct"),
        ("runtime",),
    )
    assert fio_words("IOR 4.0 easy write, 16 tasks per node") is None
    assert fio_words("fio run by the vendor") is None  # names fio, gives no setting


def test_a_record_in_chinese_gives_its_settings_too():
    # cold test U's Chinese record of the sweep: 顺序写 (rw), 每个客户端节点 8 个作业 (numjobs), 1 MiB 块 (bs), direct=1,
    # 每次 60 s (runtime)
    text = "fio 3.40 顺序写，每个客户端节点 8 个作业，1 MiB 块，direct=1，每次 60 s，每个客户端数 3 次"
    assert fio_words(text) == (
        ("rw", "bs", "numjobs", "direct", "runtime"),
        ("iodepth", "ioengine", "file layout", "end_fsync"),
    )
