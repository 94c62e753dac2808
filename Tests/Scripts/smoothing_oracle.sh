#!/usr/bin/env bash
# Runs smoothing_oracle.py (statsmodels' SimpleExpSmoothing) on stdin.
# statsmodels is installed, pinned, in .build/forecast-oracle-venv
# (git-ignored) when missing.
#
#   Tests/Scripts/smoothing_oracle.sh < series.json
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
version=0.15.0
venv="$root/.build/forecast-oracle-venv"
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('statsmodels') != '$version')" 2> /dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "statsmodels==$version"
fi
exec "$venv/bin/python" "$here/smoothing_oracle.py"
