#!/bin/sh
# Regenerate examples/fio-local/raw/: real fio runs on this machine against a disk directory and a tmpfs.
# Usage: tools/fio_local.sh [DISK_DIR] [TMPFS_DIR]   (defaults /var/tmp/fio-local and /dev/shm/fio-local)
# For each place: three checkpoint-like saves (2 jobs x 512 MiB, direct I/O, made durable by end_fsync), two
# sustained writes (2 jobs, 2 s over the same 128 MiB, 250 ms bandwidth windows, one log per job) and three
# model-load-like reads of the saved files. A first, unrecorded write lays the files out, so that every recorded
# save overwrites them. The data files are deleted afterwards; only fio's output stays.
set -eu
OUT=$(cd "$(dirname "$0")/.." && pwd)/examples/fio-local/raw
run_place() {  # $1 = name under raw/, $2 = directory the data goes to
  mkdir -p "$OUT/$1" "$2"
  cd "$OUT/$1"
  common="--directory=$2 --bs=1M --numjobs=2 --direct=1 --ioengine=libaio --iodepth=8"
  fio --name=save $common --size=512M --rw=write --end_fsync=1 --output=/dev/null
  for n in 1 2 3; do
    fio --name=save $common --size=512M --rw=write --end_fsync=1 --output-format=json --output="save-$n.json"
  done
  for n in 1 2; do
    fio --name=sustain $common --size=128M --rw=write --time_based --runtime=2 \
      --write_bw_log="sustain-$n" --log_avg_msec=250 --per_job_logs=1 --output-format=json --output="sustain-$n.json"
  done
  for n in 1 2 3; do
    fio --name=save $common --size=512M --rw=read --output-format=json --output="load-$n.json"
  done
  rm -f "$2"/save.* "$2"/sustain.*
}
run_place disk "${1:-/var/tmp/fio-local}"
run_place shm "${2:-/dev/shm/fio-local}"
