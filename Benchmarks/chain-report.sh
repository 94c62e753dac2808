#!/usr/bin/env bash
# Benchmarks/chain-report.sh [STORES] [--runs N]: the chain report at scale:
# `juice report --stores FILE` (release build) over STORES stores (default
# 10000) in a folder, wall time (median of N runs, default 3) and peak memory
# (/usr/bin/time), as JSON and as text, against two peers in the same run:
# `juice validate --stores` (the same files read, parsed and checked, nothing
# computed: juice's own floor) and `chain-data.py report` (the same question,
# the same JSON shape, answered by a script with PyYAML's C loader, with no
# validation; its servings are checked equal to juice's; one run, it is slow). The chain:
# Benchmarks/chain-data.py chain (a base menu of FRUITS fruits and RECIPES
# recipes, default 40 and 60; three stores in four with a menu extending it).
#
# Benchmarks/chain-report.sh --url http://HOST:PORT [--pid PID] [--runs N]:
# times `curl URL/api/chain` instead (the head office's server, once it
# serves the chain; the table's CPU and memory are then curl's), and with
# --pid, reads that server's peak memory (VmHWM).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stores=10000
runs=3
url=""
pid=""
while [ $# -gt 0 ]; do
    case "$1" in
    --url) url=$2; shift 2 ;;
    --pid) pid=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) stores=$1; shift ;;
    esac
done

work=$(mktemp -d /tmp/juice-chain-report.XXXXXX)
trap 'rm -rf "$work"' EXIT

# measure TIMES LABEL COMMAND...: runs COMMAND TIMES times, output to $work/out,
# and prints the median wall time, the median CPU time (user + system: steadier
# than the wall on a shared machine) and the largest peak RSS.
measure() {
    local times=$1 label=$2
    shift 2
    local walls=() cpus=() peak=0 run=0 status wall user system rss
    while [ "$run" -lt "$times" ]; do
        status=0
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" > "$work/out" 2> "$work/err" || status=$?
        if [ "$status" -ne 0 ]; then
            echo "chain-report: $label exited $status" >&2
            head -5 "$work/err" >&2
            exit 1
        fi
        read -r wall user system rss < <(tail -1 "$work/time")
        walls+=("$wall")
        cpus+=("$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')")
        if [ "$rss" -gt "$peak" ]; then peak=$rss; fi
        run=$((run + 1))
    done
    printf '| %s | %s s | %s s | %s| %s MiB | %s MB |\n' "$label" "$(median "${walls[@]}")" \
        "$(median "${cpus[@]}")" "$(printf '%s ' "${walls[@]}")" \
        "$((peak / 1024))" "$(($(wc -c < "$work/out") / 1000000))"
}

median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }

header() {
    echo "chain-report: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg), $1"
    echo
    echo "| what | wall (median) | CPU (median) | each run's wall | peak RSS | output |"
    echo "| --- | ---: | ---: | --- | ---: | ---: |"
}

if [ -n "$url" ]; then
    header "GET $url/api/chain, $runs runs"
    measure "$runs" "curl $url/api/chain" curl -fsS "$url/api/chain"
    if [ -n "$pid" ]; then
        echo "server $pid: $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$pid/status") peak resident"
    fi
    exit 0
fi

swift build -c release --product juice >&2
bin=$(swift build -c release --show-bin-path)
python3 Benchmarks/chain-data.py chain "$work/chain" "$stores" --fruits "${FRUITS:-40}" --recipes "${RECIPES:-60}"
manifest="$work/chain/stores.yaml"
files=$(find "$work/chain" -type f | wc -l)
megabytes=$(($(du -sk "$work/chain" | cut -f 1) / 1024))
header "$stores stores ($files files, $megabytes MiB on disk; base ${FRUITS:-40} fruits, ${RECIPES:-60} recipes), $runs runs each"
measure "$runs" "juice validate --stores (juice's floor)" "$bin/juice" validate --stores "$manifest"
measure "$runs" "juice report --stores --format json" "$bin/juice" report --stores "$manifest" --format json
cp "$work/out" "$work/juice.json"
measure "$runs" "juice report --stores --format text" "$bin/juice" report --stores "$manifest" --format text
measure 1 "peer: chain-data.py report (PyYAML C loader, json)" python3 Benchmarks/chain-data.py report "$manifest"

# The peer answers the same question: every store's servings of every recipe equal juice's.
python3 - "$work/juice.json" "$work/out" << 'EOF'
import json, sys
def servings(path):
    return {(s["store"], r["id"]): r["servings"] for s in json.load(open(path))["stores"] for r in s["recipes"]}
juice, peer = servings(sys.argv[1]), servings(sys.argv[2])
differing = [key for key in juice.keys() | peer.keys() if juice.get(key) != peer.get(key)]
print("servings: %d store-recipe pairs, %d differ between juice and the peer" % (len(juice), len(differing)))
sys.exit(1 if differing else 0)
EOF
