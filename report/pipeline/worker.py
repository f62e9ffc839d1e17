"""The data side of a build in a process of its own: `python -m report.pipeline.worker FD` (spawn.py starts it, often
before the command line is read; pipeline/build.py gives it its job on its standard input).

It loads, computes and draws, and sends each part down the pipe `FD` as soon as it is ready. The charts are drawn
in a third process, forked at the start (`Drawer`): it imports matplotlib once it has its job, and draws while the
build lays the HTML out, on the core the worker leaves once the HTML is sent. Until the HTML, both cores are taken:
the build imports WeasyPrint, the worker imports pandas, reads and computes; a drawing process importing matplotlib
then (0.3 s of CPU) took its share of them and put the HTML, which the build waits for, 0.08 s later (issue 42).
"""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import pickle
import sys
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import cast

from report.pipeline.limits import resource_failure  # here: the drawer may have no file left to import it with
from report.pipeline.stages import Final, Layout, pack_inputs, produce
from report.problems import InvalidInput
from report.trace import mark


class Drawer:
    """The charts, drawn in a process forked from the worker before it reads anything (no thread running yet).

    The child waits for one job on a pipe: the language, the metrics, the bandwidth log thinned to what its chart
    draws (`BandwidthLog.downsampled`) and the described charts, pickled; then it imports report.charts.draw
    (matplotlib), not before: until the worker has computed the figures, the two cores are the build's and the
    worker's, both on the road to the HTML (the module's docstring). It draws the charts exactly as
    `stages.draw_here` would (the same functions on the same points, in the same language) and sends back the SVGs,
    or the problems.
    """

    def __init__(self, close: tuple[int, ...] = ()):
        parent = os.getpid()
        job_read, self._job_write = os.pipe()
        self._result_read, result_write = os.pipe()
        with warnings.catch_warnings():
            # Python 3.12+ warns at any fork of a process with several OS threads. The only others here are
            # OpenBLAS's idle pool (numpy starts it at import), which OpenBLAS itself resets in a forked child
            # (pthread_atfork); no Python thread runs yet, so no lock can be held across the fork.
            warnings.filterwarnings("ignore", "This process .* is multi-threaded", DeprecationWarning)
            self._pid = os.fork()
        if self._pid == 0:  # the child: never returns
            _ends_with(parent)
            for fd in (self._job_write, self._result_read, *close):
                os.close(fd)
            os._exit(_draw(job_read, result_write))
        os.close(job_read)
        os.close(result_write)

    def __call__(self, metrics, test, described) -> Callable[[], dict[str, str]]:
        """Send the job (the charts are drawn meanwhile); returns what waits for the SVGs."""
        from report import i18n
        from report.charts import describe as charts

        log = test.bandwidth.downsampled(charts.SERIES_BUCKETS)  # what the chart draws: the same SVG, a small pickle
        job = (i18n.language(), i18n.is_strict(), i18n.accelerator(), metrics, log, described)
        try:
            with os.fdopen(self._job_write, "wb") as pipe:
                pickle.dump(job, pipe, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError as exc:  # BrokenPipeError: the drawing process has gone
            self._job_write = -1
            # its own word first, if it sent one before it ended: a file limit met as it started (fonts it could not
            # open) is one line and exit 3, not this error (CI: test_a_file_limit_met_while_running, one run in many)
            self._drawn()
            raise RuntimeError(f"the process drawing the charts ended early ({exc})") from None
        finally:
            self._job_write = -1
        return self._drawn

    def _drawn(self) -> dict[str, str]:
        try:
            with os.fdopen(self._result_read, "rb") as pipe:
                kind, value = pickle.load(pipe)
        except (EOFError, OSError):
            kind, value = "failed", "it ended without sending the charts"
        finally:
            self._result_read = -1
            self.close()
        if kind == "invalid":
            raise InvalidInput(value)
        if kind == "environment":  # the machine's limits, reached while drawing: one line, exit 3
            raise OSError(errno.EAGAIN, value)
        if kind == "failed":
            raise RuntimeError(f"the process drawing the charts failed:\n{value}")
        return value

    def close(self) -> None:
        """Let the child go (without a job it ends at once) and collect it."""
        for fd in (self._job_write, self._result_read):
            if fd >= 0:
                os.close(fd)
        self._job_write = self._result_read = -1
        if self._pid:
            os.waitpid(self._pid, 0)
            self._pid = 0


def _ends_with(parent: int) -> None:
    """Have the kernel end this process when `parent` ends (Linux; elsewhere it ends once it finds its pipes closed):
    a build stops a worker by killing it (an interrupt, a failure), and its drawer, which ignores SIGINT as the worker
    does, went on drawing for a second, holding the command's standard error open; a worker whose command was killed
    (SIGKILL) went on computing for seconds. `parent` must be the process (its main thread) that started this one."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no prctl: not Linux
        return
    if os.getppid() != parent:  # it ended before the kernel was asked
        os._exit(1)


def _draw(job_read: int, result_write: int) -> int:
    """The drawing process: take the job, import matplotlib, send back ("svgs", …), ("invalid", …) or ("failed", …)."""
    try:
        with os.fdopen(job_read, "rb") as pipe:
            try:
                language, strict, kind, metrics, log, described = pickle.load(pipe)
            except EOFError:  # the worker stopped before the figures were computed
                return 0
        _without_3d()
        from report import i18n
        from report.charts import draw as drawing
        from report.pipeline.stages import computable

        mark("draw", "matplotlib imported")
        result: tuple[str, object]  # ("svgs", SVGs by chart), ("invalid", problems) or _failure's
        try:
            with contextlib.ExitStack() as stack:
                if strict:
                    stack.enter_context(i18n.strict())
                stack.enter_context(i18n.activate(language))
                stack.enter_context(i18n.accelerators(kind))
                stack.enter_context(computable())
                result = ("svgs", drawing.draw_all(metrics, log, described))
        except InvalidInput as exc:
            result = ("invalid", exc.problems)
        except Exception as exc:
            result = _failure(exc)
        mark("draw", "charts drawn")
        with os.fdopen(result_write, "wb") as pipe:
            result_write = -1
            pickle.dump(result, pipe, protocol=pickle.HIGHEST_PROTOCOL)
        return 0
    except BaseException as exc:  # the worker went (a broken pipe), or Ctrl-C: it says what happened
        said = resource_failure(exc) if isinstance(exc, Exception) else None
        if said is not None and result_write >= 0:  # matplotlib could not open its fonts (ulimit -n): say why
            with contextlib.suppress(Exception), os.fdopen(result_write, "wb") as pipe:
                pickle.dump(("environment", said), pipe, protocol=pickle.HIGHEST_PROTOCOL)
        return 1


def _failure(exc: Exception) -> tuple[str, str]:
    """What a process of the data side sends for an exception: ("environment", one line) where the machine's limits
    were reached (a thread or process that could not start: pipeline/limits.py), else ("failed", its traceback)."""
    if (said := resource_failure(exc)) is not None:
        return "environment", said
    return "failed", traceback.format_exc()


def _without_3d() -> None:
    """Import matplotlib without its 3D toolkit, which it imports to register the projection and no chart here uses:
    a fifth of the drawing process's import (0.05 s), before the charts can be drawn. Only in that process."""
    # None: importing it raises ImportError, matplotlib goes on. typeshed types sys.modules' values ModuleType, but
    # the import system documents None there as "this module cannot be imported" (the reference, "The module cache").
    sys.modules.setdefault("mpl_toolkits.mplot3d", None)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Unable to import Axes3D", UserWarning)
        import matplotlib.projections  # noqa: F401


def main(argv: list[str]) -> int:
    """Run the data side of one job, writing (kind, value) pairs to the file descriptor FD (`argv`: [FD, the PID of the
    command that started it]).

    The job comes pickled on standard input (pipeline/build.py, `_Worker.send`), once this process has imported pandas:
    (folder, provenance, language) for a build, whose inputs it reads there, or (inputs, provenance, language) for
    verify's rebuild, which makes no HTML edition. No job (the command stopped first): it leaves quietly.
    """
    fd = int(argv[0])
    if len(argv) > 1:  # the command that started it: the kernel ends this process with it (attacks-5 V3)
        _ends_with(int(argv[1]))
    import report.inputs.joint_test  # noqa: F401  (pandas, imported here: before the fork, which the drawer inherits)

    mark("data", "started, pandas imported")
    drawer = Drawer(close=(fd,))  # before anything is read, so that no thread runs when it forks
    try:
        return _main(fd, drawer)
    finally:
        drawer.close()


def inflated(raw: dict, check_md5: bool = True) -> tuple[dict[str, bytes | bytearray], dict[str, bytes]]:
    """verify's inputs with those it left deflated (attachments.Compressed) inflated and checked here, where they are
    used, and the MD5s the PDF declares for those whose MD5 was not checked (`check_md5` False: the build's packer
    hashes every input anyway, `checksum_refusal` compares); raises attachments.Refused for one not as declared."""
    from report.pdf.attachments import Compressed

    out, declared = {}, {}
    for name, data in raw.items():
        if isinstance(data, Compressed):
            out[name] = data.inflated(check_md5)
            if not check_md5 and data.md5 is not None:
                declared[name] = data.md5
        else:
            out[name] = data
    return out, declared


def as_parsed(inputs: dict[str, bytes | bytearray]) -> dict[str, bytes]:
    """verify's inputs as `parse` (report/inputs/joint_test.py) is typed to take them: the same dict."""
    # cast: an attachment verify inflated is a bytearray (attachments._inflated); parse and the readers under it
    # (joint_test, csv_tables, inputs/ingest) are given such bytearrays, and are typed `bytes` only. Typing them
    # `bytes | bytearray` is the true fix (issue 42, left to their owners); until then the bytearrays enter here.
    return cast(dict[str, bytes], inputs)


def checksum_refusal(declared: dict[str, bytes], evidence: dict) -> str | None:
    """What verify refuses where an input's MD5, as the packer computed it, is not the one the PDF declares."""
    if not declared:
        return None
    from report.pdf.attachments import checksum_refused

    wrong = [name for name, md5 in declared.items() if evidence[name].md5 != md5.hex()]
    return checksum_refused(wrong[0]) if wrong else None


def _main(fd: int, drawer: Drawer) -> int:
    from report.inputs.joint_test import parse, read_folder

    try:
        source, prov, language = pickle.load(sys.stdin.buffer)
    except (EOFError, KeyboardInterrupt):  # no job: the command stopped before it had one to give
        return 0
    with os.fdopen(fd, "wb") as pipe:

        def send(kind: str, value: object) -> None:
            pickle.dump((kind, value), pipe, protocol=pickle.HIGHEST_PROTOCOL)
            pipe.flush()

        declared: dict[str, bytes] = {}  # verify's: the MD5s of the inputs it left deflated, checked at the end
        try:
            mark("data", "job received")
            edition = isinstance(source, str)  # a build's folder (and its HTML edition), else verify's inputs
            if edition:
                raw = read_folder(Path(source))
            else:
                from report.pdf.attachments import Refused

                try:
                    inputs, declared = inflated(source, check_md5=False)
                    raw = as_parsed(inputs)
                except Refused as exc:  # an attachment is not what the PDF declares: verify says so
                    send("refused", str(exc))
                    return 0
            del source
            mark("data", "read")
            packer = pack_inputs(raw)
            try:
                test = parse(raw, packer.sha256(raw))
                mark("data", "parsed and checked")
                for part in produce(test, prov, packer, language, html=edition, draw=drawer, warn=edition):
                    if isinstance(part, Final) and (refused := checksum_refusal(declared, part.evidence)):
                        send("refused", refused)
                        return 0
                    send("part", part)
                    if isinstance(part, Layout):  # the rest needs only the packer: a long log's bytes can go
                        raw.clear()  # once its hashing and deflating are done (those threads hold it till then)
                        test.raw.clear()
            finally:
                packer.close()
        except InvalidInput as exc:
            send("invalid", exc.problems)
        except (BrokenPipeError, KeyboardInterrupt):
            return 1  # the PDF side has gone, or the build was interrupted (it says so): nobody is listening
        except Exception as exc:
            send(*_failure(exc))
            return 1
    return 0


if __name__ == "__main__":
    gc.disable()  # before pandas is imported, as `python -m report` does (report/__main__.py says why)
    status = main(sys.argv[1:])
    # Everything is sent: skip tearing down pandas, pyarrow and matplotlib, which the build would wait for.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
