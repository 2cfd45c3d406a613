#!/usr/bin/env bash
# Long exhaustive checks that do not fit CI. Needs the package installed (pip install ".[test]").
# FUZZ_SECONDS sets how long each fuzz campaign runs (default 300 per target group).
set -euo pipefail
cd "$(dirname "$0")/.."
python scripts/long_checks.py
python scripts/fuzz.py --count 200000 --seed 1  # every public entry point, 0 defects (issue 30)
python scripts/cluster_soak.py
python scripts/soak_totals.py 10000000
# The engine's fuzz targets (the notation parser, the scorers, Deal::step): seeded random inputs on stable Rust,
# then libFuzzer where cargo-fuzz and nightly Rust are installed. 0 panics.
# The dev profile: the engine optimised (Cargo.toml) with overflow checks and debug assertions on.
cargo run -p mjcore-engine --example fuzz_drive -- "${FUZZ_SECONDS:-300}" 1
if command -v cargo-fuzz >/dev/null && rustup toolchain list | grep -q nightly; then
    for target in notation scorers deal_step; do
        cargo +nightly fuzz run "$target" --fuzz-dir fuzz -- -max_total_time="${FUZZ_SECONDS:-300}"
    done
fi
