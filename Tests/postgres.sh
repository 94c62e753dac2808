#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (and for trying juice-sync by hand).
#
#   Tests/postgres.sh start [DIR]   initdb in DIR (default: a new temporary folder), start it on
#                                   127.0.0.1 and a free port (the port DIR/port holds, when DIR was
#                                   started before), and print its URL: postgres://USER@127.0.0.1:PORT/postgres
#   Tests/postgres.sh stop DIR      stop it (fast shutdown); DIR stays, and `start DIR` starts it again
#   Tests/postgres.sh remove DIR    stop it and delete DIR
#
# initdb and postgres refuse to run as root: as root, the cluster runs as the user `juiceci`
# (created when missing, no login, no home). PostgreSQL's binaries: `pg_config --bindir`, else
# /usr/lib/postgresql/*/bin (Debian's package). Trust authentication on 127.0.0.1 only.
set -euo pipefail

bindir=""
if command -v pg_config > /dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
    bindir=$(pg_config --bindir)
else
    bindir=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)
fi
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "postgres.sh: no PostgreSQL server found (install Debian's postgresql)" >&2
    exit 69
fi

as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u juiceci -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

command=${1:-}
dir=${2:-}
case "$command" in
start)
    # The server outlives this script: it must not keep the caller's other descriptors open (Foundation's
    # Process, in a test, learns that a child ended when a socket it handed it closes).
    for fd in $(ls /proc/$$/fd 2> /dev/null); do
        if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then eval "exec $fd>&-" 2> /dev/null || true; fi
    done
    if [ -z "$dir" ]; then dir=$(mktemp -d /tmp/juice-postgres.XXXXXX); fi
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then
        id juiceci > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin juiceci
        chown juiceci "$dir"
    fi
    user=$(as_owner id -un)
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$bindir/initdb" --pgdata="$dir/data" --username="$user" --auth=trust --no-sync \
            --encoding=UTF8 --locale=C > "$dir/initdb.log" 2>&1 || {
            cat "$dir/initdb.log" >&2
            exit 1
        }
    fi
    [ -f "$dir/port" ] || free_port > "$dir/port"
    port=$(cat "$dir/port")
    # Sockets only on TCP (no /var/run/postgresql needed); fsync off: a test's data need not outlive a crash
    # of the machine (a crash of postgres itself is still safe).
    as_owner "$bindir/pg_ctl" start --pgdata="$dir/data" --wait --timeout=60 --log="$dir/postgres.log" \
        --options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='' -c fsync=off \
            -c max_connections=200" > /dev/null || {
        cat "$dir/postgres.log" >&2
        exit 1
    }
    echo "postgres://$user@127.0.0.1:$port/postgres"
    ;;
stop | remove)
    [ -n "$dir" ] || {
        echo "usage: postgres.sh $command DIR" >&2
        exit 64
    }
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_owner "$bindir/pg_ctl" stop --pgdata="$dir/data" --mode=fast --wait > /dev/null
    fi
    if [ "$command" = remove ]; then rm -rf "$dir"; fi
    ;;
*)
    echo "usage: postgres.sh start [DIR] | stop DIR | remove DIR" >&2
    exit 64
    ;;
esac
