"""The [environment] lines of a session, worded by hand-checked cases, in English and in Chinese."""

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path

from report.measure import plan, probe, session, written
from report.measure.plan import Step
from report.measure.probe import Mount
from tests.measure.test_plan import request

EXT4 = Mount("/", "ext4", "/dev/vda", "rw,relatime")


def a_session(language="en", mount=EXT4, **changes) -> session.Session:
    fields = {k: changes.pop(k) for k in ("interrupted_in", "failure", "failed_in", "raw", "logged") if k in changes}
    r = request(runs=2, **changes)
    return (
        session.Session(
            request=r,
            data_dir=Path("/jt"),
            raw=Path("/jt/raw/mingxin-fx100"),
            raw_name="raw/mingxin-fx100",
            path=Path("/mnt/fx100"),
            fio="fio",
            machine=session.Machine("fio-3.33", "Linux 6.1.0", mount, 200e9, 1000e9, (), probe.not_durable(mount)),
            sizes=plan.sizes(r),
            label=session.label_for(r.system, 1, {}, language),
            number=1,
            command="python -m report measure /jt --system 'Mingxin FX100'",
            original="",
            drop_caches=True,
            language=language,
            started=dt.datetime(2026, 12, 3, 6, 0, tzinfo=dt.UTC),
            done=[Step("save", 1), Step("load", 1)],
            interrupted_in=Step("sustain", 1),
        )
        if not fields
        else replace(a_session(language, mount, **changes), **fields)
    )


def test_english_lines():
    lines = dict(written.environment_lines(a_session()))
    assert list(lines) == [
        f"Mingxin FX100: {item}"
        for item in ("measured", "fio", "file system", "free space", "durability", "page cache", "shapes", "runs")
    ]
    assert lines["Mingxin FX100: fio"] == "fio-3.33; Linux 6.1.0"
    assert lines["Mingxin FX100: file system"] == "/mnt/fx100 on ext4 (/dev/vda) mounted at /, options rw,relatime"
    assert lines["Mingxin FX100: free space"] == "200.0 GB free of 1000.0 GB before the first run"
    assert lines["Mingxin FX100: runs"] == (
        "save 1, load 1, sustained write 0 of 2 planned; stopped by the operator during sustained write run 1"
    )
    assert lines["Mingxin FX100: shapes"].startswith("save: 8 new files of 7820 MiB each, sequential 1 MiB writes; ")
    assert lines["Mingxin FX100: measured"].startswith("2026-12-03 06:00:00 to ")


def test_chinese_lines_for_a_chinese_report():
    lines = dict(written.environment_lines(a_session("zh-CN", Mount("/mnt", "tmpfs", "tmpfs", "rw"))))
    assert (
        lines["Mingxin FX100：运行次数"]
        == "计划 2 次，完成：保存 1 次、加载 1 次、持续写入 0 次；操作员在第 1 次持续写入时中止"
    )
    assert lines["Mingxin FX100：持久化"].startswith("O_DIRECT 直接读写（direct=1）；不具持久性：tmpfs")
    assert lines["Mingxin FX100：页缓存"].startswith("无可清空：tmpfs 的页就是数据的唯一副本")
    assert "该文件系统位于内存中" in lines["Mingxin FX100：文件系统"]


def test_a_second_session_gets_a_label_of_its_own():
    assert session.label_for("NFS", 2, {}, "en") == "NFS, session 2"
    assert session.label_for("NFS", 2, {"NFS, session 2: fio": "x"}, "en") == "NFS, session 3"
    assert session.label_for("NFS", 1, {"NFS: fio": "x"}, "en") == "NFS, session 2"  # the user's own key kept
    assert session.label_for("NFS", 2, {}, "zh-CN") == "NFS，第 2 次测量"


def test_a_rejected_run_is_named_without_its_reason_which_commands_txt_keeps(tmp_path):
    """Field test 8's note: the reason a run was rejected went into the [environment] line as the console says it,
    English and naming the run's files ("… stopped: save run 2 rejected: raw/mingxin-fx100/save-2.json: …"), and so
    onto the customer pages (Table 3). The line names the run; raw/<system>/commands.txt keeps the reason."""
    reason = "save run 2 rejected: raw/mingxin-fx100/save-2.json: wrote 0 of 1048576 bytes"
    for language, words in (
        (
            "en",
            "save 1, load 1, sustained write 0 of 2 planned; stopped: save run 2 was rejected; why is kept with the commands",
        ),
        (
            "zh-CN",
            "计划 2 次，完成：保存 1 次、加载 1 次、持续写入 0 次；已停止：第 2 次保存被拒绝，原因随命令一并保存",
        ),
    ):
        s = a_session(language, interrupted_in=None, failure=reason, failed_in=Step("save", 2))
        (runs,) = [text for key, text in written.environment_lines(s) if key.endswith(("runs", "运行次数"))]
        assert runs == words
        assert ".json" not in runs and "raw/" not in runs
    s = a_session(interrupted_in=None, failure="test.toml was changed by someone else while measuring")
    (runs,) = [text for key, text in written.environment_lines(s) if key.endswith("runs")]
    assert runs.endswith("; stopped before the planned runs finished; why is kept with the commands")
    s = a_session(interrupted_in=None, failure=reason, failed_in=Step("save", 2), raw=tmp_path, logged=2)
    written.log_commands(s)
    written.log_commands(s)  # once
    assert (tmp_path / written.COMMANDS).read_text() == f"# stopped: {reason}\n"


def _resumed(language: str = "en", free: float = 200e9) -> session.Session:
    """A second session of Mingxin FX100 after a first whose [environment] lines test.toml holds."""
    first = written.environment_lines(a_session(language))
    pairs = (f"{json.dumps(k, ensure_ascii=False)} = {json.dumps(v, ensure_ascii=False)}\n" for k, v in first)
    again = a_session(language)
    label = session.label_for(again.request.system, 2, dict(first), language)
    machine = replace(again.machine, free=free)
    return replace(again, number=2, label=label, original="[environment]\n" + "".join(pairs), machine=machine)


def test_a_resumed_session_names_the_lines_it_shares_with_the_first_instead_of_repeating_them():
    """Field test 8, major 5: after one interruption and one resume per system, every session repeated its file
    system, free space, durability, hosts, page cache, shapes and client CPU, and the environment table ran over six
    pages. A later session writes the lines that differ and names the ones an earlier session recorded word for word."""
    lines = written.environment_lines(_resumed())
    assert [k for k, _v in lines] == [
        "Mingxin FX100, session 2: measured", "Mingxin FX100, session 2: set-up", "Mingxin FX100, session 2: runs"
    ]  # fmt: skip
    assert lines[1][1] == (
        "as recorded for Mingxin FX100: fio, file system, free space, durability, page cache and shapes"
    )
    # less free space than the first session found: said again
    lines = dict(written.environment_lines(_resumed(free=150e9)))
    assert lines["Mingxin FX100, session 2: free space"] == "150.0 GB free of 1000.0 GB before the first run"
    assert lines["Mingxin FX100, session 2: set-up"] == (
        "as recorded for Mingxin FX100: fio, file system, durability, page cache and shapes"
    )
    # the Chinese lines leave out the same ones, keyed by the English lines (written.translated zips them)
    zh = written.translated(_resumed())["zh-CN"].environment
    assert [label for _k, label, _t in zh] == [
        "Mingxin FX100，第 2 次测量：测量",
        "Mingxin FX100，第 2 次测量：设置",
        "Mingxin FX100，第 2 次测量：运行次数",
    ]
    assert zh[1][2].startswith("与 Mingxin FX100 记录的相同：")
