#!/usr/bin/env bash
# Builds everything with warnings as errors and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh build test
cmake --preset ci
cmake --build --preset ci
ctest --preset ci
