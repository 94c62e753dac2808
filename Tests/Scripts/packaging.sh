#!/usr/bin/env bash
# What a shop installs, checked as a shop would meet it (CI runs this as root):
#   1. Packaging/build.sh: the release build with Swift's standard library linked in;
#      no binary needs a library of the toolchain (ldd);
#   2. the three binaries and the counter's page run with the toolchain's folder hidden
#      (an empty tmpfs over it, in a mount namespace of their own);
#   3. Packaging/install.sh into a temporary prefix: every file there, the units pass
#      `systemd-analyze verify`, and --uninstall removes them all;
#   4. Packaging/deb.sh: the package installs with dpkg -i, `juice report` and the counter
#      run from /usr/bin, and dpkg --purge removes it.
#
#   Tests/Scripts/packaging.sh [BUILD]     # BUILD: the build folder, default .build
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$0")/../.."

fail() {
    echo "packaging: $*" >&2
    exit 1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Fetches a counter's page, app.js and a report from the port given, for a minute at most.
fetch='
import sys, time, urllib.request
port = sys.argv[1]
deadline = time.monotonic() + 60
while True:
    try:
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read().decode()
        script = urllib.request.urlopen(f"http://127.0.0.1:{port}/app.js", timeout=5).read().decode()
        report = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stores/main/report", timeout=5).read().decode()
        break
    except OSError:
        if time.monotonic() > deadline:
            raise
        time.sleep(0.2)
assert "<html" in page.lower(), page[:200]
assert len(script) > 1000, script[:200]
assert "\"inventory\"" in report, report[:200]
'

# Runs the counter BINARY in the shop folder SHOP on a free port, fetches its page, app.js
# and a report, and stops it with SIGTERM: it must exit 0.
check_counter() {
    local binary=$1 shop=$2
    local port
    port=$(free_port)
    (cd "$shop" && exec "$binary" --port "$port") > "$shop/../server.out" 2> "$shop/../server.err" &
    server_pid=$!
    if ! python3 -c "$fetch" "$port"; then
        kill "$server_pid" 2> /dev/null || true
        cat "$shop/../server.err" >&2
        fail "the counter at $binary did not serve its page"
    fi
    kill -TERM "$server_pid"
    local status=0
    wait "$server_pid" || status=$?
    server_pid=""
    [ "$status" = 0 ] || fail "the counter at $binary exited $status on SIGTERM"
}

# Inside the namespace below: the counter check alone.
if [ "${1:-}" = counter ]; then
    check_counter "$2" "$3"
    exit 0
fi

scratch=${1:-.build}
Packaging/build.sh "$scratch" > /dev/null
release=$(cd "$scratch/release" && pwd)
tools=(juice juice-server juice-sync)
for tool in "${tools[@]}"; do
    if ldd "$release/$tool" | grep -q swift; then
        ldd "$release/$tool" >&2
        fail "$tool needs a library of the toolchain"
    fi
done

work=$(mktemp -d /tmp/juice-packaging.XXXXXX)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# A shop's folder: the repository's menu and state.
shop="$work/shop"
mkdir -p "$shop"
cp -R recipes state "$shop/"

# 2. Without the toolchain: an empty tmpfs over its folder, in a namespace of our own.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
[ -d "$toolchain/usr/lib/swift" ] || fail "cannot find the toolchain's folder (from $(command -v swift))"
hidden=$(
    unshare --mount bash -c '
        set -e
        mount -t tmpfs none "$1"
        cd "$2"
        ls "$1" | wc -l
        "$3/juice" report > /dev/null
        "$3/juice-sync" --help > /dev/null
        "$3/juice-server" --help > /dev/null
        echo ran' _ "$toolchain" "$shop" "$release"
) || fail "the binaries do not run with $toolchain hidden"
[ "$hidden" = "$(printf '0\nran')" ] || fail "with $toolchain hidden: $hidden"
# The counter and its page, the toolchain hidden, the binary alone in a folder.
mkdir -p "$work/alone"
cp "$release/juice-server" "$work/alone/"
# The build folder is hidden too: a binary that still read its resources from
# where it was built would find them there.
unshare --mount bash -c 'mount -t tmpfs none "$1" && mount -t tmpfs none "$2" && shift 2 && exec "$@"' _ \
    "$toolchain" "$(cd "$scratch" && pwd)" "$self" counter "$work/alone/juice-server" "$shop" ||
    fail "the counter does not serve with $toolchain and $scratch hidden"

# 3. install.sh into a prefix, the units verified, then uninstalled.
prefix="$work/prefix"
Packaging/install.sh --prefix "$prefix" --build "$scratch" > /dev/null
for file in bin/juice bin/juice-server bin/juice-sync share/man/man1/juice.1 share/man/man1/juice-server.1 \
    share/man/man1/juice-sync.1 share/bash-completion/completions/juice share/zsh/site-functions/_juice \
    share/fish/vendor_completions.d/juice.fish lib/systemd/system/juice-server@.service \
    lib/systemd/system/juice-sync@.service; do
    [ -s "$prefix/$file" ] || fail "install.sh wrote no $file"
done
grep -q "^ExecStart=$prefix/bin/juice-server " "$prefix/lib/systemd/system/juice-server@.service" ||
    fail "juice-server@.service does not start $prefix/bin/juice-server"
(cd "$shop" && "$prefix/bin/juice" report > /dev/null) || fail "the installed juice does not run"
MANPATH="$prefix/share/man" systemd-analyze verify \
    "$prefix/lib/systemd/system/juice-server@.service" "$prefix/lib/systemd/system/juice-sync@.service" ||
    fail "the units do not verify"
Packaging/install.sh --prefix "$prefix" --uninstall > /dev/null
left=$(find "$prefix" -type f)
[ -z "$left" ] || fail "--uninstall left $left"

# 4. The Debian package, installed and removed (CI's machine is thrown away after).
deb=$(Packaging/deb.sh "$scratch")
case "$deb" in "$scratch"/juice-maker_*_*.deb) ;; *) fail "deb.sh printed '$deb'" ;; esac
dpkg-deb --field "$deb" Depends | grep -q libyaml-0-2 || fail "the package does not depend on libyaml-0-2"
dpkg-deb --field "$deb" Recommends | grep -q coinor-libcbc3 || fail "the package does not recommend coinor-libcbc3"
# Installed (not merely removed with its record kept): not ours to touch.
if dpkg-query -W -f='${Status}' juice-maker 2> /dev/null | grep -q "ok installed"; then
    fail "juice-maker is installed already: not touching it"
fi
dpkg -i "$deb" > /dev/null
(cd "$shop" && /usr/bin/juice report > /dev/null) || fail "juice from the package does not run"
getent passwd juice-maker > /dev/null || fail "the package made no user juice-maker"
MANPATH=/usr/share/man systemd-analyze verify /usr/lib/systemd/system/juice-server@.service ||
    fail "the package's unit does not verify"
check_counter /usr/bin/juice-server "$shop"
# Purged, so that the machine is as before (removed alone, dpkg keeps the
# package's record, "config-files", for its maintainer scripts).
dpkg --purge juice-maker > /dev/null
[ ! -e /usr/bin/juice ] || fail "dpkg --purge left /usr/bin/juice"
echo "packaging: the release binaries run without the toolchain; install.sh, its units and the package work"
