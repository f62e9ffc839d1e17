"""The data side of a build in a process of its own: `python -m report.worker DATA_DIR FD [LANGUAGE]` (report/build.py).

It loads, computes and draws, and sends each part down the pipe `FD` as soon as it is ready.
"""

from __future__ import annotations

import os
import pickle
import sys
import traceback
from pathlib import Path

from report import provenance
from report.build import Layout, pack_inputs, produce
from report.joint_test import parse, read_folder
from report.problems import InvalidInput
from report.trace import mark


def main(argv: list[str]) -> int:
    """Run the data side for DATA_DIR, writing (kind, value) pairs to the file descriptor FD.

    DATA_DIR "-": the inputs and the provenance come pickled on standard input (verify's rebuild: report/build.py
    `rebuild`), and the HTML edition is not made.
    """
    source, fd = argv[0], int(argv[1])
    language = argv[2] if len(argv) > 2 and argv[2] else None
    with os.fdopen(fd, "wb") as pipe:

        def send(kind: str, value: object) -> None:
            pickle.dump((kind, value), pipe, protocol=pickle.HIGHEST_PROTOCOL)
            pipe.flush()

        try:
            mark("data", "started, pandas imported")
            if source == "-":
                raw, prov = pickle.load(sys.stdin.buffer)
            else:
                # Before the inputs are read: collecting runs git, and a fork of a process holding a long log would
                # briefly count its memory twice.
                prov = provenance.collect()
                raw = read_folder(Path(source))
            mark("data", "read")
            packer = pack_inputs(raw)
            try:
                test = parse(raw, packer.sha256(raw))
                mark("data", "parsed and checked")
                for part in produce(test, prov, packer, language, html=source != "-"):
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
        except Exception:
            send("failed", traceback.format_exc())
            return 1
    return 0


if __name__ == "__main__":
    status = main(sys.argv[1:])
    # Everything is sent: skip tearing down pandas, pyarrow and matplotlib, which the build would wait for.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
