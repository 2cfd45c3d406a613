#!/usr/bin/env bash
# Long exhaustive checks that do not fit CI. Needs the package installed (pip install ".[test]").
set -euo pipefail
cd "$(dirname "$0")/.."
python scripts/long_checks.py
python scripts/fuzz.py --count 200000 --seed 1  # every public entry point, 0 defects (issue 30)
python scripts/cluster_soak.py
