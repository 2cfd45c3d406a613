#!/usr/bin/env bash
# Long exhaustive checks that do not fit CI. Needs the package installed (pip install ".[test]").
set -euo pipefail
cd "$(dirname "$0")/.."
python scripts/long_checks.py
python scripts/cluster_soak.py
