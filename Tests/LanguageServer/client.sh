#!/usr/bin/env bash
# Runs client.py, a real LSP client (pygls), against the `juice` binary
# given. pygls is installed, pinned, in .build/lsp-client-venv (git-ignored)
# when missing.
#
#   Tests/LanguageServer/client.sh .build/debug/juice
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
version=2.1.1
venv="$root/.build/lsp-client-venv"
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('pygls') != '$version')" 2> /dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pygls==$version"
fi
exec "$venv/bin/python" "$here/client.py" "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
