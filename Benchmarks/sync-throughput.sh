#!/usr/bin/env bash
# Benchmarks/sync-throughput.sh [STORES] [ENTRIES]: SPEC 15's scale, measured:
# `juice-sync push` (release build) shipping STORES stores (default 1000) of
# ENTRIES `make` entries each (default 1000) from empty to a throwaway cluster
# (Tests/postgres.sh), against PostgreSQL's own ceiling in the same cluster and
# run: COPY of the same rows into a table of the same shape (LIKE juice_entries
# INCLUDING ALL: key, index, generated jsonb column). Prints rows/s of each, the
# ratio, wall time and peak memory (/usr/bin/time -v), the bytes per entry in
# PostgreSQL (pg_total_relation_size of juice_entries, indexes and TOAST
# included) and the WAL each writes per entry (pg_current_wal_lsn before and
# after). Then removes everything. The data: Benchmarks/chain-data.py journals.
# CONTENTION=1 adds two syncers at once (see below).
# Note: Tests/postgres.sh runs with fsync=off (a throwaway cluster), so neither
# figure pays for flushing the WAL; `pg_test_fsync` (run last) says what one
# flush costs on this disk.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
stores=${1:-1000}
entries=${2:-1000}
swift build -c release --product juice-sync >&2
swift build -c release --product juice >&2
bin=$(swift build -c release --show-bin-path)

work=$(mktemp -d /tmp/juice-sync-throughput.XXXXXX)
pgdir=$(mktemp -d /tmp/juice-sync-throughput-pg.XXXXXX)
cleanup() {
    "$root/Tests/postgres.sh" remove "$pgdir" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 Benchmarks/chain-data.py journals "$work/chain" "$stores" "$entries"
bytes=$(cat "$work"/chain/state/*.journal | wc -c)
rows=$((stores * entries))

url=$(Tests/postgres.sh start "$pgdir")
psql -q "$url" -c 'CREATE DATABASE throughput'
database="${url%/postgres}/throughput"
sql() { psql -tAq "$database" -c "$1"; }
# Milliseconds since the epoch, and a rate in rows per second.
now() { date +%s%3N; }
rate() { echo $(($1 * 1000 / ($2 > 0 ? $2 : 1))); }
# The bytes of WAL between two LSNs.
wal() { sql "SELECT pg_wal_lsn_diff('$2', '$1')::bigint"; }
# "CPU user + system, peak RSS" of a /usr/bin/time -v report: the push's own CPU (PostgreSQL's is apart).
timing() {
    awk -F': ' '/User time|System time/ { cpu += $2 } /Maximum resident/ { rss = $2 }
        END { printf "juice-sync CPU %.1f s, peak RSS %d MiB", cpu, rss / 1024 }' "$1"
}

echo "sync-throughput: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)," \
    "$stores stores x $entries entries ($rows rows, journals $((bytes / 1048576)) MiB, $((bytes / rows)) bytes a line)," \
    "PostgreSQL $(sql 'SHOW server_version')"

# The push, from empty: it creates the schema, then ships every store.
lsn0=$(sql 'SELECT pg_current_wal_lsn()')
start=$(now)
/usr/bin/time -v "$bin/juice-sync" push --to "$database" --stores "$work/chain/stores.yaml" \
    > "$work/push.out" 2> "$work/push.err" || {
    tail -20 "$work/push.err" >&2
    exit 1
}
push_ms=$(($(now) - start))
lsn1=$(sql 'SELECT pg_current_wal_lsn()')
shipped=$(sql 'SELECT count(*) FROM juice_entries')
[ "$shipped" -eq "$rows" ] || {
    echo "sync-throughput: $shipped rows in juice_entries, expected $rows" >&2
    exit 1
}
sql 'VACUUM ANALYZE juice_entries'
total=$(sql "SELECT pg_total_relation_size('juice_entries')")
heap=$(sql "SELECT pg_relation_size('juice_entries')")
indexes=$(sql "SELECT pg_indexes_size('juice_entries')")
push_wal=$(wal "$lsn0" "$lsn1")
echo "push: $rows rows in $push_ms ms, $(rate "$rows" "$push_ms") rows/s, $(timing "$work/push.err")," \
    "WAL $((push_wal / rows)) bytes a row"
echo "juice_entries: $((total / rows)) bytes a row in all (heap $((heap / rows)), indexes $((indexes / rows))," \
    "TOAST and the rest $(((total - heap - indexes) / rows))); $((total / 1048576)) MiB"
echo "columns, average bytes: $(sql "SELECT string_agg(format('%s %s', name, size), ', ') FROM (VALUES
    ('store', (SELECT avg(pg_column_size(store))::int FROM juice_entries)),
    ('hash', (SELECT avg(pg_column_size(hash))::int FROM juice_entries)),
    ('line', (SELECT avg(pg_column_size(line))::int FROM juice_entries)),
    ('entry (jsonb)', (SELECT avg(pg_column_size(entry))::int FROM juice_entries)),
    ('stock (jsonb)', (SELECT avg(pg_column_size(stock))::int FROM juice_entries))) AS c (name, size)")"

# The ceiling: the same rows, exported, then COPYed into a table of the same shape, twice.
psql -q "$database" -c "\\copy (SELECT store, id, hash, line, time, kind, stock FROM juice_entries) TO '$work/rows.csv' CSV"
sql 'CREATE TABLE copy_entries (LIKE juice_entries INCLUDING ALL)'
for round in 1 2; do
    sql 'TRUNCATE copy_entries; CHECKPOINT'
    lsn0=$(sql 'SELECT pg_current_wal_lsn()')
    start=$(now)
    psql -q "$database" -c "\\copy copy_entries (store, id, hash, line, time, kind, stock) FROM '$work/rows.csv' CSV"
    copy_ms=$(($(now) - start))
    lsn1=$(sql 'SELECT pg_current_wal_lsn()')
    copy_wal=$(wal "$lsn0" "$lsn1")
    echo "COPY (round $round): $rows rows in $copy_ms ms, $(rate "$rows" "$copy_ms") rows/s," \
        "WAL $((copy_wal / rows)) bytes a row; push/COPY time $(awk -v p="$push_ms" -v c="$copy_ms" 'BEGIN { printf "%.1fx", p / c }')"
done

# With CONTENTION=1, two syncers at once, each into a fresh database: on two halves of the stores (do two
# connections ship more than one?), then both on every store (each batch locks its store's row: they take turns).
if [ "${CONTENTION:-0}" = 1 ]; then
    half=$(((stores + 1) / 2))
    { sed -n '1,2p' "$work/chain/stores.yaml"; sed -n "3,$((half + 2))p" "$work/chain/stores.yaml"; } > "$work/chain/first.yaml"
    { sed -n '1,2p' "$work/chain/stores.yaml"; sed -n "$((half + 3)),\$p" "$work/chain/stores.yaml"; } > "$work/chain/second.yaml"
    for shape in halves same; do
        psql -q "$url" -c "CREATE DATABASE $shape"
        target="${url%/postgres}/$shape"
        manifests=("$work/chain/first.yaml" "$work/chain/second.yaml")
        if [ "$shape" = same ]; then manifests=("$work/chain/stores.yaml" "$work/chain/stores.yaml"); fi
        start=$(now)
        "$bin/juice-sync" push --to "$target" --stores "${manifests[0]}" > /dev/null 2> "$work/$shape.1.err" &
        first=$!
        "$bin/juice-sync" push --to "$target" --stores "${manifests[1]}" > /dev/null 2> "$work/$shape.2.err" || {
            tail -5 "$work/$shape.2.err" >&2
            exit 1
        }
        wait "$first" || {
            tail -5 "$work/$shape.1.err" >&2
            exit 1
        }
        both_ms=$(($(now) - start))
        shipped=$(psql -tAq "$target" -c 'SELECT count(*) FROM juice_entries')
        echo "two syncers at once, $shape: $shipped rows in $both_ms ms, $(rate "$shipped" "$both_ms") rows/s"
    done
fi

# What one WAL flush costs here (fsync is off in the cluster above).
fsync_tool=$(command -v pg_test_fsync || true)
for candidate in /usr/lib/postgresql/*/bin/pg_test_fsync; do [ -n "$fsync_tool" ] || fsync_tool=$candidate; done
if [ -x "$fsync_tool" ]; then
    "$fsync_tool" -s 1 -f "$work/fsync.test" 2> /dev/null | sed -n 's/^[[:space:]]*fdatasync[[:space:]]*\(.*\)$/pg_test_fsync: one 8 kB write and fdatasync, \1/p' | head -1
fi
