#!/usr/bin/env bash
# Fuzzes juice-server's HTTP API against its own OpenAPI document with
# schemathesis: the real server, on a free loopback port, over a temporary
# copy of the example chain (recipes/ and state/). Fails on any 5xx, any
# answer the document does not describe (status, content type, JSON schema)
# and any bad request the server accepts.
#
#   Fuzz/api.sh          # about a minute (what CI runs)
#   Fuzz/api.sh 600      # ten minutes
#
# schemathesis is installed, pinned, in Fuzz/.venv (git-ignored) when missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:-60}
version=4.32.5

venv="$here/.venv"
if ! "$venv/bin/schemathesis" --version 2> /dev/null | grep -q "$version"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

cd "$root"
swift build --product juice-server
server="$(swift build --show-bin-path)/juice-server"

work=$(mktemp -d "${TMPDIR:-/tmp}/juice-api-fuzz.XXXXXX")
pid=""
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2> /dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
cp -R recipes state "$work/"
# A sales map beside the manifest, so that a fuzzed import books sales too
# (the names are those of Fuzz/import_bodies.py's exports).
cat > "$work/recipes/sales.yaml" << 'MAP'
items:
  Banana Juice: banana
  바나나 주스: banana
  "Strawberry, Banana": strawberryBanana
modifiers:
  Extra Banana: { banana: 1 }
MAP

# Made first: the background job opens it only once it runs.
: > "$work/server.out"
"$server" --stores "$work/recipes/stores.yaml" --port 0 > "$work/server.out" 2> "$work/server.err" &
pid=$!
listening() { sed -n 's|^juice-server: listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/server.out"; }
# Up to a minute; checked once more after it, as a starved machine may be late.
for _ in $(seq 1 600); do
    if [ -n "$(listening)" ] || ! kill -0 "$pid" 2> /dev/null; then break; fi
    sleep 0.1
done
port=$(listening)
if [ -z "$port" ]; then
    echo "api.sh: juice-server did not start" >&2
    cat "$work/server.err" >&2
    exit 1
fi

# The settings (the store to use, the checks, the stream's bound) are in
# Fuzz/schemathesis.toml; the bodies of an import (text/csv) are made by
# Fuzz/import_bodies.py.
JUICE_STORE=gangnam SCHEMATHESIS_HOOKS="$here/import_bodies.py" "$venv/bin/schemathesis" --config-file "$here/schemathesis.toml" run \
    "http://127.0.0.1:$port/openapi.yaml" --max-time "$seconds"
