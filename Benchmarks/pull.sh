#!/usr/bin/env bash
# Benchmarks/pull.sh [ENTRIES]: `juice-sync pull` (release build) of one store of ENTRIES `make` entries
# (default 1,000,000; Benchmarks/chain-data.py's journal) from a throwaway cluster (Tests/postgres.sh),
# pushed first with `juice-sync push`. Measures (/usr/bin/time -v: wall time, CPU, peak RSS):
#   1. the first pull into an empty folder: the journal fetched a page of entries at a time and
#      written as it comes;
#   2. a pull that moves nothing (the copy's state file trusted: a stat per store);
#   3. the same without the state file (the copy's journal read back, streaming, its history hashed).
# Checks that the copy's journal is the shop's, byte for byte. Then removes everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
entries=${1:-1000000}
swift build -c release --product juice-sync >&2
bin=$(swift build -c release --show-bin-path)

work=$(mktemp -d /tmp/juice-pull-bench.XXXXXX)
pgdir=$(mktemp -d /tmp/juice-pull-bench-pg.XXXXXX)
cleanup() {
    "$root/Tests/postgres.sh" remove "$pgdir" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 Benchmarks/chain-data.py journals "$work/chain" 1 "$entries"
journal=$(ls "$work"/chain/state/*.journal)
url=$(Tests/postgres.sh start "$pgdir")
psql -q "$url" -c 'CREATE DATABASE pull'
database="${url%/postgres}/pull"
"$bin/juice-sync" push --to "$database" --stores "$work/chain/stores.yaml" > /dev/null

echo "pull: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)," \
    "1 store x $entries entries (journal $(($(wc -c < "$journal") / 1048576)) MiB)"
# One pull, measured: "LABEL: wall, CPU, peak RSS; its stdout".
measure() {
    /usr/bin/time -v "$bin/juice-sync" pull "$work/copy" --from "$database" --stores "$work/chain/stores.yaml" \
        > "$work/pull.out" 2> "$work/pull.err" || {
        tail -5 "$work/pull.err" >&2
        exit 1
    }
    awk -F': ' -v label="$1" -v said="$(cat "$work/pull.out")" '
        /Elapsed \(wall clock\)/ { split($2, t, ":"); wall = t[1] * 60 + t[2] }
        /User time|System time/ { cpu += $2 }
        /Maximum resident/ { rss = $2 }
        END { printf "%s: %.2f s wall, %.2f s CPU, peak RSS %.1f MiB (%s)\n", label, wall, cpu, rss / 1024, said }' \
        "$work/pull.err"
}
measure "first pull, empty folder"
cmp "$work/copy/stores/$(basename "$journal")" "$journal"
measure "pull again, nothing moved (state file)"
rm "$work/copy/.juice-sync-pull.json"
measure "pull again, nothing moved, no state file (the copy read back)"
