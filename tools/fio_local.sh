#!/bin/sh
# Regenerate examples/fio-local/: `python -m report measure` run on this machine against a disk folder and a tmpfs,
# exactly as a field engineer runs it at a customer's site (README, "At the customer's site").
# Usage: tools/fio_local.sh [DISK_DIR] [TMPFS_DIR]   (defaults /var/tmp and /dev/shm)
# Each place: three saves of 2 x 512 MiB, three restores and three loads of the same files, three 4 s sustained
# writes in 250 ms windows. The tmpfs is measured with --allow-not-durable, so test.toml names it in not_durable. test.toml is started from its hand-written head (tools/fio_local.head.toml); measure adds the rest.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/examples/fio-local
rm -rf "$OUT"
mkdir -p "$OUT"
cp "$ROOT/tools/fio_local.head.toml" "$OUT/test.toml"
cd "$ROOT"
common="--writers 2 --runs 3 --snapshot-gb 1.073741824 --gpus 2 --load-gb 1.073741824 --sustain-s 4 --window-ms 250"
for place in "Local disk (ext4 on virtio)|${1:-/var/tmp}|" "tmpfs (/dev/shm)|${2:-/dev/shm}|--allow-not-durable"; do
  system=${place%%|*}
  rest=${place#*|}
  path=${rest%%|*}
  allow=${rest#*|}
  # shellcheck disable=SC2086
  .venv/bin/python -m report measure examples/fio-local --system "$system" --path "$path" $common $allow \
    --load-model "2 × 512 MiB read (fio)" --platform "2-core VM"
done
