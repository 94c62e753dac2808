#!/usr/bin/env bash
# Benchmarks/sync-lag.sh [ROUNDS]: SPEC 15's lag, measured: the time from a
# `juice make` ending in a shop to its entry being in the head office's
# PostgreSQL, with `juice-sync push --watch` running. A throwaway cluster
# (Tests/postgres.sh) and a copy of the example chain in a temporary folder;
# each round makes one juice in a store (in turn) and asks the database every
# 20 ms. Prints each lag and the median and maximum. Debug build unless
# SYNC_CONFIGURATION says (postgres-nio's release build is long).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
rounds=${1:-20}
configuration=${SYNC_CONFIGURATION:-debug}
swift build -c "$configuration" --product juice-sync >&2
swift build -c "$configuration" --product juice >&2
bin=$(swift build -c "$configuration" --show-bin-path)

work=$(mktemp -d /tmp/juice-sync-lag.XXXXXX)
pgdir=$(mktemp -d /tmp/juice-sync-lag-pg.XXXXXX)
watch=""
cleanup() {
    if [ -n "$watch" ]; then kill "$watch" 2> /dev/null || true; fi
    "$root/Tests/postgres.sh" remove "$pgdir" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
url=$(Tests/postgres.sh start "$pgdir")
psql -q "$url" -c 'CREATE DATABASE lag'
database="${url%/postgres}/lag"
cp -R recipes state "$work/"
cd "$work"
export JUICE_CEILING_DIRECTORIES="$work"
"$bin/juice-sync" push --to "$database" --stores recipes/stores.yaml --watch > watch.out 2> watch.err &
watch=$!

# The stores that have an inventory, from the manifest's `stores:` keys.
stores=$(sed -n '/^stores:/,$ s/^  \([A-Za-z][A-Za-z0-9_-]*\):.*inventory:.*/\1/p' recipes/stores.yaml)
count() { psql -tA "$database" -c "SELECT count(*) FROM juice_entries" 2> /dev/null || echo -1; }
until [ "$(psql -tA "$database" -c 'SELECT count(*) FROM juice_stores' 2> /dev/null || echo 0)" -ge 1 ]; do
    sleep 0.1
done
echo "sync-lag: $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg), $configuration build, $rounds rounds"
lags=()
round=0
while [ "$round" -lt "$rounds" ]; do
    for store in $stores; do
        [ "$round" -lt "$rounds" ] || break
        before=$(count)
        "$bin/juice" make banana --store "$store" > /dev/null 2>&1 || "$bin/juice" adjust banana=+1 --store "$store" > /dev/null
        made=$(date +%s%N)
        while [ "$(count)" -le "$before" ]; do sleep 0.02; done
        lag=$(( ($(date +%s%N) - made) / 1000000 ))
        lags+=("$lag")
        echo "  $store: $lag ms"
        round=$((round + 1))
    done
done
sorted=$(printf '%s\n' "${lags[@]}" | sort -n)
median=$(echo "$sorted" | sed -n "$(( (${#lags[@]} + 1) / 2 ))p")
maximum=$(echo "$sorted" | tail -1)
echo "sync-lag: median $median ms, maximum $maximum ms (SPEC 15: within 2,000 ms)"
