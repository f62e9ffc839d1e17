#!/bin/sh
# C01-C06: scaling.csv variants on examples/scaling-cluster, each built in full (PDF) under the caps.
cd "$(dirname "$0")/../../.." || exit 3
variant() {  # name, then scaling.csv's rows after the header
    name=$1; shift
    rm -rf "/tmp/a6/$name" "/tmp/a6/$name-out"; cp -r examples/scaling-cluster "/tmp/a6/$name"
    printf 'system,clients,run,write_gbps\n' > "/tmp/a6/$name/scaling.csv"
    for row in "$@"; do printf '%s\n' "$row" >> "/tmp/a6/$name/scaling.csv"; done
    ( ulimit -v 3000000; timeout 300 .venv/bin/python -m report build "/tmp/a6/$name" --out "/tmp/a6/$name-out" \
        >"/tmp/a6/$name.log" 2>&1; echo "$name rc=$?" )
    tail -5 "/tmp/a6/$name.log"
}
S="Mingxin FX100"
case "${1:-all}" in
C01|all) variant C01 "$S,1,1,6.3" "$S,1,2,6.4" "$S,1,3,6.35" ;; esac
case "${1:-all}" in
C02|all) variant C02 "$S,1,1,6.3" "$S,2,1,3.1" "$S,4,1,25" "$S,8,1,2.0" ;; esac
case "${1:-all}" in
C03|all) variant C03 "$S,1,1,1e6" "$S,100,1,1e-300" "$S,1000,1,1e-300" ;; esac
case "${1:-all}" in
C04|all) variant C04 "$S,1,1,6.3" "$S,2,1,12" "$S,2,1,12" "$S,4,1,22" ;; esac
case "${1:-all}" in
C05|all) variant C05 "$S,1,1,6.3" "$S,1000000,1,40" "$S,9007199254740991,1,41" ;; esac
case "${1:-all}" in
C06|all) variant C06 "$S,1,1,6.3" "$S,2,1,12.6" "$S,4,1,25.2" "$S,8,1,50.4" ;; esac
