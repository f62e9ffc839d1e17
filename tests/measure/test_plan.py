"""measure's plan: sizes fio can write, the job files, the order of the steps, folder names. Worked by hand."""

from report.measure import plan
from report.measure.plan import Request, Sizes, Step

MiB = 1 << 20


def request(**changes) -> Request:
    values = dict(
        system="Mingxin FX100",
        phases=("save", "load", "sustain"),
        runs=2,
        writers=8,
        block_bytes=MiB,
        snapshot_gb=65.6,
        gpus=8,
        load_gb=15.2,
        load_model="32B",
        platform="Huawei Atlas 910B",
        sustain_s=60,
        window_ms=1000,
        direct=True,
        model="32B LoRA",
    )
    return Request(**(values | changes))


def test_sizes_are_whole_blocks_nearest_an_even_share():
    # 65.6e9 / 8 = 8.2e9 bytes = 7820.13 MiB -> 7820 MiB per writer; 15.2e9 / 8 = 1.9e9 = 1811.98 -> 1812 MiB.
    s = plan.sizes(request())
    assert s == Sizes(7820 * MiB, 1812 * MiB)
    assert s.save_total(8) == 65_598_914_560 and plan.gb_text(s.save_total(8)) == "65.59891456"
    assert plan.gb_text(s.load_total(8)) == "15.200157696"
    assert plan.per_file(0.000001, 8, MiB) == MiB  # never an empty file
    # No save asked for: the sustained write reuses the load's file size.
    assert plan.sizes(request(snapshot_gb=None, phases=("load",))) == Sizes(1812 * MiB, 1812 * MiB)


def test_free_space_needed_is_the_largest_file_set_and_a_margin():
    s = plan.sizes(request())
    assert plan.needed_bytes(request(), s) == -(-65_598_914_560 * 102 // 100) + 64 * MiB


def test_steps_interleave_the_phases_run_by_run_and_continue_the_numbering():
    steps = plan.steps(request(), {"save": 1, "load": 4, "sustain": 1})
    assert steps == [
        Step("save", 1), Step("load", 4), Step("sustain", 1),
        Step("save", 2), Step("load", 5), Step("sustain", 2),
    ]  # fmt: skip
    assert steps[1].output == "load-4.json"


def test_a_load_without_a_save_or_bigger_than_it_is_prepared_first():
    only_load = request(phases=("load",), snapshot_gb=None)
    assert plan.steps(only_load, {"save": 1, "load": 1, "sustain": 1}) == [
        Step("prepare", 1), Step("load", 1), Step("prepare", 2), Step("load", 2),
    ]  # fmt: skip
    bigger = request(snapshot_gb=1.0, load_gb=2.0, phases=("save", "load"), runs=1)
    assert plan.steps(bigger, dict.fromkeys(plan.PHASES, 1)) == [Step("save", 1), Step("prepare", 1), Step("load", 1)]
    assert not plan.needs_prepare(request(), plan.sizes(request()))


def test_job_files_say_the_shape_and_the_durability():
    s = plan.sizes(request())
    save = plan.job_file("save", request(), s, "/mnt/fx100/report-measure-abc")
    body = [line for line in save.splitlines() if not line.startswith(";")]
    assert body == [
        "[global]", "directory=/mnt/fx100/report-measure-abc", "ioengine=psync", "bs=1048576", "direct=1",
        "invalidate=1", "fallocate=none", "per_job_logs=1", "thread=1",
        "[ckpt]", "rw=write", "end_fsync=1", "create_on_open=1", f"size={7820 * MiB}", "numjobs=8",
    ]  # fmt: skip
    load = plan.job_file("load", request(direct=False), s, "/x")
    assert "rw=read" in load and f"size={1812 * MiB}" in load and "direct=0" in load and "[ckpt]" in load
    sustain = plan.job_file("sustain", request(sustain_s=30, window_ms=500), s, "/x")
    for line in ("time_based=1", "runtime=30", "write_bw_log=sustain-${MEASURE_RUN}", "log_avg_msec=500"):
        assert line in sustain.splitlines()
    assert "write_bw_log" not in save  # the save's own samples would feed bandwidth.csv: see README
    assert plan.job_file("prepare", request(), s, "/x").count(f"size={1812 * MiB}") == 1


def test_a_colon_in_the_folder_is_escaped_for_fio():
    assert plan.fio_path("/mnt/a:b") == "/mnt/a\\:b"
    assert plan.fio_path("C:\\data") == "C\\:\\\\data"


def test_system_folders():
    assert plan.system_folder("Mingxin FX100") == "mingxin-fx100"
    assert plan.system_folder("Local NVMe (single drive)") == "local-nvme-single-drive"
    assert plan.system_folder("../../etc") == "etc"
    chinese = plan.system_folder("全闪存")
    assert chinese.startswith("system-") and len(chinese) == 15 and chinese != plan.system_folder("云存储")


def test_with_fio_servers_the_snapshot_is_divided_among_every_hosts_writers():
    # 65.6e9 over 2 hosts × 8 writers = 4.1e9 bytes = 3910.07 MiB -> 3910 MiB per file, 16 files.
    r = request(clients=("h1,8765", "h2,8765"))
    s = plan.sizes(r)
    assert (r.hosts, r.ranks, s.save_file) == (2, 16, 3910 * MiB)
    assert s.planned("save", r.ranks) == s.planned("restore", r.ranks) == 16 * 3910 * MiB
    assert plan.needed_bytes(request(), plan.sizes(request())) > plan.needed_bytes(r, s) // 2


def test_restores_follow_each_save_and_read_its_files_whole():
    r = request(phases=("save", "restore", "load", "sustain"), runs=1)
    assert plan.steps(r, dict.fromkeys(plan.PHASES, 1)) == [
        Step("save", 1), Step("restore", 1), Step("load", 1), Step("sustain", 1),
    ]  # fmt: skip
    s = plan.sizes(r)
    restore = plan.job_file("restore", r, s, "/x")
    assert "rw=read" in restore.splitlines() and f"size={7820 * MiB}" in restore.splitlines()


def test_job_files_for_fio_servers_name_the_files_and_remove_them_after_their_last_reader():
    r = request(phases=("save", "restore", "sustain"), clients=("h1,8765",))
    s = plan.sizes(r)
    assert plan.last_reader(r, s) == "restore"
    save = plan.job_file("save", r, s, "/mnt/fx100", "report-measure-7")
    assert "filename_format=report-measure-7.$jobname.$jobnum.$filenum" in save.splitlines()
    assert "unlink=1" not in save  # the restore reads them next
    assert "unlink=1" in plan.job_file("restore", r, s, "/mnt/fx100", "report-measure-7").splitlines()
    assert "unlink=1" in plan.job_file("sustain", r, s, "/mnt/fx100", "report-measure-7").splitlines()
    assert plan.last_reader(request(phases=("save",)), s) == "save"
    probe = plan.probe_file("/mnt/fx100", 5 * MiB, "p").splitlines()
    assert "size=5242880" in probe and "fallocate=posix" in probe and "direct=1" in probe


def test_concurrent_saves_are_sections_of_their_own_and_a_model_of_their_own():
    r = request(phases=("save",), concurrent=2)
    s = plan.sizes(r)
    save = plan.job_file("save", r, s, "/x").splitlines()
    assert [line for line in save if line.startswith("[")] == ["[global]", "[ckpt1]", "[ckpt2]"]
    assert save.count("numjobs=8") == 2 and save.count(f"size={7820 * MiB}") == 2
    assert s.planned("save", r.ranks, r.concurrent) == 2 * 8 * 7820 * MiB
    assert r.save_model == "32B LoRA × 2 at once" and request().save_model == "32B LoRA"


def test_the_watchdog_limit_is_the_planned_bytes_at_the_floor_bandwidth_plus_a_minute():
    r = request()
    s = plan.sizes(r)
    # 65,598,914,560 bytes at 0.01 GB/s = 6559.891456 s, + 60 s
    assert plan.time_limit(r, s, "save") == 65_598_914_560 / 1e7 + 60
    assert plan.time_limit(r, s, "sustain") == 60 + 60
    assert plan.time_limit(request(watchdog_s=5.0), s, "save") == 5.0


def test_each_host_needs_room_for_its_own_writers_files_only():
    """Field test 8, finding 3: the client sweep asked each of 2 hosts for the whole 2 GB snapshot (2.07 GB with the
    margin, 4.15 GB at once) while each host writes 2 files of 0.5 GB. 2e9 bytes over 2 hosts × 2 writers: 476.84 MiB
    -> 477 MiB a file; a host's two files and 2% of them, and the fixed margin."""
    two = request(writers=2, snapshot_gb=2.0, load_gb=None, phases=("sustain",), clients=("a,8765", "b,8765"))
    s = plan.sizes(two)
    assert s.save_file == 477 * MiB
    per_host = 2 * 477 * MiB
    assert plan.host_bytes(two) == -(-per_host * 102 // 100) + plan.FREE_MARGIN_BYTES
    assert plan.host_bytes(two) < plan.needed_bytes(two, s)  # the whole snapshot's need, which refused the sweep
    # one machine (no --client): its writers write the whole snapshot
    alone = request(writers=2, snapshot_gb=2.0, load_gb=None, phases=("sustain",))
    assert plan.host_bytes(alone) == plan.needed_bytes(alone, plan.sizes(alone))
