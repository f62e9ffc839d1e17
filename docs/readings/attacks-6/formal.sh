#!/bin/sh
# F01-F08, S01-S06: the [report] table and [systems] short names, on examples/node-local-72b, each built under the caps.
cd "$(dirname "$0")/../../.." || exit 3
try() {  # id, python that edits /tmp/a6/$id/test.toml's text t
    id=$1; rm -rf "/tmp/a6/$id" "/tmp/a6/$id-out"; cp -r examples/node-local-72b "/tmp/a6/$id"
    .venv/bin/python - "/tmp/a6/$id/test.toml" "$2" <<'PY'
import sys, re
path, code = sys.argv[1], sys.argv[2]
t = open(path, encoding="utf-8").read()
exec(code)
open(path, "w", encoding="utf-8").write(t)
PY
    ( ulimit -v 3000000; timeout 300 .venv/bin/python -m report build "/tmp/a6/$id" --out "/tmp/a6/$id-out" \
        >"/tmp/a6/$id.log" 2>&1; echo "$id rc=$?" )
    cut -c1-300 "/tmp/a6/$id.log" | head -8
}
only() { [ -z "$ONLY" ] || [ "$ONLY" = "$1" ]; }
only F01 && try F01 't = t.replace("\"MX-JT-2026-0131\"", "\"" + "N" * 200 + "\"").replace("\"Zhang Wei\"", "\"" + "Zhang Wei " * 20 + "\"")'
only F02 && try F02 't = t.replace("\"Zhang Wei\"", "\"\"").replace("\"MX-JT-2026-0131\"", "\"   \"")'
only F03 && try F03 't = t.replace("\"Zhang Wei\"", "\"</p><script>alert(1)</script><style>body{display:none}</style>\"").replace("\"Li Na\"", "\"&lt;b&gt; &amp; {x} %s\"")'
only F04 && try F04 't = t.replace("\"Zhang Wei\"", "\"محمد عبد الله\"").replace("\"Li Na\"", "\"אבי כהן\"")'
only F05 && try F05 't = t.replace("\"Zhang Wei\"", "\"Zhang\\u202eWei\"")'
only F06 && try F06 't = t.replace("\"Zhang Wei\"", "\"Zhang\\tWei\"")'
only F07 && try F07 't = t.replace("\"MX-JT-2026-0131\"", "\"" + "MX-JT-2026-0131-" * 12 + "\"")'
only F08 && try F08 't = t.replace("revision        = \"1.0\"", "revision = \"1.0\"\nsigned_by = \"X\"")'
only S01 && try S01 't = t.replace("\"Local NVMe\"", "\"FX100\"")'
only S02 && try S02 't = t.replace("\"Local NVMe\"", "\"Mingxin FX100 (2 controllers)\"")'
only S03 && try S03 't = t.replace("\"Local NVMe\"", "\"\"")'
only S04 && try S04 't = t.replace("\"Local NVMe\"", "\"fx100\"")'
only S05 && try S05 't = t.replace("\"Local NVMe\"", "\"1.95×\"").replace("\"FX100\"", "\"G3\"")'
only S06 && try S06 't = t.replace("\"CephFS\" }", "\"CephFS\", \"Unknown box\" = \"UB\" }")'
# after the fix (F01): the longest number allowed and unbroken names of 200 characters, which must wrap on the cover
only F09 && try F09 't = t.replace("\"MX-JT-2026-0131\"", "\"" + "N" * 40 + "\"").replace("\"Zhang Wei\"", "\"" + "Z" * 200 + "\"").replace("\"East China AI Computing Centre\"\nt", "\"" + "C" * 200 + "\"\nt")'
