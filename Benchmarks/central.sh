#!/usr/bin/env bash
# Benchmarks/central.sh [STORES]: the head office's server at scale:
# `juice-server --central URL --stores FILE --copy DIR` (release builds) over a
# chain of STORES stores (default 10000), each with a journal of ENTRIES `make`
# entries (default 20; Benchmarks/chain-data.py journals), all shipped by one
# `juice-sync push` (timed) to a throwaway cluster (Tests/postgres.sh). Measures:
# - the server's start: from its launch to its "listening on" line (the first
#   pull of every store into an empty folder);
# - `curl URL/api/chain`: wall time of RUNS runs (default 3; median) and size;
# - the server's peak RSS (VmHWM) after those;
# - an idle head office, nothing changing, over IDLE seconds (default 120:
#   two of its 60 s safety polls, JUICE_CENTRAL_POLL): the server's CPU
#   (utime + stime of /proc/PID/stat) and PostgreSQL's (every process of the
#   cluster), the whole pulls done (seq_scan of juice_stores: each whole pull
#   reads it once; a pull of the stores a push named reads them by key), so
#   the CPU of one;
# - CHANGED stores (default 100) changed: ENTRIES_NEW (default 5) entries
#   appended to each journal, pushed (a manifest of those stores), and the time
#   from the push's start until the server shows them (the last changed store's
#   report polled every 0.1 s, then `/api/chain` checked for every changed
#   store's inventory, as `juice report` computes it from the shop's files);
# - peers on the same copy: `juice report --stores COPY/stores.yaml --format
#   json` (the CLI over the server's files) and `juice-sync pull` into a fresh
#   folder (the copy's cost without a server), then again into that folder
#   once up to date (what a pull of nothing costs in a new process).
# Then removes everything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stores=${1:-10000}
entries=${ENTRIES:-20}
changed=${CHANGED:-100}
entries_new=${ENTRIES_NEW:-5}
runs=${RUNS:-3}
idle=${IDLE:-120}
for product in juice-server juice-sync juice; do swift build -c release --product "$product" >&2; done
bin=$(swift build -c release --show-bin-path)

work=$(mktemp -d /tmp/juice-central.XXXXXX)
pgdir=$(mktemp -d /tmp/juice-central-pg.XXXXXX)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2> /dev/null || true; fi
    "$root/Tests/postgres.sh" remove "$pgdir" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s%3N; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.2f", ms / 1000 }'; }
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
# The CPU seconds (user + system) the processes PIDS... have used so far.
cpu() {
    local ticks
    ticks=$(getconf CLK_TCK)
    for pid in "$@"; do cat "/proc/$pid/stat" 2> /dev/null || true; done |
        sed 's/^.*) //' | awk -v t="$ticks" '{ cpu += $12 + $13 } END { printf "%.2f", cpu / t }'
}
# The cluster's processes (the postmaster and its children).
postgres_pids() {
    local postmaster
    postmaster=$(head -1 "$pgdir/data/postmaster.pid")
    echo "$postmaster"
    pgrep -P "$postmaster" || true
}
# "wall CPU peak-RSS" of a /usr/bin/time -f '%e %U %S %M' report.
timing() { awk '{ printf "%.2f s wall, %.2f s CPU, %d MiB peak RSS", $1, $2 + $3, $4 / 1024 }' "$1"; }

python3 Benchmarks/chain-data.py journals "$work/chain" "$stores" "$entries"
manifest="$work/chain/stores.yaml"
url=$(Tests/postgres.sh start "$pgdir")
psql -q "$url" -c 'CREATE DATABASE central'
database="${url%/postgres}/central"
sql() { psql -tAq "$database" -c "$1"; }

echo "central: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)," \
    "$stores stores x $entries entries, PostgreSQL $(psql -tAq "$url" -c 'SHOW server_version')"

# The push of every store, from empty.
start=$(now)
/usr/bin/time -f '%e %U %S %M' -o "$work/push.time" "$bin/juice-sync" push --to "$database" --stores "$manifest" \
    > /dev/null 2> "$work/push.err" || {
    tail -20 "$work/push.err" >&2
    exit 1
}
push_ms=$(($(now) - start))
rows=$(sql 'SELECT count(*) FROM juice_entries')
echo "push: $stores stores, $rows entries in $(seconds "$push_ms") s ($((rows * 1000 / push_ms)) entries/s); $(timing "$work/push.time")"

# The server: launched, then its first pull before it listens.
start=$(now)
"$bin/juice-server" --central "$database" --stores "$manifest" --copy "$work/copy" --port 0 \
    > "$work/server.out" 2> "$work/server.err" &
server=$!
until grep -q 'listening on' "$work/server.out" 2> /dev/null; do
    kill -0 "$server" 2> /dev/null || {
        cat "$work/server.err" >&2
        exit 1
    }
    sleep 0.05
done
listen_ms=$(($(now) - start))
address=$(sed -n 's/^juice-server: listening on \(http[^ ]*\).*$/\1/p' "$work/server.out" | head -1)
address=${address%/}
echo "server: listening after $(seconds "$listen_ms") s (the first pull of $stores stores), CPU so far $(cpu "$server") s," \
    "VmHWM $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$server/status")"

# GET /api/chain, RUNS times.
walls=()
for _ in $(seq "$runs"); do
    start=$(now)
    curl -fsS "$address/api/chain" -o "$work/chain.json"
    walls+=("$(seconds $(($(now) - start)))")
done
count=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["stores"]))' "$work/chain.json")
echo "GET /api/chain: median $(median "${walls[@]}") s (each: ${walls[*]}), $(($(wc -c < "$work/chain.json") / 1000000)) MB," \
    "$count stores; server VmHWM $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$server/status")," \
    "VmRSS $(sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$server/status"), CPU so far $(cpu "$server") s"

# Idle: nothing changes; the server listens, and pulls whole every 60 s.
mapfile -t pg < <(postgres_pids)
scans0=$(sql "SELECT seq_scan FROM pg_stat_user_tables WHERE relname = 'juice_stores'")
server0=$(cpu "$server")
pg0=$(cpu "${pg[@]}")
start=$(now)
sleep "$idle"
server1=$(cpu "$server")
mapfile -t pg < <(postgres_pids)
pg1=$(cpu "${pg[@]}")
idle_ms=$(($(now) - start))
sleep 1
scans1=$(sql "SELECT seq_scan FROM pg_stat_user_tables WHERE relname = 'juice_stores'")
awk -v s0="$server0" -v s1="$server1" -v p0="$pg0" -v p1="$pg1" -v ms="$idle_ms" -v n="$((scans1 - scans0))" 'BEGIN {
    t = ms / 1000
    printf "idle %.1f s: juice-server %.2f s CPU (%.1f%% of a core), PostgreSQL %.2f s CPU (%.1f%% of a core, its idle", t, s1 - s0, (s1 - s0) * 100 / t, p1 - p0, (p1 - p0) * 100 / t
    printf " background included); %d whole pulls (juice_stores seq scans)", n
    if (n > 0) printf ", at most %.2f s of the server'\''s CPU each", (s1 - s0) / n
    printf "\n"
}'
# Where an idle pull's time goes, by the calls it makes (strace, when installed and allowed): IDLE_TRACE s.
if command -v strace > /dev/null; then
    timeout "${IDLE_TRACE:-5}" strace -f -qq -e trace=openat,connect -o "$work/strace" -p "$server" 2> /dev/null || true
fi
if [ -s "$work/strace" ]; then
    connects=$(grep -c 'connect(' "$work/strace" || true)
    echo "strace over ${IDLE_TRACE:-5} s idle ($connects connect calls: a pull each), files opened, most first:" \
        "$(grep -o 'openat([^"]*"[^"]*"' "$work/strace" | sed 's/^.*"\(.*\)"$/\1/' | sed "s|$work/||" |
            sed 's|/store[0-9]*\.|/storeN.|' | sort | uniq -c | sort -rn | head -6 |
            awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')"
fi
echo "server after idling: VmHWM $(sed -n 's/^VmHWM:[[:space:]]*//p' "/proc/$server/status"), VmRSS $(sed -n 's/^VmRSS:[[:space:]]*//p' "/proc/$server/status")"

# CHANGED stores change: new lines appended, pushed; how long until the server shows them.
python3 Benchmarks/chain-data.py append "$work/chain" $((stores / changed)) "$entries_new"
"$bin/juice" report --stores "$work/chain/changed.yaml" --format json > "$work/expected.json"
last=$(sed -n 's/^  \([^:]*\):.*$/\1/p' "$work/chain/changed.yaml" | tail -1)
# shows FILE: whether the JSON in FILE (a chain, or one store's report) has the changed stores' inventories.
shows() {
    python3 - "$work/expected.json" "$1" "$last" << 'EOF'
import json, sys
expected = {s["store"]: s["inventory"] for s in json.load(open(sys.argv[1]))["stores"]}
got = json.load(open(sys.argv[2]))
if "stores" in got:
    shown = {s["store"]: s["inventory"] for s in got["stores"] if s["store"] in expected}
    sys.exit(0 if shown == expected else 1)
sys.exit(0 if got.get("inventory") == expected[sys.argv[3]] else 1)
EOF
}
start=$(now)
"$bin/juice-sync" push --to "$database" --stores "$work/chain/changed.yaml" > /dev/null 2> "$work/change.err" || {
    tail -5 "$work/change.err" >&2
    exit 1
}
pushed_ms=$(($(now) - start))
# wait_until MS COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails after MS ms since $start.
wait_until() {
    local limit=$1
    shift
    until "$@"; do
        if [ $(($(now) - start)) -gt "$limit" ]; then
            echo "central: the server did not show the changes in $(seconds "$limit") s" >&2
            exit 1
        fi
        sleep 0.1
    done
}
store_shows() { curl -fsS "$address/api/stores/$last/report" -o "$work/last.json" && shows "$work/last.json"; }
chain_shows() { curl -fsS "$address/api/chain" -o "$work/chain.json" && shows "$work/chain.json"; }
wait_until 300000 store_shows
store_ms=$(($(now) - start))
wait_until 600000 chain_shows
chain_ms=$(($(now) - start))
echo "$changed stores changed ($entries_new entries each): push $(seconds "$pushed_ms") s; the last one's report shows them" \
    "$(seconds "$store_ms") s after the push started; /api/chain shows all of them $(seconds "$chain_ms") s after"

kill "$server"
wait "$server" 2> /dev/null || true
server=""

# Peers on the same copy (now pulled up to date by the server).
walls=()
for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %U %S %M' -o "$work/report.time" "$bin/juice" report --stores "$work/copy/stores.yaml" \
        --format json > "$work/report.json"
    walls+=("$(cut -d ' ' -f 1 "$work/report.time")")
done
echo "peer: juice report --stores COPY/stores.yaml --format json: median $(median "${walls[@]}") s (each: ${walls[*]});" \
    "last run $(timing "$work/report.time"), $(($(wc -c < "$work/report.json") / 1000000)) MB"
/usr/bin/time -f '%e %U %S %M' -o "$work/pull.time" "$bin/juice-sync" pull "$work/fresh" --from "$database" \
    --stores "$manifest" > /dev/null
echo "peer: juice-sync pull into a fresh folder: $(timing "$work/pull.time")"
/usr/bin/time -f '%e %U %S %M' -o "$work/pull.time" "$bin/juice-sync" pull "$work/fresh" --from "$database" \
    --stores "$manifest" > /dev/null
echo "peer: juice-sync pull again, up to date (a new process reads every store's copy): $(timing "$work/pull.time")"
echo "copy: $(find "$work/copy" -type f | wc -l) files, $(($(du -sk "$work/copy" | cut -f 1) / 1024)) MiB"
